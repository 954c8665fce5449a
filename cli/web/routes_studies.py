"""Balance studies (`privateer sweep`) in the browser: the stored studies listed, and a study's
dial charts in SVG: for each dial, each figure of the study (the panels `sweep --plot` draws:
won, the day home, raids, sunk, each with its 95% interval as a band) against the dial's value,
a line for each setting of the other dials, the y axis from zero in round steps and the points
inset from the axes so no tick's words touch a point; hovering a point, or focusing it, shows
its figures (static/study.js).

    GET /studies              the studies kept, newest first
    GET /studies/{sweep_id}   a study's dials
    GET /api/studies/{sweep_id}   its points and figures, as JSON
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from html import escape
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from privateer.cli.web.common import page, problem, settings

WIDTH, HEIGHT = 360, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 24, 40
INSET = 14  # the first and last settings stand this far in from the axes, clear of the ticks
TICK_GAP = 6  # between an axis and its ticks' words
POINT_R = 4
FONT_PX = 11  # the words' size (static/play.css, `.study svg text`): where the ticks go
Y_TICKS = 4  # about as many steps up the y axis
GRID_INK = "#d9cdb0"


@contextmanager
def _reading(request: Request) -> Iterator[Any]:
    """A read-only DuckDB connection for this request (the studies are read through
    db/sweeps.py on it), opened through the app's gate as a reader."""
    from privateer.db.connection import connect_waiting

    chosen = settings(request)
    with chosen.gate.reading():
        duck = connect_waiting(chosen.db_path, read_only=True)
        try:
            yield duck
        finally:
            duck.close()


def _study(request: Request, sweep_id: int) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    from privateer.db.sweeps import list_sweeps, sweep_exists, sweep_points

    with _reading(request) as duck:
        if not sweep_exists(duck, sweep_id):
            return None
        (study,) = [s for s in list_sweeps(duck) if s["sweep_id"] == sweep_id]
        points = sweep_points(duck, sweep_id)
    return study, points


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _scale(values: Sequence[Any]) -> tuple[list[Any], Any]:
    """The dial's values in order and where each stands on x (a number by its value, anything
    else evenly, in the study's order), `INSET` in from either end of the axis so no point sits
    on the y axis's ticks."""
    ordered = list(dict.fromkeys(values))
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in ordered)
    first, span = LEFT + INSET, WIDTH - RIGHT - INSET - (LEFT + INSET)
    if numeric:
        ordered.sort()
        low, high = float(ordered[0]), float(ordered[-1])
        if high == low:
            return ordered, lambda v: first + span / 2
        return ordered, lambda v: first + (float(v) - low) / (high - low) * span
    step = span / max(1, len(ordered) - 1)
    return ordered, lambda v: first + ordered.index(v) * step if len(ordered) > 1 else WIDTH / 2


def y_ticks(high: float, share: bool) -> list[float]:
    """The y axis's ticks from zero: a share to 100% by 25s, else round steps (1, 2, 2.5 or 5
    times a power of ten) to the first at or above `high`, so the top point stands below the
    top tick, not on a figure made of itself."""
    if share:
        return [0.0, 0.25, 0.5, 0.75, 1.0]
    if high <= 0:
        return [0.0, 1.0]
    raw = high / Y_TICKS
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    count = math.ceil(high / step - 1e-9)
    return [round(i * step, 10) for i in range(count + 1)]


def _tick_text(value: float, share: bool) -> str:
    return f"{100 * value:.0f}%" if share else f"{value:g}"


