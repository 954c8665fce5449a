"""Events that ask you something (seed 000, "Events that ask you something"): a storm, the
crew wanting their shares, a man on the beach of new land. Each stops the world and offers
choices, with what each stakes told plainly; a choice that cannot be made (nothing aboard to
lighten, no berth, not enough to pay) is shown barred, with why.
"""

from __future__ import annotations

from typing import Any

from ..combat.ships import CREW, SHIPS
from ..events import Event
from ..rng import below
from ..world.world import World
from .rules import VoyageRules
from .state import VoyageState


def options(state: VoyageState, rules: VoyageRules, name: str) -> list[dict[str, Any]]:
    """The choices, each {"choice", "stakes", "barred"} (barred: why not, or None)."""
    if name == "storm":
        lighten = max(1, state.gold * rules.storm_gold_per_mille // 1000)
        return [
            {
                "choice": "ride it out",
                "stakes": f"1 to {rules.storm_hull_max} hull (you have {state.hull})",
                "barred": None,
            },
            {
                "choice": "lighten ship",
                "stakes": f"{lighten} gold over the side, the hull spared",
                "barred": None if state.gold > 0 else "nothing aboard to lighten",
            },
            {
                "choice": "run before it",
                "stakes": f"blown {rules.storm_run_steps} days off your course, nothing lost",
                "barred": None,
            },
        ]
    if name == "shares":
        cost = shares_cost(state, rules)
        return [
            {
                "choice": "pay their shares",
                "stakes": f"{cost} gold; morale +{rules.shares_morale}",
                "barred": None if state.gold >= cost else f"not enough to pay ({cost})",
            },
            {
                "choice": "refuse",
                "stakes": f"morale -{rules.shares_morale}",
                "barred": None,
            },
        ]
    if name == "castaway":
        full = len(state.crew) >= SHIPS[state.ship].berths
        hand = castaway_hand(state)
        return [
            {
                "choice": "take him aboard",
                "stakes": f"a {hand.replace('_', ' ')} joins, his wages from the next pay day"
                if hand
                else "a hand with nothing to offer",
                "barred": "no berth" if full or not hand else None,
            },
            {"choice": "leave him", "stakes": "nothing", "barred": None},
        ]
    raise ValueError(f"no dilemma {name!r}")


def shares_cost(state: VoyageState, rules: VoyageRules) -> int:
    return max(1, state.gold * rules.shares_per_mille // 1000)


def castaway_hand(state: VoyageState) -> str:
    """The hand of note the castaway is: the first of the crew you lack (a pilot who knows
    these waters, or the like)."""
    for hand in ("pilot", "navigator", "surgeon", "boatswain", "quartermaster", "marksmen"):
        if hand in CREW and hand not in state.crew:
            return hand
    return ""


def ask(state: VoyageState, rules: VoyageRules, name: str) -> list[Event]:
    """Stop the world and ask."""
    offered = options(state, rules, name)
    state.pending = {"kind": "dilemma", "name": name}
    return [
        Event(
            "dilemma",
            state.day,
            {"name": name, "options": [o["choice"] for o in offered], "stop": True},
        )
    ]


def answer(world: World, state: VoyageState, rules: VoyageRules, choice: int) -> list[Event]:
    """Make a choice (its index); the state is changed as it stakes."""
    name = state.pending["name"]
    later = state.pending.get("then_prize")
    offered = options(state, rules, name)
    picked = offered[choice]
    if picked["barred"]:
        raise ValueError(f"barred: {picked['barred']}")
    state.pending = {}
    day = state.day
    detail: dict[str, Any] = {"name": name, "choice": picked["choice"]}
    if name == "storm":
        if choice == 0:
            loss, state.rng = below(state.rng, rules.storm_hull_max)
            state.hull = max(0, state.hull - (loss + 1))
            detail["hull"] = state.hull
            if state.hull == 0:
                state.outcome, state.cause = "sunk", "storm"
        elif choice == 1:
            lost = max(1, state.gold * rules.storm_gold_per_mille // 1000)
            state.gold -= min(lost, state.gold)
            detail["gold"] = state.gold
        else:
            from .game import blown_downwind

            blown_downwind(world, state, rules.storm_run_steps)
            detail["node"] = state.node
    elif name == "shares":
        if choice == 0:
            state.gold -= shares_cost(state, rules)
            state.morale = min(rules.morale_max, state.morale + rules.shares_morale)
        else:
            state.morale = max(0, state.morale - rules.shares_morale)
        detail.update(gold=state.gold, morale=state.morale)
    elif name == "castaway" and choice == 0:
        hand = castaway_hand(state)
        state.crew.append(hand)
        detail["hand"] = hand
    events = [Event("answered", day, detail)]
    if state.outcome == "sunk":
        events.append(Event("sunk", day, {"by": "storm", "node": state.node, "stop": True}))
    elif later:  # the prize's cards waited behind the question
        from .meet import offer_prize

        events += offer_prize(state, str(later))
    return events
