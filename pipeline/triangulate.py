"""Stage 3, the graph's edges: a Delaunay triangulation on the sphere, pruned.

On the sphere the Delaunay triangulation is the convex hull of the points' unit vectors, so
qhull builds it without any flattening. Edges that cross more than a spit of land go, and so do
edges far longer than the edges their ends usually have (the long diagonals a triangulation
throws across bays and between a dense coast and the open sea).
"""

from __future__ import annotations

import numpy as np
from scipy.spatial import ConvexHull

from .days import days_for
from .geo import Array, distance_nm, to_xyz
from .land import Land
from .params import BuildParams

Edges = np.ndarray  # int64, shape (m, 2), a < b in each row, rows sorted


def sphere_triangles(xyz: Array, ghost: Array | None = None) -> np.ndarray:
    """The triangles (node index triples) of the spherical Delaunay triangulation of `xyz`.

    `ghost`, for points that cover only part of the sphere, is a unit vector far from all of
    them: without it the hull would close the cap with chords across it. Its triangles go.
    """
    n = len(xyz)
    if n < 3:
        return np.empty((0, 3), dtype=np.int64)
    if n == 3 and ghost is None:
        return np.array([[0, 1, 2]], dtype=np.int64)
    points = xyz if ghost is None else np.vstack([xyz, ghost[None, :]])
    simplices = np.sort(ConvexHull(points).simplices, axis=1).astype(np.int64)
    return simplices[(simplices < n).all(axis=1)]


def edges_of(triangles: np.ndarray) -> Edges:
    """The distinct edges of the triangles, a < b, sorted."""
    if len(triangles) == 0:
        return np.empty((0, 2), dtype=np.int64)
    edges = np.vstack([triangles[:, [0, 1]], triangles[:, [1, 2]], triangles[:, [0, 2]]])
    return np.unique(np.sort(edges, axis=1), axis=0).astype(np.int64)


def sphere_edges(xyz: Array, ghost: Array | None = None) -> Edges:
    """The edges of the spherical Delaunay triangulation of unit vectors `xyz`."""
    return edges_of(sphere_triangles(xyz, ghost))


def _edge_index(edges: Edges, pairs: np.ndarray, n: int) -> np.ndarray:
    """Row of each (a, b) pair (a < b) in `edges`, or -1 where it is not there."""
    keys = edges[:, 0] * n + edges[:, 1]
    wanted = pairs[:, 0] * n + pairs[:, 1]
    at = np.clip(np.searchsorted(keys, wanted), 0, max(len(keys) - 1, 0))
    found = len(keys) > 0
    return np.where(found & (keys[at] == wanted), at, -1) if found else np.full(len(pairs), -1)


def far_longer_than_neighbours(
    n: int, triangles: np.ndarray, edges: Edges, length: Array, ratio: float
) -> np.ndarray:
    """Which edges run more than `ratio` times longer than both other sides of a triangle
    they belong to (one whose other sides are still edges).

    Such an edge always has a shorter way round, through the triangle's third corner, so
    dropping it never cuts the graph in two: the rule thins the long diagonals a
    triangulation throws across bays and between a dense coast and the open sea.
    """
    sides = [triangles[:, [0, 1]], triangles[:, [1, 2]], triangles[:, [0, 2]]]
    index = np.column_stack([_edge_index(edges, side, n) for side in sides])
    whole = (index >= 0).all(axis=1)
    index = index[whole]
    side_length = length[index]
    long = np.zeros(len(edges), dtype=bool)
    for k in range(3):
        others = np.delete(side_length, k, axis=1).max(axis=1)
        hit = side_length[:, k] > ratio * others
        long[index[hit, k]] = True
    return long


def prune_edges(
    xyz: Array, triangles: np.ndarray, land: Land, params: BuildParams
) -> tuple[Edges, Array]:
    """The edges that cross at most a spit of land, are not far longer than their
    neighbours and rest no waypoint on land, with their lengths in nautical miles."""
    edges = edges_of(triangles)
    if len(edges) == 0:
        return edges, np.empty(0)
    a, b = xyz[edges[:, 0]], xyz[edges[:, 1]]
    length = distance_nm(a, b)
    wet = land.crosses_at_most(a, b, params.spit_nm, params.land_sample_nm)
    edges, length = edges[wet], length[wet]
    keep = ~far_longer_than_neighbours(len(xyz), triangles, edges, length, params.long_edge_ratio)
    edges, length = edges[keep], length[keep]
    at_sea = land.waypoints_at_sea(
        xyz[edges[:, 0]],
        xyz[edges[:, 1]],
        days_for(length, params.day_nm),
        (params.south_limit, params.north_limit),
    )
    return edges[at_sea], length[at_sea]


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
    return prune_edges(xyz, sphere_triangles(xyz, ghost), land, params)
