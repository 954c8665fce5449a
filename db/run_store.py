"""The save policy of a session that waits on a person (a fight, later a voyage or a duel):
every write opens the database, writes in one transaction, commits and closes, so between
keys nothing is held and other commands read and write the database freely.

If another process is writing at that moment, the write waits a few seconds for it (saying so
on stderr) and then fails in one line; the session's state is still in memory and the last
save is whole.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import duckdb
import sqlalchemy as sa

from .connection import Notify, _stderr, connect_waiting, open_database, translate
from .runlog import RunBuffer, Statement, next_run_id, write


class RunStore:
    """Short transactions on one database file."""

    def __init__(self, path: Path, notify: Notify = _stderr) -> None:
        self.path = path
        self.notify = notify
        open_database(path, notify=notify, pooled=False).dispose()  # exists, at head

    @contextmanager
    def _duck(self) -> Iterator[Any]:
        try:
            duck = connect_waiting(self.path, notify=self.notify)
        except duckdb.Error as error:
            raise translate(self.path, error) from error
        try:
            yield duck
        except duckdb.Error as error:
            raise translate(self.path, error) from error
        finally:
            duck.close()

    @contextmanager
    def reading(self) -> Iterator[sa.Connection]:
        """A SQLAlchemy connection for reads, closed (and the file let go) at the end."""
        engine = open_database(self.path, notify=self.notify, pooled=False)
        try:
            with engine.connect() as conn:
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

    def write(self, buffer: RunBuffer, extra: list[Statement] | None = None) -> None:
        with self._duck() as duck:
            write(duck, buffer, extra=extra)
