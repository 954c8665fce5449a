"""The voyage's declaration as a mode of the one protocol: the game is `VoyageGame`
(engine/voyage/game.py), its runs logged as "voyage", replayed on their World."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..combat.encounter import FIGHT_EVENTS
from ..errors import ReplayRefusedError
from ..figures import RunFigures
from ..protocol import Mode
from ..replay import NO_WORLD, Replayer
from ..world.events import WORLD_EVENTS
from ..world.world import World
from .events import VOYAGE_EVENTS
from .game import ENGINE_VERSION, VoyageGame
from .record import OPTIONS, game_for, replayer


def _game(options: Mapping[str, Any], world: World | None) -> VoyageGame:
    if world is None:
        raise ReplayRefusedError("a voyage sails only on a world", NO_WORLD)
    return game_for(world, options, ENGINE_VERSION)


def _replayer(world: World | None) -> Replayer:
    if world is None:
        raise ReplayRefusedError("a voyage replays only on its world", NO_WORLD)
    return replayer(world)


MODE = Mode(
    name="voyage",
    run_modes=("voyage",),
    engine_version=ENGINE_VERSION,
    needs_world=True,
    options=OPTIONS,
    game=_game,
    replayer=_replayer,
    example={"rules": "full", "days": 90},
    events={**WORLD_EVENTS, **FIGHT_EVENTS, **VOYAGE_EVENTS},
    earlier_versions=("voyage-1", "voyage-2"),
    figures=RunFigures(unit="gold", days=True),  # her gold at the end
)
