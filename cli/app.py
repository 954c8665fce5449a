"""The `privateer` command: global options, and one sub-app per area."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click
import typer
from typer.core import TyperGroup

from privateer.cli import (
    bench_commands,
    db_commands,
    docs_commands,
    runs_commands,
    sweep_commands,
    world_commands,
)
from privateer.cli.chart_command import chart
from privateer.cli.common import INTERRUPTED_EXIT, USER_ERROR_EXIT, GlobalOptions, note, one_line
from privateer.cli.duel import commands as duel_commands
from privateer.cli.envs import commands as envs_commands
from privateer.cli.fight.commands import fight, sim
from privateer.cli.route_command import route
from privateer.cli.rumor_commands import bar, rumors
from privateer.cli.serve_command import serve
from privateer.cli.tabletop import commands as tabletop_commands
from privateer.cli.tribes import commands as tribes_commands
from privateer.cli.tune.commands import tune
from privateer.cli.voyage.commands import play, voyage
from privateer.cli.voyage.grounds_command import grounds


@contextmanager
def _one_line() -> Iterator[None]:
    """Click's own refusals (a value out of range, an unknown option or command, a missing
    argument) as the one line and exit 2 every other mistake gives, instead of typer's boxed
    panel. A group called with nothing still shows its help."""
    try:
        yield
    except click.exceptions.NoArgsIsHelpError:
        raise
    except click.ClickException as error:
        ctx = getattr(error, "ctx", None)
        hint = f" (try '{ctx.command_path} -h')" if ctx is not None else ""
        note(f"error: {one_line(error.format_message())}{hint}")
        raise click.exceptions.Exit(USER_ERROR_EXIT) from None


@contextmanager
def _interrupted() -> Iterator[None]:
    """Ctrl-C that no command words itself (a command that can take long says what it kept):
    one line and exit 130, never typer's silent 130 or, where it surfaced as another error
    (DuckDB's "Query interrupted", Python's wrapping of one raised as a class is made), a
    traceback."""
    try:
        yield
    except KeyboardInterrupt:
        note("interrupted")
        raise click.exceptions.Exit(INTERRUPTED_EXIT) from None
    except Exception as error:
        if isinstance(error, click.exceptions.Exit | click.ClickException):
            raise
        from privateer.db.interrupts import interrupted

        if not interrupted(error):
            raise
        note("interrupted")
        raise click.exceptions.Exit(INTERRUPTED_EXIT) from None


def _check_text(arg: str, where: str = "argument") -> None:
    """Refuse an argument that is not UTF-8 text (Python hands undecodable bytes over as lone
    surrogates): DuckDB, GDAL and JSON take only text, and would fail deep inside the work."""
    try:
        arg.encode("utf-8")
    except UnicodeEncodeError:
        note(f"error: {where} {arg!r} is not UTF-8 text (file names too must be)")
        raise click.exceptions.Exit(USER_ERROR_EXIT) from None


class OneLineErrors(TyperGroup):
    """The root command: every subcommand is parsed and run inside it, so catching click's
    errors here covers them all, however the command is started (the console script, `python
    -m privateer` or a test's CliRunner)."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        for arg in args:
            _check_text(arg)
        with _one_line():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        with _one_line(), _interrupted():
            return super().invoke(ctx)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """A Ctrl-C outside `invoke` (while click parses the arguments or closes the context)
        is typer's silent exit 130: the one line here too."""
        try:
            return super().main(*args, **kwargs)
        except SystemExit as done:
            if isinstance(getattr(done.__context__, "__cause__", None), KeyboardInterrupt):
                note("interrupted")
            raise


app = typer.Typer(
    name="privateer",
    cls=OneLineErrors,
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
app.command()(grounds)
app.add_typer(runs_commands.app, name="runs")
app.add_typer(runs_commands.saves_app, name="saves")
app.add_typer(duel_commands.app, name="duel")
app.add_typer(tabletop_commands.app, name="tabletop")
app.add_typer(tribes_commands.app, name="tribes")
app.add_typer(envs_commands.app, name="envs")
app.add_typer(sweep_commands.app, name="sweep")
app.command()(tune)
app.add_typer(docs_commands.app, name="docs")
app.command()(runs_commands.sql)
app.command()(runs_commands.report)
app.command()(serve)


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
    # db.connection's DB_ENV_VAR, named here: --version imports nothing of the database
    _check_text(os.environ.get("PRIVATEER_DB", ""), "$PRIVATEER_DB")
    ctx.obj = GlobalOptions(db=db)


def quiet_library_logs() -> None:
    """No library's log line reaches the terminal: every failure a command meets is said in
    its own one line. SQLAlchemy logs a connection that fails to close (a Ctrl-C landing in
    DuckDB's close) with its traceback, through logging's last resort to stderr, before the
    error goes on to the command, which says it."""
    import logging

    logging.getLogger("sqlalchemy").addHandler(logging.NullHandler())


def main() -> None:
    quiet_library_logs()
    try:
        app()
    except KeyboardInterrupt:  # before a command runs (typer building the commands)
        note("interrupted")
        raise SystemExit(INTERRUPTED_EXIT) from None


if __name__ == "__main__":
    main()
