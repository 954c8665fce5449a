"""PLACEHOLDER (being written): phase function grow_population."""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def grow_population(state: TribesState, events: list[Event]) -> None:
    """TO BE WRITTEN."""
