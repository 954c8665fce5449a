"""Seeing her first (the Privateer design document, issue 20): the lookout sees ships two steps past
the water she can read (a navigator adds a step), a hostile sail newly in sight stops her with how
far off she is and whether she is bearing down, and the read of a ship is her deck's figures. With
the lookout off (rules `dilemmas`) nothing of it shows."""

from __future__ import annotations

import dataclasses

import pytest

from privateer.cli.voyage.render import READ_HELP
from privateer.engine.events import Event, check_payload
from privateer.engine.fight.cards import WOUND_COST
from privateer.engine.fight.ships import CATALOGUE, TARGETS
from privateer.engine.voyage.actions import Attack, LetPass
from privateer.engine.voyage.captain import WORLD_CAPTAIN, Captain
from privateer.engine.voyage.events import VOYAGE_EVENTS
from privateer.engine.voyage.game import VoyageGame, observe
from privateer.engine.voyage.renown import hull_bonus
from privateer.engine.voyage.rules import find_voyage_rules
from privateer.engine.voyage.scout import read_ship, read_target
from privateer.engine.voyage.sighting import (
    hostile,
    in_sight,
    next_node,
    sightings,
)
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world import wars
from privateer.engine.world.kinds import CORSAIR, GUARD, MERCHANT, PRIVATEER, TREASURE
from privateer.engine.world.rules import WorldRules
from privateer.engine.world.state import HUNTING, RESTING, SAILING
from privateer.engine.world.world import nearby
from tests.voyage_fixtures import WORLD, act_text, pending_of, quiet_voyage, screen
from tests.world_fixtures import COLS, ROWS

WRULES = WorldRules()
HOME = 40  # node (4, 3) of the synthetic sea: nobody's waters, every way open round it


def at_sea(rules: str, node: int = HOME) -> VoyageState:
    """A quiet voyage lying at `node`, out of port, with no course (a day's sail keeps her
    there while the world moves)."""
    state = quiet_voyage(rules=rules)
    state.port, state.node, state.course = -1, node, -1
    return state


def graph_node(days: int) -> int:
    """The first node of the grid (not a leg's waypoint) exactly `days` steps from HOME."""
    grid = COLS * ROWS
    return min(n for n, d in nearby(WORLD, HOME, days).items() if d == days and n < grid)


def place(state: VoyageState, kind: int, flag: str, node: int) -> int:
    """A ship not yet placed, made one of `kind` flying `flag`, out at sea and idle at
    `node` (the synthetic sea has no treasure fleet, and few of a kind): its index."""
    ships = state.world.ships
    ship = next(s for s in range(len(ships["kind"])) if ships["until"][s] != 0)
    ships["kind"][ship] = kind
    return put_ship_at(state, ship, flag, node)


def put_ship_at(state: VoyageState, ship: int, flag: str, node: int) -> int:
    ships = state.world.ships
    ships["flag"][ship] = WORLD.nations.index(flag)
    ships["node"][ship], ships["leg"][ship], ships["dest"][ship] = node, -1, -1
    ships["task"][ship], ships["until"][ship], ships["target"][ship] = SAILING, 0, -1
    return ship


def at_war_with_spain(state: VoyageState) -> None:
    wars.declare_war(WORLD, state.world, WORLD.nation("spain"), WORLD.nation("england"), "test")


# --- the lookout --------------------------------------------------------------------------


def test_the_lookout_sees_two_steps_past_the_water_she_reads_and_a_navigator_one_more() -> None:
    three, four = graph_node(3), graph_node(4)
    for rules, navigator, seen in (
        ("dilemmas", False, {1}),
        ("lookout", False, {1, 3}),
        ("dilemmas", True, {1}),  # sight 2: neither three nor four
        ("lookout", True, {1, 3, 4}),
    ):
        state = at_sea(rules)
        if navigator:
            state.crew.append("navigator")
        ships = {
            d: place(state, kind, "spain", node)
            for d, kind, node in ((1, MERCHANT, graph_node(1)), (3, TREASURE, three))
        }
        ships[4] = place(state, GUARD, "france", four)
        sighted = set(in_sight(WORLD, state, find_voyage_rules(rules)))
        assert {d for d, s in ships.items() if s in sighted} == seen, (rules, navigator)
        listed = {s["ship"] for s in observe(WORLD, state)["in_sight"]}
        assert listed == sighted


