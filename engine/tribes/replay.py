"""A Tribes run as a record: its options, seed, every action as text (`T:ORDER` and `step N`,
game.py), every event, and checkpoints: the state hash at the start, each time the world
passes a multiple of 100 ticks (the issue: "checkpoint hashes every 100 ticks") and at the end,
each keyed by the number of actions played. Replaying re-runs the engine from the options, the
seed and the actions and must give the same events and hashes exactly (engine/replay.py).

The policies that chose the orders are not needed to replay: their orders are the actions.
A run's options name them only to say how it was played."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..bounds import NAME
from ..events import Event, RawEvent
from ..replay import LoggedRun
from ..schema import Int, Record, Seq, Text
from .constants import CHECKPOINT_EVERY
from .game import IllegalActionError, TribesAction, act, new_game
from .rules import SEED_NAME, TribesRules, find_tribes_rules
from .state import TribesState

MAX_TRIBES = 8
MIN_SIZE, MAX_SIZE = 32, 512
MAX_TICKS = 1_000_000
OPTIONS = Record(
    {"tribes": Int(1, MAX_TRIBES), "size": Int(MIN_SIZE, MAX_SIZE), "ticks": Int(1, MAX_TICKS),
     "policies": Seq(Text(max_len=400), max_len=MAX_TRIBES), "rules": NAME},
    optional=frozenset({"tribes", "size", "ticks", "policies", "rules"}),
    extra=True,
)  # fmt: skip
"""What a Tribes run's logged options may hold (engine/schema.py): the tribes (1-8), the map's
side (32-512), the tick cap, the policies that played it (names or scripted files), and the
rules it was played by (rules.py: a preset, or a variant named for its changes; absent: the
seed's)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """The world a run plays: tribes, the map's side, the tick cap (defaults: the issue's), and
    the rules by name (`rules`: the seed's by default)."""

    tribes: int = 4
    size: int = 64
    ticks: int = 2000
    rules: str = SEED_NAME

    def __post_init__(self) -> None:
        self.played_by()  # a name no rules answer to is refused here (ValueError)

    def played_by(self) -> TribesRules:
        """The rules the run plays by (found by name, remembered)."""
        return find_tribes_rules(self.rules)

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Setup:
        read = OPTIONS.read(dict(options), "options", {})
        default = cls()
        return cls(
            int(read.get("tribes", default.tribes)),
            int(read.get("size", default.size)),
            int(read.get("ticks", default.ticks)),
            str(read.get("rules", default.rules)),
        )

    def options(self, policies: Iterable[str] = ()) -> dict[str, Any]:
        out: dict[str, Any] = {"tribes": self.tribes, "size": self.size, "ticks": self.ticks}
        if self.rules != SEED_NAME:  # the seed's rules go unnamed, as runs logged before them
            out["rules"] = self.rules
        named = list(policies)
        if named:
            out["policies"] = named
        return out


@dataclass
class TribesRecord:
    seed: int
    setup: Setup
    state: TribesState
    actions: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    checkpoints: list[tuple[int, str]] = field(default_factory=list)  # (actions played, hash)

    def raw_events(self) -> list[RawEvent]:
        return [tuple(e) for e in self.events]


def start_record(seed: int, setup: Setup) -> TribesRecord:
    """A new world's record: its opening events and the hash at tick 0."""
    state, events = new_game(seed, setup.tribes, setup.size, setup.ticks, setup.played_by())
    return TribesRecord(seed, setup, state, events=events, checkpoints=[(0, state.state_hash())])


def record_action(record: TribesRecord, action: TribesAction) -> list[Event]:
    """Play one action into the record; IllegalActionError (nothing changed) if not open. A
    step that passes a multiple of 100 ticks, or ends the world, leaves a checkpoint."""
    state = record.state
    before = state.tick
    events = act(state, action)
    record.actions.append(action.to_str())
    record.events.extend(events)
    passed = state.tick // CHECKPOINT_EVERY > before // CHECKPOINT_EVERY
    if passed or (state.result is not None and action.tribe < 0):
        record.checkpoints.append((len(record.actions), state.state_hash()))
    return events


def close(record: TribesRecord) -> TribesRecord:
    """The closing checkpoint, unless the last action left one."""
    if record.checkpoints[-1][0] != len(record.actions):
        record.checkpoints.append((len(record.actions), record.state.state_hash()))
    return record


def replay_game(
    seed: int, setup: Setup, actions: Iterable[str], *, strict: bool = True
) -> TribesRecord:
    """Re-run a world from its seed and its actions' text. An action refused (a log that is
    not this engine's play) raises IllegalActionError, or with `strict` False ends the replay
    there, so the comparison shows where it parts from the log."""
    record = start_record(seed, setup)
    for text in actions:
        if record.state.result is not None:
            break
        try:
            record_action(record, TribesAction.from_str(text))
        except IllegalActionError:
            if strict:
                raise
            break
    return close(record)


def replay_logged(run: LoggedRun) -> tuple[list[RawEvent], list[tuple[int, str]]]:
    """Re-run a logged Tribes run (mode "tribes") from its seed, options and actions."""
    record = replay_game(run.seed, Setup.of(run.options), run.actions, strict=False)
    return record.raw_events(), record.checkpoints
