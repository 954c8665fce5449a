"""One reader of what a player types (cli/voyage/input.py, issue 35), driven as a person types:
`privateer play` fed lines, the browser's box through its route, and the screen at a prize's
and a question's numbered prompts. Bare numbers where choices are numbered, names with spaces
or underscores, a did-you-mean to take with a yes, "unknown" for what is no command and "not
now" only for a command not open now, coordinates refused off the earth or beyond the world,
towns ashore refused as not on the sea. On the synthetic sea; the Channel's real coast for
land (tests/conftest.py's channel_world_db)."""

from __future__ import annotations

import itertools
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
from privateer.cli.places import Places, UnknownPlace
from privateer.cli.voyage import screen as voyage_screen
from privateer.cli.web import routes_play, voyage_web
from privateer.cli.web.app import create_app
from privateer.engine.voyage.game import VoyageGame
from privateer.engine.voyage.pending import Meeting, PrizeOffer, Question
from privateer.engine.voyage.rules import find_voyage_rules
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.kinds import MERCHANT
from tests.voyage_fixtures import WORLD, Unsaved, act_text, put_ship, quiet_voyage

runner = CliRunner()
COMMAND = typer.main.get_command(cli_app)


# --- the front ends, as a person drives them ------------------------------------------------


@pytest.fixture(scope="module")
def empty_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database at head holding the synthetic sea's ports, made once and copied."""
    from tests.head_db import at_head

    db = at_head(tmp_path_factory.mktemp("typing") / "empty.duckdb")
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
        test_client.app.state.chart_drawing.join()  # as tests/test_web_play.py: let it read
        yield test_client


def play(db: Path, typed: str, *args: str) -> str:
    """What `privateer play` prints for the lines typed."""
    result = runner.invoke(COMMAND, ["--db", str(db), "play", "--seed", "1", *args], input=typed)
    assert result.exit_code == 0, result.output
    return result.stdout


def logged(db: Path) -> list[str]:
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT action FROM actions ORDER BY run_id, seq").fetchall()
    return [a for (a,) in rows]


def new(client: TestClient) -> int:
    response = client.post("/api/play/new", json={"seed": 1, "rules": "full"})
    assert response.status_code == 201, response.text
    return int(response.json()["run_id"])


def box(client: TestClient, run_id: int, text: str, confirm: bool = False) -> Any:
    """What the browser's box answers for a line typed (status, body)."""
    response = client.post(f"/api/play/{run_id}/act", json={"action": text, "confirm": confirm})
    return response.status_code, response.json()


