"""`privateer world ...` and `privateer bench world` through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from privateer.cli.app import app

runner = CliRunner()
BOX = "-14,32,6,44"


def _build(db_path: Path) -> dict[str, object]:
    result = runner.invoke(app, ["--db", str(db_path), "world", "build", "--box", BOX, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_build_then_info(db_path: Path) -> None:
    record = _build(db_path)
    assert record["build_id"] == 1 and record["nodes"] > 0 and record["steps"] >= record["legs"]
    result = runner.invoke(app, ["--db", str(db_path), "world", "info", "--json"])
    assert result.exit_code == 0, result.output
    info = json.loads(result.stdout)
    assert info["graph_nodes"] == record["nodes"]
    assert info["steps"] == record["steps"] and info["legs"] == record["legs"]
    assert info["build"]["content_hash"] == record["content_hash"]
    assert info["build"]["params"]["box"] == "-14,32,6,44"
    assert info["features_by_kind"]["strait"] == record["passage"]
    assert info["features_by_kind"]["fort_guns"] > 0  # Gibraltar's, Cádiz's, ...
    assert info["ports"] == record["ports"] > 0
    text = runner.invoke(app, ["--db", str(db_path), "world", "info"])
    assert text.exit_code == 0 and record["content_hash"] in text.stdout
    again = _build(db_path)
    assert again["build_id"] == 2 and again["content_hash"] == record["content_hash"]


def test_info_without_a_world_says_so(db_path: Path) -> None:
    assert runner.invoke(app, ["--db", str(db_path), "db", "upgrade"]).exit_code == 0
    result = runner.invoke(app, ["--db", str(db_path), "world", "info"])
    assert result.exit_code == 2
    assert "no world yet" in result.stderr


def test_bad_input_leaves_the_database_as_it_was(db_path: Path, tmp_path: Path) -> None:
    record = _build(db_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("not a map")
    for args in (
        ["world", "build", str(tmp_path / "missing.zip")],
        ["world", "build", str(notes)],
        ["world", "build", "--box", "10,0,5,5"],
        ["world", "build", "--box", "a,b,c"],
    ):
        result = runner.invoke(app, ["--db", str(db_path), *args, "--quiet"])
        assert result.exit_code == 2, (args, result.output)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    info = json.loads(runner.invoke(app, ["--db", str(db_path), "world", "info", "--json"]).stdout)
    assert info["build"]["build_id"] == record["build_id"]
    assert info["build"]["content_hash"] == record["content_hash"]


def test_bench_world_prints_each_stage(tmp_path: Path) -> None:
    args = ["bench", "world", "--box", BOX, "--runs", "1", "--whole-process", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert "triangulating on the sphere" in data["stages"]
    assert "writing to the database" in data["stages"]
    assert data["total_seconds"] >= sum(data["stages"].values()) * 0.9
    assert data["counts"]["nodes"] > 0
    # the whole command built the same world (identical_builds counts it), its start-up on top
    assert data["identical_builds"]
    assert data["whole_process_seconds"] > data["total_seconds"]
