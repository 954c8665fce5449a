"""`sim --log` and its writer process: the writer killed, stalled, or the whole command
interrupted, each ends the command within seconds and leaves whole batches that replay; and
the command killed outright takes its writer with it, the database free within two seconds."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest
import sqlalchemy as sa
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.db import open_database
from privateer.db.runs import all_run_ids, logged_runs
from privateer.engine.modes import check_run
from tests.head_db import at_head
from tests.terminal import ctrl_c_as_a_terminal_sends_it

BATCH = 100


def start_logging(
    db_path: Path, *extra: str, stderr: int = subprocess.PIPE
) -> subprocess.Popen[str]:
    if not db_path.exists():
        at_head(db_path)
    command = [sys.executable, "-m", "privateer", "--db", str(db_path), "sim", "--log"]
    # fights enough (5 bots x 20,000, about half a minute) that every test acts long before
    # the simulation could end on its own
    command += ["--log-batch", str(BATCH), "--fights", "20000", "--json", *extra]
    return subprocess.Popen(
        command,
        start_new_session=True,
        preexec_fn=ctrl_c_as_a_terminal_sends_it,
        stdout=subprocess.DEVNULL,
        stderr=stderr,
        text=True,
    )


def wait_for_batches(db_path: Path, process: subprocess.Popen[str], batches: int = 3) -> None:
    """Until a few batches are committed, however fast: the write-ahead log grows with each
    commit and the database file with each checkpoint (DuckDB may checkpoint after a commit,
    emptying the log), so each new (file, log) size seen is a commit."""
    wal = db_path.with_name(db_path.name + ".wal")

    def sizes() -> tuple[int, int]:
        return db_path.stat().st_size, wal.stat().st_size if wal.exists() else 0

    first = sizes()
    seen: set[tuple[int, int]] = set()
    deadline = time.monotonic() + 120
    while len(seen - {first}) < batches and time.monotonic() < deadline:
        assert process.poll() is None, "the simulation finished before the test could act"
        now = sizes()
        if now[1] > 0 or now[0] > first[0]:  # something committed: logged, or checkpointed
            seen.add(now)
        time.sleep(0.01)


def gone(pid: int) -> bool:
    """Exited (a zombie left for whoever adopted it counts: it holds nothing)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def writer_pid(process: subprocess.Popen[str]) -> int:
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


def ended_within(process: subprocess.Popen[str], seconds: float) -> tuple[int, str]:
    try:
        _, stderr = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"the command was still running {seconds} s later")
    return process.returncode, stderr


def assert_whole_batches_that_replay(db_path: Path) -> int:
    engine = open_database(db_path, notify=lambda _: None)
    with engine.connect() as conn:
        runs = conn.execute(sa.text("SELECT count(*) FROM runs")).scalar_one()
        assert runs % BATCH == 0  # whole batches only
        ended = conn.execute(
            sa.text("SELECT count(DISTINCT run_id) FROM events WHERE kind = 'settled'")
        ).scalar_one()
        orphans = conn.execute(
            sa.text("SELECT count(*) FROM events WHERE run_id NOT IN (SELECT run_id FROM runs)")
        ).scalar_one()
        assert ended == runs and orphans == 0
        results = [check_run(run) for run in logged_runs(conn, all_run_ids(conn))]
    engine.dispose()
    assert all(r.identical for r in results)
    return int(runs)


def test_a_killed_writer_ends_the_command_in_one_line(db_path: Path) -> None:
    process = start_logging(db_path)
    wait_for_batches(db_path, process)
    os.kill(writer_pid(process), signal.SIGKILL)
    code, stderr = ended_within(process, 15)
    assert code == 2, stderr
    assert stderr.strip().splitlines()[-1].startswith("error: logging failed: the log writer")
    assert "Traceback" not in stderr
    assert assert_whole_batches_that_replay(db_path) > 0


@pytest.mark.reliability  # waits out the writer's timeout: 5 s, in the long step
def test_a_stalled_writer_ends_the_command_after_the_timeout(db_path: Path) -> None:
    process = start_logging(db_path, "--log-timeout", "2")
    wait_for_batches(db_path, process)
    writer = writer_pid(process)
    os.kill(writer, signal.SIGSTOP)
    try:
        code, stderr = ended_within(process, 20)
    finally:
        os.kill(writer, signal.SIGKILL) if Path(f"/proc/{writer}").exists() else None
    assert code == 2, stderr
    assert "has not" in stderr and "2 s" in stderr and "Traceback" not in stderr
    assert_whole_batches_that_replay(db_path)


def test_ctrl_c_ends_the_command_and_its_writer(db_path: Path) -> None:
    process = start_logging(db_path)
    wait_for_batches(db_path, process, 2)
    writer = writer_pid(process)
    os.kill(process.pid, signal.SIGINT)
    code, stderr = ended_within(process, 15)
    assert code != 0, stderr
    time.sleep(0.5)
    assert (
        not Path(f"/proc/{writer}").exists()
        or "Z" in Path(f"/proc/{writer}/stat").read_text().split()[2]
    )
    assert_whole_batches_that_replay(db_path)


def test_a_killed_simulation_leaves_whole_batches_that_replay(db_path: Path) -> None:
    process = start_logging(db_path)
    wait_for_batches(db_path, process)
    os.killpg(process.pid, signal.SIGKILL)
    process.communicate()
    time.sleep(0.5)
    assert assert_whole_batches_that_replay(db_path) > 0


