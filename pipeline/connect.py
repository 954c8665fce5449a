"""Stage 4, one sea: water cut off from the ocean (the Caspian, the Great Lakes, a lagoon the
triangulation could not leave) is dropped, keeping the largest connected part of the graph."""

from __future__ import annotations

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components


def largest_component(node_count: int, edges: np.ndarray) -> np.ndarray:
    """A mask of the nodes in the largest connected component (ties: the lowest node id)."""
    if node_count == 0:
        return np.zeros(0, dtype=bool)
    graph = coo_matrix(
        (np.ones(len(edges)), (edges[:, 0], edges[:, 1])), shape=(node_count, node_count)
    )
    _, label = connected_components(graph, directed=False)
    sizes = np.bincount(label)
    return np.asarray(label == int(np.argmax(sizes)))


def renumber(keep: np.ndarray, edges: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Edges among kept nodes, renumbered to the kept nodes' new ids; and which edges stayed."""
    new_id = np.cumsum(keep) - 1
    stays = keep[edges[:, 0]] & keep[edges[:, 1]]
    return new_id[edges[stays]], stays
