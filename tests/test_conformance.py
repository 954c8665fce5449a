"""Every registered mode by the one protocol, the same way (OpenSpiel's random_sim_test): random
legal play to the end within bounds; every legal action round-trips through its text; the
state round-trips through its saved form at every step; actions not open now are refused with
IllegalActionError and change nothing; what each side observes is plain data that never shows
the RNG; and the actions played, read back from their text, replay to the same events, outcome
and state hash. A new mode joins the registry and this test plays it, with nothing added here.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from privateer.engine.errors import IllegalActionError
from privateer.engine.events import Event, check_payload
from privateer.engine.modes import MODES
from privateer.engine.protocol import Game, Mode
from privateer.engine.voyage.captain import CAPTAIN
from privateer.engine.voyage.captained import play_captained
from tests.world_fixtures import synthetic_world

WORLD = synthetic_world()
MAX_ACTIONS = 4000  # every mode's example ends well within this
SEEDS = (0, 1, 2)


def game_of(mode: Mode) -> Game[Any, Any]:
    return mode.game(mode.example, WORLD if mode.needs_world else None)


def payloads(events: list[Event]) -> list[tuple[str, int, dict[str, Any]]]:
    return [(e.kind, e.round, e.payload()) for e in events]


def no_rng(value: Any, path: str = "") -> None:
    """An observation is plain JSON and never shows the RNG's state."""
    if isinstance(value, dict):
        for key, inner in value.items():
            assert key != "rng", f"{path}.rng is observed"
            no_rng(inner, f"{path}.{key}")
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            no_rng(inner, f"{path}[{i}]")


def fits_its_declaration(mode: Mode, events: list[Event]) -> None:
    for event in events:
        assert event.kind in mode.events, f"{mode.name}: event kind {event.kind!r} not declared"
        check_payload(mode.events[event.kind], event)


def refuses(game: Game[Any, Any], state: Any, action: Any) -> bool:
    """Try `action` on a copy: True if it is refused, leaving the copy as it was."""
    trial = game.copy(state)
    before = game.state_hash(trial)
    try:
        game.act(trial, action)
    except IllegalActionError:
        assert game.state_hash(trial) == before, f"refusing {action.to_str()!r} changed the state"
        return True
    return False


def play_randomly(game: Game[Any, Any], seed: int) -> tuple[list[str], list[Event], Any]:
    rnd = random.Random(seed)
    state, events = game.new_initial_state(seed)
    played: list[str] = []
    seen: dict[str, Any] = {}  # every action met so far, by its text: candidates to refuse
    refused = 0
    for _ in range(MAX_ACTIONS):
        legal = list(game.legal_actions(state))
        if game.outcome(state) is not None:
            assert legal == [], "an ended game offers no action"
            assert all(refuses(game, state, a) for a in seen.values()), "an ended game acted"
            refused += len(seen)
            break
        assert legal, "a game that goes on offers an action"
        texts = [a.to_str() for a in legal]
        assert len(set(texts)) == len(texts), f"an action offered twice: {texts}"
        assert 0 <= game.current_side(state) < game.sides
        for action in legal:
            text = action.to_str()
            assert game.parse_action(text) == action, text
            seen.setdefault(text, action)
        saved = game.serialise(state)
        again = game.deserialise(json.loads(json.dumps(saved)))
        assert game.serialise(again) == saved and game.state_hash(again) == game.state_hash(state)
        for side in range(game.sides):
            seen_by = game.observe(state, side)
            json.dumps(seen_by)
            no_rng(seen_by)
        legal_texts = {a.to_str() for a in legal}
        strangers = [a for t, a in seen.items() if t not in legal_texts]
        for action in rnd.sample(strangers, min(2, len(strangers))):
            refused += refuses(game, state, action)
        action = rnd.choice(legal)
        events += game.act(state, action)
        played.append(action.to_str())
    else:
        pytest.fail(f"no end within {MAX_ACTIONS} actions")
    assert refused > 0, "no action was ever refused: the refusal check never ran"
    return played, events, state


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("mode", list(MODES), ids=lambda m: m.name)
def test_every_mode_plays_by_the_protocol(mode: Mode, seed: int) -> None:
    game = game_of(mode)
    played, events, state = play_randomly(game, seed)
    fits_its_declaration(mode, events)
    outcome = game.outcome(state)
    assert outcome is not None and isinstance(outcome.reason, str)
    assert outcome.winner is None or 0 <= outcome.winner < game.sides
    again, replayed = game.new_initial_state(seed)
    for text in played:
        replayed += game.act(again, game.parse_action(text))
    assert payloads(replayed) == payloads(events)
    assert game.state_hash(again) == game.state_hash(state)
    assert game.outcome(again) == outcome


@pytest.mark.parametrize("mode", list(MODES), ids=lambda m: m.name)
def test_every_mode_refuses_what_is_not_an_action(mode: Mode) -> None:
    game = game_of(mode)
    state, _ = game.new_initial_state(0)
    for junk in ("", "fly to the moon", "keep 9 9 9", "\u2603"):
        with pytest.raises(IllegalActionError):
            game.act(state, game.parse_action(junk))


def test_every_mode_is_registered_once_under_its_run_modes() -> None:
    run_modes = MODES.run_modes()
    assert len(run_modes) == len(set(run_modes))
    assert {"fight", "sim", "world", "voyage", "duel"} <= set(run_modes)
    for mode in MODES:
        assert all(MODES.for_run(r) is mode for r in mode.run_modes)


@pytest.mark.parametrize("rules", ["full", "lookout", "late", "dilemmas", "classic"])
def test_the_captains_voyages_tell_only_declared_events(rules: str) -> None:
    """The captain bot reaches what random play seldom does (raids, sacks, storms, prizes)."""
    mode = MODES["voyage"]
    game = mode.game({"rules": rules, "days": 300}, WORLD)
    told: set[str] = set()
    for seed in range(3):
        record = play_captained(game, seed, CAPTAIN.choose)
        fits_its_declaration(mode, record.events)
        told |= {e.kind for e in record.events}
    assert {"fight", "fight_over", "in_port", "prize"} <= told
