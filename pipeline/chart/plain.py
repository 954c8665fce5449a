"""The plain style (`--style plain`): a clear, correct map of the world as built, for people
to check it by eye. Land, the day graph, ports in their nations' colours (squares fortified,
circles open), each nation's protected waters as a faint wash, the named seas lettered, and
optionally the arrows of the sea, Drake's route, the world's ships and their wakes, and the
pictures of logged runs. Each layer is one function, drawn in the order below."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import shapely

from ..params import Box
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

SEA_COLOUR = "#eef3f7"
LAND_COLOUR = "#e8dcc0"
COAST_COLOUR = "#8a7a5a"
GRAPH_COLOUR = "#9fb6c9"
DPI = 100


def draw_plain(
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
) -> dict[str, int]:
    """Draw the plain chart of `data` to `out`; returns what was drawn, by kind."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = _figure(box, scale)
    drawn: dict[str, int] = {}
    drawn["waters"] = _waters(ax, data.waters)
    drawn["land"] = _land(ax, data.source, box)
    xy = data.node_xy()
    assert data.steps is not None  # read for the plain style
    drawn["steps"] = _graph(ax, xy, data.steps)
    drawn["arrows"] = _arrows(ax, data.arrows, flow)
    if data.route is not None and len(data.route):
        drawn["drake"] = _drake(ax, data.route)
    if tracks:
        drawn["tracks"] = _tracks(ax, tracks, data.waters, data.ports)
    drawn["seas"] = _seas(ax, data.seas)
    drawn["ports"] = _ports(ax, data.ports)
    ships = ships_in_box(ships, box)
    if ships:
        drawn["ships"] = _ship_triangles(ax, ships, *data.flag_colours())
    drawn.update(draw_runs(ax, fig, xy, voyage=voyage, where=where, seen=seen, titled=True))
    fig.savefig(out, dpi=DPI, format=out.suffix.lower()[1:])
    plt.close(fig)
    return drawn


def _figure(box: Box, scale: float) -> tuple[Any, Any]:
    """The figure, `scale` pixels a degree, and its one axes in degrees, washed with the sea."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    width_px = (box.east - box.west) * scale
    height_px = (box.north - box.south) * scale
    plt.rcParams["svg.fonttype"] = "none"  # keep text as text
    fig = plt.figure(figsize=(max(width_px, 200) / DPI, max(height_px, 100) / DPI), dpi=DPI)
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
    return fig, ax


def _waters(ax: Any, waters: pd.DataFrame) -> int:
    """Protected waters: a faint wash of each nation's field colour."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Polygon as Patch

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
    return int(waters.nation.nunique())


def _land(ax: Any, source: str, box: Box) -> int:
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Polygon as Patch

    patches = [Patch(np.asarray(p.exterior.coords), closed=True) for p in land_parts(source, box)]
    ax.add_collection(
        PatchCollection(
            patches, facecolor=LAND_COLOUR, edgecolor=COAST_COLOUR, linewidth=0.3, zorder=2
        )
    )
    return len(patches)


def _graph(ax: Any, xy: np.ndarray, steps: pd.DataFrame) -> int:
    """The day graph: a line for each step (those across the antimeridian left out)."""
    from matplotlib.collections import LineCollection

    segments = np.stack([xy[steps.a.to_numpy()], xy[steps.b.to_numpy()]], axis=1)
    short = np.abs(segments[:, 0, 0] - segments[:, 1, 0]) < 180
    graph = LineCollection(segments[short], colors=GRAPH_COLOUR, linewidths=0.25, zorder=3)
    graph.set_gid("graph")
    ax.add_collection(graph)
    return int(short.sum())


def _arrows(ax: Any, arrows: pd.DataFrame, flow: Flow | None) -> int:
    """An arrow at every node the flow reaches, as long as it is strong."""
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
    return len(arrows)


def _drake(ax: Any, route: pd.DataFrame) -> int:
    """Drake's route, and a dot at each place he touched."""
    x, y = break_at_antimeridian(route.lon.to_numpy(float), route.lat.to_numpy(float))
    line = ax.plot(x, y, color="#b02a2a", linewidth=0.9, zorder=5)[0]
    line.set_gid("drake")
    touched = route.dropna(subset=["place"])
    ax.scatter(touched.lon, touched.lat, s=6, color="#b02a2a", zorder=5)
    return len(touched)


def _tracks(ax: Any, tracks: list[Track], waters: pd.DataFrame, ports: pd.DataFrame) -> int:
    """The ships' wakes in their flags' colours."""
    from matplotlib.collections import LineCollection

    colours = dict(zip(waters.nation, waters.field, strict=False))
    colours.update(dict(zip(ports.nation, ports.field, strict=False)))
    lines = []
    line_colours = []
    for nation, piece in wake_pieces(tracks):
        lines.append(piece)
        line_colours.append(colours.get(nation) or "#555555")
    wakes = LineCollection(lines, colors=line_colours, linewidths=0.5, alpha=0.8, zorder=5)
    wakes.set_gid("tracks")
    ax.add_collection(wakes)
    return len(tracks)


def _seas(ax: Any, seas: pd.DataFrame) -> int:
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
    return len(seas)


def _ports(ax: Any, ports: pd.DataFrame) -> int:
    """Each port in her nation's colours, squares fortified and circles open, named."""
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
    return len(ports)


def _ship_triangles(
    ax: Any, ships: list[ShipMark], colours: dict[str, Any], borders: dict[str, Any]
) -> int:
    """Ships as triangles in their flag's colours, warships larger."""
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
