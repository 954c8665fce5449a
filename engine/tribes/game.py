"""Tribes (the Tribes design document) by the one protocol's actions: a world is played by two kinds
of action, as text that round-trips.

- `step` / `step N`: advance the world N ticks (1 <= N <= the ticks left), running step.py's
  phase order N times and telling every event of them;
- `T:ORDER`: queue the order text ORDER for tribe T for the next step (orders.py reads it).
  It is refused (IllegalTribesAction, nothing changed) unless rulings.py says it is open now for
  a live tribe and the tribe has fewer than 64 orders queued (seed: phase 1 takes the first 64
  a tribe a tick, the rules' actions_per_tick; queuing more would only be dropped).

`legal_actions` offers `step` and `step 10` (or the ticks left, when fewer), then a finite,
representative list of the orders open now, tribe by tribe: research of each tech, build one
of each building at each settlement, the rites on each settlement and tribe-wide. Orders with
free numbers (allocate, the decrees, build counts above 1, found) are open too, and accepted by
`act`, but are not enumerated: their number of variants is unbounded.

Chosen: the orders queued by `T:ORDER` are checked when queued, against the world as it is;
an order queued behind another that spends what it needs is dropped silently by phase 1 (the
seed's rule for invalid orders), so a queue never changes the world unless its orders apply.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..errors import IllegalActionError
from ..events import Event
from . import orders, rulings
from .constants import BUILDING_NAMES, RITE_TARGETS, TECH_NAMES
from .rules import SEED, TribesRules
from .setup import new_world
from .state import TribesState
from .step import step

ENGINE_VERSION = "tribes-3"
"""The version of the Tribes rules (the Tribes design document, part 1). tribes-3 reads crop
rotation's and the harvest rite's per-milles as of the farmers' yield and puts each tribe's
cumulative counters in the metrics frames; a run logged by tribes-2 replays by tribes-2's
readings (rules.py's EARLIER_READINGS), one by another engine is not replayed as a check."""

STEP_BATCH = 10  # the longer step `legal_actions` offers besides a single tick
_ORDER = re.compile(r"^\s*(\d{1,3})\s*:(.*)$", re.DOTALL)


parsed = lru_cache(maxsize=4096)(orders.parse_order)
"""orders.parse_order remembered by text (an Order is a frozen value): policies give the same
texts again and again, and an order is read when queued, when checked and when legal actions
are listed."""


class IllegalTribesAction(IllegalActionError):
    """A Tribes action that is not open now (or not an action at all); the message says why."""


@dataclass(frozen=True, slots=True, order=True)
class TribesAction:
    """`step` N ticks (tribe -1, text ""), or an order's text for a tribe (ticks 0)."""

    ticks: int = 1
    tribe: int = -1
    text: str = ""

    def to_str(self) -> str:
        if self.tribe >= 0:
            return f"{self.tribe}:{self.text}"
        return "step" if self.ticks == 1 else f"step {self.ticks}"

    @classmethod
    def order(cls, tribe: int, text: str) -> TribesAction:
        """Tribe `tribe`'s order `text`, in its canonical form (orders.py); IllegalActionError
        if the text is no order."""
        return cls(0, tribe, parsed(text).to_str())

    @classmethod
    def from_str(cls, text: str) -> TribesAction:
        """Parse `step`, `step N` or `T:ORDER` (case and spacing free; the order read by
        orders.parse_order and kept in its canonical text); IllegalActionError on anything
        else."""
        match = _ORDER.match(str(text))
        if match:
            return cls.order(int(match.group(1)), match.group(2))
        words = str(text).strip().lower().split()
        if not words or words[0] != "step" or len(words) > 2:
            raise IllegalTribesAction(f"{text!r} is not an action: step, step N or T:ORDER")
        if len(words) == 1:
            return cls(1)
        if not words[1].isdigit() or len(words[1]) > 7 or int(words[1]) < 1:
            raise IllegalTribesAction(f"{text!r}: step takes a number of ticks, 1 or more")
        return cls(int(words[1]))


def queued(state: TribesState, tribe: int) -> int:
    """How many orders `tribe` has waiting for the next step."""
    return sum(1 for t, _ in state.orders if t == tribe)


def refusal(state: TribesState, action: TribesAction) -> str | None:
    """Why `action` is not open now, or None if it is."""
    if state.result is not None:
        return "the world has ended"
    if action.tribe < 0:
        left = state.tick_cap - state.tick
        if not 1 <= action.ticks <= left:
            return f"step {action.ticks}: {left} ticks are left"
        return None
    if action.tribe >= len(state.tribes) or not state.tribes[action.tribe].alive:
        return f"no live tribe {action.tribe}"
    most = state.rules.actions_per_tick
    if queued(state, action.tribe) >= most:
        return f"tribe {action.tribe} has {most} orders queued already"
    why = rulings.refusal(state, action.tribe, parsed(action.text))
    return None if why is None else f"{action.to_str()!r}: {why}"


def act(state: TribesState, action: TribesAction) -> list[Event]:
    """Play `action`; IllegalTribesAction (the state untouched) if it is not open now."""
    why = refusal(state, action)
    if why is not None:
        raise IllegalTribesAction(why)
    if action.tribe >= 0:
        state.orders.append((action.tribe, action.text))
        return []
    events: list[Event] = []
    for _ in range(action.ticks):
        events += step(state)
        if state.result is not None:
            break
    return events


def candidate_orders(state: TribesState, tribe: int) -> list[str]:
    """The representative orders `legal_actions` tries for `tribe`, in a fixed order:
    research of each tech, one of each building at each own settlement (ascending id), each
    settlement rite at each own settlement, then the tribe-wide rites."""
    texts = [f"research {tech}" for tech in TECH_NAMES]
    own = state.settlements_of(tribe)
    for settlement in own:
        texts += [f"build {settlement.id} {b}" for b in BUILDING_NAMES if b != "hall"]
    for rite, target in RITE_TARGETS.items():
        if target == "settlement":
            texts += [f"rite {rite} {settlement.id}" for settlement in own]
        elif target == "tribe":
            texts.append(f"rite {rite}")
    return texts


def legal_actions(state: TribesState) -> list[TribesAction]:
    """`step`, a longer step, then each live tribe's open representative orders (see the
    module's docstring); empty once the world has ended."""
    if state.result is not None:
        return []
    left = state.tick_cap - state.tick
    actions = [TribesAction(1)]
    if left > 1:
        actions.append(TribesAction(min(STEP_BATCH, left)))
    most = state.rules.actions_per_tick
    for tribe in state.tribes:
        if not tribe.alive or queued(state, tribe.id) >= most:
            continue
        for text in candidate_orders(state, tribe.id):
            order = parsed(text)
            if rulings.order_is_open(state, tribe.id, order):
                actions.append(TribesAction(0, tribe.id, order.to_str()))
    return actions


def world_events(state: TribesState) -> list[Event]:
    """What a new world tells: the world made, then each founding settlement."""
    events = [
        Event(
            "world",
            state.tick,
            {
                "seed": state.seed,
                "size": state.size,
                "tribes": [t.name for t in state.tribes],
                "ticks": state.tick_cap,
            },
        )
    ]
    for s in state.settlements:
        events.append(
            Event(
                "founded",
                state.tick,
                {"tribe": s.tribe, "settlement": s.id, "name": s.name, "x": s.x, "y": s.y,
                 "pop": s.pop},
            )
        )  # fmt: skip
    return events


def new_game(
    seed: int, tribes: int, size: int, ticks: int, rules: TribesRules = SEED
) -> tuple[TribesState, list[Event]]:
    """A new world played by `rules` (the seed's by default) and what it tells."""
    state = new_world(seed, tribes, size, ticks, rules)
    return state, world_events(state)
