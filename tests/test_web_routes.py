"""The browser front end's routes (`privateer serve`), driven by Starlette's TestClient over a
small world (the Channel and Biscay, where voyages sail) with a logged voyage: every page and
JSON endpoint answers from the database; the chart is the woodcut with its layers as SVG
groups; a port's card says what `privateer bar` says; a run's day is where her log put her;
the token rule; an unknown run is a 404 page, a bad value a 400 with the reason, a server
fault a page without a traceback."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from privateer.cli.app import app as cli
from privateer.cli.serve_command import is_loopback, serve_url
from privateer.cli.web.app import create_app

runner = CliRunner()

DAYS = 30
LAYERS = ("water-lines", "hatching", "rhumbs", "seas", "ports", "waters", "flows", "drake")


@pytest.fixture(scope="module")
def logged(channel_world_db: Path) -> Path:
    """A small world and one logged captain-bot voyage of DAYS days (conftest.py)."""
    return channel_world_db


@pytest.fixture(scope="module")
def client(logged: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    cache = tmp_path_factory.mktemp("web-cache")
    with TestClient(create_app(logged, cache_dir=cache), base_url="http://localhost") as found:
        # the chart begun as the app starts reads the file on a read-only connection, which a
        # command run in this process (`bar` below) could not open beside: wait until it has
        found.app.state.chart_drawing.join()
        yield found


@pytest.fixture(scope="module")
def run_id(logged: Path) -> int:
    from privateer.db.run_list import list_runs

    (run,) = list_runs(logged)
    return int(run["run_id"])


def test_health_and_the_static_files(client: TestClient) -> None:
    assert client.get("/health").json() == {"ok": True, "database": True}
    for name in ("style.css", "chart.js", "run.js"):
        assert client.get(f"/static/{name}").status_code == 200, name


def test_the_chart_page_is_the_woodcut_with_its_layers_as_groups(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    svg = re.search(r"<svg id=\"woodcut\".*?</svg>", page.text, re.S)
    assert svg is not None
    root = ET.fromstring(svg.group(0))
    ids = {g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")}
    assert set(LAYERS) <= ids, set(LAYERS) - ids
    assert root.get("viewBox") is not None
    for layer in LAYERS:
        assert f'data-layer="{layer}"' in page.text  # a toggle for each
    assert 'src="http://localhost/static/chart.js"' in page.text
    assert client.get("/").text == page.text  # the second from the cache, the same


def test_the_ports_lie_on_the_chart(client: TestClient) -> None:
    ports = {p["name"]: p for p in client.get("/api/ports").json()}
    plymouth, london = ports["Plymouth"], ports["London"]
    assert plymouth["nation"] == "england" and plymouth["x"] < london["x"]  # west of London
    assert london["y"] < plymouth["y"]  # north is up: London lies north of Plymouth


def test_a_ports_card_says_what_the_bar_says(client: TestClient, logged: Path) -> None:
    card = client.get("/api/ports/Plymouth?seed=1&day=12").json()
    assert card["name"] == "Plymouth" and card["nation_name"] == "England"
    assert card["fortified"] is True and card["waters"]["lies_in"] == "England"
    assert card["waters"]["guards_nodes"] > 0
    said = runner.invoke(
        cli, ["--db", str(logged), "bar", "Plymouth", "--seed", "1", "--day", "12", "--json"]
    )
    assert said.exit_code == 0, said.output
    bar = json.loads(said.stdout)
    assert [r["heard"] for r in card["bar"]] == [r["heard"] for r in bar]
    assert [r.get("node") for r in card["bar"]] == [r["node"] for r in bar]
    assert all(r["text"] for r in card["bar"])


def test_a_ports_card_refuses_what_is_not_there(client: TestClient) -> None:
    missing = client.get("/api/ports/Atlantis")
    assert missing.status_code == 404 and "no port named" in missing.json()["error"]
    for query, said in (("day=x", "whole number"), ("day=99999", "from 0 to"), ("seed=-1", "")):
        bad = client.get(f"/api/ports/Plymouth?{query}")
        assert bad.status_code == 400 and said in bad.json()["error"], query


def test_the_flow_of_a_season(client: TestClient) -> None:
    summer = client.get("/api/chart/flows/summer").json()
    group = ET.fromstring(summer["group"])
    assert group.get("id") == "flows"
    assert [g.get("id") for g in group] == ["flow-wind", "flow-wind-heads"]
    assert "clip-path" not in summer["group"]
    current = ET.fromstring(client.get("/api/chart/flows/current").json()["group"])
    assert current.get("id") == "flows"
    bad = client.get("/api/chart/flows/monsoon")
    assert bad.status_code == 400 and "spring" in bad.json()["error"]


def test_the_runs_list_filters_and_pages(client: TestClient, run_id: int) -> None:
    page = client.get("/runs")
    assert page.status_code == 200 and f'href="/runs/{run_id}"' in page.text
    listed = client.get("/api/runs").json()
    assert listed["total"] == 1 and listed["runs"][0]["mode"] == "voyage"
    assert listed["runs"][0]["days"] is not None and listed["runs"][0]["score"] is not None
    assert client.get("/api/runs?mode=duel").json()["total"] == 0
    outcome = listed["runs"][0]["outcome"]
    assert client.get(f"/api/runs?mode=voyage&outcome={outcome}").json()["total"] == 1
    assert "No runs of that kind" in client.get("/runs?mode=duel").text
    assert client.get("/runs?mode=x'y").status_code == 400
    assert client.get("/runs?page=0").status_code == 400
    assert "play on" not in page.text  # a finished voyage is not played on


def test_a_run_in_progress_is_played_on_in_the_browser_only_if_the_browser_plays_its_mode() -> None:
    from privateer.cli.web.routes_play import play_path

    assert play_path(3, "voyage", None) == "/play/3"
    assert play_path(3, "voyage", "sunk") is None
    assert play_path(3, "tabletop", None) == "/tabletop/3"
    assert play_path(3, "tabletop", "gold") is None
    assert play_path(3, "duel", None) is None  # played in the terminal


def test_an_unknown_run_is_a_404_page(client: TestClient) -> None:
    page = client.get("/runs/999")
    assert page.status_code == 404 and "text/html" in page.headers["content-type"]
    assert "no run 999" in page.text
    assert client.get("/runs/abc").status_code == 404
    assert client.get("/api/runs/999").json()["status"] == 404
    assert client.get("/api/runs/999/days/1").status_code == 404


def test_a_voyages_page_and_its_track(client: TestClient, run_id: int) -> None:
    page = client.get(f"/runs/{run_id}")
    assert page.status_code == 200 and 'id="voyage-data"' in page.text
    assert '<svg id="woodcut"' in page.text and 'id="day"' in page.text
    voyage = client.get(f"/api/runs/{run_id}").json()["voyage"]
    assert voyage["track"][0]["day"] == 0 and len(voyage["series"]) >= 2
    assert voyage["last_day"] <= DAYS and {"gold", "hull", "morale"} <= set(voyage["series"][0])


def _logged_node(logged: Path, run_id: int, day: int) -> int:
    """Where her log puts her at the end of `day`: the last node she sailed to by then."""
    from privateer.db import open_database
    from privateer.db.runs import run_events

    engine = open_database(logged, read_only=True, notify=lambda _: None)
    with engine.connect() as conn:
        events = run_events(conn, run_id)
    engine.dispose()
    node = next(int(e["payload"]["node"]) for e in events if e["kind"] == "voyage_start")
    for e in events:
        if e["kind"] == "sailed" and e["day"] <= day:
            node = int(e["payload"]["node"])
    return node


def test_a_days_node_is_where_her_log_put_her(
    client: TestClient, logged: Path, run_id: int
) -> None:
    last = client.get(f"/api/runs/{run_id}").json()["voyage"]["last_day"]
    for day in sorted({0, 1, last // 2, last}):
        found = client.get(f"/api/runs/{run_id}/days/{day}").json()
        assert found["day"] == day and found["node"] == _logged_node(logged, run_id, day), day
        assert {"gold", "hull", "morale", "in_sight", "rumors", "events"} <= set(found)
    start = client.get(f"/api/runs/{run_id}/days/0").json()
    assert any("out of" in line for line in start["events"])  # the terminal's words
    past = client.get(f"/api/runs/{run_id}/days/{last + 1}")
    assert past.status_code == 404 and "ended on day" in past.json()["error"]
    assert client.get(f"/api/runs/{run_id}/days/x").status_code == 400


def test_with_a_token_every_request_carries_it(logged: Path) -> None:
    with TestClient(
        create_app(logged, token="s3cret", draw_at_start=False), base_url="http://localhost"
    ) as client:
        assert client.get("/health").status_code == 401
        refused = client.get("/api/runs")
        assert refused.status_code == 401 and "token" in refused.json()["error"]
        assert client.get("/runs").status_code == 401
        assert client.get("/health?token=wrong").status_code == 401
        assert client.get("/health", headers={"X-Privateer-Token": "s3cret"}).status_code == 200
        assert client.get("/health", headers={"Authorization": "Bearer s3cret"}).status_code == 200
        first = client.get("/api/runs?token=s3cret")
        assert first.status_code == 200 and "privateer_token" in first.headers["set-cookie"]
        assert client.get("/api/runs").status_code == 200  # the cookie, after the first


def test_a_server_fault_shows_no_traceback(tmp_path: Path) -> None:
    broken = tmp_path / "not-a-database.duckdb"
    broken.write_text("this is not DuckDB")
    with TestClient(
        create_app(broken), base_url="http://localhost", raise_server_exceptions=False
    ) as client:
        for url in ("/runs", "/api/runs"):
            page = client.get(url)
            assert page.status_code in (400, 500), url
            assert "Traceback" not in page.text and 'File "' not in page.text


def test_serve_keeps_to_this_machine_without_a_token(logged: Path, tmp_path: Path) -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("example.org")
    assert serve_url("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert serve_url("::1", 8000, "t") == "http://[::1]:8000/?token=t"
    wide = runner.invoke(cli, ["serve", "--db", str(logged), "--host", "0.0.0.0"])
    assert wide.exit_code == 2 and "--token" in wide.stderr
    missing = runner.invoke(cli, ["serve", "--db", str(tmp_path / "none.duckdb")])
    assert missing.exit_code == 2 and "no database" in missing.stderr


def test_the_newest_finished_run_of_a_mode(logged: Path, run_id: int, tmp_path: Path) -> None:
    """What `bench web` scrubs: the newest finished voyage, none of a mode never played, and
    none in a database with no run tables."""
    from privateer.db.run_list import newest_finished_run

    assert newest_finished_run(logged, "voyage") == run_id
    assert newest_finished_run(logged, "duel") is None
    empty = tmp_path / "empty.duckdb"
    duckdb.connect(str(empty)).close()
    assert newest_finished_run(empty, "voyage") is None
    with pytest.raises(ValueError):
        newest_finished_run(logged, "voyage' OR 1=1 --")


@pytest.fixture
def no_chart_kept() -> Iterator[None]:
    """The process's charts forgotten before and after (the other tests draw theirs again)."""
    from privateer.cli.web import chart_cache

    chart_cache._MEMORY.clear()
    yield
    chart_cache._MEMORY.clear()


