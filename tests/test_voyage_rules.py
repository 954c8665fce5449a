"""The voyage's rules, one at a time, on the synthetic sea (the Privateer design document:
"playing", "Meeting a ship", "Afterwards it is settled", "Raiding a port", "You sail for England",
"Events at sea", "Events that ask you something", "Building the deck", "Uncharted islands")."""

from __future__ import annotations

import dataclasses

import pytest

from privateer.engine.events import Event
from privateer.engine.fight.bots import BALANCED
from privateer.engine.fight.encounter import Termination
from privateer.engine.voyage import sea_events
from privateer.engine.voyage.actions import IllegalVoyageAction
from privateer.engine.voyage.game import observe
from privateer.engine.voyage.pending import PrizeOffer, Question
from privateer.engine.voyage.rules import find_voyage_rules
from privateer.engine.voyage.state import VoyageState
from privateer.engine.voyage.weather import storm_odds
from privateer.engine.world.game import season_of
from privateer.engine.world.kinds import GUARD, MERCHANT, PRIVATEER
from privateer.engine.world.state import LAID_UP
from tests.voyage_fixtures import (
    WORLD,
    act_text,
    legal_text,
    pending_of,
    port_index,
    put_ship,
    quiet_voyage,
    voyage_to,
)

RULES = find_voyage_rules("dilemmas")


def fight_out_events(state: VoyageState) -> list[Event]:
    """Play the pending fight to its end with the balanced bot; its events."""
    events: list[Event] = []
    while pending_of(state).get("kind") == "fight":
        assert state.fight is not None
        keep = BALANCED.choose(state.fight)
        events += act_text(WORLD, state, f"keep {keep.first} {keep.second}")
    return events


def fight_out(state: VoyageState) -> list[str]:
    """Play the pending fight to its end with the balanced bot; the events' kinds."""
    return [e.kind for e in fight_out_events(state)]


def test_a_run_opens_in_plymouth_in_a_pinnace_with_twenty_gold() -> None:
    state = quiet_voyage()
    assert WORLD.ports[state.port].name == "Plymouth"
    assert (state.ship, state.gold, state.hull, state.morale) == ("pinnace", 20, 10, 7)
    legal = legal_text(WORLD, state)
    assert "sail" in legal and "round" in legal and "hire pilot" in legal
    assert f"course {WORLD.ports[port_index('London')].node}" in legal


def test_each_days_step_brings_her_nearest_and_ties_go_to_the_charted_run() -> None:
    state = quiet_voyage()
    target = 2 * 12 + 2  # two east and two north of Plymouth: two steps tie at first
    act_text(WORLD, state, f"course {target}")
    hops = WORLD.hops_from([target])
    before = int(hops[state.node])
    act_text(WORLD, state, "sail")
    assert int(hops[state.node]) == before - 1 and state.port == -1
    # Winds of season 0 blow toward the west: charted, a step north (a reach) runs better
    # than a step east (dead into it), so she goes north.
    assert state.node == 12


def test_a_merchant_alongside_waits_on_you_and_let_pass_she_leaves_you_be_five_days() -> None:
    state = quiet_voyage()
    act_text(WORLD, state, "course 24")
    ship = put_ship(state, MERCHANT, "france", 12)
    events = act_text(WORLD, state, "sail")
    assert pending_of(state) == {"kind": "meeting", "ship": ship}
    assert any(e.kind == "alongside" and e.data["stop"] for e in events)
    with pytest.raises(IllegalVoyageAction):
        act_text(WORLD, state, "sail")
    act_text(WORLD, state, "pass")
    assert [ship, state.day + 5] in state.let_pass
    state.world.ships["node"][ship] = 24
    act_text(WORLD, state, "sail")
    assert not state.pending  # she does not come alongside again within the five days


def test_firing_first_costs_a_point_of_standing_and_an_english_ship_makes_you_a_pirate() -> None:
    state = quiet_voyage()
    act_text(WORLD, state, "course 24")
    put_ship(state, MERCHANT, "france", 12)
    act_text(WORLD, state, "sail")
    act_text(WORLD, state, "attack")
    france = WORLD.nations.index("france")
    assert state.world.standing[france] == -1 and state.world.strain[france] == 1
    assert pending_of(state)["kind"] == "fight" and state.fight is not None
    english = quiet_voyage(seed=2)
    act_text(WORLD, english, "course 24")
    put_ship(english, MERCHANT, "england", 12)
    act_text(WORLD, english, "sail")
    act_text(WORLD, english, "attack")
    assert english.world.pirate == 1
    assert english.world.standing[WORLD.nations.index("england")] <= -3


