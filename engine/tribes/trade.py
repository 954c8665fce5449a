"""PLACEHOLDER (part 2, being written): phase function trade."""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def trade(state: TribesState, events: list[Event]) -> None:
    """TO BE WRITTEN."""
