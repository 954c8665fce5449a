"""Ctrl-C, exactly: a save in flight commits or is never begun, and the one line Ctrl-C prints
names the day (turn, round) the database's save holds; every command exits 130 with one line,
never a traceback (DuckDB's "Query interrupted" included).

Two kinds of test. In process, a Ctrl-C sent the instant a save has committed, or just before it
begins: the moments that used to name the day before, or to leave a run no message named. As
subprocesses, `play` and `tabletop` fed moves through a pipe and sent SIGINT at seeded random
moments, each trial checked against the database it left: a few with the suite, 50 of `play`
(and 12 of `tabletop`) with `--long` (`pytest --long -m reliability`).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
import pytest
import typer
from click.testing import CliRunner

from privateer.cli.app import app
from tests.terminal import ctrl_c_as_a_terminal_sends_it
from tests.voyage_fixtures import WORLD

ROOT = Path(__file__).resolve().parents[1]
COMMAND = typer.main.get_command(app)
runner = CliRunner()

# `privateer` on the synthetic sea (the play test's world, not in the database); it says when
# its own imports are done and the command starts
STARTED = "(test: privateer starts)"
PLAY = (
    "import sys; import privateer.cli.voyage.commands as v; "
    "from tests.world_fixtures import synthetic_world; "
    "v.engine_world = lambda ctx: synthetic_world(); from privateer.cli.entry import main; "
    f"print({STARTED!r}, file=sys.stderr, flush=True); main()"
)
PLAY_LINE = re.compile(
    r"interrupted: run (\d+) saved on day (\d+); `privateer play --resume --run \1` picks it up"
)
TABLETOP_LINE = re.compile(
    r"interrupted: run (\d+) saved on turn (\d+); `privateer tabletop --resume --run \1` "
    "picks it up"
)
ROUND_LINE = re.compile(
    r"interrupted: run (\d+) saved in round (\d+); `privateer (\w+) --resume --run \1` picks it up"
)


@pytest.fixture(scope="module")
def head_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.head_db import at_head

    return at_head(tmp_path_factory.mktemp("head") / "head.duckdb")


@pytest.fixture
def db(head_db: Path, tmp_path: Path) -> Path:
    path = tmp_path / "play.duckdb"
    shutil.copyfile(head_db, path)
    return path


@pytest.fixture
def ctrl_c() -> Iterator[None]:
    """SIGINT as a terminal's Ctrl-C is to Python (a test runner's worker may have set it
    otherwise)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def ctrl_c_at_save(monkeypatch: pytest.MonkeyPatch, nth: int, when: str) -> None:
    """SIGINT to this process just before, or just after, the nth save's transaction (every
    save of a game goes through RunStore's `write`, its first run's row too)."""
    import privateer.db.run_store as run_store

    real = run_store.write
    calls = [0]

    def write(duck: Any, buffer: Any, *, extra: Any = None) -> int:
        calls[0] += 1
        if calls[0] == nth and when == "before":
            os.kill(os.getpid(), signal.SIGINT)
        written = real(duck, buffer, extra=extra)
        if calls[0] == nth and when == "after":
            os.kill(os.getpid(), signal.SIGINT)
        return written

    monkeypatch.setattr(run_store, "write", write)


def one_interrupted_line(out: str, err: str) -> str:
    """The one line Ctrl-C printed (and no traceback)."""
    assert "Traceback" not in err, err
    said = [line for line in (out + err).splitlines() if line.startswith("interrupted")]
    assert len(said) == 1, (out[-500:], err)
    return said[0]


def row(path: Path, sql: str, *params: Any) -> tuple[Any, ...]:
    with duckdb.connect(str(path), read_only=True) as con:
        found = con.execute(sql, list(params)).fetchone()
    assert found is not None
    return tuple(found)


def saves(path: Path) -> dict[int, dict[str, Any]]:
    with duckdb.connect(str(path), read_only=True) as con:
        rows = con.execute("SELECT run_id, state FROM saves").fetchall()
    return {r: json.loads(s) for r, s in rows}


