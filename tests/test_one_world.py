"""One world, the best by default (engines voyage-4 and world-3): every ruleset plays in the
century's world with the shore in play, and each mend of the world round the world found
wrong is pinned here on the synthetic sea: wages every 60 days wherever she is, a round's cheer
every visit, monsters that attack whoever they meet (and whose kills the bars talk of), banks
that keep every deep keel off. Earlier engines' runs play as they were played
(test_earlier_engines.py)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.events import Event
from privateer.engine.modes import MODES
from privateer.engine.voyage.game import VoyageGame
from privateer.engine.voyage.mode import game_for
from privateer.engine.voyage.rules import LEGACY_RULESETS, RULESETS, find_voyage_rules
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.bar import _talk
from privateer.engine.world.game import advance, create_world
from privateer.engine.world.kinds import KINDS, MERCHANT, MONSTER, SQUARE, registered
from privateer.engine.world.routes import banks_closed, high_seas, keel_seas, route, toward
from privateer.engine.world.rules import CENTURY, SEED_000, find_world_rules
from privateer.engine.world.state import LAID_UP, SAILING, WorldState
from privateer.engine.world.world import World
from tests.test_voyage_shore import BANK, SHORE, node
from tests.voyage_fixtures import WORLD, lay_up_every_ship

SHORE_RULES = ("fort_fire", "banks", "guam_islanders", "island_folk", "strike_colours")


def test_every_ruleset_plays_in_the_centurys_world_with_the_shore_in_play() -> None:
    for name, rules in RULESETS.items():
        assert rules.world_rules == "century", name
        assert all(getattr(rules, switch) for switch in SHORE_RULES), name
        assert rules.wages_wherever and rules.round_every_visit, name
    century = find_world_rules("century")
    assert century.merchant_sails_on and century.cloud_voyages and century.route_storm_days
    assert century.monsters_attack_ships and century.deep_keels_off_banks
    assert century.home_armada and century.armada_sight_days == 2  # "attacks on sight"
    assert game_for(WORLD, {}).wrules == century  # a voyage named nothing more: the century's
    assert MODES["world"].game({"days": 1}, WORLD).rules == century  # and a world run's
    assert create_world(WORLD, 1)[0].rules == "century"


def test_the_older_worlds_stay_to_compare_and_replay() -> None:
    assert find_world_rules("seed-000") == SEED_000
    assert not find_world_rules("century", "world-2").monsters_attack_ships
    assert LEGACY_RULESETS["voyage-3"]["full"].world_rules == "seed-000"
    assert not LEGACY_RULESETS["voyage-3"]["full"].fort_fire
    # a world run logged by world-2 with no rules named played the seed's first world
    assert MODES["world"].game({"days": 1}, WORLD, "world-2").rules == SEED_000
    # and a voyage-3 run's `century` its world-2 century
    assert game_for(WORLD, {"rules": "century"}, "voyage-3").wrules.name == "century"
    assert not game_for(WORLD, {"rules": "century"}, "voyage-3").wrules.home_armada


# --- wages, wherever she is --------------------------------------------------------------------


def _in_plymouth(engine: str | None) -> tuple[VoyageGame, VoyageState]:
    """A `dilemmas` voyage of `engine` (this one: None) in Plymouth, no ship of the world about."""
    game = game_for(WORLD, {"rules": "dilemmas"}, engine)
    return game, lay_up_every_ship(game.new_initial_state(1)[0])


def _wages_in_port(engine: str | None, days: int) -> list[tuple[int, int]]:
    game, state = _in_plymouth(engine)
    state.crew = ["pilot", "surgeon"]
    events = []
    for _ in range(days):
        events += game.act(state, game.parse_action("sail"))  # no course set: a day in port
    return [(e.round, e.payload()["paid"]) for e in events if e.kind == "wages"]


def test_wages_are_paid_every_sixty_days_in_port_too() -> None:
    """ "Every 60 days each hand of note is paid": 120 days in Plymouth pay them twice (a pilot
    1, a surgeon 2). Before voyage-4, wages came only on a quiet day at sea: none."""
    assert _wages_in_port(None, 120) == [(60, 3), (120, 3)]
    assert _wages_in_port("voyage-3", 120) == []


# --- the round's cheer, every visit ------------------------------------------------------------


def _sail_to(game: VoyageGame, state: VoyageState, port: str) -> None:
    game.act(state, game.parse_action(f"course {WORLD.port_by_name[port].node}"))
    while state.course >= 0:
        game.act(state, game.parse_action("sail"))


@pytest.mark.parametrize(("engine", "cheered"), [(None, 1), ("voyage-3", 0)])
def test_the_first_round_of_every_visit_cheers_the_crew(engine: str | None, cheered: int) -> None:
    """ "The first round bought in a port, +1": each visit's first round, in a port she has
    bought one in before too (before voyage-4, never again in the port of her last round)."""
    game, state = _in_plymouth(engine)
    state.gold, state.morale = 100, 5
    game.act(state, game.parse_action("round"))
    game.act(state, game.parse_action("round"))
    assert state.morale == 6  # the first round of the visit, not the second
    _sail_to(game, state, "London")
    _sail_to(game, state, "Plymouth")
    assert state.port == 0 and state.morale == 6
    game.act(state, game.parse_action("round"))
    assert state.morale == 6 + cheered


# --- monsters attack whoever they meet -------------------------------------------------------


def _laid_up(state: WorldState) -> WorldState:
    ships = state.ships
    for ship in range(state.ship_count):
        ships["task"][ship], ships["until"][ship], ships["leg"][ship] = LAID_UP, 10**6, -1
    return state


def _ship_of(state: WorldState, kind: int, node: int, dest: int = -1) -> int:
    ships = state.ships
    ship = next(s for s, k in enumerate(ships["kind"]) if k == kind)
    ships["node"][ship], ships["leg"][ship], ships["pos"][ship] = node, -1, 0
    ships["task"][ship], ships["dest"][ship], ships["until"][ship] = SAILING, dest, 0
    return ship


def _monster_meets_a_merchant(seed: int) -> tuple[WorldState, int, int, list[Event]]:
    """A monster drifting onto the node where a merchant lies hove to: the day's events."""
    state = _laid_up(create_world(WORLD, seed, CENTURY)[0])
    monster = _ship_of(state, MONSTER, node(5, 3))
    ahead = state.copy()
    advance(WORLD, ahead, rules=CENTURY)
    merchant = _ship_of(state, MERCHANT, ahead.ships["node"][monster])
    return state, monster, merchant, advance(WORLD, state, rules=CENTURY)


