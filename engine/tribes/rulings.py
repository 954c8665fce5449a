"""Rulings on orders (the Tribes design document, phase 1): whether an order is open for a tribe now
(`refusal`: the reason it is not, or None), carrying it out (`apply_order`), and phase 1 itself
(`take_orders`). Part 1's orders are ruled here; part 2's by the module of their system
(military_orders: muster, the warband orders, the war rite; trade_orders: routes, offers,
withdrawals, stances; ages: advance), each with the same two calls.

Readings of the seed chosen here:
- `allocate` SETS the whole vector: professions it does not name get 0 (the seed: "allocate
  sets tribe-wide per-mille per profession"; the order is the vector, so a log says exactly
  what was in force). Each share is 0..1000; sums over 1000 are allowed (labour normalises).
  A bare `allocate` is the all-idle vector.
- `allocate @SETT` sets the settlement's override (the whole vector likewise); an override
  cannot be unset (seed), set it equal to the tribe's vector instead.
- `smithy` likewise sets all three weights; a locked target is allowed here and weighs 0 in
  refinement (seed: "locked targets weigh 0").
- `research` is open for a known tech not yet owned whose prerequisite is owned; ordering the
  tech already being researched is open and changes nothing.
- A rite is refused while the same rite is already in force on the same target (no stacking,
  no faith spent twice); its effect lasts to tick + duration (exclusive).
- `found`: the site is on the map, land (not ocean or river), and at Chebyshev distance >= 6
  from every settlement of any tribe; SETTLERS >= 50; the source (own settlement with the
  largest pop, ties to the lowest id) keeps at least found_min_remain (50) people and must hold
  the wagon's grain and timber (the rules' found_grain_*, found_timber_per_settler), which
  are moved, not consumed, into the wagon.
- Rules that narrow a range the order language holds (a build's count, rations, a wagon's
  settlers; rules.py) refuse an order outside the narrower range here.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..errors import IllegalActionError
from ..events import Event
from .constants import RITE_TARGETS, TECH_PREREQS
from .economy import ages
from .economy.construction import can_demolish, demolish, enqueue, plan_build
from .mapgen import WATER
from .military import orders as military_orders
from .orders import (
    Advance,
    Ale,
    Allocate,
    Build,
    Craft,
    Demolish,
    Found,
    Muster,
    Offer,
    Order,
    Rations,
    Research,
    Rite,
    Route,
    Slaughter,
    Smithy,
    Stance,
    WarbandOrder,
    Withdraw,
    chebyshev,
    parse_order,
)
from .rules import TribesRules
from .state import Effect, Settlement, TribesState, Wagon
from .trade import orders as trade_orders


class Ruling(Protocol):
    """A system's rulings on its orders: why one is refused (None: open), and doing it."""

    def refusal(self, state: TribesState, tribe_id: int, order: Any) -> str | None: ...

    def apply(self, state: TribesState, tribe_id: int, order: Any, events: list[Event]) -> None: ...


def _part_2_ruling(order: Order) -> Ruling | None:
    """The module that rules on a part 2 order, or None for part 1's."""
    if isinstance(order, Muster | WarbandOrder) or (
        isinstance(order, Rite) and order.rite == "war"
    ):
        return military_orders
    if isinstance(order, Route | Offer | Withdraw | Stance):
        return trade_orders
    if isinstance(order, Advance):
        return ages
    return None


# --- whether an order is open ----------------------------------------------------------------


def _own(state: TribesState, tribe_id: int, settlement_id: int) -> Settlement | None:
    settlement = state.settlement(settlement_id)
    return settlement if settlement is not None and settlement.tribe == tribe_id else None


def found_source(state: TribesState, tribe_id: int) -> Settlement | None:
    """Where a wagon sets out from: the own settlement with the largest pop, ties to the
    lowest id (seed)."""
    best: Settlement | None = None
    for settlement in state.settlements:
        if settlement.tribe == tribe_id and (best is None or settlement.pop > best.pop):
            best = settlement
    return best


def wagon_load(source: Settlement, order: Found, rules: TribesRules) -> tuple[int, int]:
    """(grain, timber) a wagon of `order` carries out of `source` (the rules' found_*)."""
    trip = chebyshev(source.x, source.y, order.x, order.y)
    grain = order.settlers * (trip + rules.found_grain_reserve) // rules.found_grain_ticks
    return grain, order.settlers * rules.found_timber_per_settler