def run_ids(path: Path) -> list[int]:
    with duckdb.connect(str(path), read_only=True) as con:
        return [r for (r,) in con.execute("SELECT run_id FROM runs ORDER BY run_id").fetchall()]


def replays(path: Path, run_id: int, world: Any = None) -> bool:
    """Whether the run's log replays identically (events and checkpoints)."""
    from privateer.db import open_database
    from privateer.db.runs import logged_runs
    from privateer.engine.modes import check_run

    engine = open_database(path, notify=lambda _: None, pooled=False)
    try:
        with engine.connect() as conn:
            (logged,) = logged_runs(conn, [run_id])
    finally:
        engine.dispose()
    return check_run(logged, world).identical


def voyage_save_matches_log(path: Path, run_id: int) -> bool:
    """Whether the voyage's save is the state its logged actions lead to (one transaction
    wrote both)."""
    from privateer.engine.record import begin, step
    from privateer.engine.voyage.actions import VoyageAction
    from privateer.engine.voyage.mode import game_for
    from privateer.engine.voyage.state import VoyageState

    seed, options, version = row(
        path, "SELECT seed, options, engine_version FROM runs WHERE run_id = ?", run_id
    )
    with duckdb.connect(str(path), read_only=True) as con:
        actions = con.execute(
            "SELECT action FROM actions WHERE run_id = ? ORDER BY seq", [run_id]
        ).fetchall()
    game = game_for(WORLD, json.loads(options), version)
    record = begin(game, seed)
    for (action,) in actions:
        step(record, VoyageAction.from_str(action))
    assert record.state is not None
    saved = VoyageState.from_dict(saves(path)[run_id], WORLD)
    return record.state.state_hash() == saved.state_hash()


# --- the moment held off ------------------------------------------------------------------


