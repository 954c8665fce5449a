"""Phase 7, logistics (seed 002): settler wagons on the road. Part 2 adds caravans, routes and
food equalization here, after the wagons.

Each wagon, in ascending id, moves one tile a tick toward its site by a greedy step: of its 8
neighbours on the map and not ocean (rivers are fordable), the one nearest the site by
Chebyshev distance, then by squared straight-line distance (so it walks the diagonal rather
than a dog-leg), then in the fixed order N, NE, E, SE, S, SW, W, NW. If no neighbour is nearer
(water in the way) it slides: it steps to a neighbour as near as where it stands, never back
onto the tile it just left, so it follows the shore round a lake; with no such neighbour it
waits. A wagon that has not got nearer for WAGON_STUCK_TICKS (30, chosen) ticks in a row gives
up and merges home.

On reaching its site the wagon founds a settlement there (pop = its settlers, its grain and
timber into the stores, named "<tribe> <id>", a "founded" event), unless a settlement has come
within 6 tiles of the site meanwhile: then, as when it gives up, it merges into the nearest own
settlement by Chebyshev distance from where it stands (ties to the lowest id): settlers to pop,
grain and timber to the stores under the store cap (overflow lost), a "wagon_merged" event.
Chosen: a tribe with no settlement left loses the wagon ("wagon_merged" with settlement -1).
Settlers and supplies moved this way are neither births nor production (seed: moving stores
counts as neither).
"""

from __future__ import annotations

from ..events import Event
from .constants import STORE_BASE, STORE_PER_BUILDING, WAGON_STUCK_TICKS
from .mapgen import OCEAN
from .orders import chebyshev, site_refusal
from .setup import new_settlement
from .state import Settlement, TribesState, Wagon
from .territory import set_grain_gates

STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
"""The 8 neighbours in the tie order: N, NE, E, SE, S, SW, W, NW (y grows southward)."""


def store_cap(settlement: Settlement) -> int:
    """Seed: 2000 + 2000 x granary + 2000 x warehouse, one cap per resource."""
    extra = settlement.count("granary") + settlement.count("warehouse")
    return STORE_BASE + STORE_PER_BUILDING * extra


def next_tile(state: TribesState, wagon: Wagon) -> tuple[int, int, bool]:
    """Where the wagon steps this tick and whether that is nearer its site (see the module)."""
    tx, ty, x, y = wagon.to_x, wagon.to_y, wagon.x, wagon.y
    here = chebyshev(x, y, tx, ty)
    size, rows = state.size, state.rows
    best: tuple[int, int, int, int] | None = None  # (chebyshev, squared distance, x, y)
    slide: tuple[int, int, int] | None = None  # (squared distance, x, y)
    for dx, dy in STEPS:
        nx, ny = x + dx, y + dy
        if not (0 <= nx < size and 0 <= ny < size) or rows[ny][nx] == OCEAN:
            continue
        far = chebyshev(nx, ny, tx, ty)
        square = (nx - tx) * (nx - tx) + (ny - ty) * (ny - ty)
        if far < here and (best is None or (far, square) < best[:2]):
            best = (far, square, nx, ny)
        elif (
            far == here
            and (nx, ny) != (wagon.prev_x, wagon.prev_y)
            and (slide is None or square < slide[0])
        ):
            slide = (square, nx, ny)
    if best is not None:
        return best[2], best[3], True
    if slide is not None:
        return slide[1], slide[2], False
    return x, y, False


def _nearest_own(state: TribesState, wagon: Wagon) -> Settlement | None:
    nearest: Settlement | None = None
    for s in state.settlements:
        if s.tribe == wagon.tribe and (
            nearest is None
            or chebyshev(s.x, s.y, wagon.x, wagon.y)
            < chebyshev(nearest.x, nearest.y, wagon.x, wagon.y)
        ):
            nearest = s
    return nearest


def merge_home(state: TribesState, wagon: Wagon, events: list[Event]) -> None:
    """The wagon joins the nearest own settlement (or is lost if there is none)."""
    home = _nearest_own(state, wagon)
    if home is not None:
        home.pop += wagon.settlers
        cap = store_cap(home)
        home.stores["grain"] = min(cap, home.stores["grain"] + wagon.grain)
        home.stores["timber"] = min(cap, home.stores["timber"] + wagon.timber)
    events.append(
        Event(
            "wagon_merged",
            state.tick,
            {
                "tribe": wagon.tribe,
                "wagon": wagon.id,
                "settlement": -1 if home is None else home.id,
                "settlers": wagon.settlers,
            },
        )
    )


def found_at_site(state: TribesState, wagon: Wagon, events: list[Event]) -> None:
    """The wagon becomes a settlement on its site (kept in ascending id: ids only grow)."""
    name = f"{state.tribes[wagon.tribe].name} {state.next_id}"
    settlement = new_settlement(state, wagon.tribe, wagon.x, wagon.y, wagon.settlers, name)
    cap = store_cap(settlement)
    settlement.stores["grain"] = min(cap, wagon.grain)
    settlement.stores["timber"] = min(cap, wagon.timber)
    set_grain_gates(state, settlement)
    state.settlements.append(settlement)
    events.append(
        Event(
            "founded",
            state.tick,
            {
                "tribe": wagon.tribe,
                "settlement": settlement.id,
                "name": name,
                "x": settlement.x,
                "y": settlement.y,
                "pop": settlement.pop,
            },
        )
    )


def move_wagons(state: TribesState, events: list[Event]) -> None:
    """Phase 7: every wagon steps, then founds, merges or goes on (ascending id)."""
    if not state.wagons:
        return
    on_the_road: list[Wagon] = []
    for wagon in state.wagons:
        x, y, nearer = next_tile(state, wagon)
        if (x, y) != (wagon.x, wagon.y):
            wagon.prev_x, wagon.prev_y = wagon.x, wagon.y
            wagon.x, wagon.y = x, y
        wagon.stuck = 0 if nearer else wagon.stuck + 1
        if (wagon.x, wagon.y) == (wagon.to_x, wagon.to_y):
            if site_refusal(state, wagon.x, wagon.y) is None:
                found_at_site(state, wagon, events)
            else:
                merge_home(state, wagon, events)
        elif wagon.stuck >= WAGON_STUCK_TICKS:
            merge_home(state, wagon, events)
        else:
            on_the_road.append(wagon)
    state.wagons = on_the_road
