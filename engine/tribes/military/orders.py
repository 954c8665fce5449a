"""The rulings on muster, the warband orders and the war rite (the Tribes design document,
"Military"): why one is refused now (`refusal`, None when open) and carrying it out (`apply`).

- `muster SETT SIZE [cavalry]`: an own settlement with a barracks; SIZE >= 10 and at least 50
  civilians remain; 1 weapon a soldier (hard); cavalry needs horsemanship and 1 horse a
  soldier. The people, the weapons, up to 1 armour a soldier (optional) and the horses are
  taken; the supply fills up to 3 food a soldier from the stores in the order grain, fish,
  meat, bread; with siegecraft and >= 20 planks + >= 5 metal the warband gets a ram, those
  materials debited. Gear, supply and the ram's materials count as consumption (seed,
  Metrics); horses are herds, not stores. Chosen: the new warband stands at its settlement
  with no order (it refills there); a "mustered" event.
- `warband ID ...` (an own warband): garrison an own settlement; patrol or march to a land
  tile on the map; raid a settlement or a caravan that is not the tribe's nor an ally's
  (chosen: allied either way); besiege a settlement likewise; escort an own caravan; disband
  (needs an own settlement to go to). Chosen: a routing warband takes no order but disband
  (it must reach home first).
- `rite war WARBAND`: 30 faith, an own warband, not already blessed; an Effect "war" on the
  warband's id for 200 ticks, consumed by its next battle (military_battle.war_rite).
"""

from __future__ import annotations

from typing import Any

from ...events import Event
from ..constants import SUPPLY_ORDER
from ..economy import flows
from ..mapgen import OCEAN
from ..orders import Muster, Rite, WarbandOrder
from ..state import Effect, Settlement, TribesState, Warband


def allied(state: TribesState, a: int, b: int) -> bool:
    """Whether either tribe holds the other an ally."""
    sa, sb = state.tribes[a].stances, state.tribes[b].stances
    return (b < len(sa) and sa[b] == "allied") or (a < len(sb) and sb[a] == "allied")


def own_warband(state: TribesState, tribe_id: int, warband_id: int) -> Warband | None:
    for warband in state.warbands:
        if warband.id == warband_id:
            return warband if warband.tribe == tribe_id else None
    return None


def _own_settlement(state: TribesState, tribe_id: int, settlement_id: int) -> Settlement | None:
    settlement = state.settlement(settlement_id)
    return settlement if settlement is not None and settlement.tribe == tribe_id else None


def _muster_refusal(state: TribesState, tribe_id: int, order: Muster) -> str | None:
    settlement = _own_settlement(state, tribe_id, order.settlement)
    if settlement is None:
        return f"settlement {order.settlement} is not the tribe's"
    if not settlement.count("barracks"):
        return f"settlement {settlement.id} has no barracks"
    rules = state.rules
    if order.size < rules.muster_min_size:
        return f"a warband musters at least {rules.muster_min_size} soldiers"
    if settlement.pop - order.size < rules.muster_min_remain:
        keep = rules.muster_min_remain
        return f"settlement {settlement.id} must keep {keep} of its {settlement.pop}"
    if settlement.stores["weapons"] < order.size:
        return f"{order.size} soldiers need {order.size} weapons"
    if order.cavalry:
        if "horsemanship" not in state.tribes[tribe_id].techs:
            return "cavalry needs horsemanship"
        if settlement.horses < order.size:
            return f"{order.size} riders need {order.size} horses"
    return None


def _target_refusal(state: TribesState, tribe_id: int, order: WarbandOrder) -> str | None:
    command = order.command
    if command == "garrison":
        if _own_settlement(state, tribe_id, order.target) is None:
            return f"settlement {order.target} is not the tribe's"
        return None
    if command in ("patrol", "march"):
        if not (0 <= order.x < state.size and 0 <= order.y < state.size):
            return f"({order.x}, {order.y}) is off the map"
        if state.at(order.x, order.y) == OCEAN:
            return f"({order.x}, {order.y}) is ocean"
        return None
    if command == "escort" or (command == "raid" and order.caravan):
        caravan = next((c for c in state.caravans if c.id == order.target), None)
        if caravan is None:
            return f"there is no caravan {order.target}"
        if command == "escort":
            return None if caravan.tribe == tribe_id else f"caravan {caravan.id} is not the tribe's"
        if caravan.tribe == tribe_id or allied(state, tribe_id, caravan.tribe):
            return f"caravan {caravan.id} is the tribe's or an ally's"
        return None
    if command in ("raid", "besiege"):
        target = state.settlement(order.target)
        if target is None:
            return f"there is no settlement {order.target}"
        if target.tribe == tribe_id or allied(state, tribe_id, target.tribe):
            return f"settlement {target.id} is the tribe's or an ally's"
        return None
    if command == "disband":
        if not state.settlements_of(tribe_id):
            return "the tribe has no settlement to disband into"
        return None
    return f"warband {command!r} is not a command"


