"""`privateer bench ...`: measured speed, printed (never asserted by a test)."""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

import typer

from privateer.cli import bench_web
from privateer.cli.common import Output, fail, output_options, print_json, print_table
from privateer.cli.options import DAYS_MAX, int_option, parse_box

MEDIAN_RUNS_MAX = 100  # a median of more runs than this measures nothing new
BENCH_EVENTS_MAX = 2_000_000  # `bench log` holds them in memory at once: about 1.2 GB at most

app = typer.Typer(help="Benchmarks: how fast the parts run on this machine.")


@app.command()
@output_options
def world(
    source: Path | None = typer.Argument(
        None, help="Land layer; default: Natural Earth 1:10m.", metavar="SOURCE"
    ),
    box: str | None = typer.Option(None, "--box", help="Time one region only: W,S,E,N."),
    runs: int = int_option(3, "--runs", 1, 20, "How many builds to time (each some seconds)."),
    whole_process: bool = typer.Option(
        False,
        "--whole-process",
        help="Also time --runs whole `privateer world build --no-chart` processes, each into a "
        "new database (start-up, imports and the schema's creation included): "
        "whole_process_seconds, their median.",
    ),
    output: Output = Output(),
) -> None:
    """Time the world build, stage by stage (median of --runs), writing included; and check
    the builds are identical (the same content hash every time). With --whole-process, the
    whole command as a person runs it too."""
    from privateer.db import open_database
    from privateer.pipeline.build import build_world, write_world
    from privateer.pipeline.errors import WorldBuildError
    from privateer.pipeline.params import BuildParams

    params = BuildParams(box=parse_box(box))

    per_stage: dict[str, list[float]] = {}
    totals: list[float] = []
    hashes: set[str] = set()
    counts: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as folder:
        engine = open_database(Path(folder) / "bench.duckdb", spatial=True, notify=lambda _: None)
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
            hashes.add(built.content_hash)
            counts = built.counts
        engine.dispose()
        whole = []
        for i in range(runs if whole_process else 0):
            seconds, content_hash = _whole_build(Path(folder) / f"whole{i}.duckdb", source, box)
            whole.append(seconds)
            hashes.add(content_hash)  # the command builds the very world the stages do
    stages = {name: round(statistics.median(v), 3) for name, v in per_stage.items()}
    total = round(statistics.median(totals), 3)
    if output.format.value == "table":
        rows = [(name, f"{seconds:.2f}") for name, seconds in stages.items()]
        rows.append(("total", f"{total:.2f}"))
        print_table(f"world build, median of {runs}", ["stage", "seconds"], rows)
        typer.echo(f"{runs} builds, {'identical' if len(hashes) == 1 else 'NOT identical'}")
        return
    output.record(
        {
            "runs": runs,
            "stages": stages,
            "total_seconds": total,
            "identical_builds": len(hashes) == 1,
            "content_hash": sorted(hashes)[0],
            "counts": counts,
            **({"whole_process_seconds": round(statistics.median(whole), 3)} if whole else {}),
        }
    )


def _whole_build(db: Path, source: Path | None, box: str | None) -> tuple[float, str]:
    """Seconds a whole `privateer world build --no-chart` process takes into a new database,
    and the content hash it built."""
    command = ["--db", str(db), "world", "build", "-q", "--json", "--no-chart"]
    command += [*([str(source)] if source else []), *(["--box", box] if box else [])]
    seconds, printed = _timed_privateer(command, "world build")
    return seconds, str(json.loads(printed)["content_hash"])


def _timed_privateer(arguments: list[str], what: str) -> tuple[float, str]:
    """`privateer ARGUMENTS` as a process of its own, timed from its start to its exit: its
    wall seconds and what it printed (a failure: its last line, as this command's one, `what`
    before it)."""
    import subprocess
    import sys

    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "privateer", *arguments], capture_output=True, text=True
    )
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit {done.returncode}"]
        fail(f"{what}: {lines[-1].removeprefix('error: ')}")
    return seconds, done.stdout


