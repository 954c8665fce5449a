"""One progress display for long work: "[3/9] laying coast nodes" on stderr, with the time
taken so far; silent when stderr is not a terminal unless asked."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from .common import note, stderr_console


@contextmanager
def stage_progress(
    total: int, *, enabled: bool = True
) -> Iterator[Callable[[int, int, str], None]]:
    """Yields on_stage(index, total, name) for a pipeline; shows a bar while it runs."""
    started = time.perf_counter()
    if not enabled:
        yield lambda index, count, name: None
        return
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
