"""Storms (the Privateer design document, "Events at sea"): how often one blows where and when she
is, and what one costs, whether it rolls its own toll (the rules before dilemmas) or the captain
chose how to meet it. The one place a storm's toll is written.
"""

from __future__ import annotations

from ..events import Event
from ..rng import below
from ..world.world import World
from .rules import VoyageRules
from .state import VoyageState


def _inside(lon: float, lat: float, box: tuple[float, float, float, float]) -> bool:
    west, south, east, north = box
    return west <= lon <= east and south <= lat <= north


def storm_odds(world: World, state: VoyageState, rules: VoyageRules, season: int) -> int:
    """One day in how many a storm blows here and now: the hurricane and monsoon waters in
    their seasons more often, and high latitudes twice as often."""
    lon, lat = float(world.lon[state.node]), float(world.lat[state.node])
    days = rules.storm_days
    if (season == rules.hurricane_season and _inside(lon, lat, rules.hurricane_box)) or (
        season == rules.monsoon_season and _inside(lon, lat, rules.monsoon_box)
    ):
        days //= rules.storm_season_factor
    if abs(lat) > rules.storm_high_latitude:
        days //= rules.storm_high_latitude_factor
    return max(1, days)


def hull_toll(state: VoyageState, rules: VoyageRules) -> int:
    """A storm ridden out: 1 to `storm_hull_max` hull off (a draw); the hull lost."""
    loss, state.rng = below(state.rng, rules.storm_hull_max)
    state.hull = max(0, state.hull - (loss + 1))
    if state.hull == 0:
        state.outcome, state.cause = "sunk", "storm"
    return loss + 1


def gold_toll(state: VoyageState, rules: VoyageRules) -> int:
    """A storm met by lightening ship: a fifth of the purse (at least a piece) over the side;
    the gold lost."""
    lost = min(state.gold, max(1, state.gold * rules.storm_gold_per_mille // 1000))
    state.gold -= lost
    return lost


def storm_takes_toll(state: VoyageState, rules: VoyageRules) -> list[Event]:
    """A storm that takes its own toll (the rules before dilemmas): half the time, with gold
    aboard, a fifth of the purse; else 1 to 3 hull."""
    day = state.day
    which, state.rng = below(state.rng, 2)
    if which and state.gold > 0:
        lost = gold_toll(state, rules)
        return [Event("storm", day, {"gold_lost": lost, "gold": state.gold, "stop": True})]
    lost = hull_toll(state, rules)
    events = [Event("storm", day, {"hull_lost": lost, "hull": state.hull, "stop": True})]
    if state.outcome == "sunk":
        events.append(sunk_event(state))
    return events


def sunk_event(state: VoyageState) -> Event:
    return Event("sunk", state.day, {"by": state.cause, "node": state.node, "stop": True})
