"""The run log: runs, their events, actions and checkpoint hashes, written in bulk.

Rows are buffered column by column and written through Arrow in one transaction per flush, so
a process killed mid-way loses at most the batch in flight and never leaves half of one. Event
payloads are buffered as the JSON text they will be, each kind through its own template
(engine/events.py), so buffering a fight's events costs little more than the fight.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import accumulate
from typing import TYPE_CHECKING, Any

import numpy as np
import orjson
import pyarrow as pa

from privateer.engine.events import RENDER, RawEvent
from privateer.engine.fight import Encounter, Keep
from privateer.engine.protocol import Mode
from privateer.engine.record import GameRecord

from .interrupts import held
from .run_options import _fight_options
from .run_options import fight_options_json as fight_options_json
from .run_options import options_json as options_json

if TYPE_CHECKING:
    pass


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


RUN_COLUMNS: tuple[tuple[str, pa.DataType], ...] = (
    ("run_id", pa.int32()),
    ("mode", pa.string()),
    ("seed", pa.int64()),
    ("world_hash", pa.string()),
    ("engine_version", pa.string()),
    ("options", pa.string()),
    ("outcome", pa.string()),
    ("score", pa.int32()),
    ("days", pa.int32()),
    ("started_at", pa.timestamp("us")),
    ("finished_at", pa.timestamp("us")),
    ("target", pa.string()),
    ("ship", pa.string()),
    ("bot", pa.string()),
    ("rounds", pa.int32()),
)
ACTION_COLUMNS: tuple[tuple[str, pa.DataType], ...] = (
    ("run_id", pa.int32()),
    ("seq", pa.int32()),
    ("side", pa.string()),
    ("action", pa.string()),
)
CHECK_COLUMNS: tuple[tuple[str, pa.DataType], ...] = (
    ("run_id", pa.int32()),
    ("seq", pa.int32()),
    ("state_hash", pa.string()),
)


def fight_options(record: GameRecord[Encounter, Keep], bot: str | None) -> dict[str, Any]:
    """What a fight was, as its run's `options` keep it (and a replay reads it back)."""
    return _fight_options(record.state.setup.target, record.state.setup.outfit, bot)