def screen(state: VoyageState, lines: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What `play`'s screen prints for the lines typed, then the end of input."""
    session = Unsaved(VoyageGame(WORLD, find_voyage_rules(state.rules)), state)
    feed = itertools.chain((f"{line}\n" for line in lines), itertools.repeat(""))
    voyage_screen.run(session, lambda: next(feed))  # type: ignore[arg-type]
    return capsys.readouterr().out


# --- finding 3: names with spaces or underscores, any case --------------------------------


def test_a_hand_and_a_refit_are_hired_by_their_words_in_the_terminal(db: Path) -> None:
    out = play(db, "hire master gunner\nUpgrade More Guns\nquit\n")
    assert "hired a master gunner" in out and "paid 10 gold: gold 20 -> 10" in out
    assert "paid 10 gold: gold 10 -> 0" in out
    assert "not now" not in out and "write it as" not in out
    assert logged(db) == ["hire master_gunner", "upgrade more_guns"]


def test_the_browser_box_hires_a_gunner_as_its_placeholder_says(client: TestClient) -> None:
    run_id = new(client)
    status, body = box(client, run_id, "hire gunner")
    assert status == 200, body
    assert any("paid 10 gold" in line for line in body["lines"])
    assert body["state"]["figures"]["gold"] == 10


def test_a_word_that_tells_two_things_asks_which() -> None:
    from privateer.cli.typed_names import matches
    from privateer.cli.voyage import input as voyage_input

    assert matches("guns", ["more_guns", "sheathed_hull", "chase_guns"]) == [
        "more_guns",
        "chase_guns",
    ]
    session = Unsaved(VoyageGame(WORLD, find_voyage_rules("full")), quiet_voyage(rules="full"))
    with pytest.raises(voyage_input.NotUnderstood, match="'guns' could be more guns or chase"):
        voyage_input.read(session, "upgrade guns")
    assert voyage_input.read(session, "buy pilot").action == "hire pilot"


# --- finding 1 (typed): a course by name in the browser's box ----------------------------


def test_the_browser_box_sets_a_course_by_a_name_any_case(client: TestClient, db: Path) -> None:
    run_id = new(client)
    status, body = box(client, run_id, "course havana")
    assert status == 200, body
    assert any("course set for Havana" in line for line in body["lines"])
    havana = WORLD.port_by_name["Havana"].node
    assert body["state"]["observe"]["course"] == havana
    status, body = box(client, run_id, "course mare orientale")  # a sea, by its name
    assert status == 200 and body["state"]["observe"]["course"] != havana, body
    assert logged(db)[0] == f"course {havana}"


# --- finding 2: bare numbers at every numbered prompt -------------------------------------


def test_a_prize_takes_its_number_typed_alone(capsys: pytest.CaptureFixture[str]) -> None:
    state = quiet_voyage()
    state.pending = PrizeOffer(("broadside", "chain", "boarding"), "town")
    out = screen(state, ["2"], capsys)
    assert "unknown action" not in out and "not now" not in out
    assert state.pending is None and state.prizes[-1] == "chain"
    state.pending = PrizeOffer(("broadside", "chain", "boarding"), "town")
    screen(state, ["none"], capsys)
    assert state.pending is None and state.prizes[-1] == "chain"


def test_a_storm_takes_its_number_or_its_words(capsys: pytest.CaptureFixture[str]) -> None:
    state = quiet_voyage()
    state.port, state.gold, state.node = -1, 0, 40
    state.pending = Question("storm")
    out = screen(state, ["2", "3"], capsys)  # 2: nothing aboard to lighten
    assert "not now: barred: nothing aboard to lighten" in out
    assert "unknown action" not in out and state.pending is None
    assert WORLD.lon[state.node] < WORLD.lon[40]  # ran before it: downwind, west
    state.pending = Question("storm")
    screen(state, ["ride it out"], capsys)
    assert state.pending is None


def test_the_browser_box_takes_a_number_at_a_question_and_its_button_reads_back() -> None:
    state = quiet_voyage()
    state.port, state.gold, state.node = -1, 0, 40
    state.pending = Question("storm")
    session = Unsaved(VoyageGame(WORLD, find_voyage_rules(state.rules)), state)
    buttons = [voyage_web.entry(session, a)["action"] for a in session.game.legal_actions(state)]  # type: ignore[arg-type]
    assert buttons == ["choose 1", "choose 3"]  # as the question numbers them
    done = voyage_web.act(session, "3")  # type: ignore[arg-type]
    assert state.pending is None and done.ask is None


def test_every_button_of_the_browser_reads_back_to_its_action() -> None:
    """The page's buttons send typed_text; the one reader gives back the same action."""
    from privateer.cli.voyage import input as voyage_input

    at_sea = quiet_voyage()
    act_text(WORLD, at_sea, "course 6")
    act_text(WORLD, at_sea, "sail")
    alongside = quiet_voyage()
    act_text(WORLD, alongside, "course 6")
    act_text(WORLD, alongside, "sail")
    alongside.pending = Meeting(put_ship(alongside, MERCHANT, "spain", alongside.node))
    fight = quiet_voyage()
    act_text(WORLD, fight, "course 6")
    act_text(WORLD, fight, "sail")
    fight.pending = Meeting(put_ship(fight, MERCHANT, "spain", fight.node))
    act_text(WORLD, fight, "attack")
    states = [quiet_voyage(rules="full"), at_sea, alongside, fight]
    prize = quiet_voyage()
    prize.pending = PrizeOffer(("broadside", "guard_broadside", "chain"), "ship")
    states.append(prize)
    seen = 0
    for state in states:
        session = Unsaved(VoyageGame(WORLD, find_voyage_rules(state.rules)), state)
        for action in session.game.legal_actions(state):
            typed = voyage_input.read(session, voyage_input.typed_text(action))  # type: ignore[arg-type]
            assert typed.action == action.to_str() or typed.verb in ("go", "wait"), action
            seen += 1
    assert seen > 20


def test_keep_reads_the_cards_by_the_numbers_the_hand_shows() -> None:
    """`keep 1 2` keeps the first two cards shown, as `12` does; the engine's 0-based form is no
    longer what a person types (the hand is numbered 1 2 3)."""
    from privateer.cli.voyage import input as voyage_input

    fight = quiet_voyage()
    act_text(WORLD, fight, "course 6")
    act_text(WORLD, fight, "sail")
    fight.pending = Meeting(put_ship(fight, MERCHANT, "spain", fight.node))
    act_text(WORLD, fight, "attack")
    session = Unsaved(VoyageGame(WORLD, find_voyage_rules(fight.rules)), fight)
    read = lambda text: voyage_input.read(session, text).action  # noqa: E731
    assert read("keep 1 2") == read("12") == "keep 0 1"
    assert read("keep 3 1") == read("3 1") == "keep 2 0"
    for wrong in ("keep 0 1", "keep 2 2", "keep 1 4", "keep broadside"):
        with pytest.raises(voyage_input.NotUnderstood, match="keep two of 1 2 3"):
            read(wrong)


def test_a_quiet_day_says_what_it_did_in_the_browser_as_in_the_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`sail` in port with no course set idles a day: the browser's log says so, in the
    terminal's words, and so does a day at sea with nothing in it."""
    state = quiet_voyage(rules="full")
    session = Unsaved(VoyageGame(WORLD, find_voyage_rules(state.rules)), state)
    assert voyage_web.act(session, "sail").lines == ["a day in Plymouth (day 1 of 730)"]  # type: ignore[arg-type]
    assert "  a day in Plymouth (day 2 of 730)" in screen(state, ["sail"], capsys)


# --- finding 4: unknown is unknown, with a did-you-mean to take --------------------------


def test_a_slip_is_unknown_with_a_suggestion_taken_by_a_yes(db: Path) -> None:
    out = play(db, "hier gunner\ny\nxyzzy\nprize 1\nquit\n")
    assert "  unknown command 'hier'; did you mean `hire gunner`? [y/N] " in out
    assert "hired a master gunner" in out
    assert "  unknown command 'xyzzy': `help` lists the commands" in out
    assert "not now: no prize's stores wait on you" in out  # a command, not open now
    assert "not now: unknown" not in out and "unknown action" not in out
    assert logged(db) == ["hire master_gunner"]


def test_a_suggestion_not_taken_does_nothing_and_a_command_for_an_answer_is_done(
    db: Path,
) -> None:
    out = play(db, "hier gunner\nn\ncourse lisbon\nhire pilot\nquit\n")
    assert "did you mean `hire gunner`? [y/N] " in out and "hired a master" not in out
    assert "no port or place named 'lisbon'; did you mean Lisboa? [y/N] " in out
    assert "hired a pilot" in out  # typed for an answer: the next command, not lost
    assert logged(db) == ["hire pilot"]


def test_the_browser_box_answers_a_slip_with_the_line_meant_to_take(client: TestClient) -> None:
    run_id = new(client)
    status, body = box(client, run_id, "hier gunner")
    assert status == 200 and body["state"]["figures"]["gold"] == 20  # nothing done
    assert body["lines"] == ["  unknown command 'hier'; did you mean `hire gunner`?"]
    assert body["ask"]["action"] == "hire gunner" and body["ask"]["suggestion"] is True
    status, body = box(client, run_id, body["ask"]["action"], confirm=True)
    assert status == 200 and body["state"]["figures"]["gold"] == 10
    status, body = box(client, run_id, "attack")  # a command not open now: why
    assert (
        status == 400 and body["error"] == "no ship is alongside (`sight` shows the ships in sight)"
    )
    status, body = box(client, run_id, "sheet")  # a view shows its lines in the box
    assert status == 200 and any("master gunner" in line for line in body["lines"])


def test_a_slip_at_a_raid_asks_once_with_the_raids_own_question(client: TestClient) -> None:
    run_id = new(client)  # Plymouth, home: a raid there always asks first
    status, body = box(client, run_id, "raed")
    assert status == 200 and body["ask"]["action"] == "raid"
    assert body["ask"]["lines"][0] == "  unknown command 'raed'; did you mean `raid`?"
    assert any("changes the run" in line for line in body["ask"]["lines"][1:])


def test_suggestions_only_for_a_likely_typo() -> None:
    from privateer.cli.typed_names import close, fold, likeness

    assert close("hier", ["hire", "help", "where"]) == ["hire"]
    assert close("Madrid", ["Madras"]) == [] and round(likeness("madrid", "Madras"), 2) == 0.67
    assert close("gunr", ["master_gunner", "marksmen"]) == ["master_gunner"]
    assert fold("Saint-Malo") == fold("saint malo") == fold("SAINT_MALO") == "saint malo"


# --- finding 6: coordinates checked; towns ashore are not on the sea ---------------------


def test_coordinates_off_the_earth_or_beyond_the_world_are_refused(db: Path) -> None:
    out = play(db, "course 500,500\ncourse 30,4\ncourse 5.2,3.1\nquit\n")
    assert "500,500 is no place on earth: LON,LAT is a longitude -180 to 180" in out
    assert "30,4 (30.0E 4.0N) lies beyond this world's waters, which span" in out
    assert "course set for " in out
    assert logged(db) == [f"course {5 + 3 * 12}"]  # the node nearest 5.2,3.1


def test_a_town_ashore_far_from_the_water_is_not_on_the_sea() -> None:
    places = Places(WORLD)
    with pytest.raises(UnknownPlace, match=r"^Madrid is not on the sea: it lies ashore, beyond"):
        places.find("Madrid")
    with pytest.raises(UnknownPlace) as refused:
        places.find("Madrd")
    assert "Madras" not in str(refused.value)


def test_on_the_channels_coast_land_and_inland_towns_are_refused(
    channel_world_db: Path, tmp_path: Path
) -> None:
    db = tmp_path / "channel.duckdb"
    shutil.copyfile(channel_world_db, db)
    typed = "course 2.35,48.86\ncourse Paris\ncourse -3.7,40.4\ncourse saint malo\nquit\n"
    result = runner.invoke(COMMAND, ["--db", str(db), "play", "--seed", "1"], input=typed)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "2.35,48.86 (2.4E 48.9N) is on land, " in out and "nm from the sea" in out
    assert "Paris is not on the sea: it lies inland, " in out
    assert "-3.7,40.4 (3.7W 40.4N) lies beyond this world's waters" in out
    assert "course set for Saint-Malo: " in out
    with duckdb.connect(str(db), read_only=True) as con:
        (node,) = con.execute("SELECT node_id FROM ports WHERE name = 'Saint-Malo'").fetchone()
        runs = con.execute("SELECT max(run_id) FROM runs").fetchone()
        actions = con.execute(
            "SELECT action FROM actions WHERE run_id = ? ORDER BY seq", [runs[0]]
        ).fetchall()
    assert [a for (a,) in actions] == [f"course {node}"]


def test_every_command_help_lists_is_read_by_both_front_ends(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each command's example, typed in port: the terminal and the browser's box each do it,
    or say in one line why not (no fault, no 'unknown' for a command help lists)."""
    from privateer.cli.voyage import input as voyage_input
    from privateer.cli.voyage.help import COMMANDS
    from privateer.engine.voyage.actions import IllegalVoyageAction

    for verb, command in COMMANDS.items():
        example = command.example.split(",")[0].replace(" here.png", " ").strip() or verb
        if verb == "quit" or verb == "chart":
            continue  # quit ends the screen; chart writes a file (tested in test_cli_outputs)
        out = screen(quiet_voyage(rules="full"), [example], capsys)
        assert "unknown command" not in out, (verb, out)
        session = Unsaved(VoyageGame(WORLD, find_voyage_rules("full")), quiet_voyage(rules="full"))
        try:
            done = voyage_web.act(session, example)  # type: ignore[arg-type]
        except IllegalVoyageAction as error:
            assert not isinstance(error, voyage_input.NotUnderstood), (verb, error)
        else:
            assert not any("unknown command" in line for line in done.lines), (verb, done)
