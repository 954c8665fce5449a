"""Hex geometry for the duel: addresses on a rectangular board, the six facings, neighbours,
distance, and where one hex bears from a ship (bow, broadside, stern).

Pointy-top hexes in the "odd-r" offset layout: rows run top to bottom and odd rows sit half a
hex to the right. A hex is addressed (col, row) from the top left, both from 0, and shown to a
person as a column letter and a row number from 1 ("A1" is the top-left hex). Arithmetic runs
in axial coordinates (q, r), where each of the six neighbours is a fixed vector.

Facings are 0..5 clockwise on the screen from east: E, SE, SW, W, NW, NE.

>>> distance((0, 0), (3, 0))
3
>>> neighbour((5, 7), 0)
(6, 7)
>>> sector((5, 7), 0, (8, 7))
<Sector.BOW: 'bow'>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

Hex: TypeAlias = tuple[int, int]
"""(col, row) on the board, both from 0."""
Facing: TypeAlias = int
"""0..5, clockwise on the screen from east."""

FACING_NAMES = ("E", "SE", "SW", "W", "NW", "NE")
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
"""The axial (dq, dr) of one step in each facing (r grows downwards, so 1 = SE)."""
COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_ROWS = 99  # a hex is named by its column's letter and its row's number, A1 .. Z99


class Sector(Enum):
    """Where a hex bears from a ship, relative to her facing."""

    BOW = "bow"
    STARBOARD = "starboard"
    STERN = "stern"
    PORT = "port"


BROADSIDES = (Sector.STARBOARD, Sector.PORT)


def to_axial(cell: Hex) -> tuple[int, int]:
    """(col, row) to axial (q, r).

    >>> to_axial((5, 7))
    (2, 7)
    """
    col, row = cell
    return col - (row - (row & 1)) // 2, row


def to_offset(q: int, r: int) -> Hex:
    """Axial (q, r) back to (col, row).

    >>> to_offset(*to_axial((5, 7)))
    (5, 7)
    """
    return q + (r - (r & 1)) // 2, r


def turned(facing: Facing, steps: int) -> Facing:
    """The facing `steps` times 60 degrees clockwise (negative: counterclockwise).

    >>> turned(0, -1)
    5
    """
    return (facing + steps) % 6


def neighbour(cell: Hex, facing: Facing) -> Hex:
    """The hex one step from `cell` in direction `facing` (it may be off any board)."""
    q, r = to_axial(cell)
    dq, dr = DIRECTIONS[facing]
    return to_offset(q + dq, r + dr)


def axial_distance(dq: int, dr: int) -> int:
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes.

    >>> distance((5, 7), (18, 8))
    13
    """
    aq, ar = to_axial(a)
    bq, br = to_axial(b)
    return axial_distance(bq - aq, br - ar)


def relative_sector(dq: int, dr: int, facing: Facing) -> Sector:
    """The sector of the axial vector (dq, dr) for a ship facing `facing`.

    The vector is rotated so the ship faces east; then the bow is the open 60-degree wedge
    within 30 degrees of the keel line ahead (3|r| < 2q + r), the stern the same wedge astern,
    and everything else, including the two lines exactly 30 degrees off the keel, is
    broadside: starboard below the keel line (r > 0, the ship's right hand when she faces east
    on the screen), port above it.
    """
    if dq == 0 and dr == 0:
        raise ValueError("a hex has no bearing from itself")
    # rotate counterclockwise `facing` times, in cube coordinates (x, y, z) -> (-y, -z, -x)
    x, z = dq, dr
    y = -x - z
    for _ in range(facing % 6):
        x, y, z = -y, -z, -x
    ahead = 2 * x + z
    beam = 3 * abs(z)
    if beam < ahead:
        return Sector.BOW
    if beam < -ahead:
        return Sector.STERN
    return Sector.STARBOARD if z > 0 else Sector.PORT


def _rotations() -> tuple[npt.NDArray[np.int64], ...]:
    """By facing, the entries (a, b, c, d) of the integer matrix that turns an axial vector
    (dq, dr) so that facing becomes east: relative_sector's cube rotation, one step being
    (x, z) -> (x + z, -x)."""
    a, b, c, d = [1], [0], [0], [1]
    for _ in range(5):
        a.append(a[-1] + c[-1])
        b.append(b[-1] + d[-1])
        c.append(-a[-2])
        d.append(-b[-2])
    return tuple(np.asarray(m, dtype=np.int64) for m in (a, b, c, d))


