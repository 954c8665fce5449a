"""Ctrl-C held off while a save is in flight, so the save either commits or is never begun,
and what a game says it saved is what the database holds.

DuckDB checks for signals as it works: a KeyboardInterrupt raised inside a statement stops it
("Query interrupted", a RuntimeError), COMMIT included, and the caller cannot tell whether the
transaction committed (a ROLLBACK after it may find none). Inside `held()`, SIGINT is only
noted; it is raised as KeyboardInterrupt when the outermost block ends, after the commit and
the bookkeeping that records it. A wait for another process's lock inside it is
`let_through()`: Ctrl-C there stops at once, since nothing of the save is written yet.

Only Python's own Ctrl-C is held (SIGINT's handler `default_int_handler`, in the main thread):
a command that handles SIGINT itself, ignores it, or a thread (the browser's requests) is left
as it is.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class _Hold:
    depth = 0  # nested held() blocks; the outermost installs and restores the handler
    noted = False  # a Ctrl-C came while held, to be raised at the end
    through = False  # inside let_through(): a Ctrl-C is raised at once


def _on_sigint(_signum: int, _frame: FrameType | None) -> None:
    if _Hold.through:
        raise KeyboardInterrupt
    _Hold.noted = True


@contextmanager
def held() -> Iterator[None]:
    """Ctrl-C inside is raised as KeyboardInterrupt when the block ends (the outermost, if
    nested; this one, inside `let_through()`), not where it lands. An exception leaving the
    block goes on as it is (it ends the command anyway)."""
    if _Hold.depth == 0 and (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    if _Hold.depth == 0:
        _Hold.noted = False
        signal.signal(signal.SIGINT, _on_sigint)
    _Hold.depth += 1
    through, _Hold.through = _Hold.through, False  # held inside let_through() holds too
    try:
        yield
    finally:
        _Hold.depth -= 1
        _Hold.through = through
        outermost = _Hold.depth == 0
        if outermost:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    if (outermost or through) and _Hold.noted:
        _Hold.noted = False
        raise KeyboardInterrupt


@contextmanager
def let_through() -> Iterator[None]:
    """Inside `held()`, a Ctrl-C that comes now (or came already) is raised at once: for a
    wait on another process, before anything is written."""
    if _Hold.depth == 0 or _Hold.through:
        yield
        return
    if _Hold.noted:
        _Hold.noted = False
        raise KeyboardInterrupt
    _Hold.through = True
    try:
        yield
    finally:
        _Hold.through = False


def interrupted(error: BaseException) -> bool:
    """Whether `error` is a Ctrl-C however it surfaced: a KeyboardInterrupt, DuckDB's word for
    one, or an error it caused (Python 3.11 wraps one raised as a class is made, during a lazy
    import, in a RuntimeError)."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt) or query_interrupted(current):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def query_interrupted(error: BaseException) -> bool:
    """Whether `error` is DuckDB's word for a KeyboardInterrupt that landed in a statement
    (a RuntimeError, "Query interrupted"; InterruptException in some versions and calls)."""
    if type(error) is RuntimeError:
        return str(error).strip() == "Query interrupted"
    duckdb = sys.modules.get("duckdb")  # not imported: not DuckDB's
    return duckdb is not None and isinstance(error, duckdb.InterruptException)