@dataclass
class RunBuffer:
    """Rows waiting to be written, by table and column."""

    runs: dict[str, list[Any]] = field(default_factory=lambda: _columns(RUN_COLUMNS))
    events: EventColumns = field(default_factory=lambda: EventColumns())
    actions: dict[str, list[Any]] = field(default_factory=lambda: _columns(ACTION_COLUMNS))
    checkpoints: dict[str, list[Any]] = field(default_factory=lambda: _columns(CHECK_COLUMNS))

    def add_run(
        self,
        run_id: int,
        mode: str,
        seed: int,
        options: dict[str, Any] | str,
        *,
        engine_version: str,
        outcome: str | None = None,
        score: int | None = None,
        days: int | None = None,
        rounds: int | None = None,
        target: str | None = None,
        ship: str | None = None,
        bot: str | None = None,
        world_hash: str | None = None,
        started_at: datetime | None = None,
        finished: bool = True,
        finished_at: datetime | None = None,
    ) -> None:
        """A run's row. A run played before it is written gives when its play began and ended
        (`started_at`, `finished_at`); without them both are the time of writing."""
        stamp = started_at or now()
        row: dict[str, Any] = {
            "run_id": run_id,
            "mode": mode,
            "seed": seed,
            "world_hash": world_hash,
            "engine_version": engine_version,
            "options": options if isinstance(options, str) else options_json(options),
            "outcome": outcome if finished else None,
            "score": score,
            "days": days,
            "started_at": stamp,
            "finished_at": (finished_at or stamp) if finished else None,
            "target": target,
            "ship": ship,
            "bot": bot,
            "rounds": rounds,
        }
        for name, _ in RUN_COLUMNS:
            self.runs[name].append(row[name])

    def add_events(
        self, run_id: int, first_seq: int, events: Sequence[RawEvent], day: int | list[int] = 0
    ) -> None:
        self.events.add(run_id, first_seq, events, day)

    def add_actions(
        self, run_id: int, first_seq: int, actions: list[str], side: str = "you"
    ) -> None:
        for offset, action in enumerate(actions):
            self.actions["run_id"].append(run_id)
            self.actions["seq"].append(first_seq + offset)
            self.actions["side"].append(side)
            self.actions["action"].append(action)

    def add_checkpoints(self, run_id: int, checkpoints: list[tuple[int, str]]) -> None:
        for seq, digest in checkpoints:
            self.checkpoints["run_id"].append(run_id)
            self.checkpoints["seq"].append(seq)
            self.checkpoints["state_hash"].append(digest)

    def add_record(
        self,
        run_id: int,
        mode: Mode,
        record: GameRecord[Any, Any],
        options: Mapping[str, Any] | str,
        *,
        run_mode: str | None = None,
        bot: str | None = None,
        world_hash: str | None = None,
        finished: bool | None = None,
        played: tuple[datetime, datetime] | None = None,
        side: int | None = 0,
    ) -> None:
        """Any game's run as its record holds it: the run's row (its figures by the game's
        `tally` for `side`, or `table_tally` for None: a run bots played; its end by its
        `outcome`; `finished` unless said otherwise once it has ended) and every event (each
        with the game's clock), action and checkpoint.
        `run_mode` names the runs it is among when its mode logs under more than one name (a
        fight a bot played: "sim"); `played`: when a bot's run began and ended. The caller
        hands its `mode` (not looked up in the registry, which imports every mode)."""
        game, state = record.game, record.state
        done = game.outcome(state)
        tally = game.table_tally(state) if side is None else game.tally(state, side)
        self.add_run(
            run_id,
            run_mode or mode.run_modes[0],
            record.seed,
            options if isinstance(options, str) else dict(options),
            engine_version=mode.engine_version,
            outcome=done.reason if done is not None else None,
            score=tally.score,
            days=tally.days,
            rounds=tally.rounds,
            target=tally.target,
            ship=tally.ship,
            bot=bot,
            world_hash=world_hash,
            finished=done is not None if finished is None else finished,
            started_at=played[0] if played else None,
            finished_at=played[1] if played else None,
        )
        self.add_events(run_id, 0, record.events, record.clocks)
        self.add_actions(run_id, 0, record.actions)
        self.add_checkpoints(run_id, record.checkpoints)

    @property
    def run_count(self) -> int:
        return len(self.runs["run_id"])

    def __len__(self) -> int:
        return len(self.events)

    def tables(self) -> dict[str, pa.Table]:
        out = {}
        for name, columns, schema in (
            ("runs", self.runs, RUN_COLUMNS),
            ("actions", self.actions, ACTION_COLUMNS),
            ("checkpoints", self.checkpoints, CHECK_COLUMNS),
        ):
            if columns[schema[0][0]]:
                out[name] = pa.table({n: pa.array(columns[n], t) for n, t in schema})
        if len(self.events):
            out["events"] = self.events.table()
        return out


class EventColumns:
    """Events buffered as the bytes they will be: int32 arrays, kind codes, and the JSON
    payloads back to back in one bytearray with their offsets, each written by its kind's
    compiled template (engine/events.py). Turning this into Arrow costs nothing but wrapping
    the buffers, so the flush runs at DuckDB's own append speed."""

    def __init__(self) -> None:
        self.run_id = array("i")
        self.seq = array("i")
        self.day = array("i")
        self.kind = array("h")
        self.kinds: dict[str, int] = {}
        self.payload = bytearray()
        self.offsets = array("i", [0])

    def __len__(self) -> int:
        return len(self.seq)

    def add(
        self, run_id: int, first_seq: int, events: Sequence[RawEvent], day: int | list[int]
    ) -> None:
        """Buffer events; `day` is one day for them all, or each event's own."""
        n = len(events)
        self.run_id.extend([run_id] * n)
        self.seq.extend(range(first_seq, first_seq + n))
        self.day.extend([day] * n if isinstance(day, int) else day)
        kinds = self.kinds
        self.kind.extend([kinds.setdefault(e[0], len(kinds)) for e in events])
        self._add_payloads(payloads_json(events))

    def add_runs(
        self,
        run_ids: Sequence[int],
        events: Sequence[Sequence[RawEvent]],
        days: Sequence[int | Sequence[int]],
    ) -> None:
        """Buffer the events of several runs (`add` for each, from seq 0), in one pass."""
        sizes = list(map(len, events))
        for run_id, n, day in zip(run_ids, sizes, days, strict=True):
            self.run_id.extend([run_id] * n)
            self.seq.extend(range(n))
            self.day.extend([day] * n if day.__class__ is int else day)  # type: ignore[arg-type]
        flat = [e for run in events for e in run]
        kinds = self.kinds
        self.kind.extend([kinds.setdefault(e[0], len(kinds)) for e in flat])
        self._add_payloads(payloads_json(flat))

    def _add_payloads(self, texts: list[str]) -> None:
        data = "".join(texts).encode()
        sizes = list(map(len, texts))
        if len(data) != sum(sizes):  # a name with a non-ASCII letter: measure in bytes
            sizes = [len(t.encode()) for t in texts]
        offsets = accumulate(sizes, initial=len(self.payload))
        next(offsets)
        self.payload += data
        self.offsets.extend(offsets)

    def table(self) -> pa.Table:
        n = len(self)
        ints = {
            name: pa.array(np.frombuffer(getattr(self, name), dtype=np.int32))
            for name in ("run_id", "seq", "day")
        }
        names = sorted(self.kinds, key=self.kinds.__getitem__)
        kind = pa.DictionaryArray.from_arrays(
            pa.array(np.frombuffer(self.kind, dtype=np.int16)), pa.array(names, pa.string())
        )
        payload = pa.StringArray.from_buffers(
            n, pa.py_buffer(np.frombuffer(self.offsets, dtype=np.int32)), pa.py_buffer(self.payload)
        )
        return pa.table({**ints, "kind": kind, "payload": payload})


