"""The late game's renown, home stretch and captives, one rule at a time on the synthetic sea (the
Privateer design document, "The late game", "Barbary corsairs"); and that with their switches off
(the `dilemmas` rules, or a late voyage with one switch turned off) none of it happens."""

from __future__ import annotations

import dataclasses

import pytest

from privateer.cli.voyage.render import politics_lines
from privateer.engine.events import Event
from privateer.engine.fight.encounter import Termination
from privateer.engine.fight.ships import TARGETS
from privateer.engine.voyage import renown
from privateer.engine.voyage.actions import Attack, Choose, Course, LetPass, Repair, Sail
from privateer.engine.voyage.captain import BLIND, CAPTAIN
from privateer.engine.voyage.fights import prize_taken
from privateer.engine.voyage.game import VoyageGame, act, observe
from privateer.engine.voyage.meet import settle_fight
from privateer.engine.voyage.pending import Meeting, Question
from privateer.engine.voyage.port import refusal
from privateer.engine.voyage.rules import VoyageRules, find_voyage_rules
from privateer.engine.voyage.sim import RunResult, summarise
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world import pursuit, wars
from privateer.engine.world.kinds import CORSAIR, GUARD, MERCHANT, PRIVATEER
from privateer.engine.world.rules import SEED_000, WorldRules
from privateer.engine.world.state import HUNTING, SAILING
from tests.voyage_fixtures import WORLD, act_text, pending_of, port_index, put_ship, quiet_voyage

LATE = find_voyage_rules("late")
DILEMMAS = find_voyage_rules("dilemmas")


def nation(key: str) -> int:
    return WORLD.nations.index(key)


def at_war_with_england(state: VoyageState, key: str) -> None:
    wars.declare_war(WORLD, state.world, nation("england"), nation(key), "test")


def put_another(state: VoyageState, kind: int, flag: str, node: int, skip: int) -> int:
    """As `put_ship`, but the kind's ship after the first `skip` of them (two of a kind)."""
    ships = state.world.ships
    ship = [s for s, k in enumerate(ships["kind"]) if k == kind][skip]
    ships["flag"][ship] = nation(flag)
    ships["node"][ship], ships["leg"][ship] = node, -1
    ships["task"][ship], ships["dest"][ship], ships["until"][ship] = SAILING, -1, 0
    return ship


def sail(
    state: VoyageState, rules: VoyageRules = LATE, wrules: WorldRules = SEED_000
) -> list[Event]:
    return act(WORLD, state, Sail(), rules, wrules)


# --- renown --------------------------------------------------------------------------------


def test_renown_goes_up_a_step_at_60_120_and_200_and_each_step_stops_the_ship() -> None:
    state = quiet_voyage(rules="late")
    assert state.late is not None
    news: list[tuple[int, int, dict[str, object]]] = []
    for payout in (30, 29, 1, 59, 1, 50, 30, 100):
        events = prize_taken(state, LATE, payout, LATE.prize_morale)
        news += [(payout, state.late.renown, e.data) for e in events if e.kind == "renown"]
    assert state.late.renown == 300 and state.late.renown_step == 3
    assert news == [
        (1, 60, {"renown": 60, "step": 1, "stop": True}),
        (1, 120, {"renown": 120, "step": 2, "stop": True}),
        (30, 200, {"renown": 200, "step": 3, "stop": True}),
    ]  # and none past the last step (300)


def test_a_payout_that_passes_two_steps_is_one_piece_of_news() -> None:
    state = quiet_voyage(rules="late")
    events = prize_taken(state, LATE, 130, LATE.prize_morale)
    assert [e.data for e in events if e.kind == "renown"] == [
        {"renown": 130, "step": 2, "stop": True}
    ]


def test_a_sacks_payout_is_renown_too() -> None:
    state = quiet_voyage(seed=3, rules="late")
    assert state.late is not None
    town = port_index("Sevilla")
    state.port, state.node = town, WORLD.ports[town].node
    act_text(WORLD, state, "raid")
    assert state.fight is not None
    state.fight.result = Termination.DESTROYED  # the town sacked: its treasury taken
    events = settle_fight(WORLD, state, LATE, SEED_000)
    (over,) = [e.data for e in events if e.kind == "fight_over"]
    assert over["payout"] == SEED_000.treasury and state.late.renown == SEED_000.treasury


