"""Play in the browser (issue 27) through Starlette's TestClient, on the synthetic sea: a voyage
started, its legal actions with their words and prices, ten actions including a purchase and a
fight, a bad action refused with the reason, and the same run picked up by `privateer play
--resume` and back again (the same session and saves as the terminal); a duel's and a fight's
replay pages; a study's dial charts."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest
import typer
from click.testing import CliRunner
from starlette.testclient import TestClient

from privateer.cli.app import app as cli_app
from privateer.cli.web import routes_play
from privateer.cli.web.app import create_app
from tests.voyage_fixtures import WORLD

runner = CliRunner()
COMMAND = typer.main.get_command(cli_app)


@pytest.fixture(scope="module")
def empty_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database at head holding the synthetic sea's ports, made once and copied."""
    from tests.head_db import at_head

    db = at_head(tmp_path_factory.mktemp("web-play") / "empty.duckdb")
    with duckdb.connect(str(db)) as con:
        for i, port in enumerate(WORLD.ports):
            con.execute(
                "INSERT INTO ports (port_id, name, nation, lon, lat, node_id, fortified, kind) "
                "VALUES (?, ?, ?, 0, 0, ?, false, 'port')",
                [i, port.name, WORLD.nations[port.nation], port.node],
            )
    return db


@pytest.fixture
def db(empty_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database of one's own; both front ends sail the synthetic sea."""
    import privateer.cli.voyage.commands as voyage_commands

    monkeypatch.setattr(voyage_commands, "engine_world", lambda ctx: WORLD)
    monkeypatch.setattr(routes_play, "play_world", lambda request: WORLD)
    path = tmp_path / "play.duckdb"
    shutil.copyfile(empty_db, path)
    return path


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(
        create_app(db), base_url="http://localhost", raise_server_exceptions=False
    ) as test_client:
        # the chart begun as the app starts reads the file on a read-only connection, which
        # the commands these tests run in this process could not share: wait until it has
        test_client.app.state.chart_drawing.join()
        yield test_client


def act(client: TestClient, run_id: int, action: str, confirm: bool = False) -> dict[str, Any]:
    response = client.post(f"/api/play/{run_id}/act", json={"action": action, "confirm": confirm})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def new(client: TestClient, seed: int = 1, rules: str = "full") -> tuple[int, dict[str, Any]]:
    response = client.post("/api/play/new", json={"seed": seed, "rules": rules})
    assert response.status_code == 201, response.text
    body = response.json()
    return int(body["run_id"]), body["state"]


def terminal(db: Path, *args: str, input: str = "") -> Any:
    result = runner.invoke(COMMAND, ["--db", str(db), "play", *args], input=input)
    assert result.exit_code == 0, result.output
    return result


def saved(db: Path, run_id: int) -> tuple[Any, ...]:
    with duckdb.connect(str(db), read_only=True) as con:
        day = con.execute(
            "SELECT state->'$.world.day' FROM saves WHERE run_id = ?", [run_id]
        ).fetchone()
        actions = con.execute(
            "SELECT action FROM actions WHERE run_id = ? ORDER BY seq", [run_id]
        ).fetchall()
    return (int(day[0]) if day else None), [a for (a,) in actions]


def test_a_new_voyage_shows_the_port_sheet_and_the_legal_actions_with_words_and_prices(
    client: TestClient,
) -> None:
    run_id, state = new(client)
    assert state["context"] == "in port" and state["observe"]["port"] == "Plymouth"
    assert state["observe"]["port_sheet"]["port"] == "Plymouth"
    assert state["prompt"].startswith("day 0/730 in port; hull ")
    by_action = {a["action"]: a for a in state["actions"]}
    assert by_action["sail"]["group"] == "sea"
    assert by_action["round"]["price"] == 2 and by_action["round"]["group"] == "bar"
    hires = {a["action"]: a for a in state["actions"] if a["action"].startswith("hire ")}
    assert hires and all(a["price"] > 0 for a in hires.values())
    assert hires["hire master_gunner"]["words"] == "hire a master gunner"
    assert hires["hire marksmen"]["words"] == "hire marksmen"  # a crew of them, not "a marksmen"
    assert state["played"] == 0  # the page says a new voyage, not "resumed"
    assert "`" not in state["goal"] and "help letter" not in state["goal"], state["goal"]
    assert state["goal"].startswith("carry out three letters of marque (gold is then the score)")
    london = next(p for p in state["ports"] if p["name"] == "London")
    assert by_action[f"course {london['node']}"]["words"] == "course for London"
    assert any("you have 20 gold" in line for line in state["yard"])
    again = client.get(f"/api/play/{run_id}").json()
    assert again["actions"] == state["actions"] and again["figures"] == state["figures"]
    page = client.get(f"/play/{run_id}")
    assert page.status_code == 200 and 'data-run="' + str(run_id) in page.text
    assert "play.js" in page.text
    start = client.get("/play")
    assert start.status_code == 200 and f"/play/{run_id}" in start.text


def engine_form(button: str) -> str:
    """The action a button's words log: its cards as the hand numbers them (1-3), the engine's
    from 0."""
    verb, *cards = button.split()
    return f"keep {int(cards[0]) - 1} {int(cards[1]) - 1}" if verb == "keep" else button


def test_ten_actions_with_a_purchase_and_a_fight_each_saved_as_the_terminal_saves(
    client: TestClient, db: Path
) -> None:
    run_id, state = new(client)
    played: list[str] = []
    hire = next(a for a in state["actions"] if a["action"].startswith("hire "))
    bought = act(client, run_id, hire["action"])
    played.append(hire["action"])
    assert any(
        line.startswith(f"  paid {hire['price']} gold: gold 20 -> ") for line in bought["lines"]
    )
    assert bought["state"]["figures"]["gold"] == 20 - hire["price"]
    havana = next(p for p in state["ports"] if p["name"] == "Havana")
    body = act(client, run_id, f"course {havana['node']}")  # a ship meets her the first day
    played.append(f"course {havana['node']}")
    assert any("course set for Havana" in line for line in body["lines"])
    fought = False
    while len(played) < 10:
        state = body["state"]
        assert not state["over"]
        context = state["context"]
        if context == "fight":
            assert len(state["hand"]) == 3 and all(a["group"] == "fight" for a in state["actions"])
            assert any(line.startswith("round ") for line in state["waiting"])
            fought = True
            action = state["actions"][0]["action"]
        elif context == "alongside":
            assert {a["action"] for a in state["actions"]} == {"attack", "pass"}
            action = "attack"
        else:
            action = "sail" if context == "sailing" else state["actions"][0]["action"]
        body = act(client, run_id, action)
        if body["ask"] is not None:  # a ship of a nation at peace: asked first, nothing done
            assert body["ask"]["action"] == action and body["ask"]["lines"]
            body = act(client, run_id, action, confirm=True)
        played.append(engine_form(action))
        day, logged = saved(db, run_id)
        assert logged == played and day == body["state"]["figures"]["day"]
    assert fought, played


def test_a_fight_lists_each_keep_once_and_names_her_cards(client: TestClient) -> None:
    """A hand holding two alike (seed 1's fight off Havana has broadside, broadside, chain
    shot) offers three keeps, not six with "keep broadside, then broadside" twice; a card of
    her side is named hers, as the terminal's yours/hers column says."""
    run_id, state = new(client, seed=1)
    havana = next(p for p in state["ports"] if p["name"] == "Havana")
    body = act(client, run_id, f"course {havana['node']}")
    alike, hers = None, None
    for _ in range(40):
        state = body["state"]
        if state["over"] or (alike is not None and hers is not None):
            break
        if state["context"] == "fight":
            words = [a["words"] for a in state["actions"]]
            assert len(words) == len(set(words)), words  # one button a choice
            hand = [c.get("words", c["card"]) for c in state["hand"]]
            distinct = {(hand[i], hand[j]) for i in range(3) for j in range(3) if i != j}
            assert len(words) == len(distinct), (hand, words)
            if len(set(hand)) < 3:
                alike = words
            if any(c.endswith(" (hers)") for c in hand):
                hers = hand
            action = state["actions"][0]["action"]
        elif state["context"] == "alongside":
            action = "attack"
        else:
            action = "sail" if state["context"] == "sailing" else state["actions"][0]["action"]
        body = act(client, run_id, action)
        if body["ask"] is not None:
            body = act(client, run_id, action, confirm=True)
    assert alike is not None and len(alike) == 3, "no hand of two alike met"
    assert hers is not None, "no card of hers met"


def test_a_bad_action_is_a_400_with_the_reason_and_changes_nothing(
    client: TestClient, db: Path
) -> None:
    run_id, _ = new(client)
    before = saved(db, run_id)
    refused = client.post(f"/api/play/{run_id}/act", json={"action": "attack"})
    assert refused.status_code == 400 and refused.json()["error"]
    broke = client.post(f"/api/play/{run_id}/act", json={"action": "ship galleon"})
    assert broke.status_code == 400
    assert broke.json()["error"].startswith("not sold here") or "gold" in broke.json()["error"]
    nonsense = client.post(f"/api/play/{run_id}/act", json={"action": "fly away"})
    assert nonsense.status_code == 200 and nonsense.json()["ask"] is None  # answered in lines
    assert nonsense.json()["lines"] == ["  unknown command 'fly': `help` lists the commands"]
    json_type = {"Content-Type": "application/json"}
    empty = client.post(f"/api/play/{run_id}/act", content=b"not json", headers=json_type)
    assert empty.status_code == 400 and empty.json()["error"] == "send JSON"
    untyped = client.post(f"/api/play/{run_id}/act", content=b'{"action": "sail"}')
    assert untyped.status_code == 415 and "application/json" in untyped.json()["error"]
    assert saved(db, run_id) == before
    assert client.get("/api/play/999").status_code == 404
    assert client.get("/play/999").status_code == 404
    assert client.post("/api/play/new", json={"rules": "nope"}).status_code == 400


def test_a_voyage_started_in_the_browser_resumes_in_the_terminal_and_back(
    client: TestClient, db: Path
) -> None:
    run_id, _ = new(client, seed=3)
    act(client, run_id, "sail")
    out = terminal(db, "--resume", input="sail\nwait 1\n").stdout
    assert f"resuming run {run_id} on day 1" in out
    state = client.get(f"/api/play/{run_id}").json()
    assert state["figures"]["day"] == 3
    assert saved(db, run_id)[1] == ["sail", "sail", "sail"]
    back = act(client, run_id, "sail")
    assert back["state"]["figures"]["day"] == 4


def test_a_voyage_started_in_the_terminal_is_played_on_in_the_browser_and_back(
    client: TestClient, db: Path
) -> None:
    terminal(db, "--seed", "5", "--rules", "classic", input="course 1\nsail\n")
    (run_id,) = [s["run_id"] for s in json.loads(
        runner.invoke(COMMAND, ["--db", str(db), "saves", "list", "--json"]).stdout
    )]  # fmt: skip
    state = client.get(f"/api/play/{run_id}").json()
    assert state["figures"]["day"] == 1 and state["rules"] == "classic"
    assert state["context"] == "alongside"  # as the terminal left her: a ship alongside
    assert state["waiting"] == ["  a guard ship of england a day (30 nm) west of London"]
    body = act(client, run_id, "pass")
    assert body["lines"] == ["day 1: you let her pass"]
    body = act(client, run_id, "sail")
    day = body["state"]["figures"]["day"]
    assert day == 2
    out = terminal(db, "--resume", input="sail\n").stdout
    assert f"resuming run {run_id} on day {day}" in out
    assert saved(db, run_id) == (3, ["course 1", "sail", "pass", "sail", "sail"])


# --- replays and studies -----------------------------------------------------------------


def test_a_duel_replays_its_hex_board_and_a_fight_its_rounds(client: TestClient, db: Path) -> None:
    base = ["--db", str(db)]
    duel = runner.invoke(
        COMMAND, [*base, "duel", "--seed", "1", "--captain", "bold"], input="e\n" * 200
    )
    assert duel.exit_code == 0, duel.output
    fight = runner.invoke(COMMAND, [*base, "fight", "--seed", "3"], input="12\n" * 40)
    assert fight.exit_code == 0, fight.output
    frames = client.get("/api/runs/1/replay").json()
    assert frames["kind"] == "duel" and set(frames["board"]) == {"cols", "rows"}
    first, last = frames["frames"][0], frames["frames"][-1]
    assert first["red"]["hex"] and first["lines"][0].startswith("The duel begins (seed 1")
    assert last["outcome"] is not None and len(frames["frames"]) > 2
    page = client.get("/runs/1/duel")
    assert page.status_code == 200 and 'id="board"' in page.text and "replay.js" in page.text
    assert "Red: a person; Blue: bold" in page.text
    rounds = client.get("/api/runs/2/replay").json()
    assert rounds["kind"] == "fight" and rounds["result"] is not None
    assert all(len(r["hand"]) == 3 and r["kept"] == [0, 1] for r in rounds["rounds"])
    assert rounds["rounds"][0]["board"][0].startswith("round 1")
    fight_page = client.get("/runs/2/fight")
    assert fight_page.status_code == 200 and "round 1" in fight_page.text
    assert client.get("/runs/2/duel").status_code == 404  # a fight has no hex board
    assert client.get("/runs/99/fight").status_code == 404
    from privateer.cli.web.replays import FRAMES
    from privateer.cli.web.routes_play import REPLAYS

    assert set(REPLAYS.values()) == set(FRAMES)  # every mode's replay page has its frames


def test_a_study_page_draws_each_dial_with_its_band_and_hoverable_points(
    client: TestClient, db: Path
) -> None:
    from privateer.db.run_store import RunStore
    from privateer.db.sweeps import Study, new_sweep, write_point

    study = Study((("treasury", (10, 40)), ("dilemmas", (True, False))), "full", 1, 4, 120, "", "")
    with RunStore(db, notify=lambda _: None).session() as duck:
        sweep_id = new_sweep(duck, study)
        for point, (treasury, dilemmas) in enumerate(
            [(10, True), (10, False), (40, True), (40, False)]
        ):
            won = 0.25 * (point + 1)
            figures = {
                "runs": 4, "won": point + 1, "won_rate": won, "won_low": won / 2,
                "won_high": min(1.0, won + 0.2), "mean_day_home": 100 + point,
                "raids_per_run": 1.5, "sunk": 0.25, "sunk_by": {}, "seas": {},
            }  # fmt: skip
            setting = {"treasury": treasury, "dilemmas": dilemmas}
            write_point(duck, sweep_id, point, setting, f"k{point}", figures)
    listed = client.get("/studies")
    assert listed.status_code == 200 and f'href="/studies/{sweep_id}"' in listed.text
    assert "treasury=10,40 dilemmas=true,false" in listed.text
    page = client.get(f"/studies/{sweep_id}")
    assert page.status_code == 200
    assert page.text.count('<svg class="panel"') == 2 * 4  # two dials, four panels each
    assert page.text.count('class="band"') == 2 * 2  # the share won's band: a line a setting
    assert 'data-figures="{&#34;point&#34;: 3' in page.text or "&quot;point&quot;: 3" in page.text
    shown = client.get(f"/api/studies/{sweep_id}").json()
    assert shown["points"][0]["setting"] == {"treasury": 10, "dilemmas": True}
    assert client.get("/studies/99").status_code == 404


@pytest.fixture(scope="module")
def small_world(channel_built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small world built from Natural Earth (the Channel and Biscay: Plymouth and London;
    conftest.py's, built once a run)."""
    path = tmp_path_factory.mktemp("web-small") / "world.duckdb"
    shutil.copyfile(channel_built, path)
    return path


def test_on_a_built_world_the_voyage_sails_beside_the_woodcut(
    small_world: Path, tmp_path: Path
) -> None:
    path = tmp_path / "world.duckdb"
    shutil.copyfile(small_world, path)
    with TestClient(
        create_app(path), base_url="http://localhost", raise_server_exceptions=False
    ) as real:
        real.app.state.chart_drawing.join()  # its read done before the terminal's below
        run_id, state = new(real, seed=2)
        assert state["observe"]["port"] == "Plymouth"
        page = real.get(f"/play/{run_id}")
        assert page.status_code == 200 and 'id="chart-area"' in page.text and "<svg" in page.text
        assert 'id="projection"' in page.text and "chart.js" in page.text
        london = next(p for p in state["ports"] if p["name"] == "London")
        body = act(real, run_id, f"course {london['node']}")
        assert any("course set for London" in line for line in body["lines"])
        assert act(real, run_id, "sail")["state"]["figures"]["day"] == 1
    out = terminal(path, "--resume", input="sail\n").stdout  # the real world, in the terminal
    assert f"resuming run {run_id} on day 1" in out


# --- the chart drawn at `world build` -------------------------------------------------------

STRAIT = "-7,35,-4,37.5"  # the Strait of Gibraltar: a world built in a second


def test_world_build_draws_the_whole_worlds_chart_where_serve_reads_it_at_its_first_visit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`world build` of the whole world draws the chart `serve` shows into serve's cache
    folder (by content hash and version), so a new world's first visit reads it, drawing
    nothing; a --box world's is left to serve (unless --chart)."""
    import privateer.pipeline.build as build
    from privateer.cli.options import parse_box
    from privateer.cli.serve_command import chart_cache_dir
    from privateer.cli.web import chart_cache
    from privateer.pipeline.params import BuildParams

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    strait = build.build_world(None, BuildParams(box=parse_box(STRAIT)))
    monkeypatch.setattr(build, "build_world", lambda *a, **k: strait)  # the whole world's work
    folder = chart_cache_dir() / chart_cache.folder_name(strait.content_hash)
    db = tmp_path / "world.duckdb"

    def world_build(*args: str) -> None:
        built = runner.invoke(COMMAND, ["--db", str(db), "world", "build", "-q", *args])
        assert built.exit_code == 0, built.output

    world_build("--box", STRAIT)
    assert not folder.exists(), "a boxed world's chart is left to serve's first visit"
    world_build()  # the whole world (as build_world is told): its chart drawn now
    assert {p.name for p in folder.iterdir()} >= {"chart.svg", "meta.json", "flow-current.svg"}

    def draw(*args: object) -> None:
        raise AssertionError("serve drew the chart world build had drawn")

    monkeypatch.setattr(chart_cache, "_draw", draw)
    monkeypatch.setattr(chart_cache, "_MEMORY", {})
    app = create_app(db, cache_dir=chart_cache_dir(), draw_at_start=False)
    with TestClient(app, base_url="http://localhost") as served:
        page = served.get("/")
    assert page.status_code == 200 and '<svg id="woodcut"' in page.text


def test_the_route_trees_a_game_worked_out_are_kept_for_the_next_process(
    client: TestClient, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept once enough of them wait (here: one), as the start's save is kept."""
    import dataclasses

    from privateer.engine.world import trees_unkept

    bare = dataclasses.replace(WORLD)  # a World of its own, no tree worked out yet
    monkeypatch.setattr(routes_play, "play_world", lambda request: bare)
    monkeypatch.setattr(routes_play, "TREES_AT_ONCE", 1)
    run_id, _ = new(client, seed=5)
    act(client, run_id, "sail")
    with duckdb.connect(str(db), read_only=True) as con:
        (kept,) = con.execute(
            "SELECT count(*) FROM route_trees WHERE world_hash = ?", [WORLD.content_hash]
        ).fetchone()
    assert kept > 0 and trees_unkept(bare) == 0
