"""PLACEHOLDER (being written): phase function apportion_labour."""

from __future__ import annotations

from .state import TribesState


def apportion_labour(state: TribesState) -> None:
    """TO BE WRITTEN."""
