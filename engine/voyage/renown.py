"""Your name gets about (the Privateer design document, "The late game"): renown, from everything
your prizes and raids have paid, goes up a step at each of `renown_steps`, and each step the world's
hunters come a quarter farther for you and a hostile warship or privateer comes better found; and
the home stretch: with the score in hand and no noose waiting, word gets out, and every privateer
of a nation at war with England comes for you, whatever the range.

What the hunters have heard reaches the world through the day's orders (`orders`: the world's
pursuit reads them, engine/world/pursuit.py `Name`). Each rule by its switch (`rules.renown`,
`rules.home_stretch`); with them off, or on a voyage without the late game (`state.late` None),
nothing here changes anything, draws anything or adds to the orders.
"""

from __future__ import annotations

from typing import Any

from ..events import Event
from ..world.kinds import KINDS, PRIVATEER
from ..world.state import MAX_COUNT
from ..world.world import World
from . import letters
from .rules import VoyageRules
from .sighting import hostile
from .state import VoyageState


def renown_step(rules: VoyageRules, renown: int) -> int:
    """How many of the rules' thresholds `renown` has reached.

    >>> [renown_step(VoyageRules(), r) for r in (0, 59, 60, 119, 120, 199, 200, 10_000)]
    [0, 0, 1, 1, 2, 2, 3, 3]
    """
    return sum(renown >= threshold for threshold in rules.renown_steps)


def gain(state: VoyageState, rules: VoyageRules, payout: int) -> list[Event]:
    """A prize or a raid has paid `payout`: renown goes up by it; a step passed is news, and
    stops the ship (one event, with the step reached, however many a payout passes)."""
    late = state.late
    if not rules.renown or late is None or payout <= 0:
        return []
    late.renown = min(MAX_COUNT, late.renown + payout)
    step = renown_step(rules, late.renown)
    if step <= late.renown_step:
        return []
    late.renown_step = step
    return [Event("renown", state.day, {"renown": late.renown, "step": step, "stop": True})]


def hull_bonus(world: World, state: VoyageState, rules: VoyageRules, ship: int) -> int:
    """The hull a ship of the world comes with beyond her kind's for your name: a warship
    (her kind's row says so), or a privateer (by rules with `renown_privateers`), hostile to
    you has `renown_hull` more a step; any other, none.
    The fight (`begin_fight`'s walls) and the read of her both take it from here."""
    late = state.late
    if not rules.renown or late is None or not late.renown_step:
        return 0
    kind = state.world.ships["kind"][ship]
    if not (KINDS.rows[kind].warship or (rules.renown_privateers and kind == PRIVATEER)):
        return 0
    if not hostile(world, state, ship):
        return 0
    return late.renown_step * rules.renown_hull


def word_out(state: VoyageState, rules: VoyageRules) -> list[Event]:
    """With the score in hand (`letters.has_the_score`) and no noose waiting (not a pirate),
    word gets out: the home stretch begins, once, and that is news that stops the ship.

    Once out, word stays out: gold spent or lost on the way home, or a noose earned after,
    does not call the privateers off (the enemy heard you had the score; nothing tells them
    otherwise), and it is simplest to reason about: a run reaches the home stretch or not."""
    late = state.late
    if not rules.home_stretch or late is None or late.home_stretch:
        return []
    if not letters.has_the_score(state, rules) or state.world.pirate:
        return []
    late.home_stretch = True
    return [Event("home_stretch", state.day, {"gold": state.gold, "stop": True})]


def name_sheet(state: VoyageState, rules: VoyageRules) -> dict[str, Any]:
    """Your name as the politics sheet shows it: renown, its step and the next threshold (None
    past the last), how much farther the hunters come (per mille of their reach) and how much
    more hull a hostile warship has; and whether word is out (the home stretch)."""
    late = state.late
    assert late is not None
    out: dict[str, Any] = {}
    if rules.renown:
        step = late.renown_step
        out["renown"] = late.renown
        out["step"] = step
        out["next"] = rules.renown_steps[step] if step < len(rules.renown_steps) else None
        out["reach_per_mille"] = 1000 + step * rules.renown_reach_per_mille
        out["warship_hull"] = step * rules.renown_hull
    if rules.home_stretch:
        out["word_out"] = late.home_stretch
    return out


def orders(state: VoyageState, rules: VoyageRules) -> dict[str, Any]:
    """What the world's hunters hear of you today, for the day's orders: how far they come
    (per mille of their reach) once renown has passed a step, and that word is out on the
    home stretch. Nothing when neither is so (a voyage's orders are then what they always
    were)."""
    late = state.late
    out: dict[str, Any] = {}
    if late is None:
        return out
    if rules.renown and late.renown_step:
        out["reach_per_mille"] = 1000 + late.renown_step * rules.renown_reach_per_mille
    if rules.home_stretch and late.home_stretch:
        out["word_out"] = True
        if rules.home_stretch_corsairs:
            out["word_out_corsairs"] = True
    return out
