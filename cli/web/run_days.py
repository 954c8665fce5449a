"""A logged voyage day by day, for its page: replayed once from its log (the engine's replay,
as `privateer chart --run --day` does it) and kept: her gold, hull, morale and node each day,
and the state at the end of each day, from which the day's picture (cli/chart_frames.py's
`seen_picture`: her chart, ships in sight, her rumors' rings) is read when asked."""

from __future__ import annotations

import pickle
import threading
from dataclasses import dataclass, field
from typing import Any

KEPT_RUNS = 4


@dataclass
class RunDays:
    """The voyage's days: `series` a row a day (day, node, gold, hull, morale), `states` the
    state at the end of each day that has one (pickled: a few kilobytes each)."""

    run_id: int
    series: list[dict[str, int]]
    states: dict[int, bytes]
    last_day: int
    pictures: dict[int, Any] = field(default_factory=dict)

    def state_on(self, day: int) -> Any:
        """The state at the end of `day`: as `state_on_day` gives it (the first kept at or
        after it); a day past her end is refused (ValueError)."""
        if day > self.last_day:
            raise ValueError(f"day {day}: run {self.run_id} ended on day {self.last_day}")
        chosen = min(d for d in self.states if d >= day)
        return pickle.loads(self.states[chosen])


_KEPT: dict[tuple[str, int, int, int, int], RunDays] = {}
_LOCK = threading.Lock()


def _row(state: Any) -> dict[str, int]:
    return {
        "day": int(state.day),
        "node": int(state.node),
        "gold": int(state.gold),
        "hull": int(state.hull),
        "morale": int(state.morale),
    }


def run_days(world: Any, run: Any) -> RunDays:
    """The voyage `run` (a LoggedRun) replayed on `world` once, kept for the next asks."""
    # the run's own figures with its id: another database's run of the same id on the same
    # world (or the file made anew) is never taken for it
    seed, played, told = int(run.seed), len(run.actions), len(run.events)
    key = (str(world.content_hash), int(run.run_id), seed, played, told)
    with _LOCK:
        found = _KEPT.get(key)
        if found is None:
            found = _replay(world, run)
            _KEPT[key] = found
            while len(_KEPT) > KEPT_RUNS:
                del _KEPT[next(iter(_KEPT))]
        return found


def _replay(world: Any, run: Any) -> RunDays:
    """Her logged actions applied again (engine/record.py's way): before each sail, the
    state as that day ends; the last state as her voyage ends."""
    from privateer.engine.record import begin, step
    from privateer.engine.voyage import Sail, game_for

    game = game_for(world, run.options, run.engine_version)
    record = begin(game, run.seed)
    state = record.state
    assert state is not None
    states: dict[int, bytes] = {}
    series: dict[int, dict[str, int]] = {}
    for text in run.actions:
        if state.over:
            break
        action = game.parse_action(text)
        if isinstance(action, Sail) and int(state.day) not in states:
            states[int(state.day)] = pickle.dumps(state)
            series[int(state.day)] = _row(state)
        step(record, action)
    states[int(state.day)] = pickle.dumps(state)
    series[int(state.day)] = _row(state)
    return RunDays(int(run.run_id), [series[d] for d in sorted(series)], states, int(state.day))
