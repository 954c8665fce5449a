"""Whole games of the Privateers design document's card game: random legal play never loses or
duplicates a card and always ends; states round-trip through their saved form; a seat sees only its
own hand; a recorded game replays identically from its seed and actions (and a damaged log does
not)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from privateer.engine.errors import SaveError
from privateer.engine.modes import MODES, check_run
from privateer.engine.record import play, replay
from privateer.engine.replay import LoggedRun
from privateer.engine.tabletop.cards import DECK_SIZE
from privateer.engine.tabletop.game import current_side, legal_actions
from privateer.engine.tabletop.mode import TabletopGame
from privateer.engine.tabletop.rules import NATIONS, TabletopRules
from privateer.engine.tabletop.state import TabletopState

MAX_ACTIONS = 3000


def random_chooser(seed: int):  # type: ignore[no-untyped-def]
    rnd = random.Random(seed)
    return lambda state: rnd.choice(legal_actions(state))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), moves=st.integers(0, 2**16))
def test_random_play_keeps_every_card_once_and_ends(seed: int, players: int, moves: int) -> None:
    game = TabletopGame(players=NATIONS[:players])
    state, _ = game.new_initial_state(seed)
    rnd = random.Random(moves)
    for _ in range(MAX_ACTIONS):
        assert sorted(state.all_cards()) == list(range(DECK_SIZE))
        if game.outcome(state) is not None:
            break
        legal = game.legal_actions(state)
        assert legal and 0 <= game.current_side(state) < players
        game.act(state, rnd.choice(legal))
    else:
        pytest.fail(f"no end within {MAX_ACTIONS} actions")
    assert sorted(state.all_cards()) == list(range(DECK_SIZE))
    outcome = game.outcome(state)
    assert outcome is not None and outcome.reason in ("gold", "round_limit")
    if outcome.reason == "gold":
        assert state.gold[outcome.winner] >= 100  # type: ignore[index]


def test_a_state_round_trips_through_its_save_at_every_step() -> None:
    game = TabletopGame(players=["holland", "france", "spain"])
    state, _ = game.new_initial_state(5)
    rnd = random.Random(5)
    steps = 0
    while game.outcome(state) is None and steps < 400:
        saved = json.loads(json.dumps(game.serialise(state)))
        again = game.deserialise(saved)
        assert game.serialise(again) == saved and game.state_hash(again) == game.state_hash(state)
        assert again.copy().to_dict() == saved
        game.act(state, rnd.choice(game.legal_actions(state)))
        steps += 1
    assert steps > 50


def test_a_damaged_save_is_refused_naming_what_is_wrong() -> None:
    state, _ = TabletopGame().new_initial_state(1)
    good = state.to_dict()
    for change, words in (
        ({"deck": good["deck"][1:]}, "each once"),
        ({"deck": good["deck"] + [good["deck"][0]]}, "each once"),
        ({"phase": "lunch"}, "phase"),
        ({"players": ["spain"]}, "players"),
        ({"gold": [1]}, "gold"),
        ({"extra": 1}, "extra"),
        ({"rules": {**good["rules"], "hand_max": "8"}}, "hand_max"),
    ):
        with pytest.raises(SaveError, match=words):
            TabletopState.from_dict({**good, **change})


def test_a_seat_sees_its_own_hand_and_the_table_never_another_hand() -> None:
    game = TabletopGame(players=["spain", "england", "france"])
    state, _ = game.new_initial_state(11)
    for side in range(3):
        seen = game.observe(state, side)
        assert seen["seat"] == state.players[side]
        assert [c["id"] for c in seen["hand"]] == sorted(state.hands[side])
        text = json.dumps(seen)
        assert '"deck":' not in text and "rng" not in seen
        others = [c for s in range(3) if s != side for c in state.hands[s]]
        hand_ids = {c["id"] for c in seen["hand"]}
        assert not hand_ids & set(others)
        assert seen["hand_sizes"] == {n: len(state.hands[s]) for s, n in enumerate(state.players)}
        assert set(seen) >= {"players", "turn", "phase", "to_act", "gold", "table", "deck_size",
                             "discard_size", "discard_top", "raid", "outcome"}  # fmt: skip


def test_a_recorded_game_replays_identically_and_a_changed_action_is_caught() -> None:
    game = TabletopGame(TabletopRules(), ["england", "spain"])
    record = play(game, 9, random_chooser(9), max_actions=50_000)
    assert record.state.result is not None
    again = replay(game, 9, record.actions)
    assert [tuple(e) for e in again.events] == [tuple(e) for e in record.events]
    assert again.checkpoints == record.checkpoints
    events = record.new_events(0)
    run = LoggedRun(
        1,
        "tabletop",
        9,
        {"players": ["england", "spain"], "bots": {}, "rules": "seed-003"},
        True,
        record.actions,
        [(i, e.kind, e.payload()) for i, e in enumerate(events)],
        record.checkpoints,
        MODES["tabletop"].engine_version,
    )
    assert check_run(run).identical
    first = record.actions[0]
    nation, _, words = first.partition(":")
    other = "spain" if nation == "england" else "england"
    refused = replay(game, 9, [f"{other}:{words}"])
    assert refused.actions == [] and refused.events[-1][0] == "illegal_action"
    assert f"logged for {other}, but {nation} is to act" in refused.events[-1][2]["why"]
    assert not check_run(replace(run, actions=[f"{other}:{words}", *run.actions[1:]])).identical


def test_the_seat_to_act_is_the_phase_s_or_the_window_s() -> None:
    game = TabletopGame(players=["spain", "england", "france", "holland"])
    seen = set()
    for seed in range(3):
        state, _ = game.new_initial_state(seed)
        rnd = random.Random(seed)
        while game.outcome(state) is None:
            side = current_side(state)
            if state.raid is not None:
                assert side == (state.active + state.raid.window) % 4
                seen.add("window")
            else:
                assert side == state.active
            game.act(state, rnd.choice(game.legal_actions(state)))
    assert "window" in seen
