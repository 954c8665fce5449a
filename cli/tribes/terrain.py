"""A Tribes map's characters as a person reads them: the seed's terrain characters named, each
tribe's founding site or settlement drawn as its tribe's number, and the key printed under a
grid. A tribe's number is its id from 0, the number the orders take (`T:ORDER`, `stance T`,
`offer ... to T`), so `tribes map`, `tribes run`, `tribes view --tribe` and the chart's key all
say the same tribe the same way."""

from __future__ import annotations

from collections.abc import Iterable

TERRAIN_NAMES = {
    ".": "plains",
    "f": "forest",
    "h": "hills",
    "m": "mountain",
    "w": "ocean",
    "r": "river",
    "s": "swamp",
    "t": "steppe",
    "a": "arctic",
    "v": "volcano",
    "O": "ore vein",
    "G": "gold vein",
}
"""The seed's terrain characters (mapgen.py), named as its text names them."""
UNEXPLORED = "?"
KEY_WIDTH = 96  # a key line's width, in characters


def tribe_numbers(tribes: int) -> str:
    """The tribes' numbers as a range: `0-3` (or `0` for one)."""
    return "0" if tribes <= 1 else f"0-{tribes - 1}"


def with_tribes(rows: Iterable[str], places: Iterable[tuple[int, int, int]]) -> list[str]:
    """The grid with each (x, y, tribe) drawn as its tribe's number (the seed allows 8 tribes,
    so one digit)."""
    grid = [list(row) for row in rows]
    for x, y, tribe in places:
        if 0 <= y < len(grid) and 0 <= x < len(grid[y]):
            grid[y][x] = str(tribe)
    return ["".join(row) for row in grid]


def key_lines(rows: Iterable[str], tribes: Iterable[int], what: str) -> list[str]:
    """The key to a grid: each terrain character in it named (in the seed's order), `?` if any
    tile is unexplored, and the tribes' numbers drawn on it as `what` (a settlement, a
    founding site)."""
    seen = set("".join(rows))
    parts = [f"{c} {name}" for c, name in TERRAIN_NAMES.items() if c in seen]
    if UNEXPLORED in seen:
        parts.append(f"{UNEXPLORED} unexplored")
    numbers = sorted(set(tribes))
    if numbers:
        contiguous = numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 2
        shown = f"{numbers[0]}-{numbers[-1]}" if contiguous else ",".join(map(str, numbers))
        parts.append(f"{shown}: {what} of that tribe (its number, as --tribe and T:ORDER take)")
    lines: list[str] = []
    line, empty = "key:", True
    for part in parts:  # a part is never split across lines
        if not empty and len(line) + 3 + len(part) > KEY_WIDTH:
            lines.append(line)
            line, empty = "    ", True
        line += ("  " if empty else "   ") + part
        empty = False
    return [*lines, line]
