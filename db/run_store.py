"""The save policy of a session that waits on a person (a fight, later a voyage or a duel):
every write opens the database, writes in one transaction, commits and closes, so between
keys nothing is held and other commands read and write the database freely.

If another process is writing at that moment, the write waits a few seconds for it (saying so
on stderr) and then fails in one line; the session's state is still in memory and the last
save is whole. A patient store (a game a person plays: `play`, `fight`, `duel`) waits as long
as it takes instead, saying so once per save, so the action in hand is saved as soon as the
file is free; Ctrl-C while it waits raises WaitInterrupted, with nothing of that save written.
A session holds Ctrl-C around a save and its own note of it (db/interrupts.py's `held`), so
what it says it saved is what was committed; only the wait for the lock lets Ctrl-C through.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import duckdb
import sqlalchemy as sa

from .connection import (
    Notify,
    _stderr,
    connect_waiting,
    open_database,
    translate,
    waiting_note,
)
from .errors import WaitInterrupted
from .interrupts import let_through, query_interrupted
from .runlog import RunBuffer, Statement, next_run_id, write


def patient_note(path: Path) -> str:
    """What a patient store says, once per save, when another process holds the file."""
    return (
        f"waiting for the database: {path} is in use by another process; the game saves and "
        "goes on as soon as it is free (Ctrl-C stops here, keeping the last save)"
    )


class RunStore:
    """Short transactions on one database file."""

    def __init__(self, path: Path, notify: Notify = _stderr, *, patient: bool = False) -> None:
        self.path = path
        self._notify = notify
        self.wait = math.inf if patient else None  # None: connection.LOCK_WAIT_SECONDS
        self._waited = False  # the waiting note was given for the write in hand
        self._said = False  # ... or, for a store that is not patient, ever (once a command)
        with self._interruptible():
            open_database(path, notify=self.notify, pooled=False, wait=self.wait).dispose()

    def notify(self, message: str) -> None:
        if message == waiting_note(self.path):
            if self._waited or (self._said and self.wait is None):
                return  # said already: a batch job writing many times says it once
            self._waited = self._said = True
            if self.wait is not None:
                message = patient_note(self.path)
        self._notify(message)

    @contextmanager
    def _interruptible(self) -> Iterator[None]:
        """Ctrl-C while waiting for the lock as WaitInterrupted (nothing was written yet); a
        wait inside a save's `held()` lets it through. Ctrl-C landing in a read's statement,
        which DuckDB reports as "Query interrupted", is the KeyboardInterrupt it was."""
        try:
            with let_through():
                yield
        except BaseException as error:
            if not isinstance(error, KeyboardInterrupt) and not query_interrupted(error):
                raise
            if not self._waited or self.wait is None:
                raise KeyboardInterrupt from None
            raise WaitInterrupted(f"stopped waiting for {self.path}") from None
        self._waited = False

    @contextmanager
    def _duck(self) -> Iterator[Any]:
        try:
            with self._interruptible():
                duck = connect_waiting(self.path, notify=self.notify, wait=self.wait)
        except duckdb.Error as error:
            raise translate(self.path, error) from error
        try:
            yield duck
        except BaseException as error:
            duck.interrupt()  # a statement Ctrl-C left running on DuckDB's threads: close waits
            if isinstance(error, KeyboardInterrupt) or query_interrupted(error):
                raise KeyboardInterrupt from None
            if isinstance(error, duckdb.Error):
                raise translate(self.path, error) from error
            raise
        finally:
            duck.close()

    @contextmanager
    def reading(self) -> Iterator[sa.Connection]:
        """A SQLAlchemy connection for reads, closed (and the file let go) at the end."""
        with self._interruptible():
            engine = open_database(self.path, notify=self.notify, pooled=False, wait=self.wait)
        try:
            with self._interruptible(), engine.connect() as conn:
                yield conn
        finally:
            engine.dispose()

    def start(self, fill: Callable[[int], tuple[RunBuffer, list[Statement]]]) -> int:
        """Begin a run: `fill(run_id)` gives its first rows and statements, written with the
        new run id in one transaction. Returns the run id."""
        with self._duck() as duck:
            run_id = next_run_id(duck)
            buffer, extra = fill(run_id)
            write(duck, buffer, extra=extra)
        return run_id

    @contextmanager
    def session(self) -> Iterator[Any]:
        """A raw DuckDB connection for one short unit of work (a study's rows), closed (and the
        file let go) at the end."""
        with self._duck() as duck:
            yield duck

    def write(self, buffer: RunBuffer, extra: list[Statement] | None = None) -> None:
        with self._duck() as duck:
            write(duck, buffer, extra=extra)
