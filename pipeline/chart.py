"""The chart: a clear, correct map of the world as built, for people to check it by eye.

Land, the day graph, ports in their nations' colours (squares fortified, circles open), each
nation's protected waters as a faint wash, the named seas lettered, and optionally the arrows of
the sea (current, or one season's wind) and Drake's route. SVG keeps its text as text and gives
each port an id (`port-<name>`), so the file can be searched; PNG is for those who can't open
SVG. This is the plain style (`--style plain`); the woodcut of the seed, the default, is
`woodcut.py` and `woodcut_chart.py`, which this module hands the data to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import shapely
import sqlalchemy as sa

from .errors import WorldBuildError
from .params import CHART_SCALE_MAX, CHART_SCALE_MIN, Box
from .run_pictures import MARK_STYLES, Mark, SeenPicture, VoyagePicture, WherePicture

WORLD_BOX = Box(-180.0, -62.0, 180.0, 72.0)
FORMATS = (".svg", ".png")
SEA_COLOUR = "#eef3f7"
LAND_COLOUR = "#e8dcc0"
COAST_COLOUR = "#8a7a5a"
GRAPH_COLOUR = "#9fb6c9"


Track = tuple[str, list[float], list[float]]
"""A ship's wake: her flag's nation key, and her positions day by day."""
ShipMark = tuple[str, float, float, bool]
"""A ship where she is: her flag's nation key, lon, lat, and whether she is a warship."""
STYLES = ("woodcut", "plain")


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


def _land(source: str | None, box: Box) -> list[shapely.Geometry]:
    from .land import Land
    from .source import default_source, read_source

    path = Path(source) if source and Path(source).exists() else default_source()
    land = Land.from_polygons(read_source(path, box, margin_deg=1.0).polygons)
    tolerance = max(0.01, (box.east - box.west) / 2000.0)
    return list(shapely.simplify(land.parts, tolerance, preserve_topology=True))


