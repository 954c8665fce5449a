"""PLACEHOLDER (part 2, being written): phase function threats."""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def threats(state: TribesState, events: list[Event]) -> None:
    """TO BE WRITTEN."""