def site_refusal(state: TribesState, x: int, y: int) -> str | None:
    """Why (x, y) is no site for a settlement now, or None: off the map, water, or within 6
    (Chebyshev) of a settlement."""
    if not (0 <= x < state.size and 0 <= y < state.size):
        return f"({x}, {y}) is off the map"
    if state.rows[y][x] in WATER:
        return f"({x}, {y}) is water"
    least = state.rules.found_min_distance
    for s in state.settlements:
        if chebyshev(s.x, s.y, x, y) < least:
            return f"({x}, {y}) is within {least - 1} tiles of settlement {s.id}"
    return None


def _found_refusal(state: TribesState, tribe_id: int, order: Found) -> str | None:
    rules = state.rules
    if order.settlers < rules.found_min_settlers:
        return f"found takes at least {rules.found_min_settlers} settlers"
    source = found_source(state, tribe_id)
    if source is None:
        return "the tribe has no settlement to send settlers from"
    if source.pop - order.settlers < rules.found_min_remain:
        return (
            f"settlement {source.id} must keep {rules.found_min_remain} of its {source.pop} people"
        )
    site = site_refusal(state, order.x, order.y)
    if site is not None:
        return site
    grain, timber = wagon_load(source, order, rules)
    if source.stores["grain"] < grain or source.stores["timber"] < timber:
        return f"the wagon needs {grain} grain and {timber} timber from settlement {source.id}"
    return None


def refusal(state: TribesState, tribe_id: int, order: Order) -> str | None:
    """Why phase 1 would drop `order` from `tribe_id` now, or None if it is open."""
    if not 0 <= tribe_id < len(state.tribes) or not state.tribes[tribe_id].alive:
        return f"tribe {tribe_id} is not in the game"
    handler = _part_2_ruling(order)
    if handler is not None:
        return handler.refusal(state, tribe_id, order)
    tribe = state.tribes[tribe_id]
    if isinstance(order, Allocate | Build | Demolish):
        if order.settlement < 0:
            return None  # the tribe-wide allocation
        settlement = _own(state, tribe_id, order.settlement)
        if settlement is None:
            return f"settlement {order.settlement} is not the tribe's"
        if (
            isinstance(order, Build)
            and plan_build(state, settlement, order.building, order.count) is None
        ):
            return f"settlement {settlement.id} cannot build {order.count} {order.building} now"
        if isinstance(order, Demolish) and not can_demolish(settlement, order.building):
            return f"settlement {settlement.id} has no {order.building}"
        return None
    if isinstance(order, Research):
        prereq = TECH_PREREQS[order.tech]
        if order.tech in tribe.techs:
            return f"{order.tech} is known already"
        if prereq is not None and prereq not in tribe.techs:
            return f"{order.tech} needs {prereq} first"
        return None
    if isinstance(order, Rite):
        cost, scope = state.rules.rite_cost[order.rite], RITE_TARGETS[order.rite]
        target = tribe_id if scope == "tribe" else order.target
        if scope == "settlement" and _own(state, tribe_id, target) is None:
            return f"settlement {target} is not the tribe's"
        if tribe.faith < cost:
            return f"rite {order.rite} costs {cost} faith; the tribe has {tribe.faith}"
        if any(e.kind == order.rite and e.target == target for e in state.effects):
            return f"rite {order.rite} is already in force on {target}"
        return None
    if isinstance(order, Found):
        return _found_refusal(state, tribe_id, order)
    if isinstance(order, Rations) and order.value > state.rules.rations_max:
        return f"rations are 0..{state.rules.rations_max}, not {order.value}"
    return None  # the decrees: their ranges were checked when the order was made


def order_is_open(state: TribesState, tribe_id: int, order: Order) -> bool:
    """Whether phase 1 would take `order` from `tribe_id` right now."""
    return refusal(state, tribe_id, order) is None


def check_order(state: TribesState, tribe_id: int, order: Order) -> None:
    """IllegalActionError with the reason if `order` is not open now."""
    reason = refusal(state, tribe_id, order)
    if reason is not None:
        raise IllegalActionError(f"{order.to_str()!r}: {reason}")


# --- applying ------------------------------------------------------------------------------


