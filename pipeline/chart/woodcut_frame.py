"""The woodcut's frame, fixed to the picture whatever the map's box: the graduated border,
the wind rose in the lower right corner, the title cartouche, and the key under the chart.
Each is an axes over the whole picture in pixels, its own SVG group."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd

from . import woodcut as wc
from .common import Flow


def engrave_frame(
    fig: Any,
    frame: wc.Frame,
    heading: str,
    subtitle: str,
    *,
    ports: pd.DataFrame,
    flow: Flow | None,
    flow_days: int,
    ships: bool,
) -> int:
    """The border, the wind rose, the cartouche and the key, in that order; returns the key's
    entries."""
    _border(_overlay(fig, frame, "border", 10), frame)
    _wind_rose(_overlay(fig, frame, "wind-rose", 11), frame)
    _cartouche(_overlay(fig, frame, "cartouche", 12), frame, heading, subtitle)
    key = _overlay(fig, frame, "key", 10)
    return _key(key, frame, ports, flow, flow_days, ships)


def _overlay(fig: Any, frame: wc.Frame, gid: str, zorder: float) -> Any:
    """An axes over the whole picture in pixels (origin lower left), its own SVG group."""
    deco = fig.add_axes((0, 0, 1, 1), facecolor="none")
    deco.set_xlim(0, frame.figure_width)
    deco.set_ylim(0, frame.figure_height)
    deco.set_axis_off()
    deco.set_zorder(zorder)
    deco.set_gid(gid)
    return deco


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
    deco: Any, frame: wc.Frame, ports: pd.DataFrame, flow: Flow | None, flow_days: int, ships: bool
) -> int:
    """The key under the chart: each nation's colours (those of the ports drawn), the marks,
    the protected waters' wash and the flow; an entry that would run past the frame starts
    a new row."""
    from matplotlib.collections import PathCollection
    from matplotlib.lines import Line2D
    from matplotlib.markers import MarkerStyle
    from matplotlib.patches import Rectangle
    from matplotlib.transforms import IdentityTransform

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
