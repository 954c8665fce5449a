"""Drawing the woodcut (the shapes are `woodcut.py`'s, the frame round it `woodcut_frame.py`'s):
the map's layers in their order, each one function: the protected waters' wash, the rhumb
lines and their roses, the waves, the water lines, the land and its hatching, the flow,
Drake's route, the wakes, the ports, the ships, the seas, the run pictures. matplotlib writes
SVG (text kept as text, each layer a group with an id) and PNG alike."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import shapely

from ..params import Box
from . import woodcut as wc
from .common import (
    ChartData,
    Flow,
    ShipMark,
    Track,
    break_at_antimeridian,
    land_parts,
    ships_in_box,
    wake_pieces,
)
from .run_layers import draw_runs
from .runs import SeenPicture, VoyagePicture, WherePicture
from .woodcut_frame import engrave_frame

WORLD_WIDTH = 359.0  # a box at least this wide is the whole world
DPI = 100
WOODCUT_STAGES = 9  # the stages `progress` hears of, at most (the flow's only with a flow)


def draw_woodcut(
    data: ChartData,
    out: Path,
    *,
    box: Box,
    scale: float,
    flow: Flow | None,
    tracks: list[Track] | None,
    ships: list[ShipMark] | None,
    voyage: VoyagePicture | None,
    where: WherePicture | None,
    seen: SeenPicture | None,
    progress: wc.Progress,
) -> dict[str, int]:
    """Draw the woodcut of `data` to `out` (SVG keeps its text as text, in a serif); returns
    what was drawn, by kind. `progress` hears each stage (WOODCUT_STAGES of them)."""
    import matplotlib

    with matplotlib.rc_context({"svg.fonttype": "none", "font.family": "serif"}):
        return _draw(data, out, box, scale, flow, tracks, ships, (voyage, where, seen), progress)


def _draw(
    data: ChartData,
    out: Path,
    box: Box,
    scale: float,
    flow: Flow | None,
    tracks: list[Track] | None,
    ships: list[ShipMark] | None,
    runs: tuple[VoyagePicture | None, WherePicture | None, SeenPicture | None],
    progress: wc.Progress,
) -> dict[str, int]:
    voyage, where, seen = runs
    frame = wc.Frame(box, scale)
    drawn: dict[str, int] = {}
    progress("reading the coast")
    land = wc.chart_land(land_parts(data.source, box), frame)
    progress("water-lining the coast")
    rings = wc.water_lines(land, frame)
    offshore = shapely.buffer(land, wc.WATER_LINES * wc.WATER_LINE_PX / scale, quad_segs=2)
    progress("hatching the land")
    strokes = wc.hatching(land, frame)
    fig, ax = _figure(frame)

    progress("washing the protected waters")
    washed = _waters(ax, data.waters, land, box)
    if washed:
        drawn["waters"] = washed
    progress("ruling the rhumb lines")
    drawn["rhumbs"] = _rhumbs(ax, land, frame)
    drawn["waves"] = _waves(ax, offshore, frame)
    drawn["water_lines"] = _water_lines(ax, rings)
    drawn["land"] = _land(ax, land, box)
    drawn["hatching"] = _lines(
        ax, "hatching", strokes, colors=wc.INK, linewidths=0.3, alpha=0.55, zorder=2.1
    )
    flow_days = 0
    if flow is not None and len(data.arrows):
        progress("drawing the flow")
        arrows, flow_days = _flow(ax, data.arrows, flow, land, frame)
        drawn.update(arrows)
    if data.route is not None and len(data.route):
        drawn["drake"] = _drake(ax, data.route)
    colours, borders = data.flag_colours()
    if tracks:
        drawn["tracks"] = _tracks(ax, tracks, colours, box)

    lettering = wc.Lettering(frame)
    progress("placing the ports and lettering the seas")
    drawn.update(_ports(ax, data.ports, lettering, scale))
    ships = ships_in_box(ships, box)
    if ships:
        drawn["ships"] = _ships(ax, ships, colours, borders)
    drawn["seas"] = _seas(_seas_axes(fig, frame), data.seas, lettering, scale)
    drawn.update(
        draw_runs(ax, fig, data.node_xy(), voyage=voyage, where=where, seen=seen, titled=False)
    )

    progress("engraving the frame and the key")
    heading, subtitle = _title(box, voyage, where, seen)
    drawn["key"] = engrave_frame(
        fig,
        frame,
        heading,
        subtitle,
        ports=data.ports,
        flow=flow,
        flow_days=flow_days,
        ships=bool(ships),
    )
    progress(f"writing {out.name}")
    fig.savefig(out, dpi=DPI, format=out.suffix.lower()[1:], facecolor=wc.PARCHMENT)
    return drawn


def _figure(frame: wc.Frame) -> tuple[Any, Any]:
    """The picture on parchment, and the map's axes in degrees inside the frame."""
    from matplotlib.figure import Figure  # not pyplot: no global figure, and a faster start
    from matplotlib.patches import Rectangle

    box = frame.box
    fig = Figure(figsize=(frame.figure_width / DPI, frame.figure_height / DPI), dpi=DPI)
    fig.patch.set_facecolor(wc.PARCHMENT)
    ax = fig.add_axes(frame.map_rect())
    ax.set_xlim(box.west, box.east)
    ax.set_ylim(box.south, box.north)
    ax.set_aspect("auto")
    ax.set_axis_off()
    ax.set_gid("chart")
    ax.add_patch(
        Rectangle(
            (box.west, box.south),
            box.east - box.west,
            box.north - box.south,
            facecolor=wc.PARCHMENT,
            edgecolor="none",
            zorder=0,
        )
    )
    return fig, ax


