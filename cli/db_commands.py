"""`privateer db ...`: the schema's revision, its history, upgrades and downgrades."""

from __future__ import annotations

import sys

import typer

from privateer.cli.common import Output, fail, note, open_db, output_options, user_errors

app = typer.Typer(help="The database schema: upgrade it, see where it stands, list tables.")


@app.command()
def upgrade(ctx: typer.Context) -> None:
    """Create the database if need be and bring its schema to the newest revision."""
    from privateer.db.schema_head import SCHEMA_HEAD

    open_db(ctx)
    typer.echo(SCHEMA_HEAD)


@app.command()
def downgrade(
    ctx: typer.Context,
    revision: str = typer.Argument(
        ..., help="Target revision, or 'base' to drop every table.", metavar="REVISION"
    ),
    yes: bool = typer.Option(
        False, "--yes", "-y", help="Drop what the later revisions hold without asking."
    ),
) -> None:
    """Take the schema back to an older revision. What the later revisions added and older
    code cannot hold is set aside in `_kept_*` tables, and upgrading again gives it back as it
    was (the command says what); `base` drops everything, and asks (--yes answers for you)."""
    from privateer.db import migrate

    if revision != "base" and revision not in migrate.known_revisions():
        fail(f"unknown revision {revision!r}; see `privateer db history`")
    engine = open_db(ctx, upgrade=False, create=False)  # nothing to take back in no file
    with engine.connect() as conn:
        current = migrate.current_revision(conn)
        losses = migrate.downgrade_losses(conn, current, revision)
        keeps = migrate.downgrade_keeps(conn, current, revision)
    if keeps:
        note(f"downgrading to {revision} sets aside, for the upgrade: {'; '.join(keeps)}")
    if losses:
        note(f"downgrading to {revision} drops: {'; '.join(losses)}")
        if not yes:
            if sys.stdin is None or not sys.stdin.isatty():  # closed (`<&-`) or piped
                fail("this downgrade drops data; run it again with --yes to go ahead")
            if not typer.confirm("go ahead?", default=False, err=True):
                fail("nothing was changed")
    with user_errors(), engine.begin() as conn:
        migrate.downgrade(conn, revision)
    note(f"downgraded to {revision}")


@app.command()
@output_options
def current(ctx: typer.Context, output: Output = Output()) -> None:
    """Print the database's revision (without upgrading it) and whether it is the newest."""
    from privateer.cli.common import Format, existing_db
    from privateer.db.connection import check_path, peek_revision
    from privateer.db.schema_head import SCHEMA_HEAD

    path = existing_db(ctx)
    with user_errors():  # read on a plain connection: no engine, no alembic unless not at head
        check_path(path)
        revision = peek_revision(path, note)
        if revision not in (None, SCHEMA_HEAD):
            open_db(ctx, upgrade=False)  # refuses a revision this code does not know
    if output.format is not Format.TABLE:
        output.record(
            {"revision": revision, "head": SCHEMA_HEAD, "is_head": revision == SCHEMA_HEAD}
        )
    elif revision is None:
        typer.echo("empty (no revision); `privateer db upgrade` creates the tables")
    else:
        typer.echo(
            f"{revision}{' (head)' if revision == SCHEMA_HEAD else f' (head is {SCHEMA_HEAD})'}"
        )


@app.command()
@output_options
def history(output: Output = Output()) -> None:
    """List every schema revision, oldest first."""
    from privateer.db import migrate

    output.rows(
        [
            {
                "revision": r.revision,
                "down_revision": r.down_revision,
                "message": r.message,
                "head": r.is_head,
            }
            for r in migrate.history()
        ]
    )


@app.command()
@output_options
def tables(ctx: typer.Context, output: Output = Output()) -> None:
    """List the database's tables and how many rows each holds."""
    from privateer.db.inspect import table_counts

    counts = table_counts(open_db(ctx, create=False))
    output.rows([{"table": name, "rows": n} for name, n in counts.items()])
