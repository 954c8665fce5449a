"""`privateer play` and its saves as a newcomer meets them (issue 22), by piped input on the
synthetic sea: the goal and the clock on the opening screen; a voyage of the same seed and
rules still in progress is offered back (resume or abandon) and never silently assumed; `saves
list` says each run's rules, day, gold and where; Ctrl-C says the day the run is saved on."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import duckdb
import pytest
import typer
from click.testing import CliRunner

from privateer.cli.app import app
from tests.voyage_fixtures import WORLD

runner = CliRunner()
COMMAND = typer.main.get_command(app)


@pytest.fixture(scope="module")
def empty_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database at head holding the synthetic sea's ports (what `saves list` names), made
    once and copied."""
    from tests.head_db import at_head

    db = at_head(tmp_path_factory.mktemp("empty") / "empty.duckdb")
    with duckdb.connect(str(db)) as con:
        for i, port in enumerate(WORLD.ports):
            con.execute(
                "INSERT INTO ports (port_id, name, nation, lon, lat, node_id, fortified, kind) "
                "VALUES (?, ?, ?, 0, 0, ?, false, 'port')",
                [i, port.name, WORLD.nations[port.nation], port.node],
            )
    return db


@pytest.fixture
def db(empty_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import privateer.cli.voyage.commands as voyage_commands

    monkeypatch.setattr(voyage_commands, "engine_world", lambda ctx: WORLD)
    path = tmp_path / "play.duckdb"
    shutil.copyfile(empty_db, path)
    return path


def play(db: Path, *args: str, input: str = "") -> Any:
    return runner.invoke(COMMAND, ["--db", str(db), "play", *args], input=input)


def saves(db: Path) -> list[dict[str, Any]]:
    result = runner.invoke(COMMAND, ["--db", str(db), "saves", "list", "--json"])
    assert result.exit_code == 0, result.output
    listed: list[dict[str, Any]] = json.loads(result.stdout)
    return listed


def rows(db: Path) -> tuple[Any, ...]:
    with duckdb.connect(str(db), read_only=True) as con:
        return (
            con.execute("SELECT run_id, outcome FROM runs ORDER BY run_id").fetchall(),
            con.execute("SELECT run_id, state FROM saves ORDER BY run_id").fetchall(),
            con.execute("SELECT count(*) FROM events").fetchall(),
        )


def test_the_opening_screen_says_what_wins_and_by_when(db: Path) -> None:
    out = play(db, "--seed", "3", "--rules", "dilemmas", "--days", "400").stdout
    assert "to win: bring 150 gold home to London, not named a pirate, by day 400" in out
    full = play(db, "--seed", "4").stdout
    assert "to win: carry out three letters of marque" in full and "by day 730" in full


def test_the_same_voyage_again_asks_resume_or_abandon_and_no_answer_changes_nothing(
    db: Path,
) -> None:
    assert play(db, "--seed", "3", input="sail\nsail\n").exit_code == 0
    before = rows(db)
    again = play(db, "--seed", "3")
    assert again.exit_code == 2
    assert "run 1 (seed 3, rules full) is in progress: day 2, 20 gold, Plymouth" in again.stdout
    assert "resume or abandon (r/a)?" in again.stdout
    assert again.stderr.strip().splitlines() == [
        "error: no answer: pass --resume to pick run 1 up, or --new to abandon it and start afresh"
    ]
    assert rows(db) == before  # nothing started, nothing abandoned
    other_rules = play(db, "--seed", "3", "--rules", "classic")
    assert other_rules.exit_code == 0 and "resume or abandon" not in other_rules.stdout


def test_r_resumes_the_voyage_and_a_abandons_it_and_starts_afresh(db: Path) -> None:
    play(db, "--seed", "3", input="sail\n")
    resumed = play(db, "--seed", "3", input="what\nr\nsail\n")
    assert "r picks it up where it was; a abandons it" in resumed.stdout
    assert "resuming run 1 on day 1" in resumed.stdout
    assert [(s["run_id"], s["day"]) for s in saves(db)] == [(1, 2)]
    fresh = play(db, "--seed", "3", input="a\n")
    assert fresh.exit_code == 0 and "abandoned run 1" in fresh.stdout
    assert "seed 3: a privateer out of Plymouth" in fresh.stdout and "(run 2)" in fresh.stdout
    runs, kept, _ = rows(db)
    assert runs == [(1, "abandoned"), (2, None)] and [r for r, _ in kept] == [2]
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM events WHERE run_id = 1").fetchone() != (0,)
    new = play(db, "--seed", "3", "--new")
    assert "abandoned run 2" in new.stdout and "resume or abandon" not in new.stdout
    assert [s["run_id"] for s in saves(db)] == [3]
    both = play(db, "--seed", "3", "--new", "--resume")
    assert both.exit_code == 2 and both.stderr.startswith("error: ")


def test_saves_list_shows_rules_day_gold_and_where(db: Path) -> None:
    play(db, "--seed", "3", input="wait 2\n")
    play(db, "--seed", "5", "--rules", "classic", input="course 6\nsail\n")
    listed = {s["run_id"]: s for s in saves(db)}
    assert {k: listed[1][k] for k in ("seed", "rules", "day", "gold", "where")} == {
        "seed": 3, "rules": "full", "day": 2, "gold": 20, "where": "Plymouth",
    }  # fmt: skip
    assert {k: listed[2][k] for k in ("seed", "rules", "day", "where")} == {
        "seed": 5, "rules": "classic", "day": 1, "where": "at sea",
    }  # fmt: skip
    table = runner.invoke(COMMAND, ["--db", str(db), "saves", "list"]).stdout
    assert "where" in table.splitlines()[0] and "at sea" in table and "Plymouth" in table


def test_ctrl_c_passing_days_or_at_the_prompt_says_the_day_saved_and_exits_130(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from privateer.cli.voyage.session import VoyageSession

    real = VoyageSession.play
    calls = []

    def interrupted_on_the_fourth(self: VoyageSession, action: Any) -> Any:
        calls.append(action)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(self, action)

    monkeypatch.setattr(VoyageSession, "play", interrupted_on_the_fourth)
    result = play(db, "--seed", "3", "--rules", "classic", input="wait 10\ny\n")
    assert result.exit_code == 130, result.output
    assert "interrupted: run 1 saved on day 3; `privateer play --resume --run 1` picks it up" in (
        result.stdout
    )
    assert saves(db)[0]["day"] == 3  # the day it says is the day that is saved
    monkeypatch.setattr(VoyageSession, "play", real)

    from privateer.cli.voyage import screen as voyage_screen

    def ctrl_c() -> str:
        raise KeyboardInterrupt

    real_run = voyage_screen.run
    monkeypatch.setattr(voyage_screen, "run", lambda session: real_run(session, ctrl_c))
    at_prompt = runner.invoke(COMMAND, ["--db", str(db), "play", "--resume"])
    assert at_prompt.exit_code == 130
    assert "interrupted: run 1 saved on day 3; `privateer play --resume --run 1`" in (
        at_prompt.stdout
    )
