"""Hauling between a tribe's own settlements on slow ticks (the Tribes design document, "Logistics &
trade"): the routes, then food equalization, both through the haulers' throughput.

Throughput (seed): 20 units per hauler at the source per 10 ticks, so each slow tick a settlement
may send out hauler_throughput (the rules') x its haulers (this tick's labour) units in all, shared
by its routes and the equalization. Chosen order: the routes first (they are the tribe's explicit
orders), tribes and routes by ascending id, then the equalization from what
budget is left.

Route (seed): moves permille x (surplus above the keep-level 100) of its resource, rounded
down (chosen: whole units, no accumulator: the surplus is re-read every slow tick), capped by
the source's budget left and the destination's space (stores.add_store: nothing is lost, what
does not fit stays home). A route whose ends are no longer both the tribe's (one captured or
abandoned) is dropped.

Food equalization (seed: the default; needs >= 1 hauler in the tribe and >= 2 settlements):
each settlement's food points are its stores of bread x 3 + fish x 2 + meat x 2 + grain x 1;
its share is the tribe's points x its pop / the tribe's pop (rounded down). Donors (above
their share, ascending id) push to the settlements below theirs (ascending id), food in the
order the seed lists it (grain, fish, meat, bread), never more points than the donor has above
its share nor than the receiver lacks (whole units only), through the donor's budget left and
the receiver's space.

Chosen: route and equalization hauls arrive at once (the seed caps them by haulers per slow
tick and sends only trade goods as caravans); like every move of stores they are neither
production nor consumption.
"""

from __future__ import annotations

from ..constants import FOOD_KINDS, PERMILLE, PROFESSION_INDEX
from ..economy.stores import add_store, store_cap
from ..rules import TribesRules
from ..state import Route, Settlement, TribesState

HAULER = PROFESSION_INDEX["hauler"]
EQUALIZED = ("grain", "fish", "meat", "bread")  # seed's listing order


def budget(settlement: Settlement, rules: TribesRules) -> int:
    """Units the settlement's haulers can move out this slow tick."""
    return rules.hauler_throughput * settlement.labour[HAULER]


def move(source: Settlement, dest: Settlement, resource: str, n: int, rules: TribesRules) -> int:
    """Move up to n units (what the destination has room for); how many moved."""
    moved = add_store(dest, resource, min(n, source.stores[resource]), rules)
    source.stores[resource] -= moved
    return moved


def run_routes(
    state: TribesState, tribe_id: int, budgets: dict[int, int], by_id: dict[int, Settlement]
) -> None:
    rules = state.rules
    for route in state.routes:
        if route.tribe != tribe_id:
            continue
        source, dest = by_id[route.source], by_id[route.dest]
        surplus = source.stores[route.resource] - rules.route_keep
        if surplus <= 0:
            continue
        want = surplus * route.permille // PERMILLE
        n = min(want, budgets[source.id])
        budgets[source.id] -= move(source, dest, route.resource, n, rules)


def food_points(settlement: Settlement, rules: TribesRules) -> int:
    stores = settlement.stores
    points = rules.food_points
    return sum(stores[food] * points[food] for food in FOOD_KINDS)


def equalize_food(
    settlements: list[Settlement], budgets: dict[int, int], rules: TribesRules
) -> None:
    """The tribe's food toward pop-proportional shares (see the module)."""
    total_pop = sum(s.pop for s in settlements)
    if total_pop <= 0:
        return
    value_of = rules.food_points
    points = [food_points(s, rules) for s in settlements]
    total = sum(points)
    gap = [total * s.pop // total_pop - p for s, p in zip(settlements, points, strict=True)]
    for i, donor in enumerate(settlements):
        for j, receiver in enumerate(settlements):
            if gap[i] >= 0 or budgets[donor.id] <= 0:
                break
            if gap[j] <= 0:
                continue
            for food in EQUALIZED:
                value = value_of[food]
                n = min(
                    donor.stores[food],
                    budgets[donor.id],
                    min(-gap[i], gap[j]) // value,
                    store_cap(receiver, rules) - receiver.stores[food],
                )
                if n <= 0:
                    continue
                moved = move(donor, receiver, food, n, rules)
                budgets[donor.id] -= moved
                gap[i] += moved * value
                gap[j] -= moved * value


def haul(state: TribesState) -> None:
    """Slow ticks: every live tribe's routes, then its food equalization."""
    by_id = {s.id: s for s in state.settlements}
    kept: list[Route] = []
    for route in state.routes:
        source, dest = by_id.get(route.source), by_id.get(route.dest)
        if (
            source is not None
            and dest is not None
            and source.tribe == route.tribe
            and dest.tribe == route.tribe
        ):
            kept.append(route)
    state.routes = kept
    for tribe in state.tribes:
        if not tribe.alive:
            continue
        own = [s for s in state.settlements if s.tribe == tribe.id]
        budgets = {s.id: budget(s, state.rules) for s in own}
        if kept:
            run_routes(state, tribe.id, budgets, by_id)
        if len(own) >= 2 and any(s.labour[HAULER] for s in own):
            equalize_food(own, budgets, state.rules)
