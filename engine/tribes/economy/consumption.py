"""Consumption and needs (the Tribes design document, phase 8, every tick): each settlement eats,
drinks its ale ration and, in the cold, wears out clothes; a food shortfall starves it.

Food. A tick's demand is (pop x rations + acc) div 50000 points (accumulator "food"), the
document's formula: 0.2 satiation points per capita per 10 ticks at rations 1000, which its
calibration confirms (480 toolless farmers, 28.8 points, feed 1,200 people needing 24). Its
prose says "2 points per capita per 10 ticks", ten times the formula: the document's own
conflict, settled for the formula (docs/tribes.md's readings). Stores are eaten in the seed's
order, bread 3 > fish 2 = meat 2 > grain 1 points a unit. Chosen (the seed leaves it open): a
unit is eaten whole, so the last unit eaten may give more points than were still wanted; the
excess is kept as a credit (accumulator "food_credit", always below 3) that pays the next
ticks' demand first. No point is gained or lost: over any run, points eaten = points demanded
(+ the credit held). Every kind eaten this tick is or-ed into `interval["food_kinds"]` (bit i
for FOOD_KINDS[i]) for the morale target's "two food kinds" term.

Starvation. Points still owed when the stores are empty are the shortfall: deaths =
min(shortfall, max(1, pop div 50)) (never more than the pop), morale -30 (floor 0), a
"starvation" event, `interval["starved"] = 1`; the deaths count as deaths and as starvation.
The shortfall is not carried (the hungry do not eat double next tick).

Ale. 1 ale per capita per 10 ticks at ale_ration 1000: (pop x ale_ration + acc) div 10000 a
tick (accumulator "ale"). A tick with a ration marks `interval["ale_wanted"]`; a tick served
short clears `interval["ale_served"]` (population.py resets it to 1 each interval), so the
morale bonus needs a ration and every tick of the interval fully served.

Clothes. A cold settlement wears (pop + acc) div 10000 clothes a tick (accumulator "clothes");
any tick short sets `interval["clothes_short"]`.

Ale and clothes are reckoned on the pop the tick began with (before any starvation deaths).
Food eaten, ale drunk and clothes worn count as consumption (flows.py).
"""

from __future__ import annotations

from ...events import Event
from ..constants import FOOD_KINDS
from ..rules import PerRules, TribesRules
from ..state import Settlement, Tribe, TribesState
from . import flows

EatOrder = tuple[tuple[str, int, int], ...]


def _eat_order(rules: TribesRules) -> EatOrder:
    """(kind, points a unit, its bit in `interval["food_kinds"]`), in the seed's eat order."""
    return tuple((kind, rules.food_points[kind], 1 << i) for i, kind in enumerate(FOOD_KINDS))


EAT_ORDER = PerRules(_eat_order)


def eat(settlement: Settlement, tribe: Tribe, need: int, order: EatOrder) -> int:
    """Eat `need` points from the settlement's stores (after its credit) in the seed's order
    (`order`: EAT_ORDER of the rules); the points still owed (the shortfall)."""
    acc = settlement.acc
    credit = acc.get("food_credit", 0)
    if credit >= need:
        acc["food_credit"] = credit - need
        return 0
    need -= credit
    stores = settlement.stores
    kinds = 0
    for kind, points, bit in order:
        have = stores[kind]
        if not have:
            continue
        units = min(have, (need + points - 1) // points)
        stores[kind] = have - units
        flows.consumed(tribe, kind, units)
        kinds |= bit
        need -= units * points
        if need <= 0:
            break
    if kinds:
        settlement.interval["food_kinds"] = settlement.interval.get("food_kinds", 0) | kinds
    acc["food_credit"] = -need if need < 0 else 0
    return need if need > 0 else 0


def starve(settlement: Settlement, tribe: Tribe, shortfall: int, rules: TribesRules) -> int:
    """The seed's starvation: deaths, morale and the event; the deaths."""
    deaths = min(shortfall, max(1, settlement.pop // rules.starve_death_divisor), settlement.pop)
    settlement.pop -= deaths
    settlement.morale = max(0, settlement.morale - rules.starve_morale)
    settlement.interval["starved"] = 1
    flows.count(tribe, "deaths", deaths)
    flows.count(tribe, "starvation", deaths)
    return deaths


def consume(state: TribesState, events: list[Event]) -> None:
    """Phase 8: every settlement, ascending id, eats, drinks and (in the cold) wears clothes."""
    tribes = state.tribes
    rules = state.rules
    food_divisor, ale_divisor = rules.food_divisor, rules.ale_divisor
    clothes_divisor = rules.clothes_divisor
    eat_order = EAT_ORDER(rules)
    for settlement in state.settlements:
        tribe = tribes[settlement.tribe]
        pop = settlement.pop
        acc = settlement.acc
        stores = settlement.stores
        # food
        need, acc["food"] = divmod(pop * tribe.rations + acc.get("food", 0), food_divisor)
        shortfall = eat(settlement, tribe, need, eat_order) if need else 0
        if shortfall:
            deaths = starve(settlement, tribe, shortfall, rules)
            events.append(
                Event(
                    "starvation",
                    state.tick,
                    {
                        "tribe": tribe.id,
                        "settlement": settlement.id,
                        "deaths": deaths,
                        "shortfall": shortfall,
                    },
                )
            )
        # ale
        if tribe.ale_ration:
            settlement.interval["ale_wanted"] = 1
            want, acc["ale"] = divmod(pop * tribe.ale_ration + acc.get("ale", 0), ale_divisor)
            if want:
                drunk = min(want, stores["ale"])
                stores["ale"] -= drunk
                flows.consumed(tribe, "ale", drunk)
                if drunk < want:
                    settlement.interval["ale_served"] = 0
        # clothes
        if settlement.cold:
            worn, acc["clothes"] = divmod(pop + acc.get("clothes", 0), clothes_divisor)
            if worn:
                used = min(worn, stores["clothes"])
                stores["clothes"] -= used
                flows.consumed(tribe, "clothes", used)
                if used < worn:
                    settlement.interval["clothes_short"] = 1
