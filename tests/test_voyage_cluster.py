"""`privateer voyage` on dask when things go wrong and on a real cluster: a worker killed by
its pid mid-batch costs nothing (the same runs as one process, each written once, all
replaying); Ctrl-C keeps every run written, says how many, exits 130; a scheduler and a worker
started as `dask scheduler` and `dask worker` play what one process plays. Batches are given
out in seed order, once each, however (and however often) they come back.

The world is a box of the Channel and Biscay (Plymouth and London in it), built once for the
module; the tests share one xdist worker, since each starts processes of its own."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import privateer.cli.voyage.batch as voyage_batch
import privateer.cli.voyage.commands as voyage_commands
from privateer.cli.app import app
from privateer.cli.voyage.batch import InSeedOrder, batch_sizes
from privateer.db import world_load
from privateer.db.run_store import RunStore
from tests.terminal import ctrl_c_as_a_terminal_sends_it

pytestmark = pytest.mark.xdist_group("voyage-cluster")
runner = CliRunner()
DASK = Path(sys.executable).with_name("dask")


@pytest.fixture(scope="module")
def box_world(channel_built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Channel and Biscay built from Natural Earth (conftest.py's, built once a run)."""
    path = tmp_path_factory.mktemp("box") / "box.duckdb"
    shutil.copyfile(channel_built, path)
    return path


@pytest.fixture
def world_db(box_world: Path, tmp_path: Path) -> Iterator[Any]:
    """world_db(name): a database of the test's own holding the box world."""

    def copy(name: str) -> Path:
        path = tmp_path / f"{name}.duckdb"
        shutil.copyfile(box_world, path)
        return path

    yield copy


def invoke(db: Path, *args: str) -> Any:
    return runner.invoke(app, ["--db", str(db), *args])


def per_seed(db: Path) -> dict[int, list[Any]]:
    """seed: [outcome, gold, days, how many runs have that seed]."""
    query = (
        "SELECT seed, any_value(outcome) AS outcome, any_value(score) AS gold, "
        "any_value(days) AS days, count(*) AS copies FROM runs GROUP BY seed"
    )
    rows = json.loads(invoke(db, "sql", query, "--json").stdout)
    return {r["seed"]: [r["outcome"], r["gold"], r["days"], r["copies"]] for r in rows}


def kept_trees(db: Path) -> list[Any]:
    query = "SELECT destination, weather, rig, seas, fingerprint, md5(legs) FROM route_trees"
    return sorted(
        tuple(row.values()) for row in json.loads(invoke(db, "sql", query, "--json").stdout)
    )


def replays_identical(db: Path, runs: int) -> None:
    result = invoke(db, "runs", "replay", "--all")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().splitlines()[-1] == f"{runs} replayed, {runs} identical"


def test_batches_shrink_toward_the_end_and_cover_every_seed_once() -> None:
    assert batch_sizes(40, 2, spread=True) == [
        5, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
    ]  # fmt: skip
    for runs, workers in ((1, 2), (60, 2), (1000, 3), (100_000, 64)):
        sizes = batch_sizes(runs, workers, spread=True)
        assert sum(sizes) == runs and max(sizes) <= voyage_batch.BATCH_MOST
        assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1
    assert batch_sizes(60, 1, spread=False) == [10] * 6
    assert batch_sizes(7, 1, spread=False) == [1] * 7


def test_batches_are_given_out_in_seed_order_and_a_second_copy_is_dropped() -> None:
    order = InSeedOrder([0, 5, 9, 12])
    a, b, c, d = ([object()] for _ in range(4))  # stand-ins for a batch's played runs
    assert order.add(5, b) == []  # waits for 0
    assert order.add(5, b) == []  # the same batch again, held: not twice
    assert order.add(0, a) == [(0, a), (5, b)]
    assert order.add(0, a) == []  # a batch played again after it was given out
    assert order.add(12, d) == []
    assert order.add(9, c) == [(9, c), (12, d)]
    assert order.add(5, b) == [] and order.given == 4
    with pytest.raises(ValueError, match="no batch starts at 3"):
        order.add(3, a)


