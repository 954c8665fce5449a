"""Stage 6, days: every leg longer than a day's sail is split into day steps through waypoints,
so one step is one turn everywhere. A 300-mile ocean leg is five steps, and a ship on it is
somewhere along it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .geo import Array, round_coords, slerp, split_polyline, to_lonlat


def days_for(nm: Array, day_nm: float) -> np.ndarray:
    """How many days each leg takes: ceil(nm / day), at least 1 (to 1e-9 of a day)."""
    return np.maximum(1, np.ceil(np.asarray(nm) / day_nm - 1e-9)).astype(np.int64)


@dataclass(frozen=True)
class DaySteps:
    waypoint_lon: Array
    waypoint_lat: Array
    a: np.ndarray  # node ids, waypoints numbered from first_waypoint
    b: np.ndarray
    nm: Array
    leg: np.ndarray
    paths: list[tuple[Array, Array] | None]  # None: the straight step between its ends


def split_legs(
    node_xyz: Array,
    edges: np.ndarray,
    length: Array,
    traced: dict[int, Array],
    day_nm: float,
) -> tuple[np.ndarray, DaySteps]:
    """Days per leg, and the steps. Waypoints are numbered after the nodes, leg by leg.

    `traced` maps a leg index to its polyline (unit vectors, a to b) where the leg follows a
    trace instead of the great circle.
    """
    first_waypoint = len(node_xyz)
    days = days_for(length, day_nm)
    step_a: list[np.ndarray] = []
    step_b: list[np.ndarray] = []
    waypoint_xyz: list[Array] = []
    paths: list[tuple[Array, Array] | None] = []
    next_id = first_waypoint
    for leg, (a, b) in enumerate(edges):
        k = int(days[leg])
        if leg in traced:
            cut, shapes = split_polyline(traced[leg], k)
            inner = cut[1:-1]
            paths.extend(to_lonlat(shape) for shape in shapes)
        else:
            t = np.arange(1, k) / k
            inner = slerp(
                np.repeat(node_xyz[a : a + 1], k - 1, 0),
                np.repeat(node_xyz[b : b + 1], k - 1, 0),
                t,
            )
            paths.extend([None] * k)
        ids = np.arange(next_id, next_id + k - 1)
        next_id += k - 1
        chain = np.concatenate([[a], ids, [b]])
        step_a.append(chain[:-1])
        step_b.append(chain[1:])
        waypoint_xyz.append(inner)
    all_waypoints = np.vstack(waypoint_xyz) if waypoint_xyz else np.empty((0, 3))
    lon, lat = to_lonlat(all_waypoints) if len(all_waypoints) else (np.empty(0), np.empty(0))
    steps = DaySteps(
        waypoint_lon=round_coords(lon),
        waypoint_lat=round_coords(lat),
        a=np.concatenate(step_a) if step_a else np.empty(0, np.int64),
        b=np.concatenate(step_b) if step_b else np.empty(0, np.int64),
        nm=np.repeat(np.asarray(length) / days, days),
        leg=np.repeat(np.arange(len(edges)), days),
        paths=paths,
    )
    return days, steps
