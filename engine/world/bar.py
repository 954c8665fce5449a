"""Rumors are bought by the round (the Privateer design document): stand the house a drink and
somebody may tell you about a ship, where it was when they saw it, a few days back.

- What is talked about: ships whose wake came within 30 days of the port in the last twelve
  days; a treasure fleet five times as much as a merchant, nearer ships more than farther
  (weight falls off linearly to nothing at 30 days).
- How stale: up to twelve days old, mostly recent, about five on average (weights 20 - age).
- How true: each round finds the room drunker. The first round hears something 88% of the
  time, at reliability about 0.75; each round after, 13 points less likely and 0.0625 less
  reliable, so the fifth hears 36% of the time at about 0.5. News from far off is garbled: the
  reliability falls a tenth more over the 30 days. The room turns over overnight.
- Prisoners talk: each one questioned tells of a ship seen near the fight in the last few days.

Every number is the world rules' (rules.py, "the bar"); how much each kind is talked of is its
row's `talk` (kinds.py); the gold a round is the voyage's (`VoyageRules.round_gold`).
"""

from __future__ import annotations

import numpy as np

from ..rng import below
from .game import advance
from .kinds import KINDS
from .rules import SEED_000, WorldRules
from .rumors import Rumor, off_by
from .state import WAKE_DAYS, WorldState
from .world import World


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
    world: World, state: WorldState, near: int, reach: int, max_age: int, tale_talk: int = 1
) -> tuple[list[int], list[int], list[int]]:
    """Ships seen within `reach` days of `near` in the last `max_age` days, their weights (by
    how much her kind is talked of, `tale_talk` times as much for a monster with a fresh
    kill, and nearness) and how far each came."""
    hops = world.hops_from([near])
    talk = [kind.talk for kind in KINDS.rows]
    told_of = {monster for monster, _ in state.tales}
    kinds = state.ships["kind"]
    ships, weights, distances = [], [], []
    for ship in range(state.ship_count):
        closest = min(int(hops[_wake_at(state, ship, age)]) for age in range(max_age + 1))
        if not 0 <= closest <= reach:
            continue
        ships.append(ship)
        tale = tale_talk if ship in told_of else 1
        weights.append(talk[kinds[ship]] * tale * (reach + 1 - closest))
        distances.append(closest)
    return ships, weights, distances


def _sighting(
    world: World,
    state: WorldState,
    rules: WorldRules,
    ship: int,
    age: int,
    reliability: int,
    source: str,
) -> Rumor:
    """Where `ship` was `age` days ago as somebody tells it: right with `reliability`, else
    off by a step (a good source) or two or three (a bad one): rumors.off_by."""
    truth = _wake_at(state, ship, age)
    node = truth
    roll, state.rng = below(state.rng, 1000)
    if roll >= reliability:
        candidates = _ring(world, truth, off_by(rules, reliability))
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
    hear = rules.hear_per_mille[min(round_, len(rules.hear_per_mille) - 1)]
    roll, state.rng = below(state.rng, 1000)
    if roll >= hear:
        return None
    reach = rules.talk_days
    near = world.ports[port].node
    ships, weights, distances = _talk(
        world, state, near, reach, WAKE_DAYS - 1, rules.monster_tale_talk
    )
    if not ships:
        return None
    chosen = _weighted(state, weights)
    ship = ships[chosen]
    hops = world.hops_from([world.ports[port].node])
    ages = [a for a in range(WAKE_DAYS) if 0 <= hops[_wake_at(state, ship, a)] <= reach]
    age = ages[_weighted(state, [rules.stale_weights[a] for a in ages])]
    base = rules.reliability_per_mille[min(round_, len(rules.reliability_per_mille) - 1)]
    spread, state.rng = below(state.rng, 2 * rules.reliability_spread + 1)
    garble = rules.far_garble * distances[chosen] // reach
    told = base + spread - rules.reliability_spread - garble
    reliability = max(rules.reliability_floor, min(rules.reliability_ceiling, told))
    return _sighting(world, state, rules, ship, age, reliability, "bar")


def question_prisoner(
    world: World, state: WorldState, near: int, rules: WorldRules = SEED_000
) -> Rumor | None:
    """A prisoner questioned after a fight near `near`: a ship seen near there in the last
    few days, fairly reliably (none if no ship was)."""
    ships, weights, _ = _talk(world, state, near, rules.prisoner_range_days, rules.prisoner_days)
    if not ships:
        return None
    ship = ships[_weighted(state, weights)]
    age, state.rng = below(state.rng, rules.prisoner_days + 1)
    return _sighting(world, state, rules, ship, age, rules.prisoner_reliability, "prisoner")


def survey(
    world: World, state: WorldState, rules: WorldRules, port: int, nights: int, rounds: int
) -> list[dict[str, float | int | None]]:
    """`nights` nights in `port`'s bar from the state's day on (the world sailing a day
    between them): per round, how often something was heard, how reliable it was on average
    and how old. What the Privateer design document quotes, measured. Advances `state`."""
    heard: list[list[tuple[int, int]]] = [[] for _ in range(rounds)]  # (reliability, age)
    for night in range(nights):
        if night:
            advance(world, state, rules=rules)
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
