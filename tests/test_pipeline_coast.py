"""Stage 1: coast nodes sit offshore, never on land, about a day's sail apart."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from privateer.pipeline.coast import coast_nodes
from privateer.pipeline.geo import distance_nm, to_xyz
from privateer.pipeline.params import BuildParams
from tests.synthetic import land_of, square


def _nearest_neighbour_nm(lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
    xyz = to_xyz(lon, lat)
    d = distance_nm(xyz[:, None, :], xyz[None, :, :])
    np.fill_diagonal(d, np.inf)
    return d.min(axis=1)


def test_an_island_is_ringed_by_nodes_a_day_apart_offshore() -> None:
    island = square(0.0, 0.0, 2.0)  # 4 degrees square on the equator
    land = land_of(island)
    lon, lat = coast_nodes(land, BuildParams())
    # The offshore outline is about 4 * 240 + 2*pi*15 nm long: about 17 days' sailing.
    assert 15 <= len(lon) <= 18
    assert not land.contains(lon, lat).any()
    offshore = shapely.distance(island, shapely.points(lon, lat))
    np.testing.assert_allclose(offshore, 0.25, atol=0.03)
    spacing = _nearest_neighbour_nm(lon, lat)
    assert spacing.min() >= BuildParams().coast_min_gap_nm
    assert spacing.max() <= 70


def test_islands_close_together_share_one_outline() -> None:
    apart = coast_nodes(land_of(square(0, 0, 1), square(5, 0, 1)), BuildParams())
    close = coast_nodes(land_of(square(0, 0, 1), square(2.2, 0, 1)), BuildParams())
    # Two islands 0.2 degrees apart: the channel is narrower than the offshore distance, so
    # no node lies in it and the pair is ringed as one.
    assert len(close[0]) < len(apart[0])
    in_channel = (close[0] > 1.0) & (close[0] < 1.2) & (np.abs(close[1]) < 0.9)
    assert not in_channel.any()


def test_nodes_beyond_the_ice_limits_are_dropped() -> None:
    lon, _lat = coast_nodes(land_of(square(0, 75, 1), square(0, -70, 1)), BuildParams())
    assert len(lon) == 0


def test_an_island_across_the_antimeridian_gets_one_ring() -> None:
    # Natural Earth cuts such land at 180: two halves that meet there.
    east = shapely.box(178.0, -1.0, 180.0, 1.0)
    west = shapely.box(-180.0, -1.0, -178.0, 1.0)
    lon, lat = coast_nodes(land_of(east, west), BuildParams())
    whole = coast_nodes(land_of(shapely.box(-2.0, -1.0, 2.0, 1.0)), BuildParams())
    assert abs(len(lon) - len(whole[0])) <= 1
    on_the_seam = (np.abs(np.abs(lon) - 180.0) < 0.05) & (np.abs(lat) < 1.0)
    assert not on_the_seam.any()


def test_coast_nodes_are_deterministic() -> None:
    land = land_of(square(0, 0, 2), square(6, 3, 1))
    a = coast_nodes(land, BuildParams())
    b = coast_nodes(land, BuildParams())
    assert a[0].tobytes() == b[0].tobytes() and a[1].tobytes() == b[1].tobytes()


@pytest.mark.parametrize("day_nm", [30.0, 60.0])
def test_spacing_follows_the_day(day_nm: float) -> None:
    params = BuildParams(day_nm=day_nm, coast_min_gap_nm=day_nm * 0.55)
    lon, _ = coast_nodes(land_of(square(0.0, 0.0, 2.0)), params)
    assert len(lon) == pytest.approx(1054 / day_nm, rel=0.15)
