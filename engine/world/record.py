"""A world run as a record: its seed, rules and days; every event, each on its day; and state
hashes every CHECKPOINT_DAYS days and at the end. A replay re-runs the same days and must
give the same events and hashes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..events import Event, RawEvent
from ..replay import LoggedRun, Replayer
from .game import advance, create_world
from .rules import find_world_rules
from .state import WorldState
from .world import World

CHECKPOINT_DAYS = 30


@dataclass
class WorldRecord:
    seed: int
    days: int
    rules: str
    events: list[Event] = field(default_factory=list)
    checkpoints: list[tuple[int, str]] = field(default_factory=list)  # (day, state hash)
    state: WorldState | None = None


def record_world(
    world: World,
    seed: int,
    days: int,
    rules: str = "seed-000",
    on_day: Callable[[int], None] | None = None,
) -> WorldRecord:
    """Run the world `days` days from `seed` (no player), recording everything; `on_day(day)`
    after each day, for a caller's progress (it sees nothing of the state)."""
    wrules = find_world_rules(rules)
    state, events = create_world(world, seed, wrules)
    record = WorldRecord(seed, days, rules, list(events))
    for day in range(1, days + 1):
        record.events.extend(advance(world, state, rules=wrules))
        if day % CHECKPOINT_DAYS == 0 or day == days:
            record.checkpoints.append((day, state.state_hash()))
        if on_day is not None:
            on_day(day)
    record.state = state
    return record


def replayer(world: World) -> Replayer:
    """The replayer of logged world runs on this world."""

    def replay(run: LoggedRun) -> tuple[list[RawEvent], list[tuple[int, str]]]:
        record = record_world(
            world, run.seed, int(run.options["days"]), str(run.options.get("rules", "seed-000"))
        )
        return [tuple(e) for e in record.events], record.checkpoints

    return replay
