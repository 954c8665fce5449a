"""The `privateer` command: global options, and one sub-app per area."""

from __future__ import annotations

from pathlib import Path

import typer

from . import bench_commands, db_commands, duel_commands, runs_commands, world_commands
from .chart_command import chart
from .combat_commands import fight, sim
from .common import GlobalOptions
from .route_command import route
from .rumor_commands import bar, rumors
from .voyage_commands import play, voyage

app = typer.Typer(
    name="privateer",
    help="privateer: a card-based privateering roguelike round the world in 16XX, "
    "with its world in DuckDB and every run logged for SQL.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    rich_markup_mode="markdown",  # docstrings' wrapped lines read as one paragraph
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(db_commands.app, name="db")
app.add_typer(world_commands.app, name="world")
app.add_typer(bench_commands.app, name="bench")
app.command()(chart)
app.command()(route)
app.command()(bar)
app.command()(rumors)
app.command()(fight)
app.command()(sim)
app.command()(voyage)
app.command()(play)
app.add_typer(runs_commands.app, name="runs")
app.add_typer(runs_commands.saves_app, name="saves")
app.add_typer(duel_commands.app, name="duel")
app.command()(runs_commands.sql)
app.command()(runs_commands.report)


def _version(value: bool) -> None:
    if value:
        from privateer import __version__

        typer.echo(f"privateer {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    db: Path | None = typer.Option(
        None,
        "--db",
        help="Database file. Default: $PRIVATEER_DB, else ./privateer.duckdb.",
        dir_okay=False,
    ),
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    ctx.obj = GlobalOptions(db=db)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
