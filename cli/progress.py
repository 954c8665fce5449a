"""Progress on stderr for long work: a pipeline's stages ("[3/9] laying coast nodes") or a
count ("voyages ━━━━ 40/200 0:00:12"). Shown only when stderr is a terminal and --quiet was not
given, so a pipe or a log file gets nothing, not even a blank line."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from privateer.cli.common import note, stderr_console

QUIET_HELP = "No progress display (it shows only when stderr is a terminal)."


def shown(quiet: bool = False) -> bool:
    """Whether to show progress: stderr is a terminal and --quiet was not given."""
    return not quiet and sys.stderr.isatty()


@contextmanager
def stage_progress(
    total: int, *, enabled: bool = True
) -> Iterator[Callable[[int, int, str], None]]:
    """Yields on_stage(index, total, name) for a pipeline; shows a bar while it runs."""
    started = time.perf_counter()
    if not enabled:
        yield lambda index, count, name: None
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(
        TextColumn("[{task.completed}/{task.total}] {task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        console=stderr_console(),
        transient=True,
    )
    task = progress.add_task("starting", total=total)

    def on_stage(index: int, count: int, name: str) -> None:
        progress.update(task, completed=index - 1, total=count, description=name)

    with progress:
        yield on_stage
        progress.update(task, completed=total)
    note(f"done in {time.perf_counter() - started:.1f}s")


@contextmanager
def counting(what: str, total: int, *, quiet: bool = False) -> Iterator[Callable[[int], None]]:
    """Yields advance(n) for work counted in units (voyages, days, duels, runs): a bar with
    the count and the time taken, gone when the work ends. (rich is imported here: commands
    import this module at start-up.)"""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(
        TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=stderr_console(), transient=True, disable=not shown(quiet),
    )  # fmt: skip
    task = progress.add_task(what, total=total)

    def advance(count: int) -> None:
        progress.advance(task, count)

    with progress:
        yield advance
