"""Population and morale (the Tribes design document, phase 9, slow): morale drifts toward what the
interval's needs earned, then people are born, die and emigrate, tiers rise, and the interval's
needs are reset.

Per settlement, ascending id, every 10 ticks:
- Morale target = 500 + 100 (>= 2 food kinds eaten this interval) + 100 (an ale ration, every
  tick fully served) + 150 (a blessing in force) - 150 (clothes short) - 300 (starved), within
  0..1000. Morale moves a quarter of the gap toward it; chosen: the quarter is truncated toward
  zero (the same rule up and down; a gap under 4 does not move it).
- Births = pop x 8 per mille x housing x morale x surplus, the three factors per mille, in one
  accumulator "births" of denominator 1000^4 (the seed's accumulator rule with the product's
  denominator, so no factor is floored on its own):
  housing = 1000 up to 80% occupancy of the housing (hall 300 + 300 x tier each, house 60
  each), falling linearly to 0 at 100%: (capacity - pop) x 5000 div capacity within 0..1000;
  morale = the morale just drifted; surplus = stored food points (bread 3, fish 2, meat 2,
  grain 1) over 50 ticks of demand (pop x rations x 50 div 50000 points), per mille,
  saturating at 1000 (1000 when nothing is demanded).
- Natural deaths 2 per mille (accumulator "deaths"); emigration 10 per mille (accumulator
  "emigration") while morale < 300, with an "emigration" event. Births, deaths and emigrants
  are all reckoned on the pop the phase began with; they count in the flows.
- Tier: `territory.tier_for` (never falls), a "tier" event on a rise.
- The interval's needs are reset for the next one.
"""

from __future__ import annotations

from ...events import Event
from ..constants import FOOD_KINDS, PERMILLE, TIER_NAMES
from ..rules import SEED, TribesRules
from ..state import Settlement, TribesState
from ..territory import tier_for
from . import flows

BIRTH_D = PERMILLE**4  # 8 per mille x three per-mille factors


def fresh_interval() -> dict[str, int]:
    """The needs record at the start of an interval (ale served until a tick is short)."""
    return {"food_kinds": 0, "ale_served": 1, "ale_wanted": 0, "clothes_short": 0, "starved": 0}


def morale_target(state: TribesState, settlement: Settlement) -> int:
    rules = state.rules
    interval = settlement.interval
    target = rules.morale_base
    if interval.get("food_kinds", 0).bit_count() >= 2:
        target += rules.morale_food_variety
    if interval.get("ale_wanted", 0) and interval.get("ale_served", 1):
        target += rules.morale_ale
    if state.has_effect("blessing", settlement.id):
        target += rules.morale_blessing
    if interval.get("clothes_short", 0):
        target += rules.morale_clothes_short
    if interval.get("starved", 0):
        target += rules.morale_starved
    return min(rules.morale_max, max(0, target))


def drift(morale: int, target: int, rules: TribesRules) -> int:
    """A quarter of the gap, truncated toward zero."""
    gap = target - morale
    divisor = rules.morale_drift_divisor
    step = gap // divisor if gap >= 0 else -(-gap // divisor)
    return morale + step


def housing(settlement: Settlement, rules: TribesRules) -> int:
    return settlement.count("hall") * (
        rules.hall_housing + rules.hall_housing_per_tier * settlement.tier
    ) + rules.house_housing * settlement.count("house")


def housing_factor(pop: int, capacity: int, rules: TribesRules = SEED) -> int:
    """Per mille: 1000 to 80% occupancy, linearly down to 0 at 100%."""
    if capacity <= 0:
        return 0
    taper = PERMILLE * PERMILLE // (PERMILLE - rules.housing_taper_from)  # 5000: the last 20%
    return min(PERMILLE, max(0, (capacity - pop) * taper // capacity))


def food_points(settlement: Settlement, rules: TribesRules) -> int:
    stores = settlement.stores
    points = rules.food_points
    return sum(stores[kind] * points[kind] for kind in FOOD_KINDS)


def surplus_factor(points: int, pop: int, rations: int, rules: TribesRules = SEED) -> int:
    """Per mille: stored points over 50 ticks of demand, saturating at 1000."""
    demand = pop * rations * rules.surplus_ticks  # x 1/50000 points
    if demand <= 0:
        return PERMILLE
    return min(PERMILLE, points * rules.food_divisor * PERMILLE // demand)


def grow(state: TribesState, settlement: Settlement, events: list[Event]) -> None:
    rules = state.rules
    tribe = state.tribes[settlement.tribe]
    acc = settlement.acc
    settlement.morale = drift(settlement.morale, morale_target(state, settlement), rules)
    pop = settlement.pop
    factors = (
        housing_factor(pop, housing(settlement, rules), rules)
        * settlement.morale
        * surplus_factor(food_points(settlement, rules), pop, tribe.rations, rules)
    )
    births, acc["births"] = divmod(pop * rules.birth_rate * factors + acc.get("births", 0), BIRTH_D)
    deaths, acc["deaths"] = divmod(pop * rules.death_rate + acc.get("deaths", 0), PERMILLE)
    emigrants = 0
    if settlement.morale < rules.emigration_morale:
        emigrants, acc["emigration"] = divmod(
            pop * rules.emigration_rate + acc.get("emigration", 0), PERMILLE
        )
    deaths = min(deaths, pop)
    emigrants = min(emigrants, pop - deaths)
    settlement.pop = pop + births - deaths - emigrants
    flows.count(tribe, "births", births)
    flows.count(tribe, "deaths", deaths)
    flows.count(tribe, "emigration", emigrants)
    if emigrants:
        events.append(
            Event(
                "emigration",
                state.tick,
                {"tribe": tribe.id, "settlement": settlement.id, "people": emigrants},
            )
        )
    tier = tier_for(settlement.pop, settlement.tier, rules)
    if tier > settlement.tier:
        settlement.tier = tier
        events.append(
            Event(
                "tier",
                state.tick,
                {
                    "tribe": tribe.id,
                    "settlement": settlement.id,
                    "tier": tier,
                    "name": TIER_NAMES[tier],
                },
            )
        )
    settlement.interval = fresh_interval()


def grow_population(state: TribesState, events: list[Event]) -> None:
    """Phase 9 (slow): every settlement, ascending id."""
    for settlement in state.settlements:
        grow(state, settlement, events)