def _break_at_antimeridian(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A polyline with a gap (NaN) wherever it jumps across ±180, so it is not drawn the long
    way round the chart."""
    jumps = np.flatnonzero(np.abs(np.diff(x)) > 180.0) + 1
    return np.insert(x, jumps, np.nan), np.insert(y, jumps, np.nan)


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
    from privateer.db import world_read

    bounds = (box.west, box.south, box.east, box.north)
    with engine.connect() as conn:
        source = world_read.world_source(conn)
        if source is None:
            raise WorldBuildError("the database holds no world yet; run `privateer world build`")
        plain = style == "plain"
        # the woodcut draws no graph: nodes only to place a run's marks, steps never
        wanted = plain or voyage is not None or where is not None
        nodes = (
            world_read.nodes(conn) if wanted else pd.DataFrame(columns=["node_id", "lon", "lat"])
        )
        steps = world_read.steps(conn) if plain else None
        ports = world_read.ports_in(conn, bounds)
        waters = world_read.protected_waters(conn)
        seas = world_read.seas_in(conn, bounds)
        if flow is None:
            arrows = pd.DataFrame(columns=["lon", "lat", "toward_deg", "knots"])
        elif flow.kind == "current":
            arrows = world_read.currents(conn)
        else:
            arrows = world_read.winds(conn, flow.season)
        route = world_read.drake_route(conn) if drake else None
    if style == "woodcut":
        from .woodcut_chart import ChartData, draw_woodcut

        data = ChartData(source, nodes, ports, waters, seas, arrows, route)
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
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection, PatchCollection
    from matplotlib.patches import Polygon as Patch
    from matplotlib.patches import Rectangle

    width_px = (box.east - box.west) * scale
    height_px = (box.north - box.south) * scale
    dpi = 100
    plt.rcParams["svg.fonttype"] = "none"  # keep text as text
    fig = plt.figure(figsize=(max(width_px, 200) / dpi, max(height_px, 100) / dpi), dpi=dpi)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(box.west, box.east)
    ax.set_ylim(box.south, box.north)
    ax.set_aspect("auto")
    ax.set_axis_off()
    ax.add_patch(
        Rectangle(
            (box.west, box.south),
            box.east - box.west,
            box.north - box.south,
            color=SEA_COLOUR,
            zorder=0,
        )
    )
    drawn: dict[str, int] = {}

    # Protected waters: a faint wash of each nation's field colour.
    for nation, group in waters.groupby("nation", sort=True):
        wash = shapely.union_all(shapely.buffer(shapely.points(group.lon, group.lat), 1.2))
        patches = [
            Patch(np.asarray(p.exterior.coords), closed=True)
            for p in shapely.get_parts(wash)
            if p.geom_type == "Polygon"
        ]
        collection = PatchCollection(
            patches,
            facecolor=group.field.iloc[0] or "#888888",
            edgecolor="none",
            alpha=0.18,
            zorder=1,
        )
        collection.set_gid(f"waters-{nation}")
        ax.add_collection(collection)
    drawn["waters"] = int(waters.nation.nunique())

    land = _land(source, box)
    patches = [Patch(np.asarray(p.exterior.coords), closed=True) for p in land]
    ax.add_collection(
        PatchCollection(
            patches, facecolor=LAND_COLOUR, edgecolor=COAST_COLOUR, linewidth=0.3, zorder=2
        )
    )
    drawn["land"] = len(patches)

    xy = nodes.set_index("node_id")[["lon", "lat"]].to_numpy()
    assert steps is not None  # read for the plain style
    segments = np.stack([xy[steps.a.to_numpy()], xy[steps.b.to_numpy()]], axis=1)
    short = np.abs(segments[:, 0, 0] - segments[:, 1, 0]) < 180
    graph = LineCollection(segments[short], colors=GRAPH_COLOUR, linewidths=0.25, zorder=3)
    graph.set_gid("graph")
    ax.add_collection(graph)
    drawn["steps"] = int(short.sum())

    if len(arrows):
        rad = np.radians(arrows.toward_deg.to_numpy(dtype=float))
        knots = arrows.knots.to_numpy(dtype=float)
        colour = "#2a6fb0" if flow and flow.kind == "current" else "#666666"
        quiver = ax.quiver(
            arrows.lon,
            arrows.lat,
            np.sin(rad) * knots,
            np.cos(rad) * knots,
            color=colour,
            width=0.0012,
            zorder=4,
            angles="uv",
        )
        quiver.set_gid(f"flow-{flow.kind if flow else ''}")
    drawn["arrows"] = len(arrows)

    if route is not None and len(route):
        x, y = _break_at_antimeridian(route.lon.to_numpy(float), route.lat.to_numpy(float))
        line = ax.plot(x, y, color="#b02a2a", linewidth=0.9, zorder=5)[0]
        line.set_gid("drake")
        touched = route.dropna(subset=["place"])
        ax.scatter(touched.lon, touched.lat, s=6, color="#b02a2a", zorder=5)
        drawn["drake"] = len(touched)

    if tracks:
        colours = dict(zip(waters.nation, waters.field, strict=False))
        colours.update(dict(zip(ports.nation, ports.field, strict=False)))
        lines = []
        line_colours = []
        for nation, lons, lats in tracks:
            x, y = _break_at_antimeridian(np.asarray(lons, float), np.asarray(lats, float))
            for piece in np.split(np.column_stack([x, y]), np.flatnonzero(np.isnan(x))):
                piece = piece[~np.isnan(piece[:, 0])]
                if len(piece) > 1:
                    lines.append(piece)
                    line_colours.append(colours.get(nation) or "#555555")
        wakes = LineCollection(lines, colors=line_colours, linewidths=0.5, alpha=0.8, zorder=5)
        wakes.set_gid("tracks")
        ax.add_collection(wakes)
        drawn["tracks"] = len(tracks)

    for sea in seas.itertuples():
        ax.text(
            sea.label_lon,
            sea.label_lat,
            sea.name,
            fontsize=7,
            style="italic",
            color="#4a6a8a",
            ha="center",
            va="center",
            zorder=4,
            gid=f"sea-{sea.name}",
        )
    drawn["seas"] = len(seas)

    for port in ports.itertuples():
        marker = "s" if port.fortified else "o"
        handle = ax.scatter(
            [port.lon],
            [port.lat],
            s=14,
            marker=marker,
            facecolor=port.field or "#ffffff",
            edgecolor=port.border or "#000000",
            linewidths=0.9,
            zorder=6,
        )
        handle.set_gid(f"port-{port.name}")
        ax.text(port.lon, port.lat, f" {port.name}", fontsize=4, va="center", zorder=6)
    drawn["ports"] = len(ports)
    ships = [
        s for s in ships or [] if box.west <= s[1] <= box.east and box.south <= s[2] <= box.north
    ]
    if ships:
        drawn["ships"] = _draw_ship_triangles(ax, ships, ports)
    if seen is not None:
        drawn.update(_draw_seen(ax, xy, seen))
    if voyage is not None:
        drawn.update(_draw_voyage(ax, fig, xy, voyage, titled=seen is None))
    if where is not None:
        drawn.update(_draw_where(ax, fig, xy, where))
    fig.savefig(out, dpi=dpi, format=out.suffix.lower()[1:])
    plt.close(fig)
    return drawn


def _draw_voyage(
    ax: Any, fig: Any, xy: np.ndarray, voyage: VoyagePicture, titled: bool = True
) -> dict[str, int]:
    """Her track (where she began, then a vertex for each day sailed, never simplified away)
    and a mark for each thing that befell her, with a key. `titled`: the plain chart's title
    and the names of the ports she put in at (the woodcut letters both itself)."""
    import matplotlib

    wake = [voyage.start, *voyage.track]
    x, y = _break_at_antimeridian(xy[wake, 0], xy[wake, 1])
    with matplotlib.rc_context({"path.simplify": False}):  # every day stays a vertex
        line = ax.plot(x, y, color="#7a2e0e", linewidth=1.1, alpha=0.9, zorder=7)[0]
    line.set_gid("tracks")
    counts = _draw_marks(ax, xy, voyage.marks, name_ports=titled)
    if not titled:
        return {"track_days": len(voyage.track), **counts}
    _title(fig, voyage.title)
    return {"track_days": len(voyage.track), **counts}


def _title(fig: Any, text: str) -> None:
    """The plain chart's title, in its upper left corner."""
    fig.text(
        0.01,
        0.99,
        text,
        ha="left",
        va="top",
        fontsize=9,
        gid="title",
        bbox={"facecolor": "#ffffff", "alpha": 0.8, "edgecolor": "none"},
    )


def _draw_marks(
    ax: Any, xy: np.ndarray, marks: tuple[Mark, ...], name_ports: bool = True
) -> dict[str, int]:
    from matplotlib.lines import Line2D

    counts: dict[str, int] = {}
    handles = []
    for kind, (marker, colour, size, words) in MARK_STYLES.items():
        chosen = [m for m in marks if m.kind == kind]
        if not chosen:
            continue
        nodes = [m.node for m in chosen]
        group = ax.scatter(
            xy[nodes, 0],
            xy[nodes, 1],
            s=size,
            marker=marker,
            facecolor=colour,
            edgecolor="#222222",
            linewidths=0.6,
            zorder=8,
        )
        group.set_gid(f"marks-{kind}")
        counts[f"marks_{kind}"] = len(chosen)
        handles.append(
            Line2D(
                [],
                [],
                linestyle="none",
                marker=marker,
                markersize=7,
                color=colour,
                markeredgecolor="#222222",
                label=f"{words} ({len(chosen)})",
            )
        )
        if kind == "port" and name_ports:
            for mark in chosen:
                ax.text(
                    xy[mark.node, 0],
                    xy[mark.node, 1],
                    f"  {mark.label}",
                    fontsize=6,
                    va="bottom",
                    zorder=8,
                    gid=f"visit-{mark.label}",
                )
    if handles:
        key = ax.legend(handles=handles, loc="lower left", fontsize=7, framealpha=0.85)
        key.set_gid("key")
        key.set_zorder(9)
    return counts


WHERE_COLOURS = {"sunk": "#111111", "fights": "#b02a2a", "raids": "#d4a017"}


def _draw_where(
    ax: Any, fig: Any, xy: np.ndarray, where: WherePicture, titled: bool = True
) -> dict[str, int]:
    """A ring at each node where it happened, its area by how often, and each named sea's
    count under its name: the picture of `report`'s where-table."""
    if where.by_node:
        nodes = np.array([n for n, _ in where.by_node])
        often = np.array([t for _, t in where.by_node], dtype=float)
        rings = ax.scatter(
            xy[nodes, 0],
            xy[nodes, 1],
            s=10.0 + 600.0 * often / often.max(),
            facecolor=WHERE_COLOURS[where.what],
            edgecolor="#222222",
            linewidths=0.4,
            alpha=0.55,
            zorder=8,
        )
        rings.set_gid("where")
    for name, lon, lat, times in where.by_sea:
        ax.text(
            lon,
            lat - 1.2,
            f"{times} {where.what}",
            fontsize=7,
            ha="center",
            va="top",
            color="#5a1a1a",
            zorder=9,
            gid=f"where-sea-{name}",
        )
    if not titled:
        return {"where_nodes": len(where.by_node), "where_seas": len(where.by_sea)}
    _title(fig, where.title)
    return {"where_nodes": len(where.by_node), "where_seas": len(where.by_sea)}


def _draw_ship_triangles(ax: Any, ships: list[ShipMark], ports: pd.DataFrame) -> int:
    """Ships as triangles in their flag's colours, warships larger."""
    colours = dict(zip(ports.nation, ports.field, strict=False))
    borders = dict(zip(ports.nation, ports.border, strict=False))
    group = ax.scatter(
        [lon for _, lon, _, _ in ships],
        [lat for _, _, lat, _ in ships],
        s=[70.0 if war else 36.0 for *_, war in ships],
        marker="^",
        facecolor=[colours.get(flag) or "#ffffff" for flag, *_ in ships],
        edgecolor=[borders.get(flag) or "#000000" for flag, *_ in ships],
        linewidths=0.8,
        zorder=9,
    )
    group.set_gid("ships")
    return len(ships)


def _draw_seen(ax: Any, xy: np.ndarray, seen: SeenPicture) -> dict[str, int]:
    """What she saw on the day: the water on her chart, each rumor's ring (as far off as the
    report may be, a step about a degree) and its cloud's search area, shaded by its share."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Circle

    if seen.seen:
        nodes = list(seen.seen)
        charted = ax.scatter(
            xy[nodes, 0], xy[nodes, 1], s=3, color="#4f7fae", alpha=0.45, linewidths=0, zorder=3
        )
        charted.set_gid("seen")
    rings = [Circle((xy[r.node, 0], xy[r.node, 1]), r.steps * 1.0) for r in seen.rumors]
    if rings:
        layer = PatchCollection(
            rings,
            facecolor="none",
            edgecolor="#8b1e1e",
            linewidths=0.9,
            linestyle=(0, (3, 2)),
            zorder=8,
        )
        layer.set_gid("rumor-rings")
        ax.add_collection(layer)
        for ring in seen.rumors:
            ax.text(
                xy[ring.node, 0],
                xy[ring.node, 1] + ring.steps * 1.0,
                ring.label,
                fontsize=6,
                ha="center",
                va="bottom",
                color="#8b1e1e",
                zorder=8,
            )
    shares = [(n, share) for ring in seen.rumors for n, share in ring.search]
    if shares:
        nodes = [n for n, _ in shares]
        most = max(share for _, share in shares) or 1.0
        clouds = ax.scatter(
            xy[nodes, 0],
            xy[nodes, 1],
            s=[20 + 120 * share / most for _, share in shares],
            color="#8b1e1e",
            alpha=0.35,
            linewidths=0,
            zorder=8,
        )
        clouds.set_gid("clouds")
    return {"seen": len(seen.seen), "rumors": len(seen.rumors), "cloud_nodes": len(shares)}