def _lines(ax: Any, gid: str, segments: list[np.ndarray], **style: Any) -> int:
    """`segments` as one group of lines with the id `gid`; returns how many."""
    from matplotlib.collections import LineCollection

    collection = LineCollection(segments, **style)
    collection.set_gid(gid)
    ax.add_collection(collection)
    return len(segments)


def _waters(ax: Any, waters: pd.DataFrame, land: shapely.Geometry, box: Box) -> int:
    """Protected waters: one shape a nation, the land cut out, a faint wash; returns how many
    nations' waters show in the box."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Polygon as Patch

    washed = 0
    for nation, group in waters.groupby("nation", sort=True):
        inside = group[
            group.lon.between(box.west - 3, box.east + 3)
            & group.lat.between(box.south - 3, box.north + 3)
        ]
        if inside.empty:
            continue
        wash = shapely.union_all(
            shapely.buffer(shapely.points(inside.lon, inside.lat), 1.2, quad_segs=4)
        )
        wash = shapely.difference(wash, land) if not land.is_empty else wash
        wash = shapely.clip_by_rect(wash, box.west, box.south, box.east, box.north)
        polygons = [
            p for p in shapely.get_parts(wash) if p.geom_type == "Polygon" and not p.is_empty
        ]
        if not polygons:
            continue
        patches = [Patch(np.asarray(p.exterior.coords), closed=True) for p in polygons]
        wash_layer = PatchCollection(
            patches,
            facecolor=group.field.iloc[0] or "#888888",
            edgecolor="none",
            alpha=0.16,
            zorder=1,
        )
        wash_layer.set_gid(f"waters-{nation}")
        ax.add_collection(wash_layer)
        washed += 1
    return washed


def _rhumbs(ax: Any, land: shapely.Geometry, frame: wc.Frame) -> int:
    """The rhumb lines fanning from a rose in each ocean in the box, and the roses."""
    from matplotlib.collections import PolyCollection

    centres = wc.rose_centres(land, frame)
    drawn = _lines(
        ax,
        "rhumbs",
        wc.rhumb_lines(centres, frame),
        colors=wc.SEA_INK,
        linewidths=0.35,
        alpha=0.45,
        zorder=1.5,
    )
    pixel = 1.0 / frame.scale
    roses = [tri for cx, cy in centres for tri in wc.star(cx, cy, 26 * pixel)]
    rose_layer = PolyCollection(
        roses,
        facecolors=[wc.INK if i % 2 else wc.PARCHMENT for i in range(len(roses))],
        edgecolors=wc.INK,
        linewidths=0.5,
        zorder=1.6,
    )
    rose_layer.set_gid("roses")
    ax.add_collection(rose_layer)
    return drawn


def _waves(ax: Any, offshore: shapely.Geometry, frame: wc.Frame) -> int:
    return _lines(
        ax,
        "waves",
        wc.wave_marks(offshore, frame),
        colors=wc.SEA_INK,
        linewidths=0.5,
        alpha=0.7,
        zorder=1.7,
    )


def _water_lines(ax: Any, rings: list[list[np.ndarray]]) -> int:
    """The coast's rings out to sea, each finer and fainter than the one inside it."""
    widths = np.linspace(0.7, 0.25, wc.WATER_LINES)
    alphas = np.linspace(0.85, 0.25, wc.WATER_LINES)
    water = [(seg, w, a) for ring, w, a in zip(rings, widths, alphas, strict=True) for seg in ring]
    return _lines(
        ax,
        "water-lines",
        [s for s, _, _ in water],
        colors=[(*_rgb(wc.SEA_INK), a) for _, _, a in water],
        linewidths=[w for _, w, _ in water],
        zorder=1.8,
    )


