"""`privateer sweep`: a balance study. Turn one or more dials of the rules over values, play the
same seeds with the captain bot at every setting (common random numbers: differences between
points are the rule's, not the dice's), on dask workers, keep the study in the database, and
print (and plot) each point's figures. `sweep list` and `sweep show ID` read studies back.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
import typer
from typer.core import TyperGroup

from privateer.cli.common import (
    INTERRUPTED_EXIT,
    Output,
    db_path,
    existing_db,
    fail,
    note,
    output_options,
    user_errors,
)
from privateer.cli.options import DAYS_MAX, RUN_ID_MAX, Bounded, int_option, seed_option
from privateer.cli.outputs import check_output, force_option
from privateer.cli.progress import QUIET_HELP, counting
from privateer.cli.study_points import check_playable, keep_point, play_point, rules_of
from privateer.cli.worlds import engine_world

if TYPE_CHECKING:
    from privateer.db.sweeps import Study
    from privateer.engine.world import World

MAX_RUNS = 1_000_000  # a study's runs in all (points x runs a point)
PLOT_SUFFIXES = (".png", ".svg")
PLOT_HELP = (
    "Draw each figure against the first dial, each y axis from zero, each figure's 95% "
    "interval as a band: OUT.png or OUT.svg."
)


class _StudyGroup(TyperGroup):
    """`sweep NAME=VALUES ...` runs a study; `sweep list` and `sweep show ID` read them back."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        first = next((a for a in args if not a.startswith("-")), None)
        if first is not None and first not in self.commands:
            args = ["run", *args]
        return super().parse_args(ctx, args)


app = typer.Typer(
    cls=_StudyGroup,
    help="Balance studies: turn dials of the rules, play the same seeds at every setting, "
    "keep the figures. `privateer sweep treasury=15:30:5` runs one; `sweep list`, "
    "`sweep show ID` read them back.",
    no_args_is_help=True,
)

POINT_COLUMNS = [
    "runs", "won", "won_rate", "won_low", "won_high", "mean_day_home", "raids_per_run",
    "sunk", "alive_at_end", "seas_reached", "sunk_by",
]  # fmt: skip
JSON_ONLY = ["prizes_per_run", "mean_day_sunk", "act3", "seas"]  # too wide for a table
RATES = ("won_rate", "won_low", "won_high", "sunk", "alive_at_end")