_ROTATIONS = _rotations()


def broadside_mask(
    dq: npt.NDArray[np.int64], dr: npt.NDArray[np.int64], facing: npt.NDArray[np.int64]
) -> npt.NDArray[np.bool_]:
    """relative_sector(dq, dr, facing) in BROADSIDES, for many vectors at once.

    >>> one = np.asarray([1, 0, -1])
    >>> broadside_mask(one, np.asarray([0, 1, 0]), np.zeros(3, dtype=np.int64)).tolist()
    [False, True, False]
    """
    a, b, c, d = _ROTATIONS
    x = a[facing] * dq + b[facing] * dr
    z = c[facing] * dq + d[facing] * dr
    result: npt.NDArray[np.bool_] = 3 * np.abs(z) >= np.abs(2 * x + z)
    return result


def sector(ship: Hex, facing: Facing, target: Hex) -> Sector:
    """Where `target` bears from a ship at `ship` facing `facing`.

    >>> sector((5, 7), 0, (5, 8)), sector((5, 7), 0, (4, 7))
    (<Sector.STARBOARD: 'starboard'>, <Sector.STERN: 'stern'>)
    """
    sq, sr = to_axial(ship)
    tq, tr = to_axial(target)
    return relative_sector(tq - sq, tr - sr, facing)


def hex_name(cell: Hex) -> str:
    """How a person reads a hex: column letter, row from 1.

    >>> hex_name((0, 0)), hex_name((5, 7))
    ('A1', 'F8')
    """
    col, row = cell
    return f"{COLUMN_LETTERS[col]}{row + 1}"


@dataclass(frozen=True, slots=True)
class Board:
    """A rectangle of cols x rows hexes, with its neighbour table built once.

    Hexes are also numbered `index = row * cols + col`; `step[index * 6 + facing]` is the
    neighbour's index, or -1 off the board. The CPU captain searches with these.
    """

    cols: int
    rows: int
    step: tuple[int, ...]
    axial: tuple[tuple[int, int], ...]
    edge: tuple[int, ...]  # by index: edge_distance

    def on_board(self, cell: Hex) -> bool:
        col, row = cell
        return 0 <= col < self.cols and 0 <= row < self.rows

    def index(self, cell: Hex) -> int:
        return cell[1] * self.cols + cell[0]

    def cell(self, index: int) -> Hex:
        return index % self.cols, index // self.cols

    def edge_distance(self, cell: Hex) -> int:
        """Hexes between `cell` and the nearest edge row or column (0 on the edge)."""
        col, row = cell
        return min(col, row, self.cols - 1 - col, self.rows - 1 - row)

    def widest(self) -> int:
        """The greatest distance between two hexes of the board."""
        corners = [(0, 0), (self.cols - 1, 0), (0, self.rows - 1), (self.cols - 1, self.rows - 1)]
        return max(distance(a, b) for a in corners for b in corners)


@lru_cache(maxsize=8)
def board(cols: int, rows: int) -> Board:
    """The board of that size (cached: the tables are built once per size).

    >>> b = board(24, 16)
    >>> b.cell(b.step[b.index((5, 7)) * 6 + 0])
    (6, 7)
    >>> b.widest()
    31
    """
    if not (1 <= cols <= len(COLUMN_LETTERS) and 1 <= rows <= MAX_ROWS):
        raise ValueError(
            f"a board is 1..{len(COLUMN_LETTERS)} columns and 1..{MAX_ROWS} rows, not {cols}x{rows}"
        )
    step: list[int] = []
    axial: list[tuple[int, int]] = []
    edge: list[int] = []
    for row in range(rows):
        for col in range(cols):
            axial.append(to_axial((col, row)))
            edge.append(min(col, row, cols - 1 - col, rows - 1 - row))
            for facing in range(6):
                ncol, nrow = neighbour((col, row), facing)
                inside = 0 <= ncol < cols and 0 <= nrow < rows
                step.append(nrow * cols + ncol if inside else -1)
    return Board(cols, rows, tuple(step), tuple(axial), tuple(edge))
