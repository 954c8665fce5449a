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
    layer_group,
    ships_in_box,
    wake_pieces,
)
from .placing import Measure
from .run_layers import draw_runs
from .runs import SeenPicture, VoyagePicture, WherePicture
from .woodcut_frame import engrave_frame
from .woodcut_plan import Label, Plan, half_px, plan_woodcut, port_glyph_points

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
        fig, drawn = woodcut_figure(
            data, box, scale, flow, tracks, ships, (voyage, where, seen), progress
        )
        progress(f"writing {out.name}")
        fig.savefig(out, dpi=DPI, format=out.suffix.lower()[1:], facecolor=wc.PARCHMENT)
    return drawn


def woodcut_figure(
    data: ChartData,
    box: Box,
    scale: float,
    flow: Flow | None,
    tracks: list[Track] | None,
    ships: list[ShipMark] | None,
    runs: tuple[VoyagePicture | None, WherePicture | None, SeenPicture | None],
    progress: wc.Progress,
    *,
    land: shapely.Geometry | None = None,
) -> tuple[Any, dict[str, int]]:
    """The woodcut as a matplotlib figure (drawn in the rc context in force), and what was
    drawn, by kind: everything written on it placed first (`woodcut_plan`), then drawn.
    `land` is the chart's land (`woodcut.chart_land`) when it was read already."""
    voyage, where, seen = runs
    base = wc.Frame(box, scale)
    drawn: dict[str, int] = {}
    progress("reading the coast")
    if land is None:
        land = wc.chart_land(land_parts(data.source, box), base)
    progress("water-lining the coast")
    rings = wc.water_lines(land, base)
    offshore = shapely.buffer(land, wc.WATER_LINES * wc.WATER_LINE_PX / scale, quad_segs=2)
    progress("hatching the land")
    strokes = wc.hatching(land, base)
    thinned = wc.flow_arrows(data.arrows, land, base) if flow is not None else None
    flow_days = thinned.days if thinned is not None and thinned.shafts else 0
    ships = ships_in_box(ships, box)
    xy = data.node_xy()
    progress("placing the ports and lettering the seas")
    plan = plan_woodcut(
        base,
        land,
        ports=data.ports,
        seas=data.seas,
        xy=xy,
        voyage=voyage,
        where=where,
        ships=ships,
        titles=_title(box, voyage, where, seen),
        flow=flow,
        flow_days=flow_days,
        measure=Measure(DPI),
    )
    frame = wc.Frame(box, scale, plan.key_px)
    fig, ax = _figure(frame)

    progress("washing the protected waters")
    with layer_group(ax, "waters", zorder=1):
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
    if flow is not None and thinned is not None and thinned.shafts:
        progress("drawing the flow")
        with layer_group(ax, "flows", zorder=4):
            drawn.update(_flow(ax, thinned, flow, frame))
    if data.route is not None and len(data.route):
        drawn["drake"] = _drake(ax, data.route)
    colours, borders = data.flag_colours()
    if tracks:
        drawn["tracks"] = _tracks(ax, tracks, colours, borders, box)

    drawn.update(_ports(ax, data.ports, plan, frame))
    if ships:
        drawn["ships"] = _ships(ax, ships, colours, borders)
    drawn["seas"] = _seas(_seas_axes(fig, frame), plan, frame)
    drawn.update(draw_runs(ax, fig, xy, voyage=voyage, where=where, seen=seen, titled=False))
    drawn.update(_run_words(ax, plan, frame))

    progress("engraving the frame and the key")
    drawn["key"] = engrave_frame(fig, frame, _title(box, voyage, where, seen), plan)
    return fig, drawn


