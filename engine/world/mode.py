"""The living world without a player as a mode of the one protocol (engine/protocol.py):
`WorldGame` runs a world from a seed for a number of days; its one action is a day
(`advance`), and it ends when the days are done."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..errors import IllegalActionError, ReplayRefusedError
from ..events import Event
from ..figures import RunFigures
from ..protocol import Game, Mode, Outcome
from ..replay import NO_WORLD
from ..schema import Int, Record, Text
from .events import WORLD_EVENTS
from .game import EARLIER_VERSIONS, ENGINE_VERSION, advance, create_world, observe
from .rules import DEFAULT_WORLD, RULESETS, WorldRules, find_world_rules
from .state import WorldState
from .world import World

LONGEST_RUN_DAYS = 100_000  # `world sim --days`

OPTIONS = Record(
    {"days": Int(1, LONGEST_RUN_DAYS), "rules": Text(RULESETS)},
    optional=frozenset({"rules"}),  # absent: seed-000 before world-3, the century since
    extra=True,
)
"""What a world run's logged options may hold."""


class IllegalWorldAction(IllegalActionError):
    """Not a day of the world, or the run's days are done."""


class WorldEnd(Enum):
    DAYS_DONE = "days_done"  # the run's days are sailed


@dataclass(frozen=True, slots=True)
class Day:
    """A day of the world."""

    def to_str(self) -> str:
        return "day"


DAY = Day()


class WorldGame(Game[WorldState, Day]):
    """The world on `world` by `rules` (the Privateer design document's), for `days` days: a day an
    action, so a record's checkpoints (every 30 days, and the last) are keyed by the day."""

    mode = "world"
    checkpoint_every = 30

    def __init__(self, world: World, days: int, rules: WorldRules | None = None) -> None:
        self.world = world
        self.days = days
        self.rules = rules or RULESETS[DEFAULT_WORLD]

    def new_initial_state(self, seed: int) -> tuple[WorldState, list[Event]]:
        return create_world(self.world, seed, self.rules)

    def legal_actions(self, state: WorldState) -> list[Day]:
        return [] if state.day >= self.days else [Day()]

    def act(self, state: WorldState, action: Day) -> list[Event]:
        if not isinstance(action, Day):
            raise IllegalWorldAction(f"{action!r}: the world's one action is a day")
        if state.day >= self.days:
            raise IllegalWorldAction(f"the run's {self.days} days are done")
        return advance(self.world, state, rules=self.rules)

    def outcome(self, state: WorldState) -> Outcome | None:
        return Outcome(WorldEnd.DAYS_DONE) if state.day >= self.days else None

    def observe(self, state: WorldState, side: int = 0) -> dict[str, Any]:
        return observe(self.world, state)

    def parse_action(self, text: str) -> Day:
        if str(text).strip() != "day":
            raise IllegalWorldAction(f"{text!r}: the world's one action is 'day'")
        return Day()

    def clock(self, state: WorldState) -> int:
        return state.day

    def serialise(self, state: WorldState) -> dict[str, Any]:
        return state.to_dict()

    def deserialise(self, data: Any) -> WorldState:
        return WorldState.from_dict(data, self.world)


def _game(
    options: Mapping[str, Any], world: World | None, engine_version: str | None = None
) -> WorldGame:
    if world is None:
        raise ReplayRefusedError("a world run plays only on a world", NO_WORLD)
    version = engine_version or ENGINE_VERSION
    named = options.get("rules", DEFAULT_WORLD if version == ENGINE_VERSION else "seed-000")
    return WorldGame(world, int(options["days"]), find_world_rules(str(named), version))


MODE = Mode(
    name="world",
    run_modes=("world",),
    engine_version=ENGINE_VERSION,
    needs_world=True,
    options=OPTIONS,
    game=_game,
    logged_actions=lambda options, _: ["day"] * int(options["days"]),
    example={"days": 40},
    events=WORLD_EVENTS,
    figures=RunFigures(days=True),
    earlier_versions=EARLIER_VERSIONS,
    rules=WorldRules,
    rulesets=RULESETS,
)