def refusal(state: TribesState, tribe_id: int, order: Any) -> str | None:
    """Why the order is not open now (None: it is)."""
    if isinstance(order, Muster):
        return _muster_refusal(state, tribe_id, order)
    if isinstance(order, WarbandOrder):
        warband = own_warband(state, tribe_id, order.warband)
        if warband is None:
            return f"warband {order.warband} is not the tribe's"
        if warband.routing and order.command != "disband":
            return f"warband {warband.id} is routing home"
        return _target_refusal(state, tribe_id, order)
    if isinstance(order, Rite) and order.rite == "war":
        cost = state.rules.rite_cost["war"]
        if own_warband(state, tribe_id, order.target) is None:
            return f"warband {order.target} is not the tribe's"
        faith = state.tribes[tribe_id].faith
        if faith < cost:
            return f"rite war costs {cost} faith; the tribe has {faith}"
        if any(e.kind == "war" and e.target == order.target for e in state.effects):
            return f"rite war is already in force on {order.target}"
        return None
    return f"{getattr(order, 'verb', order)!r} is not a military order"


def take_supply(state: TribesState, settlement: Settlement, want: int) -> int:
    """Up to `want` food units from the settlement's stores in the supply order (grain, fish,
    meat, bread), counted as consumption; how many were taken."""
    tribe = state.tribes[settlement.tribe]
    stores = settlement.stores
    taken = 0
    for food in SUPPLY_ORDER:
        if taken >= want:
            break
        n = min(stores[food], want - taken)
        if n:
            stores[food] -= n
            flows.consumed(tribe, food, n)
            taken += n
    return taken


def muster(state: TribesState, tribe_id: int, order: Muster, events: list[Event]) -> Warband:
    settlement = _own_settlement(state, tribe_id, order.settlement)
    assert settlement is not None
    tribe = state.tribes[tribe_id]
    stores = settlement.stores
    size = order.size
    settlement.pop -= size
    stores["weapons"] -= size
    armor = min(stores["armor"], size)
    stores["armor"] -= armor
    flows.consumed(tribe, "weapons", size)
    flows.consumed(tribe, "armor", armor)
    if order.cavalry:
        settlement.horses -= size
    rules = state.rules
    supply = take_supply(state, settlement, rules.supply_per_soldier * size)
    ram_cost = rules.ram_cost
    ram = "siegecraft" in tribe.techs and all(stores[r] >= n for r, n in ram_cost.items())
    if ram:
        for resource, n in ram_cost.items():
            stores[resource] -= n
            flows.consumed(tribe, resource, n)
    warband = Warband(
        id=state.new_id(),
        tribe=tribe_id,
        x=settlement.x,
        y=settlement.y,
        home=settlement.id,
        size=size,
        armor=armor,
        cavalry=order.cavalry,
        supply=supply,
        morale=rules.warband_morale,
        ram=ram,
    )
    state.warbands.append(warband)
    events.append(
        Event(
            "mustered",
            state.tick,
            {
                "tribe": tribe_id,
                "warband": warband.id,
                "settlement": settlement.id,
                "size": size,
                "armor": armor,
                "cavalry": order.cavalry,
                "ram": ram,
            },
        )
    )
    return warband


def order_dict(order: WarbandOrder) -> dict[str, Any]:
    """The standing order as the warband keeps it: {"kind", and "settlement" | "caravan" |
    "x", "y"}."""
    command = order.command
    if command in ("patrol", "march"):
        return {"kind": command, "x": order.x, "y": order.y}
    if command == "escort" or (command == "raid" and order.caravan):
        return {"kind": command, "caravan": order.target}
    if command == "disband":
        return {"kind": command}
    return {"kind": command, "settlement": order.target}


def apply(state: TribesState, tribe_id: int, order: Any, events: list[Event]) -> None:
    """Carry out an open order."""
    if isinstance(order, Muster):
        muster(state, tribe_id, order, events)
    elif isinstance(order, WarbandOrder):
        warband = own_warband(state, tribe_id, order.warband)
        assert warband is not None
        warband.order = order_dict(order)
    elif isinstance(order, Rite) and order.rite == "war":
        cost, duration = state.rules.rite_cost["war"], state.rules.rite_duration["war"]
        tick = state.tick
        state.tribes[tribe_id].faith -= cost
        state.effects.append(Effect("war", tribe_id, order.target, tick + duration))
        events.append(
            Event(
                "rite",
                tick,
                {
                    "tribe": tribe_id,
                    "rite": "war",
                    "target": order.target,
                    "until": tick + duration,
                },
            )
        )
