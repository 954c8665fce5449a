"""Every event card of the Privateers design document does what its line says, when it may be
played (cardplay.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from privateer.engine.tabletop.actions import TabletopAction
from privateer.engine.tabletop.cards import CARD_LIST
from privateer.engine.tabletop.game import legal_actions
from privateer.engine.tabletop.state import TabletopState
from tests.tabletop_fixtures import bare, cid, do, hand, kinds, put


def raid_window(
    attacker: str = "Sloop", target: str = "Troop Ship"
) -> tuple[TabletopState, int, int]:
    """Spain's privateer raids England's merchant (or base); the window open at Spain."""
    state = bare()
    ship = put(state, 0, attacker)
    aim = put(state, 1, target)
    hand(state, 0, "Galleon")  # so the turn waits in the Privateer phase after the raid
    state.phase = "raid"
    return state, ship, aim


def test_each_event_of_the_seed_has_a_test_here() -> None:
    events = [c.name for c in CARD_LIST if c.kind == "event"]
    source = Path(__file__).read_text(encoding="utf-8")
    assert len(events) == 19
    assert all(f'"{name}"' in source for name in events)


@pytest.mark.parametrize(
    ("name", "bonus", "target"),
    [("Boarding Action", 3, "Troop Ship"), ("Broadsides", 4, "Troop Ship"),
     ("Sneak Aboard", 5, "Troop Ship"), ("Coastal Waters", 2, "Troop Ship"),
     ("Siege", 5, "Village")],
)  # fmt: skip
def test_a_strength_event_raises_the_raider_against_its_kind_only(
    name: str, bonus: int, target: str
) -> None:
    state, ship, aim = raid_window(target=target)
    event = hand(state, 0, name)[0]
    other = put(state, 0, "Galleon")
    wrong = put(state, 1, "Village" if target == "Troop Ship" else "Troop Ship")
    do(state, f"raid {other} {wrong}")  # the other kind: no window for this card
    assert state.raid is None and event in state.hands[0]
    do(state, f"raid {ship} {aim}")
    assert TabletopAction("event", event, ship) in legal_actions(state)
    events = do(state, f"event {event} {ship}")  # then no seat has a play: the dice
    roll = next(e.data for e in events if e.kind == "raid_roll")  # type: ignore[attr-defined]
    assert roll["attack"] == 2 + bonus


def test_another_seat_may_raise_the_raider_in_its_window() -> None:
    state = bare(players=3)
    ship = put(state, 0, "Sloop")
    aim = put(state, 2, "Caravel")
    card = hand(state, 1, "Broadsides")[0]
    hand(state, 0, "Galleon")
    state.phase = "raid"
    do(state, f"raid {ship} {aim}")  # Spain has nothing to play: her window passes by itself
    assert state.raid is not None and state.raid.window == 1
    events = do(state, f"event {card} {ship}")
    roll = next(e.data for e in events if e.kind == "raid_roll")  # type: ignore[attr-defined]
    assert roll["attack"] == 2 + 4 and roll["modifier"] == 2


def test_major_expedition_combines_two_privateers() -> None:
    state, ship, aim = raid_window()
    second = put(state, 0, "Galleon")
    card = hand(state, 0, "Major Expedition")[0]
    do(state, f"raid {ship} {aim}")
    events = do(state, f"event {card} {second}")
    roll = next(e.data for e in events if e.kind == "raid_roll")  # type: ignore[attr-defined]
    assert roll["attack"] == 2 + 7 and second in state.raided + state.discard


def test_mutiny_discards_the_captain_and_takes_the_ship() -> None:
    state = bare()
    ship = put(state, 1, "Galleon", "Captain Drake", "Pirates")
    card = hand(state, 0, "Mutiny")[0]
    do(state, f"event {card} {cid('Captain Drake')}")
    assert [p.card for p in state.table[0]] == [ship] and state.table[1] == []
    assert state.table[0][0].attached == [cid("Pirates")]
    assert cid("Captain Drake") in state.discard and card in state.discard


def test_mutiny_in_a_raid_window_takes_the_raider_and_calls_it_off() -> None:
    state, ship, aim = raid_window()
    state.table[0][0].attached.append(cid("Captain Kidd"))
    state.deck.remove(cid("Captain Kidd"))
    card = hand(state, 1, "Mutiny")[0]
    do(state, f"raid {ship} {aim}")
    events = do(state, f"event {card} {cid('Captain Kidd')}")
    assert "called_off" in kinds(events) and "raid_roll" not in kinds(events)
    assert [p.card for p in state.table[1]] == [aim, ship]


def test_plunder_pays_two_dice_after_taking_a_base() -> None:
    for seed in range(100):
        state = bare(seed=seed)
        ship = put(state, 0, "Galleon", "Captain Kidd", "Corsairs")
        base = put(state, 1, "Village")
        card = hand(state, 0, "Plunder")[0]
        hand(state, 0, "Sloop")
        state.phase = "raid"
        do(state, f"raid {ship} {base}")
        events = do(state, f"event {card}")
        if "captured" in kinds(events):
            break
    else:
        pytest.fail("no base taken in 100 seeds")
    gold = [e.data for e in events if e.kind == "gold"]  # type: ignore[attr-defined]
    assert len(gold) == 1 and gold[0]["source"] == "plunder" and 2 <= gold[0]["amount"] <= 12
    assert state.table[0][-1].card == base


def test_plunder_is_for_a_raid_on_a_base_only() -> None:
    state, ship, aim = raid_window()
    card = hand(state, 0, "Plunder")[0]
    do(state, f"raid {ship} {aim}")  # a merchant: Plunder is no play, the window passes
    assert state.raid is None and card in state.hands[0]


def test_shipbuilding_gives_an_extra_privateer_or_merchant() -> None:
    state = bare()
    card = hand(state, 0, "Shipbuilding")[0]
    m1, m2 = hand(state, 0, "Caravel", "Smuggler")
    do(state, f"play {m1}")
    assert TabletopAction("play", m2) not in legal_actions(state)
    do(state, f"event {card}")
    do(state, f"play {m2}")
    assert [p.card for p in state.table[0]] == [m1, m2] and state.extra_plays == 0


@pytest.mark.parametrize(
    "name",
    ["Azores", "Canary Islands", "Transatlantic Route", "Shipping Route", "Terra Firme",
     "Barbary Coast"],
)  # fmt: skip
def test_a_travel_event_adds_a_token_one_a_merchant_and_brings_her_home_at_three(
    name: str,
) -> None:
    state = bare()
    merchant = put(state, 0, "Fat Merchant", "Precious Cargo", tokens=2)
    other = put(state, 0, "Caravel")
    card, second = hand(state, 0, name, "Azores" if name != "Azores" else "Canary Islands")
    state.phase = "privateer"
    assert TabletopAction("event", card, merchant) not in legal_actions(state)  # Merchant phase
    state.phase = "merchant"
    do(state, f"event {second} {other}")
    assert TabletopAction("event", card, other) not in legal_actions(state)  # one a merchant
    events = do(state, f"event {card} {merchant}")
    assert "home" in kinds(events) and state.gold[0] == 6 + 5


def test_scurvy_discards_a_crew() -> None:
    state = bare()
    put(state, 1, "Galleon", "Captain Drake", "Pirates")
    card = hand(state, 0, "Scurvy")[0]
    do(state, f"event {card} {cid('Pirates')}")
    assert state.table[1][0].attached == [cid("Captain Drake")]
    assert cid("Pirates") in state.discard


def test_letter_of_marque_draws_two() -> None:
    state = bare()
    card = hand(state, 0, "Letter of Marque")[0]
    hand(state, 0, "Caravel")
    do(state, f"event {card}")
    assert len(state.hands[0]) == 1 + 2


def test_safe_conduct_calls_off_the_raid_and_guards_her_this_turn() -> None:
    state, ship, aim = raid_window()
    second = put(state, 0, "Galleon")
    card = hand(state, 1, "Safe Conduct")[0]
    hand(state, 0, "Broadsides")  # Spain's window waits for her, then England's
    do(state, f"raid {ship} {aim}")
    do(state, "end")
    events = do(state, f"event {card} {aim}")
    assert "called_off" in kinds(events) and state.table[1][0].card == aim
    assert aim in state.safe
    assert TabletopAction("raid", second, aim) not in legal_actions(state)


@pytest.mark.parametrize("victim", ["Troop Ship", "Galleon", "Havana"])
def test_hurricane_destroys_a_merchant_privateer_or_base(victim: str) -> None:
    state = bare()
    aim = put(state, 1, victim, "Capitana" if victim == "Troop Ship" else "Hilltop")
    card = hand(state, 0, "Hurricane")[0]
    hand(state, 0, "Caravel")
    do(state, f"event {card} {aim}")
    assert state.table[1] == [] and aim in state.discard


def test_hurricane_on_the_raider_calls_the_raid_off() -> None:
    state, ship, aim = raid_window()
    card = hand(state, 1, "Hurricane")[0]
    do(state, f"raid {ship} {aim}")
    events = do(state, f"event {card} {ship}")
    assert "called_off" in kinds(events) and ship in state.discard and state.raid is None
