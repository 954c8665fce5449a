"""Phase 7, logistics (seed 002): settler wagons (wagons.py), then (part 2, being written)
caravans, and on slow ticks the routes and food equalization."""

from __future__ import annotations

from ..events import Event
from .state import TribesState
from .wagons import move_wagons


def logistics(state: TribesState, events: list[Event]) -> None:
    """Phase 7: wagons move, ascending id."""
    move_wagons(state, events)
