"""Letters that say where (issue 35, finding 5: "sack a town in the Indies, against dutch", no
towns, the region not on the chart; the newcomer found Batavia by SQL, days out against a
270-day deadline). Typed into `privateer play` as a person would: `letter`, `help letter` and
the prompt name the region and its towns, each with the days' sail from her against the
deadline; the in-game chart takes the region in, dashed, its towns ringed; the browser's state
carries them for its chart. The days are a course's, step for step."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from privateer.cli.voyage.letter import where_lines, where_mark
from privateer.cli.voyage.render import LETTER_HELP
from privateer.cli.web import routes_play
from privateer.cli.web.app import create_app
from privateer.db import open_database
from privateer.db.world_load import load_world
from privateer.engine.voyage import letters
from privateer.engine.voyage.course import next_step
from privateer.engine.voyage.game import VoyageGame
from privateer.engine.voyage.late import Letter
from privateer.engine.voyage.letter_where import letter_where
from privateer.engine.voyage.letters import REGIONS, Region
from privateer.engine.voyage.rules import find_voyage_rules
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.kinds import MERCHANT, TREASURE
from tests.play_saves import play, ports_db, saved_state, set_save
from tests.voyage_fixtures import WORLD, port_index, put_ship, quiet_voyage

FULL = find_voyage_rules("full")
# the synthetic sea's regions (the real ones are boxes of the real chart): Barbary prizes west,
# a Spanish town to sack east, Sevilla open and Havana fortified
WEST = Region("the western sea", 1, ((0.0, 0.0, 5.0, 7.0),), "barbary")
EAST = Region("the eastern sea", 2, ((6.0, 5.0, 11.0, 7.0),), "spain")


@pytest.fixture(autouse=True)
def regions() -> Iterator[None]:
    with REGIONS.extra(WEST), REGIONS.extra(EAST):
        yield


@pytest.fixture(scope="module")
def empty_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return ports_db(tmp_path_factory.mktemp("letters") / "empty.duckdb")


@pytest.fixture
def db(empty_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import privateer.cli.voyage.commands as voyage_commands

    monkeypatch.setattr(voyage_commands, "engine_world", lambda ctx: WORLD)
    monkeypatch.setattr(routes_play, "play_world", lambda request: WORLD)
    path = tmp_path / "play.duckdb"
    shutil.copyfile(empty_db, path)
    return path


def second_letter(state: VoyageState) -> None:
    """The first letter done: the second, a town to sack in the eastern sea, in hand (issued
    by the engine)."""
    assert state.late is not None
    state.late.acts_done, state.late.letter = 1, None
    letters.issue(WORLD, state, FULL, 2)
    assert state.late.letter is not None and state.late.letter.region == "the eastern sea"


def sailed_days(state: VoyageState, node: int) -> int:
    """The days a course to `node` takes her, a step a day as the engine sails it."""
    trial = state.copy()
    trial.course = node
    days = 0
    while trial.node != node:
        step = next_step(WORLD, trial, 0, FULL)
        assert step != trial.node, "no way"
        trial.node, days = step, days + 1
    return days


def test_letter_help_letter_and_the_prompt_say_where_its_towns_are_and_how_far(db: Path) -> None:
    assert play(db, "--seed", "1", "--rules", "full", input="quit\n").exit_code == 0
    set_save(db, second_letter)
    state = saved_state(db)
    sevilla = sailed_days(state, WORLD.ports[port_index("Sevilla")].node)
    havana = sailed_days(state, WORLD.ports[port_index("Havana")].node)
    assert 0 < sevilla < havana
    result = play(db, "--resume", input="letter\nhelp letter\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"; act 2 0/1 by 200, Sevilla {sevilla} days] > " in out  # the status line
    where = (
        "  where: the eastern sea (6E-11E, 5N-7N; dashed on `chart FILE`), you are "
        f"{sailed_days(state, 5 * 12 + 6)} days' sail from its nearest water"
    )
    towns = [
        "  the towns of spain there (sacking any one does it; due day 200, 200 days left):",
        f"    Sevilla  open town  {sevilla} days' sail, in time",
        f"    Havana   fortified  {havana} days' sail, in time",
    ]
    _, letter, helped, _ = out.split("] > ")  # what `letter` and `help letter` printed
    for line in [where, *towns]:
        assert line in letter.splitlines(), line  # `letter`
        assert line in helped.splitlines(), line  # and `help letter`, over its rules
    assert all(line in helped for line in LETTER_HELP)


def test_a_town_too_far_for_the_deadline_says_by_how_much() -> None:
    state = quiet_voyage(rules="full")
    second_letter(state)
    assert state.late is not None and state.late.letter is not None
    sevilla = sailed_days(state, WORLD.ports[port_index("Sevilla")].node)
    state.late.letter.deadline = state.day + sevilla  # Sevilla just in time, Havana not
    where = letter_where(WORLD, state, FULL, VoyageGame(WORLD, FULL).wrules)
    assert where is not None
    havana = sailed_days(state, WORLD.ports[port_index("Havana")].node)
    assert [(t.name, t.days) for t in where.towns] == [("Sevilla", sevilla), ("Havana", havana)]
    lines = where_lines(where)
    assert f"    Sevilla  open town  {sevilla} days' sail, in time" in lines
    late = havana - sevilla
    assert f"    Havana   fortified  {havana} days' sail, past the deadline by {late} days" in lines


def test_the_prizes_letter_says_whether_she_is_in_its_region_and_how_far_it_is() -> None:
    """The first act's prizes count only in the region: in it, the prompt says so; out of it,
    the days to its nearest water."""
    state = quiet_voyage(rules="full")
    game = VoyageGame(WORLD, FULL)
    assert state.late is not None and state.late.letter is not None
    assert state.late.letter.region == "the western sea"
    assert where_mark(letter_where(WORLD, state, FULL, game.wrules)) == ", in the western sea"
    state.node = 5 * 12 + 9  # east of it
    where = letter_where(WORLD, state, FULL, game.wrules)
    assert where is not None and not where.inside
    assert where.region_days == sailed_days(state, 5 * 12 + 5)  # its nearest water, by a course
    assert where_mark(where) == f", the western sea {where.region_days} days"


def test_the_browser_state_carries_the_letters_region_and_towns_for_its_chart(db: Path) -> None:
    with TestClient(create_app(db), base_url="http://localhost") as client:
        client.app.state.chart_drawing.join()  # type: ignore[attr-defined]
        made = client.post("/api/play/new", json={"seed": 1, "rules": "full"})
        assert made.status_code == 201, made.text
        state = made.json()["state"]
    letter = state["letter"]
    assert letter["region"] == "the western sea" and letter["boxes"] == [[0.0, 0.0, 5.0, 7.0]]
    algiers = WORLD.ports[port_index("Algiers")]
    days = sailed_days(saved_state(db), algiers.node)
    assert letter["towns"] == [
        {"name": "Algiers", "node": algiers.node, "lon": 5.0, "lat": 7.0, "fortified": True,
         "days": days, "in_time": True, "raid": "open"}
    ]  # fmt: skip
    assert (letter["deadline"], letter["days_left"], letter["inside"]) == (150, 150, True)
    assert state["prompt"].endswith("act 1 0/2 by 150, in the western sea")


def test_the_browsers_help_letter_says_where_the_letter_in_hand_sends_her(db: Path) -> None:
    """`help letter` typed in the page's box: the rules, then the letter in hand and where it
    sends her, as the terminal prints it."""
    with TestClient(create_app(db), base_url="http://localhost") as client:
        client.app.state.chart_drawing.join()  # type: ignore[attr-defined]
        made = client.post("/api/play/new", json={"seed": 1, "rules": "full"})
        run_id = made.json()["run_id"]
        helped = client.post(f"/api/play/{run_id}/act", json={"action": "help letter"})
        letter = client.post(f"/api/play/{run_id}/act", json={"action": "letter"})
    assert helped.status_code == letter.status_code == 200, helped.text
    lines = helped.json()["lines"]
    assert "Letters of marque (the full rules): a run in three acts" in "\n".join(lines)
    told = letter.json()["lines"]
    assert any(line.startswith("  where: the western sea") for line in told), told
    at = lines.index(told[0])
    assert lines[at : at + len(told)] == told  # the letter in hand, over the rules


def test_the_in_game_chart_takes_the_letters_region_in_and_rings_its_towns(
    channel_world_db: Path, tmp_path: Path
) -> None:
    """On the real Channel: the first letter's region, the Narrow Seas, dashed, the towns of
    its nation there ringed, and the letter in the chart's title."""
    db = tmp_path / "channel.duckdb"
    shutil.copyfile(channel_world_db, db)
    svg = tmp_path / "here.svg"
    result = play(db, "--seed", "1", "--rules", "full", input=f"letter\nchart {svg}\nquit\n")
    assert result.exit_code == 0, result.output
    listed = result.stdout.split("where her ships come and go")[1].split("] > ")[0]
    towns = [line.split()[0] for line in listed.splitlines() if line.startswith("    ")]
    assert towns, result.stdout
    drawn = svg.read_text()
    assert 'id="letter-region:the Narrow Seas"' in drawn
    assert 'id="marks-letter_town"' in drawn
    ring = 'style="fill: none; stroke: #5a3a1a; stroke-width: 1.4"'
    assert drawn.count(ring) == len(towns)  # a ring round each
    assert "act 1: prizes in the Narrow Seas by day 150 (ringed)" in drawn


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
def test_the_newcomers_indies_letter_names_batavia_and_its_days_against_the_deadline(
    world_db_copy: Path,
) -> None:
    """The issue's own case: the second letter against the Dutch in the Indies, from
    Plymouth in a pinnace."""
    assert play(world_db_copy, "--seed", "1", "--rules", "full", input="quit\n").exit_code == 0
    engine = open_database(world_db_copy, read_only=True, notify=lambda _: None)
    world = load_world(engine)
    engine.dispose()

    def indies(state: VoyageState) -> None:
        assert state.late is not None
        state.late.acts_done = 1
        dutch = world.nation("dutch")
        state.late.letter = Letter(2, dutch, "the Indies", "sack", -1, 0, 0, 270, False, 50)

    set_save(world_db_copy, indies, world)
    out = play(world_db_copy, "--resume", input="letter\nquit\n").stdout
    assert "  where: the Indies (90E-135E, 12S-12N; dashed on `chart FILE`)" in out
    batavia = next(line for line in out.splitlines() if line.startswith("    Batavia"))
    assert "fortified" in batavia and "days' sail, in time" in batavia
    days = int(batavia.split("fortified")[1].split()[0])
    # across two oceans at the open ocean's day's run, inside the act's 270 days
    assert 100 < days <= 270 and f"; act 2 0/1 by 270, Batavia {days} days] > " in out


def test_the_plate_ships_letter_says_how_far_the_admiraltys_word_of_her_is() -> None:
    state = quiet_voyage(rules="full")
    plate = put_ship(state, MERCHANT, "spain", 95)
    state.world.ships["kind"][plate] = TREASURE
    assert state.late is not None
    state.late.acts_done, state.late.letter = 2, None
    letters.issue(WORLD, state, FULL, 3)  # with the Admiralty's word of where she is
    where = letter_where(WORLD, state, FULL, VoyageGame(WORLD, FULL).wrules)
    assert where is not None and where.task == "plate_ship" and where.towns == ()
    assert where.word_node == 95 and where.word_days == sailed_days(state, 95)
    assert where_mark(where) == f", her word {where.word_days} days"
    (line,) = where_lines(where)
    assert line.startswith("  where: the Admiralty's last word placed her node 95: ")
    assert f"{where.word_days} days' sail from you (due day {where.deadline}" in line
