"""PLACEHOLDER (being written): phase function move_wagons."""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def move_wagons(state: TribesState, events: list[Event]) -> None:
    """TO BE WRITTEN."""
