"""Stage 3: the triangulation is made on the sphere and pruned of land and long edges."""

from __future__ import annotations

import numpy as np
import shapely

from privateer.pipeline.geo import to_xyz
from privateer.pipeline.params import BuildParams
from privateer.pipeline.triangulate import prune_edges, sphere_edges, typical_edge_nm
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
    edges = np.array([[0, 1], [2, 3]])
    kept, _ = prune_edges(to_xyz(lon, lat), edges, land, BuildParams(long_edge_ratio=100))
    assert kept.tolist() == [[0, 1]]


def test_an_edge_far_longer_than_its_neighbours_goes() -> None:
    # A row of nodes a degree apart, and one edge jumping five of them.
    lon = np.arange(7, dtype=float)
    lat = np.zeros(7)
    edges = np.array([[i, i + 1] for i in range(6)] + [[0, 5]])
    kept, length = prune_edges(to_xyz(lon, lat), edges, land_of(), BuildParams())
    assert [0, 5] not in kept.tolist()
    assert len(kept) == 6
    typical = typical_edge_nm(7, kept, length)
    np.testing.assert_allclose(typical, 60.04, atol=0.1)
