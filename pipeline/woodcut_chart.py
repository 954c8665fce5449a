"""Drawing the woodcut (the shapes are `woodcut.py`'s): the map's layers in their order, the
frame round it (graduated border, wind rose, title cartouche), and the key under it. matplotlib
writes SVG (text kept as text, each layer a group with an id) and PNG alike."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import shapely
from matplotlib.transforms import IdentityTransform

from . import woodcut as wc
from .params import Box
from .run_pictures import SeenPicture, VoyagePicture, WherePicture

WORLD_WIDTH = 359.0  # a box at least this wide is the whole world


@dataclass(frozen=True, slots=True)
class ChartData:
    """What the chart reads from the database."""

    source: str
    nodes: pd.DataFrame
    ports: pd.DataFrame
    waters: pd.DataFrame
    seas: pd.DataFrame
    arrows: pd.DataFrame
    route: pd.DataFrame | None


def draw_woodcut(data: ChartData, out: Path, **options: Any) -> dict[str, int]:
    """Draw the woodcut to `out` (SVG keeps its text as text, in a serif)."""
    import matplotlib

    with matplotlib.rc_context({"svg.fonttype": "none", "font.family": "serif"}):
        return _draw(data, out, **options)


def _draw(
    data: ChartData,
    out: Path,
    *,
    box: Box,
    scale: float,
    flow: Any,
    tracks: list[tuple[str, list[float], list[float]]] | None,
    ships: list[tuple[str, float, float, bool]] | None,
    voyage: VoyagePicture | None,
    where: WherePicture | None,
    seen: SeenPicture | None,
    progress: wc.Progress,
) -> dict[str, int]:
    from matplotlib.collections import LineCollection, PatchCollection, PolyCollection
    from matplotlib.patches import Polygon as Patch
    from matplotlib.patches import Rectangle

    from .chart import _break_at_antimeridian, _draw_seen, _draw_voyage, _draw_where, _land

    frame = wc.Frame(box, scale)
    drawn: dict[str, int] = {}
    progress("reading the coast")
    land = wc.chart_land(_land(data.source, box), frame)
    progress("water-lining the coast")
    rings = wc.water_lines(land, frame)
    offshore = shapely.buffer(land, wc.WATER_LINES * wc.WATER_LINE_PX / scale, quad_segs=2)
    progress("hatching the land")
    strokes = wc.hatching(land, frame)

    dpi = 100
    from matplotlib.figure import Figure  # not pyplot: no global figure, and a faster start

    fig = Figure(figsize=(frame.figure_width / dpi, frame.figure_height / dpi), dpi=dpi)
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
    pixel = 1.0 / scale

    def lines(gid: str, segments: list[np.ndarray], **style: Any) -> int:
        collection = LineCollection(segments, **style)
        collection.set_gid(gid)
        ax.add_collection(collection)
        return len(segments)

    # Protected waters: one shape a nation, the land cut out, a faint wash.
    progress("washing the protected waters")
    for nation, group in data.waters.groupby("nation", sort=True):
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
        drawn["waters"] = drawn.get("waters", 0) + 1

    progress("ruling the rhumb lines")
    centres = wc.rose_centres(land, frame)
    drawn["rhumbs"] = lines(
        "rhumbs",
        wc.rhumb_lines(centres, frame),
        colors=wc.SEA_INK,
        linewidths=0.35,
        alpha=0.45,
        zorder=1.5,
    )
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

    drawn["waves"] = lines(
        "waves",
        wc.wave_marks(offshore, frame),
        colors=wc.SEA_INK,
        linewidths=0.5,
        alpha=0.7,
        zorder=1.7,
    )
    widths = np.linspace(0.7, 0.25, wc.WATER_LINES)
    alphas = np.linspace(0.85, 0.25, wc.WATER_LINES)
    water = [(seg, w, a) for ring, w, a in zip(rings, widths, alphas, strict=True) for seg in ring]
    drawn["water_lines"] = lines(
        "water-lines",
        [s for s, _, _ in water],
        colors=[(*_rgb(wc.SEA_INK), a) for _, _, a in water],
        linewidths=[w for _, w, _ in water],
        zorder=1.8,
    )

    in_box = shapely.clip_by_rect(land, box.west, box.south, box.east, box.north)
    polygons = [p for p in shapely.get_parts(in_box) if p.geom_type == "Polygon"]
    land_patches = [Patch(np.asarray(p.exterior.coords), closed=True) for p in polygons]
    land_layer = PatchCollection(
        land_patches, facecolor=wc.LAND_FILL, edgecolor=wc.INK, linewidths=0.8, zorder=2
    )
    land_layer.set_gid("land")
    ax.add_collection(land_layer)
    drawn["land"] = len(land_patches)
    drawn["hatching"] = lines(
        "hatching", strokes, colors=wc.INK, linewidths=0.3, alpha=0.55, zorder=2.1
    )

    if flow is not None and len(data.arrows):
        progress("drawing the flow")
        arrows = wc.flow_arrows(data.arrows, land, frame)
        colour = wc.CURRENT_INK if flow.kind == "current" else wc.WIND_INK
        style = "solid" if flow.kind == "current" else (0, (3, 2))
        drawn["arrows"] = lines(
            f"flow-{flow.kind}",
            arrows.shafts,
            colors=colour,
            linewidths=0.8,
            linestyles=style,
            zorder=4,
        )
        heads = PolyCollection(
            wc.arrow_heads(arrows.shafts, 5 * pixel), facecolors=colour, edgecolors="none", zorder=4
        )
        heads.set_gid(f"flow-{flow.kind}-heads")
        ax.add_collection(heads)
        drawn["arrows_dropped_at_coast"] = arrows.dropped_at_coast
        flow_days = arrows.days
    else:
        flow_days = 0

    if data.route is not None and len(data.route):
        x, y = _break_at_antimeridian(
            data.route.lon.to_numpy(float), data.route.lat.to_numpy(float)
        )
        ax.plot(x, y, color="#8b1e1e", linewidth=1.0, linestyle=(0, (4, 2)), zorder=5)[0].set_gid(
            "drake"
        )
        drawn["drake"] = int(data.route.place.notna().sum())

    colours = dict(zip(data.ports.nation, data.ports.field, strict=False))
    borders = dict(zip(data.ports.nation, data.ports.border, strict=False))
    if tracks:
        wakes, wake_colours = [], []
        for nation, lons, lats in tracks:
            x, y = _break_at_antimeridian(np.asarray(lons, float), np.asarray(lats, float))
            for piece in np.split(np.column_stack([x, y]), np.flatnonzero(np.isnan(x))):
                piece = piece[~np.isnan(piece[:, 0])]
                if len(piece) > 1:  # only what is in the box
                    for part in wc.lines_in_box(shapely.LineString(piece), box):
                        wakes.append(part)
                        wake_colours.append(colours.get(nation) or wc.INK)
        lines("tracks", wakes, colors=wake_colours, linewidths=0.6, alpha=0.75, zorder=5)
        drawn["tracks"] = len(tracks)

    lettering = wc.Lettering(frame)
    progress("placing the ports and lettering the seas")
    drawn.update(_ports(ax, data.ports, lettering, scale))
    ships = [
        s for s in ships or [] if box.west <= s[1] <= box.east and box.south <= s[2] <= box.north
    ]
    if ships:
        drawn["ships"] = _ships(ax, ships, colours, borders)
    seas_ax = fig.add_axes(frame.map_rect(), facecolor="none")
    seas_ax.set_xlim(box.west, box.east)
    seas_ax.set_ylim(box.south, box.north)
    seas_ax.set_axis_off()
    seas_ax.set_gid("seas")
    seas_ax.set_zorder(1)
    drawn["seas"] = _seas(seas_ax, data.seas, lettering, scale)
    xy = data.nodes.set_index("node_id")[["lon", "lat"]].to_numpy()
    if seen is not None:
        drawn.update(_draw_seen(ax, xy, seen))
    if voyage is not None:
        drawn.update(_draw_voyage(ax, fig, xy, voyage, titled=False))
    if where is not None:
        drawn.update(
            _draw_where(
                ax,
                fig,
                xy,
                where,
                titled=False,
            )
        )

    progress("engraving the frame and the key")
    _border(_overlay(fig, frame, "border", 10), frame)
    _wind_rose(_overlay(fig, frame, "wind-rose", 11), frame)
    whole = box.east - box.west >= WORLD_WIDTH
    heading, subtitle = wc.title_for(box, whole)
    if seen is not None:
        heading, subtitle = "As She Saw It", seen.title
    elif voyage is not None:
        heading, subtitle = "The Voyage of a Privateer", voyage.title
    elif where is not None:
        heading, subtitle = "Where Captains Fare", where.title
    _cartouche(_overlay(fig, frame, "cartouche", 12), frame, heading, subtitle)
    key = _overlay(fig, frame, "key", 10)
    drawn["key"] = _key(key, frame, data.ports, flow, flow_days, bool(ships))
    progress(f"writing {out.name}")
    fig.savefig(out, dpi=dpi, format=out.suffix.lower()[1:], facecolor=wc.PARCHMENT)
    return drawn


def _overlay(fig: Any, frame: wc.Frame, gid: str, zorder: float) -> Any:
    """An axes over the whole picture in pixels (origin lower left), its own SVG group."""
    deco = fig.add_axes((0, 0, 1, 1), facecolor="none")
    deco.set_xlim(0, frame.figure_width)
    deco.set_ylim(0, frame.figure_height)
    deco.set_axis_off()
    deco.set_zorder(zorder)
    deco.set_gid(gid)
    return deco


def _rgb(colour: str) -> tuple[float, float, float]:
    from matplotlib.colors import to_rgb

    r, g, b = to_rgb(colour)
    return r, g, b


def _ports(ax: Any, ports: pd.DataFrame, lettering: wc.Lettering, scale: float) -> dict[str, int]:
    """Each port as a woodcut, a tower or two houses in her nation's field and border; its
    name beside it where there is room (the largest first: fortified ports)."""
    from matplotlib.collections import PathCollection
    from matplotlib.markers import MarkerStyle

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


def _ships(
    ax: Any,
    ships: list[tuple[str, float, float, bool]],
    colours: dict[str, Any],
    borders: dict[str, Any],
) -> int:
    from matplotlib.collections import PathCollection
    from matplotlib.markers import MarkerStyle

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


def _border(deco: Any, frame: wc.Frame) -> None:
    """The graduated border: alternate bands of ink and paper a step of degrees long, the
    degrees written along the top and the left."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    box, b = frame.box, wc.BORDER_PX
    band = 7.0
    left, bottom = b, b + wc.KEY_PX
    right, top = left + frame.width, bottom + frame.height
    step = wc.graduation_step(frame.scale)
    cells, labels = [], []
    first_lon = math.ceil(box.west / step) * step
    for i, lon in enumerate(range(int(first_lon), int(box.east) + 1, step)):
        x = left + (lon - box.west) * frame.scale
        nxt = min(right, x + step * frame.scale)
        if i % 2 == 0 and x < right:
            cells += [
                Rectangle((x, top), nxt - x, band),
                Rectangle((x, bottom - band), nxt - x, band),
            ]
        labels.append((x, top + band + 2, wc.degrees(lon, "E", "W"), "center", "bottom"))
    first_lat = math.ceil(box.south / step) * step
    for i, lat in enumerate(range(int(first_lat), int(box.north) + 1, step)):
        y = bottom + (lat - box.south) * frame.scale
        nxt = min(top, y + step * frame.scale)
        if i % 2 == 0 and y < top:
            cells += [
                Rectangle((left - band, y), band, nxt - y),
                Rectangle((right, y), band, nxt - y),
            ]
        labels.append((left - band - 2, y, wc.degrees(lat, "N", "S"), "right", "center"))
    group = PatchCollection(cells, facecolor=wc.INK, edgecolor="none")
    group.set_gid("border-marks")
    deco.add_collection(group)
    outline = Rectangle(
        (left - band, bottom - band),
        frame.width + 2 * band,
        frame.height + 2 * band,
        fill=False,
        edgecolor=wc.INK,
        linewidth=1.2,
    )
    outline.set_gid("border-frame")
    deco.add_patch(outline)
    inner = Rectangle(
        (left, bottom), frame.width, frame.height, fill=False, edgecolor=wc.INK, linewidth=0.6
    )
    inner.set_gid("border-inner")
    deco.add_patch(inner)
    for x, y, text, ha, va in labels:
        deco.text(x, y, text, fontsize=6, ha=ha, va=va, color=wc.INK, gid=f"degree-{text}")


