"""A raid sized up before it starts (issue 35, finding 7: `raid` at Brest in a 10-hull pinnace
against a 22-hull fort began at once, no sizing-up, no question). Typed into `privateer play` as
a person would, and sent as the browser sends it: her walls, guns, relief and treasury against
your hull and deck, the odds of the fight as the card engine plays it out, and a y/N (the
browser's `confirm`) when they are long; a raid at fair odds is sized up and begins. The odds
are the card engine's own (the captain bot's keeps), the same every time, and draw nothing of
the game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from privateer.cli.web import routes_play
from privateer.cli.web.app import create_app
from privateer.engine.fight.encounter import Encounter, act, create_encounter
from privateer.engine.fight.odds import TRIALS, as_the_captain_fights, odds
from privateer.engine.fight.outfit import Outfit
from privateer.engine.voyage.actions import KeepCards
from privateer.engine.voyage.captain import CAPTAIN
from privateer.engine.voyage.game import VoyageGame
from privateer.engine.voyage.raid_read import raid_read
from privateer.engine.voyage.rules import find_voyage_rules
from privateer.engine.voyage.state import VoyageState
from tests.play_saves import play, ports_db, saved_state, set_save
from tests.voyage_fixtures import WORLD, port_index, quiet_voyage

DILEMMAS = find_voyage_rules("dilemmas")


@pytest.fixture(scope="module")
def empty_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return ports_db(tmp_path_factory.mktemp("raids") / "empty.duckdb")


@pytest.fixture
def db(empty_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import privateer.cli.voyage.commands as voyage_commands

    monkeypatch.setattr(voyage_commands, "engine_world", lambda ctx: WORLD)
    monkeypatch.setattr(routes_play, "play_world", lambda request: WORLD)
    path = tmp_path / "play.duckdb"
    shutil.copyfile(empty_db, path)
    assert play(path, "--seed", "1", "--rules", "dilemmas", input="quit\n").exit_code == 0
    return path


def in_port(name: str, ship: str = "pinnace", crew: tuple[str, ...] = ()) -> object:
    """A change to a save: at war with Spain, in port `name` in a `ship` at full hull, with
    `crew` (hands of note) aboard."""

    def change(state: VoyageState) -> None:
        england, spain = WORLD.nation("england"), WORLD.nation("spain")
        state.world.wars = [[england, spain]]
        state.port = port_index(name)
        state.node = WORLD.ports[state.port].node
        state.ship = ship
        state.crew = list(crew)
        state.hull = state.max_hull()

    return change


def test_a_hopeless_raid_is_sized_up_and_asks_first_as_typed(db: Path) -> None:
    set_save(db, in_port("Cadiz"))  # fortified: walls of 22 against a pinnace's 10
    before = saved_state(db).state_hash()
    result = play(db, "--resume", input="raid\nn\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "] >   Cadiz (Spain) sized up:\n" in out
    for line in (
        "    walls: 22 hull against your hull 10/10",
        "    treasury: 25 gold (a sack takes it all)",
        "    your deck: 10 cards, 4 to fall back with",
    ):
        assert line in out.splitlines(), line
    assert "    guns: she hurts 11 (great guns x3, heated shot)" in out
    assert f"    odds: played out {TRIALS} times as the captain bot fights: sacked 0%" in out
    assert "  long odds (sacked under 50% of the time, or sunk 20% or more): sacked in 0 of" in out
    assert "raid all the same? [y/N]   not done" in out
    assert "changes the run" not in out  # Spain is England's enemy: only the odds ask
    assert saved_state(db).state_hash() == before  # nothing done, nothing drawn
    again = play(db, "--resume", input="raid\ny\n").stdout
    assert "raid all the same? [y/N] day 0: fight: fortified port (you raided)" in again
    assert saved_state(db).fight is not None


GUNNED_BRIGANTINE = in_port("Sevilla", "brigantine", ("master_gunner",))
"""An open town (walls of 17) and a brigantine with a master gunner: fair odds."""


def test_a_raid_at_fair_odds_is_sized_up_and_begins(db: Path) -> None:
    set_save(db, GUNNED_BRIGANTINE)
    out = play(db, "--resume", input="raid\n").stdout
    assert "  Sevilla (Spain) sized up:" in out
    assert "    walls: 17 hull against your hull 16/16" in out
    assert "[y/N]" not in out and "long odds" not in out
    assert "day 0: fight: town (you raided)" in out and saved_state(db).fight is not None


def test_the_browser_asks_before_a_raid_at_long_odds(db: Path) -> None:
    set_save(db, in_port("Cadiz"))
    with TestClient(create_app(db), base_url="http://localhost") as client:
        client.app.state.chart_drawing.join()  # type: ignore[attr-defined]
        asked = client.post("/api/play/1/act", json={"action": "raid", "confirm": False})
        assert asked.status_code == 200, asked.text
        body = asked.json()
        assert body["ask"]["action"] == "raid"
        assert "    walls: 22 hull against your hull 10/10" in body["ask"]["lines"]
        assert any(line.startswith("  long odds") for line in body["ask"]["lines"])
        assert body["state"]["context"] == "in port"
        done = client.post("/api/play/1/act", json={"action": "raid", "confirm": True})
        assert done.status_code == 200 and done.json()["state"]["context"] == "fight"


def test_the_browser_sizes_up_a_raid_at_fair_odds_and_begins_it(db: Path) -> None:
    set_save(db, GUNNED_BRIGANTINE)
    with TestClient(create_app(db), base_url="http://localhost") as client:
        client.app.state.chart_drawing.join()  # type: ignore[attr-defined]
        done = client.post("/api/play/1/act", json={"action": "raid", "confirm": False})
        assert done.status_code == 200, done.text
        body = done.json()
        assert body["ask"] is None and body["state"]["context"] == "fight"
        assert body["lines"][:2] == [
            "  Sevilla (Spain) sized up:",
            "    walls: 17 hull against your hull 16/16",
        ]


def raid_begun(port: str, ship: str) -> tuple[VoyageState, Encounter]:
    """A quiet voyage raiding `port` (Spain at war with England) in a `ship`: the fight on."""
    state = quiet_voyage()
    in_port(port, ship)(state)  # type: ignore[operator]
    VoyageGame(WORLD, DILEMMAS).act(state, VoyageGame(WORLD, DILEMMAS).parse_action("raid"))
    assert state.fight is not None
    return state, state.fight


def test_the_odds_are_the_same_every_time_and_draw_nothing_of_the_game() -> None:
    state = quiet_voyage()
    in_port("Cadiz")(state)  # type: ignore[operator]
    game = VoyageGame(WORLD, DILEMMAS)
    before = state.state_hash()
    trial = game.copy(state)
    game.act(trial, game.parse_action("raid"))
    assert trial.fight is not None
    read = raid_read(trial.fight)
    assert raid_read(trial.fight) == read and state.state_hash() == before
    assert (read["hull"], read["treasury"], read["your_hull"]) == (22, 25, 10)
    again = odds(trial.fight.setup)
    assert again == read["odds"] and again.trials == TRIALS
    assert again.destroyed + again.sunk + again.got_away + again.fled + again.parted == TRIALS


def test_the_odds_play_as_the_captain_bot_fights_a_raid() -> None:
    """Every keep of a raid, outgunned (a pinnace at a fort) or not (a brigantine at an open
    town), is the one the voyage's captain makes."""
    for port, ship in (("Cadiz", "pinnace"), ("Sevilla", "brigantine")):
        state, fight = raid_begun(port, ship)
        while fight.result is None:
            keep = as_the_captain_fights(fight)
            assert CAPTAIN._fight(state) == KeepCards(keep.first, keep.second)
            act(fight, keep, log=False)


