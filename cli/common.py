"""What every command shares: the global options, opening the database with errors turned into
one line on stderr, and printing data. (Checking and writing an output file: cli/outputs.py.)

Data is printed literally, always: table cells are rich Text, never markup, so a value such as
`[bold]` or `:x:` prints as written.
"""

from __future__ import annotations

import csv
import functools
import inspect
import io
import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar, cast

import typer

if TYPE_CHECKING:
    import sqlalchemy as sa
    from rich.console import Console

USER_ERROR_EXIT = 2
INTERRUPTED_EXIT = 130  # 128 + SIGINT: what a shell reports for a command Ctrl-C ended


def stderr_console() -> Console:
    """A rich console on stderr, for progress bars (imported only by commands that show one)."""
    from rich.console import Console

    return Console(stderr=True, soft_wrap=True)


@dataclass(slots=True)
class GlobalOptions:
    db: Path | None = None


def global_options(ctx: typer.Context) -> GlobalOptions:
    obj = ctx.find_root().obj
    return obj if isinstance(obj, GlobalOptions) else GlobalOptions()


def note(message: str) -> None:
    """A line for the person at the terminal (progress, what was written), on stderr."""
    typer.echo(message, err=True)


def fail(message: str) -> NoReturn:
    """A user-facing error: one line on stderr, exit code 2, no traceback."""
    note(f"error: {one_line(message)}")
    raise typer.Exit(USER_ERROR_EXIT)


def needs_input(command: str) -> None:
    """Refuse, before anything is made, a game started with its standard input closed
    (`<&-`): it could read no move, and would leave a run behind that nobody played."""
    import sys

    stdin = sys.stdin
    if stdin is None or stdin.closed:
        fail(
            f"{command} needs input: stdin is closed; run it at a terminal or pipe its moves in "
            f"(`privateer {command} < moves.txt`)"
        )


def stopped_waiting(run_id: int | None, resume: str) -> NoReturn:
    """Ctrl-C while a game's save waited for the database (db's WaitInterrupted): one line
    saying what stands, and exit 130. Nothing of the move in hand was written."""
    if run_id is None:
        note("interrupted while waiting for the database: nothing was written")
    else:
        note(
            f"interrupted while waiting for the database: run {run_id} stays as it was last "
            f"saved, without the move in hand; `{resume}` picks it up"
        )
    raise typer.Exit(INTERRUPTED_EXIT)


def interrupted_game(game: str, run_id: int | None, saved: str | None, resume: str) -> NoReturn:
    """Ctrl-C in a game a person plays: one line saying where the run's last save stands
    (`saved`, "in round 3", as the session noted it once committed; None: the run's end is
    written) and how to pick it up; exit 130."""
    typer.echo("")  # the prompt's line ends
    if run_id is None:
        note(f"interrupted: no {game} begun")
    elif saved is None:
        typer.echo(f"interrupted: run {run_id} is over")
    else:
        typer.echo(
            f"interrupted: run {run_id} saved {saved}; `{resume} --run {run_id}` picks it up"
        )
    raise typer.Exit(INTERRUPTED_EXIT)


def one_line(message: str) -> str:
    """A message kept to one line: a line break in what it quotes (a file name may hold one)
    is shown as \\n."""
    return message.replace("\r", "\\r").replace("\n", "\\n")


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the library's user-facing errors into `fail`."""
    from privateer.db.errors import DatabaseError

    try:
        yield
    except DatabaseError as error:
        fail(str(error))


def db_path(ctx: typer.Context) -> Path:
    from privateer.db.connection import resolve_db_path

    with user_errors():  # a name the system cannot look up (too long, say): one line
        return resolve_db_path(global_options(ctx).db)


def existing_db(ctx: typer.Context) -> Path:
    """The database's path, or one line and exit 2 if there is no file there: a command that
    only reads never creates a database (a mistyped --db would otherwise leave an empty one
    behind and answer as if it held nothing)."""
    path = db_path(ctx)
    if not path.exists():
        fail(
            f"no database at {path}; a command that only reads creates none "
            "(`privateer db upgrade` or `privateer world build` makes one)"
        )
    return path


