"""Population and morale (seed 002, phase 9, slow): morale drifts toward what the interval's
needs earned, then people are born, die and emigrate, tiers rise, and the interval's needs
are reset.

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

from ..events import Event
from . import flows
from .constants import (
    BIRTH_RATE,
    DEATH_RATE,
    EMIGRATION_MORALE,
    EMIGRATION_RATE,
    FOOD_DIVISOR,
    FOOD_POINTS,
    HALL_HOUSING,
    HALL_HOUSING_PER_TIER,
    HOUSE_HOUSING,
    HOUSING_TAPER_FROM,
    MORALE_ALE,
    MORALE_BASE,
    MORALE_BLESSING,
    MORALE_CLOTHES_SHORT,
    MORALE_DRIFT_DIVISOR,
    MORALE_FOOD_VARIETY,
    MORALE_MAX,
    MORALE_STARVED,
    PERMILLE,
    SURPLUS_TICKS,
    TIER_NAMES,
)
from .knowledge import in_force
from .state import Settlement, TribesState
from .territory import tier_for

BIRTH_D = PERMILLE**4  # 8 per mille x three per-mille factors
_TAPER = PERMILLE * PERMILLE // (PERMILLE - HOUSING_TAPER_FROM)  # 5000: 1000 over the last 20%


def fresh_interval() -> dict[str, int]:
    """The needs record at the start of an interval (ale served until a tick is short)."""
    return {"food_kinds": 0, "ale_served": 1, "ale_wanted": 0, "clothes_short": 0, "starved": 0}


def morale_target(state: TribesState, settlement: Settlement) -> int:
    interval = settlement.interval
    target = MORALE_BASE
    if interval.get("food_kinds", 0).bit_count() >= 2:
        target += MORALE_FOOD_VARIETY
    if interval.get("ale_wanted", 0) and interval.get("ale_served", 1):
        target += MORALE_ALE
    if in_force(state, "blessing", settlement.id):
        target += MORALE_BLESSING
    if interval.get("clothes_short", 0):
        target += MORALE_CLOTHES_SHORT
    if interval.get("starved", 0):
        target += MORALE_STARVED
    return min(MORALE_MAX, max(0, target))


def drift(morale: int, target: int) -> int:
    """A quarter of the gap, truncated toward zero."""
    gap = target - morale
    step = gap // MORALE_DRIFT_DIVISOR if gap >= 0 else -(-gap // MORALE_DRIFT_DIVISOR)
    return morale + step


def housing(settlement: Settlement) -> int:
    return settlement.count("hall") * (
        HALL_HOUSING + HALL_HOUSING_PER_TIER * settlement.tier
    ) + HOUSE_HOUSING * settlement.count("house")


def housing_factor(pop: int, capacity: int) -> int:
    """Per mille: 1000 to 80% occupancy, linearly down to 0 at 100%."""
    if capacity <= 0:
        return 0
    return min(PERMILLE, max(0, (capacity - pop) * _TAPER // capacity))


def food_points(settlement: Settlement) -> int:
    stores = settlement.stores
    return sum(stores[kind] * points for kind, points in FOOD_POINTS)


def surplus_factor(points: int, pop: int, rations: int) -> int:
    """Per mille: stored points over 50 ticks of demand, saturating at 1000."""
    demand = pop * rations * SURPLUS_TICKS  # x 1/50000 points
    if demand <= 0:
        return PERMILLE
    return min(PERMILLE, points * FOOD_DIVISOR * PERMILLE // demand)


def grow(state: TribesState, settlement: Settlement, events: list[Event]) -> None:
    tribe = state.tribes[settlement.tribe]
    acc = settlement.acc
    settlement.morale = drift(settlement.morale, morale_target(state, settlement))
    pop = settlement.pop
    factors = (
        housing_factor(pop, housing(settlement))
        * settlement.morale
        * surplus_factor(food_points(settlement), pop, tribe.rations)
    )
    births, acc["births"] = divmod(pop * BIRTH_RATE * factors + acc.get("births", 0), BIRTH_D)
    deaths, acc["deaths"] = divmod(pop * DEATH_RATE + acc.get("deaths", 0), PERMILLE)
    emigrants = 0
    if settlement.morale < EMIGRATION_MORALE:
        emigrants, acc["emigration"] = divmod(
            pop * EMIGRATION_RATE + acc.get("emigration", 0), PERMILLE
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
    tier = tier_for(settlement.pop, settlement.tier)
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