def _wind_rose(deco: Any, frame: wc.Frame) -> None:
    """A wind rose in the chart's lower right corner, fixed to the frame: 32 points, the
    cardinal ones longest, north lettered."""
    from matplotlib.collections import PolyCollection
    from matplotlib.patches import Circle

    radius = max(22.0, min(56.0, frame.height * 0.12))
    cx = wc.BORDER_PX + frame.width - radius - 14
    cy = wc.BORDER_PX + wc.KEY_PX + radius + 14
    ring = Circle((cx, cy), radius * 0.72, fill=False, edgecolor=wc.INK, linewidth=0.6)
    deco.add_patch(ring)
    ring.set_gid("wind-rose-ring")
    points = wc.star(cx, cy, radius, 32)
    rose = PolyCollection(
        points,
        facecolors=[wc.INK if i % 2 else wc.PARCHMENT for i in range(len(points))],
        edgecolors=wc.INK,
        linewidths=0.5,
    )
    rose.set_gid("wind-rose-points")
    deco.add_collection(rose)
    deco.text(
        cx,
        cy + radius + 2,
        "N",
        fontsize=8,
        ha="center",
        va="bottom",
        color=wc.INK,
        gid="wind-rose-north",
        fontweight="bold",
    )


def _cartouche(deco: Any, frame: wc.Frame, heading: str, subtitle: str) -> None:
    """The title in a double-ruled box in the upper left."""
    from matplotlib.patches import FancyBboxPatch

    x = wc.BORDER_PX + 14
    y = wc.BORDER_PX + wc.KEY_PX + frame.height - 14
    width = min(frame.width * 0.8, max(9.0 * len(heading), 5.0 * len(subtitle)) + 24)
    box = FancyBboxPatch(
        (x, y - 40),
        width,
        40,
        boxstyle="round,pad=3,rounding_size=6",
        facecolor=wc.PARCHMENT,
        edgecolor=wc.INK,
        linewidth=1.4,
        zorder=11,
    )
    box.set_gid("cartouche-frame")
    deco.add_patch(box)
    deco.text(
        x + width / 2,
        y - 8,
        heading,
        fontsize=11,
        ha="center",
        va="top",
        style="italic",
        color=wc.INK,
        zorder=12,
        gid="title",
    )
    deco.text(
        x + width / 2,
        y - 26,
        subtitle,
        fontsize=6.5,
        ha="center",
        va="top",
        color=wc.INK,
        zorder=12,
        gid="subtitle",
        wrap=True,
    )


