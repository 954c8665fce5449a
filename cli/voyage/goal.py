"""The goal and the clock in words, read from the rules and the state (never written in here):
what wins and by when for the opening screen, the prompt's figures, and what is still missing
when she comes home short. Decides nothing: the engine's check of a win stays the judge."""

from __future__ import annotations

from privateer.engine.voyage import VoyageRules, VoyageState, letters_done


def goal_words(rules: VoyageRules) -> str:
    """What wins under `rules`, as engine/voyage/letters.has_the_score and port.check_won
    judge it: Drake's circuit first (by rules with it), then the three letters of marque (by
    rules with them; gold is then the score) or the goal's gold, home, and not as a pirate."""
    tasks = []
    if rules.circuit:
        tasks.append("make Drake's circuit (`help drake`)")
    if rules.letters:
        tasks.append("carry out three letters of marque (`help letter`; gold is then the score)")
    else:
        tasks.append(f"bring {rules.goal_gold} gold")
    return f"{' and '.join(tasks)} home to {rules.home_port}, not named a pirate"


def opening_line(rules: VoyageRules, state: VoyageState) -> str:
    """The goal and the clock, for the first screen."""
    return (
        f"to win: {goal_words(rules)}, by day {state.last_day} (the voyage ends then, won or "
        "not; `help go` and `help course` say how to sail)"
    )


def gold_is_the_goal(rules: VoyageRules) -> bool:
    """Whether the goal is a sum of gold (without letters of marque, gold is the goal; with
    them, the score)."""
    return not rules.letters


def prompt_figures(rules: VoyageRules, state: VoyageState) -> str:
    """Day of the clock, hull (the fight's, during one), gold (of the goal, when gold wins)
    and morale: "day 56/730 ... hull 8/10 gold 20/150 morale 5/10"."""
    fight = state.fight
    if fight is not None:
        hull, most = fight.hull[0], fight.max_hull[0]
    else:
        hull, most = state.hull, state.max_hull()
    gold = f"{state.gold}/{rules.goal_gold}" if gold_is_the_goal(rules) else str(state.gold)
    return f"hull {hull}/{most} gold {gold} morale {state.morale}/{rules.morale_max}"


def clock(state: VoyageState) -> str:
    """ "day 56/730"."""
    return f"day {state.day}/{state.last_day}"


def missing(rules: VoyageRules, state: VoyageState) -> list[str]:
    """What still stands between her and a win, as the engine judges one (empty: nothing)."""
    out = []
    if state.world.pirate:
        out.append("England names you a pirate: no win till a royal pardon (`pardon`)")
    if rules.circuit and not (state.circuit is not None and state.circuit.made):
        out.append("Drake's circuit is not yet made (`circuit`)")
    if rules.letters:
        if not letters_done(state):
            done = state.late.acts_done if state.late is not None else 0
            out.append(f"{done} of 3 letters of marque carried out (`letter`)")
    elif state.gold < rules.goal_gold:
        short = rules.goal_gold - state.gold
        out.append(f"{state.gold} of {rules.goal_gold} gold; {short} more to win")
    return out


def home_short_line(rules: VoyageRules, state: VoyageState, port_name: str) -> str | None:
    """In the home port without the win: what is missing and the days left
    ("London: 75 of 150 gold; 75 more to win; 310 days left"); None elsewhere or once won."""
    if state.over or port_name != rules.home_port:
        return None
    lacking = missing(rules, state)
    if not lacking:
        return None
    left = state.last_day - state.day
    return f"  {port_name}: {'; '.join(lacking)}; {left} days left"
