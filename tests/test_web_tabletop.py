"""The tabletop game's JSON in the browser (/api/tabletop), through Starlette's TestClient: a table
of two people and a bot dealt, a hand given only to the person whose turn it is, a play by the
other refused, and a game going on in either front end: one begun here is picked up by
`privateer tabletop --resume`, and one begun there is listed at /tabletop and played here."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from privateer.cli.app import app as cli_app
from privateer.cli.web.app import create_app
from tests.head_db import at_head

runner = CliRunner()
SEATS = "england=you,france=you,spain=raider"


@pytest.fixture
def client(db_path: Path, tmp_path: Path) -> Iterator[TestClient]:
    at_head(db_path)  # as `privateer db upgrade` makes it (tests/head_db.py: a copy)
    with TestClient(
        create_app(db_path, cache_dir=tmp_path / "cache"), base_url="http://localhost"
    ) as test_client:
        yield test_client


def test_a_hand_is_given_only_to_the_person_to_act(client: TestClient) -> None:
    made = client.post("/api/tabletop/new", json={"seed": 5, "seats": SEATS})
    assert made.status_code == 201, made.text
    run_id, dealt = made.json()["run_id"], made.json()["state"]
    assert dealt["people"] == ["england", "france"] and dealt["hand"] is None
    assert any("Spain" in line for line in made.json()["lines"])  # the bot's opening turn
    to_act = dealt["to_act"]
    other = "france" if to_act == "england" else "england"
    mine = client.get(f"/api/tabletop/{run_id}", params={"seat": to_act}).json()["state"]
    assert mine["yours"] and mine["hand"] and mine["plays"][0]["action"] == "end"
    theirs = client.get(f"/api/tabletop/{run_id}", params={"seat": other}).json()["state"]
    assert theirs["hand"] is None and theirs["plays"] == [] and not theirs["yours"]
    refused = client.post(f"/api/tabletop/{run_id}/act", json={"seat": other, "action": "end"})
    assert refused.status_code == 400 and "turn to play" in refused.json()["error"]
    bad = client.post(f"/api/tabletop/{run_id}/act", json={"seat": to_act, "action": "fly"})
    assert bad.status_code == 400 and "'fly' is not a play" in bad.json()["error"]
    done = client.post(f"/api/tabletop/{run_id}/act", json={"seat": to_act, "action": "end"})
    assert done.status_code == 200 and done.json()["lines"][0].startswith(to_act.capitalize())
    assert client.get("/api/tabletop/99").status_code == 404
    assert client.get(f"/api/tabletop/{run_id}", params={"seat": "spain"}).status_code == 400


def test_a_game_begun_in_the_browser_goes_on_in_the_terminal_and_back(
    client: TestClient, db_path: Path
) -> None:
    made = client.post("/api/tabletop/new", json={"seed": 2, "seats": SEATS}).json()
    run_id, to_act = made["run_id"], made["state"]["to_act"]
    client.post(f"/api/tabletop/{run_id}/act", json={"seat": to_act, "action": "end"})
    resumed = runner.invoke(
        cli_app, ["--db", str(db_path), "tabletop", "--resume"], input="\n2\n1\nquit\n"
    )
    assert resumed.exit_code == 0, resumed.output
    assert f"resuming run {run_id} on turn" in resumed.stdout
    assert "England and France (people) against Spain (raider)" in resumed.stdout
    again = client.get(f"/api/tabletop/{run_id}").json()["state"]
    assert again["to_act"] in ("england", "france") and not again["over"]

    begun = runner.invoke(
        cli_app, ["--db", str(db_path), "tabletop", "--seats", SEATS, "--seed", "9"],
        input="quit\n",
    )  # fmt: skip
    assert begun.exit_code == 0, begun.output
    listed = client.get("/tabletop")
    assert listed.status_code == 200 and f'href="/tabletop/{run_id + 1}"' in listed.text
    page = client.get(f"/tabletop/{run_id + 1}")
    assert page.status_code == 200 and 'id="tabletop"' in page.text
    there = client.get(f"/api/tabletop/{run_id + 1}").json()["state"]
    played = client.post(
        f"/api/tabletop/{run_id + 1}/act", json={"seat": there["to_act"], "action": "end"}
    )
    assert played.status_code == 200, played.text
