"""Events that ask you something (the Privateer design document, "Events that ask you something"): a
storm, the crew wanting their shares, a man on the beach of new land, islanders come out to trade
off it (the island_folk rule). Each stops the world and offers choices, with what each stakes told
plainly; a choice that cannot be made (nothing aboard to lighten, no berth, not enough to pay) is
shown barred, with why.

Each dilemma is declared once, in `DILEMMAS`: its name, its options as they stand, what each
choice does, and the choice a captain bot makes by default. Asking, answering, the legal
actions, the screen and the captain all read the declaration.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..events import Event
from ..fight.ships import CREW, SHIPS
from ..registry import Registry
from ..world.game import season_of
from ..world.rules import WorldRules
from ..world.world import World
from .course import blown_downwind
from .islanders import can_take_provisions, take_provisions
from .offers import offer_prize
from .pending import Question
from .rules import VoyageRules
from .state import VoyageState
from .weather import gold_toll, hull_toll, sunk_event


@dataclass(frozen=True, slots=True)
class Option:
    choice: str  # what is done
    stakes: str  # what it costs or brings, told plainly
    barred: str | None = None  # why it cannot be chosen now (None: it can)

    def as_dict(self) -> dict[str, Any]:
        return {"choice": self.choice, "stakes": self.stakes, "barred": self.barred}


Answer = Callable[[World, VoyageState, VoyageRules, WorldRules, int], dict[str, Any]]
"""Make choice i: change the state as it stakes; the details the `answered` event tells."""
BotChoice = Callable[[VoyageState, VoyageRules, list[int], int], int]
"""A captain bot's default: (state, rules, the open choices, the gold it keeps back) -> i."""


@dataclass(frozen=True, slots=True)
class Dilemma:
    name: str
    options: Callable[[VoyageState, VoyageRules], list[Option]]
    answer: Answer
    bot_choice: BotChoice


DILEMMAS: Registry[Dilemma] = Registry("dilemma", lambda d: d.name)


# --- a storm ----------------------------------------------------------------------------------


