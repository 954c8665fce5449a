"""Stage 2: the ocean is filled in, sparser the farther from land, never on land."""

from __future__ import annotations

import itertools

import numpy as np

from privateer.pipeline.coast import coast_nodes
from privateer.pipeline.geo import distance_nm, to_xyz
from privateer.pipeline.ocean import fibonacci_sphere, ocean_nodes, spacing_levels
from privateer.pipeline.params import Box, BuildParams
from tests.synthetic import land_of, square


def test_the_fibonacci_lattice_is_even() -> None:
    points = fibonacci_sphere(2000)
    np.testing.assert_allclose(np.linalg.norm(points, axis=1), 1.0)
    assert abs(points.mean(axis=0)).max() < 0.01


def test_levels_run_from_the_densest_to_the_mid_ocean_spacing() -> None:
    levels = spacing_levels(BuildParams())
    assert levels[0] == BuildParams().ocean_min_nm and levels[-1] == 300.0
    assert all(a < b for a, b in itertools.pairwise(levels))


def test_ocean_nodes_thin_out_away_from_land() -> None:
    params = BuildParams(box=Box(-40.0, -30.0, 40.0, 30.0))
    land = land_of(square(0.0, 0.0, 3.0))
    coast = coast_nodes(land, params)
    lon, lat = ocean_nodes(*coast, land, params)
    assert len(lon) > 50
    assert not land.contains(lon, lat).any()
    xyz = to_xyz(lon, lat)
    everything = np.vstack([to_xyz(*coast), xyz])
    d = distance_nm(xyz[:, None, :], everything[None, :, :])
    d[d == 0] = np.inf
    spacing = d.min(axis=1)
    from_land = distance_nm(xyz, to_xyz(np.zeros(len(lon)), np.zeros(len(lon))))
    near, far = spacing[from_land < 600], spacing[from_land > 1500]
    assert near.mean() < far.mean()
    assert spacing.max() <= 300 * 1.3
    assert spacing.min() >= 0.8 * params.ocean_min_nm - 1e-6


def test_ocean_nodes_stay_in_the_box() -> None:
    box = Box(-10.0, -10.0, 10.0, 10.0)
    params = BuildParams(box=box)
    lon, lat = ocean_nodes(np.empty(0), np.empty(0), land_of(), params)
    assert len(lon) > 0
    assert ((lon >= box.west) & (lon <= box.east) & (lat >= box.south) & (lat <= box.north)).all()