def test_a_ctrl_c_while_held_is_raised_when_the_block_ends(ctrl_c: None) -> None:
    from privateer.db.interrupts import held, let_through

    done = []
    with pytest.raises(KeyboardInterrupt), held():
        os.kill(os.getpid(), signal.SIGINT)
        with held():  # nested: only the outermost raises it
            done.append("inner")
        done.append("outer")
    assert done == ["inner", "outer"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with pytest.raises(KeyboardInterrupt), held():  # a wait lets it through at once
        os.kill(os.getpid(), signal.SIGINT)
        with let_through():
            done.append("not reached")
    with held(), let_through(), pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
    assert done == ["inner", "outer"]
    with held(), let_through(), pytest.raises(KeyboardInterrupt):  # held within a wait holds
        with held():
            os.kill(os.getpid(), signal.SIGINT)
            done.append("held in the wait")
        done.append("not reached")
    assert done == ["inner", "outer", "held in the wait"]


def test_a_held_block_off_the_main_thread_or_with_sigint_handled_is_left_alone(
    ctrl_c: None,
) -> None:
    from privateer.db.interrupts import held

    seen: list[object] = []

    def elsewhere() -> None:
        with held():
            seen.append(signal.getsignal(signal.SIGINT))

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert seen == [signal.default_int_handler]
    mine = signal.signal(signal.SIGINT, lambda *_: seen.append("mine"))
    try:
        with held():
            os.kill(os.getpid(), signal.SIGINT)
    finally:
        signal.signal(signal.SIGINT, mine)
    assert seen[-1] == "mine"


# --- in process: Ctrl-C the instant a save commits, or just before it ------------------------


@pytest.fixture
def play_db(db: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import privateer.cli.voyage.commands as voyage_commands

    monkeypatch.setattr(voyage_commands, "engine_world", lambda ctx: WORLD)
    return db


@pytest.mark.parametrize(("nth", "when"), [(1, "after"), (4, "after"), (4, "before")])
def test_play_names_the_day_its_save_holds(
    play_db: Path, monkeypatch: pytest.MonkeyPatch, ctrl_c: None, nth: int, when: str
) -> None:
    """The first write begins the run (day 0), each `sail` saves a day: a Ctrl-C the instant
    after a commit (it used to name the day before, or, after the first, no voyage at all)
    or just before one (the save completes) names the day the save holds."""
    ctrl_c_at_save(monkeypatch, nth, when)
    args = ["--db", str(play_db), "play", "--seed", "3", "--new"]
    result = runner.invoke(COMMAND, args, input="sail\n" * 10)
    assert result.exit_code == 130, result.output
    line = one_interrupted_line(result.stdout, result.stderr)
    assert result.stdout.splitlines()[-1] == line
    found = PLAY_LINE.fullmatch(line)
    assert found is not None, line
    run_id, day = int(found[1]), int(found[2])
    assert day == nth - 1 and saves(play_db)[run_id]["world"]["day"] == day
    assert run_ids(play_db) == [run_id]
    assert replays(play_db, run_id, WORLD) and voyage_save_matches_log(play_db, run_id)


@pytest.mark.parametrize(("nth", "when"), [(1, "after"), (2, "after"), (5, "after")])
def test_tabletop_names_the_turn_its_save_holds(
    db: Path, monkeypatch: pytest.MonkeyPatch, ctrl_c: None, nth: int, when: str
) -> None:
    """Seed 2 against raiders saves on turns 1, 2, 2, 2, 6, ...: the 2nd and 5th saves move
    the turn on, so a Ctrl-C the instant after them used to name the turn before."""
    ctrl_c_at_save(monkeypatch, nth, when)
    args = ["--db", str(db), "tabletop", "--seed", "2", "--new", "--bots", "raider"]
    result = runner.invoke(COMMAND, args, input="1\n" * 40)
    assert result.exit_code == 130, result.output
    line = one_interrupted_line(result.stdout, result.stderr)
    found = TABLETOP_LINE.fullmatch(line)
    assert found is not None, line
    run_id, turn = int(found[1]), int(found[2])
    assert tabletop_saved_turn(db, run_id) == turn
    assert replays(db, run_id)


def tabletop_saved_turn(path: Path, run_id: int) -> int:
    from privateer.cli.tabletop.session import game_for

    (options,) = row(path, "SELECT options FROM runs WHERE run_id = ?", run_id)
    game = game_for(json.loads(options))
    state = game.deserialise(saves(path)[run_id])
    return int(game.observe(state, 0)["turn"])


@pytest.mark.parametrize(
    ("game", "args", "moves"),
    [
        ("fight", ["fight", "--seed", "4"], "12\n" * 40),
        ("duel", ["duel", "--seed", "5"], "m0 e\n" * 40),
    ],
)
def test_fight_and_duel_name_the_round_their_save_holds(
    db: Path,
    monkeypatch: pytest.MonkeyPatch,
    ctrl_c: None,
    game: str,
    args: list[str],
    moves: str,
) -> None:
    """They used to exit 130 saying nothing."""
    ctrl_c_at_save(monkeypatch, 3, "after")
    result = runner.invoke(COMMAND, ["--db", str(db), *args], input=moves)
    assert result.exit_code == 130, result.output
    found = ROUND_LINE.fullmatch(one_interrupted_line(result.stdout, result.stderr))
    assert found is not None and found[3] == game
    run_id, round_ = int(found[1]), int(found[2])
    assert saves(db)[run_id]["round"] == round_
    assert replays(db, run_id)


def test_any_other_command_says_it_was_interrupted_in_one_line(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command with no words of its own for Ctrl-C: one line, exit 130, whether the
    KeyboardInterrupt reached it as one or, from inside a DuckDB statement, as DuckDB's
    "Query interrupted" (which was a traceback)."""
    import privateer.db.saves as saves_module

    for raised in (KeyboardInterrupt(), RuntimeError("Query interrupted")):

        def interrupted(*_: Any, raised: BaseException = raised) -> Any:
            raise raised

        monkeypatch.setattr(saves_module, "list_saves", interrupted)
        result = runner.invoke(COMMAND, ["--db", str(db), "saves", "list"])
        assert result.exit_code == 130, result.output
        assert result.stderr.splitlines() == ["interrupted"]
    monkeypatch.setattr(saves_module, "list_saves", lambda *_: 1 / 0)
    failed = runner.invoke(COMMAND, ["--db", str(db), "saves", "list"])
    assert isinstance(failed.exception, ZeroDivisionError)  # any other error is not hidden


CLOSE_INTERRUPTED = """
import sys
import duckdb_sqlalchemy

real = duckdb_sqlalchemy.ConnectionWrapper.close

def close(self):
    real(self)
    raise KeyboardInterrupt  # as a Ctrl-C landing in DuckDB's close does

duckdb_sqlalchemy.ConnectionWrapper.close = close
sys.argv = ["privateer", "--db", sys.argv[1], "saves", "list"]
from privateer.cli.entry import main
main()
"""


def test_ctrl_c_while_a_connection_closes_is_the_one_line_without_the_pools_log(
    db: Path,
) -> None:
    """SQLAlchemy logs a connection that failed to close, traceback and all, before the
    KeyboardInterrupt goes on: the command's stderr is still the one line (a trial at a random
    moment once caught that log)."""
    done = subprocess.run(
        [sys.executable, "-c", CLOSE_INTERRUPTED, str(db)],
        capture_output=True,
        text=True,
        preexec_fn=ctrl_c_as_a_terminal_sends_it,
    )
    assert done.returncode == 130, done.stderr
    assert done.stderr.splitlines() == ["interrupted"], done.stderr


LANDS_IN_EXEC = """
import sys
import privateer.db.saves as saves

def list_saves(*_):
    exec("raise KeyboardInterrupt")  # a Ctrl-C landing where a dataclass makes its methods

saves.list_saves = list_saves
sys.argv = ["privateer", "--db", sys.argv[1], "saves", "list"]
from privateer.cli.entry import main
main()
"""

LANDS_IN_A_CALLBACK = """
import sys
import time
import weakref
import privateer.db.saves as saves

class Lock:
    pass

def list_saves(*_):
    def callback(_):
        raise KeyboardInterrupt  # as a Ctrl-C landing in the import system's lock callback
    lock = Lock()
    ref = weakref.ref(lock, callback)
    del lock  # Python prints the callback's error and goes on
    time.sleep(2)
    return []

saves.list_saves = list_saves
sys.argv = ["privateer", "--db", sys.argv[1], "saves", "list"]
from privateer.cli.entry import main
main()
"""


@pytest.mark.parametrize("script", [LANDS_IN_EXEC, LANDS_IN_A_CALLBACK], ids=["exec", "callback"])
def test_a_ctrl_c_python_would_lose_or_misreport_is_the_one_line_and_130(
    db: Path, tmp_path: Path, script: str
) -> None:
    """Two of CPython's own corners, each met by a random trial: a KeyboardInterrupt caught
    after it was raised inside an exec() of text ended `python -m privateer` by SIGINT, not
    130; one raised in a weak reference's callback was printed and lost, the game playing on."""
    assert run_corner(script, db, tmp_path, []) == (130, ["interrupted"])


LANDS_OUTSIDE_THE_COMMAND = """
import sys
import click

where = sys.argv.pop()
real = getattr(click.Context, where)

def landed(self, *args, **kwargs):
    setattr(click.Context, where, real)
    raise KeyboardInterrupt  # as a Ctrl-C landing while click parses, or closes, the context

setattr(click.Context, where, landed)
sys.argv = ["privateer", "--db", sys.argv[1], "saves", "list"]
from privateer.cli.entry import main
main()
"""


LANDS_BEFORE_THE_COMMAND_LINE = """
import sys
import privateer.cli.app as app

def landed():
    raise KeyboardInterrupt  # as a Ctrl-C landing after the import, before typer is called

app.quiet_library_logs = landed
sys.argv = ["privateer", "--db", sys.argv[1], "saves", "list"]
from privateer.cli.entry import main
main()
"""


@pytest.mark.parametrize(
    "where", ["__init__", "close", "start"], ids=["parsing", "closing", "start"]
)
def test_a_ctrl_c_around_the_command_is_the_one_line_and_130(
    db: Path, tmp_path: Path, where: str
) -> None:
    """Before the command runs (its arguments parsed, or the command line not yet called) or
    after (its context closed): typer turned a KeyboardInterrupt into a silent exit 130 (a
    random trial at 0.5-3.5 s caught it), and one before typer was a traceback."""
    script = LANDS_BEFORE_THE_COMMAND_LINE if where == "start" else LANDS_OUTSIDE_THE_COMMAND
    assert run_corner(script, db, tmp_path, [where]) == (130, ["interrupted"])


LANDS_IN_DUCKDBS_IMPORT = """
import os
import signal
import sys

class CtrlCAtPandas:
    \"""SIGINT to this process as pandas begins to be imported, by whoever imports it.\"""

    def find_spec(self, name, path=None, target=None):
        if name == "pandas":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, CtrlCAtPandas())
sys.argv = ["privateer", "--db", *sys.argv[1:]]
from privateer.cli.entry import main
main()
"""


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["saves", "list"], ["interrupted"]),
        (["tabletop", "--seed", "1", "--new"], ["interrupted: no game begun"]),
    ],
    ids=["saves", "tabletop"],
)
def test_a_ctrl_c_while_pandas_is_imported_is_not_swallowed_by_duckdb(
    db: Path, tmp_path: Path, args: list[str], said: list[str]
) -> None:
    """DuckDB imports pandas from its C++ code at the first statement given parameters and
    takes any error there for pandas missing: a Ctrl-C landing in that import (most of a
    second) was lost, and the tabletop's bots played on (a random trial caught it, 1 in 10 on
    a busy machine). The database's connection imports it first, with Ctrl-C held."""
    code, err = run_corner(LANDS_IN_DUCKDBS_IMPORT, db, tmp_path, args, b"1\n" * 40)
    assert (code, err) == (130, said)
    assert run_ids(db) == []


