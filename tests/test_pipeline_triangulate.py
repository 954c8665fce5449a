"""Stage 3: the triangulation is made on the sphere and pruned of land and long edges."""

from __future__ import annotations

import numpy as np
import shapely

from privateer.pipeline.geo import to_xyz
from privateer.pipeline.params import BuildParams
from privateer.pipeline.triangulate import prune_edges, sphere_edges, sphere_triangles
from tests.synthetic import land_of


def test_an_octahedron_has_twelve_edges() -> None:
    xyz = np.array(
        [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]], dtype=float
    )
    edges = sphere_edges(xyz)
    assert len(edges) == 12
    assert not any((a, b) in {(0, 1), (2, 3), (4, 5)} for a, b in edges.tolist())


def test_triangulation_across_the_antimeridian_needs_no_seam() -> None:
    lon = np.array([179.0, -179.0, 179.0, -179.0, 0.0, 90.0, -90.0])
    lat = np.array([1.0, 1.0, -1.0, -1.0, 0.0, 60.0, -60.0])
    edges = {tuple(e) for e in sphere_edges(to_xyz(lon, lat)).tolist()}
    assert (0, 1) in edges and (2, 3) in edges  # neighbours across 180 are joined


def test_a_spit_is_crossed_but_an_isthmus_is_not() -> None:
    spit = shapely.box(-0.05, 0.5, 0.05, 1.5)  # 6 nm wide
    isthmus = shapely.box(-0.5, -1.5, 0.5, -0.5)  # 60 nm wide
    land = land_of(spit, isthmus)
    lon = np.array([-1.0, 1.0, -1.0, 1.0])
    lat = np.array([1.0, 1.0, -1.0, -1.0])
    triangles = np.array([[0, 1, 2], [1, 2, 3]])
    kept, _ = prune_edges(to_xyz(lon, lat), triangles, land, BuildParams(long_edge_ratio=100))
    assert [0, 1] in kept.tolist() and [2, 3] not in kept.tolist()


def test_an_edge_far_longer_than_its_neighbours_goes() -> None:
    # A flat triangle: the long side has a way round through the third corner, only a little
    # longer; the two short sides have none.
    lon = np.array([0.0, 2.0, 1.0])
    lat = np.array([0.0, 0.0, 0.3])
    kept, length = prune_edges(to_xyz(lon, lat), np.array([[0, 1, 2]]), land_of(), BuildParams())
    assert kept.tolist() == [[0, 2], [1, 2]]
    np.testing.assert_allclose(length, 62.7, atol=0.5)


def test_near_equilateral_triangles_keep_every_side() -> None:
    lon = np.array([0.0, 1.0, 0.5])
    lat = np.array([0.0, 0.0, 0.8])
    kept, _ = prune_edges(to_xyz(lon, lat), np.array([[0, 1, 2]]), land_of(), BuildParams())
    assert len(kept) == 3


def test_dropping_long_edges_never_disconnects() -> None:
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    rng = np.random.default_rng(7)
    lon, lat = rng.uniform(-10, 10, 300), rng.uniform(-10, 10, 300)
    xyz = to_xyz(lon, lat)
    triangles = sphere_triangles(xyz, ghost=-to_xyz(np.array([0.0]), np.array([0.0]))[0])
    kept, _ = prune_edges(xyz, triangles, land_of(), BuildParams(long_edge_ratio=1.0))
    assert len(kept) < len(sphere_edges(xyz))
    graph = coo_matrix((np.ones(len(kept)), (kept[:, 0], kept[:, 1])), shape=(300, 300))
    assert connected_components(graph, directed=False)[0] == 1