def _storm_options(state: VoyageState, rules: VoyageRules) -> list[Option]:
    lighten = max(1, state.gold * rules.storm_gold_per_mille // 1000)
    return [
        Option("ride it out", f"1 to {rules.storm_hull_max} hull (you have {state.hull})"),
        Option(
            "lighten ship",
            f"{lighten} gold over the side, the hull spared",
            None if state.gold > 0 else "nothing aboard to lighten",
        ),
        Option(
            "run before it", f"blown {rules.storm_run_steps} days off your course, nothing lost"
        ),
    ]


def _storm_answer(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, choice: int
) -> dict[str, Any]:
    if choice == 0:
        hull_toll(state, rules)
        return {"hull": state.hull}
    if choice == 1:
        gold_toll(state, rules)
        return {"gold": state.gold}
    blown_downwind(world, state, season_of(wrules, state.day), rules.storm_run_steps)
    return {"node": state.node}


def _storm_bot(state: VoyageState, rules: VoyageRules, open_: list[int], reserve: int) -> int:
    if state.hull * 2 > state.max_hull():
        return 0  # ride it out on a sound hull
    return 1 if 1 in open_ else 2


# --- the crew's shares -----------------------------------------------------------------------


def shares_cost(state: VoyageState, rules: VoyageRules) -> int:
    """The crew's shares: a part of the prize that brought the question, or of the purse when
    the question carries none (the rules before voyage-8: `shares_of_prize` decides, when
    asking, whether it does)."""
    question = state.pending
    payout = question.payout if isinstance(question, Question) else 0
    return max(1, (payout or state.gold) * rules.shares_per_mille // 1000)


def _shares_options(state: VoyageState, rules: VoyageRules) -> list[Option]:
    cost = shares_cost(state, rules)
    return [
        Option(
            "pay their shares",
            f"{cost} gold; morale +{rules.shares_morale}",
            None if state.gold >= cost else f"not enough to pay ({cost})",
        ),
        Option("refuse", f"morale -{rules.shares_morale}"),
    ]


def _shares_answer(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, choice: int
) -> dict[str, Any]:
    if choice == 0:
        state.gold -= shares_cost(state, rules)
        state.morale = min(rules.morale_max, state.morale + rules.shares_morale)
    else:
        state.morale = max(0, state.morale - rules.shares_morale)
    return {"gold": state.gold, "morale": state.morale}


def _shares_bot(state: VoyageState, rules: VoyageRules, open_: list[int], reserve: int) -> int:
    spare = state.gold - shares_cost(state, rules) >= reserve
    return 0 if spare and 0 in open_ else 1


# --- a castaway -------------------------------------------------------------------------------

CASTAWAY_HANDS = ("pilot", "navigator", "surgeon", "boatswain", "quartermaster", "marksmen")


def castaway_hand(state: VoyageState) -> str:
    """The hand of note the castaway is: the first of the crew you lack (a pilot who knows
    these waters, or the like)."""
    for hand in CASTAWAY_HANDS:
        if hand in CREW and hand not in state.crew:
            return hand
    return ""


def _castaway_options(state: VoyageState, rules: VoyageRules) -> list[Option]:
    full = len(state.crew) >= SHIPS[state.ship].berths
    hand = castaway_hand(state)
    return [
        Option(
            "take him aboard",
            f"a {hand.replace('_', ' ')} joins, his wages from the next pay day"
            if hand
            else "a hand with nothing to offer",
            "no berth" if full or not hand else None,
        ),
        Option("leave him", "nothing"),
    ]


def _castaway_answer(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, choice: int
) -> dict[str, Any]:
    if choice != 0:
        return {}
    hand = castaway_hand(state)
    state.crew.append(hand)
    return {"hand": hand}


def _first_open(state: VoyageState, rules: VoyageRules, open_: list[int], reserve: int) -> int:
    return open_[0]  # a castaway: take him if there is a berth


# --- islanders off new land (the island_folk rule) --------------------------------------------


def _islanders_options(state: VoyageState, rules: VoyageRules) -> list[Option]:
    return [
        Option(
            "trade for provisions",
            f"{rules.provisions_gold} gold; morale +{rules.islanders_morale}, "
            f"hull +{rules.provisions_hull}",
            can_take_provisions(state, rules),
        ),
        Option("wave them off", "nothing"),
    ]


def _islanders_answer(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, choice: int
) -> dict[str, Any]:
    if choice != 0:
        return {}
    take_provisions(state, rules)
    return {"gold": state.gold, "hull": state.hull, "morale": state.morale}


def _islanders_bot(state: VoyageState, rules: VoyageRules, open_: list[int], reserve: int) -> int:
    spare = state.gold - rules.provisions_gold >= reserve
    return 0 if spare and 0 in open_ else 1


DILEMMAS.add(Dilemma("storm", _storm_options, _storm_answer, _storm_bot))
DILEMMAS.add(Dilemma("shares", _shares_options, _shares_answer, _shares_bot))
DILEMMAS.add(Dilemma("castaway", _castaway_options, _castaway_answer, _first_open))
DILEMMAS.add(Dilemma("islanders", _islanders_options, _islanders_answer, _islanders_bot))


# --- asking and answering ---------------------------------------------------------------------


def options(state: VoyageState, rules: VoyageRules) -> list[Option]:
    """The choices of the question asked now."""
    assert isinstance(state.pending, Question)
    return DILEMMAS[state.pending.name].options(state, rules)


def ask(state: VoyageState, rules: VoyageRules, name: str, payout: int = 0) -> list[Event]:
    """Stop the world and ask (of a prize's `payout`: the crew's shares of it)."""
    state.pending = Question(name, payout=payout)
    offered = DILEMMAS[name].options(state, rules)
    return [
        Event(
            "dilemma",
            state.day,
            {"name": name, "options": [o.choice for o in offered], "stop": True},
        )
    ]


def answer(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, choice: int
) -> list[Event]:
    """Make a choice (its index, open now); the state is changed as it stakes. A prize's cards
    that waited behind the question are offered after it."""
    question = state.pending
    assert isinstance(question, Question)
    dilemma = DILEMMAS[question.name]
    picked = dilemma.options(state, rules)[choice]
    detail = {"name": question.name, "choice": picked.choice}
    detail.update(dilemma.answer(world, state, rules, wrules, choice))  # the question still asked
    state.pending = None
    events = [Event("answered", state.day, detail)]
    if state.outcome == "sunk":
        events.append(sunk_event(state))
    elif question.then_prize is not None:
        events += offer_prize(state, question.then_prize)
    return events