def run_corner(
    script: str, db: Path, tmp_path: Path, args: list[str], typed: bytes = b""
) -> tuple[int, list[str]]:
    """`script` run as `python -m` with the database and `args`: its exit code and stderr's
    lines."""
    (tmp_path / "ctrl_c_corner.py").write_text(script)
    done = subprocess.run(
        [sys.executable, "-m", "ctrl_c_corner", str(db), *args],
        input=typed,
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        timeout=60,
        preexec_fn=ctrl_c_as_a_terminal_sends_it,
    )
    return done.returncode, done.stderr.decode().splitlines()


def test_sql_interrupted_in_a_long_query_says_so_in_one_line(
    db: Path, monkeypatch: pytest.MonkeyPatch, ctrl_c: None
) -> None:
    """Ctrl-C lands inside DuckDB's statement (a join of 1.6 billion rows, half a minute):
    one line, exit 130, at once. It was a traceback (RuntimeError: Query interrupted), or,
    when the interrupt left the statement running, a wait for its end first."""
    import privateer.db.connection as connection

    connect = connection.connect_waiting
    killers: list[subprocess.Popen[bytes]] = []

    class Connection:
        """The query's connection: SIGINT 0.3 s into the statement checked (not a str), from
        another process as a terminal sends it (DuckDB holds the GIL through a statement)."""

        def __init__(self, real: Any) -> None:
            self.real = real

        def execute(self, statement: Any, *args: Any) -> Any:
            if not isinstance(statement, str):
                kill = f"sleep 0.3; kill -INT {os.getpid()}"
                killers.append(subprocess.Popen(["sh", "-c", kill]))
            return self.real.execute(statement, *args)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.real, name)

    wrapped = lambda *a, **k: Connection(connect(*a, **k))  # noqa: E731
    monkeypatch.setattr(connection, "connect_waiting", wrapped)
    query = "SELECT sum(a.range * b.range) FROM range(40000) a, range(40000) b"
    started = time.monotonic()
    try:
        result = runner.invoke(COMMAND, ["--db", str(db), "sql", query])
    finally:
        for killer in killers:
            killer.wait()
    assert len(killers) == 1
    assert result.exit_code == 130, result.output
    assert result.stderr.splitlines() == ["interrupted: the query was stopped; no rows printed"]
    assert result.stdout == "" and time.monotonic() - started < 10