def test_the_water_she_charts_is_her_sight_whatever_her_lookout() -> None:
    charts = []
    for rules in ("dilemmas", "lookout"):
        state = at_sea(rules)
        act_text(WORLD, state, "course 44")
        for _ in range(3):
            act_text(WORLD, state, "sail")
        charts.append((state.world.charted_currents, state.world.charted_winds))
    assert charts[0] == charts[1]


def test_bearing_down_is_coming_closer_hunting_bound_for_you_or_her_next_step_nearer() -> None:
    rules = find_voyage_rules("lookout")
    state = at_sea("lookout")
    three = 43  # (7, 3): three steps east of HOME along row 3
    assert nearby(WORLD, HOME, 3)[three] == 3
    ships = state.world.ships
    toward, away, still, hunting, resting, bound = (
        place(state, kind, "barbary", three)
        for kind in (CORSAIR, CORSAIR, CORSAIR, GUARD, GUARD, MERCHANT)
    )
    ships["dest"][toward] = 42  # a step west, toward her
    ships["dest"][away] = 44  # a step east, away
    ships["target"][hunting] = HUNTING
    ships["dest"][resting], ships["task"][resting] = 42, RESTING  # not under way
    ships["dest"][bound] = HOME
    assert next_node(WORLD, state, toward, 0) in nearby(WORLD, HOME, 2)
    assert next_node(WORLD, state, still, 0) == three
    seen = sightings(WORLD, state, rules, [toward, away, still, hunting, resting, bound], 0)
    assert [s["days"] for s in seen] == [3] * 6
    assert [s["bearing_down"] for s in seen] == [True, False, False, True, False, True]
    # mid-leg (at a two-day leg's waypoint): the next node of the leg, the way she sails it
    near = nearby(WORLD, HOME, 3)
    leg, wake, ahead = next(
        (leg, path[2], path[0])
        for leg in range(len(WORLD.leg_a))
        for path in [WORLD.leg_path(leg)]
        if len(path) == 3 and near.get(path[0], 9) < near.get(path[1], 9) <= near.get(path[2], 9)
    )
    for end, closing in ((ahead, True), (wake, False)):
        ships["node"][toward], ships["leg"][toward], ships["pos"][toward] = (
            WORLD.leg_path(leg)[1],
            leg,
            1,
        )
        ships["forward"][toward] = int(end == WORLD.leg_b[leg])
        ships["dest"][toward] = end
        assert next_node(WORLD, state, toward, 0) == end
        (seen,) = sightings(WORLD, state, rules, [toward], 0)
        assert seen["bearing_down"] is closing


def test_a_hostile_sail_newly_in_sight_stops_her_with_days_off_and_bearing_down() -> None:
    four = graph_node(4)
    for rules in ("lookout", "dilemmas"):
        state = at_sea(rules)
        corsair = place(state, CORSAIR, "barbary", four)
        state.world.ships["dest"][corsair] = HOME  # bound for where she lies
        events: list[Event] = []
        for _ in range(6):
            events = act_text(WORLD, state, "sail")
            if any(e.kind == "hostile_in_sight" for e in events) or state.pending:
                break
        (seen,) = [e for e in events if e.kind == "hostile_in_sight"]
        check_payload(VOYAGE_EVENTS["hostile_in_sight"], seen)
        assert seen.data["stop"] and seen.data["ship"] == corsair
        days = nearby(WORLD, HOME, 4).get(state.world.ships["node"][corsair])
        if rules == "lookout":
            assert days == 3 and seen.data["days"] == 3 and seen.data["bearing_down"] is True
        else:  # as it always was: at a step, no days, no bearing
            assert days == 1 and set(seen.data) == {
                "ship", "kind", "flag", "node", "hostile", "stop"
            }  # fmt: skip


