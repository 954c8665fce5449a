"""Islanders on the synthetic sea (the Privateer design document, "Events at sea": "Islanders:
Umatac on Guam (Spanish, the galleon's watering stop ...)", "Uncharted islands"): a Spanish port
whose role is islanders trades as the native harbours do by the guam_islanders rule; islanders come
out off new land by the island_folk rule; and land within sight of a passing ship is charted."""

from __future__ import annotations

import dataclasses

from privateer.engine.events import Event
from privateer.engine.voyage.actions import VoyageAction
from privateer.engine.voyage.game import act, create_voyage, legal_actions
from privateer.engine.voyage.rules import RULESETS, VoyageRules
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.world import World
from tests.voyage_fixtures import WORLD, lay_up_every_ship, port_index

# `classic` with both islanders' rules off (each on in every ruleset since voyage-4)
CLASSIC = RULESETS["classic"].with_changes(guam_islanders=False, island_folk=False)
COLS = 12  # the synthetic sea's grid (tests/world_fixtures.py)
GUAM = CLASSIC.with_changes(guam_islanders=True)
FOLK = CLASSIC.with_changes(island_folk=True, island_folk_per_mille=1000)


def _guam_world() -> World:
    """The synthetic sea with Sevilla (a Spanish open town) given the islanders' role, as
    data/ports.csv gives Umatac."""
    ports = tuple(
        dataclasses.replace(p, roles=frozenset({"islanders"})) if p.name == "Sevilla" else p
        for p in WORLD.ports
    )
    return dataclasses.replace(WORLD, ports=ports)


GUAM_WORLD = _guam_world()
SEVILLA = port_index("Sevilla")


def voyage(world: World, rules: VoyageRules, seed: int = 1) -> VoyageState:
    """A voyage in Plymouth by `rules`, every ship of the world laid up out of the way."""
    state, _ = create_voyage(world, seed, rules)
    return lay_up_every_ship(state)


def do(world: World, state: VoyageState, rules: VoyageRules, text: str) -> list[Event]:
    return act(world, state, VoyageAction.from_str(text), rules)


def legal(world: World, state: VoyageState, rules: VoyageRules) -> list[str]:
    return [a.to_str() for a in legal_actions(world, state, rules)]


def sail_to(world: World, state: VoyageState, rules: VoyageRules, node: int) -> list[Event]:
    """Set a course and sail until she is there or something waits on her; the events."""
    events = do(world, state, rules, f"course {node}")
    while state.course >= 0 and not state.over and state.pending is None:
        events += do(world, state, rules, "sail")
    return events


# --- Guam's islanders -----------------------------------------------------------------------


def test_a_spanish_port_of_islanders_is_an_ordinary_port_with_the_rule_off() -> None:
    state = voyage(GUAM_WORLD, CLASSIC)
    state.gold = 40
    events = sail_to(GUAM_WORLD, state, CLASSIC, WORLD.ports[SEVILLA].node)
    assert state.port == SEVILLA and not any(e.kind == "canoes" for e in events)
    offered = legal(GUAM_WORLD, state, CLASSIC)
    assert "round" in offered and "hire pilot" in offered and "provisions" not in offered


def test_guams_islanders_trade_provisions_or_put_out_canoes_and_stay_spanish() -> None:
    spain = WORLD.nations.index("spain")
    outcomes = set()
    for seed in range(12):
        state = voyage(GUAM_WORLD, GUAM, seed)
        state.gold = 40
        events = sail_to(GUAM_WORLD, state, GUAM, WORLD.ports[SEVILLA].node)
        if state.pending is not None:
            assert any(e.kind == "canoes" for e in events)
            assert state.pending.to_dict()["target"] == "war_canoes"
            outcomes.add("canoes")
            continue
        assert state.port == SEVILLA
        offered = legal(GUAM_WORLD, state, GUAM)
        assert offered.count("provisions") == 1 and "raid" in offered  # Spain's town still
        assert not any(a.split()[0] in ("round", "hire", "repair", "upgrade") for a in offered)
        state.hull, state.morale, gold = 6, 5, state.gold
        do(GUAM_WORLD, state, GUAM, "provisions")
        assert (state.hull, state.morale, state.gold) == (8, 8, gold - 3)  # +2 hull, +3
        assert "provisions" not in legal(GUAM_WORLD, state, GUAM)  # once a day
        do(GUAM_WORLD, state, GUAM, "raid")
        assert state.world.standing[spain] == -3  # raided as Spain's town
        assert SEVILLA in state.raided_natives  # its canoes now come out 70% of the time
        outcomes.add("trade")
    assert outcomes == {"canoes", "trade"}


