"""`privateer runs ...` (list, show, replay), `privateer sql` and `privateer report`: the run
log, read back and analysed."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import typer

from .common import fail, open_db, print_json, print_table, user_errors

app = typer.Typer(help="The runs in the database: list them, show one, replay to verify.")


def _value(v: Any) -> Any:
    return v.isoformat(sep=" ") if hasattr(v, "isoformat") else v


@app.command("list")
def list_command(
    ctx: typer.Context,
    limit: int = typer.Option(50, "--limit", min=1, help="How many, newest first."),
    offset: int = typer.Option(0, "--offset", min=0, help="Skip this many newest."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """List runs, newest first."""
    from privateer.db.runs import list_runs

    engine = open_db(ctx)
    with engine.connect() as conn:
        runs = list_runs(conn, limit, offset)
    engine.dispose()
    if as_json:
        print_json([{k: _value(v) for k, v in r.items()} for r in runs])
        return
    columns = ["run_id", "mode", "seed", "target", "ship", "bot", "outcome", "score", "rounds"]
    print_table(None, columns, [[r[c] for c in columns] for r in runs])


@app.command()
def show(
    ctx: typer.Context,
    run_id: int = typer.Argument(..., help="The run."),
    events: bool = typer.Option(False, "--events", help="List every event too."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """One run: what was fought, how it ended; with --events, everything that happened."""
    from privateer.db.runs import get_run, run_events

    engine = open_db(ctx)
    with engine.connect() as conn, user_errors():
        run = get_run(conn, run_id)
        logged = run_events(conn, run_id) if events else None
    engine.dispose()
    data = {k: _value(v) for k, v in run.items()}
    if logged is not None:
        data["event_list"] = logged
    if as_json:
        print_json(data)
        return
    width = max(len(k) for k in run)
    for key, value in run.items():
        typer.echo(
            f"{key.ljust(width)}  {json.dumps(value) if isinstance(value, dict) else _value(value)}"
        )
    for event in logged or []:
        payload = ", ".join(f"{k}={v}" for k, v in event["payload"].items())
        typer.echo(f"  {event['seq']:>4}  {event['kind']:<14} {payload}")


@app.command()
def replay(
    ctx: typer.Context,
    run_id: int | None = typer.Argument(None, help="The run to replay (or --all)."),
    all_runs: bool = typer.Option(False, "--all", help="Replay every run."),
    as_json: bool = typer.Option(
        False, "--json", help='Print {"replayed", "identical", "diverged"}.'
    ),
) -> None:
    """Re-run the engine from each run's seed and logged actions; compare every event and
    checkpoint hash with the log."""
    from privateer.db.runs import all_run_ids, replay_run, replay_runs

    if (run_id is None) == (not all_runs):
        fail("give a RUN_ID or --all (not both)")
    engine = open_db(ctx)
    results = []
    with engine.connect() as conn, user_errors():
        if all_runs:
            ids = all_run_ids(conn)
            for start in range(0, len(ids), 2000):
                results.extend(replay_runs(conn, ids[start : start + 2000]))
        else:
            results.append(replay_run(conn, int(run_id)))  # type: ignore[arg-type]
    engine.dispose()
    diverged = [r.run_id for r in results if not r.identical]
    if as_json:
        print_json(
            {
                "replayed": len(results),
                "identical": len(results) - len(diverged),
                "diverged": diverged,
            }
        )
    else:
        for r in results:
            if r.identical:
                if not all_runs:
                    typer.echo(
                        f"run {r.run_id}: identical ({r.events} events, "
                        f"{r.checkpoints} checkpoints)"
                    )
                continue
            d = r.divergence or {}
            where = (
                f"event {d['seq']}"
                if "seq" in d
                else f"checkpoint after action {d.get('checkpoint')}"
            )
            typer.echo(f"run {r.run_id}: diverges at {where}")
            typer.echo(f"  logged:   {json.dumps(d.get('logged'))}")
            typer.echo(f"  replayed: {json.dumps(d.get('replayed'))}")
        if all_runs:
            typer.echo(
                f"{len(results)} replayed, {len(results) - len(diverged)} identical"
                + (f", diverged: {' '.join(map(str, diverged))}" if diverged else "")
            )
    if diverged:
        raise typer.Exit(1)


def sql(
    ctx: typer.Context,
    query: str = typer.Argument(..., help="One SELECT statement."),
    as_csv: bool = typer.Option(False, "--csv", help="Print CSV."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON (a list of objects)."),
) -> None:
    """Run a query on a read-only connection and print the rows. Statements that write are
    refused."""
    import duckdb

    from privateer.db.connection import resolve_db_path
    from privateer.db.queries import ReadOnlyError, run_query

    from .common import global_options

    if as_csv and as_json:
        fail("use just one of --csv or --json")
    open_db(ctx).dispose()  # exists and is at head, or one line and exit 2
    try:
        columns, rows = run_query(resolve_db_path(global_options(ctx).db), query)
    except ReadOnlyError as error:
        fail(str(error))
    except duckdb.Error as error:
        fail(str(error).strip().splitlines()[0])
    if as_json:
        print_json([dict(zip(columns, map(_value, row), strict=True)) for row in rows])
    elif as_csv:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(columns)
        writer.writerows([[_value(v) for v in row] for row in rows])
        typer.echo(out.getvalue(), nl=False)
    else:
        print_table(None, columns, rows)


def report(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Canned analyses of the logged runs: outcomes by bot, ship and target; how long fights
    last; which cards decided fights."""
    from privateer.db.queries import REPORTS, run_report

    engine = open_db(ctx)
    with engine.connect() as conn:
        results = run_report(conn)
    engine.dispose()
    if as_json:
        print_json(
            {
                name: [dict(zip(cols, map(_value, row), strict=True)) for row in rows]
                for name, (cols, rows) in results.items()
            }
        )
        return
    for name, (columns, rows) in results.items():
        print_table(REPORTS[name][0], columns, rows)
