"""PLACEHOLDER (part 2, being written): muster, the warband orders and the war rite."""

from __future__ import annotations

from typing import Any

from ..events import Event
from .orders import PART_2
from .state import TribesState


def refusal(state: TribesState, tribe_id: int, order: Any) -> str | None:
    """Why the order is not open now (None: it is)."""
    return f"{order.verb} {PART_2}"


def apply(state: TribesState, tribe_id: int, order: Any, events: list[Event]) -> None:
    """Carry out an open order."""
