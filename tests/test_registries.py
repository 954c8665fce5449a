"""What ARCHITECTURE.md promises: an event at sea and a dilemma are each one declaration added
to their table; the day at sea, the legal actions, the answer, what the captain sees and the
captain bot then know them, with nothing else touched."""

from __future__ import annotations

from typing import Any

from privateer.engine.events import Event
from privateer.engine.voyage.captain import CAPTAIN
from privateer.engine.voyage.dilemmas import DILEMMAS, Dilemma, Option, ask
from privateer.engine.voyage.game import VoyageGame, observe
from privateer.engine.voyage.pending import Question
from privateer.engine.voyage.rules import VoyageRules, find_voyage_rules
from privateer.engine.voyage.sea_events import SEA_EVENTS, SeaEvent
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.rules import WorldRules
from privateer.engine.world.world import World
from tests.voyage_fixtures import WORLD, act_text, legal_text, quiet_voyage


def _whales(world: World, state: VoyageState, rules: VoyageRules, wr: WorldRules) -> list[Event]:
    """A toy event at sea: whales sighted, the crew cheered."""
    state.morale = min(rules.morale_max, state.morale + 1)
    return [Event("whales", state.day, {"morale": state.morale})]


def test_an_event_at_sea_is_one_declaration() -> None:
    whales = SeaEvent("whales", _whales, odds=lambda w, s, r, wr: 1, quiet_days_only=True)
    with SEA_EVENTS.extra(whales):
        state = quiet_voyage()
        state.morale = 3
        act_text(WORLD, state, "course 40")
        told = [e for _ in range(3) for e in act_text(WORLD, state, "sail") if e.kind == "whales"]
    assert [e.data["morale"] for e in told] == [4, 5, 6]
    assert "whales" not in SEA_EVENTS  # gone with the block: the real voyage is untouched


def _mermaid_options(state: VoyageState, rules: VoyageRules) -> list[Option]:
    return [
        Option("follow her song", "5 gold, it is said", None if state.hull > 2 else "no hull"),
        Option("stop your ears", "nothing"),
    ]


def _mermaid_answer(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, choice: int
) -> dict[str, Any]:
    if choice == 0:
        state.gold += 5
    return {"gold": state.gold}


def test_a_dilemma_is_one_declaration() -> None:
    mermaid = Dilemma("mermaid", _mermaid_options, _mermaid_answer, lambda s, r, o, k: o[-1])
    with DILEMMAS.extra(mermaid):
        state = quiet_voyage()
        rules = find_voyage_rules("full")
        (asked,) = ask(state, rules, "mermaid")
        assert asked.data["options"] == ["follow her song", "stop your ears"]
        assert state.pending == Question("mermaid")
        seen = observe(WORLD, state)["options"]
        assert [o["stakes"] for o in seen] == ["5 gold, it is said", "nothing"]
        assert legal_text(WORLD, state) == ["choose 0", "choose 1"]
        game = VoyageGame(WORLD, rules)
        assert CAPTAIN.choose(game, state).to_str() == "choose 1"  # its declared default
        gold = state.gold
        (answered,) = act_text(WORLD, state, "choose 0")
        assert answered.data == {"name": "mermaid", "choice": "follow her song", "gold": gold + 5}
        assert state.pending is None
        state.hull = 2
        ask(state, rules, "mermaid")
        assert legal_text(WORLD, state) == ["choose 1"]  # barred: said why in its option
    assert "mermaid" not in DILEMMAS
