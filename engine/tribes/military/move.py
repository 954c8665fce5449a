"""Warbands on the march (the Tribes design document, phase 10: "warband movement (ascending id)"):
each warband steps a tile a tick toward what its order makes for (movement.next_tile), or stands.

Where an order makes for (chosen where the seed is silent):
- routing: home; within 1 tile of it the rout ends and the warband garrisons it;
- march X Y: the tile; patrol X Y: the nearest hostile warband within 6 of the anchor (ties to
  the lower id), else the nearest threat camp within 6 of it, else the anchor;
- garrison SETT: the settlement's tile (while it is the tribe's; else the order is cleared);
- raid SETT, besiege SETT: the settlement, stopping within 1 tile (the order is cleared when
  the settlement is gone or is the tribe's or an ally's);
- raid caravan ID: the caravan, stopping within 1 tile; escort CARAVAN: the caravan's tile
  (cleared when the caravan is gone);
- disband: the nearest own settlement; within 1 tile the warband disbands (military_supply).
"""

from __future__ import annotations

from ...events import Event
from ..logistics.movement import next_tile
from ..orders import chebyshev
from ..state import TribesState, Warband
from .orders import allied
from .supply import disband
from .units import home_of, hostile, nearest_own


def _patrol_target(state: TribesState, warband: Warband, ax: int, ay: int) -> tuple[int, int]:
    radius = state.rules.patrol_radius
    best: tuple[int, int, int, int] | None = None
    for other in state.warbands:
        if (
            other.size > 0
            and hostile(state, warband.tribe, other.tribe)
            and chebyshev(other.x, other.y, ax, ay) <= radius
        ):
            key = (chebyshev(other.x, other.y, warband.x, warband.y), other.id, other.x, other.y)
            if best is None or key < best:
                best = key
    if best is None:
        for camp in state.camps:
            if chebyshev(camp.x, camp.y, ax, ay) <= radius:
                key = (chebyshev(camp.x, camp.y, warband.x, warband.y), camp.id, camp.x, camp.y)
                if best is None or key < best:
                    best = key
    return (ax, ay) if best is None else (best[2], best[3])


def goal(state: TribesState, warband: Warband, events: list[Event]) -> tuple[int, int, int]:
    """(x, y, stop): where the warband makes for and the distance it stops at; (-1, -1, 0) to
    stand. May end a rout, clear a stale order or disband the warband (size set to 0)."""
    order = warband.order
    kind = order.get("kind")
    if warband.routing:
        home = home_of(state, warband)
        if home is None:
            warband.routing = False
            return -1, -1, 0
        if chebyshev(warband.x, warband.y, home.x, home.y) <= 1:
            warband.routing = False
            warband.order = {"kind": "garrison", "settlement": home.id}
            return home.x, home.y, 0
        return home.x, home.y, 0
    if kind == "march":
        return int(order["x"]), int(order["y"]), 0
    if kind == "patrol":
        x, y = _patrol_target(state, warband, int(order["x"]), int(order["y"]))
        return x, y, 0
    if kind in ("garrison", "raid", "besiege") and "settlement" in order:
        target = state.settlement(int(order["settlement"]))
        if kind == "garrison":
            if target is None or target.tribe != warband.tribe:
                warband.order = {}
                return -1, -1, 0
            return target.x, target.y, 0
        if (
            target is None
            or target.tribe == warband.tribe
            or allied(state, warband.tribe, target.tribe)
        ):
            warband.order = {}
            return -1, -1, 0
        return target.x, target.y, 1
    if kind in ("escort", "raid") and "caravan" in order:
        caravan = next((c for c in state.caravans if c.id == order["caravan"]), None)
        if caravan is None:
            warband.order = {}
            return -1, -1, 0
        return caravan.x, caravan.y, 0 if kind == "escort" else 1
    if kind == "disband":
        home = nearest_own(state, warband.tribe, warband.x, warband.y)
        if home is None:
            warband.order = {}
            return -1, -1, 0
        if chebyshev(warband.x, warband.y, home.x, home.y) <= 1:
            disband(state, warband, home, events)
            return -1, -1, 0
        return home.x, home.y, 0
    return -1, -1, 0


def move_warbands(state: TribesState, events: list[Event]) -> None:
    """Every warband, ascending id: find its goal and step a tile toward it."""
    for warband in state.warbands:
        x, y, stop = goal(state, warband, events)
        if warband.size <= 0 or x < 0 or chebyshev(warband.x, warband.y, x, y) <= stop:
            warband.to_x = warband.to_y = -1
            continue
        warband.to_x, warband.to_y = x, y
        nx, ny = next_tile(state, warband)
        if (nx, ny) != (warband.x, warband.y):
            warband.prev_x, warband.prev_y = warband.x, warband.y
            warband.x, warband.y = nx, ny
