"""`privateer voyage` around its runs, on the small synthetic sea (it has a Plymouth and a
London): the run ids it reports are the ones it wrote, as true ranges when another writer's
runs fall between its batches; a --scheduler address is checked before any work, and one
that does not answer is one line; a LocalCluster serves no dashboard and puts nothing of
dask's on stderr."""

from __future__ import annotations

import json
import logging
import socket
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import privateer.cli.voyage.batch as voyage_batch
import privateer.cli.voyage.commands as voyage_commands
from privateer.cli.app import app
from privateer.db.run_store import RunStore
from privateer.engine.fight.outfit import Outfit
from tests.world_fixtures import synthetic_world

runner = CliRunner()
WORLD = synthetic_world()


@pytest.fixture
def sea(monkeypatch: pytest.MonkeyPatch) -> None:
    """`voyage` sails the synthetic sea instead of the database's world."""
    monkeypatch.setattr(voyage_commands, "engine_world", lambda ctx: WORLD)


def _seeds_by_run(db_path: Path) -> dict[int, tuple[str, int]]:
    result = runner.invoke(
        app, ["--db", str(db_path), "sql", "SELECT run_id, mode, seed FROM runs", "--json"]
    )
    return {r["run_id"]: (r["mode"], r["seed"]) for r in json.loads(result.stdout)}


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("", "--scheduler is empty"),
        (" ", "--scheduler is empty"),
        ("☃", "the host is an IP address or a host name of ASCII"),
        ("tcp://ünï:8786", "the host is an IP address or a host name of ASCII"),
        ("garbage://x", "unknown scheme 'garbage'"),
        ("inproc://x", "unknown scheme 'inproc'"),
        ("tcp://10.0.0.1:0", "the port is a number from 1 to 65535"),
        ("tcp://host:8786/path", "the port is a number from 1 to 65535"),
        ("tcp://[::1", "an IPv6 address is written [ADDRESS]:PORT"),
    ],
)
def test_a_bad_scheduler_address_is_refused_before_any_work(
    address: str, says: str, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_world(ctx: object) -> None:
        raise AssertionError("the world was loaded before the address was checked")

    monkeypatch.setattr(voyage_commands, "engine_world", no_world)
    result = runner.invoke(app, ["--db", str(db_path), "voyage", "--scheduler", address])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: --scheduler ") and says in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not db_path.exists()


def test_scheduler_addresses_are_written_as_distributed_takes_them() -> None:
    assert voyage_batch.scheduler_address("sched.example") == "tcp://sched.example:8786"
    assert voyage_batch.scheduler_address("TCP://10.1.2.3:9000") == "tcp://10.1.2.3:9000"
    assert voyage_batch.scheduler_address("tls://[::1]:8786") == "tls://[::1]:8786"


def test_an_unreachable_scheduler_is_one_line_within_the_connect_timeout(
    sea: None, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A port nothing listens on, and one that takes the connection but never answers (dask
    alone waits on its handshake for as long as the line stays open)."""
    monkeypatch.setattr(voyage_batch, "SCHEDULER_CONNECT_SECONDS", 1.0)
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        nothing = closed.getsockname()[1]
    mute = socket.socket()
    mute.bind(("127.0.0.1", 0))
    mute.listen()
    try:
        for port in (nothing, mute.getsockname()[1]):
            started = time.monotonic()
            result = runner.invoke(
                app, ["--db", str(db_path), "voyage", "--scheduler", f"127.0.0.1:{port}"]
            )
            waited = time.monotonic() - started
            assert result.exit_code == 2, result.output
            assert result.stderr == (
                f"error: no dask scheduler answered at tcp://127.0.0.1:{port} within 1 s\n"
            )
            assert waited < 10  # the 1 s given, not dask's 30 (or for ever)
    finally:
        mute.close()


def _get(port: int, path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as reply:
            return int(reply.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_voyages_on_a_local_cluster_report_the_ids_written_and_nothing_of_dask(
    sea: None, db_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """Another writer's run lands between two batches: the note and the JSON give the two
    ranges the voyages really have, not one range over the stranger. With port 8787 taken
    (as another cluster takes it) the cluster neither warns nor serves pages anywhere; an
    error that dask logs with its traceback in a worker or here (a heartbeat that meets a
    closing scheduler does) reaches no stderr. On Linux the workers are forked from the
    command's process, every engine module imported before they are."""
    from privateer.cli.fight.session import FightSession

    written = voyage_commands._write
    batches: list[int] = []

    def meanwhile_a_fight(
        store: RunStore, records: list[Any], world_hash: str, **kwargs: Any
    ) -> list[int]:
        if len(batches) == 2:  # after seeds 0 and 1 are written, before 2 and 3
            FightSession.begin(RunStore(db_path), "merchant", Outfit(ship="pinnace"), 9)
        batches.append(len(records))
        return written(store, records, world_hash, **kwargs)

    monkeypatch.setattr(voyage_commands, "_write", meanwhile_a_fight)
    real = voyage_batch.cluster
    seen: dict[str, Any] = {}

    @contextmanager
    def watched(workers: int, scheduler: str | None = None, **options: Any) -> Iterator[Any]:
        with real(workers, scheduler, **options) as client:
            http = client.cluster.scheduler.http_server
            seen["http"] = [s.getsockname()[:2] for s in http._sockets.values()]
            port = seen["http"][0][1]
            seen["pages"] = {p: _get(port, p) for p in ("/status", "/info/main/workers.html")}
            voyage_batch._probe(client.scheduler.address, 5.0)  # a scheduler passes the probe
            # a forked worker starts with this process's modules (a spawned one with its own)
            seen["forked"] = set(
                client.run(lambda: "privateer.db.run_store" in sys.modules).values()
            )
            seen["engine"] = [m for m in voyage_batch.engine_modules() if m not in sys.modules]
            boom = OSError("Timed out during handshake while connecting to the scheduler")
            client.run(
                lambda: logging.getLogger("distributed.worker").error(
                    "Failed to communicate with scheduler during heartbeat.", exc_info=boom
                )
            )
            logging.getLogger("distributed.scheduler").error("closing", exc_info=boom)
            yield client

    monkeypatch.setattr(voyage_batch, "cluster", watched)
    taken = socket.socket()
    try:
        taken.bind(("127.0.0.1", 8787))
        taken.listen()
    except OSError:  # someone's cluster has it already: the same test
        pass
    try:
        voyages = ("voyage", "--runs", "4", "--days", "10", "--workers", "2", "--log", "--json")
        result = runner.invoke(app, ["--db", str(db_path), *voyages])
    finally:
        taken.close()
    assert result.exit_code == 0, result.output
    assert batches == [1, 1, 1, 1]
    assert json.loads(result.stdout)["run_ids"] == [[1, 2], [4, 5]]
    assert result.stderr.strip().splitlines()[-1] == "logged runs 1-2, 4-5"
    assert _seeds_by_run(db_path) == {
        1: ("voyage", 0), 2: ("voyage", 1), 3: ("fight", 9), 4: ("voyage", 2), 5: ("voyage", 3),
    }  # fmt: skip
    assert "Traceback" not in result.stderr and "heartbeat" not in result.stderr
    assert all(host == "127.0.0.1" and port != 8787 for host, port in seen["http"])
    assert seen["pages"] == {"/status": 404, "/info/main/workers.html": 404}
    assert seen["forked"] == {voyage_batch.FORKED}
    if voyage_batch.FORKED:  # none half-imported here when a worker is forked
        assert seen["engine"] == []
    time.sleep(0.2)  # what the workers printed as they closed
    printed = capfd.readouterr().err
    assert "Traceback" not in printed and "heartbeat" not in printed
    assert "Warning" not in printed and "8787" not in printed
