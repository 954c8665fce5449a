"""`privateer tune`: search the rules' dials for settings that land chosen figures in their
intervals. Optuna's TPE sampler proposes each trial's setting, from the default settings first;
the trial's runs are played as a sweep's point is (the same seeds at every trial, on the dask
workers), and kept with the search in the database as soon as it ends, so Ctrl-C keeps every
trial finished, the same command goes on where it stopped, and a setting already played (by
any study) is read back, not played again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from privateer.cli.common import (
    INTERRUPTED_EXIT,
    Output,
    db_path,
    fail,
    note,
    output_options,
    user_errors,
)
from privateer.cli.options import DAYS_MAX, int_option, seed_option
from privateer.cli.progress import QUIET_HELP, counting, shown
from privateer.cli.study_points import check_playable, keep_point, play_point, rules_of
from privateer.cli.tune.figures import figure_names
from privateer.cli.worlds import engine_world

if TYPE_CHECKING:
    from privateer.cli.tune.space import SearchDial, Target
    from privateer.db.run_store import RunStore
    from privateer.engine.world import World

MAX_BUDGET = 1_000_000  # runs
STARTUP_TRIALS = 8  # TPE's trials drawn at random before it models where the good ones lie


@output_options
def tune(
    ctx: typer.Context,
    targets: list[str] = typer.Argument(
        ...,
        help=f"FIGURE=LOW:HIGH: a figure to land and its interval (shares as 0.25 or 25%): "
        f"{figure_names()}. FIGURE[DIAL=VALUE,...]=LOW:HIGH: the figure with those dials "
        "turned from each trial's setting (won[treasury=20]=0.048:0.162), which each trial "
        "then plays too.",
        metavar="FIGURE=LOW:HIGH...",
    ),
    dials: list[str] = typer.Option(
        [],
        "--dial",
        help="NAME=LOW:HIGH[:STEP] or NAME=A,B,...: a dial the search may turn, over a range "
        "or a list (any `sweep` dial: the voyage's or the world's rules, a price, a tuple's "
        "place, captain.FIELD); one value holds it there at every trial (captain=seed). "
        "Give one or more.",
    ),
    rules: str = typer.Option(
        "full",
        "--rules",
        help="The voyage ruleset tuned: classic, dilemmas, late, lookout, full or drake.",
    ),
    runs: int = int_option(100, "--runs", 2, 100_000, "Runs a trial (the same seeds at each)."),
    budget: int = int_option(
        4_000, "--budget", 2, MAX_BUDGET, "Runs in all, over every trial (trials: BUDGET/RUNS)."
    ),
    days: int | None = int_option(
        None, "--days", 1, DAYS_MAX, "The longest a run lasts (the rules' own: 730)."
    ),
    seed: int = seed_option("The first run's seed (then +1 each), the same at every trial."),
    sampler_seed: int = int_option(
        0, "--sampler-seed", 0, 2**31 - 1, "The seed of the search's own draws."
    ),
    keep_going: bool = typer.Option(
        False, "--keep-going", help="Spend the whole budget, not stop at the first landing."
    ),
    workers: int = int_option(
        0, "--workers", 0, 256, "Processes to play on (dask); 0: one per core; 1: this process."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    output: Output = Output(),
) -> None:
    """Search the dials for a setting that lands every figure in its interval: each trial
    plays --runs voyages at a setting the search proposes (the rules as they are, first),
    scored by how far each figure lies outside its interval, in the interval's widths. Prints
    every trial and the best: the setting that lands every figure, or the nearest, with each
    figure's distance, and then the trade-off (the trials no other beats on every figure,
    each landing or nearest on a figure the others give up). A figure asked at turned dials
    (`won[treasury=20]`) lands a dial's move with the rest: each trial plays its setting and
    each such turn of it, --runs each. The search is kept as a study
    (`privateer sweep list`, `sweep show ID`); run the same command again to go on with it (a
    larger --budget goes further)."""
    from privateer.cli.voyage.batch import default_workers
    from privateer.engine.voyage import RULESETS

    if rules not in RULESETS:
        fail(f"no rules {rules!r}: one of {', '.join(RULESETS)}")
    aims, space = _asked(targets, dials, rules)
    from privateer.cli.tune.space import turns

    trial_runs = runs * (1 + len(turns(aims)))  # its setting's runs and each turn's
    if budget < trial_runs:
        fail(f"a budget of {budget} runs is less than one trial of {trial_runs}")
    if budget > MAX_BUDGET:
        fail(f"a budget of {budget:,} runs is too many (at most {MAX_BUDGET:,})")
    days = RULESETS[rules].days if days is None else days
    world = engine_world(ctx)
    search = Search(
        world, aims, space, rules, runs, budget // trial_runs, days, seed, sampler_seed, keep_going,
        workers or default_workers(), quiet,
    )  # fmt: skip
    found = search.run(ctx)
    _show(found, aims, space, output)


def _asked(targets: list[str], dials: list[str], rules: str) -> tuple[list[Target], list[Any]]:
    from privateer.cli.tune.space import parse_search_dial, parse_target
    from privateer.engine.voyage import RULESETS

    try:
        aims = [parse_target(text) for text in targets]
        space = [parse_search_dial(text) for text in dials]
    except ValueError as error:
        fail(str(error))
    if not space:
        fail("name a dial to turn: --dial NAME=LOW:HIGH (treasury=15:30) or --dial NAME=A,B")
    for group, what in ((aims, "figure"), (space, "dial")):
        names = [item.name for item in group]
        if len(set(names)) != len(names):
            fail(f"a {what} is given twice: give each once")
    searched = {d.name for d in space}
    for aim in aims:
        for name, _ in aim.at:
            if name in searched:
                fail(f"{aim.name}: {name} is a dial the search turns; turn another in brackets")
    if any(t.figure == "act3" for t in aims) and not RULESETS[rules].letters:
        fail(f"act3: the rules {rules} have no letters of marque (full has them)")
    return aims, space


class Search:
    """One search: its trials, asked of optuna, played (or read back), kept, and told."""

    def __init__(
        self,
        world: World,
        targets: list[Target],
        space: list[SearchDial],
        rules: str,
        runs: int,
        trials: int,
        days: int,
        seed: int,
        sampler_seed: int,
        keep_going: bool,
        workers: int,
        quiet: bool,
    ) -> None:
        from privateer.cli.tune.space import turns
        from privateer.db.sweeps import Study
        from privateer.engine.voyage import ENGINE_VERSION

        self.world, self.targets, self.space, self.rules = world, targets, space, rules
        self.turns = turns(targets)  # each trial plays its setting, then each of these
        self.turned_dials = {name for turn in self.turns for name, _ in turn}
        self.next_point = 0  # the study's next point: a trial is 1 + len(turns) of them
        self.trials, self.keep_going, self.workers, self.quiet = trials, keep_going, workers, quiet
        self.study = Study(
            tuple((d.name, (d.written,)) for d in space), rules, seed, runs, days,
            ENGINE_VERSION, world.content_hash,
        )  # fmt: skip
        self.asked: dict[str, Any] = {
            "targets": {t.name: [t.low, t.high] for t in targets},
            "dials": {d.name: d.written for d in space},
            "sampler_seed": sampler_seed,
            "budget": trials * runs * (1 + len(self.turns)),
        }

    def run(self, ctx: typer.Context) -> dict[str, Any]:
        """Go on with the same search if one is kept, else start one; play trials until one
        lands every figure (or the budget is spent); the search's trials and its best."""
        from privateer.cli.voyage.batch import ClusterError, cluster
        from privateer.db.run_store import RunStore
        from privateer.db.sweeps import find_search, grow_budget, new_sweep, sweep_points

        with user_errors():
            store = RunStore(db_path(ctx), notify=note)
            with store.session() as duck:
                sweep_id = find_search(duck, self.study, self.asked)
                if sweep_id is None:
                    sweep_id = new_sweep(duck, self.study, self.asked)
                    kept = []
                else:
                    kept = sweep_points(duck, sweep_id)
                    grow_budget(duck, sweep_id, self.asked["budget"])
        self.next_point = 1 + max((p["point"] for p in kept), default=-1)
        told = self._grouped(kept)
        if kept:  # counted in whole trials: a trial with turns is several points
            note(f"going on with search {sweep_id}: {len(told)} trials kept")
        optuna_study = self._optuna(told)
        trials = [self._trial(i, setting, played) for i, (setting, played) in enumerate(told)]
        try:
            with cluster(self.workers, None) as client, user_errors():
                while self._more(trials):
                    trials.append(self._next(store, sweep_id, optuna_study, len(trials), client))
        except ClusterError as error:
            fail(f"{error}; search {sweep_id} keeps the trials played before")
        except KeyboardInterrupt:
            note(
                f"interrupted: search {sweep_id} keeps {len(trials)} trials; "
                "the same command goes on with it"
            )
            raise typer.Exit(INTERRUPTED_EXIT) from None
        from privateer.cli.tune.tradeoff import front

        best = min(trials, key=lambda t: (t["distance"], t["trial"]))
        note(
            f"search {sweep_id}: {len(trials)} trials of {self.study.runs} runs; "
            + ("every figure landed" if best["distance"] == 0 else "no trial landed every figure")
        )
        return {
            "search": sweep_id, "rules": self.rules, "runs": self.study.runs,
            "first_seed": self.study.first_seed, "days": self.study.days,
            "landed": best["distance"] == 0, "best": best,
            "tradeoff": [t["trial"] for t in front(trials)], "trials": trials,
        }  # fmt: skip

    def _more(self, trials: list[dict[str, Any]]) -> bool:
        if len(trials) >= self.trials:
            return False
        return self.keep_going or not any(t["distance"] == 0 for t in trials)

    def _grouped(self, kept: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[Any, Any]]]:
        """The kept points as whole trials, in the order played: each trial's setting and its
        figures by turn (() its own), a trial being its setting's point and the turns' points
        after it. A trial cut off before its every turn was played is left out: its points
        are read back, not played again, if the search asks for it again."""
        from privateer.cli.tune.space import turned_setting

        trials: list[tuple[dict[str, Any], dict[Any, Any]]] = []
        for point in kept:
            setting = point["setting"]
            own = {k: v for k, v in setting.items() if k not in self.turned_dials}
            if own == setting:
                trials.append((own, {(): point["figures"]}))  # a trial's first point
                continue
            turn = next((t for t in self.turns if turned_setting(own, t) == setting), None)
            if turn is not None and trials and trials[-1][0] == own:
                trials[-1][1][turn] = point["figures"]
        whole = len(self.turns) + 1
        return [trial for trial in trials if len(trial[1]) == whole]

    def _optuna(self, kept: list[tuple[dict[str, Any], dict[Any, Any]]]) -> Any:
        """An optuna study told every kept trial; with none, its first trial is the rules as
        they are (each dial's value in them, where the dial's range holds it)."""
        import optuna
        from optuna.trial import create_trial

        from privateer.cli.tune.space import objective
        from privateer.engine.voyage import value_in

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        sampler = optuna.samplers.TPESampler(
            seed=int(self.asked["sampler_seed"]), n_startup_trials=STARTUP_TRIALS
        )
        study = optuna.create_study(direction="minimize", sampler=sampler)
        distributions = {d.name: d.distribution() for d in self.space}
        for setting, played in kept:
            if all(d.holds(setting.get(d.name)) for d in self.space):
                study.add_trial(
                    create_trial(
                        params={d.name: setting[d.name] for d in self.space},
                        distributions=distributions,
                        value=objective(self.targets, played[()], played),
                    )
                )
        if not kept:
            held: dict[str, Any] = {}
            for dial in self.space:  # in the order asked
                value = value_in(dial.dial, self.rules)
                if dial.holds(value):
                    held[dial.name] = value
                else:
                    note(
                        f"{dial.name}: the rules' {value} is not one of {dial.written},"
                        " so the first trial draws it"
                    )
            if held:
                study.enqueue_trial(held)
        return study

    def _next(
        self, store: RunStore, sweep_id: int, optuna_study: Any, index: int, client: Any
    ) -> dict[str, Any]:
        """Ask for a setting, play it and each of its turns (or read them back), keep each as
        a point of the study, tell optuna its score."""
        from privateer.cli.tune.space import turned_setting

        trial = optuna_study.ask()
        setting = {d.name: d.suggest(trial) for d in self.space}
        figures: dict[Any, Any] = {}
        played = False
        for turn in [(), *self.turns]:
            at = turned_setting(setting, turn)
            figures[turn], fresh = self._point(store, sweep_id, index, at, turn, client)
            played = played or fresh
        result = self._trial(index, setting, figures)
        optuna_study.tell(trial, result["distance"])
        if shown(self.quiet):
            note(_trial_line(result, self.targets, played))
        return result

    def _point(
        self,
        store: RunStore,
        sweep_id: int,
        index: int,
        setting: dict[str, Any],
        turn: Any,
        client: Any,
    ) -> tuple[dict[str, Any], bool]:
        """One point of a trial, kept as the study's next: its figures, and whether it was
        played (not read back)."""
        from privateer.db.sweeps import stored_keys

        point, self.next_point = self.next_point, self.next_point + 1
        (rules,) = rules_of(self.rules, [setting])
        key = self.study.point_key(setting, rules)
        with store.session() as duck:
            if stored_keys(duck, [key], self.study.runs):
                return keep_point(duck, self.world, sweep_id, point, setting, key), False
        check_playable(self.world, setting, rules[0], rules[1], self.rules)
        what = f"trial {index + 1}/{self.trials}"
        if turn:
            what += " at " + " ".join(f"{k}={_value(v)}" for k, v in turn)
        with counting(what, self.study.runs, quiet=self.quiet) as advance:
            figures = play_point(
                store, self.world, self.study, sweep_id, point, setting, rules,
                workers=self.workers, client=client, log=False, advance=advance,
            )  # fmt: skip
        return figures, True

    def _trial(self, index: int, setting: dict[str, Any], played: dict[Any, Any]) -> dict[str, Any]:
        """A trial as told: its setting, and each figure (read off its turn's point) beside
        its interval."""
        from privateer.cli.tune.space import figures_of, objective

        values = {t.name: t.value(figures_of(t, played[()], played)) for t in self.targets}
        return {
            "trial": index + 1,  # counted from one, as a person counts
            "setting": setting,
            "distance": objective(self.targets, played[()], played),
            "figures": {
                t.name: {
                    "value": values[t.name],
                    "low": t.low,
                    "high": t.high,
                    "distance": round(t.distance(values[t.name]), 6),
                }
                for t in self.targets
            },
        }


