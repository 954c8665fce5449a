"""The chart: the world as built, drawn as the woodcut of the seed (the default) or as a plain
map to check the build by eye, with optionally the flow of the sea, Drake's route, where the
world's ships went, and the pictures of logged runs. SVG keeps its text as text and gives each
port an id (`port-<name>`), so the file can be searched; PNG is for those who can't open SVG.

The rooms: `common.py` what both styles share; `read.py` what the chart reads of the world;
`plain.py` the plain style; `woodcut.py` the woodcut's shapes, `woodcut_draw.py` its map's
layers and `woodcut_frame.py` its border, rose, cartouche and key; `runs.py` the pictures of
logged runs and `run_layers.py` their drawing on either style; `fit.py` the box and scale
fitted to a run's picture. No module here imports another's private name, and none imports
this one. The pictures are drawn from what they are handed (the world's ships' wakes, what a
voyage saw on a day: cli/chart_frames.py works them out), never replaying a run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa

from ..errors import WorldBuildError
from ..params import CHART_SCALE_MAX, CHART_SCALE_MIN, Box
from .common import FORMATS, STYLES, WORLD_BOX, ChartData, Flow, ShipMark, Track
from .fit import RunPictures, run_pictures
from .plain import draw_plain
from .read import read_chart_data, read_flow
from .runs import (
    PLAYER_FLAG,
    WHERE,
    RegionBoxes,
    RumorRing,
    SeenPicture,
    VoyagePicture,
    WherePicture,
    read_voyage,
)
from .woodcut_draw import WOODCUT_STAGES, draw_woodcut, svg_point, woodcut_figure, woodcut_web

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "FORMATS",
    "PLAYER_FLAG",
    "STYLES",
    "WHERE",
    "WOODCUT_STAGES",
    "WORLD_BOX",
    "Flow",
    "RegionBoxes",
    "RumorRing",
    "RunPictures",
    "SeenPicture",
    "ShipMark",
    "Track",
    "VoyagePicture",
    "WebChart",
    "WebChartData",
    "WherePicture",
    "draw_chart",
    "draw_web_chart",
    "read_voyage",
    "read_web_chart",
    "run_pictures",
    "svg_point",
    "web_chart",
    "woodcut_chart_figure",
]


def draw_chart(
    engine: sa.Engine,
    out: Path,
    *,
    box: Box | None = None,
    scale: float = 6.0,
    flow: Flow | None = None,
    drake: bool = False,
    tracks: list[Track] | None = None,
    voyage: VoyagePicture | None = None,
    where: WherePicture | None = None,
    ships: list[ShipMark] | None = None,
    seen: SeenPicture | None = None,
    style: str = "plain",
    progress: Callable[[str], None] | None = None,
) -> dict[str, int]:
    """Draw the chart to `out` (.svg or .png); returns what was drawn, by kind. `tracks` are
    ships' wakes (nation, lons, lats), drawn in their flag's colour; `voyage` a logged
    voyage's track and marks; `where` how often captains fought, sank or raided where; `ships`
    ships where they are. `style` is "plain" (a map to check the build by eye) or "woodcut"
    (the engraved chart of the seed); `progress` hears each stage of a woodcut's drawing."""
    if style not in STYLES:
        raise WorldBuildError(f"--style {style!r}: one of {', '.join(STYLES)}")
    if out.suffix.lower() not in FORMATS:
        raise WorldBuildError(f"{out}: the chart is written as .svg or .png")
    if not CHART_SCALE_MIN <= scale <= CHART_SCALE_MAX:
        raise WorldBuildError(
            f"--scale {scale:g}: use {CHART_SCALE_MIN:g} to {CHART_SCALE_MAX:g} pixels per degree"
        )
    box = box or WORLD_BOX
    box.validate()
    runs = voyage is not None or where is not None
    data = read_chart_data(engine, box, plain=style == "plain", flow=flow, drake=drake, runs=runs)
    if style == "woodcut":
        return draw_woodcut(
            data,
            out,
            box=box,
            scale=scale,
            flow=flow,
            tracks=tracks,
            ships=ships,
            voyage=voyage,
            where=where,
            seen=seen,
            progress=progress or (lambda _: None),
        )
    return draw_plain(
        data,
        out,
        box=box,
        scale=scale,
        flow=flow,
        tracks=tracks,
        ships=ships,
        voyage=voyage,
        where=where,
        seen=seen,
    )


