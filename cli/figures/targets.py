"""Speed targets: a figure a `privateer bench` prints, the bound the project set for it, and
whether it is met (and by how much it misses). `privateer bench targets` runs the benches and
prints them; the speed page sets them beside the benches' own tables. A bound is the issue's
number, never the figure measured: a miss stays a miss until the code meets it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from privateer.cli.figures.rows import Command, Rows, pick, read


@dataclass(frozen=True)
class Target:
    """One bound: `ours` reads the figure off the rows `command` printed; it must be at most
    `bound` (`most`) or at least it. `unit` follows a number ("s", "/s", "x"); a `share` is
    shown as a percentage."""

    words: str
    command: Command
    ours: Callable[[Rows], float]
    bound: float
    most: bool
    unit: str = ""
    share: bool = False

    def met(self, value: float) -> bool:
        return value <= self.bound if self.most else value >= self.bound

    def show(self, value: float) -> str:
        if self.share:
            return f"{value:+.1%}" if self.most else f"{value:.1%}"
        if abs(value) >= 100:
            return f"{value:,.0f}{self.unit}"
        return f"{value:,.4g}{self.unit}"  # four places: 1.798x is not the 1.8x it misses

    def wanted(self) -> str:
        return f"{'<=' if self.most else '>='} {self.show(self.bound)}"

    def verdict(self, value: float) -> str:
        """`met`, or how far off: a ratio for a rate or a time, points for a share."""
        if self.met(value):
            return "met"
        if self.share:
            return f"missed by {100 * abs(value - self.bound):.1f} points"
        if value <= 0 or self.bound <= 0:
            return "missed"
        ratio = value / self.bound if self.most else self.bound / value
        places = 2 if ratio >= 1.01 else 3  # a near miss is never shown as 1.00x
        return f"missed: {ratio:.{places}f}x from it"

    def row(self, rows: Rows) -> dict[str, Any]:
        value = self.ours(rows)
        return {
            "figure": self.words,
            "ours": value,
            "shown": self.show(value),
            "target": self.wanted(),
            "met": self.met(value),
            "verdict": self.verdict(value),
            "command": "privateer " + " ".join(self.command),
        }


@dataclass(frozen=True)
class TargetTable:
    heading: str
    about: str
    targets: tuple[Target, ...]


def key(column: str) -> Callable[[Rows], float]:
    """The first row's `column` (a dotted key reads into nested objects)."""
    return lambda rows: float(read(rows[0], column))


def at(rows_at: str, column: str, **where: Any) -> Callable[[Rows], float]:
    """`column` of the one row of the list at `rows_at` whose keys match `where`."""
    return lambda rows: pick(list(rows[0][rows_at]), column, **where)


def target_rows(table: TargetTable, printed: dict[Command, Rows]) -> list[dict[str, Any]]:
    return [target.row(printed[target.command]) for target in table.targets]


def commands(table: TargetTable) -> Sequence[Command]:
    return list(dict.fromkeys(target.command for target in table.targets))
