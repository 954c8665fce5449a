"""Phase 7, logistics (seed 002): settler wagons on the road. Part 2 adds caravans, routes and
food equalization here, after the wagons.

Each wagon, in ascending id, moves one tile a tick toward its site. The greedy step is the
neighbour (of the 8) nearest the site by Chebyshev distance, then by squared straight-line
distance (so it walks the diagonal rather than a dog-leg), then in the fixed order N, NE, E,
SE, S, SW, W, NW. Ocean (`w`) is impassable, rivers are fordable. If the greedy step is ocean
or off the map the wagon slides: it takes the first open neighbour turning clockwise from it,
never straight back onto the tile it just left (so it keeps to one hand along a shore and
walks round a lake); back only from a dead end. A wagon that has not come nearer than its best
distance so far for WAGON_STUCK_TICKS (30, chosen) ticks in a row gives up and merges home.

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
from .constants import WAGON_STUCK_TICKS
from .mapgen import OCEAN
from .orders import chebyshev, site_refusal
from .setup import new_settlement
from .state import Settlement, TribesState, Wagon
from .stores import add_store
from .territory import set_grain_gates

STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
"""The 8 neighbours in the tie order: N, NE, E, SE, S, SW, W, NW (y grows southward)."""


def next_tile(state: TribesState, wagon: Wagon) -> tuple[int, int]:
    """Where the wagon steps this tick (see the module): the greedy step, else the first open
    tile turning clockwise from it, else back, else nowhere."""
    tx, ty, x, y = wagon.to_x, wagon.to_y, wagon.x, wagon.y
    size, rows = state.size, state.rows
    best = min(
        range(8),
        key=lambda i: (
            chebyshev(x + STEPS[i][0], y + STEPS[i][1], tx, ty),
            (x + STEPS[i][0] - tx) ** 2 + (y + STEPS[i][1] - ty) ** 2,
            i,
        ),
    )
    back = False
    for turn in range(8):
        dx, dy = STEPS[(best + turn) % 8]
        nx, ny = x + dx, y + dy
        if 0 <= nx < size and 0 <= ny < size and rows[ny][nx] != OCEAN:
            if (nx, ny) != (wagon.prev_x, wagon.prev_y):
                return nx, ny
            back = True
    return (wagon.prev_x, wagon.prev_y) if back else (x, y)


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
        add_store(home, "grain", wagon.grain)
        add_store(home, "timber", wagon.timber)
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
    add_store(settlement, "grain", wagon.grain)
    add_store(settlement, "timber", wagon.timber)
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
        x, y = next_tile(state, wagon)
        if (x, y) != (wagon.x, wagon.y):
            wagon.prev_x, wagon.prev_y = wagon.x, wagon.y
            wagon.x, wagon.y = x, y
        distance = chebyshev(x, y, wagon.to_x, wagon.to_y)
        if wagon.best < 0 or distance < wagon.best:
            wagon.best, wagon.stuck = distance, 0
        else:
            wagon.stuck += 1
        if distance == 0:
            if site_refusal(state, x, y) is None:
                found_at_site(state, wagon, events)
            else:
                merge_home(state, wagon, events)
        elif wagon.stuck >= WAGON_STUCK_TICKS:
            merge_home(state, wagon, events)
        else:
            on_the_road.append(wagon)
    state.wagons = on_the_road