@app.command("fight")
def fight(
    fights: int = int_option(2000, "--fights", 1, 1_000_000, "Fights to play."),
    target: str = typer.Option("merchant", "--target", help="What the bot fights."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Fights per second of the lookahead (balanced) bot, on one core."""
    from privateer.engine.fight import BALANCED, TARGETS, Outfit, simulate

    if target not in TARGETS:
        fail(f"unknown target {target!r}; choose from {', '.join(TARGETS)}")
    started = time.perf_counter()
    simulate(BALANCED, target, Outfit(), range(fights))
    seconds = time.perf_counter() - started
    rate = fights / seconds
    if as_json:
        print_json(
            {"fights": fights, "seconds": round(seconds, 6), "fights_per_second": round(rate, 1)}
        )
        return
    print_table(
        "fight, balanced bot",
        ["fights", "seconds", "fights per second"],
        [(fights, f"{seconds:.2f}", f"{rate:.0f}")],
    )


app.command("combat", hidden=True, help="The old name of `bench fight`.")(fight)


@app.command()
@output_options
def log(
    events: int = int_option(
        1_000_000,
        "--events",
        1000,
        BENCH_EVENTS_MAX,
        "Synthetic events, all held in memory at once (about 0.6 GB a million).",
    ),
    sim_fights: int = int_option(
        2000,
        "--sim-fights",
        0,
        100_000,
        "Fights a bot for the sim with and without logging (0: skip).",
    ),
    runs: int = int_option(
        3,
        "--runs",
        1,
        MEDIAN_RUNS_MAX,
        "Rounds of each append, and times each sim is run (medians).",
    ),
    output: Output = Output(),
) -> None:
    """Append synthetic events through the run log and time it against DuckDB's own Arrow
    append of the same rows, in the same run (medians of --runs rounds, each in a fresh
    database, taking turns at going first); then what logging costs `privateer sim` (every
    bot over --sim-fights seeds, with and without --log, median of --runs each, in this
    process): log_overhead is the logged time over the plain, less one."""
    from privateer.db.log_bench import bench_append

    result = bench_append(events, rounds=runs)
    if sim_fights:
        result.update(sim_logging_overhead(sim_fights, runs))
    output.record(result)


def sim_logging_overhead(fights: int, runs: int) -> dict[str, float | int]:
    """Wall time of the whole bot table with and without logging, alternated, medians; and
    the CPU each took (the simulating process's, and the writer's), which a busy machine moves
    less than the wall time, and the wait after the last fight (the writer's last batch and
    its checkpoint)."""
    import resource

    from privateer.cli.fight.commands import fight_logger
    from privateer.db.log_writer import LogWriter
    from privateer.engine.fight import BOTS, MODE, Outfit, simulate

    outfit = Outfit()

    def table(writer: LogWriter | None) -> None:
        for bot in BOTS.values():
            on_played = None if writer is None else fight_logger(writer, bot.name)
            simulate(bot, "merchant", outfit, range(fights), on_played)

    def children_cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    from privateer.db import open_database

    plain: list[float] = []
    logged: list[float] = []
    plain_cpu: list[float] = []
    logged_cpu: list[float] = []
    writer_cpu: list[float] = []
    tail: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        for i in range(runs):
            path = Path(folder) / f"sim{i}.duckdb"
            open_database(path, notify=lambda _: None).dispose()  # made before the clock starts
            started, cpu = time.perf_counter(), time.process_time()
            table(None)
            plain.append(time.perf_counter() - started)
            plain_cpu.append(time.process_time() - cpu)
            started, cpu, writer = time.perf_counter(), time.process_time(), children_cpu()
            with LogWriter(path, notify=lambda _: None, replays=MODE) as log_writer:
                table(log_writer)
                played = time.perf_counter()
            logged.append(time.perf_counter() - started)
            logged_cpu.append(time.process_time() - cpu)
            writer_cpu.append(children_cpu() - writer)
            tail.append(time.perf_counter() - played)
    plain_s, logged_s = statistics.median(plain), statistics.median(logged)
    both = [a + b for a, b in zip(logged_cpu, writer_cpu, strict=True)]
    return {
        "sim_fights": fights * len(BOTS),
        "sim_seconds": round(plain_s, 3),
        "sim_log_seconds": round(logged_s, 3),
        "log_overhead": round(logged_s / plain_s - 1.0, 3),
        "sim_cpu_seconds": round(statistics.median(plain_cpu), 3),
        "sim_log_cpu_seconds": round(statistics.median(logged_cpu), 3),
        "log_writer_cpu_seconds": round(statistics.median(writer_cpu), 3),
        "log_cpu_overhead": round(statistics.median(both) / statistics.median(plain_cpu) - 1, 3),
        "log_tail_seconds": round(statistics.median(tail), 3),
    }


@app.command()
@output_options
def startup(
    runs: int = int_option(
        7, "--runs", 1, MEDIAN_RUNS_MAX, "Times each command is started (median)."
    ),
    output: Output = Output(),
) -> None:
    """How long a fresh `privateer` process takes to answer: --version, `runs list` and `db
    current` on a small database, each started --runs times (medians)."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "privateer"]
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "startup.duckdb")
        subprocess.run([*command, "--db", db, "db", "upgrade"], check=True, capture_output=True)
        cases = {
            "version": ["--version"],
            "runs_list": ["--db", db, "runs", "list"],
            "db_current": ["--db", db, "db", "current"],
        }
        timings: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(runs):
            for name, args in cases.items():
                started = time.perf_counter()
                subprocess.run([*command, *args], check=True, capture_output=True)
                timings[name].append(time.perf_counter() - started)
    medians = {name: round(statistics.median(t), 3) for name, t in timings.items()}
    output.record(
        {
            **{f"{name}_seconds": m for name, m in medians.items()},
            "runs_list_over_version": round(medians["runs_list"] - medians["version"], 3),
            "db_current_over_version": round(medians["db_current"] - medians["version"], 3),
        }
    )


@app.command("load")
@output_options
def load(
    ctx: typer.Context,
    runs: int = int_option(5, "--runs", 1, MEDIAN_RUNS_MAX, "Times to load (median)."),
    output: Output = Output(),
) -> None:
    """How long reading the world tables into the engine's World takes (the database must hold
    a world), uncached, median of --runs."""
    from privateer.cli.common import open_db
    from privateer.db import world_load

    engine = open_db(ctx, create=False)
    times = []
    world = None
    for _ in range(runs):
        world_load._LOADED.clear()
        started = time.perf_counter()
        try:
            world = world_load.load_world(engine)
        except Exception as error:
            fail(str(error))
        times.append(time.perf_counter() - started)
    assert world is not None
    output.record({"seconds": round(statistics.median(times), 3), "nodes": world.n, "runs": runs})


@app.command("world-sim")
@output_options
def world_sim(
    ctx: typer.Context,
    days: int = int_option(730, "--days", 1, DAYS_MAX, "Days of the world per run."),
    runs: int = int_option(3, "--runs", 1, MEDIAN_RUNS_MAX, "Runs after the first (median)."),
    output: Output = Output(),
) -> None:
    """World-days a second with all the world's traffic on one core. The first run on a
    bare World also works out the route trees the ships need (timed apart, as cold); the
    median of --runs more, with the routes known, is the days_per_second. If the database
    keeps route trees for the world (`route_trees`, kept by the commands that worked them
    out), one more first run on a bare World takes them from there (stored_cold: a new
    process's first run, as every command after the first now has it)."""
    from dataclasses import replace

    from privateer.cli.worlds import engine_world
    from privateer.engine.world import World, advance, create_world

    loaded = engine_world(ctx)
    stored = loaded.stored_trees
    world = replace(loaded, stored_trees=None)  # bare: its caches empty, no trees kept

    def one(world: World, seed: int) -> tuple[float, int]:
        state, _ = create_world(world, seed)
        started = time.perf_counter()
        for _ in range(days):
            advance(world, state)
        return time.perf_counter() - started, state.ship_count

    cold, ships = one(world, 0)
    warm = statistics.median(one(world, seed)[0] for seed in range(1, runs + 1))
    stored_cold = one(replace(loaded), 0)[0] if stored is not None else None
    output.record(
        {
            "days": days,
            "ships": ships,
            "days_per_second": round(days / warm, 1),
            "seconds": round(warm, 3),
            "cold_days_per_second": round(days / cold, 1),
            "cold_seconds": round(cold, 3),
            "stored_trees": 0 if stored is None else len(stored),
            "stored_cold_days_per_second": (
                None if stored_cold is None else round(days / stored_cold, 1)
            ),
        }
    )


@app.command("voyage")
@output_options
def voyage_bench(
    ctx: typer.Context,
    runs: int | None = int_option(
        None, "--runs", 1, 1000, "Captain-bot runs per round (default 10; 60 with --workers)."
    ),
    days: int = int_option(730, "--days", 1, DAYS_MAX, "The longest a run lasts."),
    rounds: int = int_option(3, "--rounds", 1, 20, "Rounds of each (median)."),
    rules: str = typer.Option(
        "full", "--rules", help="A voyage ruleset: classic, dilemmas, late, lookout or full."
    ),
    workers: str | None = typer.Option(
        None,
        "--workers",
        help="Worker counts to compare, e.g. 1,2: each round runs `privateer voyage --workers "
        "W` once for each, as a whole process (start-up, reading the world, the cluster's "
        "start and close included: the time a user waits), in turn.",
    ),
    output: Output = Output(),
) -> None:
    """Captain-bot voyages a second on one core (seeds 0 .. --runs-1, after one run to warm
    the route trees), and what logging them costs: the same runs written to a fresh database
    (as `voyage --log` writes them), alternated with the plain runs (every other round logged
    first), medians of --rounds. With --workers, instead: `privateer voyage` on each worker
    count, whole commands timed from outside (medians of --rounds), runs a second and the
    speedup over the first count (the ratio of the medians; each round's ratio too)."""
    from privateer.engine.voyage import RULESETS

    if rules not in RULESETS:
        fail(f"no rules {rules!r}: one of {', '.join(RULESETS)}")
    if workers is not None:
        counts = worker_counts(workers)
        voyage_workers(ctx, counts, runs or 60, days, rounds, rules, output)
        return
    runs = runs or 10
    from privateer.cli.voyage.batch import Timed, _now
    from privateer.cli.voyage.commands import _write
    from privateer.cli.worlds import engine_world
    from privateer.db import open_database
    from privateer.db.run_store import RunStore
    from privateer.engine.voyage import CAPTAINS, VoyageGame, captain_for, play_captained

    world = engine_world(ctx)
    game = VoyageGame(world, RULESETS[rules], days=days)
    captain = CAPTAINS[captain_for(rules)]  # the ruleset's own, as `voyage` plays it
    play_captained(game, runs, captain.choose)  # warm: the route trees a run needs

    def one_round(store: RunStore | None) -> tuple[float, int]:
        started = time.perf_counter()
        sailed = 0
        batch = []
        for seed in range(runs):
            began = _now()
            record = play_captained(game, seed, captain.choose)
            assert record.state is not None
            sailed += record.state.day
            batch.append(Timed(record, began, _now()))
            if store is not None and len(batch) == 10:
                _write(store, batch, world.content_hash)
                batch = []
        if store is not None and batch:
            _write(store, batch, world.content_hash)
        return time.perf_counter() - started, sailed

    plain: list[float] = []
    logged: list[float] = []
    sailed = 0
    with tempfile.TemporaryDirectory() as folder:
        for i in range(rounds):
            path = Path(folder) / f"voyages{i}.duckdb"
            open_database(path, notify=lambda _: None).dispose()  # made before the clock starts
            store = RunStore(path, notify=lambda _: None)
            if i % 2:  # every other round logged first, so neither gains by the other's caches
                logged.append(one_round(store)[0])
            seconds, sailed = one_round(None)
            plain.append(seconds)
            if not i % 2:
                logged.append(one_round(store)[0])
    plain_s, logged_s = statistics.median(plain), statistics.median(logged)
    output.record(
        {
            "runs": runs,
            "days": days,
            "rules": rules,
            "days_sailed": sailed,
            "runs_per_second": round(runs / plain_s, 2),
            "days_per_second": round(sailed / plain_s, 1),
            "seconds": round(plain_s, 3),
            "log_seconds": round(logged_s, 3),
            "log_overhead": round(logged_s / plain_s - 1.0, 3),
        }
    )


@app.command("memory")
@output_options
def memory(
    ctx: typer.Context,
    runs: int = int_option(20, "--runs", 0, 1000, "Captain-bot voyages (full rules) to play."),
    days: int = int_option(2000, "--days", 0, DAYS_MAX, "Days of the world sim after them."),
    output: Output = Output(),
) -> None:
    """What the World keeps in one process: plays --runs captain-bot voyages (full rules, seeds
    0 ..) and then a world sim of --days (seed 0), then reports each of the World's caches (its
    entries, bytes, budget and how many it let go), their total against the bound they are
    kept within, and the process's peak resident memory. `results` is a digest of what was
    played (the voyages' and the world's state hashes): the same whatever the caches hold."""
    import hashlib
    import resource

    from privateer.cli.voyage.commands import _has_the_ports
    from privateer.cli.worlds import engine_world
    from privateer.engine.voyage import CAPTAIN, RULESETS, VoyageGame, play_captained
    from privateer.engine.world import CACHES_BYTES, MB, advance, create_world

    world = engine_world(ctx)
    digest = hashlib.sha256()
    started = time.perf_counter()
    if runs:
        _has_the_ports(world, RULESETS["full"])
        game = VoyageGame(world, RULESETS["full"])
        for seed in range(runs):
            record = play_captained(game, seed, CAPTAIN.choose)
            assert record.state is not None
            digest.update(record.state.state_hash().encode())
    if days:
        state, _ = create_world(world, 0)
        for _ in range(days):
            advance(world, state)
        digest.update(state.state_hash().encode())
    seconds = time.perf_counter() - started
    memos = world.caches.memos()
    caches = {
        name: {
            "entries": memo.entries,
            "bytes": memo.held,
            "budget": memo.budget,
            "dropped": memo.let_go,
        }
        for name, memo in memos.items()
    }
    held = sum(memo.held for memo in memos.values())
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux: kB
    result = {
        "runs": runs,
        "days": days,
        "seconds": round(seconds, 2),
        "caches_bytes": held,
        "caches_bound": CACHES_BYTES,
        "within_bound": held <= CACHES_BYTES,
        "peak_rss_bytes": peak,
        "results": digest.hexdigest()[:16],
        "caches": caches,
    }
    if output.format.value != "table":
        output.record(result)
        return
    print_table(
        f"the World's caches after {runs} voyages and {days} world-days",
        ["cache", "entries", "MB", "budget MB", "dropped"],
        [
            (
                name,
                c["entries"],
                round(c["bytes"] / MB, 2),
                round(c["budget"] / MB, 2),
                c["dropped"],
            )
            for name, c in caches.items()
        ],
    )
    typer.echo(
        f"all caches: {held / MB:.1f} MB of {CACHES_BYTES / MB:.0f} MB; "
        f"peak resident: {peak / 2**20:.0f} MiB; {seconds:.1f} s; results {result['results']}"
    )


WORKERS_MOST = 256  # as `voyage --workers`


def worker_counts(text: str) -> list[int]:
    """`--workers 1,2` as the counts, each once, in the order given; or one line."""
    counts: list[int] = []
    for part in text.split(","):
        word = part.strip()
        if not (word.isascii() and word.isdigit() and 1 <= int(word) <= WORKERS_MOST):
            fail(f"--workers {text!r}: give worker counts from 1 to {WORKERS_MOST}, e.g. 1,2")
        if int(word) not in counts:
            counts.append(int(word))
    return counts


def voyage_workers(
    ctx: typer.Context,
    counts: list[int],
    runs: int,
    days: int,
    rounds: int,
    rules: str,
    output: Output,
) -> None:
    """`privateer voyage --workers W --json` for each count in turn (every other round in the
    other order), each a fresh process timed from its start to its exit: wall seconds, and
    CPU seconds with its workers'. The runs must be the same on every count."""
    import resource

    from privateer.cli.common import db_path
    from privateer.cli.voyage.commands import _has_the_ports
    from privateer.cli.worlds import engine_world
    from privateer.engine.voyage import RULESETS

    _has_the_ports(engine_world(ctx), RULESETS[rules])  # said once here, not by each process
    command = ["--db", str(db_path(ctx)), "voyage"]
    command += ["--runs", str(runs), "--days", str(days), "--rules", rules, "--json"]
    wall: dict[int, list[float]] = {count: [] for count in counts}
    cpu: dict[int, list[float]] = {count: [] for count in counts}
    summaries: set[str] = set()

    def used() -> float:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return children.ru_utime + children.ru_stime

    for round_ in range(rounds):
        for count in counts if round_ % 2 == 0 else counts[::-1]:
            before = used()
            seconds, printed = _timed_privateer(
                [*command, "--workers", str(count)], f"voyage --workers {count}"
            )
            wall[count].append(seconds)
            cpu[count].append(used() - before)
            summaries.add(printed)
    first = counts[0]  # the speedup is over it: its median time over each count's
    rows = []
    for count in counts:
        seconds = statistics.median(wall[count])
        rows.append(
            {
                "workers": count,
                "seconds": round(seconds, 2),
                "runs_per_second": round(runs / seconds, 2),
                "cpu_seconds": round(statistics.median(cpu[count]), 2),
                "speedup": round(statistics.median(wall[first]) / seconds, 3),
                "speedup_by_round": [
                    round(a / b, 3) for a, b in zip(wall[first], wall[count], strict=True)
                ],
            }
        )
    result = {
        "runs": runs,
        "days": days,
        "rules": rules,
        "rounds": rounds,
        "timed": "whole command: start-up, reading the world, the cluster's start and close",
        "speedup_over": first,
        "identical": len(summaries) == 1,
        "workers": rows,
    }
    if output.format.value != "table":
        output.record(result)
        return
    print_table(
        f"voyage --runs {runs}, whole commands, medians of {rounds}",
        ["workers", "seconds", "runs a second", "CPU seconds", f"speedup over {first}"],
        [
            (r["workers"], r["seconds"], r["runs_per_second"], r["cpu_seconds"], r["speedup"])
            for r in rows
        ],
    )
    typer.echo("the same runs on every count" if len(summaries) == 1 else "NOT the same runs")


app.command("web")(output_options(bench_web.web))


@app.command("targets")
@output_options
def targets(
    ctx: typer.Context,
    only: list[str] = typer.Option(
        [],
        "--only",
        help="Run only the targets whose bench command holds this word (repeat): tribes, log,"
        " world-sim, voyage, world, fight, startup.",
    ),
    output: Output = Output(),
) -> None:
    """Every speed target the project has set, beside what this machine measures: each bench
    run once as its own process (on the database's world), its figure, the bound, and met or
    how far off. Some minutes in all; a quiet machine gives figures worth comparing."""
    from privateer.cli.common import db_path, note
    from privateer.cli.figures.page import run_privateer
    from privateer.cli.figures.speed import TARGETS
    from privateer.cli.figures.targets import TargetTable, commands, target_rows
    from privateer.cli.worlds import engine_world

    table = TARGETS
    if only:
        chosen = tuple(t for t in table.targets if any(word in t.command for word in only))
        if not chosen:
            fail(f"no target's bench is named by {', '.join(only)}")
        table = TargetTable(table.heading, table.about, chosen)
    engine_world(ctx)  # no world: one line now, not after the first bench
    world_db = ("--db", str(db_path(ctx).resolve()))
    printed = {}
    wanted = commands(table)
    for number, command in enumerate(wanted, 1):
        note(f"[{number}/{len(wanted)}] privateer {' '.join(command)}")
        try:
            printed[command] = run_privateer((*world_db, *command))
        except OSError as error:
            fail(str(error))
    rows = target_rows(table, printed)
    if output.format.value == "table":  # the figures as read; the data has the numbers too
        output.rows(rows, ["figure", "shown", "target", "verdict"], title="speed, the targets")
        return
    output.rows(rows, ["figure", "ours", "target", "met", "verdict", "command"])
