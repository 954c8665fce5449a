"""Stage 6, days: every leg longer than a day's sail is split into day steps through waypoints,
so one step is one turn everywhere. A day's sail is 60 nm on the coast and 120 on the open
ocean (pipeline/params.py): a 300-mile ocean leg is three steps, and a ship on it is somewhere
along it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .geo import Array, round_coords, slerp, split_polyline, to_lonlat


def days_for(nm: Array, day_nm: float | Array) -> np.ndarray:
    """How many days each leg takes: ceil(nm / day), at least 1 (to 1e-9 of a day); `day_nm`
    one day's run for every leg, or each leg's own."""
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
    day_nm: float | Array,
) -> tuple[np.ndarray, DaySteps]:
    """Days per leg (at `day_nm` a day: one run for all, or each leg's own), and the steps.
    Waypoints are numbered after the nodes, leg by leg.

    `traced` maps a leg index to its polyline (unit vectors, a to b) where the leg follows a
    trace instead of the great circle.
    """
    first_waypoint = len(node_xyz)
    days = days_for(length, day_nm)
    inner_count = days - 1
    # The straight legs' waypoints, all at once: leg by leg, t = 1/k, 2/k, ... (k-1)/k.
    straight = np.ones(len(edges), dtype=bool)
    straight[[leg for leg in traced if leg < len(edges)]] = False
    count = np.where(straight, inner_count, 0)
    leg_of = np.repeat(np.arange(len(edges)), count)
    offset = np.concatenate([[0], np.cumsum(count)])
    j = np.arange(len(leg_of)) - offset[leg_of] + 1
    slerped = slerp(node_xyz[edges[leg_of, 0]], node_xyz[edges[leg_of, 1]], j / days[leg_of])
    waypoint_xyz: list[Array] = []
    paths: list[tuple[Array, Array] | None] = []
    run = 0  # the straight legs before this one, as a run of their rows in `slerped`
    for leg in sorted(traced):
        if leg >= len(edges):
            continue
        waypoint_xyz.append(slerped[offset[run] : offset[leg]])
        paths.extend([None] * int(days[run:leg].sum()))
        cut, shapes = split_polyline(traced[leg], int(days[leg]))
        waypoint_xyz.append(cut[1:-1])
        paths.extend(to_lonlat(shape) for shape in shapes)
        run = leg + 1
    waypoint_xyz.append(slerped[offset[run] :])
    paths.extend([None] * int(days[run:].sum()))
    # Steps chain each leg's ends through its waypoints, numbered after the nodes in leg order.
    first_id = first_waypoint + np.concatenate([[0], np.cumsum(inner_count)])[:-1]
    step_leg = np.repeat(np.arange(len(edges)), days)
    step_start = np.concatenate([[0], np.cumsum(days)])[:-1]
    i = np.arange(len(step_leg)) - step_start[step_leg]  # the step's place in its leg
    last = i == days[step_leg] - 1
    step_a = np.where(i == 0, edges[step_leg, 0], first_id[step_leg] + i - 1)
    step_b = np.where(last, edges[step_leg, 1], first_id[step_leg] + i)
    all_waypoints = np.vstack(waypoint_xyz) if waypoint_xyz else np.empty((0, 3))
    lon, lat = to_lonlat(all_waypoints) if len(all_waypoints) else (np.empty(0), np.empty(0))
    steps = DaySteps(
        waypoint_lon=round_coords(lon),
        waypoint_lat=round_coords(lat),
        a=step_a.astype(np.int64),
        b=step_b.astype(np.int64),
        nm=np.repeat(np.asarray(length) / days, days),
        leg=np.repeat(np.arange(len(edges)), days),
        paths=paths,
    )
    return days, steps
