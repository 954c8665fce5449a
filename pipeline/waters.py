"""Protected waters: the sea within 4 days of a nation's forts is its protected water; where
two overlap, the nearer fort decides (ties go to the lower port id). Days are steps along the
day graph, not straight lines. Forts also put the water a step out under their guns."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.sparse import coo_matrix, csr_matrix
from scipy.sparse.csgraph import dijkstra

PROTECTED_DAYS = 4
GUN_RANGE_STEPS = 1


def step_graph(node_count: int, a: np.ndarray, b: np.ndarray) -> csr_matrix:
    ones = np.ones(len(a))
    return coo_matrix((ones, (a, b)), shape=(node_count, node_count)).tocsr()


@dataclass(frozen=True)
class Waters:
    node: np.ndarray
    fort: np.ndarray  # index into the forts given
    days: np.ndarray


def protected_waters(
    graph: csr_matrix, fort_nodes: np.ndarray, days: int = PROTECTED_DAYS
) -> Waters:
    """For each node within `days` steps of a fort: the nearest fort and how many days off."""
    if len(fort_nodes) == 0:
        empty = np.empty(0, np.int64)
        return Waters(empty, empty, empty)
    dist = dijkstra(graph, directed=False, indices=fort_nodes, unweighted=True, limit=days + 0.5)
    dist = np.atleast_2d(dist)
    nearest = np.argmin(dist, axis=0)  # the first (lowest) fort wins a tie
    best = dist[nearest, np.arange(dist.shape[1])]
    covered = np.flatnonzero(np.isfinite(best))
    return Waters(covered, nearest[covered], best[covered].astype(np.int64))


def under_the_guns(graph: csr_matrix, fort_nodes: np.ndarray) -> list[tuple[int, int]]:
    """(node, fort index) for each node within a step of a fort's node."""
    pairs: list[tuple[int, int]] = []
    for i, node in enumerate(fort_nodes):
        reach = dijkstra(
            graph, directed=False, indices=int(node), unweighted=True, limit=GUN_RANGE_STEPS + 0.5
        )
        pairs.extend((int(n), i) for n in np.flatnonzero(np.isfinite(reach)))
    return pairs
