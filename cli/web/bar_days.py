"""The world on a day of a seed, for a port's card: the world run from its seed as `privateer
bar` runs it, kept for the days asked lately so the next card on that seed starts from the
nearest day before it instead of from the first."""

from __future__ import annotations

import copy
import threading
from typing import Any

KEPT = 8  # world states kept (a state is a few hundred kilobytes)
_STATES: dict[tuple[str, int, int], Any] = {}
_LOCK = threading.Lock()


def world_on_day(world: Any, seed: int, day: int) -> Any:
    """A copy of the world's state from `seed` at the start of `day` (advanced `day` times, as
    `privateer bar --seed --day` does): the caller may stand rounds in it."""
    from privateer.engine.world import advance, create_world

    with _LOCK:
        key = world.content_hash
        before = [d for (h, s, d) in _STATES if h == key and s == seed and d <= day]
        if before:
            start = max(before)
            state = copy.deepcopy(_STATES[(key, seed, start)])
        else:
            start = 0
            state, _ = create_world(world, seed)
        for _ in range(day - start):
            advance(world, state)
        _STATES[(key, seed, day)] = copy.deepcopy(state)
        while len(_STATES) > KEPT:
            del _STATES[next(iter(_STATES))]
        return state
