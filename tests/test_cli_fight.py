"""`privateer fight`, `privateer sim` and `privateer bench fight` through CliRunner."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.fight.bots import BOTS

runner = CliRunner()


def test_a_fight_plays_to_its_settlement_from_piped_keys(db_path: Path) -> None:
    result = runner.invoke(app, ["--db", str(db_path), "fight", "--seed", "3"], input="12\n" * 40)
    assert result.exit_code == 0, result.output
    assert "seed 3: your pinnace against a merchant" in result.stdout
    assert "settled:" in result.stdout and "the fight is over" in result.stdout


def test_the_same_seed_plays_the_same_fight(db_path: Path) -> None:
    def play(seed: str) -> str:
        args = ["--db", str(db_path), "fight", "--seed", seed, "--target", "armada"]
        out = runner.invoke(app, args, input="21\n" * 40).stdout
        return re.sub(r"\(run \d+\)", "", out)

    a, b, c = play("11"), play("11"), play("12")
    assert a == b != c


def test_picks_can_come_one_key_at_a_time_and_bad_keys_are_explained(db_path: Path) -> None:
    args = ["--db", str(db_path), "fight", "--seed", "3"]
    result = runner.invoke(app, args, input="x\n1\n1\n2\n?\ns\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "'x' is not a key here" in out
    assert "card 1 is already picked" in out
    assert "kept" not in out.split("card 1 is already picked")[0]
    assert "shot: N off the other side's hull" in out  # the glossary
    assert "broken off at round" in out


def test_end_of_input_ends_the_fight_cleanly(db_path: Path) -> None:
    result = runner.invoke(app, ["--db", str(db_path), "fight", "--seed", "5"], input="12\n")
    assert result.exit_code == 0
    assert "input ended: run 1 is saved at round 2" in result.stdout


def test_unknown_kinds_list_the_valid_ones(db_path: Path) -> None:
    result = runner.invoke(app, ["--db", str(db_path), "fight", "--target", "kraken"])
    assert result.exit_code == 2 and "choose from merchant" in result.stderr
    result = runner.invoke(app, ["sim", "--ship", "junk", "--fights", "1"])
    assert result.exit_code == 2 and "choose from pinnace" in result.stderr
    result = runner.invoke(app, ["sim", "--crew", "cook", "--fights", "1"])
    assert result.exit_code == 2 and "unknown hand 'cook'" in result.stderr


def test_sim_json_has_one_object_per_bot() -> None:
    result = runner.invoke(app, ["sim", "--target", "armada", "--fights", "60", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["bot"] for r in rows] == list(BOTS)
    keys = {
        "bot",
        "target",
        "ship",
        "fights",
        "destroyed",
        "sunk",
        "fled",
        "got_away",
        "parted",
        "mean_rounds",
    }
    for row in rows:
        assert set(row) == keys and row["fights"] == 60 and row["target"] == "armada"
        total = row["destroyed"] + row["sunk"] + row["fled"] + row["got_away"] + row["parted"]
        assert abs(total - 1.0) < 1e-3
    table = runner.invoke(app, ["sim", "--fights", "20"])
    assert table.exit_code == 0 and "balanced" in table.stdout


@pytest.mark.parametrize("name", ["fight", "combat"])  # combat: its old name, hidden
def test_bench_fight_prints_fights_per_second(name: str) -> None:
    result = runner.invoke(app, ["bench", name, "--fights", "50", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["fights"] == 50
    assert data["fights_per_second"] == pytest.approx(50 / data["seconds"], rel=0.02)


def test_the_old_name_of_bench_fight_is_not_listed() -> None:
    listed = runner.invoke(app, ["bench", "--help"]).stdout
    assert "fight" in listed and "combat" not in listed


def test_sim_walls_raise_her_hull_and_a_logged_walled_fight_replays(db_path: Path) -> None:
    """`--walls 3` fights a voyage's open town (17, not the card engine's 14): the shuffle
    decides it, where the bare town is a race of totals; logged, each fight names its walls
    and replays by them."""

    def balanced(*args: str) -> dict[str, float]:
        result = runner.invoke(app, ["sim", "--target", "town", "--json", *args])
        assert result.exit_code == 0, result.output
        rows = {r["bot"]: r for r in json.loads(result.stdout)}
        return rows["balanced"]

    gunner = ("--crew", "master_gunner", "--fights", "300")
    bare, walled = balanced(*gunner), balanced(*gunner, "--walls", "3")
    assert bare["sunk"] == 0 and bare["destroyed"] >= 0.97
    assert 0.6 <= walled["destroyed"] <= 0.95 and walled["sunk"] >= 0.05
    table = runner.invoke(app, ["sim", "--target", "town", "--walls", "3", "--fights", "5"])
    assert "against town (walls +3), 5 fights a bot" in table.stdout
    args = ["--db", str(db_path), "sim", "--target", "town", "--walls", "3", "--fights", "4"]
    assert runner.invoke(app, [*args, "--log", "-q"]).exit_code == 0
    rows = runner.invoke(app, ["--db", str(db_path), "sql", "--json", "select options from runs"])
    assert all(json.loads(r["options"])["walls"] == 3 for r in json.loads(rows.stdout))
    replayed = runner.invoke(app, ["--db", str(db_path), "runs", "replay", "--all"])
    assert replayed.exit_code == 0, replayed.output
    bad = runner.invoke(app, ["sim", "--walls", "-1", "--fights", "1"])
    assert bad.exit_code == 2 and "--walls" in bad.stderr
