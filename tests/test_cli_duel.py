"""`privateer duel` and `privateer duel sim` through typer's CliRunner: a duel played to its end
by piped orders, stopped and resumed, logged as a run that replays identically."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from privateer.cli.app import app

runner = CliRunner()


def test_a_duel_plays_to_its_end_from_piped_orders_and_replays(db_path: Path) -> None:
    base = ["--db", str(db_path)]
    result = runner.invoke(
        app, [*base, "duel", "--seed", "1", "--captain", "bold"], input="e\n" * 200
    )
    assert result.exit_code == 0, result.output
    assert "the duel is over after" in result.stdout
    assert "R→" in result.stdout and "B←" in result.stdout  # the board, both ships, facing
    (run,) = json.loads(runner.invoke(app, [*base, "runs", "list", "--json"]).stdout)
    assert run["mode"] == "duel" and run["outcome"] in ("sunk", "struck", "round_limit")
    assert run["target"] == "bold"
    replayed = json.loads(runner.invoke(app, [*base, "runs", "replay", "--all", "--json"]).stdout)
    assert replayed["identical"] == replayed["replayed"] == 1
    saves = json.loads(runner.invoke(app, [*base, "saves", "list", "--json"]).stdout)
    assert saves == []  # a finished duel's save is dropped


def test_a_stopped_duel_resumes_where_it_was(db_path: Path) -> None:
    base = ["--db", str(db_path)]
    first = runner.invoke(app, [*base, "duel", "--seed", "5"], input="m0 e\nq\n")
    assert first.exit_code == 0 and "run 1 is saved" in first.stdout
    assert "Blue's turn" in first.stdout  # the captain answered Red's activation
    again = runner.invoke(app, [*base, "duel", "--resume"], input="e\ne\nq\n")
    assert again.exit_code == 0 and "resuming run 1 in round 2" in again.stdout
    shown = json.loads(runner.invoke(app, [*base, "runs", "show", "1", "--json"]).stdout)
    assert shown["outcome"] is None and shown["rounds"] == 4
    replayed = json.loads(runner.invoke(app, [*base, "runs", "replay", "1", "--json"]).stdout)
    assert replayed["identical"] == 1


def test_orders_are_checked_and_explained(db_path: Path) -> None:
    result = runner.invoke(
        app, ["--db", str(db_path), "duel", "--seed", "2"], input="jump\nf\n?\nq\n"
    )
    assert result.exit_code == 0
    assert "'jump' is not an action" in result.stdout
    assert "f:" in result.stdout  # firing from the start: out of arc or range, and why
    assert "rb / rc / rg" in result.stdout  # the keys


def test_the_debug_panel_shows_what_is_hidden(db_path: Path) -> None:
    plain = runner.invoke(app, ["--db", str(db_path), "duel", "--seed", "3"], input="q\n")
    debug = runner.invoke(
        app, ["--db", str(db_path), "duel", "--seed", "3", "--debug"], input="q\n"
    )
    assert "DEBUG" not in plain.stdout and "DEBUG" in debug.stdout
    assert "seed 3" in debug.stdout


def test_bad_requests_are_one_line(db_path: Path) -> None:
    base = ["--db", str(db_path), "duel"]
    for args, words in (
        (["--captain", "timid"], "unknown captain"),
        (["--resume", "--seed", "4"], "--resume"),
        (["--rules", "nonsense"], "no duel rules named"),
        (["--resume"], "no duel in progress"),
    ):
        result = runner.invoke(app, [*base, *args], input="q\n")
        assert result.exit_code == 2 and words in result.stderr, (args, result.output)


def test_duel_sim_prints_a_row_for_every_pair() -> None:
    result = runner.invoke(app, ["duel", "sim", "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert len(rows) == 9
    for row in rows:
        assert {"red", "blue", "games", "red_won", "blue_won", "fled", "mean_rounds"} <= set(row)
        assert row["red_won"] + row["blue_won"] + row["fled"] + row["round_limit"] == 3
