"""What every command shares: the global options, opening the database with errors turned into
one line on stderr, and printing data as a table or as JSON."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

USER_ERROR_EXIT = 2

out = Console(soft_wrap=True)
if not out.is_terminal:
    out.width = 160  # piped or captured: wide enough that tables keep their values whole
err = Console(stderr=True, soft_wrap=True)


@dataclass(slots=True)
class GlobalOptions:
    db: Path | None = None


def global_options(ctx: typer.Context) -> GlobalOptions:
    obj = ctx.find_root().obj
    return obj if isinstance(obj, GlobalOptions) else GlobalOptions()


def fail(message: str) -> NoReturn:
    """A user-facing error: one line on stderr, exit code 2, no traceback."""
    err.print(f"error: {message}", markup=False, highlight=False)
    raise typer.Exit(USER_ERROR_EXIT)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the library's user-facing errors into `fail`."""
    from privateer.db.errors import DatabaseError

    try:
        yield
    except DatabaseError as error:
        fail(str(error))


def open_db(ctx: typer.Context, *, upgrade: bool = True, read_only: bool = False) -> Any:
    """The database engine for this invocation, or a one-line failure."""
    from privateer.db import open_database

    def notify(message: str) -> None:
        err.print(message, markup=False, highlight=False)

    with user_errors():
        engine = open_database(
            global_options(ctx).db, upgrade=upgrade, read_only=read_only, notify=notify
        )
    # However the command ends (an error's one line and exit included), its connections close.
    ctx.call_on_close(engine.dispose)
    return engine


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, sort_keys=False, default=str))


def print_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    table = Table(title=title, show_lines=False)
    for column in columns:
        table.add_column(column)
    for row in rows:
        table.add_row(*("" if v is None else str(v) for v in row))
    out.print(table)


def print_pairs(rows: Sequence[tuple[str, Any]]) -> None:
    """Name/value lines, names aligned; plain text, so nothing wraps or truncates a value."""
    width = max((len(name) for name, _ in rows), default=0)
    for name, value in rows:
        typer.echo(f"{name.ljust(width)}  {'' if value is None else value}")