def woodcut_web(
    data: ChartData, box: Box, scale: float, flows: dict[Flow, pd.DataFrame]
) -> tuple[bytes, dict[Flow, bytes]]:
    """The woodcut as SVG with no flow drawn, and for each flow (its arrows' rows) an SVG of
    its arrows alone, the group `flows`, on the same map: a page lays that group over the
    chart's, the two sharing the map's top-left corner (svg_point) whatever the key's band
    under it. The coast is read and water-lined once for them all."""
    import matplotlib

    with matplotlib.rc_context(
        {"svg.fonttype": "none", "font.family": "serif", "svg.hashsalt": "privateer"}
    ):
        base = wc.Frame(box, scale)
        land = wc.chart_land(land_parts(data.source, box), base)
        fig, _ = woodcut_figure(
            data, box, scale, None, None, None, (None, None, None), lambda _: None, land=land
        )
        chart = _svg(fig)
        layers: dict[Flow, bytes] = {}
        for flow, arrows in flows.items():
            thinned = wc.flow_arrows(arrows, land, base)
            fig, ax = _figure(base)
            with layer_group(ax, "flows", zorder=4):
                if thinned.shafts:
                    _flow(ax, thinned, flow, base)
            layers[flow] = _svg(fig)
    return chart, layers


def svg_point(box: Box, scale: float, lon: Any, lat: Any) -> tuple[Any, Any]:
    """Where (lon, lat) (numbers or arrays) falls in the woodcut's SVG drawn of `box` at
    `scale`: in its viewBox's units (points, 72 an inch at DPI pixels an inch), from its
    top-left corner."""
    pt = 72.0 / DPI
    return (
        (wc.BORDER_PX + (lon - box.west) * scale) * pt,
        (wc.BORDER_PX + (box.north - lat) * scale) * pt,
    )


def _svg(fig: Any) -> bytes:
    import io

    buffer = io.BytesIO()
    fig.savefig(buffer, dpi=DPI, format="svg", facecolor=wc.PARCHMENT, metadata={"Date": None})
    return buffer.getvalue()


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
    """The land, each piece with its lakes and inland seas (the Caspian) cut out and their
    shores inked like any coast."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import PathPatch
    from matplotlib.path import Path as MPath

    in_box = shapely.clip_by_rect(land, box.west, box.south, box.east, box.north)
    polygons = [p for p in shapely.get_parts(in_box) if p.geom_type == "Polygon"]
    land_patches = [
        PathPatch(
            MPath.make_compound_path(
                *(
                    MPath(np.asarray(ring.coords), closed=True)
                    for ring in (p.exterior, *p.interiors)
                )
            )
        )
        for p in polygons
    ]
    land_layer = PatchCollection(
        land_patches, facecolor=wc.LAND_FILL, edgecolor=wc.INK, linewidths=0.8, zorder=2
    )
    land_layer.set_gid("land")
    ax.add_collection(land_layer)
    return len(land_patches)


def _flow(ax: Any, thinned: wc.FlowArrows, flow: Flow, frame: wc.Frame) -> dict[str, int]:
    """The flow's arrows (blue for the current, dashed grey for the wind), as thinned."""
    from matplotlib.collections import PolyCollection

    pixel = 1.0 / frame.scale
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
    return {"arrows": shafts, "arrows_dropped_at_coast": thinned.dropped_at_coast}


def _drake(ax: Any, route: pd.DataFrame) -> int:
    x, y = break_at_antimeridian(route.lon.to_numpy(float), route.lat.to_numpy(float))
    ax.plot(x, y, color="#8b1e1e", linewidth=1.0, linestyle=(0, (4, 2)), zorder=5)[0].set_gid(
        "drake"
    )
    return int(route.place.notna().sum())


def _tracks(
    ax: Any, tracks: list[Track], colours: dict[str, Any], borders: dict[str, Any], box: Box
) -> int:
    """The ships' wakes in their flags' colours, only what is in the box."""
    wakes, wake_colours = [], []
    for nation, piece in wake_pieces(tracks):
        for part in wc.lines_in_box(shapely.LineString(piece), box):
            wakes.append(part)
            wake_colours.append(
                wc.ink_of(colours.get(nation), borders.get(nation)) if nation else wc.INK
            )
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


