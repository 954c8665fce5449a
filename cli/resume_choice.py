"""The one question `play` and `tabletop` ask before starting afresh over a game still in
progress: resume the newest, or abandon them all (so saves do not pile up). --new abandons
without asking; end of input without an answer changes nothing and says what to pass."""

from __future__ import annotations

import sys
from collections.abc import Callable

import typer

from privateer.cli.common import fail


def resume_or_abandon(
    runs: list[int], said: str, *, new: bool, abandon: Callable[[list[int]], None]
) -> int | None:
    """The run to pick up (the newest, `runs[0]`), or None to start afresh once `abandon` has
    marked them all; `said` names the newest for the person."""
    newest = runs[0]
    if new:
        abandon(runs)
        return None
    older = f"; older, still in progress: runs {', '.join(map(str, runs[1:]))}" if runs[1:] else ""
    typer.echo(f"{said}{older}")
    while True:
        typer.echo("resume or abandon (r/a)? ", nl=False)
        answer = sys.stdin.readline() if sys.stdin is not None else ""
        if not answer:
            typer.echo("")
            fail(
                f"no answer: pass --resume to pick run {newest} up, or --new to abandon it and "
                "start afresh"
            )
        choice = answer.strip().lower()
        if choice in ("r", "resume"):
            return newest
        if choice in ("a", "abandon"):
            abandon(runs)
            return None
        typer.echo("  r picks it up where it was; a abandons it and starts afresh")
