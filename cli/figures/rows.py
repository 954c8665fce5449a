"""What a page's commands print, and reading a figure off it: the rows (JSON objects) a
`privateer` command printed, a dotted column read into nested objects, the one row that
matches."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Command = tuple[str, ...]
Rows = list[dict[str, Any]]
Run = Callable[[Command], Rows]


def read(row: Mapping[str, Any], column: str) -> Any:
    """`row[column]`, a dotted column read into nested objects where the row has no such key
    (None where it is missing); a nested key may hold dots itself, as a dial's name does.

    >>> read({"setting": {"fight.monster_bounty": 12}}, "setting.fight.monster_bounty")
    12
    """
    if column in row:
        return row[column]
    parts = column.split(".")
    for cut in range(len(parts) - 1, 0, -1):  # the longest key first
        inner = row.get(".".join(parts[:cut]))
        if isinstance(inner, Mapping):
            found = read(inner, ".".join(parts[cut:]))
            if found is not None:
                return found
    return None


def pick(rows: Rows, column: str, **where: Any) -> float:
    """The one row's `column` whose keys match `where` (KeyError if none or several)."""
    found = [row for row in rows if all(row.get(k) == v for k, v in where.items())]
    if len(found) != 1:
        raise KeyError(f"{len(found)} rows match {where}")
    return float(read(found[0], column))
