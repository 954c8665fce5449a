"""Rumors are bought by the round (seed 000): stand the house a drink and somebody may tell you
about a ship, where it was when they saw it, a few days back.

- What is talked about: ships whose wake came within 30 days of the port in the last twelve
  days; a treasure fleet five times as much as a merchant, nearer ships more than farther
  (weight falls off linearly to nothing at 30 days).
- How stale: up to twelve days old, mostly recent, about five on average (weights 20 - age).
- How true: each round finds the room drunker. The first round hears something 88% of the
  time, at reliability about 0.75; each round after, 13 points less likely and 0.0625 less
  reliable, so the fifth hears 36% of the time at about 0.5. News from far off is garbled: the
  reliability falls a tenth more over the 30 days. The room turns over overnight.
- Prisoners talk: each one questioned tells of a ship seen near the fight in the last few days.
"""

from __future__ import annotations

import numpy as np

from ..rng import below
from .kinds import TREASURE
from .rules import WorldRules
from .rumors import GOOD_SOURCE_PER_MILLE, Rumor
from .state import WAKE_DAYS, WorldState
from .world import World

ROUND_GOLD = 2  # "stand the house a drink (2 gold)"
TALK_DAYS = 30  # "ships whose wake came within 30 days of the port"
TREASURE_TALK = 5  # "treasure fleets are talked about five times as much as a merchant"
HEAR_PER_MILLE = (880, 750, 620, 490, 360)  # by round: then 360 for every round after
RELIABILITY_PER_MILLE = (780, 715, 655, 590, 530)  # by round, before the distance's garbling
RELIABILITY_SPREAD = 100  # +- this, per mille
FAR_GARBLE = 100  # per mille lost over TALK_DAYS of distance
STALE_WEIGHTS = tuple(20 - age for age in range(WAKE_DAYS))  # ages 0..12: mean 5
PRISONER_DAYS = 3  # "a ship seen in the last few days"
PRISONER_RANGE = 10  # near the fight: within this many days of it
PRISONER_RELIABILITY = 800


def _weighted(state: WorldState, weights: list[int]) -> int:
    roll, state.rng = below(state.rng, sum(weights))
    for i, weight in enumerate(weights):
        if roll < weight:
            return i
        roll -= weight
    return len(weights) - 1


def _wake_at(state: WorldState, ship: int, days_ago: int) -> int:
    return state.wakes[ship][(state.day - days_ago) % WAKE_DAYS]


def _talk(
    world: World, state: WorldState, near: int, reach: int, max_age: int
) -> tuple[list[int], list[int], list[int]]:
    """Ships seen within `reach` days of `near` in the last `max_age` days, their weights (by
    kind and nearness) and how far each came."""
    hops = world.hops_from([near])
    ships, weights, distances = [], [], []
    for ship in range(state.ship_count):
        closest = min(int(hops[_wake_at(state, ship, age)]) for age in range(max_age + 1))
        if not 0 <= closest <= reach:
            continue
        kind = state.ships["kind"][ship]
        talk = TREASURE_TALK if kind == TREASURE else 1
        ships.append(ship)
        weights.append(talk * (reach + 1 - closest))
        distances.append(closest)
    return ships, weights, distances


def _sighting(
    world: World, state: WorldState, ship: int, age: int, reliability: int, source: str
) -> Rumor:
    """Where `ship` was `age` days ago as somebody tells it: right with `reliability`, else
    off by a step (a good source) or two or three (a bad one)."""
    truth = _wake_at(state, ship, age)
    node = truth
    roll, state.rng = below(state.rng, 1000)
    if roll >= reliability:
        rings = (1,) if reliability >= GOOD_SOURCE_PER_MILLE else (2, 3)
        candidates = _ring(world, truth, rings)
        if candidates:
            pick, state.rng = below(state.rng, len(candidates))
            node = candidates[pick]
    return Rumor(
        state.ships["kind"][ship],
        state.ships["flag"][ship],
        node,
        state.day - age,
        reliability,
        source,
        ship,
    )


def _ring(world: World, node: int, rings: tuple[int, ...]) -> list[int]:
    hops = world.hops_from([node])
    found: list[int] = np.flatnonzero(np.isin(hops, rings)).tolist()
    return found


def stand_a_round(world: World, state: WorldState, rules: WorldRules, port: int) -> Rumor | None:
    """One round in `port`'s bar tonight: maybe a rumor. The room gets drunker each round and
    turns over overnight. (The gold is the voyage's business.)"""
    if state.bar[0] != state.day or state.bar[1] != port:
        state.bar = [state.day, port, 0]
    round_ = state.bar[2]
    state.bar[2] += 1
    hear = HEAR_PER_MILLE[min(round_, len(HEAR_PER_MILLE) - 1)]
    roll, state.rng = below(state.rng, 1000)
    if roll >= hear:
        return None
    ships, weights, distances = _talk(
        world, state, world.ports[port].node, TALK_DAYS, WAKE_DAYS - 1
    )
    if not ships:
        return None
    chosen = _weighted(state, weights)
    ship = ships[chosen]
    hops = world.hops_from([world.ports[port].node])
    ages = [a for a in range(WAKE_DAYS) if 0 <= hops[_wake_at(state, ship, a)] <= TALK_DAYS]
    age = ages[_weighted(state, [STALE_WEIGHTS[a] for a in ages])]
    base = RELIABILITY_PER_MILLE[min(round_, len(RELIABILITY_PER_MILLE) - 1)]
    spread, state.rng = below(state.rng, 2 * RELIABILITY_SPREAD + 1)
    garble = FAR_GARBLE * distances[chosen] // TALK_DAYS
    reliability = max(50, min(990, base + spread - RELIABILITY_SPREAD - garble))
    return _sighting(world, state, ship, age, reliability, "bar")


def question_prisoner(world: World, state: WorldState, near: int) -> Rumor | None:
    """A prisoner questioned after a fight near `near`: a ship seen near there in the last
    few days, fairly reliably (none if no ship was)."""
    ships, weights, _ = _talk(world, state, near, PRISONER_RANGE, PRISONER_DAYS)
    if not ships:
        return None
    ship = ships[_weighted(state, weights)]
    age, state.rng = below(state.rng, PRISONER_DAYS + 1)
    return _sighting(world, state, ship, age, PRISONER_RELIABILITY, "prisoner")


def survey(
    world: World, state: WorldState, rules: WorldRules, port: int, nights: int, rounds: int
) -> list[dict[str, float | int | None]]:
    """`nights` nights in `port`'s bar from the state's day on (the world sailing a day
    between them): per round, how often something was heard, how reliable it was on average
    and how old. What seed 000 quotes, measured. Advances `state`."""
    from .game import advance

    heard: list[list[tuple[int, int]]] = [[] for _ in range(rounds)]  # (reliability, age)
    for night in range(nights):
        if night:
            advance(world, state)
        for round_ in range(rounds):
            rumor = stand_a_round(world, state, rules, port)
            if rumor is not None:
                heard[round_].append((rumor.reliability, state.day - rumor.day))
    rows: list[dict[str, float | int | None]] = []
    for round_, told in enumerate(heard):
        count = len(told)
        rows.append(
            {
                "round": round_ + 1,
                "nights": nights,
                "heard_rate": round(count / nights, 3),
                "mean_reliability": (
                    round(sum(r for r, _ in told) / count / 1000, 3) if count else None
                ),
                "mean_days_old": (round(sum(age for _, age in told) / count, 2) if count else None),
            }
        )
    return rows
