"""The woodcut's frame: the graduated border, the wind rose and the title cartouche in the
corners the plan chose (`woodcut_plan`: where they cover least), and the key under the chart
as the plan laid it out. Each is an axes over the whole picture in pixels, its own SVG group."""

from __future__ import annotations

import math
from typing import Any

from . import woodcut as wc
from .woodcut_plan import KEY_POINTS, SUBTITLE_POINTS, TITLE_POINTS, KeyEntry, Plan


def engrave_frame(fig: Any, frame: wc.Frame, titles: tuple[str, str], plan: Plan) -> int:
    """The border, the wind rose, the cartouche and the key, in that order; returns the key's
    entries."""
    _border(_overlay(fig, frame, "border", 10), frame)
    _wind_rose(_overlay(fig, frame, "wind-rose", 11), frame, plan)
    _cartouche(_overlay(fig, frame, "cartouche", 12), frame, titles[0], plan)
    key = _overlay(fig, frame, "key", 10)
    return _key(key, frame, plan)


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
    left, bottom = b, b + frame.key_px
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


def _wind_rose(deco: Any, frame: wc.Frame, plan: Plan) -> None:
    """A wind rose in the corner the plan chose: 32 points, the cardinal ones longest, north
    lettered."""
    from matplotlib.collections import PolyCollection
    from matplotlib.patches import Circle

    left, bottom, right, _top = plan.rose
    radius = (right - left) / 2
    cx, cy = frame.on_figure((left + right) / 2, bottom + radius)
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


def _cartouche(deco: Any, frame: wc.Frame, heading: str, plan: Plan) -> None:
    """The title in a double-ruled box in the corner the plan chose."""
    from matplotlib.patches import FancyBboxPatch

    left, bottom, right, top = plan.cartouche
    x0, y0 = frame.on_figure(left, bottom)
    x1, y1 = frame.on_figure(right, top)
    pad = 3.0
    box = FancyBboxPatch(
        (x0 + pad, y0 + pad),
        x1 - x0 - 2 * pad,
        y1 - y0 - 2 * pad,
        boxstyle=f"round,pad={pad},rounding_size=6",
        facecolor=wc.PARCHMENT,
        edgecolor=wc.INK,
        linewidth=1.4,
        zorder=11,
    )
    box.set_gid("cartouche-frame")
    deco.add_patch(box)
    middle = (x0 + x1) / 2
    deco.text(
        middle,
        y1 - 10,
        heading,
        fontsize=TITLE_POINTS,
        ha="center",
        va="top",
        style="italic",
        color=wc.INK,
        zorder=12,
        gid="title",
    )
    deco.text(
        middle,
        y0 + 10,
        "\n".join(plan.subtitle_lines),
        fontsize=SUBTITLE_POINTS,
        ha="center",
        va="bottom",
        color=wc.INK,
        zorder=12,
        gid="subtitle",
    )


def _key(deco: Any, frame: wc.Frame, plan: Plan) -> int:
    """The key under the chart, each entry where the plan laid it: the nations' colours (as
    drawn), the marks, the protected waters' wash, the flow, her voyage's marks, and the
    ports named by a number."""
    top = wc.BORDER_PX + frame.key_px
    x0 = wc.BORDER_PX
    deco.text(x0, top - 16, "Key", fontsize=9, style="italic", color=wc.INK, gid="key-title")
    for entry in plan.key:
        x, y = x0 + entry.x, top - entry.y
        _key_icon(deco, entry, x, y)
        deco.text(
            x + (0 if entry.icon == "number" else 18),
            y,
            entry.words,
            fontsize=KEY_POINTS,
            va="center",
            color=wc.INK,
            fontweight="bold" if entry.icon == "number" else "normal",
        )
    return len(plan.key)


def _key_icon(deco: Any, entry: KeyEntry, x: float, y: float) -> None:
    """What stands before an entry's words."""
    from matplotlib.collections import PathCollection
    from matplotlib.lines import Line2D
    from matplotlib.markers import MarkerStyle
    from matplotlib.patches import Rectangle
    from matplotlib.transforms import IdentityTransform

    from .run_layers import ARROW_SIZE, DAY_MARK_SIZE, TRACK_INK, arrow_path
    from .runs import REGION_INK

    icon = entry.icon
    if icon == "nation":
        fill, edge = entry.what[1], entry.what[2]
        swatch = Rectangle((x, y - 4), 12, 8, facecolor=fill, edgecolor=edge, linewidth=1.2)
        swatch.set_gid(f"key-{entry.what[0]}")
        deco.add_patch(swatch)
    elif icon in ("glyph", "mark", "day", "arrow"):
        if icon == "glyph":
            shape = {"tower": wc.tower_path, "houses": wc.houses_path, "ship": wc.ship_path}
            glyph = MarkerStyle(shape[entry.what[0]]())
            face, edge, size, gid = "#ffffff", wc.INK, 70.0, entry.what[0]
        elif icon == "mark":
            glyph = MarkerStyle(entry.what[1])
            face, edge, size, gid = entry.what[2], "#222222", 45.0, f"mark-{entry.what[0]}"
            edge = REGION_INK if face == "none" else edge  # a ring (MARK_STYLES)
        elif icon == "day":
            glyph = MarkerStyle("o")
            face, edge, size, gid = TRACK_INK, "#fffaf0", DAY_MARK_SIZE, "day-marks"
        else:
            glyph = MarkerStyle(arrow_path(0.0))
            face, edge, size, gid = TRACK_INK, "#fffaf0", ARROW_SIZE, "track-arrows"
        mark = PathCollection(
            [glyph.get_path().transformed(glyph.get_transform())],
            sizes=[size],
            offsets=[(x + 6, y)],
            offset_transform=deco.transData,
            facecolors=face,
            edgecolors=edge,
            linewidths=0.8,
        )
        mark.set_transform(IdentityTransform())
        mark.set_gid(f"key-{gid}")
        deco.add_collection(mark)
        if icon in ("day", "arrow"):
            deco.add_line(Line2D([x - 2, x + 14], [y, y], color=TRACK_INK, linewidth=1.1))
    elif icon == "wash":
        wash = Rectangle((x, y - 4), 14, 8, facecolor="#7a8fb0", alpha=0.3, edgecolor="none")
        wash.set_gid("key-waters")
        deco.add_patch(wash)
    elif icon == "flow":
        current = entry.what[0] == "current"
        deco.add_line(
            Line2D(
                [x, x + 14],
                [y, y],
                color=wc.CURRENT_INK if current else wc.WIND_INK,
                linestyle="-" if current else (0, (3, 2)),
                linewidth=1.0,
                gid="key-flow",
            )
        )
