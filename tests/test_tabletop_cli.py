"""`privateer tabletop sim` and `tabletop odds` through typer's CliRunner: the bots' table as
JSON rows per (bot, seat), games logged as runs that replay identically, a rules sweep, bad
input refused in one line; the raid table's odds exact in 36ths and measured close to them."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.tabletop.odds import measure_odds
from privateer.engine.tabletop.rules import TabletopRules, raid_odds

runner = CliRunner()


def test_sim_prints_a_row_per_bot_and_seat_and_logs_runs_that_replay(db_path: Path) -> None:
    base = ["--db", str(db_path)]
    result = runner.invoke(app, [*base, "tabletop", "sim", "--games", "6", "--log", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert {(r["bot"], r["seat"]) for r in rows} <= {
        (b, s) for b in ("raider", "trader", "builder") for s in range(3)
    }
    assert sum(r["games"] for r in rows) == 6 * 3 and sum(r["wins"] for r in rows) == 6
    for r in rows:  # every gold piece has a source
        sources = sum(r[f"gold_{s}"] for s in ("home", "capture", "taxes", "plunder"))
        assert r["mean_gold"] == pytest.approx(sources, abs=0.05)
    runs = json.loads(runner.invoke(app, [*base, "runs", "list", "--json"]).stdout)
    assert len(runs) == 6 and {r["mode"] for r in runs} == {"tabletop"}
    replayed = json.loads(runner.invoke(app, [*base, "runs", "replay", "--all", "--json"]).stdout)
    assert replayed["identical"] == replayed["replayed"] == 6


def test_sim_reads_as_tables_and_takes_nations_and_a_rule_changed() -> None:
    result = runner.invoke(
        app,
        ["tabletop", "sim", "--games", "4", "--nations", "holland,france", "--bots",
         "builder,balanced", "--set", "taxes_percent=50"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "wins by seat (0 plays first)" in result.stdout
    assert "seed-003+taxes_percent=50" in result.stdout
    assert "event cards that decided a game" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--bots", "raider,pirate"], "no bot 'pirate'"),
        (["--set", "hand_max=x"], "whole number"),
        (["--set", "speed=3"], "FIELD=VALUE"),
        (["--nations", "spain,portugal"], "no nation"),
        (["--nations", "spain,england,france,holland,spain"], "2-4"),
        (["--players", "5"], "2<=x<=4"),
    ],
)
def test_sim_refuses_bad_input_in_one_line(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["tabletop", "sim", "--games", "2", *args])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and words in result.stderr
    assert result.stderr.count("\n") == 1 and result.stdout == ""


def test_the_raid_table_odds_are_exact_in_36ths() -> None:
    rules = TabletopRules()
    exact = {m: raid_odds(rules, m) for m in range(-2, 3)}
    in_36 = {m: tuple(int(v * 36) for v in exact[m].values()) for m in exact}
    assert in_36 == {-2: (21, 14, 1), -1: (15, 18, 3), 0: (10, 20, 6), 1: (6, 20, 10),
                     2: (3, 18, 15)}  # fmt: skip
    assert exact[0]["disaster"] == Fraction(10, 36) and exact[0]["success"] == Fraction(6, 36)
    assert all(sum(v.values()) == 1 for v in exact.values())


def test_the_engine_s_dice_give_the_raid_table_s_odds() -> None:
    rows = measure_odds(20_000, seed=3)
    assert len(rows) == 15
    assert all(abs(r["measured"] - r["exact"]) < 0.015 for r in rows)


def test_odds_prints_each_modifier_and_result() -> None:
    result = runner.invoke(app, ["tabletop", "odds", "--rolls", "20000", "--json"])
    assert result.exit_code in (0, 1), result.output
    rows = json.loads(result.stdout)
    assert [(r["modifier"], r["result"]) for r in rows][:3] == [
        (-2, "disaster"), (-2, "no effect"), (-2, "success")]  # fmt: skip