def test_a_monster_attacks_the_ships_of_the_world_it_meets() -> None:
    """The seed's monster "attacks whoever it meets": a merchant it meets is set on, and sunk
    a quarter of the time (laid up at home, as a ship destroyed); by world-2's rules, never."""
    sunk = kept = 0
    for seed in range(12):
        state, monster, merchant, events = _monster_meets_a_merchant(seed)
        attacks = [e.payload() for e in events if e.kind == "monster_attack"]
        assert [(a["monster"], a["ship"], a["kind"]) for a in attacks] == [
            (monster, merchant, "merchant")
        ]
        if attacks[0]["sunk"]:
            sunk += 1
            assert state.ships["task"][merchant] == LAID_UP
            assert state.tales == [[monster, state.day]]  # the bars' tale
        else:
            kept += 1
            assert state.ships["task"][merchant] == SAILING and not state.tales
    assert sunk and kept
    old = _laid_up(create_world(WORLD, 0, find_world_rules("century", "world-2"))[0])
    beast = _ship_of(old, MONSTER, node(5, 3))
    for _ in range(30):
        _ship_of(old, MERCHANT, old.ships["node"][beast])
        assert not [e for e in advance(WORLD, old) if e.kind == "monster_attack"]


def test_a_monsters_kill_is_the_talk_of_the_bars() -> None:
    """ "Its bounty pays (ambergris, and a story for the bar)": a monster with a fresh kill is
    talked of `monster_tale_talk` (5) times as much as before while the tale is up to twelve
    days old, and it is absent from the state (and its hash) when there is none."""
    state = next(s for s, *_, events in map(_monster_meets_a_merchant, range(12)) if s.tales)
    monster = state.tales[0][0]
    near = WORLD.port_by_name["Sevilla"].node
    ships, weights, _ = _talk(WORLD, state, near, 30, 12, CENTURY.monster_tale_talk)
    told = weights[ships.index(monster)]
    plain, plain_weights, _ = _talk(WORLD, state, near, 30, 12)
    assert told == CENTURY.monster_tale_talk * plain_weights[plain.index(monster)]
    assert "tales" in state.to_dict()
    for _ in range(12):  # told while it is up to twelve days old, as a sighting is
        advance(WORLD, state, rules=CENTURY)
    assert state.tales == [[monster, state.day - 12]]
    advance(WORLD, state, rules=CENTURY)
    assert state.tales == [] and "tales" not in state.to_dict()