@dataclass(frozen=True, slots=True)
class WebChart:
    """The world's woodcut for a page: its SVG (no flow drawn; Drake's route in its group
    `drake`), each flow's arrows as an SVG of their own (keyed 'current', 'wind:0'..'wind:3'),
    and the box and scale it was drawn at (svg_point places a lon, lat on it)."""

    svg: bytes
    flows: dict[str, bytes]
    box: Box
    scale: float


WEB_FLOWS = ("current", "wind:0", "wind:1", "wind:2", "wind:3")


@dataclass(frozen=True, slots=True)
class WebChartData:
    """What the web chart reads of the database (read in a moment, then drawn with no
    connection held): the box and scale, the world's rows, and each flow's arrows."""

    box: Box
    scale: float
    data: ChartData
    flows: dict[Flow, pd.DataFrame]


def web_chart(engine: sa.Engine) -> WebChart:
    """The world's woodcut and its flows, for the browser: the whole world at 6 pixels a
    degree, or a world built in a box boxed round its sea and drawn legibly (cli/web keeps
    it by the world's content hash: it takes as long as `chart` of that box, once)."""
    return draw_web_chart(read_web_chart(engine))


def read_web_chart(engine: sa.Engine) -> WebChartData:
    """What `web_chart` draws, read from the database (a fraction of a second)."""
    box, scale = world_frame(engine)
    data = read_chart_data(engine, box, plain=False, flow=None, drake=True, runs=False)
    flows = {Flow.parse(name): read_flow(engine, Flow.parse(name)) for name in WEB_FLOWS}
    return WebChartData(box, scale, data, flows)


def draw_web_chart(read: WebChartData) -> WebChart:
    """The web chart drawn from what `read_web_chart` read (no database needed)."""
    svg, layers = woodcut_web(read.data, read.box, read.scale, read.flows)
    named = {name: layers[Flow.parse(name)] for name in WEB_FLOWS}
    return WebChart(svg, named, read.box, read.scale)


def world_frame(engine: sa.Engine) -> tuple[Box, float]:
    """The box round the world's nodes (2 degrees to spare; the whole world's box for a world
    that spans it) and its scale: 6 pixels a degree for the world, a boxed chart's else."""
    import math

    from privateer.db import world_read

    from .fit import legible_scale

    with engine.connect() as conn:
        bounds = world_read.node_bounds(conn)
    if bounds is None or bounds[2] - bounds[0] > 300.0:
        return WORLD_BOX, 6.0
    west, south, east, north = bounds
    box = Box(
        max(WORLD_BOX.west, math.floor(west) - 2.0),
        max(WORLD_BOX.south, math.floor(south) - 2.0),
        min(WORLD_BOX.east, math.ceil(east) + 2.0),
        min(WORLD_BOX.north, math.ceil(north) + 2.0),
    )
    return box, legible_scale(box)


def woodcut_chart_figure(
    engine: sa.Engine,
    *,
    box: Box | None = None,
    scale: float = 6.0,
    voyage: VoyagePicture | None = None,
    where: WherePicture | None = None,
) -> tuple[object, dict[str, int]]:
    """The woodcut as a matplotlib figure, not written: to measure what it draws where."""
    import matplotlib

    box = box or WORLD_BOX
    runs = voyage is not None or where is not None
    data = read_chart_data(engine, box, plain=False, flow=None, drake=False, runs=runs)
    with matplotlib.rc_context({"svg.fonttype": "none", "font.family": "serif"}):
        return woodcut_figure(
            data, box, scale, None, None, None, (voyage, where, None), lambda _: None
        )
