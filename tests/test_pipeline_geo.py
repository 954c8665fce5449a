"""The sphere helpers the stages measure with."""

from __future__ import annotations

import numpy as np
import pytest

from privateer.pipeline.geo import (
    distance_nm,
    slerp,
    split_polyline,
    to_lonlat,
    to_xyz,
    wrap_lon,
)


def test_a_degree_of_latitude_is_sixty_miles() -> None:
    a = to_xyz(np.array([0.0]), np.array([10.0]))
    b = to_xyz(np.array([0.0]), np.array([11.0]))
    assert distance_nm(a, b)[0] == pytest.approx(60.04, abs=0.01)


def test_distance_across_the_antimeridian_is_short() -> None:
    a = to_xyz(np.array([179.5]), np.array([0.0]))
    b = to_xyz(np.array([-179.5]), np.array([0.0]))
    assert distance_nm(a, b)[0] == pytest.approx(60.04, abs=0.01)


def test_lonlat_round_trip() -> None:
    lon = np.array([-179.9, -45.0, 0.0, 120.25])
    lat = np.array([-61.0, 10.0, 0.0, 71.5])
    back_lon, back_lat = to_lonlat(to_xyz(lon, lat))
    np.testing.assert_allclose(back_lon, lon, atol=1e-9)
    np.testing.assert_allclose(back_lat, lat, atol=1e-9)


def test_slerp_halfway_is_equidistant_on_the_great_circle() -> None:
    a = to_xyz(np.array([0.0]), np.array([0.0]))
    b = to_xyz(np.array([90.0]), np.array([0.0]))
    mid = slerp(a, b, np.array([0.5]))
    lon, lat = to_lonlat(mid)
    assert lon[0] == pytest.approx(45.0) and lat[0] == pytest.approx(0.0, abs=1e-12)


def test_split_polyline_gives_equal_pieces() -> None:
    line = to_xyz(np.array([0.0, 2.0, 2.0]), np.array([0.0, 0.0, 3.0]))
    points, shapes = split_polyline(line, 5)
    assert len(points) == 6 and len(shapes) == 5
    pieces = [distance_nm(s[:-1], s[1:]).sum() for s in shapes]
    total = distance_nm(line[:-1], line[1:]).sum()
    np.testing.assert_allclose(pieces, total / 5, rtol=1e-6)
    np.testing.assert_allclose(points[0], line[0])
    np.testing.assert_allclose(points[-1], line[-1])


def test_wrap_lon() -> None:
    np.testing.assert_allclose(
        wrap_lon(np.array([181.0, -181.0, 540.0])), [-179.0, 179.0, 180.0 - 360.0]
    )
