"""A duel as a record: the seed, who captained, the rules, every action with the side that
took it, every event, and state hashes at intervals. Replaying re-runs the engine from the seed
and the actions, and must give the same events and hashes exactly."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..events import Event, RawEvent
from ..replay import LoggedRun
from ..schema import Maybe, Record, Text
from .actions import DuelAction, IllegalDuelAction
from .captain import plan
from .game import act, create_duel, outcome
from .rules import DuelRules, find_duel_rules
from .state import PERSONALITIES, SIDES, DuelOutcome, DuelState

CHECKPOINT_EVERY = 10  # actions between state hashes (and one at the end)
OPTIONS = Record(
    {
        "captain": Maybe(Text(PERSONALITIES)),  # None: drawn by the seed
        "red": Maybe(Text(("", *PERSONALITIES))),  # "" or None: a person commands Red
        "rules": Text(),
    },
    optional=frozenset({"captain", "red", "rules"}),
    extra=True,
)
"""What a duel run's logged options may hold (engine/schema.py): read so on resume."""
Chooser = Callable[[DuelState, int], DuelAction]
"""Picks the next action for a side: (state, side) -> action."""


@dataclass
class DuelRecord:
    seed: int
    captain: str  # Blue's personality
    red: str  # Red's personality, or "" when a person commanded Red
    rules_name: str
    rules: DuelRules
    actions: list[tuple[str, str]] = field(default_factory=list)  # (side, action code)
    events: list[Event] = field(default_factory=list)
    checkpoints: list[tuple[int, str]] = field(default_factory=list)  # (actions played, hash)
    state: DuelState | None = None

    @property
    def outcome(self) -> DuelOutcome | None:
        return outcome(self.state) if self.state is not None else None

    @property
    def final_hash(self) -> str:
        return self.checkpoints[-1][1] if self.checkpoints else ""

    def action_strings(self) -> list[str]:
        """The actions as "side:code" text, e.g. "red:m0"."""
        return [f"{side}:{code}" for side, code in self.actions]


def start_record(
    seed: int, captain: str | None, rules: DuelRules | None = None, red: str | None = None
) -> tuple[DuelRecord, DuelState]:
    """A new duel and its record, ready for `record_step`."""
    rules = rules or DuelRules()
    state, events = create_duel(seed, captain, rules, red=red)
    record = DuelRecord(seed, state.captains[1], state.captains[0], rules.name, rules)
    record.events.extend(events)
    record.state = state
    return record, state


def record_step(record: DuelRecord, state: DuelState, action: DuelAction) -> list[Event]:
    """Play one action into the record (a duel played a step at a time, as in the terminal);
    returns the events it made. Illegal actions raise IllegalDuelAction and change nothing."""
    side = SIDES[state.side]
    events = act(state, action)
    record.actions.append((side, action.to_str()))
    record.events.extend(events)
    played = len(record.actions)
    if state.result is not None or played % CHECKPOINT_EVERY == 0:
        record.checkpoints.append((played, state.state_hash()))
    record.state = state
    return events


def record_duel(
    seed: int,
    captain: str | None,
    rules: DuelRules | None = None,
    *,
    red: str | None = None,
    choose: Chooser | None = None,
    max_actions: int = 20_000,
) -> DuelRecord:
    """Play a duel to its end, recording everything.

    `choose` picks every action of both sides; without it both sides are CPU captains (Red
    needs a personality then), each playing out her activation's plan.
    """
    if choose is None and red is None:
        raise ValueError("a duel without a chooser needs a personality for Red too")
    record, state = start_record(seed, captain, rules, red)
    while state.result is None and len(record.actions) < max_actions:
        if choose is not None:
            record_step(record, state, choose(state, state.side))
            continue
        activation = (state.round, state.turn)
        for action in plan(state, state.side):
            if state.result is not None or (state.round, state.turn) != activation:
                break  # over, or the activation ended by itself before the plan's "e"
            record_step(record, state, action)
    if not record.checkpoints or record.checkpoints[-1][0] != len(record.actions):
        record.checkpoints.append((len(record.actions), state.state_hash()))
    return record


def _parse(entry: str | tuple[str, str]) -> tuple[str | None, DuelAction]:
    if isinstance(entry, tuple):
        side, code = entry
        return side, DuelAction.from_str(code)
    side_text, sep, code = entry.rpartition(":")
    return (side_text or None) if sep else None, DuelAction.from_str(code)


def replay_duel(
    seed: int,
    captain: str | None,
    actions: Iterable[str | tuple[str, str]],
    rules: DuelRules | None = None,
    *,
    red: str | None = None,
) -> DuelRecord:
    """Re-run a duel from its seed and actions ("m0", "red:m0" or ("red", "m0")).

    A side given with an action must be the side to act; IllegalDuelAction otherwise, as for
    an illegal action. Stops if the duel ends before the actions do.
    """
    record, state = start_record(seed, captain, rules, red)
    for entry in actions:
        if state.result is not None:
            break
        side, action = _parse(entry)
        if side is not None and side != SIDES[state.side]:
            raise IllegalDuelAction(
                f"{action.to_str()}: logged for {side}, but it is {SIDES[state.side]}'s activation"
            )
        record_step(record, state, action)
    if not record.checkpoints or record.checkpoints[-1][0] != len(record.actions):
        record.checkpoints.append((len(record.actions), state.state_hash()))
    return record


def replay_logged(run: LoggedRun) -> tuple[list[RawEvent], list[tuple[int, str]]]:
    """Re-run a logged duel (mode "duel") from its seed, captains, rules and actions."""
    options = run.options
    record = replay_duel(
        run.seed,
        options.get("captain") or None,
        run.actions,
        find_duel_rules(str(options.get("rules", "seed-001"))),
        red=options.get("red") or None,
    )
    return [tuple(e) for e in record.events], record.checkpoints
