"""The shore in play, each rule by its switch, on the synthetic sea with a shore of its own (the
Privateer design document, "the world": "Forts put the water a step out under their guns", "Banks
keep deep keels off"; "Location is whatever is where you are"): a hostile fort's shot, a deep keel
kept off the banks and routed round them, the location panel, and the Atlantic corsairs' reach. With
each switch off, the voyage plays exactly as it did."""

from __future__ import annotations

import dataclasses

import pytest

from privateer.cli.voyage import screen as voyage_screen
from privateer.engine.events import Event
from privateer.engine.fight.ships import SHIPS
from privateer.engine.voyage.actions import Course, IllegalVoyageAction, Sail
from privateer.engine.voyage.captain import CAPTAIN
from privateer.engine.voyage.captained import play_captained
from privateer.engine.voyage.game import VoyageGame, act, create_voyage, observe
from privateer.engine.voyage.rules import VoyageRules, find_voyage_rules
from privateer.engine.voyage.shore import banks_closed
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.game import advance, corsair_reach, create_world
from privateer.engine.world.rules import SEED_000
from privateer.engine.world.state import LAID_UP
from privateer.engine.world.world import World
from tests.voyage_fixtures import Unsaved
from tests.world_fixtures import COLS
from tests.world_fixtures import synthetic_world as _plain_world


def node(c: int, r: int) -> int:
    return r * COLS + c


BANK = [node(4, r) for r in range(1, 7)]  # a bank across the sea, open at rows 0 and 7
SALE_GUNS = [node(0, 4), node(1, 4), node(1, 3), node(1, 5)]  # Sale's (morocco: at war)
PLYMOUTH_GUNS = [node(0, 0), node(1, 1)]  # England's own
AMSTERDAM_GUNS = [node(8, 0), node(8, 1)]


def shore_world() -> World:
    plain = _plain_world()
    features = (
        *plain.features,
        *((n, "bank", "Dogger Bank") for n in BANK),
        *((n, "fort_guns", "Sale") for n in SALE_GUNS),
        *((n, "fort_guns", "Plymouth") for n in PLYMOUTH_GUNS),
        *((n, "fort_guns", "Amsterdam") for n in AMSTERDAM_GUNS),
        (node(2, 6), "river_mouth", "Rio Grande"),
    )
    return dataclasses.replace(plain, features=tuple(sorted(features)))


SHORE = shore_world()
# `classic` with the shore's rules off (on in every ruleset since voyage-4)
CLASSIC = find_voyage_rules("classic").with_changes(fort_fire=False, banks=False)


def at_sea(rules: VoyageRules, where: int, ship: str = "pinnace", seed: int = 1) -> VoyageState:
    """A voyage by `rules` at sea on `where` in a `ship`, every ship of the world laid up."""
    state, _ = create_voyage(SHORE, seed, rules)
    ships = state.world.ships
    for s in range(len(ships["kind"])):
        ships["task"][s], ships["until"][s], ships["leg"][s] = LAID_UP, 100_000, -1
    state.ship, state.hull = ship, SHIPS[ship].hull
    state.port, state.node = -1, where
    return state


def sail_to(state: VoyageState, rules: VoyageRules, goal: int, days: int = 60) -> list[Event]:
    events = act(SHORE, state, Course(goal), rules)
    for _ in range(days):
        if state.node == goal or state.over or state.pending is not None:
            break
        events += act(SHORE, state, Sail(), rules)
    return events


# --- a fort's guns ----------------------------------------------------------------------------

FIRE = CLASSIC.with_changes(fort_fire=True, fort_hit_per_mille=1000)


def test_a_hostile_fort_fires_on_her_in_the_water_under_its_guns() -> None:
    state = at_sea(FIRE, node(1, 6))
    events = sail_to(state, FIRE, node(1, 4))
    shots = [e for e in events if e.kind == "fort_fire"]
    assert shots, [e.kind for e in events]
    assert all(e.data["port"] == "Sale" and e.data["nation"] == "morocco" for e in shots)
    assert 1 <= shots[0].data["hull_lost"] <= FIRE.fort_hull_max
    assert state.hull == SHIPS["pinnace"].hull - sum(e.data["hull_lost"] for e in shots)
    assert shots[0].data["stop"] is True


def test_a_fort_sinks_her_and_the_cause_is_the_fort() -> None:
    state = at_sea(FIRE, node(1, 5))
    state.hull = 1
    events = sail_to(state, FIRE, node(1, 4))
    assert state.outcome == "sunk" and state.cause == "fort"
    assert events[-1].kind == "sunk" and events[-1].data["by"] == "fort"
    assert VoyageState.from_dict(state.to_dict(), SHORE).cause == "fort"  # it saves