@pytest.mark.reliability  # a worker killed twice 14 s apart: 25 seconds, in the long step
def test_a_worker_killed_twice_is_started_again_both_times() -> None:
    """dask gives a lost worker `lost-worker-timeout` (15 s) from its loss to be back under
    its name, and then closes its nanny for good: a worker killed again just before that, its
    second start still under way when the time is up, was never started again and the
    cluster played on a worker short (seen on a busy machine). Ours are never given up on."""
    import dask
    from dask.utils import parse_timedelta

    given = parse_timedelta(dask.config.get("distributed.deploy.lost-worker-timeout"))

    def pid_of(client: Any, name: int) -> int:
        pids = client.run(os.getpid)
        named = client.scheduler_info()["workers"]
        return next(pids[a] for a, w in named.items() if w["name"] == name)

    def address_of(client: Any, name: int) -> str | None:
        named = client.scheduler_info()["workers"]
        return next((a for a, w in named.items() if w["name"] == name), None)

    with voyage_batch.cluster(2) as client:
        client.wait_for_workers(2, timeout=120)
        first, was_at = pid_of(client, 0), address_of(client, 0)
        os.kill(first, signal.SIGKILL)
        lost = time.monotonic()
        # its loss seen: gone from the scheduler, or already started again at a new address
        # (a forked worker can be back between two looks at the count of workers)
        while address_of(client, 0) == was_at:
            time.sleep(0.05)
        client.wait_for_workers(2, timeout=120)
        second = pid_of(client, 0)
        time.sleep(max(0.0, lost + given - 1.0 - time.monotonic()))
        os.kill(second, signal.SIGKILL)
        time.sleep(3.0)  # past the time dask gives the first loss
        client.wait_for_workers(2, timeout=120)
        assert len({first, second, pid_of(client, 0)}) == 3


