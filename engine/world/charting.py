"""Your chart (the Privateer design document): the water a step out from your ship, its current and
this season's wind, goes on it as she sails. Currents never change, so a current once seen is
charted for good; a wind seen in a season is charted for that season every year. Predictions use
only what is charted: in water never sailed every leg weighs the same.
"""

from __future__ import annotations

import bisect

import numpy as np
import numpy.typing as npt

from .state import WorldState
from .world import World


def _add(sorted_nodes: list[int], node: int) -> None:
    at = bisect.bisect_left(sorted_nodes, node)
    if at == len(sorted_nodes) or sorted_nodes[at] != node:
        sorted_nodes.insert(at, node)


def sight(world: World, state: WorldState, node: int, season: int, reach: int = 1) -> None:
    """Chart what can be seen from `node`: itself and the water `reach` steps out."""
    seen = {node}
    frontier = {node}
    neighbours = world.step_neighbours
    for _ in range(reach):
        frontier = {n for f in frontier for n in neighbours[f]} - seen
        seen |= frontier
    for n in sorted(seen):
        _add(state.charted_currents, n)
        _add(state.charted_winds[season], n)


def charted(world: World, state: WorldState, season: int) -> npt.NDArray[np.bool_]:
    """Per node: both its current and this season's wind are on your chart."""
    mask = np.zeros(world.n, dtype=bool)
    currents = np.zeros(world.n, dtype=bool)
    currents[state.charted_currents] = True
    mask[state.charted_winds[season]] = True
    return mask & currents


def chart_everything(world: World, state: WorldState) -> None:
    """The whole sea known (for measuring what a chart is worth)."""
    every = list(range(world.n))
    state.charted_currents = every[:]
    state.charted_winds = [every[:] for _ in range(4)]


def chart_region(world: World, state: WorldState, box: tuple[float, float, float, float]) -> None:
    """Every node inside a box known, in every season (a region's waters sailed for a year)."""
    west, south, east, north = box
    inside = np.flatnonzero(
        (world.lon >= west) & (world.lon <= east) & (world.lat >= south) & (world.lat <= north)
    ).tolist()
    state.charted_currents = sorted(set(state.charted_currents) | set(inside))
    state.charted_winds = [sorted(set(w) | set(inside)) for w in state.charted_winds]
