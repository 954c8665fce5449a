"""The ages, the prestige ladder (the Tribes design document, "Ages"): wandering (0), settled (1),
crafting (2), high (3). `advance` burns the next age's cost, drawn across the tribe's settlements in
ascending id (each resource from the first settlement holding it, then the next); the burns count as
consumption, and an "advanced" event is told.

What each age gives (the seed's "effects per age", so age n gives n times each):
- extraction and refinement: +100 per mille on every rate (`age_bonus`). Chosen reading: "on"
  the rate, i.e. each rate times (1000 + bonus) / 1000, +10% an age, crop rotation and the
  harvest rite included. The additive reading (+100 rate units) would make a miner's coin
  15 -> 115 per mille (x7.7) and double the smith at the first age. It is exact in integers:
  extraction scales its worker base (a multiple of 200 per mille: 1000 tooled, 600 not) and
  refinement its rates (multiples of 10), so no fraction is dropped.
- warband power: +3 per soldier (`age_power`, the war engineer's power term adds it).
- score: +60 flat, then the total times (1000 + age x 250) per mille (`age_score`).
"""

from __future__ import annotations

from typing import Any

from ...events import Event
from ..rules import SEED, TribesRules
from ..state import Tribe, TribesState
from .flows import consumed

AGE_NAMES = ("wandering", "settled", "crafting", "high")
# Each age's burn and gifts: the rules' advance_costs, age_rate_bonus, age_power_per_soldier,
# age_score_flat and age_score_multiplier.
TOP_AGE = len(AGE_NAMES) - 1


def age_bonus(tribe: Tribe, rules: TribesRules = SEED) -> int:
    """The per-mille bonus on the tribe's extraction and refinement rates."""
    return rules.age_rate_bonus * tribe.age


def age_power(tribe: Tribe, rules: TribesRules = SEED) -> int:
    """The power each of the tribe's soldiers gains from its age."""
    return rules.age_power_per_soldier * tribe.age


def age_score(tribe: Tribe, total: int, rules: TribesRules) -> int:
    """The score `total` (the seed's sum of terms) with the age's flat bonus and multiplier."""
    if not tribe.age:
        return total
    flat = rules.age_score_flat * tribe.age
    return (total + flat) * (1000 + rules.age_score_multiplier * tribe.age) // 1000


def _held(state: TribesState, tribe_id: int) -> dict[str, int]:
    held: dict[str, int] = {}
    for settlement in state.settlements:
        if settlement.tribe == tribe_id:
            for resource, n in settlement.stores.items():
                held[resource] = held.get(resource, 0) + n
    return held


def refusal(state: TribesState, tribe_id: int, order: Any) -> str | None:
    """Why `advance` is not open now (None: it is): the top age reached, or the tribe's
    settlements together short of the next age's burn."""
    tribe = state.tribes[tribe_id]
    if tribe.age >= TOP_AGE:
        return f"the tribe is in the {AGE_NAMES[TOP_AGE]} age, the last"
    held = _held(state, tribe_id)
    cost = state.rules.advance_costs[tribe.age]
    short = [f"{n} {r}" for r, n in cost.items() if held.get(r, 0) < n]
    if short:
        need = ", ".join(f"{n} {r}" for r, n in cost.items())
        return f"the {AGE_NAMES[tribe.age + 1]} age burns {need}; short of {', '.join(short)}"
    return None


def apply(state: TribesState, tribe_id: int, order: Any, events: list[Event]) -> None:
    """Burn the cost across the settlements (ascending id), move up an age, tell it."""
    tribe = state.tribes[tribe_id]
    for resource, n in state.rules.advance_costs[tribe.age].items():
        left = n
        for settlement in state.settlements:
            if not left:
                break
            if settlement.tribe != tribe_id:
                continue
            take = min(left, settlement.stores[resource])
            settlement.stores[resource] -= take
            left -= take
        consumed(tribe, resource, n - left)
    tribe.age += 1
    events.append(
        Event(
            "advanced",
            state.tick,
            {"tribe": tribe_id, "age": tribe.age, "name": AGE_NAMES[tribe.age]},
        )
    )
