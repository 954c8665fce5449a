"""The web server against other sites, under load, and with any token (cli/web/guard.py,
file_gate.py): a page of another site cannot start or play a voyage (403, nothing written), nor
read the game through a name of its own pointed at this machine (DNS rebinding: 403); no CORS
grant is ever sent; a change must be JSON (415), at most 64 KiB (413) and nested a few deep
(400); a token in any script is compared as bytes (401 when wrong, never 500); many requests
at once, reads and moves together, are all answered (no 500), and a database another process
holds is a 503 with Retry-After, not a 500."""

from __future__ import annotations

import shutil
import socket
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import duckdb
import pytest
from starlette.testclient import TestClient

from privateer.cli.web.app import create_app

EVIL = "http://evil.example"
HERE = "http://localhost"


@pytest.fixture
def db(channel_world_db: Path, tmp_path: Path) -> Path:
    path = tmp_path / "world.duckdb"
    shutil.copyfile(channel_world_db, path)
    return path


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    app = create_app(db, draw_at_start=False)
    with TestClient(app, base_url=HERE, raise_server_exceptions=False) as found:
        yield found


def run_count(db: Path) -> int:
    with duckdb.connect(str(db), read_only=True) as con:
        found = con.execute("SELECT count(*) FROM runs").fetchone()
    assert found is not None
    return int(found[0])


def saved_day(db: Path, run_id: int) -> int:
    with duckdb.connect(str(db), read_only=True) as con:
        found = con.execute(
            "SELECT state->'$.world.day' FROM saves WHERE run_id = ?", [run_id]
        ).fetchone()
    assert found is not None
    return int(found[0])


def start(client: TestClient) -> int:
    made = client.post("/api/play/new", json={"seed": 77}, headers={"Origin": HERE})
    assert made.status_code == 201, made.text
    return int(made.json()["run_id"])


def test_another_site_cannot_start_a_voyage_or_play_one(client: TestClient, db: Path) -> None:
    before = run_count(db)
    for kind in ("text/plain", "application/x-www-form-urlencoded", "application/json"):
        made = client.post(
            "/api/play/new",
            content=b'{"seed": 77}',
            headers={"Origin": EVIL, "Content-Type": kind},
        )
        assert made.status_code == 403, (kind, made.text)
        assert "another site" in made.json()["error"]
    assert run_count(db) == before  # nothing made
    run_id = start(client)  # the server's own page (its Origin) may
    day = saved_day(db, run_id)
    for headers in (
        {"Origin": EVIL, "Content-Type": "application/x-www-form-urlencoded"},
        {"Origin": "null", "Content-Type": "application/json"},
        {"Referer": EVIL + "/attack.html", "Content-Type": "application/json"},
        {"Origin": "http://localhost:9999", "Content-Type": "application/json"},  # another port
    ):
        moved = client.post(
            f"/api/play/{run_id}/act", content=b'{"action":"sail"}', headers=headers
        )
        assert moved.status_code == 403, (headers, moved.text)
    assert saved_day(db, run_id) == day  # not a day sailed
    own = {"Origin": HERE, "Referer": HERE + f"/play/{run_id}"}
    assert client.post(f"/api/play/{run_id}/act", json={"action": "sail"}, headers=own).is_success
    assert saved_day(db, run_id) == day + 1


def test_a_name_pointed_at_this_machine_reads_nothing(client: TestClient, db: Path) -> None:
    run_id = start(client)
    for host in ("attacker.test", "attacker.test:8000", "localhost.attacker.test", ""):
        read = client.get(f"/api/play/{run_id}", headers={"Host": host})
        assert read.status_code == 403, host
        assert "gold" not in read.text and "--allowed-host" in read.json()["error"]
    for host in ("localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000", "10.1.2.3"):
        assert client.get(f"/api/play/{run_id}", headers={"Host": host}).status_code == 200, host


def test_a_name_allowed_at_start_is_answered(db: Path) -> None:
    app = create_app(db, draw_at_start=False, allowed_hosts=["game.lan"])
    with TestClient(app, base_url="http://game.lan") as client:
        assert client.get("/api/runs").status_code == 200
        assert client.get("/api/runs", headers={"Host": "other.lan"}).status_code == 403


