"""Each voyage action says itself once, beside its declaration (engine/voyage/actions.py's
`said`): its words, its price in gold and its group, which the browser lists as its buttons
(cli/web/voyage_web.py) with no chain of its own over the action types. Every verb declares its
own words, and real ones read as the page has always shown them, on the synthetic sea."""

from __future__ import annotations

import pytest

from privateer.cli.places import Places
from privateer.engine.fight.cards import THEM, YOU
from privateer.engine.fight.encounter import card_name, card_side, make_card
from privateer.engine.fight.ships import KIND_INDEX
from privateer.engine.voyage.actions import (
    VERBS,
    Bribe,
    Choose,
    KeepCards,
    Reading,
    Said,
    TakePrize,
    VoyageAction,
    card_words,
)
from privateer.engine.voyage.game import VoyageGame
from privateer.engine.voyage.pending import Meeting, Question
from privateer.engine.voyage.rules import find_voyage_rules
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.kinds import MERCHANT
from tests.voyage_fixtures import WORLD, act_text, put_ship, quiet_voyage

PLACES = Places(WORLD)


def game_of(state: VoyageState) -> VoyageGame:
    return VoyageGame(WORLD, find_voyage_rules(state.rules))


def said_by_text(state: VoyageState) -> dict[str, Said]:
    """Every legal action's words now, by the action's text."""
    game = game_of(state)
    reading = game.reading(state, PLACES.target)
    return {a.to_str(): a.said(reading) for a in game.legal_actions(state)}


@pytest.mark.parametrize("verb", sorted(VERBS))
def test_every_verb_declares_its_own_words(verb: str) -> None:
    kind = VERBS[verb]
    assert "said" in vars(kind), f"{kind.__name__} says itself only by its text"
    assert kind.said is not VoyageAction.said


def test_the_default_is_the_actions_text_in_no_group() -> None:
    """The fall-through: an action that cannot say itself now (no fight, no question) reads
    as its text, with no price, in the group "other"."""
    state = quiet_voyage()
    reading = game_of(state).reading(state, PLACES.target)
    assert KeepCards(0, 1).said(reading) == Said("keep 0 1", None, "other")
    assert Choose(1).said(reading) == Said("choose 1", None, "other")


def test_a_port_reads_as_the_page_shows_it() -> None:
    state = quiet_voyage(rules="full")
    said = said_by_text(state)
    rules = find_voyage_rules("full")
    assert said["sail"] == Said("a day in port", None, "sea")
    assert said[f"course {WORLD.ports[1].node}"] == Said("course for London", None, "course")
    assert said["round"] == Said("stand the house a round (a rumor, perhaps)", 2, "bar")
    assert said["hire master_gunner"] == Said("hire a master gunner", 10, "yard")
    assert said["hire marksmen"] == Said("hire marksmen", 8, "yard")  # a crew, not "a marksmen"
    assert said["upgrade more_guns"] == Said("fit more guns", 10, "yard")
    assert said["raid"] == Said("raid the town", None, "port")
    reading = game_of(state).reading(state, PLACES.target)  # the yard's others, as worded
    assert VERBS["repair"](3).said(reading) == Said(
        "repair 3 points of hull", 3 * rules.repair_gold, "yard"
    )
    assert VERBS["ship"]("frigate").said(reading) == Said("buy a frigate", 100, "yard")
    assert VERBS["strike"]("chain_shot").said(reading) == Said(
        "strike chain shot out of the deck", rules.strike_gold, "yard"
    )
    assert VERBS["pardon"]().said(reading) == Said("buy a royal pardon", 80, "port")


def test_a_bribe_costs_what_the_officials_ask_here() -> None:
    state = quiet_voyage(rules="full")
    state.world.standing[WORLD.nations.index("england")] = -2  # Plymouth's
    assert said_by_text(state)["bribe"] == Said(
        "bribe the officials (a point of standing)", 20, "port"
    )
    reading = game_of(state).reading(state, PLACES.target)
    assert reading.bribe == 20 and Bribe().said(reading).price == 20


def test_at_sea_alongside_and_at_a_prize() -> None:
    state = quiet_voyage()
    act_text(WORLD, state, "course 6")
    act_text(WORLD, state, "sail")
    assert said_by_text(state)["sail"] == Said("sail a day", None, "sea")
    state.pending = Meeting(put_ship(state, MERCHANT, "spain", state.node))
    assert said_by_text(state) == {
        "attack": Said("attack her", None, "meeting"),
        "pass": Said("let her pass", None, "meeting"),
    }
    reading = Reading(state, find_voyage_rules(state.rules), WORLD, PLACES.target)
    assert TakePrize("chain_shot").said(reading) == Said("keep chain shot", None, "prize")
    assert TakePrize(None).said(reading) == Said("keep none", None, "prize")


def test_a_question_reads_its_choice_and_stakes() -> None:
    state = quiet_voyage()
    state.port, state.gold, state.node = -1, 0, 40
    state.pending = Question("storm")
    said = said_by_text(state)
    assert said["choose 0"] == Said("ride it out: 1 to 3 hull (you have 10)", None, "question")
    assert said["choose 2"] == Said(
        "run before it: blown 2 days off your course, nothing lost", None, "question"
    )
    options = game_of(state).observe(state)["options"]
    assert [s.words for s in said.values()] == [
        f"{options[i]['choice']}: {options[i]['stakes']}" for i in (0, 2)
    ]


def test_a_fight_keeps_two_cards_by_name_hers_marked() -> None:
    ours, hers = make_card(KIND_INDEX["chain"], YOU), make_card(KIND_INDEX["chain"], THEM)
    assert (card_words(ours), card_words(hers)) == ("chain shot", "chain shot (hers)")
    state = quiet_voyage()
    act_text(WORLD, state, "course 6")
    act_text(WORLD, state, "sail")
    state.pending = Meeting(put_ship(state, MERCHANT, "spain", state.node))
    act_text(WORLD, state, "attack")
    assert state.fight is not None
    hand = state.fight.hand
    said = said_by_text(state)
    assert said and all(s.group == "fight" and s.price is None for s in said.values())

    def named(card: int) -> str:
        return card_name(card) + ("" if card_side(card) == YOU else " (hers)")

    for text, s in said.items():
        first, second = (int(i) for i in text.split()[1:])
        assert s.words == f"keep {named(hand[first])}, then {named(hand[second])}"
