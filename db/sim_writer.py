"""Logging simulated fights without slowing the simulation: the simulating process sends each
fight's seed and keeps to a writer process, which replays them through the engine for their
events (the engine is deterministic, so these are the fight's events), buffers the rows and
writes each batch in one transaction. The two run on the machine's two cores at once.

The writer is the database's only writer while it runs. If the simulating process dies, the
writer notices, drops the batch it was given no end to and exits; if either is killed mid-batch
the transaction is never committed, so the database holds whole batches only.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import queue
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

import duckdb

from privateer.engine.outfit import Outfit

from .errors import DatabaseError

BATCH_FIGHTS = 1000  # a transaction each: fewer commits, and at most this many lost to a kill
CHUNK_FIGHTS = 100  # sent to the writer this many at a time, so it keeps pace with the fights


@dataclass(frozen=True)
class Fight:
    bot: str
    target: str
    outfit: Outfit
    seed: int
    actions: list[str]
    outcome: str


# On the way to the writer a batch travels light: what is shared once, then per fight only the
# seed, the keeps as one string ("12 31 ...") and the outcome, checked on replay.
Batch = tuple[str, str, Outfit, list[tuple[int, str, str]]]


def _writer(db_path: str, inbox: Any, outbox: Any, parent: int) -> None:
    from privateer.engine.replay import replay_fight

    from .connection import open_database
    from .runlog import RunBuffer, next_run_id, write

    gc.disable()  # short-lived, acyclic rows: the collector would only cost time here
    try:  # opening (and upgrading) the database here lets the simulation start at once
        # Checked and brought to head here; the writing itself needs no spatial extension, so
        # a plain DuckDB connection saves loading it.
        open_database(Path(db_path), notify=lambda note: outbox.put(("note", note, 0))).dispose()
        duck = duckdb.connect(db_path)
    except BaseException as error:
        outbox.put(("error", str(error), 0))
        return
    duck.execute("SET threads = 1")  # the other core is the simulation's
    # Commits append to the write-ahead log; checkpointing it into the file waits for the end
    # (or the next open, if killed), instead of interrupting the batches.
    duck.execute("SET checkpoint_threshold = '1GB'")
    runs = events = 0
    try:
        run_id = next_run_id(duck)
        buffer = RunBuffer()
        fought = 0
        while True:
            try:
                chunk = inbox.get(timeout=1.0)
            except queue.Empty:
                if os.getppid() != parent:
                    return  # the simulation died: the batch in flight is dropped, uncommitted
                continue
            if chunk is None:
                if fought:
                    events += write(duck, buffer)
                    runs += fought
                break
            size, chunk = chunk
            for bot, target, outfit, fights in chunk:
                for seed, keeps, outcome in fights:
                    record = replay_fight(target, outfit, seed, keeps.split())
                    state = record.state
                    got = state.result.value if state and state.result else None
                    if got != outcome:
                        raise RuntimeError(
                            f"replay of seed {seed} gave {got}, the simulation {outcome}"
                        )
                    buffer.add_fight(run_id, "sim", record, bot)
                    run_id += 1
                fought += len(fights)
            if fought >= size:
                events += write(duck, buffer)
                runs += fought
                buffer, fought = RunBuffer(), 0
                outbox.put(("batch", runs, events))
        outbox.put(("done", runs, events))
    except BaseException as error:  # report, then die: the parent raises it
        outbox.put(("error", f"{type(error).__name__}: {error}", 0))
    finally:
        duck.close()


class SimWriter:
    """Use as a context manager around a simulation; `add` each fight."""

    def __init__(self, db_path: Path, batch_fights: int = BATCH_FIGHTS) -> None:
        self.db_path = db_path
        self.batch_fights = batch_fights
        self.batch: list[Batch] = []
        self.pending = 0
        context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        self.inbox = context.Queue(maxsize=64)
        self.outbox = context.Queue()
        self.process = context.Process(
            target=_writer, args=(str(db_path), self.inbox, self.outbox, os.getpid()), daemon=True
        )
        self.runs = 0
        self.events = 0
        self.notes: list[str] = []

    def __enter__(self) -> SimWriter:
        self.process.start()
        return self

    def add(self, fight: Fight) -> None:
        item = (fight.seed, " ".join(fight.actions), fight.outcome)
        last = self.batch[-1] if self.batch else None
        if last is not None and last[:3] == (fight.bot, fight.target, fight.outfit):
            last[3].append(item)
        else:
            self.batch.append((fight.bot, fight.target, fight.outfit, [item]))
        self.pending += 1
        if self.pending >= min(CHUNK_FIGHTS, self.batch_fights):
            self._send()

    def _send(self) -> None:
        self._read_news(block=False)
        if not self.process.is_alive():
            self._read_news(block=False)
            raise DatabaseError("logging failed: the log writer stopped")
        self.inbox.put((self.batch_fights, self.batch))
        self.batch = []
        self.pending = 0

    def _read_news(self, *, block: bool, timeout: float = 60.0) -> str | None:
        """Take the writer's messages: notes are kept, errors raised; returns the last
        status ('batch' or 'done') seen."""
        status = None
        while True:
            try:
                kind, detail, events = self.outbox.get(block=block, timeout=timeout)
            except queue.Empty:
                if block:
                    self.process.terminate()
                    raise DatabaseError(
                        "logging failed: the log writer stopped answering"
                    ) from None
                return status
            if kind == "error":
                self.process.join(timeout=5)
                raise DatabaseError(str(detail))
            if kind == "note":
                self.notes.append(str(detail))
                continue
            self.runs, self.events = int(detail), int(events)
            status = kind
            if block:
                return status

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is not None:  # the simulation failed: the writer drops what is in flight
            self.process.terminate()
            self.process.join()
            return
        if self.batch:
            self._send()
        self.inbox.put(None)
        while self._read_news(block=True) != "done":
            pass
        self.process.join()
