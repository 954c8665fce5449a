"""`privateer bar` and `privateer rumors` on the real world (built once per test run)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world")]
runner = CliRunner()

BAR_KEYS = {"round", "heard", "ship_kind", "flag", "node", "lon", "lat", "days_old", "reliability"}


def invoke(db: Path, *args: str) -> object:
    return runner.invoke(app, ["--db", str(db), *args])


def test_a_night_in_havanas_bar(full_world_db: Path) -> None:
    result = invoke(full_world_db, "bar", "Havana", "--seed", "1", "--day", "100", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["round"] for r in rows] == [1, 2, 3, 4, 5]
    assert all(set(r) == BAR_KEYS for r in rows)
    heard = [r for r in rows if r["heard"]]
    assert heard and all(0 <= r["days_old"] <= 12 and 0 < r["reliability"] <= 1 for r in heard)
    again = invoke(full_world_db, "bar", "Havana", "--seed", "1", "--day", "100", "--json")
    assert json.loads(again.stdout) == rows  # the same night, told the same
    text = invoke(full_world_db, "bar", "havana", "--seed", "1", "--day", "100")
    assert text.exit_code == 0 and "round 5" in text.stdout


def test_the_bar_refuses_what_is_no_port(full_world_db: Path) -> None:
    result = invoke(full_world_db, "bar", "Atlantis")
    assert result.exit_code != 0 and "no port named 'Atlantis'" in result.output


def test_what_a_chart_is_worth_on_the_treasure_courses(full_world_db: Path) -> None:
    args = ("rumors", "--rumors", "24", "--kind", "treasure_fleet", "--kind", "armada", "--json")
    result = invoke(full_world_db, *args)
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [(r["chart"], r["age_days"]) for r in rows] == [
        (chart, age) for chart in ("blank", "caribbean", "whole sea") for age in (2, 4, 8, 12)
    ]
    hit = {(r["chart"], r["age_days"]): r["hit_rate"] for r in rows}
    # the sea earns its keep on treasure courses: known, the old news still finds her
    assert hit["whole sea", 8] > hit["blank", 8] and hit["whole sea", 12] > hit["blank", 12]
    assert invoke(full_world_db, "rumors", "--kind", "galleon").exit_code != 0


def test_many_nights_in_the_bar_give_its_figures(full_world_db: Path) -> None:
    result = invoke(full_world_db, "bar", "Havana", "--nights", "120", "--day", "30", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["round"] for r in rows] == [1, 2, 3, 4, 5] and rows[0]["nights"] == 120
    assert 0.8 <= rows[0]["heard_rate"] <= 0.95 and rows[4]["heard_rate"] < 0.45
    assert rows[0]["mean_reliability"] > rows[4]["mean_reliability"]
    assert all(0 <= r["mean_days_old"] <= 12 for r in rows)