def test_the_odds_move_with_the_fights_terms() -> None:
    """What the card engine says of a raid: a pinnace never takes a fort; a brigantine takes
    an open town nearly always, and less often once its walls are raised by a raid guard."""
    fort, _ = create_encounter("fortified_port", Outfit("pinnace"), 0)
    assert odds(fort.setup).destroyed == 0
    town, _ = create_encounter("town", Outfit("brigantine"), 0)
    guarded, _ = create_encounter("town", Outfit("brigantine"), 0, walls=8)
    fair, raised = odds(town.setup), odds(guarded.setup)
    assert fair.percent(fair.destroyed) >= 90
    assert raised.destroyed < fair.destroyed


@pytest.mark.parametrize(
    ("engine", "open_town"), [(None, 17), ("voyage-5", 14)], ids=["now", "voyage-5"]
)
def test_an_open_town_has_walls_of_its_own_since_voyage_6(
    engine: str | None, open_town: int
) -> None:
    """Since voyage-6 an open town's walls are 3 above the card engine's town (the rules'
    `town_walls`); a fortified port's are its kind's; a voyage-5 run raids the bare town."""
    rules = find_voyage_rules("dilemmas", engine)
    for port, walls in (("Sevilla", open_town), ("Cadiz", 22)):
        state = quiet_voyage()
        in_port(port, "brigantine")(state)  # type: ignore[operator]
        VoyageGame(WORLD, rules).act(state, VoyageGame(WORLD, rules).parse_action("raid"))
        assert state.fight is not None and state.fight.max_hull[1] == walls, port


def test_the_shuffle_decides_a_raid_on_a_voyages_open_town() -> None:
    """The card engine's bare town is a race of totals: a pinnace with a master gunner takes
    it every time, without him never. A voyage's, 3 walls higher, is the shuffle's: with him
    she mostly sacks it, and sometimes sinks or falls back; without him she still never does."""
    gunner = Outfit("pinnace", ("master_gunner",))
    bare, _ = create_encounter("town", gunner, 0)
    walled, _ = create_encounter("town", gunner, 0, walls=3)
    without, _ = create_encounter("town", Outfit("pinnace"), 0, walls=3)
    before, now, alone = odds(bare.setup), odds(walled.setup), odds(without.setup)
    assert before.sunk == 0 and before.percent(before.destroyed) >= 97
    assert 60 <= now.percent(now.destroyed) <= 95
    assert now.sunk > 0 and now.got_away > 0
    assert alone.destroyed == 0
