"""A balance study drawn (`privateer sweep --plot`): each figure against the first dial, a panel
a figure, a line for each setting of the other dials, each figure's 95% interval as a band
round its line, every y axis from zero (a share from 0 to 100%), and a caption that says what
the bands are and which are missing; in the chart's serif lettering."""

from __future__ import annotations

import itertools
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

PANELS = (
    ("won_rate", "won", ("won_low", "won_high"), True),
    ("mean_day_home", "day home (winners)", ("mean_day_home_low", "mean_day_home_high"), False),
    ("raids_per_run", "raids a run", ("raids_per_run_low", "raids_per_run_high"), False),
    ("sunk", "sunk", ("sunk_low", "sunk_high"), True),
)
"""(figure, its label, its band's figures, a share) for each panel."""
INK = ("#2b2118", "#8c2d19", "#1f4e79", "#5a6b2f", "#7a4f9a", "#b5651d")
BANDS_SAY = (
    "Each band is the figure's 95% interval: for won and sunk, Wilson's for a share; for the "
    "day home and raids a run, the mean plus or minus Student's t times its standard error over "
    "the runs (the winners' runs for the day home). Every y axis starts at zero."
)
CAPTION_CHARS = 150  # a caption line's length


def caption(rows: Sequence[Mapping[str, Any]]) -> str:
    """What the bands are, and which figures have none, and why."""
    missing = [label for _, label, band, _ in PANELS if not _has_band(rows, band)]
    said = BANDS_SAY
    if missing:
        said += (
            f" No interval is stored for {', '.join(missing)}: the study was kept before they "
            "were (run it again to draw them)."
        )
    thin = [p for p in rows if p.get("mean_day_home") is not None
            and p.get("mean_day_home_low") is None]  # fmt: skip
    if thin and "day home (winners)" not in missing:
        said += " A point with fewer than two winners has no band for the day home."
    return said


def _has_band(rows: Sequence[Mapping[str, Any]], band: tuple[str, str]) -> bool:
    return any(band[0] in row and band[1] in row for row in rows)


def draw_dials(
    path: Path, rows: Sequence[Mapping[str, Any]], dials: Sequence[str], title: str
) -> None:
    """Write the study's curves to `path` (.png or .svg)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    first, others = dials[0], list(dials[1:])
    lines: dict[tuple[Any, ...], list[Mapping[str, Any]]] = {}
    for row in rows:
        lines.setdefault(tuple(row[d] for d in others), []).append(row)
    with matplotlib.rc_context({"svg.fonttype": "none", "font.family": "serif"}):
        fig, axes = plt.subplots(1, len(PANELS), figsize=(4.2 * len(PANELS), 4.3), sharex=True)
        for ax, (figure, label, band, share) in zip(axes, PANELS, strict=True):
            ax.set_gid(f"panel-{figure}")
            scale = 100.0 if share else 1.0
            for i, ((setting, points), ink) in enumerate(
                zip(lines.items(), itertools.cycle(INK), strict=False)
            ):
                points = sorted(points, key=lambda r: r[first])
                xs = [p[first] for p in points]
                ys = [_value(p.get(figure), scale) for p in points]
                name = ", ".join(f"{d} {v}" for d, v in zip(others, setting, strict=True))
                ax.plot(xs, ys, marker="o", color=ink, label=name or None)
                low = [_value(p.get(band[0]), scale) for p in points]
                high = [_value(p.get(band[1]), scale) for p in points]
                filled = ax.fill_between(xs, low, high, color=ink, alpha=0.18, linewidth=0)
                filled.set_gid(f"band-{figure}-{i}")
            values = sorted({r[first] for r in rows})
            if len(values) <= 12 and all(isinstance(v, int | float) for v in values):
                ax.set_xticks(values)  # the settings played, not a round scale between them
            if all(r.get(figure) is None for r in rows):
                ax.set_ylim(0, 1)  # nothing to draw: say so, with no scale to misread
                ax.set_yticks([0])
                ax.text(
                    0.5, 0.5, "none at any point", transform=ax.transAxes, ha="center",
                    va="center", fontstyle="italic", color=INK[0], gid=f"none-{figure}",
                )  # fmt: skip
            elif share:
                ax.set_ylim(0, 100)
            else:
                ax.set_ylim(bottom=0)  # from zero: a small difference drawn as small
            ax.set_title(label + (" (%)" if share else ""), fontstyle="italic")
            ax.set_xlabel(first)
            ax.grid(alpha=0.3)
        if others:
            axes[0].legend(fontsize="small", frameon=False)
        fig.suptitle(f"{first}: {title}", fontstyle="italic")
        words = "\n".join(textwrap.wrap(caption(rows), CAPTION_CHARS))
        fig.text(0.5, 0.02, words, ha="center", va="bottom", fontsize=8.5, fontstyle="italic",
                 gid="caption")  # fmt: skip
        fig.tight_layout(rect=(0, 0.11, 1, 1))
        fig.savefig(path, metadata={"Date": None} if path.suffix.lower() == ".svg" else None)
        plt.close(fig)


def _value(value: Any, scale: float) -> float:
    return float("nan") if value is None else float(value) * scale
