"""Warbands' supply and disbanding (the Tribes design document, "Military").

- Supply (slow ticks): each warband eats 1 food a soldier per 10 ticks from what it carries.
  Inside own territory it then refills from that settlement (the lowest-id own settlement
  whose territory holds it) up to 3 a soldier, in the muster's order (grain, fish, meat,
  bread), counted as consumption. Outside own territory, a warband that could not eat its fill
  loses 1 per mille of its soldiers to desertion (accumulator `acc["desertion"]`) and 20
  morale; a "deserted" event when a soldier leaves (chosen: deserters vanish).
- Disband: the people join the settlement, their weapons (1 a soldier), armour and horses
  (cavalry) go back to it, and the supply returns as grain; "disbanded". Chosen: the ram is
  broken up for nothing; what comes back goes through the store cap and counts as production
  (the muster counted it as consumption, so the metrics' conservation holds).
"""

from __future__ import annotations

from ...events import Event
from ..constants import PERMILLE
from ..economy import flows
from ..economy.stores import add_store
from ..state import Settlement, TribesState, Warband
from .orders import take_supply
from .units import supplier


def supply(state: TribesState, events: list[Event]) -> None:
    """The slow tick's eating, refilling and desertion, warbands in ascending id."""
    rules = state.rules
    for warband in state.warbands:
        need = rules.supply_eaten_per_soldier * warband.size
        eaten = min(warband.supply, need)
        warband.supply -= eaten
        source = supplier(state, warband)
        if source is not None:
            want = rules.supply_per_soldier * warband.size - warband.supply
            if want > 0:
                warband.supply += take_supply(state, source, want)
        elif eaten < need:
            desert(state, warband, events)


def desert(state: TribesState, warband: Warband, events: list[Event]) -> None:
    rules = state.rules
    acc = warband.acc
    left, acc["desertion"] = divmod(
        warband.size * rules.desertion_permille + acc.get("desertion", 0), PERMILLE
    )
    warband.morale = max(0, warband.morale - rules.desertion_morale)
    left = min(left, warband.size)
    if not left:
        return
    warband.armor -= warband.armor * left // warband.size
    warband.size -= left
    warband.armor = min(warband.armor, warband.size)
    events.append(
        Event(
            "deserted",
            state.tick,
            {"tribe": warband.tribe, "warband": warband.id, "soldiers": left},
        )
    )


def _give_back(settlement: Settlement, resource: str, amount: int, state: TribesState) -> None:
    added = add_store(settlement, resource, amount, state.rules)
    flows.produced(state.tribes[settlement.tribe], resource, added)


def disband(state: TribesState, warband: Warband, home: Settlement, events: list[Event]) -> None:
    """The warband joins `home`: people, gear, supply as grain; it is gone (size 0)."""
    soldiers = warband.size
    home.pop += soldiers
    _give_back(home, "weapons", soldiers, state)
    _give_back(home, "armor", warband.armor, state)
    _give_back(home, "grain", warband.supply, state)
    if warband.cavalry:
        home.horses += soldiers
    warband.size = warband.armor = warband.supply = 0
    events.append(
        Event(
            "disbanded",
            state.tick,
            {
                "tribe": warband.tribe,
                "warband": warband.id,
                "settlement": home.id,
                "soldiers": soldiers,
            },
        )
    )
