"""What a town holds when full: the seed's one figure for every town (`treasury`), or, with
the `indies_treasury` dial, more in the colonies, where the century's silver and gold were
(the towns outside Europe and the Mediterranean: the Spanish Main, the South Sea, the Indies).
"""

from __future__ import annotations

from .fleet import EUROPE
from .rules import WorldRules
from .world import World

_FULL: dict[tuple[str, int, int], list[int]] = {}


def full_treasuries(world: World, rules: WorldRules) -> list[int]:
    """Each port's treasury when full, by World.ports index (worked out once a world and
    dial: the world's day reads it; a list handed out is never changed)."""
    if rules.indies_treasury <= 0:
        return [rules.treasury] * len(world.ports)
    key = (world.content_hash, rules.treasury, rules.indies_treasury)
    found = _FULL.get(key)
    if found is None:
        if len(_FULL) > 16:
            _FULL.clear()
        found = _FULL[key] = _colonial(world, rules)
    return found


def _colonial(world: World, rules: WorldRules) -> list[int]:
    west, south, east, north = EUROPE
    full = []
    for port in world.ports:
        lon, lat = float(world.lon[port.node]), float(world.lat[port.node])
        home = west <= lon <= east and south <= lat <= north
        full.append(rules.treasury if home else rules.indies_treasury)
    return full
