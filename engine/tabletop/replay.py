"""A tabletop game as a record: its options, seed, every action with the seat that took it
("england:play 12"), every event, and state hashes at intervals. Replaying re-runs the engine
from the seed and the actions and must give the same events and hashes exactly."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..events import Event, RawEvent
from ..replay import LoggedRun
from ..schema import Record, Seq, Text
from .actions import IllegalTabletopAction, TabletopAction
from .game import act, current_side, new_game
from .rules import NATIONS, TabletopRules, find_tabletop_rules
from .state import TabletopState

CHECKPOINT_EVERY = 25  # actions between state hashes (and one at the end)
OPTIONS = Record(
    {"players": Seq(Text(NATIONS), max_len=4, unique=True), "bots": Record({}, extra=True),
     "rules": Text()},
    optional=frozenset({"bots", "rules"}),
    extra=True,
)  # fmt: skip
"""What a tabletop run's logged options may hold (engine/schema.py)."""
DEFAULT_PLAYERS = ("spain", "england")
Chooser = Callable[[TabletopState, int], TabletopAction]
"""Picks the next action for a seat: (state, seat) -> action."""


def options_game(options: Mapping[str, Any]) -> tuple[TabletopRules, list[str]]:
    """The rules and the nations a run's options name."""
    rules = find_tabletop_rules(str(options.get("rules") or "seed-003"))
    return rules, list(options.get("players") or DEFAULT_PLAYERS)


@dataclass
class TabletopRecord:
    seed: int
    rules: TabletopRules
    players: list[str]
    actions: list[tuple[str, str]] = field(default_factory=list)  # (nation, action text)
    events: list[Event] = field(default_factory=list)
    checkpoints: list[tuple[int, str]] = field(default_factory=list)  # (actions played, hash)
    state: TabletopState | None = None

    def action_strings(self) -> list[str]:
        """The actions as "nation:action" text, e.g. "england:play 12"."""
        return [f"{nation}:{text}" for nation, text in self.actions]


def start_record(
    seed: int, rules: TabletopRules, players: Iterable[str]
) -> tuple[TabletopRecord, TabletopState]:
    state, events = new_game(rules, list(players), seed)
    record = TabletopRecord(seed, rules, list(state.players), events=list(events), state=state)
    return record, state


def record_step(
    record: TabletopRecord, state: TabletopState, action: TabletopAction
) -> list[Event]:
    """Play one action into the record; IllegalTabletopAction (nothing changed) if not open."""
    nation = state.players[current_side(state)]
    events = act(state, action)
    record.actions.append((nation, action.to_str()))
    record.events.extend(events)
    played = len(record.actions)
    if state.result is not None or played % CHECKPOINT_EVERY == 0:
        record.checkpoints.append((played, state.state_hash()))
    record.state = state
    return events


def _close(record: TabletopRecord, state: TabletopState) -> TabletopRecord:
    if not record.checkpoints or record.checkpoints[-1][0] != len(record.actions):
        record.checkpoints.append((len(record.actions), state.state_hash()))
    return record


def record_game(
    seed: int,
    rules: TabletopRules,
    players: Iterable[str],
    choose: Chooser,
    max_actions: int = 50_000,
) -> TabletopRecord:
    """Play a game to its end with `choose` picking every seat's action, recording it all."""
    record, state = start_record(seed, rules, players)
    while state.result is None and len(record.actions) < max_actions:
        record_step(record, state, choose(state, current_side(state)))
    return _close(record, state)


def replay_game(
    seed: int, rules: TabletopRules, players: Iterable[str], actions: Iterable[str]
) -> TabletopRecord:
    """Re-run a game from its seed and actions ("play 12" or "england:play 12"); an action
    logged for another seat than the one to act is refused (IllegalTabletopAction)."""
    record, state = start_record(seed, rules, players)
    for entry in actions:
        if state.result is not None:
            break
        nation, sep, text = str(entry).rpartition(":")
        action = TabletopAction.from_str(text)
        to_act = state.players[current_side(state)]
        if sep and nation != to_act:
            raise IllegalTabletopAction(f"{text}: logged for {nation}, but {to_act} is to act")
        record_step(record, state, action)
    return _close(record, state)


def replay_logged(run: LoggedRun) -> tuple[list[RawEvent], list[tuple[int, str]]]:
    """Re-run a logged tabletop run (mode "tabletop") from its seed, options and actions."""
    rules, players = options_game(run.options)
    record = replay_game(run.seed, rules, players, run.actions)
    return [tuple(e) for e in record.events], record.checkpoints
