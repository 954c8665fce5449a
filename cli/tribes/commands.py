"""`privateer tribes ...`: Tribes (its design document). `tribes run` plays a world with policies
(and logs it for `runs replay`), `tribes view` shows a logged run as one tribe sees it at a tick,
`tribes chart` draws the map with settlements and territories, `tribes bench` times the seed's perf
gate by phase, `tribes map` prints the seeded terrain and how fair each founding site is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from privateer.cli.common import db_path, existing_db, fail, note, open_db, user_errors
from privateer.cli.options import int_option, run_argument, run_option, seed_option
from privateer.cli.outputs import force_option
from privateer.cli.progress import QUIET_HELP, counting
from privateer.cli.tribes.terrain import TERRAIN_NAMES, key_lines, tribe_numbers, with_tribes

app = typer.Typer(
    help="Tribes (its design document): dense populations under per-mille policies on a seeded "
    "map: run a world with policies, view a logged run as a tribe, chart it, time it."
)

MAX_SIZE = 512


@app.command("map")
def map_command(
    seed: int = seed_option("The map's seed (folded to 32 bits, as splitmix32 takes it)."),
    size: int = int_option(64, "--size", 32, MAX_SIZE, "Tiles a side (32-512)."),
    tribes: int = int_option(4, "--tribes", 1, 8, "Founding sites on the spawn ring (1-8)."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object: rows, spawns, counts."),
) -> None:
    """Draw the seeded Tribes map: its terrain characters with each tribe's founding site as
    its number (0-7, the tribe's id, as `tribes run`, `tribes view --tribe` and the orders
    number it) and a key to them, the tiles of each terrain, and each site's fairness figures within
    Chebyshev 8 (plains >= 20, forest >= 10, water-adjacent >= 3, hills >= 6, ore >= 1)."""
    from privateer.engine.tribes import fairness, generate

    try:
        world = generate(seed, size, tribes)
    except ValueError as error:
        fail(str(error))
    counts = world.counts()
    sites = [_site(i, xy, fairness(world.rows, xy)) for i, xy in enumerate(world.spawns)]
    if as_json:
        out: dict[str, Any] = {
            "seed": seed,
            "size": size,
            "tribes": tribes,
            "rows": list(world.rows),
            "spawns": sites,
            "counts": {TERRAIN_NAMES[c]: n for c, n in counts.items()},
            "digest": world.digest(),
        }
        typer.echo(json.dumps(out))
        return
    rows = with_tribes(world.rows, [(x, y, i) for i, (x, y) in enumerate(world.spawns)])
    typer.echo(
        f"Tribes map, seed {seed}, {size}x{size}, {tribes} tribes "
        f"(sites as {tribe_numbers(tribes)})"
    )
    for row in rows:
        typer.echo(row)
    for line in key_lines(rows, range(tribes), "the founding site"):
        typer.echo(line)
    typer.echo("")
    typer.echo("tiles: " + "  ".join(f"{c} {TERRAIN_NAMES[c]} {n}" for c, n in counts.items()))
    typer.echo("")
    typer.echo("tribe       site      plains  forest  water-adj  hills  ore  fair")
    for s in sites:
        name = f"{s['tribe']} {s['name']}"
        typer.echo(
            f"{name:<10}  {s['x']:>3},{s['y']:<3}  {s['plains']:>6}  {s['forest']:>6}  "
            f"{s['water_adjacent']:>9}  {s['hills']:>5}  {s['ore']:>3}  "
            f"{'yes' if s['fair'] else 'NO'}"
        )


def _site(index: int, xy: tuple[int, int], figures: Any) -> dict[str, Any]:
    from privateer.engine.tribes import TRIBE_NAMES

    return {
        "tribe": index,
        "name": TRIBE_NAMES[index % len(TRIBE_NAMES)],
        "x": xy[0],
        "y": xy[1],
        "plains": figures.plains,
        "forest": figures.forest,
        "water_adjacent": figures.water_adjacent,
        "hills": figures.hills,
        "ore": figures.ore,
        "fair": figures.holds(),
    }


# --- run, view, chart, bench ------------------------------------------------------------------

MAX_TICKS = 1_000_000
POLICY_HELP = (
    "A tribe's policy: a built-in's name (militarist, trader, builder, grower, scholar) or a "
    "scripted JSON file of orders by tick; repeat it, one a tribe, cycled (default: "
    "militarist, trader, builder, grower, militarist, ...)."
)


RULES_HELP = (
    "The rules it is played by: the design document's (seed-002), or a variant of them named for "
    "its changes, as seed-002[farm_rate=120,tech_cost.milling=40] (engine/tribes/rules.py's "
    "fields)."
)


def _setup(tribes: int, size: int, ticks: int, rules: str = "seed-002") -> Any:
    from privateer.engine.tribes import Setup

    try:
        return Setup(tribes, size, ticks, rules)
    except ValueError as error:
        fail(f"--rules: {error}")


@app.command("run")
def run_command(
    ctx: typer.Context,
    tribes: int = int_option(4, "--tribes", 1, 8, "Tribes (1-8)."),
    size: int = int_option(64, "--size", 32, MAX_SIZE, "Tiles a side (32-512)."),
    ticks: int = int_option(2000, "--ticks", 1, MAX_TICKS, "Ticks to run: the tick cap."),
    seed: int = seed_option("The world's seed."),
    policy: list[str] = typer.Option([], "--policy", help=POLICY_HELP),
    rules: str = typer.Option("seed-002", "--rules", metavar="NAME", help=RULES_HELP),
    log: bool = typer.Option(
        False, "--log", help="Log the run (mode tribes) for `privateer runs replay`."
    ),
    as_json: bool = typer.Option(False, "--json", help="One JSON object: tribes, metrics."),
    every: int = int_option(
        500, "--every", 10, MAX_TICKS, "Ticks between metrics lines (a multiple of 10)."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
) -> None:
    """Run a Tribes world with policies to its tick cap: the end state by tribe (population,
    settlements, key stores, techs, score, the winner), its warbands, battles, sieges, captures,
    raids, trades and age, the world's battles, sieges, captures, raids, trades, caravans and threat
    camps, and, every --every ticks, each tribe's population, production, starvation deaths and tool
    coverage. The default policies, cycled over the tribes, are militarist, trader, builder and
    grower; --rules plays a variant of the design document's rules. With
    --log the run (its
    orders, events, metrics frames and checkpoint hashes every 100 ticks) is written as a run
    that `privateer runs replay RUN_ID` re-checks."""
    import time

    from privateer.cli.tribes.run import (
        log_run,
        policy_players,
        print_summary,
        snapshot,
        summary_json,
    )
    from privateer.engine.tribes import run_world

    if every % 10:
        fail(f"--every {every}: a multiple of 10 (the metrics frames come every 10 ticks)")
    setup = _setup(tribes, size, ticks, rules)
    players = policy_players(policy)
    path = None
    if log:
        from privateer.db.connection import check_path

        path = db_path(ctx)
        with user_errors():
            check_path(path)
    intervals: list[dict[str, Any]] = []
    with counting("ticks", ticks, quiet=quiet) as advance:
        last = [0]

        def on_step(state: Any) -> None:
            advance(state.tick - last[0])
            last[0] = state.tick
            if state.tick % every == 0 or state.result is not None:
                intervals.append(snapshot(state))

        started = time.perf_counter()
        record = run_world(seed, setup, players, on_step)
        seconds = time.perf_counter() - started
    run_id = None
    if path is not None:
        with user_errors():
            run_id = log_run(path, record, [p.name for p in players])
    if as_json:
        typer.echo(json.dumps(summary_json(record, intervals, run_id)))
        return
    print_summary(record, intervals, seconds)
    if run_id is not None:
        typer.echo(f"logged as run {run_id}: `privateer runs replay {run_id}` checks it")


@app.command("view")
def view_command(
    ctx: typer.Context,
    run_id: int = run_argument("The logged Tribes run to look into."),
    tribe: int = int_option(0, "--tribe", 0, 7, "The tribe whose view (0-7)."),
    tick: int | None = int_option(None, "--tick", 0, MAX_TICKS, "The tick (default: the end)."),
    as_json: bool = typer.Option(False, "--json", help="The view as one JSON object."),
) -> None:
    """Re-run a logged Tribes run to --tick and print the world as --tribe sees it through the
    fog: the map it has explored ("?" elsewhere), its settlements (people, stores, labour,
    build queue), warbands and caravans, its techs and queued orders, the other tribes'
    settlements, warbands and caravans and the camps in its sight, and the events it was told
    since its policy was last asked (as a policy's view has them)."""
    run, setup, at = _logged_run(ctx, run_id, tick)
    from privateer.cli.tribes.view import print_view, recent_at
    from privateer.engine.tribes import view_for

    if tribe >= setup.tribes:
        fail(f"--tribe {tribe}: run {run_id} has tribes 0-{setup.tribes - 1}")
    state, recent = recent_at(run.seed, setup, run.actions, at)
    seen = view_for(state, tribe, recent)
    if as_json:
        typer.echo(json.dumps(seen))
        return
    print_view(run_id, state, tribe, seen)


def _logged_state(ctx: typer.Context, run_id: int, tick: int | None) -> tuple[Any, Any]:
    """A logged Tribes run and its world re-run to `tick` (the end if None)."""
    from privateer.cli.tribes.run import state_at

    run, setup, at = _logged_run(ctx, run_id, tick)
    return run, state_at(run.seed, setup, run.actions, at)


def _logged_run(ctx: typer.Context, run_id: int, tick: int | None) -> tuple[Any, Any, int]:
    """A logged Tribes run, its setup and the tick asked for (the end if None), checked."""
    from privateer.db.runs import logged_runs
    from privateer.engine.errors import SaveError
    from privateer.engine.tribes import MODE, Setup

    existing_db(ctx)
    engine = open_db(ctx, create=False)
    with engine.connect() as conn, user_errors():
        (run,) = logged_runs(conn, [run_id])
    if run.mode not in MODE.run_modes:
        fail(f"run {run_id} is a {run.mode} run, not a Tribes one")
    try:
        setup = Setup.of(run.options)
    except SaveError as error:
        fail(f"run {run_id}'s options: {error}")
    if tick is not None and tick > setup.ticks:
        fail(f"--tick {tick}: run {run_id} lasts {setup.ticks} ticks")
    return run, setup, setup.ticks if tick is None else tick


@app.command("chart")
def chart_command(
    ctx: typer.Context,
    out: Path = typer.Argument(..., help="The picture to write: OUT.png or OUT.svg."),
    run: int | None = run_option("Draw this logged Tribes run's world (else a new world)."),
    tick: int | None = int_option(None, "--tick", 0, MAX_TICKS, "With --run: the tick."),
    seed: int = seed_option("Without --run: the world's seed."),
    size: int = int_option(64, "--size", 32, MAX_SIZE, "Without --run: tiles a side."),
    tribes: int = int_option(4, "--tribes", 1, 8, "Without --run: tribes (1-8)."),
    force: bool = force_option(),
) -> None:
    """Draw a Tribes map as a woodcut: the terrain, each settlement with its territory square
    in its tribe's colour, and the settlements' names lettered as on the sea chart. An OUT
    already there is refused unless --force, a symbolic link always."""
    from privateer.cli.outputs import check_output, writing_output
    from privateer.engine.tribes import new_world

    if tick is not None and run is None:
        fail("--tick needs --run")
    check_output(out, (".png", ".svg"), force=force)
    if run is not None:
        _, state = _logged_state(ctx, run, tick)
        title = f"Run {run}, tick {state.tick}"
    else:
        state = new_world(seed, tribes, size, 1)
        title = f"Seed {seed}, {size} x {size}"
    from privateer.cli.tribes.view import chart_input
    from privateer.pipeline.chart.tribes_map import draw_tribes_map

    with writing_output(out, force=force) as part:
        drawn = draw_tribes_map(chart_input(state, title), part)
    note(f"wrote {out} ({drawn['settlements']} settlements)")


@app.command("bench")
def bench_command(
    tribes: int = int_option(8, "--tribes", 1, 8, "Tribes (the gate: 8)."),
    ticks: int = int_option(10_000, "--ticks", 1, MAX_TICKS, "Ticks (the gate: 10,000)."),
    size: int = int_option(64, "--size", 32, MAX_SIZE, "Tiles a side (the gate: 64)."),
    seed: int = seed_option("The world's seed."),
    policy: list[str] = typer.Option([], "--policy", help=POLICY_HELP),
    as_json: bool = typer.Option(False, "--json", help="One JSON object of the figures."),
) -> None:
    """Time the Tribes design document's perf gate on one core: a world of --tribes x --ticks with
    the built-in policies, its wall time, ticks a second, microseconds a tribe a tick, and the
    seconds each phase of the step took (timed in the bench, not in the engine)."""
    from privateer.cli.tribes.bench import bench
    from privateer.cli.tribes.run import policy_players

    figures = bench(seed, _setup(tribes, size, ticks), policy_players(policy))
    if as_json:
        typer.echo(json.dumps(figures))
        return
    typer.echo(
        f"Tribes bench: {tribes} tribes x {figures['ticks_run']} ticks, {size}x{size}, "
        f"seed {seed}, policies {', '.join(figures.get('policies', []))}"
    )
    typer.echo(
        f"wall {figures['wall_seconds']:.2f} s, {figures['ticks_per_second']} ticks/s, "
        f"{figures['microseconds_per_tribe_tick']} us a tribe a tick"
    )
    wall = figures["wall_seconds"] or 1.0
    for name, seconds in figures["phases"].items():
        typer.echo(f"  {name:<22} {seconds:>8.3f} s  {100 * seconds / wall:>5.1f}%")
    typer.echo(f"  {'(outside the phases)':<22} {figures['outside_phases']:>8.3f} s")