def test_each_renown_step_sends_hunters_and_privateers_a_quarter_farther() -> None:
    state = quiet_voyage(rules="late")
    assert state.late is not None
    ws = state.world
    at_war_with_england(state, "france")
    ws.standing[nation("spain")] = -1  # Spain wants you: her guard ships hunt you
    privateer = put_ship(state, PRIVATEER, "france", 40)
    hunter = put_ship(state, GUARD, "spain", 41)
    far: dict[int, list[int]] = {}
    for step in range(4):
        state.late.renown_step = step
        heard = pursuit.Name.of(renown.orders(state, LATE))
        far[step] = [pursuit.reach(WORLD, ws, SEED_000, s, heard) for s in (privateer, hunter)]
    assert renown.orders(state, LATE) == {"reach_per_mille": 1750}
    assert far == {0: [20, 25], 1: [25, 31], 2: [30, 37], 3: [35, 43]}  # rounded down
    state.late.renown_step = 0
    assert renown.orders(state, LATE) == {}  # step 0: the orders as they always were


def test_a_privateer_just_out_of_reach_comes_once_renown_has_a_step() -> None:
    """Through the day's orders: a privateer out of Brest whose reach falls a day short of
    where you sail to stays on her beat, and comes for you with renown a step up."""
    hunted = []
    for step in (0, 1):
        state = quiet_voyage(rules="late")
        assert state.late is not None
        state.late.renown_step = step
        at_war_with_england(state, "france")
        brest = port_index("Brest")
        ship = put_ship(state, PRIVATEER, "france", WORLD.ports[brest].node)
        state.world.ships["home"][ship] = brest
        act_text(WORLD, state, "course 5")  # along the north edge, away from Brest
        probe = state.copy()
        sail(probe)
        ahead = probe.node  # where her first day's step takes her
        days = int(pursuit.station_hops(WORLD, brest)[ahead])
        short = next(r for r in range(1, days) if r * 1250 // 1000 >= days)
        wrules = dataclasses.replace(SEED_000, privateer_range_days=short)
        sail(state, LATE, wrules)
        assert state.node == ahead
        hunted.append(state.world.ships["target"][ship] == HUNTING)
    assert hunted == [False, True]


def test_a_hostile_warship_comes_with_two_more_hull_a_step_and_shows_it() -> None:
    for step in range(4):
        state = quiet_voyage(rules="late")
        assert state.late is not None
        state.late.renown_step = step
        state.world.standing[nation("spain")] = -2  # Spain wants you: her guard ships attack
        state.port, state.node = -1, 40
        act_text(WORLD, state, "course 42")
        put_ship(state, GUARD, "spain", 41)
        events = sail(state)
        assert state.fight is not None
        (fight,) = [e.data for e in events if e.kind == "fight"]
        hull = TARGETS["guard_ship"].hull + 2 * step
        assert state.fight.setup.walls == 2 * step
        assert fight["her_hull"] == state.fight.hull[1] == state.fight.max_hull[1] == hull


def enemy_privateer_alongside(step: int, rules: VoyageRules = LATE) -> int:
    """The walls a French privateer at war with England comes to the fight with, at renown
    step `step`, by `rules`."""
    state = quiet_voyage(rules=rules.name)
    assert state.late is not None
    state.late.renown_step = step
    at_war_with_england(state, "france")
    state.port, state.node = -1, 40
    act_text(WORLD, state, "course 42")
    put_ship(state, PRIVATEER, "france", 41)
    act(WORLD, state, Sail(), rules, SEED_000)
    assert state.fight is not None and state.fight.setup.target == "privateer"
    return state.fight.setup.walls


def test_an_enemy_privateer_comes_better_found_a_step_as_a_warship_does() -> None:
    """ "The more your prizes pay, the farther the hunters and privateers come for you, and the
    better found": since voyage-5; voyage-4's privateer came as her kind was (12 hull, which a
    bare pinnace beats every time), so the home stretch cost the captain nothing."""
    assert [enemy_privateer_alongside(step) for step in range(4)] == [0, 2, 4, 6]
    voyage_4 = find_voyage_rules("late", "voyage-4")
    assert [enemy_privateer_alongside(step, voyage_4) for step in range(4)] == [0, 0, 0, 0]


def test_a_merchant_or_a_warship_not_hostile_comes_as_her_kind_is() -> None:
    for kind, flag in ((MERCHANT, "spain"), (GUARD, "portugal")):
        state = quiet_voyage(rules="late")
        assert state.late is not None
        state.late.renown_step = 3
        state.port, state.node = -1, 40
        act_text(WORLD, state, "course 42")
        ship = put_ship(state, kind, flag, 41)
        sail(state)
        assert pending_of(state) == {"kind": "meeting", "ship": ship}  # alongside, not hostile
        act_text(WORLD, state, "attack")  # your firing makes her hostile: not better found
        assert state.fight is not None and state.fight.setup.walls == 0


# --- the home stretch ----------------------------------------------------------------------


def home_stretch_day(gold: int, rules: VoyageRules = LATE) -> tuple[VoyageState, list[Event], int]:
    """A day's sail out of Plymouth with `gold`, a French privateer waiting in Brest far
    beyond her reach (the rules' privateer range cut to a day); the day's events and her."""
    state = quiet_voyage(rules=rules.name)
    state.gold = gold
    at_war_with_england(state, "france")
    brest = port_index("Brest")
    ship = put_ship(state, PRIVATEER, "france", WORLD.ports[brest].node)
    state.world.ships["home"][ship] = brest
    act_text(WORLD, state, "course 5")
    wrules = dataclasses.replace(SEED_000, privateer_range_days=1)
    assert pursuit.station_hops(WORLD, brest)[1] > 1
    return state, sail(state, rules, wrules), ship


def test_with_the_score_word_gets_out_and_every_enemy_privateer_comes_from_any_range() -> None:
    state, events, ship = home_stretch_day(150)
    assert state.late is not None and state.late.home_stretch
    assert [e.data for e in events if e.kind == "home_stretch"] == [{"gold": 150, "stop": True}]
    assert state.world.ships["target"][ship] == HUNTING  # from Brest, whatever the range
    assert state.world.ships["dest"][ship] == state.node
    again = sail(state, LATE, dataclasses.replace(SEED_000, privateer_range_days=1))
    assert not any(e.kind == "home_stretch" for e in again)  # news once
    short, events, ship = home_stretch_day(149)
    assert short.late is not None and not short.late.home_stretch
    assert not any(e.kind == "home_stretch" for e in events)
    assert short.world.ships["target"][ship] != HUNTING


def test_word_out_is_for_privateers_of_nations_at_war_with_england_only() -> None:
    state = quiet_voyage(rules="late")
    ws = state.world
    at_war_with_england(state, "france")
    ws.standing[nation("spain")] = -1  # Spain wants you: her guard ship hunts, within range
    word = pursuit.Name(word_out=True)
    enemy = put_ship(state, PRIVATEER, "france", 40)
    friend = put_another(state, PRIVATEER, "portugal", 41, 1)  # at peace with England
    guard = put_ship(state, GUARD, "spain", 42)
    assert len({enemy, friend, guard}) == 3
    assert pursuit.reach(WORLD, ws, SEED_000, enemy, word) == pursuit.ANY_RANGE
    assert pursuit.reach(WORLD, ws, SEED_000, friend, word) == -1
    assert pursuit.reach(WORLD, ws, SEED_000, guard, word) == SEED_000.guard_range_days


def test_no_word_gets_out_for_a_pirate_and_once_out_it_stays_out() -> None:
    pirate = quiet_voyage(rules="late")
    pirate.gold, pirate.world.pirate = 200, 1
    assert renown.word_out(pirate, LATE) == []
    state = quiet_voyage(rules="late")
    state.gold = 150
    assert [e.kind for e in renown.word_out(state, LATE)] == ["home_stretch"]
    state.gold = 10  # spent, or lost to a mutiny: the privateers are not called off
    assert renown.orders(state, LATE) == {"word_out": True, "word_out_corsairs": True}


def test_on_the_home_stretch_the_corsairs_come_too_by_this_engines_rules_only() -> None:
    """The Barbary corsairs are the Barbary states' privateers: once word is out they come for
    you from any range, as the privateers do (engine voyage-10); before it they go raiding and
    let you be, and voyage-9's rules (`home_stretch_corsairs` off) never call them out."""
    state = quiet_voyage(rules="late")
    ws = state.world
    corsair = put_ship(state, CORSAIR, "barbary", 40)  # at war with England from the first day
    word = pursuit.Name.of({"word_out": True, "word_out_corsairs": True})
    assert pursuit.reach(WORLD, ws, SEED_000, corsair, word) == pursuit.ANY_RANGE
    assert pursuit.reach(WORLD, ws, SEED_000, corsair, pursuit.Name(word_out=True)) == -1
    assert pursuit.reach(WORLD, ws, SEED_000, corsair, pursuit.UNKNOWN) == -1
    assert pursuit.Name.of({"word_out_corsairs": True}) == pursuit.UNKNOWN  # no word, no hunt
    england, barbary = sorted((nation("england"), nation("barbary")))
    ws.wars = [pair for pair in ws.wars if pair != [england, barbary]]
    assert pursuit.reach(WORLD, ws, SEED_000, corsair, word) == -1  # at peace: she lets you be
    state.gold = 150
    renown.word_out(state, LATE)
    assert pursuit.Name.of(renown.orders(state, LATE)).corsairs_too
    voyage_9 = find_voyage_rules("late", "voyage-9")
    assert not pursuit.Name.of(renown.orders(state, voyage_9)).corsairs_too


# --- corsairs and captives -------------------------------------------------------------------


def take_laden_corsair(rules: VoyageRules, town: str) -> tuple[VoyageState, list[Event]]:
    """A corsair of Algiers laden with the captives of `town` attacks you, and is taken."""
    state = quiet_voyage(rules=rules.name)
    state.port, state.node = -1, 40
    act_text(WORLD, state, "course 42")
    ship = put_ship(state, CORSAIR, "barbary", 41)  # at war with England from the first day
    state.world.ships["laden"][ship] = 1
    state.world.ships["target"][ship] = port_index(town)
    state.world.ships["home"][ship] = port_index("Algiers")
    events = sail(state, rules)
    assert pending_of(state)["kind"] == "fight" and pending_of(state)["target"] == "corsair_laden"
    assert state.fight is not None
    state.fight.result = Termination.DESTROYED
    return state, events + settle_fight(WORLD, state, rules, SEED_000)


def test_a_laden_corsair_taken_frees_her_captives_a_point_with_their_nation_and_the_crown() -> None:
    state, events = take_laden_corsair(LATE, "Lisboa")
    ws = state.world
    assert ws.standing[nation("portugal")] == 1 and ws.standing[nation("england")] == 1
    assert [e.data for e in events if e.kind == "captives_freed"] == [
        {"town": "Lisboa", "nation": "portugal", "standing": 1, "england": 1}
    ]
    english, events = take_laden_corsair(LATE, "Bristol")  # English captives: both points
    assert english.world.standing[nation("england")] == 2


def test_captives_freed_stay_within_the_standing_bounds() -> None:
    state = quiet_voyage(rules="late")
    ceiling = SEED_000.standing_ceiling
    state.world.standing[nation("portugal")] = ceiling
    wars.gain_standing(state.world, SEED_000, nation("portugal"), 1)
    assert state.world.standing[nation("portugal")] == ceiling


def test_an_empty_corsair_taken_frees_nobody() -> None:
    state = quiet_voyage(rules="late")
    state.port, state.node = -1, 40
    act_text(WORLD, state, "course 42")
    put_ship(state, CORSAIR, "barbary", 41)
    sail(state)
    assert state.fight is not None and pending_of(state)["target"] == "corsair"
    state.fight.result = Termination.DESTROYED
    events = settle_fight(WORLD, state, LATE, SEED_000)
    assert not any(e.kind == "captives_freed" for e in events)
    assert state.world.standing[nation("england")] == 0


def corsair_raid_day(rules: VoyageRules, town: str) -> list[dict[str, object]]:
    """A corsair of Algiers arrives off `town` while you lie in Plymouth: the raid's news."""
    state = quiet_voyage(rules=rules.name)
    ship = put_ship(state, CORSAIR, "barbary", WORLD.ports[port_index(town)].node + 12)
    ws = state.world
    ws.ships["home"][ship] = port_index("Algiers")
    ws.ships["dest"][ship] = WORLD.ports[port_index(town)].node
    ws.ships["target"][ship] = port_index(town)
    raids: list[dict[str, object]] = []
    for _ in range(4):
        raids += [e.data for e in sail(state, rules) if e.kind == "corsair_raid"]
    assert ws.ships["task"][ship] != SAILING  # she is there, stripping it
    return raids


def test_a_corsair_raid_on_an_english_town_stops_the_ship() -> None:
    (english,) = corsair_raid_day(LATE, "Bristol")
    assert english["nation"] == "england" and english["stop"] is True
    (portuguese,) = corsair_raid_day(LATE, "Lisboa")
    assert "stop" not in portuguese  # far off, another nation's: only logged


# --- with the switches off -------------------------------------------------------------------


def test_with_the_rules_of_dilemmas_none_of_it_happens() -> None:
    state = quiet_voyage(rules="dilemmas")
    assert state.late is None
    assert not any(e.kind == "renown" for e in prize_taken(state, DILEMMAS, 250, 3))
    assert renown.orders(state, DILEMMAS) == {}
    far, events, ship = home_stretch_day(150, DILEMMAS)
    assert not any(e.kind == "home_stretch" for e in events)
    assert far.world.ships["target"][ship] != HUNTING
    taken, events = take_laden_corsair(DILEMMAS, "Lisboa")
    assert not any(e.kind == "captives_freed" for e in events)
    assert taken.world.standing[nation("portugal")] == 0
    assert taken.world.standing[nation("england")] == 0
    (raid,) = corsair_raid_day(DILEMMAS, "Bristol")
    assert "stop" not in raid


@pytest.mark.parametrize("switch", ["renown", "home_stretch", "captives"])
def test_each_switch_turned_off_in_a_late_voyage_turns_its_rule_off(switch: str) -> None:
    rules = LATE.with_changes(**{switch: False})
    state = quiet_voyage(rules="late")
    assert state.late is not None
    state.late.renown_step, state.late.home_stretch = 2, True
    orders = renown.orders(state, rules)
    assert ("reach_per_mille" in orders) is (switch != "renown")
    assert ("word_out" in orders) is (switch != "home_stretch")
    fresh = quiet_voyage(rules="late")
    news = prize_taken(fresh, rules, 250, 3)
    assert any(e.kind == "renown" for e in news) is (switch != "renown")
    fresh.gold = 150
    assert bool(renown.word_out(fresh, rules)) is (switch != "home_stretch")
    _, events = take_laden_corsair(rules, "Lisboa")
    assert any(e.kind == "captives_freed" for e in events) is (switch != "captives")
    (raid,) = corsair_raid_day(rules, "Bristol")
    assert ("stop" in raid) is (switch != "captives")


# --- what `voyage` reports ----------------------------------------------------------------


def test_the_summary_gains_the_late_figures_only_for_rules_with_them() -> None:
    plain = quiet_voyage(rules="dilemmas")
    assert RunResult.of(plain).renown_step is None
    assert set(summarise([RunResult.of(plain)])) == {
        "runs", "won", "sunk", "sunk_by", "alive_at_end", "mean_day_home", "mean_day_sunk",
        "raids_per_run", "prizes_per_run", "storms_per_run", "omens_per_run", "mutinies_per_run",
        "mean_gold",
    }  # fmt: skip
    runs = []
    for step, stretch, outcome in ((0, False, "sunk"), (2, True, "won"), (2, True, "sunk")):
        state = quiet_voyage(rules="late")
        assert state.late is not None
        state.late.renown_step, state.late.home_stretch, state.outcome = step, stretch, outcome
        runs.append(RunResult.of(state))
    summary = summarise(runs)
    assert summary["renown_steps"] == {"0": 1, "1": 0, "2": 2, "3": 0}
    assert (summary["home_stretch_reached"], summary["home_stretch_won"]) == (2, 1)


# --- the captain's notion of the home stretch ------------------------------------------------


def captain_at_sea(gold: int, node: int, course: int, rules: VoyageRules = LATE) -> VoyageState:
    state = quiet_voyage(rules=rules.name)
    state.port, state.node, state.course, state.gold = -1, node, course, gold
    return state


LONDON = WORLD.ports[port_index("London")].node


def test_with_the_score_the_captain_turns_for_home_whatever_course_it_was_on() -> None:
    game = VoyageGame(WORLD, LATE)
    far = WORLD.ports[port_index("Havana")].node
    state = captain_at_sea(150, 40, far)
    assert CAPTAIN.choose(game, state) == Course(LONDON)
    assert BLIND.choose(game, state) == Sail()  # blind: on for Havana
    plain = VoyageGame(WORLD, DILEMMAS)  # no home stretch in the rules: as it always was
    assert CAPTAIN.choose(plain, captain_at_sea(150, 40, far, DILEMMAS)) == Sail()
    assert CAPTAIN.choose(game, captain_at_sea(149, 40, far)) == Sail()  # short: hunting on


def test_homeward_with_the_score_the_captain_picks_no_fights() -> None:
    game = VoyageGame(WORLD, LATE)
    for gold, chosen in ((150, LetPass()), (149, Attack())):
        state = captain_at_sea(gold, 40, LONDON)
        state.pending = Meeting(put_ship(state, MERCHANT, "spain", 40))
        assert CAPTAIN.choose(game, state) == chosen
        assert BLIND.choose(game, state) == Attack()


def test_homeward_the_captain_rides_out_a_storm_rather_than_lighten_ship() -> None:
    game = VoyageGame(WORLD, LATE)
    for hull, chosen in ((4, 0), (3, 2)):  # ride it out; on a hull a storm could sink, run
        state = captain_at_sea(160, 40, LONDON)
        state.hull, state.pending = hull, Question("storm")
        assert CAPTAIN.choose(game, state) == Choose(chosen)
        assert BLIND.choose(game, state) == Choose(1)  # lighten: a fifth of the purse over


def test_homeward_the_captain_refuses_shares_that_would_take_it_under_the_score() -> None:
    game = VoyageGame(WORLD, LATE)
    for gold, chosen in ((160, 1), (200, 0)):
        state = captain_at_sea(gold, 40, LONDON)
        state.pending = Question("shares")
        assert CAPTAIN.choose(game, state) == Choose(chosen)
        assert BLIND.choose(game, state) == Choose(0)


def test_homeward_the_captain_mends_only_with_what_it_holds_over_the_score() -> None:
    game = VoyageGame(WORLD, LATE)
    for gold, points in ((155, 5), (152, 2), (150, 0)):
        state = quiet_voyage(rules="late")
        state.gold, state.hull = gold, 4
        chosen = CAPTAIN.choose(game, state)
        assert chosen == (Repair(points) if points else Course(LONDON))
        assert BLIND.choose(game, state) == Repair(6)


def test_homeward_on_a_hull_it_can_mend_the_captain_puts_in_on_the_way() -> None:
    game = VoyageGame(WORLD, LATE)
    near = 4 + 12  # nearer Bristol than London
    for gold, mends in ((160, True), (150, False)):
        state = captain_at_sea(gold, near, LONDON)
        state.hull = 3
        chosen = CAPTAIN.choose(game, state)
        if not mends:  # nothing over the score to mend with: straight home
            assert chosen == Sail()
            continue
        assert isinstance(chosen, Course) and chosen.node != LONDON
        port = next(i for i, p in enumerate(WORLD.ports) if p.node == chosen.node)
        hops = WORLD.hops_from([near])
        assert hops[chosen.node] < hops[LONDON] and refusal(WORLD, state, LATE, port) is None
        assert BLIND.choose(game, state) == Sail()


def test_short_of_the_score_with_word_out_the_captain_lies_to_off_home() -> None:
    game = VoyageGame(WORLD, LATE)
    state = captain_at_sea(140, 3 + 12, -1)
    assert state.late is not None
    state.late.home_stretch = True
    chosen = CAPTAIN.choose(game, state)
    assert isinstance(chosen, Course) and chosen.node in WORLD.step_neighbours[LONDON]
    assert chosen.node not in WORLD.port_nodes
    state.node = chosen.node  # there: it lies to, and the privateers come to it
    assert CAPTAIN.choose(game, state) == Sail() and state.course == -1
    assert BLIND.choose(game, state) != Sail()  # blind: off after a prize
    far_short = captain_at_sea(100, 3 + 12, -1)  # too far short: it hunts as ever
    assert far_short.late is not None
    far_short.late.home_stretch = True
    assert CAPTAIN.choose(game, far_short) == BLIND.choose(game, far_short)


def test_politics_shows_your_name_in_the_late_game_only() -> None:
    state = quiet_voyage(rules="late")
    assert state.late is not None
    state.late.renown, state.late.renown_step, state.late.home_stretch = 75, 1, True
    seen = observe(WORLD, state)
    assert seen["politics"]["name"] == {
        "renown": 75, "step": 1, "next": 120, "reach_per_mille": 1250, "warship_hull": 2,
        "word_out": True,
    }  # fmt: skip
    lines = politics_lines(seen)
    assert "  your name: renown 75 (step 1, next step at 120); hunters come 25% farther, " in (
        "\n".join(lines)
    )
    assert lines[-1] == "  the home stretch: word is out, every enemy privateer is coming"
    assert "name" not in observe(WORLD, quiet_voyage(rules="dilemmas"))["politics"]
