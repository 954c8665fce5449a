"""The trade-off between a search's figures: the trials no other trial beats on every figure.

Where no setting lands every figure, the nearest by the summed distance is one answer; the
trade-off is the others worth seeing. A trial is beaten when another is no farther off on any
figure and nearer on one; those left (the Pareto front over the figures' distances) each land
or come nearest on something the others give up, so each says which figure reaching another
would break. Trials off by the same distances on every figure show once, the first of them.

>>> trials = [
...     {"trial": 1, "figures": {"won": {"distance": 0.5}, "sunk": {"distance": 0.0}}},
...     {"trial": 2, "figures": {"won": {"distance": 0.0}, "sunk": {"distance": 0.4}}},
...     {"trial": 3, "figures": {"won": {"distance": 0.6}, "sunk": {"distance": 0.1}}},
...     {"trial": 4, "figures": {"won": {"distance": 0.0}, "sunk": {"distance": 0.4}}},
... ]
>>> [t["trial"] for t in front(trials)]
[1, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def distances(trial: dict[str, Any]) -> tuple[float, ...]:
    """A trial's distance off each figure, in its figures' order."""
    return tuple(float(f["distance"]) for f in trial["figures"].values())


def beats(one: Sequence[float], other: Sequence[float]) -> bool:
    """Whether `one` is no farther off than `other` on any figure and nearer on one."""
    return all(a <= b for a, b in zip(one, other, strict=True)) and any(
        a < b for a, b in zip(one, other, strict=True)
    )


def front(trials: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The trials no other beats on every figure, in trial order, each set of distances once."""
    off = [distances(t) for t in trials]
    seen: set[tuple[float, ...]] = set()
    kept = []
    for trial, mine in zip(trials, off, strict=True):
        if mine in seen or any(beats(other, mine) for other in off):
            continue
        seen.add(mine)
        kept.append(trial)
    return kept