def test_no_cross_origin_grant_is_ever_sent(client: TestClient) -> None:
    preflight = client.options(
        "/api/play/new",
        headers={
            "Origin": EVIL,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    answers = [preflight, client.get("/api/runs", headers={"Origin": EVIL}), client.get("/health")]
    for answer in answers:
        assert not [h for h in answer.headers if h.lower().startswith("access-control-")]


def test_a_change_is_json_bounded_in_size_and_depth(client: TestClient, db: Path) -> None:
    before = run_count(db)
    plain = client.post(
        "/api/play/new", content=b'{"seed": 3}', headers={"Content-Type": "text/plain"}
    )
    assert plain.status_code == 415 and "application/json" in plain.json()["error"]
    big = b'{"seed": 3, "pad": "' + b"x" * 300_000 + b'"}'
    huge = client.post("/api/play/new", content=big, headers={"Content-Type": "application/json"})
    assert huge.status_code == 413 and "65,536 bytes" in huge.json()["error"]

    def streamed() -> Iterator[bytes]:  # no Content-Length: found too big on reading
        yield b'{"pad": "'
        for _ in range(100):
            yield b"y" * 1000
        yield b'"}'

    chunked = client.post(
        "/api/play/new", content=streamed(), headers={"Content-Type": "application/json"}
    )
    assert chunked.status_code == 413
    for depth in (9, 30_000):  # 30,000 deep fits the size; Python's parser would recurse
        deep = b'{"seed": ' + b"[" * depth + b"]" * depth + b"}"
        nested = client.post(
            "/api/play/new", content=deep, headers={"Content-Type": "application/json"}
        )
        assert nested.status_code == 400, depth
        assert "nested" in nested.json()["error"] or nested.json()["error"] == "send JSON"
    assert run_count(db) == before


@pytest.mark.parametrize("token", ["s3cret", "sécret", "секрет 🗝"])
def test_any_token_is_accepted_at_start_and_wrong_ones_are_401(db: Path, token: str) -> None:
    app = create_app(db, token=token, draw_at_start=False)
    raw = token.encode()
    with TestClient(app, base_url=HERE, raise_server_exceptions=False) as client:
        assert client.get("/api/runs").status_code == 401
        assert client.get("/api/runs", headers={"X-Privateer-Token": raw}).status_code == 200
        bearer = {"Authorization": b"Bearer " + raw}
        assert client.get("/api/runs", headers=bearer).status_code == 200
        wrong = ["é", "s3cret\u00e9", "wrong", "\u2603" * 40]
        for offered in wrong:
            as_header = {"X-Privateer-Token": offered.encode()}
            assert client.get("/api/runs", headers=as_header).status_code == 401, offered
            quoted = urllib.request.quote(offered, safe="")
            assert client.get(f"/api/runs?token={quoted}").status_code == 401, offered
            as_cookie = {"Cookie": b"privateer_token=" + offered.encode()}
            assert client.get("/api/runs", headers=as_cookie).status_code == 401, offered
        first = client.get(f"/api/runs?token={urllib.request.quote(token, safe='')}")
        assert first.status_code == 200 and "privateer_token=" in first.headers["set-cookie"]
        assert token not in first.headers["set-cookie"]  # a digest of it, not the token
        assert client.get("/api/runs").status_code == 200  # the cookie, after the first


def test_readers_share_the_file_and_a_writer_waits_for_them() -> None:
    from privateer.cli.web.file_gate import FileGate

    gate = FileGate()
    inside: list[str] = []
    both_reading = threading.Barrier(2, timeout=5)

    def read() -> None:
        with gate.reading():
            both_reading.wait()  # two readers in at once, or this times out
            inside.append("read")
            time.sleep(0.05)

    def write() -> None:
        with gate.writing(), gate.reading():  # a writer may read within
            inside.append("write")

    readers = [threading.Thread(target=read) for _ in range(2)]
    for r in readers:
        r.start()
    time.sleep(0.01)
    writer = threading.Thread(target=write)
    writer.start()
    for t in [*readers, writer]:
        t.join(5)
    assert inside == ["read", "read", "write"]
    with (
        gate.reading(),
        pytest.raises(RuntimeError, match="cannot start writing"),
        gate.writing(),
    ):
        pass


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served(db: Path) -> Iterator[str]:
    """The app under uvicorn on a loopback port of its own, as `privateer serve` runs it."""
    import uvicorn

    port = _free_port()
    config = uvicorn.Config(
        create_app(db, draw_at_start=False), host="127.0.0.1", port=port, log_level="error"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def _ask(base: str, path: str, body: bytes | None = None) -> tuple[int, str]:
    headers = {"Content-Type": "application/json", "Origin": base} if body is not None else {}
    request = urllib.request.Request(base + path, data=body, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            answer.read()
            return int(answer.status), path
    except urllib.error.HTTPError as error:
        return int(error.code), f"{path}: {error.read()[:200]!r}"


@pytest.mark.parametrize(
    "at_once",
    [pytest.param(100), pytest.param(500, marks=pytest.mark.reliability)],  # 500: the long step
)
def test_requests_at_once_reads_and_moves_get_no_500(served: str, at_once: int) -> None:
    status, _ = _ask(served, "/api/play/new", b'{"seed": 5}')
    assert status == 201
    with urllib.request.urlopen(served + "/api/runs") as listed:
        import json

        runs = json.loads(listed.read())["runs"]
    logged = next(r["run_id"] for r in runs if r["outcome"] is not None)
    playing = next(r["run_id"] for r in runs if r["outcome"] is None)
    for path in ("/api/chart/flows/current", f"/api/runs/{logged}/days/1"):  # drawn once
        assert _ask(served, path)[0] == 200
    asks: list[tuple[str, bytes | None]] = [
        ("/api/runs", None),
        ("/runs", None),
        ("/api/chart/flows/current", None),
        ("/api/ports", None),
        ("/api/ports/Plymouth?day={d}", None),
        (f"/api/runs/{logged}/days/{{d}}", None),  # the day slider
        (f"/api/runs/{logged}", None),
        (f"/api/play/{playing}", None),
        (f"/api/play/{playing}/act", b'{"action": "sail"}'),  # a move: the file written
    ]

    def one(i: int) -> tuple[int, str]:
        path, body = asks[i % len(asks)]
        return _ask(served, path.format(d=i % 25 + 1), body)

    with ThreadPoolExecutor(max_workers=at_once) as pool:
        answers = list(pool.map(one, range(at_once)))
    statuses = Counter(status for status, _ in answers)
    failed = [why for status, why in answers if status >= 500]
    assert not failed, (statuses, failed[:3])
    moves = [status for (status, why) in answers if why.startswith(f"/api/play/{playing}/act")]
    assert len(moves) == at_once // len(asks) and set(moves) <= {200, 400, 409}  # or refused


def test_a_database_another_process_holds_is_a_503_with_retry_after(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import subprocess
    import sys

    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]);"
         " print('held', flush=True); time.sleep(60)", str(db)],
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        app = create_app(db, draw_at_start=False)
        with TestClient(app, base_url=HERE, raise_server_exceptions=False) as client:
            for path in ("/api/runs", "/runs", "/api/runs/1", "/api/ports"):
                answer: Any = client.get(path)
                assert answer.status_code == 503, (path, answer.text)
                assert answer.headers["retry-after"] == "5"
                assert "in use by another process" in answer.text
    finally:
        holder.kill()
        holder.wait()


def test_serve_prints_any_token_as_a_working_url_and_refuses_a_bad_host_name(
    db: Path,
) -> None:
    from typer.testing import CliRunner

    from privateer.cli.app import app as cli
    from privateer.cli.serve_command import serve_url

    url = serve_url("127.0.0.1", 8000, "sé cret&x")
    assert url == "http://127.0.0.1:8000/?token=s%C3%A9%20cret%26x"
    refused = CliRunner().invoke(cli, ["serve", "--db", str(db), "--allowed-host", "a b/c"])
    assert refused.exit_code == 2 and "--allowed-host 'a b/c'" in refused.output
