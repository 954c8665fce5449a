"""The voyage as a game: random legal play keeps every bound, refuses what is not legal
without changing anything, round-trips through JSON; the captain bot's voyage is golden and
replays exactly from its actions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from privateer.engine.modes import check_run, replayer
from privateer.engine.replay import LoggedRun, verify_run
from privateer.engine.voyage.actions import IllegalVoyageAction
from privateer.engine.voyage.captain import CAPTAIN
from privateer.engine.voyage.captained import play_captained
from privateer.engine.voyage.game import VoyageGame, create_voyage
from privateer.engine.voyage.mode import game_for
from privateer.engine.voyage.rules import find_voyage_rules
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.rules import SEED_000
from tests.voyage_fixtures import WORLD, act_text, legal_text


def bounded(state: VoyageState) -> None:
    assert state.gold >= 0
    assert 0 <= state.hull <= state.max_hull()
    assert 0 <= state.morale <= 10
    floor, ceiling = SEED_000.standing_floor, SEED_000.standing_ceiling
    assert all(floor <= s <= ceiling for s in state.world.standing)
    assert len(state.crew) == len(set(state.crew))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), choices=st.integers(0, 2**32 - 1))
def test_random_legal_play_keeps_every_bound_and_round_trips(seed: int, choices: int) -> None:
    rnd = random.Random(choices)
    state, _ = create_voyage(WORLD, seed, find_voyage_rules("full"), days=120)
    for step in range(400):
        if state.over:
            break
        legal = legal_text(WORLD, state)
        assert legal
        sail_more = "sail" in legal and rnd.random() < 0.5
        act_text(WORLD, state, "sail" if sail_more else rnd.choice(legal))
        bounded(state)
        if step % 50 == 0:
            again = VoyageState.from_dict(state.to_dict())
            assert again.state_hash() == state.state_hash()
    assert state.over or state.day <= 120


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), junk=st.sampled_from(
    ["raid", "round", "attack", "keep 0 1", "prize none", "choose 5", "course -3", "sail 4",
     "hire admiral", "ship galleon", "strike broadside", "fly", "repair 99", "berth 4"]
))  # fmt: skip
def test_an_action_outside_the_legal_ones_is_refused_and_changes_nothing(
    seed: int, junk: str
) -> None:
    state, _ = create_voyage(WORLD, seed, find_voyage_rules("full"))
    state.gold = 0
    for _ in range(seed % 7):
        act_text(WORLD, state, "sail")
    if junk in legal_text(WORLD, state):
        return
    before = state.state_hash()
    with pytest.raises(IllegalVoyageAction):
        act_text(WORLD, state, junk)
    assert state.state_hash() == before


def test_the_captains_voyage_is_golden_and_replays_from_its_actions() -> None:
    seed = 10  # a year out, 17 fights (seed 7's captain met a privateer better found, day 242)
    record = play_captained(
        VoyageGame(WORLD, find_voyage_rules("full"), days=365), seed, CAPTAIN.choose
    )
    again = play_captained(
        VoyageGame(WORLD, find_voyage_rules("full"), days=365), seed, CAPTAIN.choose
    )
    assert record.state is not None and again.state is not None
    assert record.actions == again.actions
    assert record.state.tally["fights"] > 0 and record.state.day == 365
    assert record.state.state_hash() == again.state.state_hash()
    logged = LoggedRun(
        1,
        "voyage",
        seed,
        {"rules": "full", "days": 365},
        True,
        record.actions,
        [(i, e.kind, e.payload()) for i, e in enumerate(record.events)],
        record.checkpoints,
    )
    assert verify_run(logged, replayer(WORLD)).identical
    tampered = LoggedRun(
        1, "voyage", seed + 1, logged.options, True, logged.actions, logged.events, []
    )
    assert not verify_run(tampered, replayer(WORLD)).identical


def test_the_classic_rules_switch_off_the_later_systems() -> None:
    classic = find_voyage_rules("classic")
    assert not (classic.dilemmas or classic.raid_guard or classic.prize_cards or classic.wages)
    assert find_voyage_rules("full").dilemmas
    with pytest.raises(ValueError, match="no voyage rules"):
        find_voyage_rules("modern")


def _first_year_of_an_earlier_engine(rules: str, version: str, state_hash: str) -> VoyageGame:
    """The captain's first year from seed 7 by `rules` as engine `version` played them: it
    ends in the state hash that engine gave it, and a log of it replays under this engine.
    Returns the game it was played by."""
    options = {"rules": rules, "days": 365}
    old = game_for(WORLD, options, version)
    record = play_captained(old, 7, CAPTAIN.choose)
    assert record.state is not None and record.state.state_hash() == state_hash
    events = [(i, e.kind, e.payload()) for i, e in enumerate(record.events)]
    logged = LoggedRun(
        1, "voyage", 7, options, True, record.actions, events, record.checkpoints,
        engine_version=version,
    )  # fmt: skip
    assert check_run(logged, WORLD).identical
    return old


def test_a_voyage_of_the_engine_before_the_late_game_plays_as_it_was_played() -> None:
    """Runs and saves of voyage-1 named `full` what is now `dilemmas`: played by the rules they
    were logged under, ending where that engine pinned them (a761ca00...)."""
    old = _first_year_of_an_earlier_engine(
        "full", "voyage-1", "a761ca00d487e3a8b15736508c0f56899d5326887dc44ac8cf24f0b95511255d"
    )
    assert old.rules.name == "full" and not old.rules.late_game
    assert game_for(WORLD, {"rules": "full"}).rules.letters  # this engine's full has them


def test_a_classic_voyage_of_voyage_2_plays_in_the_seeds_first_world() -> None:
    """Runs and saves of voyage-2 played `classic` in `seed-000` (before the balance pass
    moved it to the balanced world): they play on so, ending where voyage-2 did (533c85d6...,
    measured on the engine before the change)."""
    old = _first_year_of_an_earlier_engine("classic", "voyage-2", CLASSIC_OF_VOYAGE_2)
    assert old.wrules.name == "seed-000"
    now = game_for(WORLD, {"rules": "classic", "days": 365})
    assert now.wrules.name == "century"  # this engine's classic is the century's world's
    played = play_captained(now, 7, CAPTAIN.choose).state
    assert played is not None and played.state_hash() != CLASSIC_OF_VOYAGE_2


CLASSIC_OF_VOYAGE_2 = "533c85d6084a4616b9c2714ed143c19e2fa7059fb257f2df5e5fc78557363f03"