@app.command("run")
@output_options
def run(
    ctx: typer.Context,
    dials: list[str] = typer.Argument(
        ...,
        help="NAME=VALUES: a rule's field by name (treasury, storm_days, ship_gold.frigate, "
        "letter_days.1: a table's entry or a tuple's place from 0, ...) and its values, "
        "a range FIRST:LAST[:STEP] or a list A,B,C; or captain=ours,raider12, "
        "the captain bots that play, or captain.FIELD=VALUES, one of their numbers "
        "(captain.reserve=6:12:2). Several give every combination.",
        metavar="NAME=VALUES...",
    ),
    rules: str = typer.Option(
        "full",
        "--rules",
        help="The voyage ruleset turned: classic, dilemmas, late, lookout, full, century or drake.",
    ),
    runs: int = int_option(100, "--runs", 1, 100_000, "Runs at every point (the same seeds)."),
    days: int | None = int_option(
        None,
        "--days",
        1,
        DAYS_MAX,
        "The longest a run lasts (the rules' own: 730; drake 1,100).",
    ),
    seed: int = seed_option("The first run's seed (then +1 each), the same at every point."),
    workers: int = int_option(
        0, "--workers", 0, 256, "Processes to play on (dask); 0: one per core; 1: this process."
    ),
    scheduler: str | None = typer.Option(
        None, "--scheduler", help="Play on a running dask cluster: its scheduler's address."
    ),
    log: bool = typer.Option(
        False, "--log", help="Log every run too (mode voyage), its options naming the study."
    ),
    fresh: bool = typer.Option(
        False, "--fresh", help="Play every point again, even one an earlier study stored."
    ),
    plot: Path | None = typer.Option(None, "--plot", help=PLOT_HELP),
    force: bool = force_option("With --plot: replace OUT if it is there (moved in when done)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    output: Output = Output(),
) -> None:
    """Play --runs voyages with the captain bot at every setting of the dials, the same seeds at
    each, and print each point's figures: won (with its 95% Wilson interval), the mean day
    home, raids a run, sunk and by what, alive at the end, the named seas reached. The study is
    kept (`sweep list`); a point an earlier study stored is read back, not played again."""
    from privateer.cli.voyage.batch import scheduler_address
    from privateer.engine.voyage import MAX_POINTS, RULESETS, parse_dial

    parsed = []
    for text in dials:
        try:
            parsed.append(parse_dial(text))
        except ValueError as error:
            fail(str(error))
    names = [dial.name for dial, _ in parsed]
    if len(set(names)) != len(names):
        fail("a dial is given twice: give each rule once, with all its values")
    if rules not in RULESETS:
        fail(f"no rules {rules!r}: one of {', '.join(RULESETS)}")
    days = RULESETS[rules].days if days is None else days
    points = list(itertools.product(*(values for _, values in parsed)))
    if len(points) > MAX_POINTS or len(points) * runs > MAX_RUNS:
        fail(f"{len(points)} points of {runs} runs is too many (at most {MAX_RUNS:,} runs)")
    if plot is not None:
        check_output(plot, PLOT_SUFFIXES, force=force)
    if scheduler is not None:
        try:
            scheduler = scheduler_address(scheduler)
        except ValueError as error:
            fail(str(error))
    settings = [dict(zip(names, values, strict=True)) for values in points]
    turned_rules = rules_of(rules, settings)
    world = engine_world(ctx)
    study, rows = _play(
        ctx, world, parsed, settings, turned_rules, rules, runs, days, seed, workers, scheduler,
        log, fresh, quiet,
    )  # fmt: skip
    _show(rows, names, output)
    if plot is not None:
        _plot(plot, study, rows, names, force=force)


def _play(
    ctx: typer.Context,
    world: World,
    parsed: list[Any],
    settings: list[dict[str, Any]],
    turned_rules: list[Any],
    rules_name: str,
    runs: int,
    days: int,
    seed: int,
    workers: int,
    scheduler: str | None,
    log: bool,
    fresh: bool,
    quiet: bool,
) -> tuple[Study, list[dict[str, Any]]]:
    from privateer.cli.voyage.batch import ClusterError, cluster, default_workers
    from privateer.db.run_store import RunStore
    from privateer.db.sweeps import Study, new_sweep, stored_keys, sweep_points
    from privateer.engine.voyage import ENGINE_VERSION

    for setting, (voyage_rules, wrules) in zip(settings, turned_rules, strict=True):
        check_playable(world, setting, voyage_rules, wrules, rules_name)
    study = Study(
        tuple((dial.name, values) for dial, values in parsed),
        rules_name, seed, runs, days, ENGINE_VERSION, world.content_hash,
    )  # fmt: skip
    keys = [study.point_key(s, r) for s, r in zip(settings, turned_rules, strict=True)]
    with user_errors():
        store = RunStore(db_path(ctx), notify=note)
        with store.session() as duck:
            stored = set() if fresh else stored_keys(duck, keys, runs)
            sweep_id = new_sweep(duck, study)
            for point in (i for i, key in enumerate(keys) if key in stored):
                keep_point(duck, world, sweep_id, point, settings[point], keys[point])
    to_play = [i for i, key in enumerate(keys) if key not in stored]
    if stored:
        note(f"{len(stored)} of {len(keys)} points read from earlier studies")
    workers = workers or default_workers()
    try:
        with (
            cluster(workers, scheduler) as client,
            user_errors(),
            counting("study", len(to_play) * runs, quiet=quiet) as advance,
        ):
            for point in to_play:
                play_point(
                    store, world, study, sweep_id, point, settings[point], turned_rules[point],
                    workers=workers, client=client, log=log, advance=advance,
                )  # fmt: skip
    except ClusterError as error:
        fail(f"{error}; study {sweep_id} keeps the points played before")
    except KeyboardInterrupt:
        with store.session() as duck:
            done = len(sweep_points(duck, sweep_id))
        note(f"interrupted: study {sweep_id} keeps {done} of {len(keys)} points")
        raise typer.Exit(INTERRUPTED_EXIT) from None
    with user_errors(), store.session() as duck:
        points = sweep_points(duck, sweep_id)
    note(f"study {sweep_id}: {len(settings)} points of {runs} runs")
    return study, [{"point": p["point"], **p["setting"], **p["figures"]} for p in points]


def _show(rows: list[dict[str, Any]], names: list[str], output: Output) -> None:
    if output.format.value == "table":
        shown = [
            {**r, "sunk_by": ", ".join(f"{k} {100 * v:.0f}%" for k, v in r["sunk_by"].items())}
            for r in rows
        ]
        output.rows(shown, ["point", *names, *POINT_COLUMNS], rates=RATES)
    else:
        output.rows(rows, ["point", *names, *POINT_COLUMNS, *JSON_ONLY])


def _plot(
    path: Path, study: Study, rows: list[dict[str, Any]], names: list[str], *, force: bool
) -> None:
    from privateer.cli.outputs import writing_output
    from privateer.pipeline.chart.dials import draw_dials

    with writing_output(path, force=force) as part:
        draw_dials(part, rows, names, f"{study.rules} rules, {study.runs} runs a point")
    note(f"wrote {path}")


@app.command("list")
@output_options
def list_command(ctx: typer.Context, output: Output = Output()) -> None:
    """Every study kept, newest first: a sweep or a search (`privateer tune`), its dials, rules,
    seeds, days and points (a search's trials)."""
    from privateer.db.run_store import RunStore
    from privateer.db.sweeps import list_sweeps

    path = existing_db(ctx)
    with user_errors(), RunStore(path, notify=note).session() as duck:
        rows = list_sweeps(duck)
    output.rows(
        rows,
        ["sweep_id", "kind", "created_at", "rules", "dials", "first_seed", "runs", "days",
         "points"],
    )  # fmt: skip


@app.command("show")
@output_options
def show(
    ctx: typer.Context,
    sweep_id: int = typer.Argument(
        ...,
        click_type=Bounded(1, RUN_ID_MAX),
        help="The study: its id, as sweep list shows it.",
        metavar="ID",
    ),
    plot: Path | None = typer.Option(None, "--plot", help=PLOT_HELP),
    force: bool = force_option("With --plot: replace OUT if it is there (moved in when done)."),
    output: Output = Output(),
) -> None:
    """A kept study's points and their figures, as the study printed them."""
    from privateer.db.run_store import RunStore
    from privateer.db.sweeps import Study, list_sweeps, sweep_exists, sweep_points

    if plot is not None:
        check_output(plot, PLOT_SUFFIXES, force=force)
    path = existing_db(ctx)
    with user_errors(), RunStore(path, notify=note).session() as duck:
        if not sweep_exists(duck, sweep_id):
            fail(f"no study {sweep_id} (see `privateer sweep list`)")
        (row,) = [r for r in list_sweeps(duck) if r["sweep_id"] == sweep_id]
        points = sweep_points(duck, sweep_id)
    names = list(points[0]["setting"]) if points else []
    rows = [{"point": p["point"], **p["setting"], **p["figures"]} for p in points]
    _show(rows, names, output)
    if plot is not None and rows:
        study = Study((), row["rules"], row["first_seed"], row["runs"], row["days"], "", "")
        _plot(plot, study, rows, names, force=force)
