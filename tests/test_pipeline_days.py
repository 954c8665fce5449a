"""Stage 4 and 6: one sea, and legs split into days."""

from __future__ import annotations

import numpy as np
import pytest

from privateer.pipeline.connect import largest_component, renumber
from privateer.pipeline.days import days_for, split_legs
from privateer.pipeline.geo import distance_nm, to_lonlat, to_xyz


def test_days_per_leg() -> None:
    assert days_for(np.array([10.0, 59.9, 60.0, 60.1, 300.0, 301.0]), 60.0).tolist() == [
        1,
        1,
        1,
        2,
        5,
        6,
    ]


def test_a_three_hundred_mile_leg_is_five_day_steps_on_the_great_circle() -> None:
    a = to_xyz(np.array([0.0]), np.array([0.0]))
    b = to_xyz(np.array([299.0 / 60.0405]), np.array([0.0]))  # 299 nm
    nodes = np.vstack([a, b])
    length = distance_nm(a, b)
    legs_days, steps = split_legs(nodes, np.array([[0, 1]]), length, {}, 60.0)
    assert legs_days.tolist() == [5]
    assert len(steps.a) == 5 and len(steps.waypoint_lon) == 4
    assert steps.a.tolist() == [0, 2, 3, 4, 5] and steps.b.tolist() == [2, 3, 4, 5, 1]
    np.testing.assert_allclose(steps.nm, length[0] / 5)
    np.testing.assert_allclose(steps.waypoint_lat, 0.0, atol=1e-9)
    assert np.all(np.diff(steps.waypoint_lon) > 0)


def test_a_traced_leg_is_split_along_its_trace() -> None:
    trace = to_xyz(np.array([0.0, 1.0, 1.0]), np.array([0.0, 0.0, 1.0]))
    nodes = trace[[0, 2]]
    length = distance_nm(trace[:-1], trace[1:]).sum(keepdims=True)
    legs_days, steps = split_legs(nodes, np.array([[0, 1]]), length, {0: trace}, 60.0)
    assert legs_days.tolist() == [3]
    lon, lat = to_lonlat(to_xyz(steps.waypoint_lon, steps.waypoint_lat))
    assert lon[0] == pytest.approx(1.0, abs=1e-3) or lat[0] == pytest.approx(0.0, abs=1e-3)
    assert all(p is not None for p in steps.paths)


def test_the_largest_component_is_kept() -> None:
    edges = np.array([[0, 1], [1, 2], [3, 4]])
    keep = largest_component(6, edges)
    assert keep.tolist() == [True, True, True, False, False, False]
    new_edges, stays = renumber(keep, edges)
    assert new_edges.tolist() == [[0, 1], [1, 2]] and stays.tolist() == [True, True, False]


def test_each_leg_may_have_its_own_days_run() -> None:
    """A 300-mile leg is five days' coasting and two on the open ocean's run of 150."""
    days = days_for(np.array([300.0, 300.0, 10.0]), np.array([60.0, 150.0, 150.0]))
    assert days.tolist() == [5, 2, 1]