def test_a_guard_ship_of_a_nation_that_wants_you_attacks_on_sight_at_no_cost() -> None:
    state = quiet_voyage()
    spain = WORLD.nations.index("spain")
    state.world.standing[spain] = -2
    state.port, state.node = -1, 40  # out in nobody's waters (a guard ship in England's
    act_text(WORLD, state, "course 42")  # would be driven off by the Royal Navy)
    put_ship(state, GUARD, "spain", 41)
    events = act_text(WORLD, state, "sail")
    assert any(e.kind == "attacked" for e in events)
    assert pending_of(state)["kind"] == "fight" and not pending_of(state)["fired_first"]
    assert state.world.standing[spain] == -2


def test_a_fight_is_settled_purse_hull_and_laid_up_or_left_be() -> None:
    for seed in range(12):
        state = quiet_voyage(seed)
        act_text(WORLD, state, "course 24")
        ship = put_ship(state, MERCHANT, "spain", 12)
        act_text(WORLD, state, "sail")
        act_text(WORLD, state, "attack")
        gold = state.gold
        ended = fight_out_events(state)
        (over,) = [e.data for e in ended if e.kind == "fight_over"]
        assert over["target"] == "merchant" and over["outcome"] != ""
        assert (over["gold"], over["hull"]) == (state.gold, state.hull)
        assert over["gold"] == gold + over["payout"]
        ships = state.world.ships
        if state.outcome == "sunk":
            assert state.cause == "merchant"
            continue
        assert state.gold >= gold and 1 <= state.hull <= state.max_hull()
        if ships["task"][ship] == LAID_UP:  # destroyed: home 60 days, and her cards offered
            assert ships["until"][ship] == state.day + 60
            assert pending_of(state)["kind"] in ("prize", "dilemma")
            return
        assert [ship, state.day + 5] in state.let_pass
    pytest.fail("no seed took the merchant")


def test_a_prize_offers_three_cards_kept_for_good_and_they_sail_to_a_new_ship() -> None:
    state = quiet_voyage()
    state.pending = PrizeOffer(("great_gun", "boarding_pikes", "galleon_sweeps"), "merchant")
    assert legal_text(WORLD, state)[-1] == "prize none"
    act_text(WORLD, state, "prize great_gun")
    assert state.prizes == ["great_gun"] and not state.pending
    state.gold = 200
    state.port = port_index("Plymouth")
    act_text(WORLD, state, "ship brigantine")
    assert state.ship == "brigantine" and state.prizes == ["great_gun"]
    assert (
        state.hull == state.max_hull() == 16 and state.gold == 200 - RULES.ship_gold["brigantine"]
    )


def test_a_port_of_a_nation_that_wants_you_deals_only_once_bribed() -> None:
    state = quiet_voyage()
    england = WORLD.nations.index("england")
    state.world.standing[england] = -2
    assert "round" not in legal_text(WORLD, state)
    # the price of this bribe is for one point, not a rate: 20 now, 10 the next
    with pytest.raises(IllegalVoyageAction) as refused:
        act_text(WORLD, state, "round")
    assert "20 gold for a point of standing, 30 gold in all" in str(refused.value)
    assert "gold a point" not in str(refused.value)
    assert "bribe" in legal_text(WORLD, state)
    act_text(WORLD, state, "bribe")  # 10 gold times two below zero, for a point
    assert state.gold == 0 and state.world.standing[england] == -1
    with pytest.raises(IllegalVoyageAction, match="wants you"):
        act_text(WORLD, state, "round")


def test_a_pirate_is_refused_in_english_ports_and_pardoned_for_eighty() -> None:
    state = quiet_voyage()
    state.world.pirate = 1
    state.world.standing[WORLD.nations.index("england")] = -3
    state.gold = 90
    legal = legal_text(WORLD, state)
    assert "round" not in legal and "bribe" not in legal and "pardon" in legal
    act_text(WORLD, state, "pardon")
    assert state.world.pirate == 0 and state.gold == 10
    assert state.world.standing[WORLD.nations.index("england")] == 0


