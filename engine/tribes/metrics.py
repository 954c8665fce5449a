"""PLACEHOLDER (being written): phase function close_tick."""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def close_tick(state: TribesState, events: list[Event]) -> None:
    """TO BE WRITTEN."""