# --- the read -------------------------------------------------------------------------------


def test_the_read_is_her_deck_for_every_target_kind() -> None:
    for key, target in TARGETS.items():
        read = read_target(key)
        cards = [CATALOGUE[kind] for kind in target.deck]
        assert read["target"] == key and read["hull"] == target.hull
        assert read["hurt"] == sum(card.hit for card in cards)
        assert read["wounds"] == sum(WOUND_COST[card.wound] for card in cards if card.hit)
        assert read["flee"] == sum(1 for card in cards if card.flee)
        assert read["chase"] == sum(card.chase for card in cards)
        assert read["mend"] == sum(card.mend for card in cards)
        assert (read["hold"], read["bounty"]) == (target.hold, target.bounty)
        assert read["relief"] == (target.relief_count if target.town else 0)
        guns = {gun["card"]: gun for gun in read["guns"]}
        assert set(guns) == {card.key for card in cards if card.hit}
        for card in cards:
            if card.hit:
                gun = guns[card.key]
                assert gun["count"] == sum(1 for c in cards if c.key == card.key)
                assert (gun["hit"], gun["wound"]) == (card.hit, card.wound.name.lower())
                assert gun["wound_cost"] == WOUND_COST[card.wound]
        assert read_target(key, walls=4)["hull"] == target.hull + 4
    # a few figures by hand, off ships.py's decks
    merchant = read_target("merchant")
    assert (merchant["hurt"], merchant["wounds"], merchant["flee"]) == (16, 8, 3)
    assert read_target("corsair_laden")["hold"] == 16 and read_target("corsair")["hold"] == 4
    town = read_target("town")
    assert (town["relief"], town["relief_from"], town["mend"]) == (4, 7, 2)


def test_the_read_of_a_ship_her_target_renown_hull_and_yours() -> None:
    rules = find_voyage_rules("lookout")
    state = at_sea("lookout")
    state.world.standing[WORLD.nations.index("spain")] = -2  # her guard ships want you
    guard = place(state, GUARD, "spain", graph_node(1))
    corsair = place(state, CORSAIR, "barbary", graph_node(1))
    state.world.ships["laden"][corsair] = 1
    state.hull = 7
    read = read_ship(WORLD, state, rules, guard)
    assert read["target"] == "guard_ship" and read["hull"] == TARGETS["guard_ship"].hull
    assert (read["your_hull"], read["your_max_hull"]) == (7, 10)
    assert (read["your_hurt"], read["your_wounds"]) == (7, 6)  # 3 broadsides, chain shot
    assert read_ship(WORLD, state, rules, corsair)["target"] == "corsair_laden"
    assert state.late is not None
    state.late.renown_step = 2  # two steps of renown: a hostile warship has 4 more hull
    assert hull_bonus(WORLD, state, rules, guard) == 4
    read = read_ship(WORLD, state, rules, guard)
    assert read["hull"] == TARGETS["guard_ship"].hull + 4 and read["renown_hull"] == 4
    assert hull_bonus(WORLD, state, rules, corsair) == 0  # not a warship
    england = WORLD.nation("england")
    peace = [n for n in range(len(WORLD.nations)) if not wars.at_war(state.world, n, england)]
    friend = next(n for n in peace if n != england)
    state.world.ships["flag"][guard] = friend  # of a nation at peace that does not want you
    assert not hostile(WORLD, state, guard)
    assert hull_bonus(WORLD, state, rules, guard) == 0
    state.world.ships["flag"][guard] = WORLD.nation("spain")
    assert hull_bonus(WORLD, state, find_voyage_rules("dilemmas"), guard) == 0  # renown off


