"""The rules of a fight (engine/encounter.py): each effect, the order of resolution, wounds,
relief, and invariants over random play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from privateer.engine.errors import OutfitError
from privateer.engine.fight.bots import RUNNER
from privateer.engine.fight.cards import THEM, YOU
from privateer.engine.fight.encounter import (
    ALL_KEEPS,
    Encounter,
    IllegalFightAction,
    Keep,
    Termination,
    act,
    card_total,
    create_encounter,
    legal_actions,
    make_card,
    observe,
    outcome,
)
from privateer.engine.fight.outfit import Outfit
from privateer.engine.fight.settle import settle
from privateer.engine.fight.ships import CATALOGUE, KIND_INDEX, TARGETS


def card(key: str, side: int) -> int:
    return make_card(KIND_INDEX[key], side)


def rigged(
    target: str = "merchant",
    hand: list[int] | None = None,
    deck: list[int] | None = None,
    **changes: object,
) -> Encounter:
    state, _ = create_encounter(target, Outfit(), seed=1)
    if hand is not None:
        state.hand = hand
    if deck is not None:
        state.deck = deck
    for name, value in changes.items():
        setattr(state, name, value)
    return state


FILLER = [card("give_chase", YOU)] * 6


def test_a_shot_strikes_the_hull_at_once_and_brace_soaks_it() -> None:
    state = rigged(
        hand=[card("nets", YOU), card("merchant_guns", THEM), card("boarding", YOU)], deck=FILLER[:]
    )
    act(state, Keep(0, 1))  # brace 2, then her broadside of 4
    assert state.hull[YOU] == 10 - 2
    state = rigged(
        hand=[card("nets", YOU), card("merchant_guns", THEM), card("boarding", YOU)], deck=FILLER[:]
    )
    act(state, Keep(1, 0))  # the broadside first: brace comes too late
    assert state.hull[YOU] == 10 - 4


def test_a_landed_hit_leaves_its_wound_on_top_of_the_deck() -> None:
    state = rigged(
        hand=[card("broadside", YOU), card("give_chase", YOU), card("bear_away", YOU)],
        deck=FILLER[:],
    )
    act(state, Keep(0, 1))
    assert state.hull[THEM] == 12 - 2
    assert card("leak", THEM) in state.hand  # dealt straight into the next hand


def test_keeping_a_wound_costs_its_hull() -> None:
    leak, fire = card("leak", THEM), card("fire", YOU)
    state = rigged(hand=[leak, fire, card("give_chase", YOU)], deck=FILLER[:])
    act(state, Keep(0, 1))
    assert state.hull[THEM] == 12 - 2 and state.hull[YOU] == 10 - 3


def test_two_wounds_in_a_hand_and_one_gets_through() -> None:
    hand = [card("leak", YOU), card("fire", YOU), card("give_chase", YOU)]
    worst = 10
    for keep in ALL_KEEPS:
        state = rigged(hand=hand[:], deck=FILLER[:])
        act(state, keep)
        worst = min(worst, state.hull[YOU])
        assert state.hull[YOU] <= 10 - 2  # whatever you keep, a wound is dealt with
    assert worst == 10 - 5


def test_sending_a_wound_to_the_bottom_only_puts_it_off() -> None:
    leak = card("leak", YOU)
    state = rigged(hand=[leak, card("give_chase", YOU), card("give_chase", YOU)], deck=FILLER[:])
    act(state, Keep(1, 2))
    assert state.hull[YOU] == 10 and state.deck[0] == leak


def test_order_matters_a_merchants_flee_card_before_and_after_the_broadside() -> None:
    # Hurt to 7 already: one more broadside puts her at half hull, threatened.
    flee, broadside = card("crowd_sail", THEM), card("broadside", YOU)
    before = rigged(hand=[flee, broadside, card("give_chase", YOU)], deck=FILLER[:], hull=[10, 7])
    act(before, Keep(0, 1))
    assert before.way[THEM] == 0  # she was not threatened when it resolved
    after = rigged(hand=[flee, broadside, card("give_chase", YOU)], deck=FILLER[:], hull=[10, 7])
    act(after, Keep(1, 0))
    assert after.way[THEM] == 2


def test_three_way_and_she_is_away_unless_way_is_taken_back() -> None:
    flee = card("crowd_sail", THEM)
    state = rigged(hand=[flee, flee, card("give_chase", YOU)], deck=FILLER[:], hull=[10, 5])
    act(state, Keep(0, 1))
    assert state.result is Termination.FLED
    state = rigged(hand=[flee, card("give_chase", YOU), flee], deck=FILLER[:], hull=[10, 5])
    act(state, Keep(0, 1))
    assert state.way[THEM] == 1 and state.result is None


def test_away_at_exactly_three_way_either_side() -> None:
    # Way 2, a chase takes one back, then a flee card's 2 more: exactly 3, and away.
    flee, chase = card("crowd_sail", THEM), card("give_chase", YOU)
    state = rigged(hand=[chase, flee, card("nets", YOU)], deck=FILLER[:], hull=[10, 5], way=[0, 2])
    act(state, Keep(0, 1))
    assert state.way[THEM] == 3 and state.result is Termination.FLED
    run, chased = card("bear_away", YOU), card("give_chase", THEM)
    state = rigged(hand=[chased, run, card("nets", YOU)], deck=FILLER[:], hull=[5, 12], way=[2, 0])
    act(state, Keep(0, 1))
    assert state.way[YOU] == 3 and state.result is Termination.GOT_AWAY
    # Two way is not enough.
    state = rigged(hand=[chase, flee, card("nets", YOU)], deck=FILLER[:], hull=[10, 5], way=[0, 1])
    act(state, Keep(0, 1))
    assert state.way[THEM] == 2 and state.result is None


def test_sails_shot_away_stop_flee_cards_while_in_deck_or_hand() -> None:
    state = rigged(
        hand=[card("chain", YOU), card("give_chase", YOU), card("give_chase", YOU)],
        deck=FILLER[:],
        hull=[10, 5],
    )
    act(state, Keep(0, 1))
    assert state.sails[THEM] == 1
    flee = card("crowd_sail", THEM)
    state.hand = [flee, card("give_chase", YOU), state.hand[0]]
    act(state, Keep(0, 1))
    assert state.way[THEM] == 0  # the sails wound is still about


def test_an_outgunned_ship_can_run_from_the_first_hand() -> None:
    state, _ = create_encounter("armada", Outfit(), seed=0)
    state.hand = [card("bear_away", YOU), card("give_chase", YOU), card("give_chase", YOU)]
    act(state, Keep(0, 1))
    assert state.way[YOU] == 2


def test_recall_brings_back_recent_cards_never_wounds() -> None:
    state = rigged(
        hand=[card("all_hands", YOU), card("give_chase", YOU), card("give_chase", YOU)],
        deck=FILLER[:],
    )
    state.discard[YOU] = [card("broadside", YOU), card("leak", YOU)]
    act(state, Keep(0, 1))
    assert state.deck[1] == card("broadside", YOU) or state.deck[0] == card("broadside", YOU)
    assert card("leak", YOU) in state.discard[YOU]


def test_a_recalled_card_goes_to_the_very_bottom_under_the_card_bottomed() -> None:
    broadside, nets = card("broadside", YOU), card("nets", YOU)
    state = rigged(hand=[card("all_hands", YOU), card("give_chase", YOU), nets], deck=FILLER[:])
    state.discard[YOU] = [broadside, card("leak", YOU)]
    events = act(state, Keep(0, 1))  # nets bottomed first, then the recall goes under it
    assert state.deck[:2] == [broadside, nets]
    assert state.deck.count(broadside) == 1 and broadside not in state.discard[YOU]
    (recall,) = [e for e in events if e.kind == "recall"]
    assert recall.data[2] == broadside


def test_plunder_and_prisoners() -> None:
    state = rigged(
        hand=[card("boarding", YOU), card("give_chase", YOU), card("give_chase", YOU)],
        deck=FILLER[:],
    )
    act(state, Keep(0, 1))
    assert state.plunder == 3 and state.hold == 8 - 3 and state.prisoners == 1


def test_the_ships_part_when_the_deck_cannot_deal_a_hand() -> None:
    state = rigged(hand=[card("give_chase", YOU)] * 3, deck=[])
    act(state, Keep(0, 1))
    assert state.result is Termination.PARTED
    assert outcome(state) is not None and legal_actions(state) == []
    with pytest.raises(IllegalFightAction, match="over"):
        act(state, Keep(0, 1))


def test_relief_comes_from_the_seventh_round_every_other_round_four_times() -> None:
    state, _ = create_encounter("town", Outfit("brigantine"), seed=0)
    state.hull = [99, 99]
    state.max_hull = (99, 99)
    state.deck = [card("give_chase", YOU)] * 60
    state.hand = [card("give_chase", YOU)] * 3
    relief_rounds = []
    while state.result is None and state.round < 20:
        for event in act(state, Keep(0, 1)):
            if event.kind == "relief":
                relief_rounds.append(event.round)
    assert relief_rounds == [7, 9, 11, 13]
    assert state.hold < TARGETS["town"].hold  # valuables carried inland meanwhile


def test_a_town_cannot_run_and_the_raiders_can_fall_back() -> None:
    state, _ = create_encounter("town", Outfit(), seed=0)
    every = state.deck + state.hand
    assert sum(1 for c in every if c == card("boats", YOU)) == 2
    # The town's side holds no card that makes way: it cannot run.
    assert not any(c & 1 == THEM and CATALOGUE[c >> 1].flee for c in every)
    assert sorted(CATALOGUE[c >> 1].key for c in every if c & 1 == THEM) == sorted(
        CATALOGUE[k].key for k in TARGETS["town"].deck
    )
    # Play it out with the raiders never running: the town never gets away.
    while state.result is None:
        act(state, Keep(0, 1))
    assert state.result is not Termination.FLED


def test_outfits_are_checked() -> None:
    with pytest.raises(OutfitError, match="berths"):
        Outfit("pinnace", crew=("pilot", "surgeon", "boatswain")).validate()
    with pytest.raises(OutfitError, match="unknown ship"):
        Outfit("junk").validate()
    pilot = Outfit("pinnace", crew=("pilot",)).deck()
    assert (
        pilot.count(KIND_INDEX["bear_away"]) == Outfit().deck().count(KIND_INDEX["bear_away"]) + 1
    )
    assert Outfit(upgrades=("sheathed_hull",)).max_hull() == 12


def test_illegal_actions_are_named() -> None:
    state, _ = create_encounter("merchant", Outfit(), seed=0)
    with pytest.raises(IllegalFightAction, match="11"):
        act(state, Keep(0, 0))
    with pytest.raises(IllegalFightAction, match="two card numbers"):
        Keep.from_str("1")
    with pytest.raises(IllegalFightAction, match="unknown target"):
        create_encounter("kraken")


def test_settlement() -> None:
    state = rigged(hand=[card("broadside", YOU)] * 3, deck=FILLER[:], hull=[7, 2])
    state.plunder, state.prisoners = 3, 2
    act(state, Keep(0, 1))
    settled = settle(state)
    assert settled.outcome is Termination.DESTROYED
    assert settled.payout == 3 + TARGETS["merchant"].bounty and settled.hull == 7
    assert settled.rumors == 2 and settled.laid_up_days == 60 and not settled.run_over
    assert [e.kind for e in settled.events(state.round)] == ["settled", "rumor", "rumor"]


# The golden encounter (seed 42, the balanced bot) is tests/playthroughs/fight.txt.


def _play(seed: int, choices: list[int], target: str, ship: str) -> tuple[Encounter, list[str]]:
    state, events = create_encounter(target, Outfit(ship), seed)
    log = [str(e.to_dict()) for e in events]
    i = 0
    while state.result is None:
        keep = ALL_KEEPS[choices[i % len(choices)]]
        i += 1
        log += [str(e.to_dict()) for e in act(state, keep)]
        assert i < 500
    return state, log


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 5), min_size=1, max_size=40),
    target=st.sampled_from(sorted(TARGETS)),
    ship=st.sampled_from(["pinnace", "brigantine", "frigate"]),
)
def test_random_play_always_ends_and_keeps_every_card(
    seed: int, choices: list[int], target: str, ship: str
) -> None:
    state, _ = create_encounter(target, Outfit(ship), seed)
    start_total = card_total(state)
    i = 0
    while state.result is None:
        act(state, ALL_KEEPS[choices[i % len(choices)]])
        i += 1
        assert 0 <= state.hull[YOU] <= state.max_hull[YOU]
        assert 0 <= state.hull[THEM] <= state.max_hull[THEM]
        assert card_total(state) == start_total + state.created
        assert i < 500
    assert outcome(state) is not None
    again, log_again = _play(seed, choices, target, ship)
    _, log = _play(seed, choices, target, ship)
    assert log == log_again and again.state_hash() == state.state_hash()


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), target=st.sampled_from(sorted(TARGETS)))
def test_states_round_trip_through_json(seed: int, target: str) -> None:
    import json

    state, _ = create_encounter(target, Outfit("brigantine", crew=("pilot",)), seed)
    for _ in range(3):
        if state.result is None:
            act(state, RUNNER.choose(state))
    text = json.dumps(state.to_dict())
    back = Encounter.from_dict(json.loads(text))
    assert back.to_dict() == state.to_dict() and back.state_hash() == state.state_hash()
    assert observe(back)["hull"] == list(state.hull)


def test_a_malformed_state_is_refused() -> None:
    state, _ = create_encounter("merchant", Outfit(), seed=0)
    data = state.to_dict()
    del data["hull"]
    with pytest.raises(ValueError, match="hull"):
        Encounter.from_dict(data)
    data = state.to_dict()
    data["deck"] = ["no_such_card:you"]
    with pytest.raises(ValueError, match="unknown card"):
        Encounter.from_dict(data)


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda d: d.update(hull=[999, 12]), "hull\\[0\\] 999 is outside"),
        (lambda d: d.update(hand=[]), "a hand of 0 cards"),
        (lambda d: d.update(deck=[]), "cards in play"),
        (lambda d: d.update(rng=2**200), "rng .* is outside"),
        (lambda d: d.update(round="3"), "round must be a whole number"),
        (lambda d: d.update(way=[True, 0]), "way\\[0\\] must be a whole number"),
        (lambda d: d.update(result="drowned"), "result 'drowned' is not one of"),
        (lambda d: d["setup"].update(target="kraken"), "setup.target 'kraken' is not one"),
        (lambda d: d.update(discard=[[]]), "discard must be a list of 2"),
    ],
)
def test_a_save_that_makes_no_sense_is_refused(damage: object, words: str) -> None:
    """A save is checked for sense, not just shape: each of these used to load and play on."""
    state, _ = create_encounter("merchant", Outfit(), seed=0)
    data = state.to_dict()
    damage(data)  # type: ignore[operator]
    with pytest.raises(ValueError, match=words):
        Encounter.from_dict(data)


def test_a_save_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(ValueError, match="a str, not an object"):
        Encounter.from_dict("not a state")