# --- islanders met at uncharted land ----------------------------------------------------------


ISLAND = 4 * COLS + 5
SHORE = WORLD.step_neighbours[ISLAND][0]  # a day's sail from the island
OFFING = next(  # a day's sail from SHORE, out of sight of the island
    n for n in WORLD.step_neighbours[SHORE] if ISLAND not in (n, *WORLD.step_neighbours[n])
)


def _off_an_island(rules: VoyageRules, seed: int) -> tuple[VoyageState, int]:
    """At sea two days from an uncharted island (the only one), course set to bring her a
    day from it: the next day's sail sights it."""
    state = voyage(WORLD, rules, seed)
    state.world.islands, state.world.charted = [ISLAND], [0]
    state.port, state.node = -1, OFFING
    do(WORLD, state, rules, f"course {SHORE}")
    return state, ISLAND


def test_islanders_come_out_off_new_land_to_trade_or_in_war_canoes() -> None:
    outcomes = set()
    for seed in range(12):
        state, island = _off_an_island(FOLK, seed)
        state.gold, state.hull, state.morale = 20, 6, 5
        events = do(WORLD, state, FOLK, "sail")
        met = [e.data for e in events if e.kind == "islanders"]
        assert [e.kind for e in events].count("land_sighted") == 1 and len(met) == 1
        assert met[0]["node"] == island and met[0]["stop"]
        pending = state.pending.to_dict() if state.pending is not None else {}
        if met[0]["canoes"]:
            assert pending["kind"] == "fight" and pending["target"] == "war_canoes"
            assert pending["why"] == "canoes"
            outcomes.add("canoes")
            continue
        assert pending == {"kind": "dilemma", "name": "islanders"}
        assert legal(WORLD, state, FOLK) == ["choose 0", "choose 1"]
        do(WORLD, state, FOLK, "choose 0")  # trade: 15 for charting, then 3 for provisions
        assert (state.gold, state.hull, state.morale) == (32, 8, 8)
        outcomes.add("trade")
    assert outcomes == {"canoes", "trade"}


def test_islanders_stay_ashore_with_the_rule_off_or_at_odds_of_nothing() -> None:
    for rules in (CLASSIC, FOLK.with_changes(island_folk_per_mille=0)):
        for seed in range(6):
            state, _ = _off_an_island(rules, seed)
            events = do(WORLD, state, rules, "sail")
            assert "land_sighted" in [e.kind for e in events]
            assert "islanders" not in [e.kind for e in events] and state.pending is None


def test_a_ship_short_of_gold_can_only_wave_them_off() -> None:
    rules = FOLK.with_changes(canoes_per_mille=0, provisions_gold=50)
    state, _ = _off_an_island(rules, 1)
    do(WORLD, state, rules, "sail")
    assert state.gold == 35 and legal(WORLD, state, rules) == ["choose 1"]  # trading barred
    do(WORLD, state, rules, "choose 1")
    assert state.gold == 35 and state.pending is None


# --- uncharted land sighted on the way past -----------------------------------------------------


def test_a_ship_sailing_past_an_uncharted_island_sights_and_charts_it() -> None:
    state, island = _off_an_island(CLASSIC, 1)
    state.node = 5 * COLS + 1  # a row south of it, bound east along that row
    bound = 5 * COLS + 10
    passed: list[int] = []
    do(WORLD, state, CLASSIC, f"course {bound}")
    sighted: list[int] = []
    while state.course >= 0 and state.pending is None:
        events = do(WORLD, state, CLASSIC, "sail")
        passed.append(state.node)
        sighted += [e.data["node"] for e in events if e.kind == "land_sighted"]
    assert state.node == bound and island not in passed  # she never touched it
    assert sighted == [island] and state.world.charted == [1]
    assert state.gold == CLASSIC.start_gold + 15 and state.tally["islands"] == 1


def test_an_island_out_of_sight_stays_uncharted() -> None:
    state, _ = _off_an_island(CLASSIC, 1)
    state.node = 1 * COLS + 1  # three rows north of it
    sail_to(WORLD, state, CLASSIC, 1 * COLS + 10)
    assert state.world.charted == [0] and state.tally["islands"] == 0