def test_the_bar_and_the_yard() -> None:
    state = quiet_voyage()
    act_text(WORLD, state, "round")
    assert state.gold == 18 and state.morale == 8  # the first round of a visit: +1
    act_text(WORLD, state, "round")
    assert state.gold == 16 and state.morale == 8
    act_text(WORLD, state, "hire pilot")
    assert state.crew == ["pilot"] and state.gold == 16 - RULES.hire_gold["pilot"]
    state.gold = 100
    act_text(WORLD, state, "hire surgeon")
    assert "hire marksmen" not in legal_text(WORLD, state)  # a pinnace has two berths
    state.hull = 4
    act_text(WORLD, state, "repair 3")
    assert state.hull == 7 and state.gold == 100 - RULES.hire_gold["surgeon"] - 3
    assert not any(a.startswith("strike") for a in legal_text(WORLD, state))  # 10 cards
    act_text(WORLD, state, "upgrade more_guns")
    assert any(a == "strike broadside" for a in legal_text(WORLD, state))  # 11 cards
    act_text(WORLD, state, "strike broadside")
    assert len(state.outfit().deck()) == 10 and state.struck == ["broadside"]


def test_winning_is_london_with_the_score_and_no_noose_waiting() -> None:
    state = quiet_voyage()
    state.gold = 150
    voyage_to(state, WORLD.ports[port_index("London")].node)
    assert state.outcome == "won"
    pirate = quiet_voyage()
    pirate.gold, pirate.world.pirate = 150, 1
    voyage_to(pirate, WORLD.ports[port_index("London")].node)
    assert pirate.outcome == "" and WORLD.ports[pirate.port].name == "London"


def raid(state: VoyageState, port: str) -> None:
    state.port = port_index(port)
    state.node = WORLD.ports[state.port].node
    act_text(WORLD, state, "raid")


def test_a_raid_costs_three_and_a_sack_takes_everything_for_120_days() -> None:
    for seed in range(20):
        state = quiet_voyage(seed)
        state.ship, state.hull = "frigate", 22
        raid(state, "Sevilla")
        spain = WORLD.nations.index("spain")
        assert state.world.standing[spain] == -3 and state.tally["raids"] == 1
        fight_out(state)
        if state.world.sacked_until[port_index("Sevilla")]:
            ws, day, i = state.world, state.day, port_index("Sevilla")
            assert ws.treasury[i] == 0 and ws.sacked_until[i] == day + 120
            assert ws.alarm_until[i] == day + 30 and ws.guard_until[i] == 0
            assert ws.standing[spain] == -5  # -2 more for the sack
            return
    pytest.fail("no seed sacked Sevilla in a frigate")


def test_a_raid_turned_out_puts_the_town_on_its_guard() -> None:
    state = quiet_voyage(3)
    i = port_index("Sevilla")
    raid(state, "Sevilla")
    state.fight.result = Termination.GOT_AWAY  # you fell back to the boats
    from privateer.engine.voyage.meet import settle_fight
    from privateer.engine.world.rules import SEED_000

    settle_fight(WORLD, state, RULES, SEED_000)
    ws = state.world
    assert ws.guard_until[i] == state.day + 90 and ws.guard_raids[i] == 1
    state.port, state.pending = i, None
    assert "raid" not in legal_text(WORLD, state)  # the boats would never get ashore
    ws.day += 14
    act_text(WORLD, state, "raid")
    setup = state.fight.setup
    # its own 3 walls (an open town's), and 4 for the one raid turned out
    assert setup.walls == 3 + 4 and setup.relief_sooner == 2
    assert state.fight.hull[1] == 14 + 3 + 4


def test_the_crew_sour_without_a_prize_and_mutiny_at_nothing() -> None:
    state = quiet_voyage()
    state.port = -1
    state.world.day = 29
    state.morale = 3
    assert not sea_events.morale_day(WORLD, state, RULES, _world_rules())
    state.world.day = 30
    sea_events.morale_day(WORLD, state, RULES, _world_rules())
    assert state.morale == 2
    state.world.day = 35
    assert not sea_events.morale_day(WORLD, state, RULES, _world_rules())
    state.morale = 1
    state.world.day = 40
    state.crew = ["pilot"]
    events = sea_events.morale_day(WORLD, state, RULES, _world_rules())
    assert events[-1].kind == "mutiny" and state.morale == 4 and state.last_prize_day == 40
    assert state.crew == [] or state.mutineer == "pilot"
    alone = quiet_voyage()
    alone.gold, alone.morale = 100, 0
    sea_events.mutiny(alone, RULES)
    assert alone.gold == 70  # the strongroom broken open: 30% gone


def test_wages_every_sixty_days_and_short_of_them_morale_falls_two() -> None:
    state = quiet_voyage()
    state.crew = ["pilot", "surgeon"]
    state.world.day = 60
    state.gold = 10
    sea_events.wages(WORLD, state, RULES, _world_rules())
    assert state.gold == 10 - 1 - 2
    state.gold, state.world.day = 1, 120
    events = sea_events.wages(WORLD, state, RULES, _world_rules())
    assert events[0].kind == "wages_short" and state.morale == 5


