"""`privateer tune` on the synthetic sea: figures and their intervals read as a user writes
them; the dials' ranges; a tiny search played end to end from the rules as they are, each trial
kept as a study's point, stopped at the first landing or at its budget, gone on with by the
same command, interrupted without losing a finished trial, and never playing a setting twice."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import duckdb
import pytest
from typer.testing import CliRunner

import privateer.cli.tune.commands as tune_commands
from privateer.cli.app import app
from privateer.cli.tune.space import (
    objective,
    parse_search_dial,
    parse_target,
    turned_setting,
    turns,
)
from tests.world_fixtures import synthetic_world

runner = CliRunner()
WORLD = synthetic_world()
SMALL = ["--rules", "full", "--runs", "3", "--days", "60", "--workers", "1"]
DIALS = ["--dial", "treasury=15:30", "--dial", "dilemmas=true,false"]


@pytest.fixture
def sea(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tune_commands, "engine_world", lambda ctx: WORLD)


def tune(db: Path, *args: str, code: int = 0) -> Any:
    result = runner.invoke(app, ["--db", str(db), "tune", *args])
    assert result.exit_code == code, result.output
    return result


# --- what is asked --------------------------------------------------------------------------


def test_a_figure_lands_in_an_interval_and_misses_by_the_intervals_widths() -> None:
    won = parse_target("won=2%:21%")
    assert (won.low, won.high, won.share) == (0.02, 0.21, True)
    assert won.distance(0.02) == won.distance(0.21) == 0.0
    assert won.distance(0.40) == pytest.approx(1.0)  # 0.19 above an interval 0.19 wide
    home = parse_target("home=300:440")
    assert not home.share and home.distance(510) == pytest.approx(0.5)
    assert home.distance(None) == 1.0  # no winner came home: a width off
    by_town = parse_target("sunk_by.town=0.2:0.4")
    figures = {"won_rate": 0.3, "mean_day_home": 510.0, "sunk_by": {"town": 0.1}}
    assert by_town.value(figures) == 0.1 and by_town.distance(0.1) == pytest.approx(0.5)
    assert objective([won, home, by_town], figures) == pytest.approx(
        (0.3 - 0.21) / 0.19 + 0.5 + 0.5
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("won", "write FIGURE=LOW:HIGH"),
        ("glory=0:1", "no figure 'glory' to land: one of won, sunk"),
        ("won=0.3:0.1", "the interval 0.3:0.1 is empty"),
        ("won=0.1:40", "won is a share: its interval lies in 0-1"),
        ("home=a:400", "home: 'a' is not a number"),
        ("home=1:2:3", "an interval is LOW:HIGH"),
        ("raids=0:inf", "is not a finite number"),
    ],
)
def test_a_figure_written_wrong_is_refused_saying_why(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse_target(text)


def test_a_figure_is_asked_at_dials_turned_from_the_trials_setting() -> None:
    """`won[treasury=20]`: the wins with a town's treasury at 20, whatever the trial's setting
    of the dials searched; read off that turn's figures, not the setting's own."""
    cliff = parse_target("won[treasury=20, raid_guard=off]=4.8%:16.2%")
    assert (cliff.name, cliff.figure, cliff.share) == (
        "won[treasury=20,raid_guard=false]",
        "won",
        True,
    )
    assert cliff.at == (("treasury", 20), ("raid_guard", False))
    won = parse_target("won=0.3:0.5")
    assert turns([won, cliff, parse_target("sunk[treasury=20,raid_guard=false]=0:1")]) == [cliff.at]
    assert turned_setting({"ship_gold.brigantine": 50}, cliff.at) == {
        "ship_gold.brigantine": 50, "treasury": 20, "raid_guard": False,
    }  # fmt: skip
    own, at_20 = {"won_rate": 0.4}, {"won_rate": 0.1}
    assert objective([won, cliff], own, {cliff.at: at_20}) == 0.0
    assert objective([won, cliff], at_20, {cliff.at: own}) == pytest.approx(
        (0.3 - 0.1) / 0.2 + (0.4 - 0.162) / 0.114, abs=1e-6
    )
    for text, says in [
        ("won[treasury]=0:1", "write DIAL=VALUE in the brackets"),
        ("won[treasury=20,30]=0:1", "write DIAL=VALUE in the brackets"),
        ("won[treasury=20,treasury=25]=0:1", "treasury is turned twice"),
        ("won[plunder=2]=0:1", "no rule 'plunder'"),
        ("won[treasury=abc]=0:1", "takes a whole number"),
        ("glory[treasury=20]=0:1", "no figure 'glory' to land"),
    ]:
        with pytest.raises(ValueError, match=re.escape(says)):
            parse_target(text)


def test_a_dial_is_searched_over_a_range_of_its_type_or_a_list() -> None:
    treasury = parse_search_dial("treasury=15:30")
    assert (treasury.low, treasury.high, treasury.step) == (15, 30, None)
    assert treasury.holds(15) and treasury.holds(30) and not treasury.holds(31)
    assert not treasury.holds(20.5) and not treasury.holds(True)
    stepped = parse_search_dial("storm_high_latitude=30:40:2.5")
    assert stepped.holds(32.5) and not stepped.holds(31.0)
    switch = parse_search_dial("dilemmas=true,false")
    assert switch.choices == (True, False) and switch.holds(False)
    held = parse_search_dial("captain=seed")  # held there: every trial by the document's bot
    assert held.choices == ("seed",) and held.holds("seed") and not held.holds("ours")
    for text, says in [
        ("treasury=30:15", "holds one value or none"),
        ("treasury=15:30:0", "step is more than nothing"),
        ("captain=ours,nobody", "no captain 'nobody'"),
        ("plunder=1:2", "no rule 'plunder'"),
    ]:
        with pytest.raises(ValueError, match=says):
            parse_search_dial(text)


# --- a search -------------------------------------------------------------------------------


def _kept(db: Path) -> tuple[list[tuple[Any, ...]], int, int]:
    with duckdb.connect(str(db), read_only=True) as con:
        points = con.execute(
            "SELECT point, CAST(setting AS VARCHAR), point_key FROM sweep_points ORDER BY point"
        ).fetchall()
        results, keys = con.execute(
            "SELECT count(*), count(DISTINCT point_key) FROM sweep_results"
        ).fetchone()
    return points, results, keys


def test_a_search_starts_from_the_rules_as_they_are_keeps_each_trial_and_goes_on(
    sea: None, db_path: Path
) -> None:
    asked = ["won=0.5:1", "raids=3:10", *DIALS, *SMALL, "--budget", "9", "--json"]
    first = json.loads(tune(db_path, *asked).stdout)
    assert [t["trial"] for t in first["trials"]] == [1, 2, 3]  # the budget spent: none landed
    assert first["trials"][0]["setting"] == {"treasury": 25, "dilemmas": True}  # full's own
    assert first["landed"] is False and first["best"]["distance"] > 0
    best = min(first["trials"], key=lambda t: t["distance"])
    assert first["best"] == best
    for trial in first["trials"]:
        won = trial["figures"]["won"]
        assert (won["low"], won["high"]) == (0.5, 1.0)
        misses = [figure["distance"] for figure in trial["figures"].values()]
        assert trial["distance"] == pytest.approx(sum(misses))
    _holds_the_tradeoff(first)
    points, results, keys = _kept(db_path)
    assert [p[0] for p in points] == [0, 1, 2]
    assert results == 3 * keys  # three runs a setting, each setting played once

    again = tune(db_path, *asked[:-3], "--budget", "15", "--json")
    assert "going on with search 1: 3 trials kept" in again.stderr
    gone_on = json.loads(again.stdout)
    assert gone_on["search"] == 1 and len(gone_on["trials"]) == 5
    assert gone_on["trials"][:3] == first["trials"]
    points, results, keys = _kept(db_path)
    assert len(points) == 5 and results == 3 * keys
    assert keys == len({p[2] for p in points})  # a setting tried twice was read back
    with duckdb.connect(str(db_path), read_only=True) as con:
        (search,) = con.execute("SELECT CAST(search AS VARCHAR) FROM sweeps").fetchone()
    assert json.loads(search)["budget"] == 15  # what it was last asked to spend

    listed = json.loads(
        runner.invoke(app, ["--db", str(db_path), "sweep", "list", "--json"]).stdout
    )
    assert [(s["sweep_id"], s["kind"], s["points"]) for s in listed] == [(1, "tune", 5)]
    assert listed[0]["dials"] == "treasury=15:30 dilemmas=true,false"


def test_a_rules_value_off_a_dials_steps_is_said_and_the_first_trial_draws_it(
    sea: None, db_path: Path
) -> None:
    dials = ["--dial", "treasury=16:30:2", "--dial", "dilemmas=true,false"]
    found = tune(db_path, "won=0.5:1", *dials, *SMALL, "--budget", "3", "--json")
    assert "treasury: the rules' 25 is not one of 16:30:2, so the first trial draws it" in (
        found.stderr
    )
    (first,) = json.loads(found.stdout)["trials"]
    assert first["setting"]["dilemmas"] is True  # the rest as the rules have them
    assert first["setting"]["treasury"] in range(16, 31, 2)


def _holds_the_tradeoff(found: dict[str, Any]) -> None:
    """The trade-off names the trials no other beats on every figure: each named trial is
    beaten by none, and each trial left out is beaten by one (or off by the same distances as
    a named one)."""
    from privateer.cli.tune.tradeoff import beats, distances

    off = {t["trial"]: distances(t) for t in found["trials"]}
    named = found["tradeoff"]
    assert named and named == sorted(named)
    assert found["best"]["trial"] in named  # the nearest in sum is beaten by none
    for trial, mine in off.items():
        beaten = any(beats(other, mine) for other in off.values())
        if trial in named:
            assert not beaten
        else:
            assert beaten or any(off[n] == mine for n in named)


def test_the_tradeoff_is_shown_where_no_trial_lands_every_figure(sea: None, db_path: Path) -> None:
    """Two figures that pull apart (the captain that takes fewer prizes raids less on this
    sea): the JSON names the trade-off's trials, and the table shows them."""
    asked = ["prizes=0:1", "sunk=0:0.01", "alive=0.99:1", "raids=3:10"]
    asked += ["--dial", "captain=ours,seed,raider,world"]
    asked += ["--dial", "treasury=15:30", "--rules", "full", "--runs", "4", "--days", "200"]
    asked += ["--workers", "1", "--budget", "12"]
    found = json.loads(tune(db_path, *asked, "--json").stdout)
    assert found["landed"] is False
    _holds_the_tradeoff(found)
    assert len(found["tradeoff"]) > 1  # fewer prizes, or more raids: no trial has both
    shown = tune(db_path, *asked).stdout  # read back: the same trials
    assert "the trade-off" in shown
    for trial in found["tradeoff"]:
        assert re.search(rf"^\s*{trial}\s", shown, re.MULTILINE)


