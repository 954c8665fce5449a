"""Strike colours (the Privateer design document: "Prisoners talk too (interrogate, on boarding
party and strike colours, lost if you sink)"): a card the voyage puts into a merchant's deck by the
strike_colours rule; kept while she is threatened, she strikes, the fight ends with her taken and
her crew prisoners. Without the rule her deck is as it always was."""

from __future__ import annotations

from privateer.engine.events import Event
from privateer.engine.fight.bots import BALANCED
from privateer.engine.fight.cards import THEM, YOU
from privateer.engine.fight.encounter import (
    Encounter,
    Keep,
    Termination,
    act,
    create_encounter,
    make_card,
)
from privateer.engine.fight.outfit import Outfit
from privateer.engine.fight.settle import settle
from privateer.engine.fight.ships import KIND_INDEX, STRIKE_KIND, TARGETS
from privateer.engine.voyage.actions import VoyageAction
from privateer.engine.voyage.game import act as voyage_act
from privateer.engine.voyage.game import observe
from privateer.engine.voyage.pending import Meeting
from privateer.engine.voyage.rules import RULESETS, VoyageRules
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.kinds import GUARD, MERCHANT, PRIVATEER
from tests.voyage_fixtures import WORLD, put_ship, quiet_voyage

# `classic` with the rule off (on in every ruleset since voyage-4)
CLASSIC = RULESETS["classic"].with_changes(strike_colours=False)
STRIKE = CLASSIC.with_changes(strike_colours=True)


def card(key: str, side: int) -> int:
    return make_card(KIND_INDEX[key], side)


def _her_cards(state: Encounter) -> list[int]:
    every = [*state.deck, *state.hand, *state.discard[0], *state.discard[1]]
    return [c >> 1 for c in every if c & 1 == THEM]


# --- the card ---------------------------------------------------------------------------------


def _struck_hand(her_hull: int) -> Encounter:
    state, _ = create_encounter("merchant", Outfit(), seed=1, strikes=1)
    state.hull[THEM] = her_hull
    state.hand = [card("strike_colours", THEM), card("give_chase", YOU), card("give_chase", YOU)]
    state.deck = [card("give_chase", YOU)] * 6
    return state


def test_a_merchant_beaten_low_strikes_and_her_crew_are_prisoners() -> None:
    state = _struck_hand(her_hull=6)  # half her hull: threatened
    events = act(state, Keep(0, 1))
    assert state.result is Termination.DESTROYED and state.hull[THEM] == 6  # taken, afloat
    assert state.prisoners == 2
    strike = next(e.fields() for e in events if e.kind == "strike")
    assert strike == {"side": "them", "card": "strike_colours", "works": True, "prisoners": 2}
    settled = settle(state)
    assert settled.rumors == 2 and settled.bounty == TARGETS["merchant"].bounty
    assert settled.laid_up_days == 60  # taken as one destroyed is


def test_a_merchant_not_beaten_will_not_strike() -> None:
    state = _struck_hand(her_hull=12)
    events = act(state, Keep(0, 1))
    assert state.result is None and state.prisoners == 0
    assert next(e.fields() for e in events if e.kind == "strike")["works"] is False


def test_the_card_is_in_her_deck_only_when_the_terms_put_it_there() -> None:
    plain, _ = create_encounter("merchant", Outfit(), seed=3)
    assert STRIKE_KIND not in _her_cards(plain) and "strikes" not in plain.to_dict()["setup"]
    struck, _ = create_encounter("merchant", Outfit(), seed=3, strikes=1)
    assert _her_cards(struck).count(STRIKE_KIND) == 1
    assert len(_her_cards(struck)) == len(TARGETS["merchant"].deck) + 1
    saved = struck.to_dict()
    assert saved["setup"]["strikes"] == 1
    again = Encounter.from_dict(saved)
    assert again.setup.strikes == 1 and again.state_hash() == struck.state_hash()
    assert plain.state_hash() != struck.state_hash()


# --- in a voyage ------------------------------------------------------------------------------


def _attack(rules: VoyageRules, kind: int, seed: int = 1) -> VoyageState:
    state = quiet_voyage(seed, rules="classic")
    state.port = -1
    ship = put_ship(state, kind, "spain", state.node)
    state.pending = Meeting(ship)
    voyage_act(WORLD, state, VoyageAction.from_str("attack"), rules)
    return state


def test_a_merchant_carries_the_card_only_by_the_rule() -> None:
    for rules, kind, strikes in (
        (CLASSIC, MERCHANT, 0),
        (STRIKE, MERCHANT, 1),
        (STRIKE, PRIVATEER, 0),  # not a kind the rule names
        (STRIKE.with_changes(strike_targets=("merchant", "privateer")), PRIVATEER, 1),
    ):
        state = _attack(rules, kind)
        assert state.fight is not None and state.fight.setup.strikes == strikes
        assert _her_cards(state.fight).count(STRIKE_KIND) == strikes


def test_the_read_of_a_merchant_says_she_may_strike_only_by_the_rule() -> None:
    reads = []
    for rules in (CLASSIC.with_changes(lookout=True), STRIKE.with_changes(lookout=True)):
        state = quiet_voyage(1, rules="classic")
        state.port = -1
        put_ship(state, MERCHANT, "spain", WORLD.step_neighbours[state.node][0])
        (seen,) = observe(WORLD, state, rules)["in_sight"]
        reads.append(seen["read"])
    assert "strikes" not in reads[0] and reads[1]["strikes"] == 1
    assert {k: v for k, v in reads[1].items() if k != "strikes"} == reads[0]


def test_a_merchant_that_strikes_is_taken_and_her_prisoners_talk() -> None:
    for seed in range(40):
        state = _attack(STRIKE, MERCHANT, seed)
        put_ship(state, GUARD, "france", WORLD.step_neighbours[state.node][0])  # to talk of
        events: list[Event] = []
        while state.fight is not None:
            keep = BALANCED.choose(state.fight)
            events += voyage_act(
                WORLD, state, VoyageAction.from_str(f"keep {keep.first} {keep.second}"), STRIKE
            )
        struck = [e for e in events if e.kind == "strike" and e.fields()["works"]]
        if not struck:
            continue
        over = next(e.data for e in events if e.kind == "fight_over")
        assert over["outcome"] == "destroyed" and state.outcome == ""
        end = next(e.fields() for e in events if e.kind == "end")
        assert end["hull"][1] > 0  # she struck afloat
        prisoners = struck[0].fields()["prisoners"]
        assert sum(e.kind == "rumor" for e in events) == prisoners >= 2
        assert sum(e.kind == "rumor_heard" for e in events) == prisoners  # each one talks
        assert "prize" in [e.kind for e in events]  # her bounty paid
        return
    raise AssertionError("no merchant struck in 40 fights")
