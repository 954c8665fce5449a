"""Balance studies (`privateer sweep`) on the synthetic sea (it has a Plymouth and a London):
dials read by name with their values, every combination a point, the same seeds at each; the
study and its points kept and read back; identical points reused; runs logged with their
study and replayed; the figures computed with polars, the share won with a Wilson interval
checked by hand; the same figures with one worker or two; refusals before any work."""

from __future__ import annotations

import json
import math
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import duckdb
import polars as pl
import pytest
from typer.testing import CliRunner

import privateer.cli.sweep_commands as sweep_commands
from privateer.cli.app import app
from privateer.cli.voyage.batch import run_voyages
from privateer.db.run_store import RunStore
from privateer.db.runs import all_run_ids, logged_runs
from privateer.db.sweeps import point_figures
from privateer.engine.dials import DIALS, captain_of, parse_dial, turned, value_in
from privateer.engine.errors import RuleError
from privateer.engine.modes import check_run
from privateer.engine.voyage.captain import CAPTAINS
from privateer.engine.voyage.captain_spec import find_captain
from privateer.engine.voyage.fights import begin_fight
from privateer.engine.voyage.rules import RULESETS, find_voyage_rules
from privateer.engine.world.rules import SEED_000, find_world_rules
from tests.voyage_fixtures import quiet_voyage
from tests.world_fixtures import synthetic_world

runner = CliRunner()
WORLD = synthetic_world()
DAYS = "120"


@pytest.fixture
def sea(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sweep_commands, "engine_world", lambda ctx: WORLD)


def sweep(db: Path, *args: str, code: int = 0) -> Any:
    result = runner.invoke(app, ["--db", str(db), "sweep", *args])
    assert result.exit_code == code, result.output
    return result


# --- dials --------------------------------------------------------------------------------


def test_a_dial_is_any_rule_by_name_with_a_range_or_a_list_of_its_type() -> None:
    assert parse_dial("treasury=15:30:5")[1] == (15, 20, 25, 30)
    assert parse_dial("treasury=15:17")[1] == (15, 16, 17)
    assert parse_dial("storm_days=60,120")[1] == (60, 120)
    assert parse_dial("storm_high_latitude=30:40:2.5")[1] == (30.0, 32.5, 35.0, 37.5, 40.0)
    assert parse_dial("dilemmas=true,false")[1] == (True, False)
    assert parse_dial("ship_gold.frigate=80,120")[1] == (80, 120)
    assert parse_dial("home_port=London,Dover")[1] == ("London", "Dover")
    assert {DIALS["treasury"].owner, DIALS["storm_days"].owner} == {"world", "voyage"}
    assert "days" not in DIALS and "name" not in DIALS  # a run's length is --days


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("treasure=20", "no rule 'treasure' to vary; did you mean treasury"),
        ("plunder=20", "no rule 'plunder' to vary; the rules are: admiralty_reliability, "),
        ("treasury", "write NAME=VALUES"),
        ("treasury=20.5", "treasury takes a whole number, not '20.5'"),
        ("treasury=30:15:5", "the range 30:15:5 is empty"),
        ("treasury=15:30:0", "a range's step is more than nothing"),
        ("treasury=1:2:3:4", "a range is FIRST:LAST or FIRST:LAST:STEP"),
        ("treasury=5,5", "a value is given twice"),
        ("dilemmas=maybe", "dilemmas is a switch: true or false"),
        ("storm_high_latitude=nan", "takes a finite number"),
        ("hurricane_box=1", "no rule 'hurricane_box'"),
    ],
)
def test_a_dial_written_wrong_is_refused_naming_what_is_wanted(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=r".*".join(map(_escaped, says.split("'")))):
        parse_dial(text)


def _escaped(part: str) -> str:
    import re

    return re.escape(part)


