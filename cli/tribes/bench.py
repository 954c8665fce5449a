"""`tribes bench`: the Tribes design document's perf gate (8 tribes x 10,000 ticks with active
policies, on one core) timed, with the time each phase of the step takes. The phases are timed here,
in the bench only: for the run, each phase function step.py calls is wrapped in a timer in step.py's
namespace and put back afterwards; the engine itself carries no instrument."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from privateer.engine.tribes import Played, Setup, run_world, step_module


def phase_names() -> list[str]:
    """The phase functions step.py calls (its imported functions from engine/tribes)."""
    return [
        name
        for name, value in vars(step_module).items()
        if callable(value)
        and getattr(value, "__module__", "").startswith("privateer.engine.tribes.")
        and value.__module__ not in (step_module.__name__, "privateer.engine.tribes.state")
        and not isinstance(value, type)
    ]


@contextmanager
def timed_phases() -> Iterator[dict[str, float]]:
    """Seconds spent in each phase function while the block runs."""
    spent: dict[str, float] = {}
    originals = {name: getattr(step_module, name) for name in phase_names()}

    def timer(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        clock = time.perf_counter

        def timed(*args: Any) -> Any:
            started = clock()
            try:
                return function(*args)
            finally:
                spent[name] = spent.get(name, 0.0) + clock() - started

        return timed

    for name, function in originals.items():
        spent[name] = 0.0
        setattr(step_module, name, timer(name, function))
    try:
        yield spent
    finally:
        for name, function in originals.items():
            setattr(step_module, name, function)


def bench(seed: int, setup: Setup, players: list[Played]) -> dict[str, Any]:
    """Run the gate once; the wall time, ticks a second and seconds by phase."""
    with timed_phases() as spent:
        started = time.perf_counter()
        record = run_world(seed, setup, players)
        wall = time.perf_counter() - started
    ticks = record.state.tick
    phases = sorted(spent.items(), key=lambda item: -item[1])
    return {
        "seed": seed,
        **setup.options([p.name for p in players]),
        "ticks_run": ticks,
        "wall_seconds": round(wall, 3),
        "ticks_per_second": round(ticks / wall, 1) if wall else None,
        "microseconds_per_tribe_tick": round(wall * 1e6 / (ticks * setup.tribes), 1)
        if ticks
        else None,
        "phases": {name: round(seconds, 3) for name, seconds in phases},
        "outside_phases": round(wall - sum(spent.values()), 3),
        "state_hash": record.state.state_hash(),
    }
