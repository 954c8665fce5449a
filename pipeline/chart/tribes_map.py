"""A Tribes map (seed 002) in the woodcut's manner: the terrain as washes on the parchment, each
settlement's territory square (Chebyshev radius by tier) ruled in its tribe's colour, the
settlement as the woodcut's tower (a city) or houses (smaller), and the names lettered in the
woodcut's serif on a faint parchment wash, so the words stay text in an SVG. The key under the
map names each tribe in its colour.

It draws plain data (`cli/tribes_view.py` `chart_input` gives it): the terrain rows, the tribes,
and the settlements with their territory radius; it reads no engine type. Every layer is an
SVG group with an id (`terrain`, `territories`, `settlements`, `names`, `key`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from .woodcut import INK, LAND_FILL, PARCHMENT, darkened, houses_path, tower_path

TERRAIN_COLOURS = {
    ".": LAND_FILL,  # plains: the woodcut's land
    "f": "#b7b98c",  # forest
    "h": "#d3b27f",  # hills
    "m": "#a88d6b",  # mountain
    "w": "#cfd8c9",  # ocean: a cool wash on the parchment
    "r": "#9fb6b4",  # river
    "s": "#bab69c",  # swamp
    "t": "#e6dcab",  # steppe
    "a": "#f6f3ea",  # arctic
    "v": "#8f5b3d",  # volcano
    "O": "#8f7762",  # ore vein
    "G": "#d6b24c",  # gold vein
}
TRIBE_COLOURS = (
    "#a33a2b", "#2d5f91", "#3e7b3a", "#7b4a90", "#b9741b", "#2f7e7e", "#902f60", "#5c5c2a",
)  # fmt: skip
"""Heraldic colours by tribe id, each kept readable on the parchment (woodcut.darkened)."""
CITY_TIER_RADIUS = 12  # a settlement whose territory is this wide is a city: the tower
INCHES_PER_TILE = 0.14
MIN_INCHES, MAX_INCHES = 6.0, 16.0
DPI = 100


def tribe_colour(tribe: int) -> str:
    return darkened(TRIBE_COLOURS[tribe % len(TRIBE_COLOURS)])


def terrain_image(rows: list[str]) -> np.ndarray:
    """The terrain as an RGB array, a pixel a tile, row 0 at the top."""
    from matplotlib.colors import to_rgb

    rgb = {c: to_rgb(colour) for c, colour in TERRAIN_COLOURS.items()}
    fallback = to_rgb(LAND_FILL)
    return np.array([[rgb.get(c, fallback) for c in row] for row in rows], dtype=float)


def draw_tribes_map(data: dict[str, Any], out: Path) -> dict[str, int]:
    """Draw `data` to `out` (PNG or SVG, by its suffix); what was drawn, by kind."""
    import matplotlib

    matplotlib.use("Agg")
    with matplotlib.rc_context({"svg.fonttype": "none", "font.family": "serif"}):
        fig, drawn = _figure(data)
        fig.savefig(out, dpi=DPI, format=out.suffix.lower()[1:], facecolor=PARCHMENT)
        import matplotlib.pyplot as plt

        plt.close(fig)
    return drawn


def _figure(data: dict[str, Any]) -> tuple[Any, dict[str, int]]:
    import matplotlib.pyplot as plt

    size = int(data["size"])
    inches = min(MAX_INCHES, max(MIN_INCHES, size * INCHES_PER_TILE))
    fig = plt.figure(figsize=(inches, inches + 0.9), facecolor=PARCHMENT)
    ax = fig.add_axes((0.04, 0.1, 0.92, 0.92 * inches / (inches + 0.9)))
    ax.set_xlim(0, size)
    ax.set_ylim(size, 0)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_color(INK)
        spine.set_linewidth(1.6)
    image = ax.imshow(
        terrain_image(data["rows"]), extent=(0, size, size, 0), interpolation="nearest"
    )
    image.set_gid("terrain")
    territories = _territories(ax, data, size)
    marks = _settlements(ax, data, inches / size)
    _key(fig, data)
    fig.text(
        0.5, 0.985, f"The Tribes: {data['title']}", ha="center", va="top", color=INK,
        fontsize=13, style="italic", gid="title",
    )  # fmt: skip
    return fig, {"settlements": marks, "territories": territories}


def _territories(ax: Any, data: dict[str, Any], size: int) -> int:
    """Each settlement's territory square, clipped to the map, in its tribe's colour."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    patches, colours = [], []
    for s in data["settlements"]:
        r = int(s["radius"])
        x0, y0 = max(0, s["x"] - r), max(0, s["y"] - r)
        x1, y1 = min(size, s["x"] + r + 1), min(size, s["y"] + r + 1)
        patches.append(Rectangle((x0, y0), x1 - x0, y1 - y0))
        colours.append(tribe_colour(int(s["tribe"])))
    if not patches:
        return 0
    fills = PatchCollection(patches, facecolors=colours, edgecolors="none", alpha=0.13)
    edges = PatchCollection(patches, facecolors="none", edgecolors=colours, linewidths=1.4)
    fills.set_gid("territories")
    edges.set_gid("territory-edges")
    ax.add_collection(fills)
    ax.add_collection(edges)
    return len(patches)


def _settlements(ax: Any, data: dict[str, Any], inches_per_tile: float) -> int:
    """A tower for a city, houses for a smaller settlement, in its tribe's colour ringed in
    ink; its name beside it on a parchment wash."""
    from matplotlib.markers import MarkerStyle

    glyphs = {True: MarkerStyle(tower_path()), False: MarkerStyle(houses_path())}
    points = max(7.0, min(16.0, 72 * inches_per_tile * 2.2))
    for s in data["settlements"]:
        city = int(s["radius"]) >= CITY_TIER_RADIUS
        ax.scatter(
            [s["x"] + 0.5], [s["y"] + 0.5], s=points**2, marker=glyphs[city],
            c=[tribe_colour(int(s["tribe"]))], edgecolors=INK, linewidths=0.8, zorder=5,
            gid=f"settlement-{s['name']}",
        )  # fmt: skip
        ax.text(
            s["x"] + 1.6, s["y"] + 0.5, s["name"], fontsize=max(7.0, points * 0.75),
            ha="left", va="center", color=INK, style="italic", zorder=6, gid=f"name-{s['name']}",
            bbox={"boxstyle": "square,pad=0.05", "fc": PARCHMENT, "ec": "none", "alpha": 0.6},
        )  # fmt: skip
    return len(data["settlements"])


def _key(fig: Any, data: dict[str, Any]) -> None:
    """Each tribe's name in its colour, in a row under the map."""
    tribes = data["tribes"]
    if not tribes:
        return
    step = 0.92 / len(tribes)
    for i, tribe in enumerate(tribes):
        name = tribe["name"] + ("" if tribe.get("alive", True) else " (gone)")
        fig.text(
            0.04 + step * (i + 0.5), 0.04, name, ha="center", va="center", fontsize=10,
            color=tribe_colour(int(tribe["id"])), fontweight="bold", gid=f"key-{tribe['id']}",
        )  # fmt: skip