def _world_hash(path: Path) -> str:
    with duckdb.connect(str(path), read_only=True) as con:
        row = con.execute("SELECT content_hash FROM world_build ORDER BY build_id DESC").fetchone()
    assert row is not None
    return str(row[0])


def test_the_chart_is_drawn_as_the_app_starts_and_kept_on_disk(
    logged: Path, tmp_path: Path, no_chart_kept: None
) -> None:
    """No request asked for it: the app's start began the drawing, which lands in memory and
    in the cache folder by the world's content hash; the next app (a restarted `serve`) takes
    the chart from the disk, drawing nothing."""
    from privateer.cli.web import chart_cache

    content_hash = _world_hash(logged)
    cache = tmp_path / "charts"
    by_older_version = cache / f"{content_hash}-0.0.1"
    another_world = cache / chart_cache.folder_name("0" * 64)
    for kept in (by_older_version, another_world):
        kept.mkdir(parents=True)
        (kept / "chart.svg").write_text("<svg/>")
    with TestClient(create_app(logged, cache_dir=cache), base_url="http://localhost") as client:
        drawing = client.app.state.chart_drawing  # type: ignore[attr-defined]
        assert drawing is not None
        drawing.join(timeout=600)
        assert not drawing.is_alive()
        assert content_hash in chart_cache._MEMORY
        folder = cache / chart_cache.folder_name(content_hash)
        assert json.loads((folder / "meta.json").read_text())["content_hash"] == content_hash
        assert not by_older_version.exists() and another_world.exists()  # replaced; kept
        assert client.get("/").status_code == 200
    chart_cache._MEMORY.clear()
    marked = (folder / "chart.svg").read_text().replace("<svg ", '<svg data-kept="yes" ', 1)
    (folder / "chart.svg").write_text(marked)
    with TestClient(
        create_app(logged, cache_dir=cache, draw_at_start=False), base_url="http://localhost"
    ) as client:
        assert 'data-kept="yes"' in client.get("/").text  # read from the disk, not drawn


