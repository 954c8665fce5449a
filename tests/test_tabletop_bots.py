"""The tabletop bots: they play whole games legally, differ measurably by personality, are
deterministic given their seed, and decide only on what their seat sees (the same choice
whatever the other hands and the deck's order)."""

from __future__ import annotations

import random
from collections import Counter

from privateer.engine.tabletop.bots import BOTS
from privateer.engine.tabletop.cards import card
from privateer.engine.tabletop.lookahead import LookaheadBot, determinise
from privateer.engine.tabletop.mode import TabletopGame


def play(names: list[str], seed: int) -> tuple[Counter[str], int | None]:
    """A game of the named bots; what each put into play and raided, by bot, and the winner."""
    game = TabletopGame(players=["spain", "england", "france", "holland"][: len(names)])
    state, _ = game.new_initial_state(seed)
    made: Counter[str] = Counter()
    step = 0
    while game.outcome(state) is None:
        side = game.current_side(state)
        action = BOTS[names[side]].choose(game, state, side, seed * 10_000 + step)
        for event in game.act(state, action):
            if (
                event.kind in ("play", "raid", "attach")
                and event.data["nation"] == state.players[side]
            ):
                kind = "raid" if event.kind == "raid" else card(event.data["card"]).kind
                made[f"{names[side]}:{kind}"] += 1
        step += 1
    return made, state.winner


def test_the_personalities_differ_in_what_they_play() -> None:
    made: Counter[str] = Counter()
    for seed in range(6):
        made += play(["raider", "trader", "builder"], seed)[0]
    assert made["raider:privateer"] > 2 * made["trader:privateer"]
    assert made["raider:raid"] > 2 * made["trader:raid"]
    assert made["trader:merchant"] > 1.5 * made["builder:merchant"]
    assert made["builder:base"] + made["builder:defence"] > 1.5 * (
        made["raider:base"] + made["raider:defence"]
    )
    assert made["trader:escort"] + made["trader:treasure"] > 2 * (
        made["raider:escort"] + made["raider:treasure"]
    )


def test_a_bot_is_deterministic_given_its_seed() -> None:
    assert play(["raider", "builder"], 4) == play(["raider", "builder"], 4)


def test_a_bot_decides_on_what_its_seat_sees_only() -> None:
    game = TabletopGame(players=["spain", "england", "france"])
    rnd = random.Random(2)
    checked = 0
    for seed in range(4):
        state, _ = game.new_initial_state(seed)
        step = 0
        while game.outcome(state) is None and step < 150:
            side = game.current_side(state)
            for name in ("raider", "trader", "builder", "balanced"):
                mine = BOTS[name].choose(game, state, side, step)
                other = determinise(state, side, rnd)
                assert other.hands[side] == state.hands[side]
                assert BOTS[name].choose(game, other, side, step) == mine
                checked += 1
            game.act(state, BOTS["balanced"].choose(game, state, side, step))
            step += 1
    assert checked > 400


def test_a_determinisation_keeps_every_card_and_what_the_seat_sees() -> None:
    game = TabletopGame(players=["spain", "england", "france"])
    state, _ = game.new_initial_state(8)
    sample = determinise(state, 1, random.Random(1))
    assert sorted(sample.all_cards()) == sorted(state.all_cards())
    assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
    assert game.observe(sample, 1) == game.observe(state, 1)
    assert sample.deck != state.deck


def test_the_lookahead_bot_plays_a_game_to_its_end() -> None:
    BOTS["mc_quick"] = LookaheadBot("mc_quick", candidates=2, rollouts=2, horizon=10)
    try:
        made, winner = play(["mc_quick", "raider"], 1)
    finally:
        del BOTS["mc_quick"]
    assert winner is not None and sum(made.values()) > 5


def test_the_lookahead_samples_the_same_whatever_lies_where_it_cannot_see() -> None:
    """Its sample of the hidden cards depends on what it sees and its seed, never on where
    the hidden cards really lie (so neither do its choices)."""
    game = TabletopGame(players=["spain", "england", "france"])
    state, _ = game.new_initial_state(8)
    rearranged = determinise(state, 1, random.Random(99))
    assert rearranged.deck != state.deck and game.observe(rearranged, 1) == game.observe(state, 1)
    rearranged.rng = state.rng
    one, two = determinise(state, 1, random.Random(5)), determinise(rearranged, 1, random.Random(5))
    assert one.deck == two.deck and one.hands == two.hands
    assert LookaheadBot().choose(game, state, 1, 3) == LookaheadBot().choose(game, rearranged, 1, 3)
