"""PLACEHOLDER (being written): phase function tend_herds."""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def tend_herds(state: TribesState, events: list[Event]) -> None:
    """TO BE WRITTEN."""