def _land(ax: Any, land: shapely.Geometry, box: Box) -> int:
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Polygon as Patch

    in_box = shapely.clip_by_rect(land, box.west, box.south, box.east, box.north)
    polygons = [p for p in shapely.get_parts(in_box) if p.geom_type == "Polygon"]
    land_patches = [Patch(np.asarray(p.exterior.coords), closed=True) for p in polygons]
    land_layer = PatchCollection(
        land_patches, facecolor=wc.LAND_FILL, edgecolor=wc.INK, linewidths=0.8, zorder=2
    )
    land_layer.set_gid("land")
    ax.add_collection(land_layer)
    return len(land_patches)


def _flow(
    ax: Any, arrows: pd.DataFrame, flow: Flow, land: shapely.Geometry, frame: wc.Frame
) -> tuple[dict[str, int], int]:
    """The flow's arrows (blue for the current, dashed grey for the wind): what was drawn,
    and how many days' drift an arrow is."""
    from matplotlib.collections import PolyCollection

    pixel = 1.0 / frame.scale
    thinned = wc.flow_arrows(arrows, land, frame)
    colour = wc.CURRENT_INK if flow.kind == "current" else wc.WIND_INK
    style = "solid" if flow.kind == "current" else (0, (3, 2))
    shafts = _lines(
        ax,
        f"flow-{flow.kind}",
        thinned.shafts,
        colors=colour,
        linewidths=0.8,
        linestyles=style,
        zorder=4,
    )
    heads = PolyCollection(
        wc.arrow_heads(thinned.shafts, 5 * pixel),
        facecolors=colour,
        edgecolors="none",
        zorder=4,
    )
    heads.set_gid(f"flow-{flow.kind}-heads")
    ax.add_collection(heads)
    return {"arrows": shafts, "arrows_dropped_at_coast": thinned.dropped_at_coast}, thinned.days


def _drake(ax: Any, route: pd.DataFrame) -> int:
    x, y = break_at_antimeridian(route.lon.to_numpy(float), route.lat.to_numpy(float))
    ax.plot(x, y, color="#8b1e1e", linewidth=1.0, linestyle=(0, (4, 2)), zorder=5)[0].set_gid(
        "drake"
    )
    return int(route.place.notna().sum())


def _tracks(ax: Any, tracks: list[Track], colours: dict[str, Any], box: Box) -> int:
    """The ships' wakes in their flags' colours, only what is in the box."""
    wakes, wake_colours = [], []
    for nation, piece in wake_pieces(tracks):
        for part in wc.lines_in_box(shapely.LineString(piece), box):
            wakes.append(part)
            wake_colours.append(colours.get(nation) or wc.INK)
    _lines(ax, "tracks", wakes, colors=wake_colours, linewidths=0.6, alpha=0.75, zorder=5)
    return len(tracks)


def _seas_axes(fig: Any, frame: wc.Frame) -> Any:
    """An axes of its own over the map for the seas' names (the SVG group `seas`)."""
    box = frame.box
    seas_ax = fig.add_axes(frame.map_rect(), facecolor="none")
    seas_ax.set_xlim(box.west, box.east)
    seas_ax.set_ylim(box.south, box.north)
    seas_ax.set_axis_off()
    seas_ax.set_gid("seas")
    seas_ax.set_zorder(1)
    return seas_ax


def _title(
    box: Box,
    voyage: VoyagePicture | None,
    where: WherePicture | None,
    seen: SeenPicture | None,
) -> tuple[str, str]:
    """The cartouche's heading and subtitle: the run picture's, or the box's."""
    if seen is not None:
        return "As She Saw It", seen.title
    if voyage is not None:
        return "The Voyage of a Privateer", voyage.title
    if where is not None:
        return "Where Captains Fare", where.title
    return wc.title_for(box, box.east - box.west >= WORLD_WIDTH)


