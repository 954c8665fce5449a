"""What both styles of the chart share: the data it reads, the shapes of what it is handed
(wakes, ships, a flow), the land as Natural Earth gives it, and lines cut where they cross
the antimeridian. Both styles and the run pictures read these names; none reaches into
another module's private ones."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import shapely

from ..errors import WorldBuildError
from ..params import Box

WORLD_BOX = Box(-180.0, -62.0, 180.0, 72.0)
FORMATS = (".svg", ".png")
STYLES = ("woodcut", "plain")

Track = tuple[str, list[float], list[float]]
"""A ship's wake: her flag's nation key, and her positions day by day."""
ShipMark = tuple[str, float, float, bool]
"""A ship where she is: her flag's nation key, lon, lat, and whether she is a warship."""


@dataclass(frozen=True)
class Flow:
    kind: str  # current | wind
    season: int = 0

    @classmethod
    def parse(cls, text: str) -> Flow:
        """'current' or 'wind:SEASON' (0 spring, 1 summer, 2 autumn, 3 winter)."""
        if text == "current":
            return cls("current")
        if text.startswith("wind:") and text[5:] in ("0", "1", "2", "3"):
            return cls("wind", int(text[5:]))
        raise WorldBuildError(f"--flow {text!r}: use current or wind:0..3")


@dataclass(frozen=True, slots=True)
class ChartData:
    """What the chart reads from the database (`steps` only for the plain style, which draws
    the day graph)."""

    source: str
    nodes: pd.DataFrame
    ports: pd.DataFrame
    waters: pd.DataFrame
    seas: pd.DataFrame
    arrows: pd.DataFrame
    route: pd.DataFrame | None
    steps: pd.DataFrame | None = None

    def node_xy(self) -> np.ndarray:
        """Each node's (lon, lat), indexed by node id: where a run's marks are placed."""
        xy: np.ndarray = self.nodes.set_index("node_id")[["lon", "lat"]].to_numpy()
        return xy

    def flag_colours(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Each nation's field and border colours, as its ports fly them."""
        ports = self.ports
        colours = dict(zip(ports.nation, ports.field, strict=False))
        borders = dict(zip(ports.nation, ports.border, strict=False))
        return colours, borders


def land_parts(source: str | None, box: Box) -> list[shapely.Geometry]:
    """The land round `box` from the world's source (or the default one where that file is
    gone), simplified to about a two-thousandth of the box's width."""
    from ..land import Land
    from ..source import default_source, read_source

    path = Path(source) if source and Path(source).exists() else default_source()
    land = Land.from_polygons(read_source(path, box, margin_deg=1.0).polygons)
    tolerance = max(0.01, (box.east - box.west) / 2000.0)
    return list(shapely.simplify(land.parts, tolerance, preserve_topology=True))


def break_at_antimeridian(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A polyline with a gap (NaN) wherever it jumps across ±180, so it is not drawn the long
    way round the chart."""
    jumps = np.flatnonzero(np.abs(np.diff(x)) > 180.0) + 1
    return np.insert(x, jumps, np.nan), np.insert(y, jumps, np.nan)


def wake_pieces(tracks: list[Track]) -> Iterator[tuple[str, np.ndarray]]:
    """Each wake's unbroken pieces of two points or more (a wake breaks at the antimeridian
    and where she was laid up), with her flag's nation key."""
    for nation, lons, lats in tracks:
        x, y = break_at_antimeridian(np.asarray(lons, float), np.asarray(lats, float))
        for piece in np.split(np.column_stack([x, y]), np.flatnonzero(np.isnan(x))):
            piece = piece[~np.isnan(piece[:, 0])]
            if len(piece) > 1:
                yield nation, piece


def ships_in_box(ships: list[ShipMark] | None, box: Box) -> list[ShipMark]:
    return [
        s for s in ships or [] if box.west <= s[1] <= box.east and box.south <= s[2] <= box.north
    ]


@contextmanager
def layer_group(ax: Any, gid: str, *, zorder: float) -> Iterator[None]:
    """What is drawn on `ax` inside the block, at `zorder` (the layer's), as one SVG group
    with the id `gid` round the groups of its own (a page toggles the layer by it): a mark
    that opens the group before them and one that closes it after, at the same zorder (the
    axes draw ties in the order added). Nothing is drawn by the marks: a PNG is unchanged."""
    mark = _group_mark()
    ax.add_artist(mark(gid, opens=True, zorder=zorder))
    yield
    ax.add_artist(mark(gid, opens=False, zorder=zorder))


@cache
def _group_mark() -> type[Any]:
    """The mark's class, made when first drawn (matplotlib is imported only by a drawing)."""
    from matplotlib.artist import Artist

    class GroupMark(Artist):
        """Opens or closes an SVG group when drawn (renderers without groups ignore both)."""

        def __init__(self, gid: str, *, opens: bool, zorder: float) -> None:
            super().__init__()
            self.set_gid(gid)
            self.set_zorder(zorder)
            self.opens = opens

        def draw(self, renderer: Any) -> None:
            gid = str(self.get_gid())
            if self.opens:
                renderer.open_group(gid, gid=gid)
            else:
                renderer.close_group(gid)

    return GroupMark
