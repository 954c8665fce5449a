"""Measuring the run log's append: events per second against DuckDB's own Arrow append of the
same rows. Used by `privateer bench log` (which also times `sim --log`, composing the engine
and the writer itself)."""

from __future__ import annotations

import gc
import tempfile
import time
from pathlib import Path
from typing import Any

from privateer.engine.events import Event

from .connection import open_database
from .runlog import RunBuffer, write


def _synthetic(count: int) -> list[Event]:
    """Shot landing, as a fight records it (side, card, landed, soaked, hull), over and over."""
    from privateer.engine.fight import FIGHT_EVENTS, KIND_INDEX

    hit = FIGHT_EVENTS["hit"]  # its values as declared: side, card, landed, soaked, hull
    assert hit.names == ("side", "card", "landed", "soaked", "hull")
    broadside = KIND_INDEX["broadside"]
    return [Event(hit.name, i % 12, (i % 2, broadside, 2, i % 2, i % 13)) for i in range(count)]


def bench_append(count: int, per_run: int = 40) -> dict[str, Any]:
    """Events per second: (1) the run log's write, from its buffer to committed rows (the
    events' integers as Arrow columns, their JSON made by DuckDB on the way in, one
    transaction); (2) DuckDB's own append of the finished rows (a ready Arrow table of them)
    into a table of the same shape; and (3), for the whole story, the log's rate counting the
    buffering of the engine's events."""
    gc.collect()
    gc.disable()  # a million live events would have the collector rescanning them all along
    try:
        return _bench_append(_synthetic(count), per_run)
    finally:
        gc.enable()


def _bench_append(events: list[Event], per_run: int) -> dict[str, Any]:
    count = len(events)
    with tempfile.TemporaryDirectory() as folder:
        engine = open_database(Path(folder) / "bench.duckdb", notify=lambda _: None)
        raw = engine.raw_connection()
        duck = raw.driver_connection
        assert duck is not None
        try:
            started = time.perf_counter()
            buffer = RunBuffer()
            for run in range(0, count, per_run):
                buffer.add_events(run // per_run + 1, 0, events[run : run + per_run])
            buffered = time.perf_counter()
            write(duck, buffer)
            ours = time.perf_counter() - started
            flush = time.perf_counter() - buffered
            table = duck.execute("SELECT * FROM events").to_arrow_table()
            duck.execute("CREATE TABLE events_copy AS SELECT * FROM events LIMIT 0")
            duck.register("_ready", table)
            started = time.perf_counter()
            duck.execute("BEGIN TRANSACTION")
            duck.execute("INSERT INTO events_copy SELECT * FROM _ready")
            duck.execute("COMMIT")
            theirs = time.perf_counter() - started
            written = duck.execute("SELECT count(*) FROM events").fetchone()[0]
        finally:
            raw.close()
            engine.dispose()
    return {
        "events": int(written),
        "flush_seconds": round(flush, 6),
        "duckdb_seconds": round(theirs, 6),
        "events_per_second": round(count / flush, 1),
        "duckdb_events_per_second": round(count / theirs, 1),
        "share_of_duckdb": round(theirs / flush, 3),
        "with_serialising_events_per_second": round(count / ours, 1),
    }
