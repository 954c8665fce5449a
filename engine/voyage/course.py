"""Setting a course and sailing it (the Privateer design document, "Setting a course"): each day's
step is the one that brings you nearest, and where steps tie, the one that runs best with the
current and wind you have charted (uncharted water weighs every step the same, so the first such
step in the graph's order is taken). And what you see as you go: the water a step out (two with a
navigator) goes on your chart; with the lookout rule a sail is seen two steps farther.
"""

from __future__ import annotations

import bisect
import math

from ..sea import Flow, leg_cost
from ..world.charting import sight
from ..world.routes import bearing
from ..world.world import World
from .rules import VoyageRules
from .shore import days_to, keel_closed
from .state import VoyageState

WEATHERLY_SHIPS = ("pinnace", "brigantine")  # fore-and-aft rigged: they work to windward


def sight_steps(state: VoyageState, rules: VoyageRules) -> int:
    """How far she sees: the rules' sight, a step more with a navigator aboard."""
    return rules.sight_steps + (1 if "navigator" in state.crew else 0)


def lookout_steps(state: VoyageState, rules: VoyageRules) -> int:
    """How far her lookout sees a sail: her sight, and with the lookout rule `lookout_steps` more
    (the Privateer design document, "Seeing her first": "ships are seen two steps past the water you
    can read"). Only ships are seen that far: the water charted is still her sight's."""
    return sight_steps(state, rules) + (rules.lookout_steps if rules.lookout else 0)


def _run_cost(world: World, state: VoyageState, a: int, b: int, season: int) -> float:
    """Days of fair sailing the step a -> b is worth by what you have charted at a."""
    ws = state.world
    current = wind = None
    if _charted(ws.charted_currents, a):
        current = Flow(float(world.current_toward[a]), float(world.current_knots[a]))
    if _charted(ws.charted_winds[season], a):
        wind = Flow(float(world.wind_toward[season][a]), float(world.wind_knots[season][a]))
    heading = float(bearing(world.lon[a], world.lat[a], world.lon[b], world.lat[b]))
    if math.isnan(heading):
        return 1.0
    return leg_cost(heading, current, wind, weatherly=state.ship in WEATHERLY_SHIPS)


def _charted(sorted_nodes: list[int], node: int) -> bool:
    at = bisect.bisect_left(sorted_nodes, node)
    return at < len(sorted_nodes) and sorted_nodes[at] == node


def next_step(
    world: World, state: VoyageState, season: int, rules: VoyageRules | None = None
) -> int:
    """The node a day's sail toward the course brings her to (her own node if there is no
    way, or she is there). By rules with banks, a deep keel goes round them."""
    node, dest = state.node, state.course
    if dest < 0 or node == dest:
        return node
    closed = keel_closed(world, state, rules) if rules is not None and rules.banks else None
    if closed:
        hops = world.hops_avoiding([dest], closed)
        here = days_to(world, state, closed, dest)
    else:
        hops = world.hops_from([dest])
        here = int(hops[node])
    if here < 0:
        return node
    nearest = [n for n in world.step_neighbours[node] if 0 <= hops[n] < here]
    if not nearest:
        return node
    best_hops = min(int(hops[n]) for n in nearest)
    tied = [n for n in nearest if hops[n] == best_hops]
    if len(tied) == 1:
        return tied[0]
    return min(tied, key=lambda n: (_run_cost(world, state, node, n, season), tied.index(n)))


def look_out(world: World, state: VoyageState, season: int, rules: VoyageRules) -> None:
    """Chart the water within sight of her (its current, and this season's wind)."""
    sight(world, state.world, state.node, season, sight_steps(state, rules))


def blown_downwind(world: World, state: VoyageState, season: int, steps: int) -> None:
    """Running before a storm: she goes where the wind takes her, a step at a time (to the
    neighbour most nearly downwind)."""
    for _ in range(steps):
        node = state.node
        toward = float(world.wind_toward[season][node])

        def off_wind(n: int, node: int = node, toward: float = toward) -> tuple[float, int]:
            heading = float(bearing(world.lon[node], world.lat[node], world.lon[n], world.lat[n]))
            gap = abs((heading - toward + 180.0) % 360.0 - 180.0)
            return (gap if not math.isnan(gap) else 180.0, n)

        neighbours = world.step_neighbours[node]
        if not neighbours:
            return
        state.node = min(neighbours, key=off_wind)