def payloads_json(events: Sequence[RawEvent]) -> list[str]:
    """Each event's payload as the log's JSON text."""
    render = RENDER
    dumps = orjson.dumps
    return [
        dumps({"round": r, **d}).decode() if d.__class__ is dict else render[k](r, d)
        for k, r, d in events
    ]


def _columns(schema: tuple[tuple[str, pa.DataType], ...]) -> dict[str, list[Any]]:
    return {name: [] for name, _ in schema}


Statement = tuple[str, list[Any]]


def write(duck: Any, buffer: RunBuffer, *, extra: list[Statement] | None = None) -> int:
    """Write the buffer (and any extra statements) in one transaction; returns events written.

    `duck` is a raw DuckDB connection: Arrow tables are appended as they are. Ctrl-C is held
    until the transaction has committed or rolled back (db/interrupts.py): it never lands in a
    statement, COMMIT least of all, where it would leave the transaction's fate unknown.
    """
    inserts = []
    for name, table in buffer.tables().items():
        columns = ", ".join(table.column_names)
        inserts.append((f"INSERT INTO {name} ({columns}) SELECT {columns} FROM {{table}}", table))
    registered = []
    with held():
        try:
            for i, (_, table) in enumerate(inserts):
                view = f"_log_{i}"
                duck.register(view, table)
                registered.append(view)
            duck.execute("BEGIN TRANSACTION")
            try:
                for view, (sql, _) in zip(registered, inserts, strict=True):
                    duck.execute(sql.format(table=view))
                for sql, params in extra or []:
                    duck.execute(sql, params)
                duck.execute("COMMIT")
            except BaseException:
                _rollback(duck)
                raise
        finally:
            for view in registered:
                duck.unregister(view)
    return len(buffer)


def _rollback(duck: Any) -> None:
    """Roll back the transaction a failure left open. A statement interrupted by a signal
    (the log writer's SIGTERM) may have ended it already: then there is none to roll back,
    and the failure that got here is the one to report, not DuckDB's "no transaction"."""
    import duckdb

    with suppress(duckdb.TransactionException):
        duck.execute("ROLLBACK")


def next_run_id(duck: Any) -> int:
    row = duck.execute("SELECT coalesce(max(run_id), 0) + 1 FROM runs").fetchone()
    return int(row[0])


def finish_run_statement(
    run_id: int, outcome: str, score: int | None, rounds: int | None, days: int | None = None
) -> Statement:
    """Mark a run played to its end, for `write(..., extra=...)`."""
    return (
        "UPDATE runs SET outcome = ?, score = ?, rounds = ?, days = coalesce(?, days), "
        "finished_at = now() WHERE run_id = ?",
        [outcome, score, rounds, days, run_id],
    )


def progress_statement(run_id: int, rounds: int | None, days: int | None = None) -> Statement:
    """Keep an unfinished run's row up to date (how far it has got)."""
    return (
        "UPDATE runs SET rounds = ?, days = coalesce(?, days) WHERE run_id = ?",
        [rounds, days, run_id],
    )
