"""Migrations keep data across a round trip: down to each revision and back up, with a world,
logged runs and a save in progress, the row counts, the report and the world are unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.db import migrate

runner = CliRunner()


def snapshot(db_path: Path) -> dict[str, object]:
    base = ["--db", str(db_path)]
    tables = json.loads(runner.invoke(app, [*base, "db", "tables", "--json"]).stdout)
    report = json.loads(runner.invoke(app, [*base, "report", "--json"]).stdout)
    world = json.loads(runner.invoke(app, [*base, "world", "info", "--json"]).stdout)
    with duckdb.connect(str(db_path), read_only=True) as con:
        runs = con.execute(
            "SELECT run_id, target, ship, bot, rounds, outcome FROM runs ORDER BY run_id"
        ).fetchall()
        roles = con.execute("SELECT name, roles FROM ports ORDER BY port_id").fetchall()
        saves = [json.loads(s) for (s,) in con.execute("SELECT state FROM saves").fetchall()]
    return {
        "tables": tables,
        "report": report,
        "world": world,
        "runs": runs,
        "roles": roles,
        "saves": saves,
    }


@pytest.fixture(scope="module")
def populated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("round-trip") / "db.duckdb"
    base = ["--db", str(path)]
    assert (
        runner.invoke(app, [*base, "world", "build", "--box", "-10,35,5,45", "-q"]).exit_code == 0
    )
    assert runner.invoke(app, [*base, "sim", "--log", "--fights", "3"]).exit_code == 0
    assert runner.invoke(app, [*base, "fight", "--seed", "7"], input="12\n").exit_code == 0
    return path


@pytest.mark.parametrize("revision", ["0003", "0002", "0001"])
def test_a_round_trip_to_each_revision_keeps_everything(
    populated: Path, tmp_path: Path, revision: str
) -> None:
    db_path = tmp_path / "db.duckdb"
    db_path.write_bytes(populated.read_bytes())
    before = snapshot(db_path)
    down = runner.invoke(app, ["--db", str(db_path), "db", "downgrade", revision, "--yes"])
    assert down.exit_code == 0, down.output
    assert (
        json.loads(runner.invoke(app, ["--db", str(db_path), "db", "current", "--json"]).stdout)[
            "revision"
        ]
        == revision
    )
    up = runner.invoke(app, ["--db", str(db_path), "db", "upgrade"])
    assert up.exit_code == 0, up.output
    after = snapshot(db_path)
    for key in before:
        assert after[key] == before[key], key
    # and the runs still replay
    replayed = json.loads(
        runner.invoke(app, ["--db", str(db_path), "runs", "replay", "--all", "--json"]).stdout
    )
    assert replayed["identical"] == replayed["replayed"] == 16


def test_a_downgrade_to_base_names_everything_it_drops(populated: Path, tmp_path: Path) -> None:
    db_path = tmp_path / "db.duckdb"
    db_path.write_bytes(populated.read_bytes())
    refused = runner.invoke(app, ["--db", str(db_path), "db", "downgrade", "base"])
    assert refused.exit_code == 2
    for table in ("runs (16 rows)", "events", "saves (1 rows)", "nodes", "nations", "drake"):
        assert table in refused.stderr, table
    assert (
        json.loads(runner.invoke(app, ["--db", str(db_path), "db", "current", "--json"]).stdout)[
            "revision"
        ]
        == migrate.head_revision()
    )
