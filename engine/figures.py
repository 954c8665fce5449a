"""What a mode's row in `runs` holds beyond its outcome, so a list of runs shows a figure only
where the mode has one, and says what it is: a fight's score is the gold it paid and its
length in rounds, a voyage's her gold and her days, a duel's who won. Each mode declares its
`RunFigures` in its `Mode` (engine/<mode>/mode.py); `LOGGED` is the same declarations by the
`runs.mode` values they log under, as plain data, for `privateer runs list`, which must start
without importing the modes (their rules import scipy); a test keeps the two equal.

>>> LOGGED["duel"].score_words(-1), LOGGED["sim"].length_words(7, 0)
('Red lost', '7 rounds')
>>> LOGGED["sim"].shown({"score": 9, "rounds": 7, "days": 0})
{'score': 9, 'rounds': 7, 'days': None}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RunFigures:
    """`unit`: the score is a quantity of it ("gold", "points"); `results`: the score is a
    result, its sign read as these words (below 0, 0, above 0); neither: the mode keeps no
    score. `rounds`: what the rounds column counts ("rounds", "turns", "ticks"), None if
    nothing; `days`: whether the days column is the run's days."""

    unit: str | None = None
    results: tuple[str, str, str] | None = None
    rounds: str | None = None
    days: bool = False

    def score_words(self, score: int | None) -> str | None:
        """The score as the mode means it, or None where it keeps none."""
        if score is None:
            return None
        if self.results is not None:
            return self.results[(score > 0) - (score < 0) + 1]
        return None if self.unit is None else f"{score} {self.unit}"

    def length_words(self, rounds: int | None, days: int | None) -> str | None:
        """How long the run went, in the mode's own count, or None."""
        if self.days and days is not None:
            return f"{days} day{'' if days == 1 else 's'}"
        if self.rounds is not None and rounds is not None:
            return f"{rounds} {self.rounds[:-1] if rounds == 1 else self.rounds}"
        return None

    def shown(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """A run's score, rounds and days, None where the mode has no such figure."""
        keeps_score = self.unit is not None or self.results is not None
        return {
            "score": row.get("score") if keeps_score else None,
            "rounds": row.get("rounds") if self.rounds is not None else None,
            "days": row.get("days") if self.days else None,
        }


UNKNOWN = RunFigures()  # a mode this privateer does not know: no figure is read as anything

# The registry's declarations (each `Mode.figures`, engine/<mode>/mode.py) by `runs.mode`.
LOGGED: Mapping[str, RunFigures] = {
    "fight": RunFigures(unit="gold", rounds="rounds"),
    "sim": RunFigures(unit="gold", rounds="rounds"),
    "world": RunFigures(days=True),
    "voyage": RunFigures(unit="gold", days=True),
    "duel": RunFigures(results=("Red lost", "nobody won", "Red won"), rounds="rounds"),
    "tabletop": RunFigures(results=("lost", "nobody won", "won"), rounds="turns"),
    "tribes": RunFigures(unit="points", rounds="ticks"),
}


def figures_of(run_mode: str) -> RunFigures:
    """The figures a `runs.mode` value's rows hold (none read, for a mode unknown here)."""
    return LOGGED.get(run_mode, UNKNOWN)