# --- subprocesses sent SIGINT at random moments --------------------------------------------


@dataclass
class Trial:
    """A command fed `moves` on stdin and sent SIGINT `delay` seconds after it is ready (its
    output shows `ready`), or after it starts when `ready` is None. `code` is None when it was
    still running 30 s after the SIGINT (then killed)."""

    args: list[str]
    moves: bytes
    delay: float
    ready: str | None
    db: Path
    code: int | None = 0
    out: str = ""
    err: str = ""


def run_trials(trials: list[Trial], python: list[str]) -> None:
    """Run the trials side by side, each sent one SIGINT at its moment; their output is kept
    in files (a pipe nobody read would block them)."""
    running = []
    for i, trial in enumerate(trials):
        out = trial.db.with_name(f"{trial.db.stem}-{i}.out")
        err = trial.db.with_name(f"{trial.db.stem}-{i}.err")
        with out.open("wb") as out_file, err.open("wb") as err_file:
            process = subprocess.Popen(
                [*python, "--db", str(trial.db), *trial.args],
                stdin=subprocess.PIPE,
                stdout=out_file,
                stderr=err_file,
                cwd=ROOT,
                preexec_fn=ctrl_c_as_a_terminal_sends_it,
            )
        assert process.stdin is not None
        process.stdin.write(trial.moves)
        process.stdin.close()
        started = time.monotonic()
        # [trial, process, out, err, when its delay began, when SIGINT was sent]
        running.append([trial, process, out, err, started if trial.ready is None else None, None])
    deadline = time.monotonic() + 180
    while running and time.monotonic() < deadline:
        for entry in list(running):
            trial, process, out, err, since, sent = entry
            now = time.monotonic()
            code = process.poll()
            if code is None and sent is not None and now - sent > 30:
                process.kill()  # Ctrl-C did not end it
                process.wait()
            elif code is None:
                if since is None and trial.ready in out.read_text() + err.read_text():
                    entry[4] = now
                elif since is not None and sent is None and now - since >= trial.delay:
                    process.send_signal(signal.SIGINT)
                    entry[5] = now
                continue
            trial.code = code
            trial.out, trial.err = out.read_text(), err.read_text()
            running.remove(entry)
        time.sleep(0.01)
    for _, process, *_ in running:
        process.kill()
        process.wait()
    assert not running, "a trial never got to its moment"


