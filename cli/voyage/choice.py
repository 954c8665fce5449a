"""Before `play` starts a voyage, and when Ctrl-C ends one: a voyage of the same seed and
rules still in progress is offered back (resume or abandon) rather than left to pile up, and an
interrupted voyage says the day it is saved on and how to pick it up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

import typer

from privateer.cli.common import INTERRUPTED_EXIT, note
from privateer.cli.resume_choice import resume_or_abandon

if TYPE_CHECKING:
    from privateer.cli.voyage.session import VoyageSession
    from privateer.db.run_store import RunStore


def _described(saved: dict[str, Any]) -> str:
    return f"day {saved['day']}, {saved['gold']} gold, {saved['where']}"


def _abandon(store: RunStore, runs: list[int]) -> None:
    """Abandon the runs in one transaction: saves gone, runs marked abandoned (events stay)."""
    from privateer.db.runlog import RunBuffer
    from privateer.db.saves import abandon_statements

    store.write(RunBuffer(), [s for run_id in runs for s in abandon_statements(run_id)])
    typer.echo(
        f"abandoned run{'s' if len(runs) > 1 else ''} {', '.join(map(str, runs))} "
        "(its events stay; `privateer runs show` has it)"
    )


def settle(store: RunStore, seed: int, rules: str, *, new: bool) -> int | None:
    """The run to pick up, or None to start afresh: a voyage of `seed` under `rules` still in
    progress is offered back (r: resume the newest; a: abandon them all). --new abandons
    without asking; end of input without an answer changes nothing and says what to pass."""
    from privateer.db.saves import saves_in_progress
    from privateer.engine.voyage import MODE

    with store.reading() as conn:
        waiting = saves_in_progress(conn, MODE, seed, rules=rules)
    if not waiting:
        return None
    runs = [int(s["run_id"]) for s in waiting]
    said = f"run {runs[0]} (seed {seed}, rules {rules}) is in progress: {_described(waiting[0])}"
    return resume_or_abandon(runs, said, new=new, abandon=lambda gone: _abandon(store, gone))


def interrupted(session: VoyageSession | None) -> NoReturn:
    """Ctrl-C in `play`: the day the run is saved on and how to pick it up; exit 130."""
    typer.echo("")
    if session is None:
        note("interrupted: no voyage begun")
    elif session.closed:
        typer.echo(f"interrupted: run {session.run_id} is over ({session.state.outcome})")
    else:
        run_id = session.run_id
        typer.echo(
            f"interrupted: run {run_id} saved on day {session.saved_day}; "
            f"`privateer play --resume --run {run_id}` picks it up"
        )
    raise typer.Exit(INTERRUPTED_EXIT)
