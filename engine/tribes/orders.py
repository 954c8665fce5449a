"""PLACEHOLDER (being written): phase function take_orders."""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def take_orders(state: TribesState, events: list[Event]) -> None:
    """TO BE WRITTEN."""