def play_trials(head_db: Path, tmp_path: Path, seeds: list[int], wide: bool) -> list[Trial]:
    """`play --new` on the synthetic sea, 3,000 `sail` lines piped in (a day saved every tenth
    of a second or so), SIGINT within a second of the first prompt; `wide`: within 2.5 s, and
    a third of them 0.5-3.5 s from the command's start instead (opening the database, making
    the world, beginning the run)."""
    trials = []
    for seed in seeds:
        rng = random.Random(seed)
        path = tmp_path / f"play{seed}.duckdb"
        shutil.copyfile(head_db, path)
        early = wide and rng.random() < 1 / 3
        trials.append(
            Trial(
                ["play", "--seed", str(seed), "--new"],
                b"sail\n" * 3000,
                rng.uniform(0.5, 3.5) if early else rng.uniform(0.0, 2.5 if wide else 1.0),
                STARTED if early else "`help` lists the commands",
                path,
            )
        )
    run_trials(trials, [sys.executable, "-c", PLAY])
    return trials


def check_play(trial: Trial) -> None:
    """Exit 130, exactly one line, naming the day the database's save holds (or no voyage
    when there is none), and the run replays identically, its save the state its log leads to."""
    assert trial.code == 130, (trial.code, trial.out[-300:], trial.err)
    line = one_interrupted_line(trial.out, trial.err)
    if line in ("interrupted", "interrupted: no voyage begun"):  # before `play` began one
        assert run_ids(trial.db) == []
        return
    found = PLAY_LINE.fullmatch(line)
    assert found is not None, line
    assert trial.out.splitlines()[-1] == line
    run_id, day = int(found[1]), int(found[2])
    assert run_ids(trial.db) == [run_id]
    assert saves(trial.db)[run_id]["world"]["day"] == day, (line, trial.delay)
    assert replays(trial.db, run_id, WORLD)
    assert voyage_save_matches_log(trial.db, run_id)


