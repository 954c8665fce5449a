"""`privateer runs ...` (list, show, replay, export), `privateer saves ...`, `privateer sql`
and `privateer report`: the run log, read back, analysed and exported."""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from privateer.cli.common import (
    INTERRUPTED_EXIT,
    Output,
    database_errors,
    db_path,
    fail,
    note,
    open_db,
    output_options,
    read_at_head,
    user_errors,
)
from privateer.cli.options import RUN_ID_MAX, Bounded, int_option, run_argument
from privateer.cli.progress import QUIET_HELP, counting

if TYPE_CHECKING:
    from privateer.engine.replay import ReplayResult

app = typer.Typer(help="The runs in the database: list them, show one, replay to verify.")
saves_app = typer.Typer(help="Runs in progress: list their saves, or let one go.")

LIST_COLUMNS = ["run_id", "mode", "seed", "target", "ship", "bot", "outcome", "score", "length"]


@app.command("list")
@output_options
def list_command(
    ctx: typer.Context,
    limit: int = int_option(50, "--limit", 1, 10_000_000, "How many, newest first."),
    offset: int = int_option(0, "--offset", 0, 2**62, "Skip this many newest."),
    output: Output = Output(),
) -> None:
    """List runs, newest first (a run still in progress has no outcome yet). Each shows only
    the figures its mode keeps, in its words: a fight's payout and rounds, a voyage's gold and
    days, who won a duel or a tabletop game."""
    from privateer.db.run_list import runs_on, with_words

    runs = read_at_head(ctx, lambda con: runs_on(con, limit, offset), create=False)
    if output.format.value != "table":
        output.rows(runs)
        return
    said = [
        {**run, "score": run["score_words"], "length": run["length_words"]}
        for run in with_words(runs)
    ]
    output.rows(said, LIST_COLUMNS)


@app.command()
@output_options
def show(
    ctx: typer.Context,
    run_id: int = run_argument("The run."),
    events: bool = typer.Option(False, "--events", help="List every event instead."),
    output: Output = Output(),
) -> None:
    """One run: what was fought, how it ended; with --events, everything that happened, in
    order."""
    from privateer.db.runs import get_run, run_events

    engine = open_db(ctx, create=False)
    with engine.connect() as conn, user_errors():
        run = get_run(conn, run_id)
        logged = run_events(conn, run_id) if events else None
    if logged is None:
        output.record(run)
    else:
        output.rows(logged, ["seq", "day", "kind", "payload"])


