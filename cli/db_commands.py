"""`privateer db ...`: the schema's revision, its history, upgrades and downgrades."""

from __future__ import annotations

import typer

from .common import err, fail, open_db, print_json, print_table, user_errors

app = typer.Typer(help="The database schema: upgrade it, see where it stands, list tables.")


@app.command()
def upgrade(ctx: typer.Context) -> None:
    """Create the database if need be and bring its schema to the newest revision."""
    from privateer.db import migrate

    engine = open_db(ctx)
    engine.dispose()
    typer.echo(migrate.head_revision())


@app.command()
def downgrade(
    ctx: typer.Context,
    revision: str = typer.Argument(..., help="Target revision, or 'base' to drop every table."),
) -> None:
    """Take the schema back to an older revision. Drops what later revisions added."""
    from privateer.db import migrate

    if revision != "base" and revision not in migrate.known_revisions():
        fail(f"unknown revision {revision!r}; see `privateer db history`")
    engine = open_db(ctx, upgrade=False)
    with user_errors(), engine.begin() as conn:
        migrate.downgrade(conn, revision)
    engine.dispose()
    err.print(f"downgraded to {revision}", markup=False)


@app.command()
def current(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Print the database's revision (without upgrading it) and whether it is the newest."""
    from privateer.db import migrate

    engine = open_db(ctx, upgrade=False)
    with engine.connect() as conn:
        revision = migrate.current_revision(conn)
    engine.dispose()
    head = migrate.head_revision()
    if as_json:
        print_json({"revision": revision, "head": head, "is_head": revision == head})
    elif revision is None:
        typer.echo("empty (no revision); `privateer db upgrade` creates the tables")
    else:
        typer.echo(f"{revision}{' (head)' if revision == head else f' (head is {head})'}")


@app.command()
def history(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List every schema revision, oldest first."""
    from privateer.db import migrate

    revisions = migrate.history()
    if as_json:
        print_json(
            [
                {
                    "revision": r.revision,
                    "down_revision": r.down_revision,
                    "message": r.message,
                    "head": r.is_head,
                }
                for r in revisions
            ]
        )
        return
    rows = [
        (r.revision, r.down_revision or "base", r.message, "head" if r.is_head else "")
        for r in revisions
    ]
    print_table(None, ["revision", "revises", "message", ""], rows)


@app.command()
def tables(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """List the database's tables and how many rows each holds."""
    from privateer.db.inspect import table_counts

    engine = open_db(ctx)
    counts = table_counts(engine)
    engine.dispose()
    if as_json:
        print_json(counts)
    else:
        print_table(None, ["table", "rows"], list(counts.items()))
