"""The crew's shares (engine voyage-8): asked, they are a part of the prize that brought the
question, not of the purse; without dilemmas to ask, a crew that would have asked sours in
silence (the Privateer design document: before the events that ask, "the crew soured in
silence"). Engine voyage-7's rules keep their shares of the purse and a crew that never soured
for them, so its runs replay (test_earlier_engines.py)."""

from __future__ import annotations

import json

from privateer.engine.voyage.actions import Choose
from privateer.engine.voyage.dilemmas import options, shares_cost
from privateer.engine.voyage.fights import prize_taken
from privateer.engine.voyage.game import VoyageGame, act, create_voyage
from privateer.engine.voyage.pending import Question, pending_from_dict
from privateer.engine.voyage.rules import VoyageRules, find_voyage_rules
from privateer.engine.voyage.state import VoyageState
from tests.voyage_fixtures import WORLD, quiet_voyage


def _always_asked(rules: str, version: str | None = None) -> VoyageRules:
    """The ruleset with every large enough prize bringing the crew's question."""
    return find_voyage_rules(rules, version).with_changes(shares_ask_per_mille=1000)


def _after_a_prize(
    rules: VoyageRules, gold: int, payout: int, *, laid_up: bool = True
) -> tuple[VoyageState, list[str]]:
    """A voyage out of Plymouth with `gold` in the purse and morale 5, just paid `payout` by a
    prize (the gold it brings is the fight's to pay: the purse stays as it was)."""
    if laid_up:
        state = quiet_voyage(rules=rules.name.partition("[")[0])
    else:
        state, _ = create_voyage(WORLD, 1, rules)
    state.gold, state.morale = gold, 5
    events = prize_taken(state, rules, payout, 3)
    return state, [e.kind for e in events]


def test_asked_the_crews_shares_are_a_tenth_of_the_prize_that_brought_the_question() -> None:
    rules = _always_asked("dilemmas")
    state, kinds = _after_a_prize(rules, 200, 40)
    assert kinds[-1] == "dilemma" and state.pending == Question("shares", payout=40)
    assert shares_cost(state, rules) == 4  # a tenth of the 40, not of the 200 in the purse
    assert options(state, rules)[0].stakes == "4 gold; morale +2"
    act(WORLD, state, Choose(0), rules)
    assert (state.gold, state.morale, state.pending) == (196, 10, None)


def test_engine_voyage_7s_shares_were_a_tenth_of_the_purse() -> None:
    rules = _always_asked("dilemmas", "voyage-7")
    state, _ = _after_a_prize(rules, 200, 40)
    assert state.pending == Question("shares")  # no payout carried
    assert shares_cost(state, rules) == 20
    act(WORLD, state, Choose(0), rules)
    assert state.gold == 180


def test_without_dilemmas_a_crew_that_would_have_asked_sours_in_silence() -> None:
    rules = _always_asked("classic")
    assert not rules.dilemmas and rules.crew_sours
    state, kinds = _after_a_prize(rules, 200, 40)
    assert state.pending is None and kinds[-1] == "morale"
    assert (state.gold, state.morale) == (200, 6)  # the prize's +3, then -2; nothing paid
    small, kinds = _after_a_prize(rules, 200, rules.shares_payout - 1)
    assert small.morale == 8 and "morale" not in kinds  # too small a prize to want shares of
    then, kinds = _after_a_prize(_always_asked("classic", "voyage-7"), 200, 40)
    assert then.morale == 8 and "morale" not in kinds


def test_a_save_waiting_on_the_crews_shares_keeps_what_they_are_of() -> None:
    asked = Question("shares", payout=40)
    assert pending_from_dict(asked.to_dict()) == asked
    rules = _always_asked("dilemmas")
    game = VoyageGame(WORLD, rules)
    state, _ = _after_a_prize(rules, 200, 40, laid_up=False)
    saved = json.loads(json.dumps(game.serialise(state)))
    assert saved["pending"] == {"kind": "dilemma", "name": "shares", "payout": 40}
    resumed = game.deserialise(saved)
    assert resumed.pending == state.pending and shares_cost(resumed, rules) == 4
    assert game.state_hash(resumed) == game.state_hash(state)
