"""One writer at a time: a command that waits on a person holds nothing, other commands work
meanwhile, and a command that meets another's lock waits a few seconds (saying so), then gives
the one line every command gives, with nothing corrupted."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from tests.terminal import ctrl_c_as_a_terminal_sends_it

runner = CliRunner()


def read_until(stream: object, text: str, seconds: float = 60.0) -> str:
    """Read a child's output a character at a time until `text` shows (a prompt has no
    newline)."""
    seen = ""
    deadline = time.monotonic() + seconds
    while text not in seen:
        assert time.monotonic() < deadline, seen
        ch = stream.read(1)  # type: ignore[attr-defined]
        assert ch, seen
        seen += ch
    return seen


def test_a_fight_waiting_for_a_key_holds_no_database(db_path: Path) -> None:
    base = ["--db", str(db_path)]
    fight = subprocess.Popen(
        [sys.executable, "-m", "privateer", *base, "fight", "--seed", "4"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert fight.stdin is not None and fight.stdout is not None
        read_until(fight.stdout, "s break off >")
        # While it waits for a key, every other command reads and writes the database.
        listed = runner.invoke(app, [*base, "runs", "list", "--json"])
        assert listed.exit_code == 0, listed.output
        assert [r["mode"] for r in json.loads(listed.stdout)] == ["fight"]
        counted = runner.invoke(app, [*base, "sql", "SELECT count(*) AS n FROM saves", "--json"])
        assert counted.exit_code == 0 and json.loads(counted.stdout) == [{"n": 1}]
        logged = runner.invoke(app, [*base, "sim", "--log", "--fights", "3"])
        assert logged.exit_code == 0, logged.output
        # And the fight carries on, saving where it is.
        fight.stdin.write("12\n")
        fight.stdin.flush()
        read_until(fight.stdout, "s break off >")
        fight.stdin.write("s\n")
        fight.stdin.flush()
        _, err = fight.communicate(timeout=60)
    finally:
        fight.kill()
    assert fight.returncode == 0, err
    shown = json.loads(runner.invoke(app, [*base, "runs", "show", "1", "--json"]).stdout)
    assert shown["actions"] == 1 and shown["rounds"] == 2
    assert (
        json.loads(runner.invoke(app, [*base, "runs", "list", "--json"]).stdout)[0]["run_id"] == 16
    )


@pytest.mark.reliability  # the real wait, 5 s: the suite waits a second (the test below)
@pytest.mark.real_lock_wait
def test_a_held_database_is_waited_for_a_few_seconds_then_refused(locked_db: Path) -> None:
    started = time.perf_counter()
    result = runner.invoke(app, ["--db", str(locked_db), "runs", "list"])
    waited = time.perf_counter() - started
    assert result.exit_code == 2
    assert 4.5 < waited < 30.0  # LOCK_WAIT_SECONDS, then it gave up


def test_a_held_database_is_waited_for_then_refused_in_one_line(locked_db: Path) -> None:
    for command in (["runs", "list"], ["db", "tables"], ["sim", "--log", "--fights", "5"]):
        started = time.perf_counter()
        result = runner.invoke(app, ["--db", str(locked_db), *command])
        waited = time.perf_counter() - started
        assert result.exit_code == 2, (command, result.output)
        lines = result.stderr.strip().splitlines()
        assert lines[0] == f"waiting for {locked_db}: another process is using it"
        assert lines[-1] == (
            f"error: {locked_db} is in use by another process (DuckDB allows one writer); "
            "wait for it to finish or use another --db"
        )
        assert "Traceback" not in result.stderr
        assert 0.9 < waited < 30.0  # it waited (a second, in these tests), then gave up


def test_world_build_checks_the_database_before_building(locked_db: Path) -> None:
    result = runner.invoke(
        app, ["--db", str(locked_db), "world", "build", "--box", "-10,35,5,45", "-q"]
    )
    assert result.exit_code == 2
    assert "in use by another process" in result.stderr.strip().splitlines()[-1]


def test_a_database_taken_during_the_build_fails_the_write_in_one_line(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import privateer.pipeline.build as build

    runner.invoke(app, ["--db", str(db_path), "db", "upgrade"])
    built = build.build_world
    holders: list[subprocess.Popen[str]] = []

    def build_then_lose_the_database(*args: object, **kwargs: object) -> object:
        world = built(*args, **kwargs)  # type: ignore[arg-type]
        holder = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]);"
                " print('held', flush=True); time.sleep(60)",
                str(db_path),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        holders.append(holder)
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        return world

    monkeypatch.setattr(build, "build_world", build_then_lose_the_database)
    try:
        result = runner.invoke(
            app, ["--db", str(db_path), "world", "build", "--box", "-10,35,5,45", "-q"]
        )
    finally:
        for holder in holders:
            holder.kill()
            holder.wait()
    assert result.exit_code == 2, result.output
    assert "in use by another process" in result.stderr.strip().splitlines()[-1]
    assert "Traceback" not in result.stderr
    info = runner.invoke(app, ["--db", str(db_path), "world", "info"])
    assert info.exit_code == 2 and "no world yet" in info.stderr  # nothing half-written


def hold(db_path: Path) -> subprocess.Popen[str]:
    """Another process holding the database for writing until it is killed."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('held', flush=True);"
            " time.sleep(60)",
            str(db_path),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


