"""PLACEHOLDER (being written): phase function refine_all."""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def refine_all(state: TribesState, events: list[Event]) -> None:
    """TO BE WRITTEN."""