def _apply(state: TribesState, tribe_id: int, order: Order, events: list[Event]) -> None:
    """Carry out an open order."""
    tribe = state.tribes[tribe_id]
    tick = state.tick
    if isinstance(order, Allocate):
        if order.settlement < 0:
            tribe.allocation = list(order.shares)
        else:
            settlement = state.settlement(order.settlement)
            assert settlement is not None
            settlement.override = list(order.shares)
    elif isinstance(order, Build):
        settlement = state.settlement(order.settlement)
        assert settlement is not None
        enqueue(state, settlement, order.building, order.count)
        events.append(
            Event(
                "build_ordered",
                tick,
                {
                    "tribe": tribe_id,
                    "settlement": settlement.id,
                    "building": order.building,
                    "count": order.count,
                },
            )
        )
    elif isinstance(order, Demolish):
        settlement = state.settlement(order.settlement)
        assert settlement is not None
        demolish(settlement, order.building)
        events.append(
            Event(
                "demolished",
                tick,
                {
                    "tribe": tribe_id,
                    "settlement": settlement.id,
                    "building": order.building,
                    "level": settlement.count(order.building),
                },
            )
        )
    elif isinstance(order, Rations):
        tribe.rations = order.value
    elif isinstance(order, Ale):
        tribe.ale_ration = order.value
    elif isinstance(order, Craft):
        tribe.craft = {**tribe.craft, order.gate: order.value}
    elif isinstance(order, Smithy):
        tribe.smithy = {"tools": order.tools, "weapons": order.weapons, "armor": order.armor}
    elif isinstance(order, Slaughter):
        tribe.slaughter = order.value
    elif isinstance(order, Research):
        tribe.research = order.tech
    elif isinstance(order, Rite):
        cost, scope = state.rules.rite_cost[order.rite], RITE_TARGETS[order.rite]
        duration = state.rules.rite_duration[order.rite]
        target = tribe_id if scope == "tribe" else order.target
        tribe.faith -= cost
        state.effects.append(Effect(order.rite, tribe_id, target, tick + duration))
        events.append(
            Event(
                "rite",
                tick,
                {"tribe": tribe_id, "rite": order.rite, "target": target, "until": tick + duration},
            )
        )
    elif isinstance(order, Found):
        _set_out(state, tribe_id, order, events)


def _set_out(state: TribesState, tribe_id: int, order: Found, events: list[Event]) -> None:
    source = found_source(state, tribe_id)
    assert source is not None
    grain, timber = wagon_load(source, order, state.rules)
    source.pop -= order.settlers
    source.stores["grain"] -= grain
    source.stores["timber"] -= timber
    wagon = Wagon(
        state.new_id(),
        tribe_id,
        source.x,
        source.y,
        order.x,
        order.y,
        order.settlers,
        grain,
        source.id,
        timber=timber,
    )
    state.wagons.append(wagon)
    events.append(
        Event(
            "wagon_set_out",
            state.tick,
            {
                "tribe": tribe_id,
                "wagon": wagon.id,
                "settlement": source.id,
                "settlers": order.settlers,
                "grain": grain,
                "x": order.x,
                "y": order.y,
            },
        )
    )


def apply_order(state: TribesState, tribe_id: int, order: Order, events: list[Event]) -> bool:
    """Carry out `order` for `tribe_id` if it is open now (True); else change nothing (False)."""
    if refusal(state, tribe_id, order) is not None:
        return False
    handler = _part_2_ruling(order)
    if handler is not None:
        handler.apply(state, tribe_id, order, events)
    else:
        _apply(state, tribe_id, order, events)
    return True


def take_orders(state: TribesState, events: list[Event]) -> None:
    """Phase 1: the queued orders, tribes by ascending id, the first 64 of each tribe in the
    order queued (seed: the rules' actions_per_tick); text that is no order, or an order not open,
    is dropped silently (no event, no change). The queue is then empty."""
    if not state.orders:
        return
    by_tribe: dict[int, list[str]] = {}
    for tribe_id, text in state.orders:
        by_tribe.setdefault(tribe_id, []).append(text)
    state.orders = []
    most = state.rules.actions_per_tick
    for tribe_id in sorted(by_tribe):
        for text in by_tribe[tribe_id][:most]:
            try:
                order = parse_order(text)
            except IllegalActionError:
                continue
            apply_order(state, tribe_id, order, events)