def release(holder: subprocess.Popen[str]) -> None:
    holder.kill()
    holder.wait()


def test_a_game_waits_for_a_held_database_and_saves_the_move_in_hand(db_path: Path) -> None:
    """A save meeting another writer waits as long as it takes (here well past the short wait
    other commands give up after), saying so once; the move is saved when the file is free
    and the game goes on. Ctrl-C during the next wait exits 130 with the last save whole."""
    import signal

    from privateer.db import open_database

    open_database(db_path, notify=lambda _: None).dispose()
    short_wait = (
        "import privateer.db.connection as c; c.LOCK_WAIT_SECONDS = 0.3; "
        "from privateer.cli.app import main; main()"
    )
    fight = subprocess.Popen(
        [sys.executable, "-c", short_wait, "--db", str(db_path), "fight", "--seed", "4"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_a_terminal_sends_it,
    )
    holders: list[subprocess.Popen[str]] = []
    try:
        assert fight.stdin is not None and fight.stdout is not None and fight.stderr is not None
        read_until(fight.stdout, "s break off >")
        holders.append(hold(db_path))
        fight.stdin.write("12\n")
        fight.stdin.flush()
        said = read_until(fight.stderr, "keeping the last save)")
        time.sleep(0.6)  # twice the wait after which any other command gives up
        assert fight.poll() is None  # still waiting, not failed
        release(holders[-1])
        shown = read_until(fight.stdout, "s break off >")
        assert "round 2" in shown  # the keep was played and the game went on
        # The next save meets the lock too, and the player gives up waiting.
        holders.append(hold(db_path))
        fight.stdin.write("12\n")
        fight.stdin.flush()
        said += read_until(fight.stderr, "keeping the last save)")
        fight.send_signal(signal.SIGINT)
        _, err = fight.communicate(timeout=30)
    finally:
        fight.kill()
        for holder in holders:
            release(holder)
    assert said.count("waiting for the database") == 2  # once a save
    assert fight.returncode == 130, err
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1] == (
        "interrupted while waiting for the database: run 1 stays as it was last saved, "
        "without the move in hand; `privateer fight --resume` picks it up"
    )
    base = ["--db", str(db_path)]
    run = json.loads(runner.invoke(app, [*base, "runs", "show", "1", "--json"]).stdout)
    assert run["actions"] == 1 and run["rounds"] == 2 and run["outcome"] is None
    saves = json.loads(runner.invoke(app, [*base, "saves", "list", "--json"]).stdout)
    assert [(s["run_id"], s["rounds"]) for s in saves] == [(1, 2)]
    replayed = runner.invoke(app, [*base, "runs", "replay", "1"])
    assert replayed.exit_code == 0 and "identical" in replayed.stdout
