"""Phase 10, military (the Tribes design document, "Military"): warband movement (ascending id),
field battles, camp assaults, raids; on slow ticks sieges and supply. Nothing is done without
warbands. The parts live in their own modules: military_move, military_field, military_camps,
military_raids, military_siege, military_supply (power and battles: military_battle; what they
share: military_units; the orders: military_orders).
"""

from __future__ import annotations

from ...events import Event
from ..state import TribesState
from .camps import assault_camps
from .field import field_battles
from .move import move_warbands
from .raids import raids
from .siege import sieges
from .supply import supply
from .units import drop_dead


def military(state: TribesState, events: list[Event]) -> None:
    if not state.warbands:
        return
    move_warbands(state, events)
    drop_dead(state)
    field_battles(state, events)
    assault_camps(state, events)
    raids(state, events)
    if state.is_slow():
        sieges(state, events)
        supply(state, events)
    drop_dead(state)