def test_a_setting_turns_the_rules_it_names_and_names_the_turned_rules() -> None:
    rules, wrules = turned(RULESETS["full"], SEED_000, {"treasury": 20, "ship_gold.frigate": 90})
    assert (wrules.treasury, wrules.name) == (20, "seed-000[treasury=20]")
    assert rules.ship_gold["frigate"] == 90 and rules.ship_gold["galleon"] == 160
    assert RULESETS["full"].ship_gold["frigate"] == 100  # the base rules are left as they were
    assert rules.name == "full[ship_gold.frigate=90]"


def test_each_place_of_a_tuple_of_numbers_is_a_dial_of_its_own() -> None:
    dial, values = parse_dial("letter_days.1=200:260:30")
    assert (dial.owner, values, value_in(dial, "full")) == ("voyage", (200, 230, 260), 200)
    rules, _ = turned(RULESETS["full"], SEED_000, {"letter_days.1": 230, "letter_days.2": 240})
    assert rules.letter_days == (150, 230, 240) and rules.name == (
        "full[letter_days.1=230,letter_days.2=240]"
    )
    assert find_voyage_rules(rules.name) == rules  # a logged run's rules, read back by name
    assert RULESETS["full"].letter_days == (150, 200, 300)
    assert "strike_targets.0" not in DIALS  # a tuple of names is no number to turn
    for place in ("3", "01", "-1", "x"):
        with pytest.raises(RuleError, match=rf"has no rule 'letter_days\.{re.escape(place)}'"):
            find_voyage_rules(f"full[letter_days.{place}=100]")
    with pytest.raises(RuleError, match=r"letter_days\.0 0 is outside 1\.\.20000"):
        parse_dial("letter_days.0=0,10")


def test_the_fights_numbers_are_dials_turned_through_the_voyages_rules() -> None:
    dial, values = parse_dial("fight.relief_every=1:3")
    assert (dial.owner, values, value_in(dial, "full")) == ("fight", (1, 2, 3), 2)
    rules, wrules = turned(RULESETS["classic"], SEED_000, {"fight.relief_every": 1})
    assert rules.name == "classic[fight.relief_every=1]" and wrules is SEED_000
    # classic's own fight rules are a variant already: the dial joins its changes
    assert rules.fight_rules == "seed-000[privateer_bounty=0,relief_every=1]"
    assert find_voyage_rules(rules.name) == rules  # a logged run's rules, read back by name
    assert RULESETS["classic"].fight_rules == "seed-000[privateer_bounty=0]"
    assert RULESETS["full"].fight_rules == "seed-000"
    again = turned(RULESETS["classic"], SEED_000, {"fight.privateer_bounty": 10})[0]
    assert again.fight_rules == "seed-000[privateer_bounty=10]"
    with pytest.raises(RuleError, match=r"relief_every 0 is outside 1\.\.100"):
        parse_dial("fight.relief_every=0,1")
    with pytest.raises(RuleError, match=r"has no rule 'fight\.boarding'"):
        find_voyage_rules("full[fight.boarding=2]")
    # a voyage's fight is fought by the fight rules its rules name
    state = quiet_voyage(rules="classic")
    begin_fight(WORLD, state, rules, "town", port=0, fired_first=True, why="raid")
    assert state.fight is not None and state.fight.setup.rules.relief_every == 1
    plain = quiet_voyage(rules="classic")
    begin_fight(WORLD, plain, RULESETS["classic"], "town", port=0, fired_first=True, why="raid")
    assert plain.fight is not None and plain.fight.setup.rules.relief_every == 2


# --- the figures --------------------------------------------------------------------------