def test_a_search_stops_at_the_first_trial_that_lands_every_figure(
    sea: None, db_path: Path
) -> None:
    done = tune(db_path, "won=0:1", "sunk=0:1", *DIALS, *SMALL, "--budget", "30")
    assert "every figure landed" in done.stderr
    assert "trial 1 (treasury=25 dilemmas=true) lands every figure" in done.stdout
    points, _, _ = _kept(db_path)
    assert len(points) == 1


def test_a_dial_given_one_value_is_held_there_at_every_trial(sea: None, db_path: Path) -> None:
    """`--dial captain=seed`: the search turns the others, every trial played by that bot (the
    design document's figures are its bot's)."""
    asked = ["won=0.9:1", "--dial", "captain=seed", "--dial", "treasury=15:30", *SMALL]
    found = json.loads(tune(db_path, *asked, "--budget", "9", "--json").stdout)
    assert [t["setting"]["captain"] for t in found["trials"]] == ["seed"] * 3
    assert found["trials"][0]["setting"]["treasury"] == 25  # the rules as they are, first
    points, _, _ = _kept(db_path)  # kept as study points played by that bot
    assert [json.loads(setting)["captain"] for _, setting, _ in points] == ["seed"] * 3


def test_an_interrupted_search_keeps_every_finished_trial(
    sea: None, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = tune_commands.play_point
    calls = []

    def interrupted_on_the_second(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return played(*args, **kwargs)

    monkeypatch.setattr(tune_commands, "play_point", interrupted_on_the_second)
    asked = ["won=0.9:1", *DIALS, *SMALL, "--budget", "12"]
    stopped = tune(db_path, *asked, code=130)
    assert "interrupted: search 1 keeps 1 trials; the same command goes on with it" in (
        stopped.stderr
    )
    points, results, _ = _kept(db_path)
    assert len(points) == 1 and results == 3  # the trial cut off left nothing half-written
    monkeypatch.setattr(tune_commands, "play_point", played)
    again = tune(db_path, *asked, "--json")
    assert len(json.loads(again.stdout)["trials"]) == 4


def test_a_trial_plays_its_setting_and_each_turn_kept_as_points_of_the_study(
    sea: None, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A figure asked at a turned dial: every trial plays its setting and then the turn, each
    a point of the study (so a trial costs their runs), the turned figure read off the turn's
    point; cut off between the two, the trial is not told, and the same command reads back
    the point it finished rather than play it again."""
    asked = ["won=0:1", "raids[treasury=15]=3:10", "--dial", "dilemmas=true,false", *SMALL]
    played = tune_commands.play_point
    calls: list[dict[str, Any]] = []

    def interrupted_on_the_turn(*args: Any, **kwargs: Any) -> Any:
        calls.append(dict(args[5]))  # the point's setting
        if len(calls) == 2:
            raise KeyboardInterrupt
        return played(*args, **kwargs)

    monkeypatch.setattr(tune_commands, "play_point", interrupted_on_the_turn)
    stopped = tune(db_path, *asked, "--budget", "12", code=130)
    assert "interrupted: search 1 keeps 0 trials" in stopped.stderr
    assert calls == [{"dilemmas": True}, {"dilemmas": True, "treasury": 15}]
    points, results, _ = _kept(db_path)
    assert len(points) == 1 and results == 3  # the setting's point, kept whole

    monkeypatch.setattr(tune_commands, "play_point", played)
    resumed = tune(db_path, *asked, "--budget", "12", "--json")
    assert "going on with search 1: 0 trials kept" in resumed.stderr  # a point, no trial
    found = json.loads(resumed.stdout)
    assert len(found["trials"]) == 2  # 12 runs: two trials of 3 runs and 3 at the turn
    points, results, keys = _kept(db_path)
    settings = [json.loads(setting) for _, setting, _ in points]
    assert settings[1:3] == [{"dilemmas": True}, {"dilemmas": True, "treasury": 15}]
    assert results == 3 * keys and keys == len({key for _, _, key in points})  # none twice
    with duckdb.connect(str(db_path), read_only=True) as con:
        figures = {
            (json.dumps(json.loads(s), sort_keys=True)): json.loads(f)
            for s, f in con.execute(
                "SELECT CAST(setting AS VARCHAR), CAST(figures AS VARCHAR) FROM sweep_points"
            ).fetchall()
        }
    for trial in found["trials"]:
        turned = json.dumps({**trial["setting"], "treasury": 15}, sort_keys=True)
        own = json.dumps(trial["setting"], sort_keys=True)
        assert trial["figures"]["raids[treasury=15]"]["value"] == figures[turned]["raids_per_run"]
        assert trial["figures"]["won"]["value"] == figures[own]["won_rate"]
    shown = tune(db_path, *asked, "--budget", "12").stdout  # read back: the same trials
    assert "raids[treasury=15]" in shown


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["won=0:1", *SMALL], "name a dial to turn"),
        (
            ["won[treasury=20]=0:1", *DIALS],
            "won[treasury=20]: treasury is a dial the search turns; turn another in brackets",
        ),
        (
            [
                "won[treasury=20]=0:1",
                "--dial",
                "dilemmas=true,false",
                "--runs",
                "5",
                "--budget",
                "9",
            ],
            "less than one trial of 10",
        ),
        (["act3=0:1", *DIALS, "--rules", "classic"], "act3: the rules classic have no letters"),
        (["won=0:1", *DIALS, "--runs", "50", "--budget", "20"], "less than one trial of 50"),
        (["won=0:1", "won=0:0.5", *DIALS], "a figure is given twice"),
        (["won=0:1", *DIALS, "--rules", "grand"], "no rules 'grand'"),
        (["wins=0:1", *DIALS], "no figure 'wins' to land"),
    ],
)
def test_a_search_asked_wrong_is_refused_in_one_line_before_any_work(
    sea: None, db_path: Path, args: list[str], says: str
) -> None:
    refused = tune(db_path, *args, code=2)
    assert says in refused.stderr and refused.stderr.count("\n") == 1
    assert not db_path.exists()