def open_db(
    ctx: typer.Context,
    *,
    upgrade: bool = True,
    read_only: bool = False,
    spatial: bool = False,
    pooled: bool = True,
    must_exist: bool = False,
    create: bool = True,
) -> sa.Engine:
    """The database engine for this invocation, or a one-line failure. With create=False (a
    command that only reads) a missing file is refused, not made; an older one is still
    upgraded.

    This is the one place an engine's disposal is registered: however the command ends (an
    error's one line and exit included), its connections close.
    """
    from privateer.db import open_database

    if not create:
        existing_db(ctx)
    with user_errors():
        engine = open_database(
            global_options(ctx).db,
            upgrade=upgrade,
            read_only=read_only,
            spatial=spatial,
            pooled=pooled,
            must_exist=must_exist,
            notify=note,
        )
    ctx.call_on_close(engine.dispose)
    return engine


T = TypeVar("T")


def read_at_head(ctx: typer.Context, read: Callable[[Any], T], *, create: bool = True) -> T:
    """`read(connection)` on the database at head: when it already is, on the one read-only
    connection that checked it (db/connection.py's read_at_head: the quick path of listing
    commands); else once it is created (unless create=False) or upgraded through open_db."""
    from privateer.db.connection import check_path
    from privateer.db.connection import read_at_head as read_db_at_head

    path = existing_db(ctx) if not create else db_path(ctx)
    with user_errors():
        check_path(path)
        if path.exists():
            done, found = read_db_at_head(path, read, note)
            if done:
                return cast(T, found)
    open_db(ctx, create=create)
    with user_errors():
        done, found = read_db_at_head(path, read, note)
    if not done:
        fail(f"{path} is not at the schema's head after its upgrade")
    return cast(T, found)


# --- printing data ----------------------------------------------------------------------------


class Format(Enum):
    TABLE = "table"
    JSON = "json"
    NL = "nl"
    CSV = "csv"