def _rgb(colour: str) -> tuple[float, float, float]:
    from matplotlib.colors import to_rgb

    r, g, b = to_rgb(colour)
    return r, g, b


def _ports(ax: Any, ports: pd.DataFrame, lettering: wc.Lettering, scale: float) -> dict[str, int]:
    """Each port as a woodcut, a tower or two houses in her nation's field and border; its
    name beside it where there is room (the largest first: fortified ports)."""
    from matplotlib.collections import PathCollection
    from matplotlib.markers import MarkerStyle
    from matplotlib.transforms import IdentityTransform

    if ports.empty:
        return {"ports": 0, "port_names": 0}
    glyphs = {True: MarkerStyle(wc.tower_path()), False: MarkerStyle(wc.houses_path())}
    paths = [
        glyphs[bool(f)].get_path().transformed(glyphs[bool(f)].get_transform())
        for f in ports.fortified
    ]
    size = 90.0 if scale >= 12 else 55.0
    layer = PathCollection(
        paths,
        sizes=[size],
        offsets=ports[["lon", "lat"]].to_numpy(float),
        offset_transform=ax.transData,
        facecolors=[f or "#ffffff" for f in ports.field],
        edgecolors=[b or "#000000" for b in ports.border],
        linewidths=0.9,
        zorder=6,
    )
    layer.set_transform(IdentityTransform())  # the glyph in points, placed at its port
    layer.set_gid("ports")
    ax.add_collection(layer)
    half = math.sqrt(size) * 100.0 / 72.0 / 2
    for port in ports.itertuples():
        lettering.block(port.lon, port.lat, half)
    named = 0
    points = 7.0 if scale >= 12 else 5.5
    for port in ports.sort_values(["fortified", "name"], ascending=[False, True]).itertuples():
        spot = lettering.place(port.lon, port.lat, port.name, points, wc.BESIDE)
        label = ax.text(
            spot[0] if spot else port.lon,
            spot[1] if spot else port.lat,
            port.name,
            fontsize=points,
            ha=spot[2] if spot else "left",
            va=spot[3] if spot else "center",
            color=wc.INK,
            zorder=6,
            gid=f"port-{port.name}",
            visible=spot is not None,
        )
        named += label.get_visible()
    return {"ports": len(ports), "port_names": named}


def _ships(ax: Any, ships: list[ShipMark], colours: dict[str, Any], borders: dict[str, Any]) -> int:
    """Each ship as a hull and a sail in her flag's colours, a warship larger."""
    from matplotlib.collections import PathCollection
    from matplotlib.markers import MarkerStyle
    from matplotlib.transforms import IdentityTransform

    glyph = MarkerStyle(wc.ship_path())
    path = glyph.get_path().transformed(glyph.get_transform())
    layer = PathCollection(
        [path],
        sizes=[110.0 if warship else 60.0 for _, _, _, warship in ships],
        offsets=np.array([[lon, lat] for _, lon, lat, _ in ships], dtype=float).reshape(-1, 2),
        offset_transform=ax.transData,
        facecolors=[colours.get(nation) or "#ffffff" for nation, _, _, _ in ships],
        edgecolors=[borders.get(nation) or wc.INK for nation, _, _, _ in ships],
        linewidths=0.8,
        zorder=7,
    )
    layer.set_transform(IdentityTransform())
    layer.set_gid("ships")
    ax.add_collection(layer)
    return len(ships)


def _seas(ax: Any, seas: pd.DataFrame, lettering: wc.Lettering, scale: float) -> int:
    """The seas lettered as the charts of the time named them, in a serif italic, where they
    collide with no port and no other sea."""
    points = float(min(14.0, max(9.0, scale * 1.4)))
    placed = 0
    for sea in seas.itertuples():
        spot = lettering.place(sea.label_lon, sea.label_lat, sea.name, points, wc.AROUND)
        if spot is None:
            continue
        ax.text(
            spot[0],
            spot[1],
            sea.name,
            fontsize=points,
            style="italic",
            ha=spot[2],
            va=spot[3],
            color=wc.SEA_INK,
            zorder=4,
            gid=f"sea-{sea.name}",
        )
        placed += 1
    return placed