@pytest.mark.reliability  # workers killed at moments of a batch: 25 seconds, in the long step
def test_workers_killed_mid_batch_cost_nothing(
    world_db: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once a batch is written while others are in flight, the worker busiest at that moment
    is killed by its pid: its batches are played again by the other worker and the one its
    nanny starts. Two writes later (or at the next with a batch in flight), every worker there
    is then is killed, the World with them: the scheduler makes it again. The command ends as
    one process would, every run written once and replaying."""
    alone, spread = world_db("alone"), world_db("spread")
    args = ("voyage", "--runs", "40", "--log", "--json")
    reference = invoke(alone, *args, "--workers", "1")
    assert reference.exit_code == 0, reference.output

    seen: dict[str, Any] = {"writes": 0, "killed": []}
    real_cluster = voyage_batch.cluster

    @contextmanager
    def watched(workers: int, scheduler: str | None = None, **options: Any) -> Iterator[Any]:
        with real_cluster(workers, scheduler, **options) as client:
            seen["client"] = client
            yield client
            # a nanny restarting its killed worker may not be done when the last batch is
            # (on a busy machine): the count is what the nannies bring back, waited for
            client.wait_for_workers(2, timeout=120)
            seen["pids_after"] = client.run(os.getpid)
            state = client.cluster.scheduler
            seen["replayed"] = state.task_prefixes["worker_play"].suspicious
            seen["worlds_made"] = sum(
                1
                for t in state.transition_log
                if str(t.key).startswith("_the_world-") and t.finish == "memory"
            )

    written = voyage_commands._write

    def kill_as_they_are_written(
        store: RunStore, records: list[Any], world_hash: str, **how: Any
    ) -> list[int]:
        ids = written(store, records, world_hash, **how)
        seen["writes"] += 1
        client = seen["client"]
        # The writes come in seed order, so a long first batch can be written after most of
        # the others are played: each kill waits for a write with a batch still in flight.
        busy = [w for w, keys in client.processing().items() if keys]
        kills = seen.setdefault("kills", 0)
        if busy and kills < 2 and seen["writes"] >= 1 + 2 * kills:
            pids = client.run(os.getpid)
            doomed = [pids[busy[0]]] if kills == 0 else list(pids.values())
            for pid in doomed:
                os.kill(pid, signal.SIGKILL)
            seen["killed"] += doomed
            seen["kills"] = kills + 1
        return ids

    monkeypatch.setattr(voyage_batch, "cluster", watched)
    monkeypatch.setattr(voyage_commands, "_write", kill_as_they_are_written)
    result = invoke(spread, *args, "--workers", "2")
    assert result.exit_code == 0, result.output
    assert seen["kills"] == 2, "every batch was played before the test could kill twice"
    assert len(seen["killed"]) >= 2 and len(seen["pids_after"]) == 2
    assert not set(seen["killed"]) & set(seen["pids_after"].values())  # nannies made others
    assert seen["replayed"] >= 2  # batches in flight on the killed workers, played again
    assert seen["worlds_made"] >= 2  # the World too
    assert json.loads(result.stdout) == json.loads(reference.stdout)  # run ids 1-40 in both
    assert result.stderr == "logged runs 1-40\n"  # nothing of dask's
    runs_by_seed = per_seed(spread)
    assert runs_by_seed == per_seed(alone)
    assert sorted(runs_by_seed) == list(range(40))
    assert {copies for *_, copies in runs_by_seed.values()} == {1}
    replays_identical(spread, 40)


def commits_seen(db: Path, process: subprocess.Popen[str], commits: int) -> None:
    """Until `commits` writes are committed: each write opens the file, commits and closes it
    (checkpointing the log into the file), so each new modification time seen is one."""

    def stamp() -> int:
        return db.stat().st_mtime_ns

    first = stamp()
    seen: set[int] = set()
    deadline = time.monotonic() + 120
    while len(seen - {first}) < commits:
        assert process.poll() is None, "the voyages ended before the test could interrupt them"
        assert time.monotonic() < deadline, "no runs were logged in two minutes"
        seen.add(stamp())
        time.sleep(0.01)


@pytest.mark.reliability  # Ctrl-C mid-batch on a cluster: 18 seconds, in the long step
def test_ctrl_c_keeps_every_run_written_and_says_how_many(world_db: Any) -> None:
    """SIGINT to the command's process group, as a terminal's Ctrl-C sends it (to the dask
    workers too): exit 130 with one line, and the runs it names are those in the database,
    the first seeds in order, each once, all replaying."""
    db = world_db("interrupted")
    command = [sys.executable, "-m", "privateer", "--db", str(db), "voyage", "--log"]
    process = subprocess.Popen(
        [*command, "--workers", "2", "--runs", "2000", "--json"],
        start_new_session=True,
        preexec_fn=ctrl_c_as_a_terminal_sends_it,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        commits_seen(db, process, 3)
        os.killpg(process.pid, signal.SIGINT)
        stdout, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130, stderr
    assert stdout == ""
    told = re.fullmatch(
        r"interrupted: (\d+) runs logged \(1-(\d+), seeds 0-(\d+)\), each whole; seeds "
        r"(\d+)-1999 not logged \(`--seed (\d+) --runs (\d+)` plays them\)\n",
        stderr,
    )
    assert told, stderr
    logged, last, last_seed, rest, again, more = map(int, told.groups())
    assert 3 <= logged == last == last_seed + 1 == rest == again < 2000
    assert more == 2000 - logged
    runs_by_seed = per_seed(db)
    assert sorted(runs_by_seed) == list(range(logged))
    assert {copies for *_, copies in runs_by_seed.values()} == {1}
    replays_identical(db, logged)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(*command: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def listening(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while True:
        assert process.poll() is None, "the scheduler ended"
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        assert time.monotonic() < deadline, "the scheduler did not listen within a minute"
        time.sleep(0.05)


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to its group (a worker's nanny and its worker), then SIGKILL if need be."""
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
        if process.poll() is not None:
            break
        os.killpg(process.pid, sig)
        try:
            process.wait(wait)
        except subprocess.TimeoutExpired:
            continue
    assert process.poll() is not None


@pytest.mark.reliability  # a scheduler and a worker started as processes: 7 s, in the long step
def test_a_real_scheduler_and_worker_play_what_one_process_plays(world_db: Any) -> None:
    """`dask scheduler` and `dask worker` (one process, one thread) as the README starts them,
    as processes of their own on 127.0.0.1: `--scheduler` gives the summary and, logged, the
    outcome, gold and days of every seed that `--workers 1` gives."""
    assert DASK.exists(), f"{DASK}: distributed's console script"
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    quiet = ("--no-dashboard", "--dashboard-address", "127.0.0.1:0")
    scheduler = start(str(DASK), "scheduler", "--host", "127.0.0.1", "--port", str(port), *quiet)
    worker = None
    try:
        listening(port, scheduler)
        worker = start(
            str(DASK), "worker", address, "--nworkers", "1", "--nthreads", "1",
            "--host", "127.0.0.1", *quiet,
        )  # fmt: skip
        alone, cluster = world_db("alone"), world_db("cluster")
        args = ("voyage", "--runs", "6", "--log", "--json")
        world_load._LOADED.clear()  # each command reads the world (and its trees) as its own
        on_cluster = invoke(cluster, *args, "--scheduler", address)
        assert on_cluster.exit_code == 0, on_cluster.output
        world_load._LOADED.clear()
        reference = invoke(alone, *args, "--workers", "1")
        assert reference.exit_code == 0, reference.output
        assert json.loads(on_cluster.stdout) == json.loads(reference.stdout)
        runs_by_seed = per_seed(cluster)
        assert runs_by_seed == per_seed(alone)
        assert sorted(runs_by_seed) == list(range(6))
        # the route trees the worker worked out came back with its runs and were kept, as a
        # worker of this machine's own cluster works them out
        assert kept_trees(cluster) == kept_trees(alone) != []
    finally:
        if worker is not None:
            stop(worker)
        stop(scheduler)


def test_a_failure_while_the_cluster_starts_closes_it(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The world is read while the workers start: no world is still one line, exit 2, and the
    cluster started meanwhile is closed, not left running."""
    started: list[Any] = []
    real = voyage_batch._local_cluster

    def recorded(workers: int) -> Any:
        started.append(real(workers))
        return started[-1]

    monkeypatch.setattr(voyage_batch, "_local_cluster", recorded)
    assert invoke(db_path, "db", "upgrade").exit_code == 0
    result = invoke(db_path, "voyage", "--workers", "2", "--runs", "2")
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and len(result.stderr.splitlines()) == 1
    assert "world" in result.stderr
    assert len(started) == 1 and started[0].status.name == "closed"


def test_a_cluster_that_does_not_start_is_one_line_not_a_wait_for_ever(
    world_db: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that never comes (one forked holding a lock another thread had) kept the
    command waiting for ever; past CLUSTER_START_SECONDS it is one line and exit 2."""
    never = threading.Event()
    monkeypatch.setattr(voyage_batch, "_local_cluster", lambda workers: never.wait())
    monkeypatch.setattr(voyage_batch, "CLUSTER_START_SECONDS", 0.5)
    began = time.monotonic()
    try:
        result = invoke(world_db("stuck"), "voyage", "--workers", "2", "--runs", "2")
    finally:
        never.set()
    assert time.monotonic() - began < 30
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        "error: the dask cluster did not start within 0.5 s: run it again, or with --workers 1\n"
    )


def test_freed_memory_is_kept_in_a_worker_started_with_a_trim_threshold() -> None:
    """dask's nanny starts workers with MALLOC_TRIM_THRESHOLD_=65536: arrays of 160 kB made
    and freed 500 times then cost a page fault for each page each time; kept, a few."""
    probe = (
        "import resource, sys, numpy as np\n"
        "from privateer.cli.voyage import batch as voyage_batch\n"
        "if sys.argv[1] == 'kept': voyage_batch._keep_freed_memory()\n"
        "np.ones(20000).sum()\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt\n"
        "for _ in range(500): np.ones(20000).sum()\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)\n"
    )
    env = {**os.environ, "MALLOC_TRIM_THRESHOLD_": "65536"}
    faults = {
        how: int(
            subprocess.run(
                [sys.executable, "-c", probe, how], env=env, capture_output=True, text=True
            ).stdout
        )
        for how in ("as started", "kept")
    }
    assert faults["as started"] > 500 * 30  # 40 pages an array, nearly all faulted again
    assert faults["kept"] < faults["as started"] / 20


def test_bench_voyage_times_each_worker_count_as_a_whole_command(world_db: Any) -> None:
    db = world_db("bench")
    args = ("bench", "voyage", "--runs", "4", "--days", "730", "--rounds", "1")
    result = invoke(db, *args, "--workers", "1,2", "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["identical"] is True and record["speedup_over"] == 1
    assert record["timed"].startswith("whole command")
    rows = {row["workers"]: row for row in record["workers"]}
    assert sorted(rows) == [1, 2] and rows[1]["speedup"] == 1.0
    assert rows[1]["speedup_by_round"] == [1.0] and len(rows[2]["speedup_by_round"]) == 1
    assert rows[2]["speedup"] == pytest.approx(rows[1]["seconds"] / rows[2]["seconds"], rel=0.02)
    for row in rows.values():
        assert row["runs_per_second"] == pytest.approx(4 / row["seconds"], rel=0.05)
        assert row["cpu_seconds"] > 0
    # its workers counted too: the voyages are some 40% of one process's CPU, and forked
    # workers (cli/voyage/batch.py's FORKED) add little of their own beside them
    assert rows[2]["cpu_seconds"] > 0.85 * rows[1]["cpu_seconds"]
    for bad in ("", "0", "1,x", "1,,2", "257", "-1"):
        refused = invoke(db, *args, "--workers", bad)
        assert refused.exit_code == 2, (bad, refused.output)
        assert refused.stderr.startswith("error: --workers ") and "1 to 256" in refused.stderr
        assert len(refused.stderr.splitlines()) == 1


def test_what_dask_asks_under_a_lock_as_workers_fork_is_asked_before_the_fork() -> None:
    """A worker forked while a thread of the command held the lock of `platform.uname()`'s
    processor (a cached_property: dask's get_versions asks for it) waited on it for ever; the
    command asks for it before it forks, so it is kept and never locked again."""
    asked = (
        "import platform\n"
        "from privateer.cli.voyage import batch\n"
        "before = 'processor' in platform.uname().__dict__\n"
        "batch._ready_to_fork()\n"
        "print(before, 'processor' in platform.uname().__dict__)\n"
    )
    done = subprocess.run([sys.executable, "-c", asked], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]


def test_a_worker_keeps_one_world_across_calls_and_hands_on_the_bare_one() -> None:
    """Two calls on one cluster (as a sweep's points are): the same runs as this process
    plays, each worker playing both on the one World it keeps (what the rules derived on it
    in the first call still there in the second), while the World the task handed over, the
    one a restarted worker would fetch, carries no derived values."""
    from privateer.engine.voyage.rules import RULESETS
    from privateer.engine.world.rules import SEED_000
    from privateer.engine.world.world import World
    from tests.world_fixtures import synthetic_world

    world = synthetic_world()
    fields = len(vars(synthetic_world()))

    handed_over: list[int] = []

    def play(client: Any) -> list[Any]:
        results = []
        batches = voyage_batch.run_voyages(
            world, list(range(8)), RULESETS["full"], SEED_000, 60,
            keep_records=False, workers=2, client=client,
        )  # fmt: skip
        for _, played in batches:
            if client is not None and not results:  # the World's task still held
                handed_over.extend(n for c in client.run(handed).values() for n in c)
            results.extend(result for result, _ in played)
        return results

    def kept() -> list[tuple[int, int]]:
        return [(id(w), len(vars(w))) for w in voyage_batch._KEPT.values()]

    def handed(dask_worker: Any) -> list[int]:
        return [len(vars(v)) for v in dask_worker.data.values() if isinstance(v, World)]

    alone = play(None)  # this process's World now holds what it derived: none of it is sent
    assert len(vars(world)) > fields
    with voyage_batch.cluster(2) as client:
        assert play(client) == alone
        first = client.run(kept)
        assert play(client) == alone
        assert client.run(kept) == first  # the same World, kept
    assert all(len(w) == 1 and w[0][1] > fields for w in first.values())  # derived, on each
    assert handed_over and set(handed_over) == {fields}  # bare wherever it is held
