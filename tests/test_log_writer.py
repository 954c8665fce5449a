"""`sim --log` and its writer process: the writer killed, stalled, or the whole command
interrupted, each ends the command within seconds and leaves whole batches that replay."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from privateer.db import open_database
from privateer.db.runs import all_run_ids, logged_runs
from privateer.engine.replay import verify_run

BATCH = 100


def start_logging(db_path: Path, *extra: str) -> subprocess.Popen[str]:
    open_database(db_path, notify=lambda _: None).dispose()
    command = [sys.executable, "-m", "privateer", "--db", str(db_path), "sim", "--log"]
    # fights enough (5 bots x 20,000, about half a minute) that every test acts long before
    # the simulation could end on its own
    command += ["--log-batch", str(BATCH), "--fights", "20000", "--json", *extra]
    return subprocess.Popen(
        command,
        start_new_session=True,
        # Ctrl-C as a terminal sends it: a shell running the suite in the background hands
        # its children SIGINT ignored, and Python keeps an ignored SIGINT ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
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
        results = [verify_run(run) for run in logged_runs(conn, all_run_ids(conn))]
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