def test_alongside_and_attacked_carry_the_read_only_with_the_lookout() -> None:
    for rules in ("lookout", "dilemmas"):
        state = at_sea(rules)
        act_text(WORLD, state, "course 41")
        merchant = place(state, MERCHANT, "spain", 41)
        (alongside,) = [e for e in act_text(WORLD, state, "sail") if e.kind == "alongside"]
        check_payload(VOYAGE_EVENTS["alongside"], alongside)
        if rules == "lookout":
            assert alongside.data["read"] == read_ship(
                WORLD, state, find_voyage_rules(rules), merchant
            )
        else:
            assert "read" not in alongside.data
        state = at_sea(rules)
        state.world.standing[WORLD.nations.index("spain")] = -2
        act_text(WORLD, state, "course 41")
        place(state, GUARD, "spain", 41)
        events = act_text(WORLD, state, "sail")
        (attacked,) = [e for e in events if e.kind == "attacked"]
        (fight,) = [e for e in events if e.kind == "fight"]
        check_payload(VOYAGE_EVENTS["attacked"], attacked)
        assert ("read" in attacked.data) == (rules == "lookout")
        if rules == "lookout":  # what she reads is what she fights
            assert attacked.data["read"]["hull"] == fight.data["her_hull"]


def test_with_the_lookout_off_observe_shows_ships_as_it_always_did() -> None:
    state = at_sea("dilemmas")
    place(state, MERCHANT, "spain", graph_node(1))
    (seen,) = observe(WORLD, state)["in_sight"]
    assert set(seen) == {"ship", "kind", "flag", "node", "hostile"}
    state = at_sea("lookout")
    ship = place(state, MERCHANT, "spain", graph_node(1))
    (seen,) = observe(WORLD, state)["in_sight"]
    assert seen["days"] == 1 and seen["bearing_down"] is False
    assert seen["read"] == read_ship(WORLD, state, find_voyage_rules("lookout"), ship)


# --- the captain reads her -----------------------------------------------------------------


def test_the_captain_reads_a_ship_before_it_engages_only_with_the_lookout() -> None:
    for rules, treasure_answer in (("lookout", LetPass()), ("dilemmas", Attack())):
        game = VoyageGame(WORLD, find_voyage_rules(rules))
        for kind, answer in ((TREASURE, treasure_answer), (MERCHANT, Attack())):
            state = at_sea(rules)
            at_war_with_spain(state)
            act_text(WORLD, state, "course 41")
            place(state, kind, "spain", 41)
            act_text(WORLD, state, "sail")
            assert pending_of(state)["kind"] == "meeting"
            assert Captain().choose(game, state) == answer, (rules, kind)
    # a pinnace at 6 hull stands less than what a merchant deals (0.28 of her 24): it passes
    game = VoyageGame(WORLD, find_voyage_rules("lookout"))
    state = at_sea("lookout")
    at_war_with_spain(state)
    act_text(WORLD, state, "course 41")
    place(state, MERCHANT, "spain", 41)
    act_text(WORLD, state, "sail")
    state.hull = 6
    assert Captain().choose(game, state) == LetPass()
    assert Captain(reads=False).choose(game, state) == Attack()


def test_the_captain_sheers_off_only_within_its_sight() -> None:
    """The lookout sees a guard ship that wants her three steps off; the captain sails on
    (sheering off at the longer lookout turned the seed's bot from too much), unless told to
    sheer off from all the lookout sees."""
    rules = find_voyage_rules("lookout")
    for node, sheers in ((graph_node(1), True), (graph_node(3), False)):
        state = at_sea("lookout")
        state.world.standing[WORLD.nations.index("spain")] = -2
        guard = place(state, GUARD, "spain", node)
        assert guard in in_sight(WORLD, state, rules)
        assert (Captain()._threat(WORLD, state, rules, WRULES) == guard) == sheers
        assert Captain(lookout_sheer=True)._threat(WORLD, state, rules, WRULES) == guard


