"""Moving a tile a tick on the Tribes map (the Tribes design document: "caravans & settler wagons
move 1 tile/tick (greedy step, slide-around, ocean impassable, rivers fordable)"; warbands march the
same way). Anything with a place, a goal and the tile it last left moves by `next_tile`.

The greedy step is the neighbour (of the 8) nearest the goal by Chebyshev distance, then by
squared straight-line distance (so it walks the diagonal rather than a dog-leg), then in the
fixed order N, NE, E, SE, S, SW, W, NW. Ocean (`w`) is impassable, rivers are fordable. If the
greedy step is ocean or off the map the mover slides: it takes the first open neighbour
turning clockwise from it, never straight back onto the tile it just left (so it keeps to one
hand along a shore and walks round a lake); back only from a dead end.
"""

from __future__ import annotations

from typing import Protocol

from ..mapgen import OCEAN
from ..orders import chebyshev
from ..state import TribesState


class Mover(Protocol):
    x: int
    y: int
    to_x: int
    to_y: int
    prev_x: int
    prev_y: int


class Traveller(Mover, Protocol):
    """A mover that gives up when it stops gaining (wagons, caravans): the nearest it has been
    to its goal (-1 before it moves) and the ticks since it last came nearer."""

    best: int
    stuck: int


STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
"""The 8 neighbours in the tie order: N, NE, E, SE, S, SW, W, NW (y grows southward)."""


def next_tile(state: TribesState, wagon: Mover) -> tuple[int, int]:
    """Where a mover steps this tick (see the module): the greedy step, else the first open
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


def travel(state: TribesState, traveller: Traveller) -> int:
    """Step the traveller one tile (`next_tile`), keep its best distance and stuck count; its
    distance (Chebyshev) to the goal now."""
    x, y = next_tile(state, traveller)
    if (x, y) != (traveller.x, traveller.y):
        traveller.prev_x, traveller.prev_y = traveller.x, traveller.y
        traveller.x, traveller.y = x, y
    distance = chebyshev(x, y, traveller.to_x, traveller.to_y)
    if traveller.best < 0 or distance < traveller.best:
        traveller.best, traveller.stuck = distance, 0
    else:
        traveller.stuck += 1
    return distance
