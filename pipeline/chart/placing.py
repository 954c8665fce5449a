"""Lettering that hides nothing: every label is measured as the renderer will draw it, tried at
the places round what it names, and kept only where it overlaps no mark, no other label and
no piece of the frame; greedy, the most important first. Everything here is in the map's
pixels (origin at the map's lower left, y up), so the plan is made before the figure is."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Rect = tuple[float, float, float, float]
"""left, bottom, right, top, in pixels."""
Candidate = tuple[float, float, str, str]
"""(dx px, dy px, ha, va): where a label may stand, from its anchor."""
GAP_PX = 1.5  # between a label and what it names, or its neighbours


def overlap(a: Rect, b: Rect, slack: float = 0.0) -> bool:
    """Whether two rectangles share more than `slack` pixels each way."""
    return (
        a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]
    )


def square(x: float, y: float, half: float) -> Rect:
    return (x - half, y - half, x + half, y + half)


def square_at(at: tuple[float, float], half: float) -> Rect:
    return square(at[0], at[1], half)


def around(half: float, rings: int = 1) -> list[Candidate]:
    """The eight places round a mark `half` pixels from its centre to its edge, east first
    (the convention of the charts), then as many rings farther out."""
    out: list[Candidate] = []
    for ring in range(rings):
        d = half + GAP_PX + ring * (half + 7.0)
        k = d * 0.72
        out += [
            (d, 0.0, "left", "center"),
            (-d, 0.0, "right", "center"),
            (0.0, d, "center", "bottom"),
            (0.0, -d, "center", "top"),
            (k, k, "left", "bottom"),
            (-k, k, "right", "bottom"),
            (k, -k, "left", "top"),
            (-k, -k, "right", "top"),
        ]
    return out


SPREAD: tuple[Candidate, ...] = (
    (0.0, 0.0, "center", "center"),
    (0.0, 14.0, "center", "bottom"),
    (0.0, -14.0, "center", "top"),
    (40.0, 0.0, "left", "center"),
    (-40.0, 0.0, "right", "center"),
    (0.0, 30.0, "center", "bottom"),
    (0.0, -30.0, "center", "top"),
)
"""Where a sea's name may stand round its label point."""


class Measure:
    """Text extents as matplotlib's renderer lays them out, in pixels at the chart's dpi,
    from a scratch figure (the fonts of the rc context in force)."""

    def __init__(self, dpi: float) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        self.figure = Figure(figsize=(2, 2), dpi=dpi)
        self.renderer = FigureCanvasAgg(self.figure).get_renderer()  # type: ignore[no-untyped-call]
        self.cache: dict[tuple[str, float, str, str], tuple[float, float]] = {}

    def size(
        self, text: str, points: float, style: str = "normal", weight: str = "normal"
    ) -> tuple[float, float]:
        key = (text, points, style, weight)
        if key not in self.cache:
            artist = self.figure.text(
                0, 0, text, fontsize=points, style=style, fontweight=weight, ha="left", va="bottom"
            )
            extent = artist.get_window_extent(renderer=self.renderer)
            artist.remove()
            self.cache[key] = (float(extent.width), float(extent.height))
        return self.cache[key]


@dataclass(frozen=True, slots=True)
class Spot:
    x: float  # the label's anchor, map pixels
    y: float
    ha: str
    va: str
    rect: Rect
    far: bool = False  # beyond the first ring: drawn with a leader to what it names


class Placer:
    """The chart's taken rectangles, and the greedy pass that fits labels between them."""

    def __init__(self, width: float, height: float, measure: Measure) -> None:
        self.width, self.height = width, height
        self.measure = measure
        self.taken: list[Rect] = []

    def block(self, rect: Rect) -> None:
        self.taken.append(rect)

    def free(self, rect: Rect) -> bool:
        inside = rect[0] >= 0 and rect[1] >= 0 and rect[2] <= self.width and rect[3] <= self.height
        return inside and not any(overlap(rect, other) for other in self.taken)

    def place(
        self,
        x: float,
        y: float,
        text: str,
        points: float,
        candidates: Sequence[Candidate],
        *,
        style: str = "normal",
        weight: str = "normal",
        near: int = 8,
    ) -> Spot | None:
        """The first of `candidates` round (x, y) where `text` fits; it is then taken. A spot
        past the first `near` candidates is `far`."""
        w, h = self.measure.size(text, points, style, weight)
        for i, (dx, dy, ha, va) in enumerate(candidates):
            left = x + dx - {"left": 0.0, "center": w / 2, "right": w}[ha]
            bottom = y + dy - {"bottom": 0.0, "center": h / 2, "top": h}[va]
            rect = (left, bottom, left + w, bottom + h)
            if self.free(rect):
                self.taken.append(rect)
                return Spot(x + dx, y + dy, ha, va, rect, far=i >= near)
        return None


def corner_rects(
    width: float, height: float, size: tuple[float, float], inset: float
) -> dict[str, Rect]:
    """A rectangle of `size` in each corner of the map, `inset` pixels in."""
    w, h = size
    return {
        "upper left": (inset, height - inset - h, inset + w, height - inset),
        "upper right": (width - inset - w, height - inset - h, width - inset, height - inset),
        "lower left": (inset, inset, inset + w, inset + h),
        "lower right": (width - inset - w, inset, width - inset, inset + h),
    }


def busyness(rect: Rect, points: Any, land_share: float) -> float:
    """How much a frame piece at `rect` would cover: each mark or track point under it counts
    far more than land (the frame may lie on land, never on what the chart is about)."""
    import numpy as np

    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    inside = (
        (pts[:, 0] >= rect[0] - 4)
        & (pts[:, 0] <= rect[2] + 4)
        & (pts[:, 1] >= rect[1] - 4)
        & (pts[:, 1] <= rect[3] + 4)
    )
    return float(inside.sum()) * 10.0 + land_share


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
