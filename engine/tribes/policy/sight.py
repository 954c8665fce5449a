"""What the fighting and trading policies read of a tribe's view (view.py's): its warbands, the
foreign settlements, warbands and threat camps it sees, its stances, offers, routes and age, and the
distances and ring geometry they reason with. Only the view: a foreign thing is known only while it
is inside the tribe's vision (the Tribes design document, "Fog & vision"), so a policy that loses
sight of its target scouts again.
"""

from __future__ import annotations

from typing import Any

from ..rules import SEED

SPAWN_RING = (3, 8)  # seed: spawns sit on a ring at 3/8 of the size (the scouts' circle)


def me(view: dict[str, Any]) -> int:
    tribe_id: int = view["tribe"]["id"]
    return tribe_id


def cheb(ax: int, ay: int, bx: int, by: int) -> int:
    return max(abs(ax - bx), abs(ay - by))


def _items(view: dict[str, Any], *keys: str) -> list[dict[str, Any]]:
    for key in keys:
        value = view.get(key)
        if isinstance(value, list):
            return value
    return []


def own_warbands(view: dict[str, Any]) -> list[dict[str, Any]]:
    mine = me(view)
    return [w for w in _items(view, "warbands") if w.get("tribe", mine) == mine]


def foreign_warbands(view: dict[str, Any]) -> list[dict[str, Any]]:
    mine = me(view)
    seen = [w for w in _items(view, "warbands") if w.get("tribe", mine) != mine]
    return seen + _items(view, "foreign_warbands")


def foreign_settlements(view: dict[str, Any]) -> list[dict[str, Any]]:
    return _items(view, "others", "foreign_settlements")


def camps(view: dict[str, Any]) -> list[dict[str, Any]]:
    return _items(view, "camps", "threats")


def own_offers(view: dict[str, Any]) -> list[dict[str, Any]]:
    mine = me(view)
    return [o for o in _items(view, "offers") if o.get("tribe", mine) == mine]


def foreign_offers(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Other tribes' offers the view shows (seed: through an own market)."""
    mine = me(view)
    shown = [o for o in _items(view, "offers") if o.get("tribe", mine) != mine]
    return shown + _items(view, "foreign_offers")


def own_routes(view: dict[str, Any]) -> list[dict[str, Any]]:
    mine = me(view)
    return [r for r in _items(view, "routes") if r.get("tribe", mine) == mine]


def stance(view: dict[str, Any], toward: int) -> str:
    """The tribe's own stance toward `toward` (the view's list by tribe id; "neutral" when it
    does not say)."""
    stances = view["tribe"].get("stances")
    if isinstance(stances, list) and 0 <= toward < len(stances):
        return str(stances[toward])
    return "neutral"


def age(view: dict[str, Any]) -> int:
    value: int = view["tribe"].get("age", 0)
    return value


def alive_tribes(view: dict[str, Any]) -> list[int]:
    return [t["id"] for t in view.get("tribes", []) if t.get("alive", True) and t["id"] != me(view)]


def value_of(resource: str, amount: int) -> int:
    return SEED.base_value.get(resource, 1) * amount


def ring_points(view: dict[str, Any]) -> list[tuple[int, int]]:
    """Eight points on the spawn ring (the compass points and the diagonals at 7/10), where the
    other tribes' founding sites lie: the scouts' waypoints."""
    size = view["size"]
    c = size // 2
    r = size * SPAWN_RING[0] // SPAWN_RING[1]
    d = r * 7 // 10
    points = [(0, -r), (d, -d), (r, 0), (d, d), (0, r), (-d, d), (-r, 0), (-d, -d)]
    return [(c + dx, c + dy) for dx, dy in points]


def unexplored(view: dict[str, Any], x: int, y: int) -> bool:
    """Whether the tile is unknown to the tribe ("?" in the fogged terrain)."""
    rows = view["rows"]
    return 0 <= y < len(rows) and 0 <= x < len(rows[y]) and rows[y][x] == "?"
