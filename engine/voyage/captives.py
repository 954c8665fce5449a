"""Corsairs and their captives (the Privateer design document, "Barbary corsairs"): take a corsair
laden with the captives of a town she stripped, and they go free: a point with their nation, and one
with the Crown. (Her hold's 12 more are her target's, `corsair_laden`; her raids on English towns
stop your ship: game.py `sail`.) By the rules' switch `captives`, on a voyage with the late game.
"""

from __future__ import annotations

from ..events import Event
from ..world import wars
from ..world.rules import WorldRules
from ..world.world import World
from .rules import VoyageRules
from .state import VoyageState


def free_captives(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, ship: int, target: str
) -> list[Event]:
    """The fight with the world's `ship` (fought as `target`) ended with her taken: if she was
    a laden corsair, her captives go free. Their nation is the town's she took them from (a
    laden corsair's `target` is that town's port, engine/world/game.py `_raid`); it gains
    `captives_standing`, and England `captives_crown` (English captives: both points to
    England), within the world's standing bounds. A pirate gets no point from the Crown: the
    noose stays ("it will not fade"). Read before she is laid up."""
    if not rules.captives or state.late is None or target != "corsair_laden":
        return []
    ws = state.world
    town = ws.ships["target"][ship]
    if not 0 <= town < len(world.ports):
        return []
    nation = world.ports[town].nation
    england = world.nation("england")
    wars.gain_standing(ws, wrules, nation, rules.captives_standing)
    if not ws.pirate:
        wars.gain_standing(ws, wrules, england, rules.captives_crown)
    return [
        Event(
            "captives_freed",
            state.day,
            {
                "town": world.ports[town].name,
                "nation": world.nations[nation],
                "standing": ws.standing[nation],
                "england": ws.standing[england],
            },
        )
    ]


def raid_is_news(rules: VoyageRules, data: dict[str, object]) -> bool:
    """A corsair's raid (the world's `corsair_raid`) stops your ship when the town was English."""
    return rules.captives and data.get("nation") == "england"
