"""Playing a study's points, for `privateer sweep` (a grid of settings) and `privateer tune` (a
search over them): each setting's rules, refused before any work if the game cannot be played
by them; its runs on the dask workers, the same seeds at every point; its results and figures
kept with the study as soon as the point is played, so an interrupted study keeps every point
it finished."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from privateer.cli.common import fail

if TYPE_CHECKING:
    from privateer.db.run_store import RunStore
    from privateer.db.sweeps import Study
    from privateer.engine.world import World

TRIAL_DAYS = 30  # a setting is tried this long before a study plays it


def rules_of(rules_name: str, settings: list[dict[str, Any]]) -> list[Any]:
    """The rules (voyage's, world's) of every setting, each field within its bound
    (engine/bounds.py): one that is not (a morale to start past the most there is) is said in
    one line before any work."""
    from privateer.engine.voyage import RULESETS, turned
    from privateer.engine.world import find_world_rules

    played_in = find_world_rules(RULESETS[rules_name].world_rules)
    try:
        return [turned(RULESETS[rules_name], played_in, setting) for setting in settings]
    except ValueError as error:  # the first setting whose rules are out of bounds
        fail(str(error))


def check_playable(
    world: World, setting: Mapping[str, Any], rules: Any, wrules: Any, rules_name: str
) -> None:
    """Refuse, before any work, a setting the game cannot be played by (a port this world has
    not, a number the rules cannot take): its first seed is tried for a month."""
    from privateer.engine.voyage import VoyageGame, captain_of, find_captain, play_captained

    shown = " ".join(f"{k}={v}" for k, v in setting.items())
    for port in (rules.start_port, rules.home_port):
        if port not in world.port_by_name:
            fail(f"{shown}: this world has no port {port!r}")
    try:
        play_captained(
            VoyageGame(world, rules, wrules, days=TRIAL_DAYS),
            0,
            find_captain(captain_of(setting, rules_name)).choose,
        )
    except (ValueError, ArithmeticError, IndexError, KeyError) as error:
        fail(f"{shown}: the game cannot be played by these rules ({type(error).__name__}: {error})")


def keep_point(
    duck: Any, world: World, sweep_id: int, point: int, setting: Mapping[str, Any], key: str
) -> dict[str, Any]:
    """A point's figures, from its stored results (with polars), kept with the study."""
    from privateer.db.sweeps import point_figures, results_frame, write_point

    figures = point_figures(results_frame(duck, [key]), world.seas)[key]
    write_point(duck, sweep_id, point, setting, key, figures)
    return figures


def play_point(
    store: RunStore,
    world: World,
    study: Study,
    sweep_id: int,
    point: int,
    setting: Mapping[str, Any],
    rules: tuple[Any, Any],
    *,
    workers: int,
    client: Any,
    log: bool,
    advance: Callable[[int], None],
) -> dict[str, Any]:
    """Play one point's runs; when they end, its results (and, with `log`, its runs) are
    written and its figures kept with the study. Its figures."""
    from privateer.cli.voyage.batch import run_voyages
    from privateer.cli.voyage.commands import _write
    from privateer.db.sweeps import write_results
    from privateer.engine.voyage import captain_of

    voyage_rules, wrules = rules
    seeds = list(range(study.first_seed, study.first_seed + study.runs))
    rows: list[tuple[Any, ...]] = []
    for _, played in run_voyages(
        world, seeds, voyage_rules, wrules, study.days,
        keep_records=log, workers=workers, client=client,
        captain=captain_of(setting, study.rules),
    ):  # fmt: skip
        ids: list[int | None] = [None] * len(played)
        if log:
            options = {"rules": study.rules, "changes": dict(setting), "sweep": sweep_id,
                       "point": point}  # fmt: skip
            records = [rec for _, rec in played if rec is not None]
            ids = list(_write(store, records, world.content_hash, options))
        rows += [result_row(r, run_id) for (r, _), run_id in zip(played, ids, strict=True)]
        advance(len(played))
    key = study.point_key(setting, rules)
    with store.session() as duck:
        write_results(duck, key, rows)
        return keep_point(duck, world, sweep_id, point, setting, key)


def result_row(result: Any, run_id: int | None) -> tuple[Any, ...]:
    """A run's result as `sweep_results` keeps it (db/sweeps.py's RESULT_COLUMNS after the key)."""
    tally = result.tally
    return (
        result.seed, result.outcome, result.cause, result.day, result.gold,
        tally["raids"], tally["prizes"], tally["storms"], list(result.seas), run_id,
        None if result.letters is None else result.letters[0],
    )  # fmt: skip
