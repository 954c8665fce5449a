"""Tribes (the Tribes design document) as a mode of the one protocol: its actions' text, the
refusals that change nothing, `step N`, the record and its replay (events and checkpoint hashes
every 100 ticks), dual-run identity, and the state's JSON round trip in mid-run."""

from __future__ import annotations

import json

import pytest

from privateer.engine.errors import IllegalActionError
from privateer.engine.modes import MODES, check_run, replayer
from privateer.engine.record import replay
from privateer.engine.replay import LoggedRun
from privateer.engine.tribes.game import TribesAction
from privateer.engine.tribes.mode import Setup, TribesGame
from privateer.engine.tribes.policy.named import POLICIES
from privateer.engine.tribes.sim import Played, TribesRecord, frames, run_world, setup_of
from privateer.engine.tribes.state import TribesState

SMALL = Setup(2, 32, 250)
PLAYERS = [Played(name, POLICIES[name]) for name in sorted(POLICIES)]


@pytest.fixture(scope="module")
def played() -> TribesRecord:
    """One small world played by every built-in policy (tribe t plays the t-th, cycled)."""
    return run_world(7, SMALL, PLAYERS)


def game() -> TribesGame:
    return TribesGame(Setup(2, 32, 30))


def test_the_mode_is_registered_without_a_world() -> None:
    mode = MODES.for_run("tribes")
    assert mode.name == "tribes" and not mode.needs_world
    assert mode.game({"tribes": 3, "size": 40, "ticks": 5}, None).sides == 3


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("step", "step"),
        (" STEP  1 ", "step"),
        ("step 25", "step 25"),
        ("1:research milling", "1:research milling"),
        ("  0 :  build 3   house  2 ", "0:build 3 house 2"),
    ],
)
def test_actions_round_trip_through_their_text(text: str, canonical: str) -> None:
    action = TribesAction.from_str(text)
    assert action.to_str() == canonical
    assert TribesAction.from_str(canonical) == action


@pytest.mark.parametrize("junk", ["", "step 0", "step -3", "step two", "walk", "1:", "x:step"])
def test_what_is_not_an_action_is_refused(junk: str) -> None:
    with pytest.raises(IllegalActionError):
        TribesAction.from_str(junk)


def refused_unchanged(g: TribesGame, state: TribesState, text: str) -> None:
    before = state.state_hash()
    with pytest.raises(IllegalActionError):
        g.act(state, g.parse_action(text))
    assert state.state_hash() == before, text


def test_an_order_not_open_is_refused_and_changes_nothing() -> None:
    g = game()
    state, _ = g.new_initial_state(3)
    home = state.settlements_of(0)[0]
    for text in (
        "0:research no_such_tech",  # no such tech
        "0:research weaponsmithing",  # its prerequisite (smelting) is not known
        "5:research milling",  # no tribe 5 in a world of 2
        f"1:build {home.id} house 1",  # tribe 1 building at tribe 0's settlement
        f"0:build {home.id} church 1",  # liturgy not known
        f"0:build {home.id} house 99",  # count above the seed's 5
        "0:fly to the moon",
    ):
        refused_unchanged(g, state, text)
    assert state.orders == []


def test_an_open_order_is_queued_and_the_65th_is_refused() -> None:
    """Phase 1 takes 64 orders a tribe a tick (seed): the 65th is not open."""
    g = game()
    state, _ = g.new_initial_state(3)
    for _ in range(64):
        assert g.act(state, g.parse_action("0:research milling")) == []
    assert state.orders == [(0, "research milling")] * 64
    refused_unchanged(g, state, "0:research milling")
    g.act(state, g.parse_action("1:research milling"))  # the other tribe's queue is its own
    assert len(state.orders) == 65
    assert TribesAction.order(0, "research milling") not in g.legal_actions(state)


def test_step_n_advances_n_ticks_and_no_further_than_the_cap() -> None:
    g = game()
    state, _ = g.new_initial_state(4)
    g.act(state, g.parse_action("step"))
    assert state.tick == 1
    g.act(state, g.parse_action("step 9"))
    assert state.tick == 10
    refused_unchanged(g, state, "step 21")  # 20 ticks are left of 30
    assert [a.to_str() for a in g.legal_actions(state)][:2] == ["step", "step 10"]
    events = g.act(state, g.parse_action("step 20"))
    assert state.tick == 30 and g.outcome(state) is not None
    assert events[-1].kind == "world_end"
    assert g.legal_actions(state) == []
    refused_unchanged(g, state, "step")
    refused_unchanged(g, state, "0:research milling")


def test_every_legal_action_is_accepted() -> None:
    g = game()
    state, _ = g.new_initial_state(5)
    legal = g.legal_actions(state)
    assert len(legal) > 2 and {a.tribe for a in legal[2:]} == {0, 1}
    for action in legal:
        g.act(g.copy(state), action)


def test_a_record_replays_to_the_same_events_and_checkpoints(played: TribesRecord) -> None:
    record = played
    again = replay(TribesGame(setup_of(record)), record.seed, record.actions)
    assert again.events == record.events
    assert again.checkpoints == record.checkpoints
    # checkpoints: tick 0, ticks 100 and 200, and the end at 250
    assert len(record.checkpoints) == 4
    assert record.checkpoints[0][0] == 0
    assert record.checkpoints[-1][0] == len(record.actions)


def logged(record: TribesRecord, actions: list[str] | None = None) -> LoggedRun:
    return LoggedRun(
        run_id=1,
        mode="tribes",
        seed=record.seed,
        options=setup_of(record).options(["grower"]),
        finished=True,
        actions=record.actions if actions is None else actions,
        events=[(i, e.kind, e.payload()) for i, e in enumerate(record.new_events(0))],
        checkpoints=list(record.checkpoints),
        engine_version=MODES["tribes"].engine_version,
    )


def test_a_logged_run_checks_identical_and_a_changed_one_diverges(played: TribesRecord) -> None:
    assert check_run(logged(played)).identical
    actions = list(played.actions)
    orders = [i for i, a in enumerate(actions) if ":" in a]
    assert orders, "the policies gave orders"
    del actions[orders[0]]
    result = check_run(logged(played, actions))
    assert not result.identical and result.divergence is not None
    events, _ = replayer()(logged(played))
    assert len(events) == len(played.events)


def test_two_runs_of_one_seed_are_identical(played: TribesRecord) -> None:
    again = run_world(7, SMALL, PLAYERS)
    assert again.checkpoints == played.checkpoints
    assert again.events == played.events
    assert frames(again) == frames(played)
    assert len(frames(again)) == 25  # a frame on every 10th tick: 10, 20, ..., 250
    other = run_world(8, SMALL, PLAYERS)
    assert other.checkpoints[0] != played.checkpoints[0]


def test_the_state_round_trips_json_in_mid_run_and_plays_on_alike() -> None:
    g = game()
    state, _ = g.new_initial_state(9)
    g.act(state, g.parse_action("0:research milling"))
    g.act(state, g.parse_action("step 15"))
    g.act(state, g.parse_action("1:research brewing"))
    back = g.deserialise(json.loads(json.dumps(g.serialise(state))))
    assert g.serialise(back) == g.serialise(state)
    assert g.state_hash(back) == g.state_hash(state)
    first = g.act(state, g.parse_action("step 10"))
    second = g.act(back, g.parse_action("step 10"))
    assert first == second and g.state_hash(back) == g.state_hash(state)
