"""Phase 7, logistics (the Tribes design document): settler wagons move (wagons.py), then trade
caravans (caravans.py), both a tile a tick in ascending id; on slow ticks the routes and food
equalization (hauls.py)."""

from __future__ import annotations

from ...events import Event
from ..state import TribesState
from .caravans import move_caravans
from .hauls import haul
from .wagons import move_wagons


def logistics(state: TribesState, events: list[Event]) -> None:
    """Phase 7: wagons, then caravans; routes and equalization on slow ticks."""
    move_wagons(state, events)
    move_caravans(state, events)
    if state.is_slow():
        haul(state)
