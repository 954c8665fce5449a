"""PLACEHOLDER (being written): phase function advance_knowledge."""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def advance_knowledge(state: TribesState, events: list[Event]) -> None:
    """TO BE WRITTEN."""
