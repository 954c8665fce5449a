"""The pictures of logged runs drawn over either style of chart: a voyage's track and her
marks with their key, where captains fared, and what she saw on a day. The plain chart titles
them itself (`titled`); the woodcut letters its own cartouche."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .common import break_at_antimeridian
from .runs import MARK_STYLES, REGION_INK, Mark, SeenPicture, VoyagePicture, WherePicture


def draw_runs(
    ax: Any,
    fig: Any,
    xy: np.ndarray,
    *,
    voyage: VoyagePicture | None,
    where: WherePicture | None,
    seen: SeenPicture | None,
    titled: bool,
) -> dict[str, int]:
    """Whichever run pictures were asked for, in their order: what she saw under her track,
    then where captains fared. `xy` places each node; `titled`: the plain chart's titles,
    key and lettering (the woodcut's are placed by its own plan)."""
    drawn: dict[str, int] = {}
    if seen is not None:
        drawn.update(draw_seen(ax, xy, seen))
    if voyage is not None:
        drawn.update(draw_voyage(ax, fig, xy, voyage, titled=titled and seen is None, keyed=titled))
    if where is not None:
        drawn.update(draw_where(ax, fig, xy, where, titled=titled))
    return drawn


DAY_MARK_DAYS = 30  # a mark on her track every so many days, lettered with the day
ARROW_DAYS = 30  # an arrow of her heading every so many days sailed, between the day marks
TRACK_INK = "#7a2e0e"
DAY_MARK_SIZE = 16.0  # points squared, as scatter sizes its marks
ARROW_SIZE = 70.0


@dataclass(frozen=True, slots=True)
class TrackMarks:
    """Where her track's day marks and arrows stand, in degrees: (day, lon, lat) and
    (lon, lat, heading in degrees anticlockwise from east, as drawn)."""

    days: tuple[tuple[int, float, float], ...]
    arrows: tuple[tuple[float, float, float], ...]


def track_marks(voyage: VoyagePicture, xy: np.ndarray) -> TrackMarks:
    """A mark where she was at the end of every DAY_MARK_DAYS-th day, and an arrow about
    midway along each ARROW_DAYS days sailed (at least one on any track of three days or
    more), pointing her way where she moved."""
    wake = [voyage.start, *voyage.track]
    points = xy[wake]
    days: list[tuple[int, float, float]] = []
    reached = [0, *(voyage.day_of(i) for i in range(len(voyage.track)))]
    last = reached[-1]
    at = 0
    for day in range(DAY_MARK_DAYS, last + 1, DAY_MARK_DAYS):
        while at + 1 < len(reached) and reached[at + 1] <= day:
            at += 1
        days.append((day, float(points[at, 0]), float(points[at, 1])))
    arrows: list[tuple[float, float, float]] = []
    starts = list(range(ARROW_DAYS // 2, len(wake) - 1, ARROW_DAYS)) or (
        [len(wake) // 2] if len(wake) >= 3 else []
    )
    for first in starts:  # the first day from there on that she moved, within the stretch
        for i in range(first, min(first + ARROW_DAYS, len(wake) - 1)):
            (x0, y0), (x1, y1) = points[i - 1], points[i + 1]
            if abs(x1 - x0) > 180.0 or (x0 == x1 and y0 == y1):
                continue  # across the antimeridian, or lying still: no heading to show
            angle = math.degrees(math.atan2(y1 - y0, x1 - x0))
            arrows.append((float(points[i, 0]), float(points[i, 1]), angle))
            break
    return TrackMarks(tuple(days), tuple(arrows))


def arrow_path(angle: float) -> Any:
    """A head of an arrow pointing `angle` degrees anticlockwise from east, its tip ahead."""
    from matplotlib.path import Path as MPath

    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    tri = [(0.5, 0.0), (-0.4, 0.32), (-0.2, 0.0), (-0.4, -0.32), (0.5, 0.0)]
    return MPath([(x * c - y * s, x * s + y * c) for x, y in tri], closed=True)


def draw_voyage(
    ax: Any,
    fig: Any,
    xy: np.ndarray,
    voyage: VoyagePicture,
    titled: bool = True,
    keyed: bool = True,
) -> dict[str, int]:
    """Her track (where she began, then a vertex for each day sailed, never simplified away),
    its day marks and arrows, and a mark for each thing that befell her. `titled`: the plain
    chart's title, its key and its lettering (the woodcut letters them itself: `keyed`
    False leaves the key to its frame)."""
    import matplotlib
    from matplotlib.collections import PathCollection
    from matplotlib.transforms import IdentityTransform

    for name, nodes in voyage.regions:  # a letter's region: dashed round its water
        if nodes:
            (x0, y0), (x1, y1) = xy[list(nodes)].min(axis=0), xy[list(nodes)].max(axis=0)
            edge = ax.plot(
                [x0, x1, x1, x0, x0], [y0, y0, y1, y1, y0], color=REGION_INK,
                linestyle=(0, (5, 4)), linewidth=1.0, zorder=6,
            )[0]  # fmt: skip
            edge.set_gid(f"letter-region:{name}")
    wake = [voyage.start, *voyage.track]
    x, y = break_at_antimeridian(xy[wake, 0], xy[wake, 1])
    with matplotlib.rc_context({"path.simplify": False}):  # every day stays a vertex
        line = ax.plot(x, y, color=TRACK_INK, linewidth=1.1, alpha=0.9, zorder=7)[0]
    line.set_gid("tracks")
    along = track_marks(voyage, xy)
    if along.days:
        dots = ax.scatter(
            [d[1] for d in along.days], [d[2] for d in along.days], s=DAY_MARK_SIZE,
            marker="o", facecolor=TRACK_INK, edgecolor="#fffaf0", linewidths=0.6, zorder=7.5,
        )  # fmt: skip
        dots.set_gid("day-marks")
        if titled:
            for day, lon, lat in along.days:
                ax.text(lon, lat, f" day {day}", fontsize=5.5, color=TRACK_INK, style="italic",
                        va="bottom", zorder=8, gid=f"day-{day}")  # fmt: skip
    if along.arrows:
        heads = PathCollection(
            [arrow_path(angle) for _, _, angle in along.arrows],
            sizes=[ARROW_SIZE],
            offsets=[(lon, lat) for lon, lat, _ in along.arrows],
            offset_transform=ax.transData,
            facecolors=TRACK_INK,
            edgecolors="#fffaf0",
            linewidths=0.5,
            zorder=7.5,
        )
        heads.set_transform(IdentityTransform())
        heads.set_gid("track-arrows")
        ax.add_collection(heads)
    counts = draw_marks(ax, xy, voyage.marks, name_ports=titled, keyed=keyed)
    if titled:
        title(fig, voyage.title)
    return {"track_days": len(voyage.track), "day_marks": len(along.days), **counts}


def title(fig: Any, text: str) -> None:
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


def key_entries(marks: tuple[Mark, ...]) -> list[tuple[str, str, str, str]]:
    """What the key says of her marks, in MARK_STYLES' order: (kind, marker, colour, words
    with how many)."""
    out = []
    for kind, (marker, colour, _, words) in MARK_STYLES.items():
        chosen = sum(1 for m in marks if m.kind == kind)
        if chosen:
            out.append((kind, marker, colour, f"{words} ({chosen})"))
    return out


def draw_marks(
    ax: Any,
    xy: np.ndarray,
    marks: tuple[Mark, ...],
    name_ports: bool = True,
    keyed: bool = True,
) -> dict[str, int]:
    """A group of marks for each kind of thing that befell her, in MARK_STYLES' order, and
    (`keyed`) the key that lists them, where it covers least; with `name_ports` the ports
    she put in at are named."""
    from matplotlib.lines import Line2D

    counts: dict[str, int] = {}
    handles = []
    for kind, (marker, colour, size, words) in MARK_STYLES.items():
        chosen = [m for m in marks if m.kind == kind]
        if not chosen:
            continue
        nodes = [m.node for m in chosen]
        edge, width = (REGION_INK, 1.4) if colour == "none" else ("#222222", 0.6)  # a ring
        group = ax.scatter(
            xy[nodes, 0],
            xy[nodes, 1],
            s=size,
            marker=marker,
            facecolor=colour,
            edgecolor=edge,
            linewidths=width,
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
                markeredgecolor=edge,
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
    if handles and keyed:
        key = ax.legend(handles=handles, loc="best", fontsize=7, framealpha=0.85)
        key.set_gid("key")
        key.set_zorder(9)
    return counts


WHERE_COLOURS = {"sunk": "#111111", "fights": "#b02a2a", "raids": "#d4a017"}


def where_count(what: str, times: int) -> str:
    return f"{times} {what}"


def draw_where(
    ax: Any, fig: Any, xy: np.ndarray, where: WherePicture, titled: bool = True
) -> dict[str, int]:
    """A ring at each node where it happened, its area by how often, and (`titled`: the
    plain chart; the woodcut letters them itself, clear of the ports' names) each named
    sea's count under its name: the picture of `report`'s where-table."""
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
    for name, lon, lat, times in where.by_sea if titled else ():
        ax.text(
            lon,
            lat - 1.2,
            where_count(where.what, times),
            fontsize=7,
            ha="center",
            va="top",
            color="#5a1a1a",
            zorder=9,
            gid=f"where-sea-{name}",
        )
    if titled:
        title(fig, where.title)
    return {"where_nodes": len(where.by_node), "where_seas": len(where.by_sea)}


def draw_seen(ax: Any, xy: np.ndarray, seen: SeenPicture) -> dict[str, int]:
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
