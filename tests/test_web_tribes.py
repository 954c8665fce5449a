"""A logged Tribes run's JSON for its page (/api/tribes), through Starlette's TestClient: the run's
series over its ticks, a tick's world the same as `tribes chart`'s data, a tribe's fog the same
as `tribes view`'s, the events that made each tick (the opening's at tick 0; through the fog,
only those the tribe was told), and bad asks refused in one line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from privateer.cli.app import app as cli_app
from privateer.cli.web.app import create_app

runner = CliRunner()
TICKS = 300


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("web-tribes") / "tribes.duckdb"
    made = runner.invoke(
        cli_app, ["--db", str(db), "tribes", "run", "--tribes", "3", "--size", "32",
                  "--ticks", str(TICKS), "--log", "--quiet"],
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    return db


@pytest.fixture
def client(logged: Path, tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(logged, cache_dir=tmp_path / "cache")
    with TestClient(app, base_url="http://localhost") as test_client:
        yield test_client


def test_the_run_s_series_and_a_tick_as_the_lead_and_as_a_tribe_see_it(
    client: TestClient, logged: Path
) -> None:
    run = client.get("/api/tribes/1").json()
    assert run["last_tick"] == TICKS and len(run["tribes"]) == 3
    assert [row["tick"] for row in run["series"]] == list(range(0, TICKS + 1, 10))
    assert all(len(row[k]) == 3 for row in run["series"] for k in ("pop", "stores", "score"))
    opening = client.get("/api/tribes/1/ticks/0").json()
    assert any(line.startswith("tick 0: world (seed 0") for line in opening["events"])
    whole = client.get("/api/tribes/1/ticks/200").json()
    fog = client.get("/api/tribes/1/ticks/200", params={"tribe": 1}).json()
    view = json.loads(
        runner.invoke(
            cli_app, ["--db", str(logged), "tribes", "view", "1", "--tribe", "1", "--tick", "200",
                      "--json"],
        ).stdout
    )  # fmt: skip
    assert fog["rows"] == view["rows"] and "?" in "".join(fog["rows"])
    assert "?" not in "".join(whole["rows"])
    named = {(s["name"], s["pop"]) for s in view["settlements"] + view["others"]}
    assert {(s["name"], s["pop"]) for s in fog["settlements"]} == named
    assert {(s["name"], s["pop"]) for s in fog["settlements"]} <= {
        (s["name"], s["pop"]) for s in whole["settlements"]
    }
    told = [client.get(f"/api/tribes/1/ticks/{t}", params={"tribe": 1}).json() for t in (1, 60)]
    seen = [client.get(f"/api/tribes/1/ticks/{t}").json() for t in (1, 60)]
    for through_fog, all_of_it in zip(told, seen, strict=True):
        assert set(through_fog["events"]) <= set(all_of_it["events"])


def test_bad_asks_are_refused_in_one_line(client: TestClient) -> None:
    assert client.get("/api/tribes/9").status_code == 404
    past = client.get(f"/api/tribes/1/ticks/{TICKS + 1}")
    assert (
        past.status_code == 400
        and past.json()["error"] == f"tick {TICKS + 1}: run 1 has ticks 0-{TICKS}"
    )
    assert client.get("/api/tribes/1/ticks/5", params={"tribe": "x"}).status_code == 400
    assert client.get("/api/tribes/1/ticks/5", params={"tribe": "7"}).status_code == 400
    assert client.get("/tribes/1").status_code == 200 and client.get("/tribes/2").status_code == 404