def _ports(ax: Any, ports: pd.DataFrame, plan: Plan, frame: wc.Frame) -> dict[str, int]:
    """Each port as a woodcut, a tower or two houses in her nation's colours as they read on
    the parchment, ringed in ink; its name where the plan found room, else its number (with a
    leader where the number stands off), listed in the key."""
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
    colours = [wc.on_parchment(f, b) for f, b in zip(ports.field, ports.border, strict=True)]
    offsets = ports[["lon", "lat"]].to_numpy(float)
    size = port_glyph_points(frame.scale)
    for gid, face, edge, width in (
        ("ports-ink", ["none"], [wc.INK], 2.2),
        ("ports", [c[0] for c in colours], [c[1] for c in colours], 1.0),
    ):
        layer = PathCollection(
            paths,
            sizes=[size],
            offsets=offsets,
            offset_transform=ax.transData,
            facecolors=face,
            edgecolors=edge,
            linewidths=width,
            zorder=6,
        )
        layer.set_transform(IdentityTransform())  # the glyph in points, placed at its port
        layer.set_gid(gid)
        ax.add_collection(layer)
    for port in ports.itertuples():
        name = str(port.name)
        if name in plan.ports:
            _write(ax, plan.ports[name], frame, gid=f"port-{name}")
        elif name in plan.numbers:
            label = plan.numbers[name]
            _write(ax, label, frame, gid=f"port-{name}", weight="bold")
            if label.spot.far:
                _leader(ax, label, frame, half_px(size))
    return {"ports": len(ports), "port_names": len(plan.ports), "port_numbers": len(plan.numbers)}


def _write(
    ax: Any,
    label: Label,
    frame: wc.Frame,
    *,
    gid: str,
    colour: str = wc.INK,
    style: str = "normal",
    weight: str = "normal",
    zorder: float = 6,
) -> None:
    """A label where the plan put it, on a faint wash of parchment so the coast and the
    hatching under it do not break its letters (a box, not a stroked halo: a halo turns an
    SVG's words into outlines, and the words must stay text)."""
    spot = label.spot
    ax.text(
        frame.box.west + spot.x / frame.scale,
        frame.box.south + spot.y / frame.scale,
        label.text,
        fontsize=label.points,
        ha=spot.ha,
        va=spot.va,
        color=colour,
        style=style,
        fontweight=weight,
        zorder=zorder,
        gid=gid,
        bbox={"boxstyle": "square,pad=0.05", "fc": wc.PARCHMENT, "ec": "none", "alpha": 0.6},
    )


def _leader(ax: Any, label: Label, frame: wc.Frame, glyph_half: float) -> None:
    """A fine line from a port's glyph to its number standing off."""
    (x0, y0), r = label.anchor, label.spot.rect
    x1, y1 = min(max(x0, r[0]), r[2]), min(max(y0, r[1]), r[3])
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    start = glyph_half / length
    xs = [x0 + (x1 - x0) * start, x1]
    ys = [y0 + (y1 - y0) * start, y1]
    ax.plot(
        [frame.box.west + x / frame.scale for x in xs],
        [frame.box.south + y / frame.scale for y in ys],
        color=wc.INK,
        linewidth=0.4,
        zorder=5.9,
    )[0].set_gid("leader")


def _run_words(ax: Any, plan: Plan, frame: wc.Frame) -> dict[str, int]:
    """What a run chart writes on the map: her day marks' days and where captains fared."""
    from .run_layers import TRACK_INK

    for label in plan.days:
        _write(ax, label, frame, gid=f"day-{label.text[4:]}", colour=TRACK_INK, style="italic",
               zorder=8)  # fmt: skip
    for name, label in plan.counts:
        _write(ax, label, frame, gid=f"where-sea-{name}", colour="#5a1a1a", weight="bold",
               zorder=9)  # fmt: skip
    return {"day_labels": len(plan.days)} if plan.days else {}


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
        facecolors=[
            wc.on_parchment(colours.get(nation), borders.get(nation))[0]
            for nation, _, _, _ in ships
        ],
        edgecolors=[
            wc.on_parchment(colours.get(nation), borders.get(nation))[1]
            for nation, _, _, _ in ships
        ],
        linewidths=0.8,
        zorder=7,
    )
    layer.set_transform(IdentityTransform())
    layer.set_gid("ships")
    ax.add_collection(layer)
    return len(ships)


def _seas(ax: Any, plan: Plan, frame: wc.Frame) -> int:
    """The seas lettered as the charts of the time named them, in a serif italic, where the
    plan found them room."""
    for name, label in plan.seas:
        _write(ax, label, frame, gid=f"sea-{name}", colour=wc.SEA_INK, style="italic", zorder=4)
    return len(plan.seas)