def test_storms_are_three_times_as_often_in_the_antilles_autumn_and_twice_past_forty() -> None:
    lon, lat = WORLD.lon.copy(), WORLD.lat.copy()
    lon[0], lat[0] = -75.0, 18.0  # the Antilles
    lon[1], lat[1] = -20.0, 45.0  # past forty degrees
    lon[2], lat[2] = -20.0, 20.0
    world = dataclasses.replace(WORLD, lon=lon, lat=lat)
    state = quiet_voyage()
    odds = {}
    for node, day in ((0, 91 * 2), (0, 0), (1, 0), (2, 0)):
        state.node, state.world.day = node, day
        odds[node, day] = storm_odds(world, state, RULES, season_of(_world_rules(), state.day))
    assert odds[0, 182] == 40 and odds[0, 0] == 120 and odds[1, 0] == 60 and odds[2, 0] == 120


def _world_rules():  # type: ignore[no-untyped-def]
    from privateer.engine.world.rules import SEED_000

    return SEED_000


def test_dilemmas_tell_their_stakes_and_bar_what_cannot_be_done() -> None:
    state = quiet_voyage()
    state.port, state.gold, state.node = -1, 0, 40
    state.pending = Question("storm")
    options = observe(WORLD, state)["options"]
    assert [o["choice"] for o in options] == ["ride it out", "lighten ship", "run before it"]
    assert options[1]["barred"] == "nothing aboard to lighten"
    assert legal_text(WORLD, state) == ["choose 0", "choose 2"]
    with pytest.raises(IllegalVoyageAction, match="nothing aboard"):
        act_text(WORLD, state, "choose 1")
    act_text(WORLD, state, "choose 2")
    assert not state.pending and WORLD.lon[state.node] < WORLD.lon[40]  # downwind: west
    state.pending = Question("castaway")
    state.crew = ["pilot", "surgeon"]
    assert observe(WORLD, state)["options"][0]["barred"] == "no berth"


def test_uncharted_land_pays_fifteen_and_the_anchorage_mends_a_point_a_day() -> None:
    state = quiet_voyage()
    ws = state.world
    island = ws.islands[0] if ws.islands else 5 * 12 + 5
    ws.islands, ws.charted = [island], [0]
    state.port, state.node, state.gold = -1, WORLD.step_neighbours[island][0], 0
    act_text(WORLD, state, f"course {island}")
    events = act_text(WORLD, state, "sail")
    assert any(e.kind == "land_sighted" for e in events) and ws.charted == [1]
    assert state.gold == 15 or pending_of(state).get("name") == "castaway"
    state.pending = None
    state.hull, state.morale = 5, 5
    while state.node != island:
        act_text(WORLD, state, "sail")
    act_text(WORLD, state, "sail")
    assert state.hull >= 6 and state.morale >= 6


def test_islanders_trade_provisions_once_a_day_or_their_canoes_come_out() -> None:
    outcomes = set()
    for seed in range(12):
        state = quiet_voyage(seed)
        voyage_to(state, WORLD.ports[port_index("Matavai")].node)
        if pending_of(state).get("kind") == "fight":
            assert pending_of(state)["target"] == "war_canoes"
            outcomes.add("canoes")
            continue
        assert WORLD.ports[state.port].native
        assert legal_text(WORLD, state).count("provisions") == 1
        state.hull, state.morale = 6, 5
        act_text(WORLD, state, "provisions")
        assert (state.hull, state.morale, state.gold) == (8, 8, 17)
        assert "provisions" not in legal_text(WORLD, state)  # once a day
        outcomes.add("trade")
    assert outcomes == {"canoes", "trade"}


def test_privateers_of_a_nation_at_war_with_england_come_for_you() -> None:
    state = quiet_voyage()
    ws = state.world
    france = WORLD.nations.index("france")
    from privateer.engine.world import wars

    ws.wars = sorted([*ws.wars, sorted([france, WORLD.nations.index("england")])])
    ship = put_ship(state, PRIVATEER, "france", WORLD.ports[port_index("Brest")].node)
    ws.ships["home"][ship] = port_index("Brest")
    assert wars.at_war(ws, france, WORLD.nations.index("england"))
    act_text(WORLD, state, "course 36")
    start = int(WORLD.hops_from([state.node])[ws.ships["node"][ship]])
    for _ in range(3):
        if state.pending:
            break
        act_text(WORLD, state, "sail")
    gap = int(WORLD.hops_from([state.node])[ws.ships["node"][ship]])
    assert pending_of(state).get("kind") == "fight" or gap < start
