"""Places by name on the full world: one resolver of port and place names for every command
(accents and case folded, a slip answered with what was meant), the describer of where a node
lies and of a course's days and miles, and `play` speaking in places, not node ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.places import Places, UnknownPlace, find_port, load_capes, suggest
from privateer.engine.world.world import World

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world")]
runner = CliRunner()


def invoke(db: Path, *args: str, input: str | None = None) -> object:
    return runner.invoke(app, ["--db", str(db), *args], input=input)


@pytest.fixture(scope="module")
def world(loaded_full_world: object) -> World:
    assert isinstance(loaded_full_world, World)
    return loaded_full_world


def test_a_port_is_found_in_any_case_without_its_accents(world: World) -> None:
    cadiz = world.port_by_name["Cádiz"]
    for typed in ("Cádiz", "cadiz", "CADIZ", " Cadiz "):
        assert world.ports[find_port(world, typed)] == cadiz
    assert world.ports[find_port(world, "sale")].name == "Salé"
    with pytest.raises(UnknownPlace, match=r"^no port named 'Havanna'; did you mean Havana\?$"):
        find_port(world, "Havanna")
    with pytest.raises(UnknownPlace, match=r"^no port named 'Atlantis'$"):
        find_port(world, "Atlantis")
    assert suggest("Lisbn", [p.name for p in world.ports]) == ["Lisbon"]


def test_places_beyond_the_ports_are_found_by_name(world: World) -> None:
    places = Places(world)
    node, name = places.find("cape st vincent")
    assert name == "Cape St Vincent"
    assert places.near(node) == "off Cape St Vincent, Oceanus Atlanticus"
    assert places.find("Amazon")[1] == "the mouth of the Amazon"
    assert places.find("strait of gibraltar")[1] == "the Strait of Gibraltar"
    assert places.find("Mogador")[1] == "Mogador"  # one of Drake's places
    with pytest.raises(UnknownPlace, match="did you mean Cape Horn"):
        places.find("Cape Hron")


def test_every_cape_lies_by_the_water_of_this_world(world: World) -> None:
    capes = load_capes(world)
    assert len(capes) >= 40 and len({c.name for c in capes}) == len(capes)
    places = Places(world)
    for cape in capes:
        assert places.nearest(cape.node) is not None
        assert places.near(cape.node).startswith(("off ", "on ", "in "))


def test_cadiz_water_and_the_open_ocean_are_described_by_name(world: World) -> None:
    places = Places(world)
    cadiz = world.port_by_name["Cádiz"].node
    assert places.near(cadiz) == "off Cádiz, Oceanus Atlanticus"
    # mid-Atlantic, far from anything: days, miles and a side of the nearest landmark
    d = (world.lon + 35.0) ** 2 + (world.lat - 35.0) ** 2
    ocean = int(d.argmin())
    words = places.near(ocean)
    found = re.fullmatch(
        r"(\d+) days \(([\d,]+) nm\) (north|south|east|west|northeast|northwest|southeast|"
        r"southwest) of (.+), (.+)",
        words,
    )
    assert found, words
    mark, days, _ = places.nearest(ocean) or (None, 0, 0.0)
    assert mark is not None and int(found[1]) == days >= 5 and found[4] == mark.name
    assert found[5] == world.seas[world.sea_of_node[ocean]]
    assert "node" not in words and "[node" in Places(world, debug=True).near(ocean)


def test_a_course_in_words_gives_its_days_and_miles(world: World) -> None:
    places = Places(world)
    plymouth = world.port_by_name["Plymouth"].node
    cadiz = world.port_by_name["Cádiz"].node
    days = int(world.hops_from([cadiz])[plymouth])
    words = places.course(plymouth, cadiz)
    assert re.fullmatch(rf"Cádiz: {days} days, [\d,]+ nm", words), words
    way = places.way(plymouth, cadiz)
    assert way is not None and 40 * days < way[1] < 70 * days  # a day's step is 40-70 nm


def test_route_bar_and_play_share_the_resolver(world_db_copy: Path) -> None:
    assert invoke(world_db_copy, "route", "Plymouth", "cadiz").exit_code == 0
    for args in (("route", "Plymouth", "Havanna"), ("bar", "Havanna")):
        result = invoke(world_db_copy, *args)
        assert result.exit_code == 2
        assert "no port" in result.output and "did you mean Havana?" in result.output
    bar = invoke(world_db_copy, "bar", "CADIZ", "--rounds", "3")
    assert bar.exit_code == 0 and bar.stdout.startswith("Cádiz, day 100")
    played = invoke(
        world_db_copy, "play", "--seed", "7", input="course Havanna\ncourse cadiz\nquit\n"
    )
    assert played.exit_code == 0, played.output
    assert "no port or place named 'Havanna'; did you mean Havana?" in played.stdout
    assert re.search(r"course set for Cádiz: \d+ days, [\d,]+ nm", played.stdout)


def test_play_names_places_and_shows_node_ids_only_with_debug(world_db_copy: Path) -> None:
    lines = "course Cadiz\nsheet\nsail\nsail\nsail\nsight\nwhere\nrumors\nsheet\nquit\n"
    played = invoke(world_db_copy, "play", "--seed", "7", input=lines)
    assert played.exit_code == 0, played.output
    out = played.stdout
    assert "node" not in out
    assert "in Plymouth; bound for Cádiz: " in out and " to go" in out
    assert re.search(r"  near: (off|on|in|.* of) ", out)
    debug = invoke(world_db_copy, "play", "--seed", "8", "--debug", input=lines)
    assert debug.exit_code == 0, debug.output
    assert "course set for Cádiz [node " in debug.stdout


def test_play_refuses_a_town_inland_and_land_and_sails_for_a_bank_by_its_words(
    world_db_copy: Path,
) -> None:
    """Issue 35: Madrid is inland (not Madras), its coordinates are on land, 500,500 is off
    the earth, and the rumors' Grand Banks are a course."""
    typed = "course Madrid\ncourse -3.7,40.4\ncourse 500,500\ncourse Grand Banks\nquit\n"
    played = invoke(world_db_copy, "play", "--seed", "7", input=typed)
    assert played.exit_code == 0, played.output
    out = played.stdout
    assert "  Madrid is not on the sea: it lies inland, 187 nm from the water" in out
    assert "Madras" not in out
    assert "  -3.7,40.4 (3.7W 40.4N) is on land, 187 nm from the sea" in out
    assert "  500,500 is no place on earth" in out
    assert re.search(r"course set for the Grand Banks of Newfoundland: \d+ days", out)
