"""PLACEHOLDER (being written): phase function eliminate."""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def eliminate(state: TribesState, events: list[Event]) -> None:
    """TO BE WRITTEN."""
