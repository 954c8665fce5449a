"""Seed 002's Tribes as a mode of the one protocol (engine/protocol.py): `TribesGame` is a world
of 1-8 tribes on a seeded square map, played by `step N` and `T:ORDER` actions (game.py);
`sides` is the number of tribes, each observing its own view (view.py). Logged runs are
replayed from their options, seed and actions (replay.py)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any

from ..events import Event
from ..figures import RunFigures
from ..protocol import Game, Mode, Outcome
from .events import TRIBES_EVENTS
from .game import ENGINE_VERSION, TribesAction, act, legal_actions, new_game
from .replay import OPTIONS, Setup, replay_logged
from .rules import TribesRules
from .state import TribesState
from .view import view_for

if TYPE_CHECKING:
    from ..world.world import World


class Termination(Enum):
    TICK_CAP = "tick_cap"  # the tick cap reached: the highest score won (a tie: nobody)
    LAST_STANDING = "last_standing"  # one tribe left
    ALL_GONE = "all_gone"  # no tribe left


class TribesGame(Game[TribesState, TribesAction]):
    """A world by `setup` (tribes, size, tick cap, rules)."""

    mode = "tribes"

    def __init__(self, setup: Setup | None = None) -> None:
        self.setup = setup or Setup()
        self.sides = self.setup.tribes  # type: ignore[misc]

    @property
    def rules(self) -> TribesRules:
        """The rules the world is played by (the setup's, by name)."""
        return self.setup.played_by()

    def new_initial_state(self, seed: int) -> tuple[TribesState, list[Event]]:
        setup = self.setup
        return new_game(seed, setup.tribes, setup.size, setup.ticks, self.rules)

    def legal_actions(self, state: TribesState) -> list[TribesAction]:
        return legal_actions(state)

    def act(self, state: TribesState, action: TribesAction) -> list[Event]:
        return act(state, action)

    def outcome(self, state: TribesState) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(Termination(state.result), state.winner)

    def observe(self, state: TribesState, side: int = 0) -> dict[str, Any]:
        """Tribe `side`'s fog-filtered view (view.py). Its "events" are empty: events are not
        kept in the state (the seed keeps them out of the hash), so a protocol player has
        them from `act`'s return; sim.py gives a policy those since it was last asked."""
        return view_for(state, side)

    def parse_action(self, text: str) -> TribesAction:
        return TribesAction.from_str(text)

    def serialise(self, state: TribesState) -> dict[str, Any]:
        return state.to_dict()

    def deserialise(self, data: Any) -> TribesState:
        return TribesState.from_dict(data)

    def state_hash(self, state: TribesState) -> str:
        return state.state_hash()

    def copy(self, state: TribesState) -> TribesState:
        return state.copy()


def _game(options: Mapping[str, Any], world: World | None) -> TribesGame:
    return TribesGame(Setup.of(options))


MODE = Mode(
    name="tribes",
    run_modes=("tribes",),
    engine_version=ENGINE_VERSION,
    needs_world=False,
    options=OPTIONS,
    game=_game,
    replayer=lambda world: replay_logged,
    example={"tribes": 2, "size": 32, "ticks": 40},
    events=TRIBES_EVENTS,
    figures=RunFigures(unit="points", rounds="ticks"),  # the winner's score
)
