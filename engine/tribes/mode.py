"""Tribes (its design document) as a mode of the one protocol (engine/protocol.py): `TribesGame` is
a world of 1-8 tribes on a seeded square map, played by `step N` and `T:ORDER` actions (game.py);
`sides` is the number of tribes, each observing its own view (view.py). A run is recorded and
replayed by engine/record.py from its options, seed and actions (`T:ORDER` and `step N`); the
policies that chose the orders are not needed to replay: their orders are the actions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from ..bounds import NAME
from ..events import Event
from ..figures import RunFigures
from ..protocol import Game, Mode, Outcome, Tally
from ..schema import Int, Record, Seq, Text
from .constants import CHECKPOINT_EVERY
from .events import TRIBES_EVENTS
from .game import ENGINE_VERSION, TribesAction, act, legal_actions, new_game
from .rules import (
    EARLIER_READINGS,
    RULESETS,
    SEED_NAME,
    TribesRules,
    find_tribes_rules,
    read_by,
)
from .score import score
from .state import TribesState
from .view import view_for

if TYPE_CHECKING:
    from ..world.world import World


MAX_TRIBES = 8
MIN_SIZE, MAX_SIZE = 32, 512
MAX_TICKS = 1_000_000
OPTIONS = Record(
    {"tribes": Int(1, MAX_TRIBES), "size": Int(MIN_SIZE, MAX_SIZE), "ticks": Int(1, MAX_TICKS),
     "policies": Seq(Text(max_len=400), max_len=MAX_TRIBES), "rules": NAME},
    optional=frozenset({"tribes", "size", "ticks", "policies", "rules"}),
    extra=True,
)  # fmt: skip
"""What a Tribes run's logged options may hold (engine/schema.py): the tribes (1-8), the map's
side (32-512), the tick cap, the policies that played it (names or scripted files), and the
rules it was played by (rules.py: a preset, or a variant named for its changes; absent: the
seed's)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """The world a run plays: tribes, the map's side, the tick cap (defaults: the issue's), and
    the rules by name (`rules`: the seed's by default)."""

    tribes: int = 4
    size: int = 64
    ticks: int = 2000
    rules: str = SEED_NAME

    def __post_init__(self) -> None:
        self.played_by()  # a name no rules answer to is refused here (RuleError)

    def played_by(self) -> TribesRules:
        """The rules the run plays by (found by name, remembered)."""
        return find_tribes_rules(self.rules)

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Setup:
        read = OPTIONS.read(dict(options), "options", {})
        default = cls()
        return cls(
            int(read.get("tribes", default.tribes)),
            int(read.get("size", default.size)),
            int(read.get("ticks", default.ticks)),
            str(read.get("rules", default.rules)),
        )

    def options(self, policies: Iterable[str] = ()) -> dict[str, Any]:
        out: dict[str, Any] = {"tribes": self.tribes, "size": self.size, "ticks": self.ticks}
        if self.rules != SEED_NAME:  # the seed's rules go unnamed, as runs logged before them
            out["rules"] = self.rules
        named = list(policies)
        if named:
            out["policies"] = named
        return out


class Termination(Enum):
    TICK_CAP = "tick_cap"  # the tick cap reached: the highest score won (a tie: nobody)
    LAST_STANDING = "last_standing"  # one tribe left
    ALL_GONE = "all_gone"  # no tribe left


class TribesGame(Game[TribesState, TribesAction]):
    """A world by `setup` (tribes, size, tick cap, rules)."""

    mode = "tribes"
    opening_checkpoint = True  # the hash at tick 0
    events_dated = True  # a step spans ticks: each event says the tick it was made at

    def __init__(self, setup: Setup | None = None, engine_version: str | None = None) -> None:
        self.setup = setup or Setup()
        self.sides = self.setup.tribes  # type: ignore[misc]
        self.engine_version = engine_version or ENGINE_VERSION

    @property
    def rules(self) -> TribesRules:
        """The rules the world is played by: the setup's, by name, as this game's engine
        version reads them (an earlier engine's run replays by its own readings)."""
        return read_by(self.setup.played_by(), self.engine_version)

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

    def clock(self, state: TribesState) -> int:
        return state.tick

    def table_tally(self, state: TribesState) -> Tally:
        """Its ticks; once won, the winner's score and name."""
        if state.result is None or state.winner is None:
            return Tally(state.tick)
        winner = state.tribes[state.winner]
        return Tally(state.tick, None, score(state, winner), winner.name)

    def checkpoint_due(
        self, state: TribesState, action: TribesAction, clock_before: int, played: int
    ) -> bool:
        """Each time the world passes a multiple of 100 ticks (the issue: "checkpoint hashes
        every 100 ticks"), and when a step ends the world."""
        passed = state.tick // CHECKPOINT_EVERY > clock_before // CHECKPOINT_EVERY
        return passed or (state.result is not None and action.tribe < 0)

    def serialise(self, state: TribesState) -> dict[str, Any]:
        return state.to_dict()

    def deserialise(self, data: Any) -> TribesState:
        state = TribesState.from_dict(data)
        state.rules = read_by(state.rules, self.engine_version)
        return state


def _game(
    options: Mapping[str, Any], world: World | None, engine_version: str | None = None
) -> TribesGame:
    return TribesGame(Setup.of(options), engine_version)


MODE = Mode(
    name="tribes",
    run_modes=("tribes",),
    engine_version=ENGINE_VERSION,
    earlier_versions=tuple(EARLIER_READINGS),
    needs_world=False,
    options=OPTIONS,
    game=_game,
    example={"tribes": 2, "size": 32, "ticks": 40},
    events=TRIBES_EVENTS,
    figures=RunFigures(unit="points", rounds="ticks"),  # the winner's score
    rules=TribesRules,
    rulesets=RULESETS,
)
