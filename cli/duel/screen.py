"""The hex duel in a terminal: draw the board and both ships, read orders, send them to the
session, show what happened (as Red may see it). Works with piped input, a line at a time.
The screen decides no rule."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

import typer

from privateer.cli.duel.render import (
    KEYS_HELP,
    board_lines,
    debug_lines,
    event_line,
    parse_command,
    status_lines,
)
from privateer.cli.duel.session import DuelSession
from privateer.cli.session import input_ended
from privateer.engine.duel import RED, debug_view, observe, outcome, redact_event
from privateer.engine.events import Event

PROMPT = "orders (? for keys, q to stop) > "


def show(session: DuelSession, debug: bool) -> None:
    view = debug_view(session.state, RED) if debug else observe(session.state, RED)
    typer.echo("")
    for line in board_lines(view):
        typer.echo(line)
    for line in status_lines(view):
        typer.echo(line)
    if debug:
        for line in debug_lines(view):
            typer.echo(line)


def tell(events: Sequence[Event]) -> None:
    for event in events:
        line = event_line(redact_event(event, RED))
        if line:
            typer.echo(f"  {line}")


def run(
    session: DuelSession,
    *,
    debug: bool = False,
    read_line: Callable[[], str] | None = None,
    draw: Callable[[DuelSession, bool], None] = show,
) -> None:
    """Play until the duel ends, the person stops, or the input ends (the duel stays saved).
    `draw` shows the board before each order (a full screen draws it in a panel of its own)."""
    read_line = read_line or sys.stdin.readline
    while not session.over:
        draw(session, debug)
        typer.echo(PROMPT, nl=False)
        line = read_line()
        if not line:
            at = f"in round {session.state.round}"
            input_ended(session.run_id, at, "privateer duel --resume")
            return
        text = line.strip().lower()
        if text in ("?", "help"):
            typer.echo(KEYS_HELP)
            continue
        if text in ("q", "quit"):
            typer.echo(
                f"stopped in round {session.state.round}; run {session.run_id} is saved, "
                "`privateer duel --resume` picks it up"
            )
            return
        try:
            codes = parse_command(text)
        except ValueError as error:
            typer.echo(str(error))
            continue
        events, problem = session.orders(codes)
        tell(events)
        if problem:
            typer.echo(problem)
    done = outcome(session.state)
    assert done is not None
    view = observe(session.state, RED)
    for line in board_lines(view):
        typer.echo(line)
    winner = {None: "nobody", 0: "you (Red)", 1: "the Blue captain"}[done.winner]
    typer.echo(
        f"the duel is over after {done.rounds} rounds: {done.termination.value}; "
        f"won by {winner} (run {session.run_id})"
    )
