"""A balance study drawn (`privateer sweep --plot`): each figure against the first dial, a panel
a figure, a line for each setting of the other dials, the share won with its 95% interval as a
band; in the chart's serif lettering."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

PANELS = (
    ("won_rate", "won", ("won_low", "won_high"), True),
    ("mean_day_home", "day home (winners)", None, False),
    ("raids_per_run", "raids a run", None, False),
    ("sunk", "sunk", None, True),
)
"""(figure, its label, its band's figures, a share) for each panel."""
INK = ("#2b2118", "#8c2d19", "#1f4e79", "#5a6b2f", "#7a4f9a", "#b5651d")


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
        fig, axes = plt.subplots(1, len(PANELS), figsize=(4.2 * len(PANELS), 3.8))
        for ax, (figure, label, band, share) in zip(axes, PANELS, strict=True):
            for (setting, points), ink in zip(lines.items(), itertools.cycle(INK), strict=False):
                points = sorted(points, key=lambda r: r[first])
                xs = [p[first] for p in points]
                scale = 100.0 if share else 1.0
                ys = [_value(p[figure], scale) for p in points]
                name = ", ".join(f"{d} {v}" for d, v in zip(others, setting, strict=True))
                ax.plot(xs, ys, marker="o", color=ink, label=name or None)
                if band is not None:
                    low = [_value(p[band[0]], scale) for p in points]
                    high = [_value(p[band[1]], scale) for p in points]
                    ax.fill_between(xs, low, high, color=ink, alpha=0.18, linewidth=0)
            values = sorted({r[first] for r in rows})
            if len(values) <= 12 and all(isinstance(v, int | float) for v in values):
                ax.set_xticks(values)  # the settings played, not a round scale between them
            ax.set_title(label + (" (%)" if share else ""), fontstyle="italic")
            ax.set_xlabel(first)
            ax.grid(alpha=0.3)
        if others:
            axes[0].legend(fontsize="small", frameon=False)
        fig.suptitle(f"{first}: {title}", fontstyle="italic")
        fig.tight_layout()
        fig.savefig(path, metadata={"Date": None} if path.suffix.lower() == ".svg" else None)
        plt.close(fig)


def _value(value: Any, scale: float) -> float:
    return float("nan") if value is None else float(value) * scale