def test_a_chart_kept_for_another_world_is_not_used(
    logged: Path, tmp_path: Path, no_chart_kept: None
) -> None:
    """A cache folder of another content hash, or one of this hash whose record names
    another, is passed over: the chart is drawn from this world."""
    from privateer.cli.web import chart_cache

    content_hash = _world_hash(logged)
    cache = tmp_path / "charts"
    for folder, said in (("0" * 64, "0" * 64), (content_hash, "f" * 64)):
        stale = cache / chart_cache.folder_name(folder)
        stale.mkdir(parents=True)
        (stale / "chart.svg").write_text('<svg id="woodcut" data-stale="yes"></svg>')
        for name in chart_cache.FLOWS:
            (stale / f"flow-{name.replace(':', '-')}.svg").write_text("<g/>")
        meta = {"content_hash": said, "box": [0, 0, 1, 1], "scale": 1.0}
        (stale / "meta.json").write_text(json.dumps(meta))
    with TestClient(create_app(logged, cache_dir=cache), base_url="http://localhost") as client:
        page = client.get("/")
        assert page.status_code == 200 and "data-stale" not in page.text
        assert 'id="hatching"' in page.text
    kept = json.loads((cache / chart_cache.folder_name(content_hash) / "meta.json").read_text())
    assert kept["content_hash"] == content_hash  # the one not whole is replaced
