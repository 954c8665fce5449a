"""Purchases say what they would add (the Privateer design document: "In port, every hire, refit and
ship for sale says what it would add before you buy it"): observe()'s port offer, held to what
buying each then does, and the lines `play`'s `port` shows."""

from __future__ import annotations

from typing import Any

from privateer.cli.voyage.render import port_lines
from privateer.engine.voyage.game import observe
from privateer.engine.voyage.state import VoyageState
from tests.voyage_fixtures import WORLD, act_text, quiet_voyage


def _offers(state: VoyageState) -> dict[str, Any]:
    offers: dict[str, Any] = observe(WORLD, state)["port_sheet"]["offers"]
    return offers


def _sheet(state: VoyageState) -> dict[str, Any]:
    sheet: dict[str, Any] = observe(WORLD, state)["sheet"]
    return sheet


def test_a_hand_adds_what_his_offer_says() -> None:
    for hand in ("master_gunner", "boatswain", "navigator"):
        state = quiet_voyage()
        state.gold = 200
        offer = _offers(state)["hands"][hand]
        before = _sheet(state)
        act_text(WORLD, state, f"hire {hand}")
        after = _sheet(state)
        assert after["gold"] == before["gold"] - offer["gold"]
        brought = next(h for h in after["crew"] if h["hand"] == hand)
        assert brought["brings"] == offer["adds"] and brought["wages"] == offer["wages"]
        cards = [a for a in offer["adds"] if a != "a step more sight"]
        assert after["deck_size"] == before["deck_size"] + len(cards)
        assert hand not in _offers(state)["hands"]  # aboard: no longer offered


def test_a_refit_adds_what_its_offer_says() -> None:
    for refit in ("more_guns", "sheathed_hull", "chase_guns"):
        state = quiet_voyage()
        state.gold = 200
        offer = _offers(state)["refits"][refit]
        before = _sheet(state)
        act_text(WORLD, state, f"upgrade {refit}")
        after = _sheet(state)
        assert after["max_hull"] == before["max_hull"] + offer["hull"]
        assert after["deck"][f"refit: {refit}"] == offer["adds"]
        assert after["deck_size"] == before["deck_size"] + len(offer["adds"])


def test_a_ship_for_sale_gives_what_her_offer_says() -> None:
    state = quiet_voyage()
    state.gold = 200
    act_text(WORLD, state, "hire pilot")
    act_text(WORLD, state, "upgrade more_guns")  # stays with the old ship
    offer = _offers(state)["ships"]["frigate"]
    before = _sheet(state)
    act_text(WORLD, state, "ship frigate")
    after = _sheet(state)
    assert after["max_hull"] == offer["hull"] == before["max_hull"] + offer["hull_change"]
    assert after["berths"] == offer["berths"] and after["deck"]["ship"] == offer["adds"]
    assert after["deck_size"] == offer["deck_size"]


def test_what_cannot_be_bought_says_why_and_a_port_that_will_not_deal_offers_nothing() -> None:
    state = quiet_voyage()
    state.gold = 0
    offers = _offers(state)
    assert offers["hands"]["pilot"]["barred"] == "not enough gold (5)"
    assert offers["refits"]["sheathed_hull"]["barred"] == "not enough gold (10)"
    assert offers["ships"]["brigantine"]["barred"] == "not enough gold"
    state.world.standing[WORLD.nations.index("england")] = -1
    assert _offers(state) == {}


def test_the_port_view_tells_each_offer() -> None:
    state = quiet_voyage()
    state.gold = 50
    lines = "\n".join(port_lines(observe(WORLD, state)))
    assert "master_gunner    10 gold: adds double-shotted guns (hit 3, leaves leak)" in lines
    assert "sheathed_hull    10 gold: adds hull +2" in lines
    assert "brigantine       45 gold: hull 16 (+6), 3 berths, her cards broadside x4" in lines
    assert "frigate         100 gold" in lines and "(not enough gold)" in lines
