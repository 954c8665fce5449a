"""PLACEHOLDER (being written): phase function extract."""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def extract(state: TribesState, events: list[Event]) -> None:
    """TO BE WRITTEN."""