def _key(
    deco: Any, frame: wc.Frame, ports: pd.DataFrame, flow: Any, flow_days: int, ships: bool
) -> int:
    """The key under the chart: each nation's colours (those of the ports drawn), the marks,
    the protected waters' wash and the flow; an entry that would run past the frame starts
    a new row."""
    from matplotlib.collections import PathCollection
    from matplotlib.lines import Line2D
    from matplotlib.markers import MarkerStyle
    from matplotlib.patches import Rectangle

    top = wc.KEY_PX + wc.BORDER_PX - 26
    x0, right = wc.BORDER_PX, frame.figure_width - wc.BORDER_PX
    deco.text(x0, top + 10, "Key", fontsize=9, style="italic", color=wc.INK, gid="key-title")
    at = [x0, top - 8]

    def room(width: float) -> tuple[float, float]:
        """Where the next entry, `width` pixels wide, goes."""
        if at[0] + width > right and at[0] > x0:
            at[0], at[1] = x0, at[1] - 15
        spot = (at[0], at[1])
        at[0] += width
        return spot

    def words(x: float, y: float, text: str) -> None:
        deco.text(x, y, text, fontsize=6, va="center", color=wc.INK)

    entries = 0
    for nation in ports.drop_duplicates("nation").sort_values("nation").itertuples():
        x, y = room(92)
        swatch = Rectangle(
            (x, y - 4),
            12,
            8,
            facecolor=nation.field or "#ffffff",
            edgecolor=nation.border or "#000000",
            linewidth=1.2,
        )
        swatch.set_gid(f"key-{nation.nation}")
        deco.add_patch(swatch)
        words(x + 16, y, str(nation.nation).replace("_", " ").title())
        entries += 1
    at[0], at[1] = x0, at[1] - 20
    marks = [
        ("tower", wc.tower_path(), "a fortified port"),
        ("houses", wc.houses_path(), "an open town"),
    ]
    if ships:
        marks.append(("ship", wc.ship_path(), "a ship (a warship larger)"))
    for name, path, text in marks:
        x, y = room(150)
        glyph = MarkerStyle(path)
        icon = PathCollection(
            [glyph.get_path().transformed(glyph.get_transform())],
            sizes=[70.0],
            offsets=[(x + 6, y)],
            offset_transform=deco.transData,
            facecolors="#ffffff",
            edgecolors=wc.INK,
            linewidths=0.8,
        )
        icon.set_transform(IdentityTransform())
        icon.set_gid(f"key-{name}")
        deco.add_collection(icon)
        words(x + 16, y, text)
        entries += 1
    x, y = room(180)
    wash = Rectangle((x, y - 4), 14, 8, facecolor="#7a8fb0", alpha=0.3, edgecolor="none")
    wash.set_gid("key-waters")
    deco.add_patch(wash)
    words(x + 18, y, "protected waters (a nation's wash)")
    entries += 1
    if flow is not None and flow_days:
        x, y = room(200)
        colour = wc.CURRENT_INK if flow.kind == "current" else wc.WIND_INK
        style: Any = "-" if flow.kind == "current" else (0, (3, 2))
        deco.add_line(
            Line2D(
                [x, x + 20], [y, y], color=colour, linestyle=style, linewidth=1.0, gid="key-flow"
            )
        )
        what = "current" if flow.kind == "current" else f"wind, season {flow.season}"
        words(x + 24, y, f"{what}: an arrow is {flow_days} days' drift")
        entries += 1
    return entries