# --- banks keep every deep keel off ----------------------------------------------------------


def _track(state: WorldState, ship: int, days: int) -> list[int]:
    seen = []
    for _ in range(days):
        advance(SHORE, state, rules=CENTURY)
        seen.append(state.ships["node"][ship])
    return seen


@pytest.mark.parametrize("deep", [True, False])
def test_the_worlds_deep_keels_keep_off_the_banks(deep: bool) -> None:
    """ "Banks keep deep keels off": a deep-keeled trader of the world (as a treasure fleet's
    galleons and an armada are) bound across the bank goes round it by its open ends; a
    merchant sails straight over it."""
    trader = dataclasses.replace(KINDS[MERCHANT], name="deep_trader", deep=deep)
    with registered(trader) as kind:
        state = _laid_up(create_world(SHORE, 3, CENTURY)[0])
        start, goal = node(2, 3), node(6, 3)
        ship = _ship_of(state, kind, start, goal)
        track = _track(state, ship, 20)
    assert goal in track
    assert bool(set(track) & set(BANK)) is not deep
    seas = keel_seas(SHORE, CENTURY, high_seas(CENTURY))
    assert seas.closed == banks_closed(SHORE) == frozenset(BANK)
    assert toward(SHORE, goal, 0, SQUARE, seas)[start] >= 0  # a way round


def test_before_world_3_the_worlds_galleons_sailed_over_the_banks() -> None:
    old = find_world_rules("century", "world-2")
    assert keel_seas(SHORE, old, high_seas(old)).closed == frozenset()
    assert find_voyage_rules("full").banks  # your own keel, as before


# --- the living world stays alive -----------------------------------------------------------


def _merchants_at_sea(db: Path, days: int, rules: str) -> int:
    args = ["world", "sim", "--days", str(days), "--seed", "0", "--rules", rules, "-q", "--json"]
    result = CliRunner().invoke(app, ["--db", str(db), *args])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["rules"] == rules
    return int(summary["ships_by_kind"]["merchant"])


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
def test_the_worlds_merchants_are_still_at_sea_in_the_second_year(full_world_db: Path) -> None:
    """`world sim --days 730` (the century's world, by default): as many merchants at sea on
    day 730 as on day 100, within a tenth; in the seed's first world most lie in port for good
    by then (a merchant that drew her own port as her next never sails)."""
    early, late = (_merchants_at_sea(full_world_db, days, "century") for days in (100, 730))
    assert abs(late - early) <= early / 10
    stalled = _merchants_at_sea(full_world_db, 730, "seed-000")
    assert stalled < early / 2


# --- ocean crossings as long as they were ---------------------------------------------------

CENTURYS_PASSAGES = {  # days, as docs/figures/world.md's sources give them
    ("Plymouth", "Port Royal"): (42, 70),  # English passages to Jamaica: six to ten weeks
    ("Cádiz", "Veracruz"): (75, 75),  # the New Spain flota: about two and a half months
    ("Lisbon", "Goa"): (180, 200),  # the carreira da India: six months and more
}


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
@pytest.mark.parametrize(("start", "end"), list(CENTURYS_PASSAGES))
def test_the_centurys_great_passages_take_the_days_they_took(
    loaded_full_world: World, start: str, end: str
) -> None:
    """A square rig of shallow draught in spring, by the century's world, takes within a fifth
    of the century's days either way (`route`'s steps: a day each, 150 nm on the open ocean)."""
    by_name = loaded_full_world.port_by_name
    found = route(
        loaded_full_world, by_name[start].node, by_name[end].node, 0, SQUARE,
        seas=high_seas(CENTURY),
    )  # fmt: skip
    low, high = CENTURYS_PASSAGES[start, end]
    assert 0.8 * low <= found.steps <= 1.2 * high, found.steps