@app.command()
@output_options
def replay(
    ctx: typer.Context,
    run_id: int | None = run_argument("The run to replay (or --all).", None),
    all_runs: bool = typer.Option(False, "--all", help="Replay every run."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    output: Output = Output(),
) -> None:
    """Re-run the engine from each run's seed and logged actions, and compare every event and
    checkpoint hash with the log: "identical", or the first diverging event side by side.
    Exits 1 if any run diverges. With --all, a run this privateer cannot check here (logged
    by another engine version, or sailed on another world than the database holds now) is
    skipped and counted by reason, not a failure; every other run is replayed."""
    from privateer.db.errors import DatabaseError
    from privateer.db.runs import all_run_ids, logged_runs, needs_world
    from privateer.engine.errors import ReplayRefusedError
    from privateer.engine.modes import check_run

    if (run_id is None) == (not all_runs):
        fail("give a RUN_ID or --all (not both)")
    engine = open_db(ctx, create=False)
    results: list[ReplayResult] = []
    skipped: dict[str, list[str]] = {}  # reason: the refusals, in run order
    world = None
    ids: list[int] = []

    def said() -> str:
        return interrupted_replay(results, sum(map(len, skipped.values())), len(ids))

    with _interruptible(said), engine.connect() as conn, user_errors():
        ids = all_run_ids(conn) if all_runs else [int(run_id or 0)]
        if needs_world(conn, ids):
            from privateer.db.world_load import load_world

            try:
                world = load_world(engine)
            except DatabaseError:
                if not all_runs:
                    raise
                # no world to load: its runs are skipped below, everything else replays
        with counting("runs replayed", len(ids), quiet=quiet or not all_runs) as advance:
            for start in range(0, len(ids), 2000):
                for run in logged_runs(conn, ids[start : start + 2000]):
                    try:
                        results.append(check_run(run, world))
                    except ReplayRefusedError as error:
                        if not all_runs:
                            fail(str(error))
                        skipped.setdefault(error.reason, []).append(str(error))
                    advance(1)
    diverged = [r for r in results if not r.identical]
    if output.format.value != "table":
        output.record(
            {
                "replayed": len(results),
                "identical": len(results) - len(diverged),
                "skipped": sum(len(refusals) for refusals in skipped.values()),
                "skipped_by": {reason: len(refusals) for reason, refusals in skipped.items()},
                "diverged": [{"run_id": r.run_id, "divergence": r.divergence} for r in diverged],
            }
        )
    else:
        for r in diverged:
            d = r.divergence or {}
            where = (
                f"event {d['seq']}"
                if "seq" in d
                else f"checkpoint after action {d.get('checkpoint')}"
            )
            typer.echo(f"run {r.run_id}: diverges at {where}")
            typer.echo(f"  logged:   {d.get('logged')}")
            typer.echo(f"  replayed: {d.get('replayed')}")
        if all_runs:
            total = sum(len(refusals) for refusals in skipped.values())
            typer.echo(
                f"{len(results)} replayed, {len(results) - len(diverged)} identical"
                + (f", {total} skipped" if total else "")
            )
            for reason, refusals in skipped.items():
                typer.echo(f"  {len(refusals)} skipped ({reason}), the first: {refusals[0]}")
        elif not diverged:
            r = results[0]
            typer.echo(
                f"run {r.run_id}: identical ({r.events} events, {r.checkpoints} checkpoints)"
            )
    if diverged:
        raise typer.Exit(1)


def interrupted_replay(results: list[ReplayResult], skipped: int, total: int) -> str:
    """What Ctrl-C leaves of `runs replay --all`: how far it got and what it found so far
    (replaying writes nothing)."""
    diverged = [r.run_id for r in results if not r.identical]
    found = (
        f"{len(diverged)} diverged so far (runs {', '.join(map(str, diverged[:10]))}"
        f"{', ...' if len(diverged) > 10 else ''})"
        if diverged
        else "all identical so far"
    )
    also = f", {skipped} skipped" if skipped else ""
    return f"interrupted: replayed {len(results)} of {total} runs{also}: {found}"


@contextmanager
def _interruptible(said: str | Callable[[], str]) -> Iterator[None]:
    """Ctrl-C inside: one line and exit 130, however it surfaces (DuckDB turns the
    KeyboardInterrupt raised in one of its statements into a "Query interrupted" error, and
    a few of its calls swallow it whole: the block then ends as if nothing came, and is still
    said to be interrupted)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    asked = False

    def on_sigint(_signum: int, _frame: object) -> None:
        nonlocal asked
        asked = True
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, on_sigint)
    try:
        yield
    except BaseException:
        if not asked:
            raise
    finally:
        signal.signal(signal.SIGINT, previous)
    if asked:
        note(said if isinstance(said, str) else said())
        raise typer.Exit(INTERRUPTED_EXIT) from None


@app.command("export")
@output_options
def export(
    ctx: typer.Context,
    folder: Path = typer.Argument(
        ..., help="The folder to write (new, or empty; --force to replace).", metavar="DIR"
    ),
    mode: str | None = typer.Option(
        None, "--mode", help="Export only the runs of this mode (sim, voyage, world, ...)."
    ),
    since: int | None = typer.Option(
        None,
        "--since",
        click_type=Bounded(1, RUN_ID_MAX),
        metavar="RUN_ID",
        help="Export only runs whose run_id is RUN_ID or more (that run and every later one).",
    ),
    force: bool = typer.Option(
        False,
        "--force",
        help="Write into a DIR that is not empty: an earlier export's runs, events, actions, "
        "checkpoints and world folders are replaced, every other file is kept.",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress display."),
    output: Output = Output(),
) -> None:
    """Write the runs, their events, actions and checkpoints as Parquet, hive-partitioned by
    mode (DIR/events/mode=sim/part-0.parquet), with the world tables beside them
    (DIR/world/nodes.parquet; GeoParquet where a table has geometry), so polars, DuckDB or
    Spark reads them without privateer. JSON columns are text. The files are written beside
    DIR and moved into place at the end, so a failed or interrupted export leaves DIR as it
    was; a DIR that is a symbolic link is refused. Prints what each table holds: rows, files,
    bytes, path."""
    import time

    from privateer.cli.outputs import check_folder
    from privateer.cli.progress import stage_progress
    from privateer.db.run_export import export_runs
    from privateer.engine.modes import MODES

    known = MODES.run_modes()
    if mode is not None and mode not in known:
        fail(f"unknown mode {mode!r}; the modes are {', '.join(known)}")
    check_folder(folder)
    started = time.perf_counter()
    try:
        with (
            stage_progress(1, enabled=not quiet and sys.stderr.isatty()) as on_step,
            user_errors(),
            database_errors(ctx),
            _interruptible(f"interrupted: nothing was written to {folder}"),
        ):
            engine = open_db(ctx, read_only=True, spatial=True, create=False, must_exist=True)
            with engine.connect() as conn:
                exported = export_runs(
                    conn, folder, mode=mode, since=since, force=force, on_step=on_step
                )
    except OSError as error:
        fail(f"cannot write {folder}: {error.strerror or error}")
    runs = ", ".join(f"{n} {m}" for m, n in exported.runs_by_mode.items())
    size = sum(w.bytes for w in exported.tables)
    note(
        f"exported {sum(exported.runs_by_mode.values())} runs ({runs}) to {exported.folder}: "
        f"{size / 1e6:.1f} MB in {time.perf_counter() - started:.1f}s"
        + ("" if exported.world else "; the database holds no world, so no world/ folder")
    )
    output.rows(
        [
            {
                "table": w.table,
                "rows": w.rows,
                "files": w.files,
                "bytes": w.bytes,
                "path": str(w.path),
            }
            for w in exported.tables
        ],
        ["table", "rows", "files", "bytes", "path"],
    )


SAVES_COLUMNS = ["run_id", "mode", "seed", "rules", "day", "gold", "where", "save_version"]
SAVES_COLUMNS += ["target", "ship", "rounds", "updated_at"]


@saves_app.command("list")
@output_options
def saves_list(ctx: typer.Context, output: Output = Output()) -> None:
    """Every run in progress with a save, newest first: a voyage's rules, day, gold and where
    she lies (a port, or at sea), to choose one for `privateer play --resume --run ID`."""
    from privateer.db.saves import list_saves
    from privateer.engine.modes import MODES

    engine = open_db(ctx, create=False)
    with engine.connect() as conn:
        output.rows(
            list_saves(conn, None, MODES),
            SAVES_COLUMNS,
        )


@saves_app.command("drop")
def saves_drop(
    ctx: typer.Context,
    run_id: int = run_argument("The run whose save goes."),
) -> None:
    """Let a run in progress go: its save is deleted and the run marked abandoned (its events
    stay, and still replay)."""
    from privateer.db.saves import drop_save

    engine = open_db(ctx, create=False)  # a save to drop is in a database that exists
    with engine.begin() as conn, user_errors():
        drop_save(conn, run_id)
    typer.echo(f"run {run_id}: save dropped, run abandoned")


@output_options
def sql(
    ctx: typer.Context,
    query: str = typer.Argument(
        ...,
        help="One SELECT (or PIVOT ... IN (...), or EXPLAIN of one) statement.",
        metavar="QUERY",
    ),
    allow_files: bool = typer.Option(
        False,
        "--allow-files",
        help="Let the query read local files (read_csv, read_parquet, ...); never write them.",
    ),
    output: Output = Output(),
) -> None:
    """Run one read-only query on the database and print the rows: exactly one statement that
    DuckDB's parser types SELECT (WITH, FROM-first, VALUES, PIVOT with an IN list, SUMMARIZE,
    DESCRIBE, SHOW, ...) or an EXPLAIN of one. Anything else, EXPLAIN ANALYZE, and reaching
    files or the network are refused. The database must exist and be up to date (`privateer db
    upgrade`): `sql` never creates or migrates one."""
    import duckdb

    from privateer.db.queries import QueryFailed, ReadOnlyError, run_query

    open_db(ctx, must_exist=True)
    path = db_path(ctx)
    try:
        with user_errors(), _interruptible("interrupted: the query was stopped; no rows printed"):
            columns, rows, said = run_query(path, query, allow_files=allow_files)
    except (ReadOnlyError, QueryFailed) as error:
        fail(str(error))
    except duckdb.Error as error:
        fail(str(error).strip().splitlines()[0])
    if said:  # what a library printed while it read (GDAL's warnings), kept to one line
        note(f"note: {'; '.join(said)}")
    output.rows([dict(zip(columns, row, strict=True)) for row in rows], columns)


@output_options
def report(ctx: typer.Context, output: Output = Output()) -> None:
    """Canned analyses of the logged runs: outcome rates by bot, ship and target; how long
    fights last; which cards decided fights; how voyages ended, and where they fight and sink.
    Rates are shares (percentages in the table, fractions in JSON and CSV); the tables with
    rows come first, and one line at the end names those the database holds nothing for."""
    from privateer.cli.common import Format, existing_db, note, print_json
    from privateer.db.report import REPORTS, none_logged, run_report
    from privateer.db.run_store import RunStore

    open_db(ctx, create=False).dispose()  # brought up to date, if it must be
    with user_errors(), RunStore(existing_db(ctx), notify=note).session() as duck:
        results = run_report(duck)
    if output.format is Format.JSON:
        print_json(
            {
                name: [dict(zip(cols, row, strict=True)) for row in rows]
                for name, (cols, rows) in results.items()
            }
        )
        return
    for name, (columns, rows) in results.items():
        title, rates = REPORTS[name].title, REPORTS[name].rates
        records = [dict(zip(columns, row, strict=True)) for row in rows]
        if output.format is Format.TABLE and records:
            output.rows(records, columns, title=title, rates=rates)
        elif output.format is not Format.TABLE:
            output.rows([{"report": name, **r} for r in records], ["report", *columns])
    empty = [name for name, (_, rows) in results.items() if not rows]
    if output.format is Format.TABLE and empty:
        typer.echo(none_logged(empty))