def test_the_figures_are_polars_over_the_results_with_a_wilson_interval() -> None:
    results = pl.DataFrame(
        {
            "point_key": ["a"] * 10,
            "seed": list(range(10)),
            "outcome": ["won"] * 4 + ["sunk"] * 3 + ["out_of_time"] * 3,
            "cause": [""] * 4 + ["storm", "storm", "merchant"] + [""] * 3,
            "day": [400, 500, 600, 700, 10, 20, 30, 730, 730, 730],
            "gold": [150] * 4 + [0] * 6,
            "raids": [1, 2, 3, 4, 0, 0, 0, 0, 0, 0],
            "prizes": [0] * 10,
            "storms": [0] * 10,
            "seas": [[0, 1]] * 5 + [[1]] * 5,
            "run_id": [None] * 10,
            "acts": [3, 3, 3, 2, 1, 0, 2, 0, 1, 1],  # the letters each finished
        }
    )
    (figures,) = point_figures(results, ("Mare Nostrum", "Oceanus")).values()
    # Wilson, 4 of 10 at 95%, by hand: centre (0.4 + z²/20) / (1 + z²/10), half-width
    # z sqrt(0.4 * 0.6 / 10 + z² / 400) / (1 + z²/10), z = 1.959964
    z = 1.959964
    centre = (0.4 + z * z / 20) / (1 + z * z / 10)
    half = z * math.sqrt(0.024 + z * z / 400) / (1 + z * z / 10)
    assert figures["won"] == 4 and figures["won_rate"] == 0.4
    assert figures["won_low"] == pytest.approx(centre - half, abs=1e-4)  # 0.1682
    assert figures["won_high"] == pytest.approx(centre + half, abs=1e-4)  # 0.6873
    assert (figures["won_low"], figures["won_high"]) == (0.1682, 0.6873)
    assert figures["mean_day_home"] == 550.0 and figures["raids_per_run"] == 1.0
    assert figures["sunk"] == 0.3 and figures["sunk_by"] == {"storm": 0.2, "merchant": 0.1}
    assert figures["alive_at_end"] == 0.3
    assert figures["seas"] == {"Oceanus": 1.0, "Mare Nostrum": 0.5}
    assert figures["seas_reached"] == 2 and figures["seas_per_run"] == 1.5
    assert figures["act3"] == 0.5  # five of ten finished two letters: the third was theirs
    assert figures["mean_day_sunk"] == 20.0


def test_a_result_without_letters_has_no_share_of_the_third() -> None:
    results = pl.DataFrame(
        {"point_key": ["a"] * 2, "seed": [0, 1], "outcome": ["won", "sunk"],
         "cause": ["", "storm"], "day": [400, 10], "gold": [150, 0], "raids": [1, 0],
         "prizes": [0, 0], "storms": [0, 0], "seas": [[0], [0]], "run_id": [None, None],
         "acts": pl.Series([None, None], dtype=pl.Int64)}
    )  # fmt: skip
    (figures,) = point_figures(results, ("Mare Nostrum",)).values()
    assert figures["act3"] is None and figures["won"] == 1


# --- studies --------------------------------------------------------------------------------


def test_a_study_plays_every_point_keeps_it_and_reuses_identical_points(
    sea: None, db_path: Path, tmp_path: Path
) -> None:
    plot = tmp_path / "dial.svg"
    first = sweep(
        db_path, "treasury=10,40", "dilemmas=true,false", "--runs", "4", "--days", DAYS,
        "--workers", "1", "--json", "--plot", str(plot),
    )  # fmt: skip
    points = json.loads(first.stdout)
    assert [(p["treasury"], p["dilemmas"]) for p in points] == [
        (10, True),
        (10, False),
        (40, True),
        (40, False),
    ]
    assert all(p["runs"] == 4 for p in points) and "study 1: 4 points of 4 runs" in first.stderr
    assert "<svg" in plot.read_text() and "won" in plot.read_text()
    listed = json.loads(sweep(db_path, "list", "--json").stdout)
    assert [(s["sweep_id"], s["points"], s["dials"]) for s in listed] == [
        (1, 4, "treasury=10,40 dilemmas=true,false")
    ]
    shown = json.loads(sweep(db_path, "show", "1", "--json").stdout)
    assert shown == points
    again = sweep(
        db_path, "treasury=40,70", "dilemmas=true,false", "--runs", "4", "--days", DAYS,
        "--workers", "1", "--json",
    )  # fmt: skip
    assert "2 of 4 points read from earlier studies" in again.stderr
    assert json.loads(again.stdout)[:2] == [{**p, "point": p["point"] - 2} for p in points[2:]]
    with duckdb.connect(str(db_path), read_only=True) as con:
        kept = con.execute("SELECT count(*) FROM sweep_results").fetchone()
    assert kept == (6 * 4,)  # six settings in all, each played once


