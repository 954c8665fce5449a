"""Replaying a logged run: re-run the engine from the run's seed and logged actions and compare
what it gives with what the log holds, event by event and checkpoint by checkpoint.

This is a pure function of a run's record (`LoggedRun`, read from the database by db/): the
engine never touches the database, and the database never plays the engine. Each game mode
says how to re-run a run of its mode (the registry in `engine/modes.py` lists them).

>>> from privateer.engine.events import Event
>>> logged = LoggedRun(1, "example", 0, {}, True, [], [(0, "start", {"round": 0})], [])
>>> verify_run(logged, lambda run: ([Event("start", 0, {})], [])).identical
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ReplayRefusedError
from .events import Event, RawEvent

if TYPE_CHECKING:
    from .world.world import World


@dataclass(frozen=True, slots=True)
class LoggedRun:
    """What the log holds of one run, as plain data."""

    run_id: int
    mode: str
    seed: int
    options: dict[str, Any]
    finished: bool  # False for a run still in progress (its log may stop anywhere)
    actions: list[str]
    events: list[tuple[int, str, dict[str, Any]]]  # (seq, kind, payload) in seq order
    checkpoints: list[tuple[int, str]]  # (actions played, state hash)
    engine_version: str | None = None  # None: take it as this engine's
    world_hash: str | None = None  # the content hash of the world it sailed (None: none)


@dataclass(frozen=True, slots=True)
class ReplayResult:
    run_id: int
    identical: bool
    events: int
    checkpoints: int
    divergence: dict[str, Any] | None = field(default=None)  # the first difference, both sides


# why a replay is refused (`ReplayRefusedError.reason`, engine/errors.py), for counting
ANOTHER_ENGINE = "another engine version"
ANOTHER_WORLD = "another world"
NO_WORLD = "no world to sail"
UNKNOWN_MODE = "unknown mode"
UNPLAYABLE_OPTIONS = "options no rules of this engine play"  # a rule past its bound, say


def check_world(run: LoggedRun, world: World | None) -> None:
    """Refuse a run recorded on another world than `world`: a replay there would not be a
    check (and its node ids may not even exist)."""
    if run.world_hash is not None and world is not None and run.world_hash != world.content_hash:
        raise ReplayRefusedError(
            f"run {run.run_id} was recorded on world {run.world_hash[:12]}; the database "
            f"holds world {world.content_hash[:12]}",
            ANOTHER_WORLD,
        )


Replayer = Callable[[LoggedRun], tuple[list[RawEvent], list[tuple[int, str]]]]
"""Re-runs a logged run: the events and the (actions played, hash) checkpoints it gives."""


def verify_run(run: LoggedRun, replayer: Replayer) -> ReplayResult:
    """Replay `run` with `replayer` and compare: identical, or the first diverging event (or
    checkpoint) with what the log says and what the replay gives. (engine/modes.py's
    `check_run` picks the replayer by the run's mode.)"""
    replayed, checks = replayer(run)
    logged = run.events
    if not run.finished:  # in progress: the log may stop short of what a replay runs on to
        replayed = replayed[: len(logged)]

    def differs(seq: int, logged_side: Any, replayed_side: Any) -> ReplayResult:
        return ReplayResult(
            run.run_id,
            False,
            len(logged),
            len(run.checkpoints),
            {"seq": seq, "logged": logged_side, "replayed": replayed_side},
        )

    for i, ((seq, kind, payload), event) in enumerate(zip(logged, replayed, strict=False)):
        again = Event._make(event).payload()
        if seq != i or kind != event[0] or payload != again:
            return differs(
                seq,
                {"kind": kind, "payload": payload},
                {"kind": event[0], "payload": again},
            )
    if len(logged) != len(replayed):
        seq = min(len(logged), len(replayed))
        return differs(seq, f"{len(logged)} events", f"{len(replayed)} events")
    mine_checks = dict(checks)
    for seq, digest in run.checkpoints:
        if mine_checks.get(seq) != digest:
            return ReplayResult(
                run.run_id,
                False,
                len(logged),
                len(run.checkpoints),
                {"checkpoint": seq, "logged": digest, "replayed": mine_checks.get(seq)},
            )
    return ReplayResult(run.run_id, True, len(logged), len(run.checkpoints))