def test_play_interrupted_at_random_moments_names_the_day_saved(
    head_db: Path, tmp_path: Path
) -> None:
    """Three trials, side by side (a few seconds); the 50 are `reliability`."""
    for trial in play_trials(head_db, tmp_path, [101, 102, 103], wide=False):
        check_play(trial)


@pytest.mark.reliability
@pytest.mark.parametrize("batch", range(10))
def test_play_interrupted_at_random_moments_50_times(
    head_db: Path, tmp_path: Path, batch: int
) -> None:
    """50 trials (ten batches of five, side by side), every one exact."""
    seeds = [batch * 5 + i for i in range(5)]
    for trial in play_trials(head_db, tmp_path, seeds, wide=True):
        check_play(trial)


@pytest.mark.reliability
@pytest.mark.parametrize("batch", range(4))
def test_tabletop_interrupted_at_random_moments_names_the_turn_saved(
    head_db: Path, tmp_path: Path, batch: int
) -> None:
    """12 trials of `tabletop --new` (the lookahead bots think between saves), SIGINT within
    the first 8 s from the process's start (Python importing the program included)."""
    trials = []
    for i in range(3):
        seed = batch * 3 + i
        rng = random.Random(1000 + seed)
        path = tmp_path / f"table{seed}.duckdb"
        shutil.copyfile(head_db, path)
        args = ["tabletop", "--seed", str(seed), "--new"]
        trials.append(Trial(args, b"1\n" * 3000, rng.uniform(0.3, 8.0), None, path))
    run_trials(trials, [sys.executable, "-m", "privateer"])
    for trial in trials:
        assert trial.code == 130, (trial.out[-300:], trial.err)
        line = one_interrupted_line(trial.out, trial.err)
        if line in ("interrupted", "interrupted: no game begun"):  # before a game began
            assert run_ids(trial.db) == []
            continue
        found = TABLETOP_LINE.fullmatch(line)
        assert found is not None, line
        run_id, turn = int(found[1]), int(found[2])
        assert tabletop_saved_turn(trial.db, run_id) == turn
        assert replays(trial.db, run_id)


def test_sim_log_interrupted_says_what_was_logged_in_one_line(
    head_db: Path, tmp_path: Path
) -> None:
    """`sim --log` stopped mid-way: one line naming the runs logged, each whole, as the
    database holds them (the batch in flight is whole or not there). It said nothing."""
    path = tmp_path / "sim.duckdb"
    shutil.copyfile(head_db, path)
    args = ["sim", "--log", "--fights", "20000", "--log-batch", "50"]
    trial = Trial(args, b"", 2.5, None, path)  # a second or so after the first batches
    run_trials([trial], [sys.executable, "-m", "privateer"])
    assert trial.code == 130, trial.err
    line = one_interrupted_line(trial.out, trial.err)
    found = re.fullmatch(
        r"interrupted: (?:(\d+) fights logged \(runs (\d+)-(\d+)\), each whole|none logged); "
        "no figures printed",
        line,
    )
    assert found is not None, line
    count, first, last = row(path, "SELECT count(*), min(run_id), max(run_id) FROM runs")
    events = row(path, "SELECT count(DISTINCT run_id) FROM events")
    if found[1] is None:
        assert count == 0
    else:
        assert (count, first, last) == tuple(map(int, found.groups()))
        assert events == (count,) and count % 50 == 0
