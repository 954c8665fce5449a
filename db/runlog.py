"""The run log: runs, their events, actions, checkpoint hashes and saves, written in bulk.

Rows are buffered column by column and written through Arrow in one transaction per flush, so
a process killed mid-way loses at most the batch in flight and never leaves half of one.
DuckDB allows one writer, so one process writes (`privateer sim --log` hands its fights to a
writer process).
"""

from __future__ import annotations

import json
from array import array
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import numpy as np
import orjson
import pyarrow as pa
import sqlalchemy as sa

from privateer.engine.encounter import ENGINE_VERSION, SAVE_VERSION, Encounter, Event
from privateer.engine.replay import FightRecord

from .errors import DatabaseError


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def payload_json(event: Event) -> str:
    """An event's payload as the log stores it: its round and data, keys sorted."""
    return orjson.dumps({"round": event.round, **event.data}, option=orjson.OPT_SORT_KEYS).decode()


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
        record: FightRecord,
        *,
        bot: str | None,
        world_hash: str | None = None,
        started_at: datetime | None = None,
        finished: bool = True,
    ) -> None:
        state = record.state
        outfit = record.outfit
        options = {
            "target": record.target,
            "ship": outfit.ship,
            "crew": list(outfit.crew),
            "upgrades": list(outfit.upgrades),
            "prizes": list(outfit.prizes),
            "hull": outfit.hull,
            "bot": bot,
        }
        settled = next((e for e in reversed(record.events) if e.kind == "settled"), None)
        stamp = started_at or now()
        row = {
            "run_id": run_id,
            "mode": mode,
            "seed": record.seed,
            "world_hash": world_hash,
            "engine_version": ENGINE_VERSION,
            "options": orjson.dumps(options, option=orjson.OPT_SORT_KEYS).decode(),
            "outcome": state.result.value if finished and state and state.result else None,
            "score": settled.data["payout"] if settled else None,
            "days": 0,
            "started_at": stamp,
            "finished_at": stamp if finished else None,
            "target": record.target,
            "ship": outfit.ship,
            "bot": bot,
            "rounds": state.round if state else None,
        }
        for name, _ in RUN_COLUMNS:
            self.runs[name].append(row[name])

    def add_events(self, run_id: int, first_seq: int, events: list[Event], day: int = 0) -> None:
        self.events.add(run_id, first_seq, events, day)

    def add_actions(self, run_id: int, first_seq: int, actions: list[str]) -> None:
        for offset, action in enumerate(actions):
            self.actions["run_id"].append(run_id)
            self.actions["seq"].append(first_seq + offset)
            self.actions["side"].append("you")
            self.actions["action"].append(action)

    def add_checkpoints(self, run_id: int, checkpoints: list[tuple[int, str]]) -> None:
        for seq, digest in checkpoints:
            self.checkpoints["run_id"].append(run_id)
            self.checkpoints["seq"].append(seq)
            self.checkpoints["state_hash"].append(digest)

    def add_fight(
        self,
        run_id: int,
        mode: str,
        record: FightRecord,
        bot: str | None,
        world_hash: str | None = None,
    ) -> None:
        """A whole finished fight: its run, every event, action and checkpoint."""
        self.add_run(run_id, mode, record, bot=bot, world_hash=world_hash)
        self.add_events(run_id, 0, record.events)
        self.add_actions(run_id, 0, record.actions)
        self.add_checkpoints(run_id, record.checkpoints)

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
    payloads back to back in one bytearray with their offsets. Turning this into Arrow costs
    nothing but wrapping the buffers, so the flush runs at DuckDB's own append speed."""

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

    def add(self, run_id: int, first_seq: int, events: list[Event], day: int) -> None:
        n = len(events)
        self.run_id.extend([run_id] * n)
        self.seq.extend(range(first_seq, first_seq + n))
        self.day.extend([day] * n)
        kinds = self.kinds
        self.kind.extend([kinds.setdefault(e.kind, len(kinds)) for e in events])
        dumps, sort = orjson.dumps, orjson.OPT_SORT_KEYS
        payload, offsets = self.payload, self.offsets
        for e in events:
            payload += dumps({"round": e.round, **e.data}, option=sort)
            offsets.append(len(payload))

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


