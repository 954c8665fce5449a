"""Stage 3, the graph's edges: a Delaunay triangulation on the sphere, pruned.

On the sphere the Delaunay triangulation is the convex hull of the points' unit vectors, so
qhull builds it without any flattening. Edges that cross more than a spit of land go, and so do
edges far longer than the edges their ends usually have (the long diagonals a triangulation
throws across bays and round the edges of continents).
"""

from __future__ import annotations

import numpy as np
from scipy.spatial import ConvexHull

from .geo import Array, distance_nm, to_xyz
from .land import Land
from .params import BuildParams

Edges = np.ndarray  # int64, shape (m, 2), a < b in each row, rows sorted


def sphere_edges(xyz: Array, ghost: Array | None = None) -> Edges:
    """The edges of the spherical Delaunay triangulation of unit vectors `xyz`.

    `ghost`, for points that cover only part of the sphere, is a unit vector far from all of
    them: without it the hull would close the cap with chords across it. Its edges are dropped.
    """
    n = len(xyz)
    if n < 3:
        return np.empty((0, 2), dtype=np.int64)
    points = xyz if ghost is None else np.vstack([xyz, ghost[None, :]])
    if len(points) < 4:
        return np.array([[0, 1], [0, 2], [1, 2]], dtype=np.int64)[: 3 if n == 3 else 0]
    simplices = ConvexHull(points).simplices
    edges = np.vstack([simplices[:, [0, 1]], simplices[:, [1, 2]], simplices[:, [0, 2]]])
    edges = np.sort(edges, axis=1)
    edges = edges[edges[:, 1] < n]
    return np.unique(edges, axis=0).astype(np.int64)


def typical_edge_nm(n: int, edges: Edges, length: Array) -> Array:
    """Each node's median edge length (0 for a node with no edge)."""
    node = np.concatenate([edges[:, 0], edges[:, 1]])
    value = np.concatenate([length, length])
    order = np.lexsort((value, node))
    node, value = node[order], value[order]
    starts = np.searchsorted(node, np.arange(n))
    ends = np.searchsorted(node, np.arange(n), side="right")
    out = np.zeros(n)
    for i in np.flatnonzero(ends > starts):
        count = ends[i] - starts[i]
        mid = starts[i] + count // 2
        out[i] = value[mid] if count % 2 else 0.5 * (value[mid - 1] + value[mid])
    return out


def prune_edges(xyz: Array, edges: Edges, land: Land, params: BuildParams) -> tuple[Edges, Array]:
    """The edges that cross at most a spit of land and are not far longer than their
    neighbours, with their lengths in nautical miles."""
    if len(edges) == 0:
        return edges, np.empty(0)
    a, b = xyz[edges[:, 0]], xyz[edges[:, 1]]
    length = distance_nm(a, b)
    wet = land.land_nm(a, b, params.land_sample_nm) <= params.spit_nm
    edges, length = edges[wet], length[wet]
    typical = typical_edge_nm(len(xyz), edges, length)
    limit = params.long_edge_ratio * np.minimum(typical[edges[:, 0]], typical[edges[:, 1]])
    short = length <= limit
    return edges[short], length[short]


def triangulate(lon: Array, lat: Array, land: Land, params: BuildParams) -> tuple[Edges, Array]:
    """Stage 3 whole: the pruned edges between the given nodes, and their lengths."""
    xyz = to_xyz(lon, lat)
    ghost = None
    if params.box is not None:
        centre = to_xyz(
            np.array([(params.box.west + params.box.east) / 2]),
            np.array([(params.box.south + params.box.north) / 2]),
        )[0]
        ghost = -centre
    return prune_edges(xyz, sphere_edges(xyz, ghost), land, params)
