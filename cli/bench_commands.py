"""`privateer bench ...`: measured speed, printed (never asserted by a test)."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

import typer

from .common import fail, print_json, print_table

app = typer.Typer(help="Benchmarks: how fast the parts run on this machine.")


@app.command()
def world(
    source: Path | None = typer.Argument(None, help="Land layer; default: Natural Earth 1:10m."),
    box: str | None = typer.Option(None, "--box", help="Time one region only: W,S,E,N."),
    runs: int = typer.Option(3, "--runs", min=1, help="How many full builds to time."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Time the world build, stage by stage (median of --runs), writing included."""
    from privateer.db import open_database
    from privateer.pipeline.build import build_world, write_world
    from privateer.pipeline.errors import WorldBuildError
    from privateer.pipeline.params import Box, BuildParams

    try:
        params = BuildParams(box=Box.parse(box) if box else None)
    except WorldBuildError as error:
        fail(str(error))

    per_stage: dict[str, list[float]] = {}
    totals: list[float] = []
    counts: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as folder:
        engine = open_database(Path(folder) / "bench.duckdb", notify=lambda _: None)
        for _ in range(runs):
            started = time.perf_counter()
            try:
                built = build_world(source, params)
            except WorldBuildError as error:
                fail(str(error))
            write_started = time.perf_counter()
            write_world(engine, built)
            written = time.perf_counter()
            for name, seconds in built.timings:
                per_stage.setdefault(name, []).append(seconds)
            per_stage.setdefault("writing to the database", []).append(written - write_started)
            totals.append(written - started)
            counts = built.counts
        engine.dispose()
    stages = {name: round(statistics.median(v), 3) for name, v in per_stage.items()}
    total = round(statistics.median(totals), 3)
    if as_json:
        print_json({"runs": runs, "stages": stages, "total_seconds": total, "counts": counts})
        return
    rows = [(name, f"{seconds:.2f}") for name, seconds in stages.items()]
    rows.append(("total", f"{total:.2f}"))
    print_table(f"world build, median of {runs}", ["stage", "seconds"], rows)


@app.command()
def combat(
    fights: int = typer.Option(2000, "--fights", min=1, help="Fights to play."),
    target: str = typer.Option("merchant", "--target", help="What the bot fights."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Fights per second of the lookahead (balanced) bot, on one core."""
    from privateer.engine.bots import BALANCED
    from privateer.engine.outfit import Outfit
    from privateer.engine.ships import TARGETS
    from privateer.engine.sim import simulate

    if target not in TARGETS:
        fail(f"unknown target {target!r}; choose from {', '.join(TARGETS)}")
    started = time.perf_counter()
    simulate(BALANCED, target, Outfit(), range(fights))
    seconds = time.perf_counter() - started
    rate = fights / seconds
    if as_json:
        print_json(
            {"fights": fights, "seconds": round(seconds, 3), "fights_per_second": round(rate, 1)}
        )
        return
    print_table(
        "combat, balanced bot",
        ["fights", "seconds", "fights per second"],
        [(fights, f"{seconds:.2f}", f"{rate:.0f}")],
    )


@app.command()
def log(
    events: int = typer.Option(1_000_000, "--events", min=1000, help="Synthetic events."),
    sim_fights: int = typer.Option(
        1000, "--sim-fights", min=0, help="Also time `sim` with and without --log (0: skip)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Append synthetic events through the run log and time it against DuckDB's own Arrow
    append of the same rows, in the same run; then the cost of `sim --log`."""
    from privateer.db.log_bench import bench_append, bench_sim_logging

    result = bench_append(events)
    if sim_fights:
        result.update(bench_sim_logging(sim_fights))
    if as_json:
        print_json(result)
        return
    rows = [(k, f"{v:,.0f}" if isinstance(v, float) and v > 100 else v) for k, v in result.items()]
    print_table("run log", ["measure", "value"], rows)