ORPHAN_TRIALS = 20
AT_ONCE = 4  # commands running side by side, each on its own database


class Trial:
    """One `sim --log` killed outright as soon as its writer has committed."""

    def __init__(self, db: Path, committed: int) -> None:
        self.db, self.committed = db, committed
        self.before = db_sizes(db)
        self.process = start_logging(db, stderr=subprocess.DEVNULL)
        self.writer = 0
        self.deadline = 0.0  # set when the command is killed: 2 s from then
        self.con: duckdb.DuckDBPyConnection | None = None

    def step(self) -> bool:
        """Move on if it can; True when done."""
        if not self.deadline:
            assert self.process.poll() is None, "the simulation finished before any commit"
            now = db_sizes(self.db)
            if now[1] > 0 or now[0] > self.before[0]:  # the write-ahead log: a commit
                self.writer = writer_pid(self.process)
                os.kill(self.process.pid, signal.SIGKILL)
                self.deadline = time.monotonic() + 2.0
                self.process.wait()
            return False
        if self.con is None:
            try:
                self.con = duckdb.connect(str(self.db))  # for writing: the lock is free
            except duckdb.Error:
                assert time.monotonic() < self.deadline, f"{self.db.name} is still held"
                return False
        if not gone(self.writer):
            assert time.monotonic() < self.deadline, f"writer {self.writer} outlived its parent"
            return False
        with self.con:
            row = self.con.execute("SELECT count(*) FROM runs").fetchone()
        assert row is not None
        assert row[0] % BATCH == 0  # whole batches only
        assert row[0] >= self.committed + BATCH  # and this trial's commit among them
        self.committed = row[0]
        return True

    def end(self) -> None:
        """Whatever happened, nothing of this trial left running (a writer that outlived its
        command, on a failure, included: it is in the command's process group)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        if self.con is not None:
            self.con.close()


def db_sizes(db: Path) -> tuple[int, int]:
    wal = db.with_name(db.name + ".wal")
    return db.stat().st_size, wal.stat().st_size if wal.exists() else 0


@pytest.mark.reliability  # the simulation killed at many moments: 20 seconds, in the long step
def test_a_writer_never_outlives_its_simulation(tmp_path: Path) -> None:
    """`kill -9` of `sim --log` once its writer has committed: within 2 s the writer is gone
    and the database opens for writing, 20 times (four at a time); the runs committed are
    whole batches and all replay. (The writer used to keep its own copy of its inbox's write
    end, so it never read the end of the pipe and held the database until killed by hand.)"""
    template = tmp_path / "template.duckdb"
    open_database(template, notify=lambda _: None).dispose()
    committed = {}
    for i in range(AT_ONCE):
        db = tmp_path / f"killed-{i}.duckdb"
        shutil.copyfile(template, db)
        committed[db] = 0
    for _ in range(ORPHAN_TRIALS // AT_ONCE):
        trials = [Trial(db, runs) for db, runs in committed.items()]
        try:
            waiting, deadline = list(trials), time.monotonic() + 120
            while waiting:
                assert time.monotonic() < deadline
                waiting = [trial for trial in waiting if not trial.step()]
                time.sleep(0.01)
        finally:
            for trial in trials:
                trial.end()
        committed = {trial.db: trial.committed for trial in trials}
    runner = CliRunner()
    for db, runs in committed.items():
        result = runner.invoke(app, ["--db", str(db), "runs", "replay", "--all"])
        assert result.exit_code == 0, result.output
        found = re.search(r"(\d+) replayed, (\d+) identical", result.stdout)
        assert found is not None, result.stdout
        assert int(found[1]) == int(found[2]) == runs


def _write_slowly(duck: duckdb.DuckDBPyConnection, _buffer: object) -> int:
    """A batch's write as db/runlog.py does it (one transaction, rolled back on any error),
    long enough for a signal to land inside DuckDB."""
    duck.execute("BEGIN TRANSACTION")
    try:
        duck.execute("INSERT INTO t VALUES (1)")
        duck.execute("INSERT INTO t SELECT count(*) FROM range(20000000000)")  # seconds
        duck.execute("COMMIT")
    except BaseException:
        duck.execute("ROLLBACK")
        raise
    return 2


def _terminated_mid_batch(path: str) -> None:
    import threading

    from privateer.db import log_writer

    signal.signal(signal.SIGTERM, log_writer._on_sigterm)
    duck = duckdb.connect(path)
    duck.execute("SET threads = 1")  # as the writer has it: the statement runs in this thread
    threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGTERM)).start()
    log_writer._commit(duck, None, _write_slowly)
    os._exit(0)  # a write that ran to its end: the test fails on this exit code


def test_sigterm_in_the_middle_of_a_batch_rolls_it_back_and_ends_the_writer(
    tmp_path: Path,
) -> None:
    """The writer's SIGTERM lands inside DuckDB's statement (DuckDB runs Python's signal
    handlers as it works): the statement stops, the transaction rolls back, the writer dies
    of SIGTERM at once, and nothing of the batch is in the file."""
    import multiprocessing

    db = tmp_path / "batch.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE t (n BIGINT)")
    child = multiprocessing.get_context("fork").Process(
        target=_terminated_mid_batch, args=(str(db),)
    )
    started = time.monotonic()
    child.start()
    child.join(timeout=10)
    assert child.exitcode == -signal.SIGTERM
    assert time.monotonic() - started < 2.5
    with duckdb.connect(str(db)) as con:
        assert con.execute("SELECT count(*) FROM t").fetchone() == (0,)
