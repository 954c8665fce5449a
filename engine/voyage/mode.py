"""The voyage's declaration as a mode of the one protocol: the game is `VoyageGame`
(engine/voyage/game.py), its runs logged as "voyage", replayed on their World."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..dials import turned
from ..errors import ReplayRefusedError
from ..fight.encounter import FIGHT_EVENTS
from ..figures import RunFigures
from ..protocol import BotMaker, Mode
from ..replay import NO_WORLD
from ..schema import Int, Record, Text
from ..world.events import WORLD_EVENTS
from ..world.rules import find_world_rules
from ..world.world import World
from .captain import CAPTAINS, Captain
from .encoding import ENCODING
from .events import VOYAGE_EVENTS
from .game import ENGINE_VERSION, VoyageGame
from .rules import (
    KNOWN_RULESETS,
    LEGACY_RULESETS,
    MAX_DAYS,
    RULESETS,
    WORLD_ENGINE_OF,
    VoyageRules,
    find_voyage_rules,
)
from .state import SAVE_VERSION

OPTIONS = Record(
    {"rules": Text(KNOWN_RULESETS), "days": Int(1, MAX_DAYS)},
    optional=frozenset({"rules", "days"}),  # absent: the full rules, 730 days
    extra=True,
)
"""What a voyage run's logged options may hold (engine/schema.py): read so on resume."""


def game_for(
    world: World, options: Mapping[str, Any], engine_version: str | None = None
) -> VoyageGame:
    """The game a run's logged options describe, as the engine that logged it played it: its
    rules (full), turned as a study set its dials (`changes`, engine/dials.py), and its length
    (730 days)."""
    rules = find_voyage_rules(str(options.get("rules", "full")), engine_version)
    wrules = find_world_rules(rules.world_rules, WORLD_ENGINE_OF.get(engine_version or ""))
    rules, wrules = turned(rules, wrules, dict(options.get("changes") or {}))
    return VoyageGame(world, rules, wrules, days=int(options.get("days", 730)))


def _game(
    options: Mapping[str, Any], world: World | None, engine_version: str | None = None
) -> VoyageGame:
    if world is None:
        raise ReplayRefusedError("a voyage sails only on a world", NO_WORLD)
    return game_for(world, options, engine_version or ENGINE_VERSION)


def save_progress(options: Any, state: Any, port_name: Callable[[int], str]) -> dict[str, Any]:
    """A voyage save's rules, day, gold and where she lies (a port's name, or "at sea"): what
    a person choosing one to pick up reads. A save too damaged to say leaves the figures
    empty (loading it says why)."""
    rules = options.get("rules") if isinstance(options, dict) else None
    if not isinstance(state, dict):
        return {"rules": rules, "day": None, "gold": None, "where": None}
    world = state.get("world")
    day = world.get("day") if isinstance(world, dict) else None
    port = state.get("port")
    where = "at sea" if not isinstance(port, int) or port < 0 else port_name(port)
    return {
        "rules": rules or state.get("rules"),
        "day": day,
        "gold": state.get("gold"),
        "where": where,
    }


def _captain_bot(captain: Captain) -> BotMaker:
    return lambda game, seed: lambda state: captain.choose(game, state)  # type: ignore[arg-type]


BOT_PLAYERS: dict[str, BotMaker] = {name: _captain_bot(c) for name, c in CAPTAINS.items()}
"""The captain bots (engine/voyage/captain.py) as the registry seats them."""

MODE = Mode(
    name="voyage",
    run_modes=("voyage",),
    engine_version=ENGINE_VERSION,
    needs_world=True,
    options=OPTIONS,
    game=_game,
    save_version=SAVE_VERSION,
    example={"rules": "full", "days": 90},
    events={**WORLD_EVENTS, **FIGHT_EVENTS, **VOYAGE_EVENTS},
    earlier_versions=tuple(LEGACY_RULESETS),  # every engine before this one, by its rules
    figures=RunFigures(unit="gold", days=True),  # her gold at the end
    save_progress=save_progress,
    rules=VoyageRules,
    rulesets=RULESETS,
    encoding=ENCODING,
    bots=BOT_PLAYERS,
)
