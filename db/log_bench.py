"""Measuring the run log's append: events per second against DuckDB's own Arrow append of the
same rows. Used by `privateer bench log` (which also times `sim --log`, composing the engine
and the writer itself)."""

from __future__ import annotations

import gc
import statistics
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


def bench_append(count: int, per_run: int = 40, rounds: int = 3) -> dict[str, Any]:
    """Events per second: (1) the run log's write, from its buffer to committed rows (the
    events' integers as Arrow columns, their JSON made by DuckDB on the way in, one
    transaction); (2) DuckDB's own append of the finished rows (a ready Arrow table of them)
    into a table of the same shape; and (3), for the whole story, the log's rate counting the
    buffering of the engine's events. Medians of `rounds`, each in a fresh database, the two
    appends taking turns at going first (the first write into a new file pays for growing it,
    some 5% of either)."""
    gc.collect()
    gc.disable()  # a million live events would have the collector rescanning them all along
    try:
        return _bench_append(_synthetic(count), per_run, rounds)
    finally:
        gc.enable()


def _bench_append(events: list[Event], per_run: int, rounds: int) -> dict[str, Any]:
    count = len(events)
    ours: list[float] = []
    flushes: list[float] = []
    theirs: list[float] = []
    ready = None
    with tempfile.TemporaryDirectory() as folder:
        for round_ in range(rounds):
            engine = open_database(Path(folder) / f"bench{round_}.duckdb", notify=lambda _: None)
            raw = engine.raw_connection()
            duck = raw.driver_connection
            assert duck is not None
            try:
                duck.execute("CREATE TABLE events_copy AS SELECT * FROM events LIMIT 0")
                theirs_first = round_ % 2 == 1 and ready is not None
                if theirs_first:
                    theirs.append(_append_ready(duck, ready))
                started = time.perf_counter()
                buffer = RunBuffer()
                for run in range(0, count, per_run):
                    buffer.add_events(run // per_run + 1, 0, events[run : run + per_run])
                buffered = time.perf_counter()
                write(duck, buffer)
                ours.append(time.perf_counter() - started)
                flushes.append(time.perf_counter() - buffered)
                if ready is None:
                    ready = duck.execute("SELECT * FROM events").to_arrow_table()
                if not theirs_first:
                    theirs.append(_append_ready(duck, ready))
                written = duck.execute("SELECT count(*) FROM events").fetchone()[0]
                assert written == count and _copied(duck) == count
            finally:
                raw.close()
                engine.dispose()
    flush, theirs_s = statistics.median(flushes), statistics.median(theirs)
    return {
        "events": int(written),
        "rounds": rounds,
        "flush_seconds": round(flush, 6),
        "duckdb_seconds": round(theirs_s, 6),
        "events_per_second": round(count / flush, 1),
        "duckdb_events_per_second": round(count / theirs_s, 1),
        "share_of_duckdb": round(theirs_s / flush, 3),
        "with_serialising_events_per_second": round(count / statistics.median(ours), 1),
    }


def _append_ready(duck: Any, table: Any) -> float:
    """DuckDB's own append of a ready Arrow table, in one transaction: its seconds."""
    duck.register("_ready", table)
    try:
        started = time.perf_counter()
        duck.execute("BEGIN TRANSACTION")
        duck.execute("INSERT INTO events_copy SELECT * FROM _ready")
        duck.execute("COMMIT")
        return time.perf_counter() - started
    finally:
        duck.unregister("_ready")


def _copied(duck: Any) -> int:
    return int(duck.execute("SELECT count(*) FROM events_copy").fetchone()[0])
