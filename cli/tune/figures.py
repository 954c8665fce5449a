"""The figures `privateer tune` can be asked to land, by their short names: known without
importing the engine, so the command's help costs nothing at start-up."""

from __future__ import annotations

FIGURES: dict[str, tuple[str, str, bool]] = {
    # name: (the point's figure, what it is, whether it is a share of the runs)
    "won": ("won_rate", "the share of runs won", True),
    "sunk": ("sunk", "the share of runs sunk", True),
    "alive": ("alive_at_end", "the share still at sea on the last day", True),
    "act3": ("act3", "the share that reached the third letter of marque", True),
    "home": ("mean_day_home", "the mean day the winners came home", False),
    "day_sunk": ("mean_day_sunk", "the mean day the sunk went down", False),
    "raids": ("raids_per_run", "raids a run", False),
    "prizes": ("prizes_per_run", "prizes a run", False),
    "storms": ("storms_per_run", "storms a run", False),
}
SUNK_BY = "sunk_by."  # sunk_by.CAUSE: the share of runs that CAUSE sank
MISSING = 1.0  # a figure a point has none of (no winner came home): an interval's width off


def figure_names() -> str:
    return ", ".join([*FIGURES, f"{SUNK_BY}CAUSE"])
