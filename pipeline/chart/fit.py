"""The pictures of logged runs a chart is asked for, and the map's box and scale fitted to
them: a voyage's chart is boxed to her track, and `--where`'s to where it happened, unless a
box is given; a chart boxed to a run is drawn RUN_CHART_PX wide, and any other boxed chart at
least BOX_CHART_PX wide, unless a scale is given. What she saw on a day is the caller's to
add (`RunPictures.seen`, cli/chart_frames.py): nothing here replays a run."""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa

from ..params import Box
from .common import ShipMark
from .runs import RegionBoxes, SeenPicture, VoyagePicture, WherePicture, read_voyage, read_where

RUN_CHART_PX = 1600.0  # a run's chart, boxed to her track, is drawn this many pixels wide
BOX_CHART_PX = 1000.0  # a boxed chart is drawn this wide (at least 6 pixels a degree)
LEGIBLE_PX = 800.0  # the narrowest a boxed chart is drawn unless its scale is given


@dataclass(frozen=True, slots=True)
class RunPictures:
    """What a chart of logged runs draws, and the box and scale to draw it at (None: the
    chart's own); `seen` and `sighted` as the caller worked them out."""

    voyage: VoyagePicture | None = None
    seen: SeenPicture | None = None
    sighted: tuple[ShipMark, ...] = ()  # her ship and the ships in sight on the `seen` day
    where: WherePicture | None = None
    box: Box | None = None
    scale: float | None = None


def run_pictures(
    engine: sa.Engine,
    *,
    run: int | None,
    day: int | None,
    where: str | None,
    box: Box | None,
    scale: float | None,
    regions: RegionBoxes,
) -> RunPictures:
    """The voyage `run` (as far as `day`, the regions of her letters dashed: `regions`, every
    letter's), or where captains fared (`where`); a voyage's box fitted to her track, and
    where captains fared to its places, when no `box` is given; a boxed chart's scale fitted
    to its box when no `scale` is."""
    voyage = picture = None
    if run is not None:
        voyage = read_voyage(engine, run, day, regions=regions)
        if box is None:
            box, fitted = box_round(engine, voyage)
            scale = scale or fitted
    if where is not None:
        picture = read_where(engine, where)
        if box is None:
            box, fitted = box_round_nodes(engine, [node for node, _ in picture.by_node])
            scale = scale or fitted
    if box is not None and scale is None:
        scale = legible_scale(box)
    return RunPictures(voyage, None, (), picture, box, scale)


def box_round(engine: sa.Engine, voyage: VoyagePicture) -> tuple[Box, float]:
    """The box round her track (at least 24 by 16 degrees, 3 degrees to spare), and the scale
    that draws it RUN_CHART_PX wide."""
    return box_round_nodes(engine, [voyage.start, *voyage.track, *(m.node for m in voyage.marks)])


def box_round_nodes(engine: sa.Engine, nodes_wanted: list[int]) -> tuple[Box, float]:
    """The box round these nodes (at least 24 by 16 degrees, 3 degrees to spare), and the
    scale that draws it RUN_CHART_PX wide."""
    from privateer.db import world_read

    with engine.connect() as conn:
        nodes = world_read.nodes(conn).set_index("node_id")
    placed = nodes.loc[nodes_wanted]
    west, east = float(placed.lon.min()), float(placed.lon.max())
    south, north = float(placed.lat.min()), float(placed.lat.max())
    if east - west > 180.0:  # round the world, or across the antimeridian: the whole width
        west, east = -180.0, 180.0
    grow_x, grow_y = (
        max(0.0, 24.0 - (east - west)) / 2 + 3,
        max(0.0, 16.0 - (north - south)) / 2 + 3,
    )
    box = Box(
        max(-180.0, west - grow_x),
        max(-85.0, south - grow_y),
        min(180.0, east + grow_x),
        min(85.0, north + grow_y),
    )
    return box, fitted_scale(box)


def fitted_scale(box: Box) -> float:
    """The scale that draws `box` RUN_CHART_PX wide, between 6 and 60 pixels a degree."""
    return min(60.0, max(6.0, RUN_CHART_PX / (box.east - box.west)))


def legible_scale(box: Box) -> float:
    """The scale that draws a boxed chart BOX_CHART_PX wide, and never narrower than
    LEGIBLE_PX (a box too wide for that at the most pixels a degree is drawn at the most)."""
    from ..params import CHART_SCALE_MAX

    width = box.east - box.west
    return min(CHART_SCALE_MAX, max(6.0, BOX_CHART_PX / width, LEGIBLE_PX / width))
