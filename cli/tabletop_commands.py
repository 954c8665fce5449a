"""`privateer tabletop`: seed 003's card game. Without a subcommand it plays one seat against
bots in the terminal (cli/tabletop_play.py)."""

from __future__ import annotations

import typer

from .tabletop_play import play

app = typer.Typer(
    help="The tabletop card game of seed 003: play one nation against bots.",
    invoke_without_command=True,
)
app.callback()(play)