def _columns(schema: tuple[tuple[str, pa.DataType], ...]) -> dict[str, list[Any]]:
    return {name: [] for name, _ in schema}


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
EVENT_COLUMNS: tuple[tuple[str, pa.DataType], ...] = (
    ("run_id", pa.int32()),
    ("seq", pa.int32()),
    ("day", pa.int32()),
    ("kind", pa.string()),
    ("payload", pa.string()),
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


def write(duck: Any, buffer: RunBuffer, *, extra: list[tuple[str, list[Any]]] | None = None) -> int:
    """Write the buffer (and any extra statements) in one transaction; returns events written.

    `duck` is a raw DuckDB connection: Arrow tables are appended as they are.
    """
    tables = buffer.tables()
    registered = []
    try:
        for name, table in tables.items():
            view = f"_log_{name}"
            duck.register(view, table)
            registered.append(view)
        duck.execute("BEGIN TRANSACTION")
        try:
            for name in ("runs", "events", "actions", "checkpoints"):
                if name in tables:
                    columns = ", ".join(tables[name].column_names)
                    duck.execute(
                        f"INSERT INTO {name} ({columns}) SELECT {columns} FROM _log_{name}"
                    )
            for sql, params in extra or []:
                duck.execute(sql, params)
            duck.execute("COMMIT")
        except BaseException:
            duck.execute("ROLLBACK")
            raise
    finally:
        for view in registered:
            duck.unregister(view)
    return len(buffer)


def next_run_id(duck: Any) -> int:
    row = duck.execute("SELECT coalesce(max(run_id), 0) + 1 FROM runs").fetchone()
    return int(row[0])


# --- saves ----------------------------------------------------------------------------------


def save_statement(run_id: int, state: Encounter) -> tuple[str, list[Any]]:
    """An upsert of the run's save, for `write(..., extra=...)`."""
    return (
        "INSERT OR REPLACE INTO saves (run_id, save_version, state, updated_at) "
        "VALUES (?, ?, ?, ?)",
        [run_id, SAVE_VERSION, json.dumps(state.to_dict(), sort_keys=True), now()],
    )


def drop_save_statement(run_id: int) -> tuple[str, list[Any]]:
    return ("DELETE FROM saves WHERE run_id = ?", [run_id])


@dataclass(frozen=True)
class LoadedSave:
    run_id: int
    state: Encounter
    next_event_seq: int
    next_action_seq: int
    actions: list[str]


def load_save(conn: sa.Connection, run_id: int | None = None) -> LoadedSave:
    """The save of a fight in progress (the newest, unless run_id says which), checked.

    A save of another version is refused: never loaded half-understood.
    """
    sql = "SELECT run_id, save_version, state FROM saves"
    if run_id is not None:
        row = conn.execute(sa.text(sql + " WHERE run_id = :r"), {"r": run_id}).first()
        if row is None:
            raise DatabaseError(f"no fight in progress is saved for run {run_id}")
    else:
        row = conn.execute(sa.text(sql + " ORDER BY updated_at DESC, run_id DESC LIMIT 1")).first()
        if row is None:
            raise DatabaseError("no fight in progress is saved; start one with `privateer fight`")
    found_run, version, state_json = row
    if version != SAVE_VERSION:
        newer = "newer than this privateer" if version > SAVE_VERSION else "not one this code knows"
        raise DatabaseError(
            f"run {found_run}'s save is version {version}, {newer} (it reads {SAVE_VERSION}); "
            "it is left as it is"
        )
    data = json.loads(state_json) if isinstance(state_json, str) else state_json
    try:
        state = Encounter.from_dict(data)
    except ValueError as error:
        raise DatabaseError(f"run {found_run}'s save cannot be read: {error}") from None
    engine_version = conn.execute(
        sa.text("SELECT engine_version FROM runs WHERE run_id = :r"), {"r": found_run}
    ).scalar()
    if engine_version is not None and engine_version != ENGINE_VERSION:
        raise DatabaseError(
            f"run {found_run} was played with engine {engine_version}; this is {ENGINE_VERSION}"
        )
    seq = conn.execute(
        sa.text("SELECT coalesce(max(seq) + 1, 0) FROM events WHERE run_id = :r"), {"r": found_run}
    ).scalar_one()
    actions = [
        a
        for (a,) in conn.execute(
            sa.text("SELECT action FROM actions WHERE run_id = :r ORDER BY seq"), {"r": found_run}
        )
    ]
    return LoadedSave(int(found_run), state, int(seq), len(actions), actions)