def test_rules_changed_under_the_same_name_are_played_again_not_read_back(
    sea: None, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A point's key holds every field of the rules it plays, not only their name and the
    engine's version: rules changed without a new version (a developer's, mid-change) are
    never read back as the old ones."""
    args = ("treasury=10,40", "--runs", "3", "--days", DAYS, "--workers", "1", "--json")
    sweep(db_path, *args)
    assert "read from earlier studies" in sweep(db_path, *args).stderr  # the same rules
    changed = replace(RULESETS["full"], start_gold=RULESETS["full"].start_gold + 5)
    monkeypatch.setitem(RULESETS, "full", changed)
    again = sweep(db_path, *args)
    assert "read from earlier studies" not in again.stderr
    with duckdb.connect(str(db_path), read_only=True) as con:
        keys = con.execute("SELECT count(DISTINCT point_key) FROM sweep_results").fetchone()
    assert keys == (4,)  # two settings under two rules


def test_the_same_seeds_at_every_point_and_a_dial_that_does_nothing_changes_nothing(
    sea: None, db_path: Path
) -> None:
    """Common random numbers: a dial the captain never meets (the price of a galleon she
    cannot afford) leaves every run as it was."""
    args = ("ship_gold.galleon=160,900", "--runs", "5", "--days", DAYS, "--workers", "1")
    points = json.loads(sweep(db_path, *args, "--json").stdout)
    figures = [{k: v for k, v in p.items() if k not in ("point", "ship_gold.galleon")}
               for p in points]  # fmt: skip
    assert figures[0] == figures[1]


def test_a_logged_study_names_itself_in_its_runs_which_replay(sea: None, db_path: Path) -> None:
    sweep(db_path, "storm_days=20,200", "--runs", "3", "--days", DAYS, "--workers", "1", "--log")
    with duckdb.connect(str(db_path), read_only=True) as con:
        runs = con.execute(
            "SELECT options->>'$.sweep', options->>'$.point', options->>'$.changes', "
            "options->>'$.rules' FROM runs ORDER BY run_id"
        ).fetchall()
        linked = con.execute("SELECT count(*) FROM sweep_results WHERE run_id IS NOT NULL")
        assert linked.fetchone() == (6,)
    assert [r[:2] for r in runs] == [("1", "0")] * 3 + [("1", "1")] * 3
    assert json.loads(runs[0][2]) == {"storm_days": 20} and runs[0][3] == "full"
    with RunStore(db_path).reading() as conn:
        checked = [check_run(r, WORLD) for r in logged_runs(conn, all_run_ids(conn))]
    assert len(checked) == 6 and all(r.identical for r in checked)


def test_a_study_on_two_workers_stores_the_figures_of_one(sea: None, tmp_path: Path) -> None:
    args = ("treasury=10,40", "--runs", "6", "--days", DAYS, "--json")
    one = json.loads(sweep(tmp_path / "one.duckdb", *args, "--workers", "1").stdout)
    two = json.loads(sweep(tmp_path / "two.duckdb", *args, "--workers", "2").stdout)
    assert one == two


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["treasury=10,20", "treasury=30"], "a dial is given twice"),
        (["bogus=1"], "no rule 'bogus' to vary"),
        (["treasury=10", "--rules", "modern"], "no rules 'modern'"),
        (["treasury=10", "--plot", "out.txt"], "write .png or .svg"),
        (["home_port=Atlantis"], "home_port=Atlantis: this world has no port 'Atlantis'"),
        (["omen_days=0"], "omen_days 0 is outside 1..1000000"),
        (["morale_start=12"], "morale_start 12 is outside 0..10"),
        (["show", "7"], "no study 7"),
    ],
)
def test_a_study_written_wrong_is_one_line_before_any_work(
    sea: None, db_path: Path, args: list[str], says: str
) -> None:
    if args[0] == "show":
        sweep(db_path, "treasury=10", "--runs", "1", "--days", "5", "--workers", "1")
    result = (
        sweep(db_path, *args, "--runs", "2", code=2)
        if args[0] != "show"
        else sweep(db_path, *args, code=2)
    )
    assert says in result.stderr and len(result.stderr.strip().splitlines()) == 1
    if args[0] != "show" and db_path.exists():
        with duckdb.connect(str(db_path), read_only=True) as con:
            assert con.execute("SELECT count(*) FROM sweeps").fetchone() == (0,)


def test_the_captain_is_a_dial_of_who_plays_not_of_the_rules() -> None:
    dial, values = parse_dial("captain=ours,raider12")
    assert (dial.owner, values) == ("captain", ("ours", "raider12"))
    rules, wrules = turned(RULESETS["classic"], SEED_000, {"captain": "raider", "treasury": 20})
    assert rules == RULESETS["classic"] and wrules.name == "seed-000[treasury=20]"
    assert captain_of({"captain": "raider"}) == "raider" and captain_of({}) == "ours"
    # a setting without the dial is played by the ruleset's own captain
    assert captain_of({}, "classic") == "raider10" and captain_of({}, "century") == "ours"
    with pytest.raises(ValueError, match="no captain 'blackbeard': one of ours, seed"):
        parse_dial("captain=ours,blackbeard")


def test_a_study_of_captains_plays_each_point_with_its_captain(sea: None, db_path: Path) -> None:
    """Each point's figures are its captain's own runs on the same seeds (the raider, who
    takes on walls the others leave, raids more on this sea than ours)."""
    args = ("captain=ours,raider", "--rules", "classic", "--runs", "6", "--days", DAYS)
    points = json.loads(sweep(db_path, *args, "--workers", "1", "--json").stdout)
    rules = RULESETS["classic"]
    for point in points:
        batches = run_voyages(
            WORLD, list(range(6)), rules, find_world_rules(rules.world_rules), int(DAYS),
            keep_records=False,
            workers=1, captain=point["captain"],
        )  # fmt: skip
        played = [result for _, batch in batches for result, _ in batch]
        assert point["won"] == sum(r.outcome == "won" for r in played)
        raids = sum(r.tally["raids"] for r in played) / 6
        assert point["raids_per_run"] == pytest.approx(raids, abs=1e-4)  # printed to 4 places
    assert points[0]["raids_per_run"] != points[1]["raids_per_run"]


def test_the_captains_numbers_are_dials_too() -> None:
    """`captain.FIELD` turns one of the captain's numbers: the runs are played by the setting's
    captain (or the ruleset's own) with it changed, named as a spec (`raider10[reserve=8]`)
    that a worker and the log read back; the rules stay as they are."""
    dial, values = parse_dial("captain.reserve=6:10:2")
    assert (dial.owner, dial.field, values) == ("captain", "reserve", (6, 8, 10))
    setting = {"captain.reserve": 8, "captain.hold_past_guards": False, "treasury": 20}
    assert captain_of(setting, "classic") == "raider10[reserve=8,hold_past_guards=false]"
    assert captain_of({"captain": "ours", "captain.reserve": 8}) == "ours[reserve=8]"
    rules, _ = turned(RULESETS["classic"], SEED_000, setting)
    assert rules == RULESETS["classic"]
    played_by = find_captain(captain_of(setting, "classic"))
    assert played_by == replace(CAPTAINS["raider10"], reserve=8, hold_past_guards=False)
    for bad, why in (
        ("captain.reserve=lots", "captain.reserve takes a whole number"),
        ("captain.reads=maybe", "captain.reads is a switch"),
        ("captain.nerve=3", "no rule 'captain.nerve'"),
    ):
        with pytest.raises(ValueError, match=why):
            parse_dial(bad)
    for spec, why in (
        ("raider10[reserve=8", "write NAME"),
        ("raider10[nerve=3]", "is not FIELD=VALUE"),
        ("raider10[sound=nan]", "takes a finite number"),
        ("blackbeard[reserve=8]", "no captain 'blackbeard'"),
    ):
        with pytest.raises(ValueError, match=re.escape(why)):
            find_captain(spec)