def test_told_to_sheer_it_turns_from_a_hostile_sail_bearing_down_past_its_sight() -> None:
    """The seed's bot sheering off at the longer lookout "turned away from too much": a
    privateer that wants her, three steps off, is sailed past unless she is told to sheer; then
    she turns from her if the privateer is hunting her, not if she lies still, and not one
    within her sight (met as without the lookout)."""
    rules = find_voyage_rules("lookout")
    for node, hunting, sheers in (
        (graph_node(3), True, True),
        (graph_node(3), False, False),
        (graph_node(1), True, False),
    ):
        state = at_sea("lookout")
        at_war_with_spain(state)
        privateer = place(state, PRIVATEER, "spain", node)
        if hunting:
            state.world.ships["target"][privateer] = HUNTING
        assert hostile(WORLD, state, privateer) and privateer in in_sight(WORLD, state, rules)
        assert Captain()._threat(WORLD, state, rules, WRULES) == -1
        told = Captain(lookout_sheer=True)._threat(WORLD, state, rules, WRULES)
        assert (told == privateer) == sheers


# --- the screen -----------------------------------------------------------------------------


def test_play_shows_the_read_in_sight_and_alongside_and_help_read_explains_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = at_sea("lookout")
    act_text(WORLD, state, "course 41")
    place(state, MERCHANT, "spain", 41)
    place(state, TREASURE, "spain", graph_node(3))
    out = screen(state, ["sight", "sail", "help read", "help", "help nonsense"], capsys)
    sight, _, rest = out.partition("comes alongside")
    assert "a merchant of spain a day (60 nm) west of the Narrows, 1 day off" in sight
    assert "a treasure fleet of spain " in sight and "3 days off" in sight
    assert "node" not in sight  # places by name; node ids only with play --debug
    assert "hull: hers 12 against yours 10/10" in sight and "hull: hers 26" in sight
    assert "4 x her broadside: hit 4, leaves leak: 2 hull" in sight
    assert "(her hull 12 to your 10; she hurts 16)" in rest
    assert rest.count("hull: hers 12 against yours 10/10") == 1  # the read, once, alongside
    for line in READ_HELP:
        assert line in out
    assert "always:" in out and "no help on 'nonsense'" in out


def test_play_without_the_lookout_shows_no_read(capsys: pytest.CaptureFixture[str]) -> None:
    state = at_sea("dilemmas")
    act_text(WORLD, state, "course 41")
    place(state, MERCHANT, "spain", 41)
    out = screen(state, ["sight", "sail"], capsys)
    assert "a merchant of spain a day (60 nm) west of the Narrows\n" in out
    assert "hull: hers" not in out and "day off" not in out


def test_the_world_captain_holds_its_course_past_a_guard_it_can_take() -> None:
    """Sheering off from every guard ship that wants it, a captain in her waters circles for
    hundreds of days; the whole-sea captain holds its course past one its read says it can
    take, and still sheers off from one it cannot."""
    rules = find_voyage_rules("lookout")
    state = at_sea("lookout")
    state.world.standing[WORLD.nations.index("spain")] = -2
    guard = place(state, GUARD, "spain", graph_node(1))
    state.ship, state.hull = "galleon", 40  # guns to sink her in a pass
    bold = dataclasses.replace(WORLD_CAPTAIN, stand_share=0.0)  # it stands what she deals
    timid = dataclasses.replace(WORLD_CAPTAIN, stand_share=100.0)  # it stands nothing
    assert bold._can_take(WORLD, state, rules, guard)
    assert bold._threat(WORLD, state, rules, WRULES) == -1
    assert timid._threat(WORLD, state, rules, WRULES) == guard
    assert (
        dataclasses.replace(bold, hold_past_guards=False)._threat(WORLD, state, rules, WRULES)
        == guard
    )
