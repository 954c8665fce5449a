"""The fight in a terminal: read keys, send keeps to the session, show what happened.

Works in a plain terminal and with piped input (a line at a time). The screen decides no rule:
it shows the state and the events, and sends the session the keep a person chose.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import typer

from privateer.cli.fight.session import FightSession
from privateer.cli.render import event_line, glossary_lines, state_lines
from privateer.cli.session import input_ended
from privateer.engine.fight import Keep

PROMPT_KEYS = "keep two (1 2 3, in order{chosen}), ? words, s break off > "


def show(session: FightSession) -> None:
    typer.echo("")
    for line in state_lines(session.state):
        typer.echo(line)


def run(
    session: FightSession,
    read_line: Callable[[], str] | None = None,
    draw: Callable[[FightSession], None] = show,
) -> None:
    """Play the session to its end, or until the person breaks off or the input ends.
    Lines come from stdin unless `read_line` gives them; `draw` shows the fight before each
    keep (a full screen draws it in a panel of its own)."""
    read_line = read_line or sys.stdin.readline
    picks: list[int] = []
    while not session.over:
        state = session.state
        draw(session)
        chosen = ", chosen: " + " then ".join(str(p + 1) for p in picks) if picks else ""
        typer.echo(PROMPT_KEYS.format(chosen=chosen), nl=False)
        line = read_line()
        if not line:
            input_ended(session.run_id, f"at round {state.round}", "privateer fight --resume")
            return
        text = line.strip().lower()
        if text == "?":
            for words in glossary_lines():
                typer.echo(words)
            continue
        if text == "s":
            typer.echo(
                f"broken off at round {state.round}; run {session.run_id} is saved, "
                "`privateer fight --resume` picks it up"
            )
            return
        problem = _take_picks(text, picks)
        if problem:
            typer.echo(problem)
            picks.clear()
            continue
        if len(picks) < 2:
            continue
        keep = Keep(picks[0], picks[1])
        picks.clear()
        for event in session.play(keep):
            rendered = event_line(event)
            if rendered:
                typer.echo(rendered)
    settlement = session.settlement()
    typer.echo("")
    typer.echo(
        f"settled: {settlement.outcome.value.replace('_', ' ')}; payout {settlement.payout}"
        f" gold (plunder {settlement.plunder}, bounty {settlement.bounty}); "
        f"your hull {settlement.hull}; rumors {settlement.rumors}"
    )


def _take_picks(text: str, picks: list[int]) -> str | None:
    """Add the cards picked in `text` to `picks`; a line explaining a bad key, or None."""
    for ch in text.replace(" ", ""):
        if ch not in "123":
            return f"{ch!r} is not a key here: pick cards 1, 2 or 3, ? for words, s to stop"
        index = int(ch) - 1
        if index in picks:
            return f"card {ch} is already picked"
        if len(picks) == 2:
            return "two cards are picked: press enter to resolve"
        picks.append(index)
    return None