def _trial_line(trial: dict[str, Any], targets: list[Target], played: bool) -> str:
    setting = " ".join(f"{k}={_value(v)}" for k, v in trial["setting"].items())
    figures = ", ".join(
        f"{t.name} {_figure(t, trial['figures'][t.name]['value'])}"
        + ("" if trial["figures"][t.name]["distance"] == 0 else " (out)")
        for t in targets
    )
    how = "" if played else " (read back)"
    return f"trial {trial['trial']}{how}: {setting}: {figures}; off by {trial['distance']:g}"


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def _figure(target: Target, value: float | None) -> str:
    if value is None:
        return "none"
    return f"{100 * value:.1f}%" if target.share else f"{value:.1f}"


def _show(found: dict[str, Any], targets: list[Target], space: list[Any], output: Output) -> None:
    if output.format.value != "table":
        if output.format.value == "json":
            output.record(found)
        else:
            rows = [_flat(t, targets, space) for t in found["trials"]]
            output.rows(rows, list(rows[0]) if rows else None)
        return
    rows = [_flat(t, targets, space) for t in found["trials"]]
    shares = [t.name for t in targets if t.share]
    output.rows(rows, title=f"search {found['search']}: every trial", rates=shares)
    best = found["best"]
    verdict = "lands every figure" if found["landed"] else "is the nearest"
    setting = " ".join(f"{k}={_value(v)}" for k, v in best["setting"].items())
    output.rows(
        [
            {
                "figure": t.name,
                "value": _figure(t, best["figures"][t.name]["value"]),
                "interval": f"{_figure(t, t.low)}-{_figure(t, t.high)}",
                "distance": best["figures"][t.name]["distance"],
                "landed": "yes" if best["figures"][t.name]["distance"] == 0 else "no",
            }
            for t in targets
        ],
        title=f"trial {best['trial']} ({setting}) {verdict}",
    )
    if found["landed"] or len(found["tradeoff"]) < 2:
        return
    by_trial = {t["trial"]: t for t in found["trials"]}
    traded = [_flat(by_trial[n], targets, space) for n in found["tradeoff"]]
    output.rows(
        traded,
        title="the trade-off: the trials no other beats on every figure (each lands or comes "
        "nearest on a figure the others give up)",
        rates=shares,
    )


def _flat(trial: dict[str, Any], targets: list[Target], space: list[Any]) -> dict[str, Any]:
    row: dict[str, Any] = {"trial": trial["trial"]}
    row |= {d.name: trial["setting"].get(d.name) for d in space}
    row |= {t.name: trial["figures"][t.name]["value"] for t in targets}
    row["distance"] = trial["distance"]
    return row
