"""Who of this server's threads may have the database file open, and how: any number of
readers together, or one writer alone.

DuckDB shares one open database between the connections a process makes to a file, and
refuses a connection whose configuration differs from those already open (a read-only one
beside a writing one: "Can't open a connection to same database file with a different
configuration"). Every reader here opens the file the same way (db/connection.py's one
configuration, read-only), so readers may overlap; a writer (a voyage's save) waits for them
to close and holds the file alone. A waiting writer goes before readers that come after it, so
a busy chart cannot starve a player's move. A thread that holds the file may ask again (a
writer may read; a reader may read more) without waiting on itself.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class FileGate:
    """Readers together, a writer alone; re-entrant per thread, writers first."""

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._readers = 0  # threads reading now
        self._writer: int | None = None  # the thread writing now
        self._writers_waiting = 0
        self._held = threading.local()  # this thread's depth: (reads, writes)

    def _depth(self) -> tuple[int, int]:
        return getattr(self._held, "reads", 0), getattr(self._held, "writes", 0)

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Hold the file for reading (with other readers) until the block ends."""
        reads, writes = self._depth()
        if reads or writes:  # already held by this thread: reading within is safe
            self._held.reads = reads + 1
            try:
                yield
            finally:
                self._held.reads = reads
            return
        with self._cond:
            while self._writer is not None or self._writers_waiting:
                self._cond.wait()
            self._readers += 1
        self._held.reads = 1
        try:
            yield
        finally:
            self._held.reads = 0
            with self._cond:
                self._readers -= 1
                if not self._readers:
                    self._cond.notify_all()

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Hold the file alone until the block ends (reads within it are this thread's)."""
        reads, writes = self._depth()
        if writes:
            self._held.writes = writes + 1
            try:
                yield
            finally:
                self._held.writes = writes
            return
        if reads:
            raise RuntimeError("a thread reading the file cannot start writing it")
        me = threading.get_ident()
        with self._cond:
            self._writers_waiting += 1
            try:
                while self._writer is not None or self._readers:
                    self._cond.wait()
            finally:
                self._writers_waiting -= 1
                self._cond.notify_all()  # readers held back for this writer look again
            self._writer = me
        self._held.writes = 1
        try:
            yield
        finally:
            self._held.writes = 0
            with self._cond:
                self._writer = None
                self._cond.notify_all()
