"""PLACEHOLDER (being written): phase function consume."""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def consume(state: TribesState, events: list[Event]) -> None:
    """TO BE WRITTEN."""
