"""A whole voyage with a captain choosing every action, and a logged voyage as it stood on a
day: both on engine/record.py's record of any game (its actions are what replay, so a replay
never needs the captain).
"""

from __future__ import annotations

from collections.abc import Callable

from ..record import GameRecord, begin, play, step
from ..replay import LoggedRun
from ..world.world import World
from .actions import Sail, VoyageAction
from .game import VoyageGame
from .mode import game_for
from .state import VoyageState

Chooser = Callable[[VoyageGame, VoyageState], VoyageAction]
"""A captain: picks the next action, seeing what a player sees."""
VoyageRecord = GameRecord[VoyageState, VoyageAction]

ACTIONS_A_DAY = 200  # far more than any day takes: a captain past this has lost its way


def play_captained(game: VoyageGame, seed: int, captain: Chooser) -> VoyageRecord:
    """A whole voyage with a captain choosing every action. A captain that goes round in
    circles without the days passing is a bug, said at once (RuntimeError), not a hang."""
    limit = ACTIONS_A_DAY * (game.days + 1)
    record = play(game, seed, lambda state: captain(game, state), max_actions=limit + 1)
    state = record.state
    if not state.over:
        raise RuntimeError(
            f"seed {seed}: the captain took {limit} actions by day {state.day}: "
            f"{record.actions[-4:]}"
        )
    return record


def state_on_day(world: World, run: LoggedRun, day: int) -> VoyageState:
    """The voyage as it stood at the end of `day` (0: as she set out), its logged actions
    applied again up to then: what a picture of that day shows. A day past the voyage's end
    is refused, naming the last."""
    game = game_for(world, run.options, run.engine_version)
    record: VoyageRecord = begin(game, run.seed)
    state = record.state
    for text in run.actions:
        if state.over:
            break
        action = game.parse_action(text)
        if state.day >= day and isinstance(action, Sail):  # the next sail begins the day after
            return state
        step(record, action)
    if state.day < day:
        raise ValueError(f"day {day}: run {run.run_id} ended on day {state.day}")
    return state