def panel_svg(
    rows: Sequence[Mapping[str, Any]], dial: str, others: Sequence[str], panel: tuple[Any, ...]
) -> str:
    """One figure against one dial as SVG: a line per setting of the other dials, the band of
    the figure's interval (if it has one), each point a circle carrying its figures."""
    from privateer.pipeline.chart.dials import INK

    figure, label, band, share = panel
    xs, x_of = _scale([r[dial] for r in rows])
    values = [r.get(figure) for r in rows] + [r.get(b) for r in rows for b in band or ()]
    numbers = [float(v) for v in values if isinstance(v, int | float)]
    ticks = y_ticks(max(numbers, default=0.0), share)
    high = ticks[-1]

    def y_of(v: float) -> float:
        return HEIGHT - BOTTOM - v / high * (HEIGHT - TOP - BOTTOM)

    parts = [
        f'<svg class="panel" data-figure="{figure}" data-dial="{escape(dial)}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        'xmlns="http://www.w3.org/2000/svg">',
        f'<text x="{LEFT}" y="14">{escape(label)}</text>',
        f'<line class="axis" x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" '
        f'y2="{HEIGHT - BOTTOM}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}"/>',
    ]
    below = HEIGHT - BOTTOM + POINT_R + TICK_GAP + FONT_PX  # a baseline clear of a point at 0
    for v in xs:
        parts.append(
            f'<text class="tick" x="{x_of(v):.1f}" y="{below}" text-anchor="middle">'
            f"{escape(_shown(v))}</text>"
        )
    for v in ticks if numbers else ticks[:1]:  # nothing drawn: no scale to misread
        y = y_of(v)
        parts.append(
            f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" '
            f'stroke="{GRID_INK}" stroke-width="0.5"/>'
            f'<text class="tick" x="{LEFT - TICK_GAP}" y="{y + FONT_PX * 0.35:.1f}" '
            f'text-anchor="end">{_tick_text(v, share)}</text>'
        )
    if not numbers:
        parts.append(
            f'<text class="none" x="{(LEFT + WIDTH - RIGHT) / 2}" y="{(TOP + HEIGHT - BOTTOM) / 2}"'
            ' text-anchor="middle" font-style="italic">none at any point</text>'
        )
    parts.append(
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 3}" text-anchor="middle">'
        f"{escape(dial)}</text>"
    )
    lines: dict[tuple[Any, ...], list[Mapping[str, Any]]] = {}
    for row in rows:
        lines.setdefault(tuple(row[d] for d in others), []).append(row)
    for (setting, points), ink in zip(lines.items(), itertools.cycle(INK), strict=False):
        points = sorted(points, key=lambda r: xs.index(r[dial]))
        named = " ".join(f"{d}={_shown(v)}" for d, v in zip(others, setting, strict=True))
        if band:
            lo, hi = band
            edge = [p for p in points if p.get(lo) is not None and p.get(hi) is not None]
            if edge:
                top = [f"{x_of(p[dial]):.1f},{y_of(p[hi]):.1f}" for p in edge]
                bottom = [f"{x_of(p[dial]):.1f},{y_of(p[lo]):.1f}" for p in reversed(edge)]
                parts.append(
                    f'<polygon class="band" style="fill: {ink}; opacity: 0.18" '
                    f'points="{" ".join(top + bottom)}"/>'
                )
        drawn = [p for p in points if isinstance(p.get(figure), int | float)]
        path = " ".join(f"{x_of(p[dial]):.1f},{y_of(p[figure]):.1f}" for p in drawn)
        if path:
            parts.append(
                f'<polyline class="series" stroke="{ink}" points="{path}" '
                f'data-setting="{escape(named)}"/>'
            )
        for p in drawn:
            tip = {
                "point": p.get("point"),
                dial: p[dial],
                **dict(zip(others, setting, strict=True)),
            }
            tip[figure] = p[figure]
            for b in band or ():
                tip[b] = p.get(b)
            tip["runs"] = p.get("runs")
            carried = escape(json.dumps(tip, default=str))
            parts.append(
                f'<circle class="point" cx="{x_of(p[dial]):.1f}" cy="{y_of(p[figure]):.1f}" '
                f'r="{POINT_R}" fill="{ink}" data-figures="{carried}"/>'
            )
    parts.append("</svg>")
    return "".join(parts)


def dial_charts(points: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """For each dial of the study, its panels as SVG."""
    from privateer.pipeline.chart.dials import PANELS

    if not points:
        return []
    dials = list(points[0]["setting"])
    rows = [{"point": p["point"], **p["setting"], **p["figures"]} for p in points]
    return [
        {
            "dial": dial,
            "settings": [_shown(v) for v in dict.fromkeys(r[dial] for r in rows)],
            "panels": [
                panel_svg(rows, dial, [d for d in dials if d != dial], panel) for panel in PANELS
            ],
        }
        for dial in dials
    ]


def studies_page(request: Request) -> Response:
    from privateer.db.sweeps import list_sweeps

    studies: list[dict[str, Any]] = []
    if settings(request).db_path.exists():
        with _reading(request) as duck:
            studies = list_sweeps(duck)
    return page(request, "studies.html", studies=studies)


def study_page(request: Request) -> Response:
    sweep_id = int(request.path_params["sweep_id"])
    found = _study(request, sweep_id)
    if found is None:
        return problem(request, 404, f"no study {sweep_id} (see `privateer sweep list`)")
    study, points = found
    from privateer.pipeline.chart.dials import caption

    rows = [p["figures"] for p in points]
    return page(
        request, "study.html", study=study, points=points, charts=dial_charts(points),
        caption=caption(rows) if rows else "",
    )  # fmt: skip


def study_json(request: Request) -> Response:
    sweep_id = int(request.path_params["sweep_id"])
    found = _study(request, sweep_id)
    if found is None:
        return problem(request, 404, f"no study {sweep_id} (see `privateer sweep list`)")
    study, points = found
    return JSONResponse(json.loads(json.dumps({"study": study, "points": points}, default=str)))


def routes() -> list[BaseRoute]:
    return [
        Route("/studies", studies_page),
        Route("/studies/{sweep_id:int}", study_page),
        Route("/api/studies/{sweep_id:int}", study_json),
    ]