def plain(value: Any) -> Any:
    """A value as JSON and CSV carry it: dates and times as ISO text (a timestamp with a space,
    as DuckDB writes it); a float that is not a number, or infinite, as nothing (JSON has no
    NaN: `NaN` in the output would stop every reader of it); bytes (a BLOB) as DuckDB writes
    them as text (`\\xAA` for each byte outside printable ASCII); a list's or a struct's values
    likewise; the rest as it is."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, datetime):
        return value.isoformat(sep=" ")
    if hasattr(value, "isoformat"):  # a date, or a time of day (TIME, TIMETZ): no separator
        return value.isoformat()
    if isinstance(value, bytes | bytearray | memoryview):
        return "".join(chr(b) if 32 <= b < 127 and b != 92 else f"\\x{b:02X}" for b in bytes(value))
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def percent(value: Any) -> str:
    """A rate (a fraction 0-1) as tables show it."""
    return "" if value is None else f"{100.0 * float(value):.0f}%"


@dataclass(slots=True)
class Output:
    """How a listing command prints: a table to read (the default), a JSON array, newline-
    delimited JSON, or CSV. Rates are fractions in JSON and CSV and percentages in tables,
    in every command."""

    format: Format = Format.TABLE
    rates: frozenset[str] = field(default_factory=frozenset)

    def rows(
        self,
        rows: Sequence[Mapping[str, Any]],
        columns: Sequence[str] | None = None,
        *,
        title: str | None = None,
        rates: Sequence[str] = (),
    ) -> None:
        """A list of records."""
        columns = list(columns or (rows[0].keys() if rows else []))
        rate_columns = set(rates) | set(self.rates)
        if self.format is Format.JSON:
            print_json([{c: plain(r.get(c)) for c in columns} for r in rows])
        elif self.format is Format.NL:
            for r in rows:
                record = {c: plain(r.get(c)) for c in columns}
                typer.echo(json.dumps(record, default=str, ensure_ascii=False))
        elif self.format is Format.CSV:
            buffer = io.StringIO()
            writer = csv.writer(buffer, lineterminator="\n")
            writer.writerow(columns)
            writer.writerows([[plain(r.get(c)) for c in columns] for r in rows])
            typer.echo(buffer.getvalue(), nl=False)
        else:
            cells = [
                [percent(r.get(c)) if c in rate_columns else r.get(c) for c in columns]
                for r in rows
            ]
            print_table(title, columns, cells)

    def record(self, data: Mapping[str, Any], *, title: str | None = None) -> None:
        """One record (nested values allowed): JSON as it is; a table or CSV of name/value
        pairs, nested keys joined with dots."""
        if self.format in (Format.JSON, Format.NL):
            if self.format is Format.JSON:
                print_json({k: _plain_deep(v) for k, v in data.items()})
            else:
                flat = {k: _plain_deep(v) for k, v in data.items()}
                typer.echo(json.dumps(flat, default=str, ensure_ascii=False))
            return
        pairs = list(_flatten(data))
        if self.format is Format.CSV:
            self.rows([{"name": k, "value": v} for k, v in pairs], ["name", "value"])
        else:
            print_pairs(pairs)


def _plain_deep(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain_deep(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain_deep(v) for v in value]
    return plain(value)


def _flatten(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping) and value:
            yield from _flatten(value, f"{name}.")
        elif isinstance(value, list | tuple):
            yield name, json.dumps(_plain_deep(value), default=str)
        else:
            yield name, plain(value)


F = TypeVar("F", bound=Callable[..., Any])

_OUTPUT_FLAGS = (
    ("as_json", "--json", Format.JSON, "Print a JSON array (an object for one record)."),
    ("as_nl", "--nl", Format.NL, "Print newline-delimited JSON, one object a line."),
    ("as_csv", "--csv", Format.CSV, "Print CSV with a header row."),
    ("as_table", "--table", Format.TABLE, "Print a table to read (the default)."),
)


def output_options(func: F) -> F:
    """Give a listing command the shared output flags (--json, --nl, --csv, --table), as
    sqlite-utils does, and pass it `output: Output`. Two flags at once are refused."""
    signature = inspect.signature(func, eval_str=True)
    kept = [p for p in signature.parameters.values() if p.name != "output"]
    added = [
        inspect.Parameter(
            name,
            inspect.Parameter.KEYWORD_ONLY,
            default=typer.Option(False, flag, help=words),
            annotation=bool,
        )
        for name, flag, _, words in _OUTPUT_FLAGS
    ]

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        chosen = [fmt for name, _, fmt, _ in _OUTPUT_FLAGS if kwargs.pop(name, False)]
        if len(chosen) > 1:
            fail("use just one of --json, --nl, --csv or --table")
        kwargs["output"] = Output(chosen[0] if chosen else Format.TABLE)
        return func(*args, **kwargs)

    wrapper.__annotations__ = {p.name: p.annotation for p in [*kept, *added]}
    wrapper.__signature__ = signature.replace(parameters=[*kept, *added])  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, sort_keys=False, default=str, ensure_ascii=False))


def print_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """A table to read: a header, a rule, the rows, columns aligned (numbers to the right).
    Plain text, written as it is: data is never taken for markup."""
    cells = [["" if v is None else str(plain(v)) for v in row] for row in rows]
    header = [str(c) for c in columns]
    widths = [max([len(h), *(len(r[i]) for r in cells)]) for i, h in enumerate(header)]
    numeric = [
        bool(cells) and all(_is_number(r[i]) or r[i] == "" for r in cells)
        for i in range(len(header))
    ]

    def line(values: Sequence[str]) -> str:
        parts = [
            v.rjust(w) if right else v.ljust(w)
            for v, w, right in zip(values, widths, numeric, strict=True)
        ]
        return "  ".join(parts).rstrip()

    if title:
        typer.echo(title)
    typer.echo(line(header))
    typer.echo("  ".join("-" * w for w in widths))
    for row in cells:
        typer.echo(line(row))


def _is_number(text: str) -> bool:
    candidate = text.rstrip("%")
    try:
        float(candidate)
    except ValueError:
        return False
    return True


def print_pairs(rows: Sequence[tuple[str, Any]]) -> None:
    """Name/value lines, names aligned; plain text, so nothing wraps or truncates a value."""
    width = max((len(name) for name, _ in rows), default=0)
    for name, value in rows:
        typer.echo(f"{name.ljust(width)}  {'' if value is None else plain(value)}")


@contextmanager
def database_errors(ctx: typer.Context) -> Iterator[None]:
    """Around a write: a DuckDB error there (another process took the file, the disk filled)
    is the one line every command gives, never a traceback."""
    import duckdb
    import sqlalchemy as sa

    from privateer.db.connection import translate

    try:
        yield
    except (duckdb.Error, sa.exc.DBAPIError) as error:
        fail(str(translate(db_path(ctx), error)))


def ensure_writable(ctx: typer.Context) -> None:
    """Open the database for writing once (waiting out a short lock) and let it go: a long
    job checks the database can be written before it starts, not after."""
    from privateer.db.connection import check_writable

    check_writable(db_path(ctx), note)


def plain_name(text: str) -> str:
    """A name folded for matching what a person types: any case, accents dropped (cadiz finds
    Cádiz, oresund Øresund)."""
    import unicodedata

    folded = unicodedata.normalize("NFKD", text.replace("Ø", "O").replace("ø", "o"))
    return "".join(c for c in folded if not unicodedata.combining(c)).casefold().strip()
