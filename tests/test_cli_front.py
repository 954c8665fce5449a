"""The front end's rules for every command (issue 22): no traceback on a closed stdin or a
damaged database file, one rule for seeds, seasons and days, true run times, and progress on
stderr (a terminal only) with Ctrl-C saying what was kept."""

from __future__ import annotations

import hashlib
import itertools
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import click
import duckdb
import pytest
import typer
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.options import DAYS_MAX, SEED_MAX, Bounded
from tests.head_db import at_head
from tests.terminal import ctrl_c_as_a_terminal_sends_it

runner = CliRunner()
ROOT = typer.main.get_command(app)


def _commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    for name, command in sorted(group.commands.items()):
        path = (*prefix, name)
        if isinstance(command, click.Group):
            if command.invoke_without_command:
                found.append(path)
            found += _commands(command, path)
        else:
            found.append(path)
    return found


def _params(path: tuple[str, ...]) -> list[click.Parameter]:
    node: click.Command = ROOT
    for name in path:
        assert isinstance(node, click.Group)
        node = node.commands[name]
    return list(node.params)


def _one_line_refusal(result: Any, says: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().split("\n")
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert says in lines[0], lines[0]
    assert "Traceback" not in result.output and "╭" not in result.output


def _privateer(*args: str) -> list[str]:
    return [sys.executable, "-m", "privateer", *args]


def _runs(db: Path) -> int:
    con = duckdb.connect(str(db), read_only=True)
    try:
        row = con.execute("SELECT count(*) FROM runs").fetchone()
    finally:
        con.close()
    assert row is not None
    return int(row[0])


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def head_db(db_path: Path) -> Path:
    """An empty database at head: fight and duel need nothing else to make a run."""
    return at_head(db_path)


# --- closed stdin -----------------------------------------------------------------------------


def _with_stdin_closed(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["sh", "-c", 'exec "$@" <&-', "sh", *_privateer(*args)],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("command", ["fight", "duel"])
def test_a_game_with_stdin_closed_is_refused_before_a_run_is_made(
    command: str, head_db: Path
) -> None:
    done = _with_stdin_closed("--db", str(head_db), command, "--seed", "7")
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == (
        f"error: {command} needs input: stdin is closed; run it at a terminal or pipe its "
        f"moves in (`privateer {command} < moves.txt`)"
    )
    assert _runs(head_db) == 0


def test_a_downgrade_that_would_ask_refuses_on_a_closed_stdin(head_db: Path) -> None:
    runner.invoke(app, ["--db", str(head_db), "sim", "--fights", "1", "--log"])
    done = _with_stdin_closed("--db", str(head_db), "db", "downgrade", "base")
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        "error: this downgrade drops data; run it again with --yes to go ahead"
    )
    assert _runs(head_db) > 0


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
def test_play_with_stdin_closed_is_refused_before_a_run_is_made(world_db_copy: Path) -> None:
    done = _with_stdin_closed("--db", str(world_db_copy), "play", "--seed", "7")
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: play needs input: stdin is closed")
    assert _runs(world_db_copy) == 0


# --- damaged files ----------------------------------------------------------------------------


def _damaged(head_db: Path, tmp_path: Path, how: str) -> Path:
    """A copy of a database with a logged run, cut short or with a block's bytes changed (its
    checksum then fails)."""
    runner.invoke(app, ["--db", str(head_db), "sim", "--fights", "2", "--log"])
    assert _runs(head_db) > 0
    data = head_db.read_bytes()
    path = tmp_path / f"{how}.duckdb"
    if how == "truncated":
        path.write_bytes(data[: len(data) // 3])
    else:  # the first block past the headers: the catalog, read on every open
        at = 3 * 4096 + 100
        path.write_bytes(data[:at] + bytes(b ^ 0xFF for b in data[at : at + 8]) + data[at + 8 :])
    return path


@pytest.mark.parametrize("how", ["truncated", "checksum"])
@pytest.mark.parametrize(
    "args", [["runs", "list"], ["db", "current"], ["runs", "show", "1"], ["db", "tables"]]
)
def test_a_damaged_database_is_one_line_and_left_as_it_was(
    head_db: Path, tmp_path: Path, how: str, args: list[str]
) -> None:
    path = _damaged(head_db, tmp_path, how)
    before = _digest(path)
    result = runner.invoke(app, ["--db", str(path), *args])
    _one_line_refusal(result, f"cannot use {path}: the file is damaged or cut short")
    assert _digest(path) == before


def test_an_unwritable_path_is_refused_by_db_current(tmp_path: Path) -> None:
    for args in (["db", "current"], ["runs", "list"], ["db", "upgrade"]):
        result = runner.invoke(app, ["--db", "/proc/x.duckdb", *args])
        _one_line_refusal(result, "/proc/x.duckdb")
        assert "empty (no revision)" not in result.output


# --- one rule for seeds, seasons and days -----------------------------------------------------


SEEDED = [path for path in _commands(ROOT) if any(p.name == "seed" for p in _params(path))]


def test_every_command_that_takes_a_seed_takes_the_same_range() -> None:
    assert {("fight",), ("play",), ("duel",), ("bar",), ("voyage",)} <= set(SEEDED)
    for path in SEEDED:
        (seed,) = [p for p in _params(path) if p.name == "seed"]
        assert isinstance(seed.type, Bounded), path
        assert (seed.type.min, seed.type.max) == (0, SEED_MAX), path


@pytest.mark.parametrize("path", SEEDED, ids=" ".join)
def test_a_negative_seed_is_refused_in_one_line(path: tuple[str, ...], db_path: Path) -> None:
    result = runner.invoke(app, ["--db", str(db_path), *path, "--seed", "-1"])
    _one_line_refusal(result, "-1 is not in the range 0<=x<=2^62")
    assert not db_path.exists()


DAY_OPTIONS = {"days", "day", "turns", "nights"}


def test_every_count_of_days_has_the_same_bound() -> None:
    from privateer.engine.voyage.rules import MAX_DAYS

    assert DAYS_MAX == MAX_DAYS  # the longest run the engine plays
    seen = []
    for path in _commands(ROOT):
        for param in _params(path):
            if param.name in DAY_OPTIONS:
                assert isinstance(param.type, Bounded), (path, param.name)
                assert param.type.max == DAYS_MAX, (path, param.name, param.type.max)
                seen.append(path)
    assert {("voyage",), ("play",), ("world", "sim"), ("sweep", "run")} <= set(seen)


@pytest.mark.parametrize(
    "args", [["world", "sim"], ["voyage"], ["bench", "world-sim"], ["play"], ["sweep", "run"]]
)
def test_too_many_days_is_one_line_everywhere(args: list[str], db_path: Path) -> None:
    result = runner.invoke(app, ["--db", str(db_path), *args, "--days", str(DAYS_MAX + 1)])
    _one_line_refusal(result, f"{DAYS_MAX + 1} is not in the range 1<=x<={DAYS_MAX}")


def test_seasons_are_0_to_3_from_spring_or_named(db_path: Path) -> None:
    from privateer.cli.options import Season

    season = Season()
    assert [season.convert(v, None, None) for v in ("0", "3", "Winter", " summer ")] == [0, 3, 3, 1]
    result = runner.invoke(app, ["--db", str(db_path), "route", "A", "B", "--season", "4"])
    _one_line_refusal(result, "'4' is no season: seasons are numbered 0-3 from spring")
    assert not db_path.exists()


def test_world_sim_numbers_its_seasons_as_route_does() -> None:
    from privateer.engine.record import play
    from privateer.engine.world.game import summary
    from privateer.engine.world.mode import DAY, WorldGame
    from tests.world_fixtures import synthetic_world

    world = synthetic_world()
    record = play(WorldGame(world, 800), 3, lambda state: DAY, max_actions=800)
    assert record.state is not None
    rows = summary(world, record.state, record.new_events(0))["wars_by_season"]
    assert rows, "no war or peace in 800 days"
    for row in rows:
        assert 0 <= row["season"] <= 3
        assert row["season"] == (row["from_day"] // 91) % 4
        assert row["from_day"] % 91 == 0
    assert any(row["from_day"] >= 364 for row in rows)  # the second year's seasons: 0-3 again


# --- true run times ---------------------------------------------------------------------------


def test_a_logged_voyage_says_when_its_play_began_and_ended(
    head_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import privateer.cli.voyage.commands as voyage_commands
    from tests.world_fixtures import synthetic_world

    monkeypatch.setattr(voyage_commands, "engine_world", lambda ctx: synthetic_world())
    args = ["--db", str(head_db), "voyage", "--runs", "3", "--days", "120", "--workers", "1"]
    result = runner.invoke(app, [*args, "--rules", "dilemmas", "--log", "--json"])
    assert result.exit_code == 0, result.output
    con = duckdb.connect(str(head_db), read_only=True)
    rows = con.execute("SELECT started_at, finished_at FROM runs ORDER BY run_id").fetchall()
    con.close()
    assert len(rows) == 3
    for started, finished in rows:
        assert started < finished  # not the moment of writing, twice
    for (_, finished), (started, _) in itertools.pairwise(rows):
        assert finished <= started  # played one after the other


# --- progress and Ctrl-C ----------------------------------------------------------------------


def _on_a_terminal(
    args: list[str], *, until: str | None = None, timeout: float = 300
) -> tuple[int, str, str]:
    """Run privateer with stderr on a pseudo-terminal (stdout a pipe): its exit code, what the
    terminal showed and stdout. With `until`, SIGINT once the terminal shows that pattern."""
    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "100"}
    process = subprocess.Popen(
        _privateer(*args),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave,
        env=env,
        preexec_fn=ctrl_c_as_a_terminal_sends_it,
    )
    os.close(slave)
    shown = b""
    deadline = time.monotonic() + timeout
    sent = False
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                shown += chunk
            elif process.poll() is not None:
                break
            if until and not sent and re.search(until, shown.decode(errors="replace")):
                process.send_signal(signal.SIGINT)
                sent = True
        code = process.wait(timeout=60)
        assert process.stdout is not None
        return code, shown.decode(errors="replace"), process.stdout.read().decode()
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)


def _piped(args: list[str]) -> subprocess.CompletedProcess[str]:
    """The command with stderr a pipe (in process: CliRunner's stderr is no terminal)."""
    result = runner.invoke(app, args)
    return subprocess.CompletedProcess(args, result.exit_code, result.stdout, result.stderr)


def test_duel_sim_and_replay_show_progress_on_a_terminal_only(head_db: Path) -> None:
    db = ["--db", str(head_db)]
    assert runner.invoke(app, [*db, "sim", "--fights", "3", "--log"]).exit_code == 0
    for args, bar in (
        (["duel", "sim", "--games", "3"], r"duels .*27/27"),
        (["runs", "replay", "--all"], r"runs replayed .*\d+/\d+"),
        (["sim", "--fights", "5"], r"fights .*\d+/\d+"),
    ):
        code, shown, out = _on_a_terminal([*db, *args])
        assert code == 0 and out, shown
        assert re.search(bar, shown), (args, shown)
        piped = _piped([*db, *args])
        assert piped.returncode == 0 and piped.stderr == "", (args, piped.stderr)
        code, shown, _ = _on_a_terminal([*db, *args, "--quiet"])
        assert code == 0 and not re.search(bar, shown), (args, shown)


def test_the_world_s_long_commands_show_progress_on_a_terminal_only(
    channel_built: Path, tmp_path: Path
) -> None:
    """On a small world (the Channel and Biscay: each of the six commands reads it in a
    fraction of the full world's second): what is shown does not depend on the world's size."""
    world = tmp_path / "channel.duckdb"
    shutil.copyfile(channel_built, world)
    db = ["--db", str(world)]
    for args, bar in (
        (["world", "sim", "--days", "40"], r"world days .*40/40"),
        (["voyage", "--runs", "2", "--days", "20", "--workers", "1"], r"voyages .*2/2"),
        (["sweep", "run", "treasury=1,2", "--runs", "1", "--days", "10", "--workers", "1"],
         r"study .*\d/\d"),
    ):  # fmt: skip
        code, shown, out = _on_a_terminal([*db, *args])
        assert code == 0 and out, shown
        assert re.search(bar, shown), (args, shown)
        piped = _piped([*db, *args, "--fresh"] if args[0] == "sweep" else [*db, *args])
        assert piped.returncode == 0, piped.stderr
        assert not re.search(bar, piped.stderr) and "━" not in piped.stderr, piped.stderr
        assert "\x1b[" not in piped.stderr and not piped.stderr.startswith("\n"), piped.stderr


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
def test_ctrl_c_on_a_logged_voyage_says_what_was_logged_each_run_whole(
    world_db_copy: Path,
) -> None:
    db = ["--db", str(world_db_copy)]
    args = ["voyage", "--runs", "200", "--days", "60", "--workers", "1", "--log"]
    code, shown, out = _on_a_terminal([*db, *args], until=r"voyages .* [1-9]\d*/200")
    assert code == 130, shown
    said = re.search(
        r"interrupted: (\d+) runs logged \((\d+)-(\d+), seeds 0-(\d+)\), each whole; "
        r"seeds (\d+)-199 not logged \(`--seed (\d+) --runs (\d+)` plays them\)",
        shown,
    )
    assert said, shown
    logged, first, last, last_seed, rest, again, more = map(int, said.groups())
    assert 0 < logged < 200 and last - first + 1 == logged and last_seed == logged - 1
    assert rest == again == logged and more == 200 - logged
    assert out == ""  # no summary of a batch cut short
    con = duckdb.connect(str(world_db_copy), read_only=True)
    runs = con.execute(
        "SELECT run_id, seed, finished_at IS NOT NULL, outcome IS NOT NULL FROM runs "
        "WHERE mode = 'voyage' ORDER BY run_id"
    ).fetchall()
    con.close()
    assert [r[0] for r in runs] == list(range(first, last + 1))
    assert [r[1] for r in runs] == list(range(logged))
    assert all(r[2] and r[3] for r in runs)
    replayed = runner.invoke(app, [*db, "runs", "replay", "--all"])
    assert f"{logged} replayed, {logged} identical" in replayed.output, replayed.output


def test_ctrl_c_on_duel_sim_and_replay_says_how_far_it_got(head_db: Path) -> None:
    db = ["--db", str(head_db)]
    code, shown, _ = _on_a_terminal([*db, "duel", "sim", "--games", "400"], until=r"duels .* \d+/")
    assert code == 130
    assert re.search(r"interrupted: \d of 9 pairs played; nothing is kept", shown), shown
    assert runner.invoke(app, [*db, "sim", "--fights", "400", "--log"]).exit_code == 0
    code, shown, _ = _on_a_terminal([*db, "runs", "replay", "--all"], until=r"replayed .* \d+/")
    assert code == 130
    said = re.search(r"interrupted: replayed (\d+) of (\d+) runs: all identical so far", shown)
    assert said and int(said.group(1)) < int(said.group(2)), shown