def test_a_friendly_fort_holds_its_fire_and_one_that_wants_you_does_not() -> None:
    dutch, england = SHORE.nation("dutch"), SHORE.nation("england")
    for standing, fires in ((0, False), (-1, True)):
        state = at_sea(FIRE, node(9, 1))
        ws = state.world
        ws.wars = [w for w in ws.wars if sorted(w) != sorted([dutch, england])]
        ws.standing[dutch] = standing
        events = sail_to(state, FIRE, node(8, 1))
        assert any(e.kind == "fort_fire" for e in events) is fires
    state = at_sea(FIRE, node(2, 1))  # Plymouth's own guns never fire on her
    assert not any(e.kind == "fort_fire" for e in sail_to(state, FIRE, node(1, 1)))


def test_the_shot_finds_her_only_as_often_as_the_rules_say() -> None:
    rules = CLASSIC.with_changes(fort_fire=True, fort_hit_per_mille=0)
    state = at_sea(rules, node(1, 5))
    for _ in range(5):
        act(SHORE, state, Course(node(1, 4) if state.node != node(1, 4) else node(1, 3)), rules)
        assert not any(e.kind == "fort_fire" for e in act(SHORE, state, Sail(), rules))


# --- banks and a deep keel --------------------------------------------------------------------

BANKS = CLASSIC.with_changes(banks=True)


def test_a_deep_keel_is_routed_round_the_bank_and_a_shallow_one_crosses_it() -> None:
    deep = at_sea(BANKS, node(2, 3), ship="frigate")
    track = [deep.node]
    for e in sail_to(deep, BANKS, node(6, 3)):
        if e.kind == "sailed":
            track.append(e.data["node"])
    assert deep.node == node(6, 3)
    assert not set(track) & set(BANK)
    shallow = at_sea(BANKS, node(2, 3), ship="pinnace")
    crossed = [e.data["node"] for e in sail_to(shallow, BANKS, node(6, 3)) if e.kind == "sailed"]
    assert shallow.node == node(6, 3) and set(crossed) & set(BANK)
    assert len(track) - 1 > len(crossed)  # round the bank is the longer way


def test_a_course_onto_a_bank_or_with_no_way_round_is_refused_with_the_reason() -> None:
    deep = at_sea(BANKS, node(2, 3), ship="galleon")
    with pytest.raises(IllegalVoyageAction, match="Dogger Bank"):
        act(SHORE, deep, Course(node(4, 3)), BANKS)
    assert deep.course == -1  # refused: nothing changed
    wall = dataclasses.replace(
        SHORE, features=(*SHORE.features, (node(4, 0), "bank", "Dogger Bank"),
                         (node(4, 7), "bank", "Dogger Bank")),
    )  # fmt: skip
    with pytest.raises(IllegalVoyageAction, match="no way round"):
        act(wall, deep, Course(node(6, 3)), BANKS)
    shallow = at_sea(BANKS, node(2, 3))
    act(SHORE, shallow, Course(node(4, 3)), BANKS)  # a pinnace goes over it
    assert shallow.course == node(4, 3)
    off = at_sea(CLASSIC, node(2, 3), ship="galleon")  # without the rule, so does a galleon
    act(SHORE, off, Course(node(4, 3)), CLASSIC)
    assert off.course == node(4, 3)


def test_the_captain_sets_only_courses_its_keel_can_sail() -> None:
    state = at_sea(BANKS, node(2, 3), ship="galleon")
    game = VoyageGame(SHORE, BANKS)
    state.course = -1
    chosen = CAPTAIN._keel_course(game, state, Course(node(4, 3)))
    assert isinstance(chosen, Course) and chosen.node not in banks_closed(SHORE)
    assert SHORE.hops_from([node(4, 3)])[chosen.node] == 1  # beside where it meant to go


def test_a_port_on_a_bank_stays_open() -> None:
    on_port = dataclasses.replace(
        SHORE, features=(*SHORE.features, (node(3, 0), "bank", "Bristol Bank"))
    )
    assert node(3, 0) not in banks_closed(on_port)  # Bristol's node: she anchors off it


# --- the location panel -----------------------------------------------------------------------


