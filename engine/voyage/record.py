"""A voyage as a record: its seed, rules and length; every action in order (as text); every
event with the day it happened on; state hashes every `checkpoint_days` days and at the end. A
replay applies the same actions to a new voyage from the same seed and must give the same
events and hashes. The captain bot's runs are recorded the same way: its actions are what
replay, so a replay never needs the bot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..dials import turned
from ..errors import ReplayRefusedError
from ..events import Event, RawEvent
from ..replay import UNPLAYABLE_OPTIONS, LoggedRun, Replayer
from ..schema import Int, Record, Text
from ..world.rules import find_world_rules
from ..world.world import World
from .actions import IllegalVoyageAction, Sail, VoyageAction
from .game import VoyageGame
from .rules import KNOWN_RULESETS, MAX_DAYS, find_voyage_rules
from .state import VoyageState

OPTIONS = Record(
    {"rules": Text(KNOWN_RULESETS), "days": Int(1, MAX_DAYS)},
    optional=frozenset({"rules", "days"}),  # absent: the full rules, 730 days
    extra=True,
)
"""What a voyage run's logged options may hold (engine/schema.py): read so on resume."""

Chooser = Callable[[VoyageGame, VoyageState], VoyageAction]
"""A captain: picks the next action, seeing what a player sees."""


@dataclass
class VoyageRecord:
    seed: int
    rules: str
    days: int
    actions: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    event_days: list[int] = field(default_factory=list)
    checkpoints: list[tuple[int, str]] = field(default_factory=list)  # (actions, hash)
    state: VoyageState | None = None

    def add(self, events: list[Event], day: int) -> None:
        self.events.extend(events)
        self.event_days.extend([day] * len(events))


def game_for(
    world: World, options: Mapping[str, Any], engine_version: str | None = None
) -> VoyageGame:
    """The game a run's logged options describe, as the engine that logged it played it: its
    rules (full), turned as a study set its dials (`changes`, engine/dials.py), and its length
    (730 days)."""
    rules = find_voyage_rules(str(options.get("rules", "full")), engine_version)
    wrules = find_world_rules(rules.world_rules)
    rules, wrules = turned(rules, wrules, dict(options.get("changes") or {}))
    return VoyageGame(world, rules, wrules, days=int(options.get("days", 730)))


def begin(game: VoyageGame, seed: int) -> VoyageRecord:
    state, events = game.new_initial_state(seed)
    record = VoyageRecord(seed, game.rules.name, game.days, state=state)
    record.add(events, 0)
    return record


def step(game: VoyageGame, record: VoyageRecord, action: VoyageAction) -> list[Event]:
    """Play one action on the record's voyage, recording it (and a checkpoint when a
    `checkpoint_days` day has just come, or the voyage has ended)."""
    state = record.state
    assert state is not None
    before = state.day
    events = game.act(state, action)
    record.actions.append(action.to_str())
    record.add(events, state.day)
    every = game.rules.checkpoint_days
    if state.over or (state.day != before and state.day % every == 0):
        record.checkpoints.append((len(record.actions), state.state_hash()))
    return events


ACTIONS_A_DAY = 200  # far more than any day takes: a captain past this has lost its way


def play(game: VoyageGame, seed: int, captain: Chooser) -> VoyageRecord:
    """A whole voyage with a captain choosing every action. A captain that goes round in
    circles without the days passing is a bug, said at once (RuntimeError), not a hang."""
    record = begin(game, seed)
    state = record.state
    assert state is not None
    limit = ACTIONS_A_DAY * (game.days + 1)
    while not state.over:
        if len(record.actions) > limit:
            raise RuntimeError(
                f"seed {seed}: the captain took {limit} actions by day {state.day}: "
                f"{record.actions[-4:]}"
            )
        step(game, record, captain(game, state))
    return record


def replayer(world: World) -> Replayer:
    """The replayer of logged voyages on this world: the logged actions, applied again."""

    def replay(run: LoggedRun) -> tuple[list[RawEvent], list[tuple[int, str]]]:
        try:
            game = game_for(world, run.options, run.engine_version)
        except ValueError as error:  # rules it has not, or a study's change past its bound
            raise ReplayRefusedError(f"run {run.run_id}: {error}", UNPLAYABLE_OPTIONS) from None
        record = begin(game, run.seed)
        for text in run.actions:
            assert record.state is not None
            if record.state.over:
                break
            try:
                step(game, record, game.parse_action(text))
            except IllegalVoyageAction as error:  # the log and the engine part ways here
                why = {"action": text, "why": str(error)}
                record.add([Event("illegal_action", record.state.day, why)], record.state.day)
                break
        return [tuple(e) for e in record.events], record.checkpoints

    return replay


def state_on_day(world: World, run: LoggedRun, day: int) -> VoyageState:
    """The voyage as it stood at the end of `day` (0: as she set out), its logged actions
    applied again up to then: what a picture of that day shows. A day past the voyage's end
    is refused, naming the last."""
    game = game_for(world, run.options, run.engine_version)
    record = begin(game, run.seed)
    state = record.state
    assert state is not None
    for text in run.actions:
        if state.over:
            break
        action = game.parse_action(text)
        if state.day >= day and isinstance(action, Sail):  # the next sail begins the day after
            return state
        step(game, record, action)
    if state.day < day:
        raise ValueError(f"day {day}: run {run.run_id} ended on day {state.day}")
    return state