def test_the_location_panel_names_each_kind_of_place() -> None:
    state = at_sea(CLASSIC, node(1, 4))
    place = observe(SHORE, state, CLASSIC)["location"]
    assert place["waters"] == "morocco" and place["waters_days"] == 1
    assert place["sea"] == "Mare Occidentale"
    assert place["fort_guns"] == [{"port": "Sale", "nation": "morocco", "hostile": True}]
    assert place["strait"] is None and place["bank"] is None and place["anchorage"] is False
    state.node = node(6, 3)
    place = observe(SHORE, state, CLASSIC)["location"]
    assert place["strait"] == "The Narrows" and place["waters"] is None
    assert place["sea"] == "Mare Orientale"
    state.node = node(4, 3)
    assert observe(SHORE, state, CLASSIC)["location"]["bank"] == "Dogger Bank"
    state.node = node(2, 6)
    assert observe(SHORE, state, CLASSIC)["location"]["river_mouth"] == "Rio Grande"
    state.node = node(1, 1)
    forts = observe(SHORE, state, CLASSIC)["location"]["fort_guns"]
    assert forts == [{"port": "Plymouth", "nation": "england", "hostile": False}]
    ws = state.world
    ws.islands, ws.charted = [node(7, 5)], [1]
    state.node = node(7, 5)
    assert observe(SHORE, state, CLASSIC)["location"]["anchorage"] is True
    ws.charted = [0]  # an island not yet charted is no anchorage
    assert observe(SHORE, state, CLASSIC)["location"]["anchorage"] is False
    assert "deep_keel" not in observe(SHORE, state, CLASSIC)["location"]
    state.ship, state.hull = "frigate", SHIPS["frigate"].hull
    assert observe(SHORE, state, BANKS)["location"]["deep_keel"] is True


# --- off, nothing changes ---------------------------------------------------------------------


def test_with_the_switches_off_the_shore_changes_nothing() -> None:
    plain = _plain_world()
    for rules in (CLASSIC, find_voyage_rules("full").with_changes(fort_fire=False, banks=False)):
        on_shore = play_captained(VoyageGame(SHORE, rules, days=200), 3, CAPTAIN.choose)
        at_plain = play_captained(VoyageGame(plain, rules, days=200), 3, CAPTAIN.choose)
        assert on_shore.actions == at_plain.actions and on_shore.events == at_plain.events
        assert on_shore.checkpoints == at_plain.checkpoints


def test_the_captain_plays_a_voyage_with_every_shore_rule_on() -> None:
    rules = CLASSIC.with_changes(fort_fire=True, banks=True)
    record = play_captained(VoyageGame(SHORE, rules, days=200), 3, CAPTAIN.choose)
    assert record.state is not None and record.state.day > 0


# --- the Atlantic corsairs' reach -------------------------------------------------------------


def test_the_atlantic_corsairs_reach_farther_only_by_rules_that_say_so() -> None:
    sale = next(i for i, p in enumerate(SHORE.ports) if p.name == "Sale")
    algiers = next(i for i, p in enumerate(SHORE.ports) if p.name == "Algiers")
    assert corsair_reach(SHORE, SEED_000, sale) == SEED_000.corsair_range_days
    far = dataclasses.replace(SEED_000, corsair_ocean_range_days=60, ocean_corsairs=("Sale",))
    assert corsair_reach(SHORE, far, sale) == 60
    assert corsair_reach(SHORE, far, algiers) == SEED_000.corsair_range_days


def test_a_corsair_with_the_longer_reach_raids_a_town_past_the_others_reach() -> None:
    """With every corsair's reach cut to a day, nobody raids; Sale's rovers, given the ocean
    reach, still find open towns of their enemies."""
    near = dataclasses.replace(SEED_000, corsair_range_days=1)
    far = dataclasses.replace(near, corsair_ocean_range_days=40, ocean_corsairs=("Sale",))
    raids: dict[str, list[str]] = {}
    for name, wrules in (("near", near), ("far", far)):
        state, _ = create_world(SHORE, 5, wrules)
        events = [e for _ in range(200) for e in advance(SHORE, state, rules=wrules)]
        raids[name] = [e.data["corsair"] for e in events if e.kind == "corsair_raid"]
    assert raids["near"] == []
    assert raids["far"] and set(raids["far"]) == {"Sale"}


# --- in play ----------------------------------------------------------------------------------


def test_play_shows_the_location_and_a_line_when_it_changes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = at_sea(FIRE, node(1, 6))
    session = Unsaved(VoyageGame(SHORE, FIRE), state)
    feed = iter(["where", f"course {node(1, 4)}", "sail", "sail", "where", "quit"])
    voyage_screen.run(session, lambda: next(feed) + "\n")  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert "  sea: Mare Occidentale" in out and "  waters: nobody's" in out
    assert "here: Mare Occidentale, morocco's waters" in out  # the line when it changed
    assert "under the guns of Sale's (morocco, hostile)" in out
    assert "the guns of Sale (morocco) fire on you" in out
