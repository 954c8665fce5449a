"""A Tribes map (seed 002) in the woodcut's manner: the terrain as washes on the parchment, each
tribe's claimed territory (the organic claims, seed 002's part 2) washed in its colour with its
border ruled (or, for data without claims, each settlement's territory square by tier), the
settlement as the woodcut's tower (a city) or houses (smaller), ringed once more a wall level,
the warbands as the woodcut's ship's hull turned pennant (a triangle, its size by soldiers,
hollow while routing, the soldiers lettered), caravans and settler wagons as small squares on
the road, threat camps as ink crosses with their strength, and the names lettered in the
woodcut's serif on a faint parchment wash, so the words stay text in an SVG. The key under the
map names each tribe in its colour and the marks.

It draws plain data (`cli/tribes_view.py` `chart_input` gives it): the terrain rows, the tribes,
the settlements with their territory radius, the claims (tribe by tile, -1 wilderness), the
warbands, caravans and camps; it reads no engine type. Every layer is an SVG group with an id
(`terrain`, `claims` or `territories`, `settlements`, `warbands`, `caravans`, `camps`, `names`,
`key`)."""

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
THREAT_INK = "#3b2a20"  # the camps: near-black ink
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
    draw = _claims if data.get("claims") else _territories
    territories = draw(ax, data, size)
    marks = _settlements(ax, data, inches / size)
    bands = _warbands(ax, data, inches / size)
    caravans = _caravans(ax, data, inches / size)
    camps = _camps(ax, data, inches / size)
    _key(fig, data)
    fig.text(
        0.5, 0.985, f"The Tribes: {data['title']}", ha="center", va="top", color=INK,
        fontsize=13, style="italic", gid="title",
    )  # fmt: skip
    drawn = {"settlements": marks, "territories": territories, "warbands": bands}
    return fig, {**drawn, "caravans": caravans, "camps": camps}


def _claims(ax: Any, data: dict[str, Any], size: int) -> int:
    """Each tribe's claimed tiles washed in its colour, and the border between a claim and
    anything else ruled in that colour; how many tiles are claimed."""
    from matplotlib.collections import LineCollection
    from matplotlib.colors import to_rgba

    owners = np.array(data["claims"], dtype=np.int64)
    wash = np.zeros((size, size, 4), dtype=float)
    claimed = 0
    tribes = sorted({int(t) for t in np.unique(owners) if t >= 0})
    for tribe in tribes:
        colour = to_rgba(tribe_colour(tribe), 0.2)
        mask = owners == tribe
        wash[mask] = colour
        claimed += int(mask.sum())
    image = ax.imshow(wash, extent=(0, size, size, 0), interpolation="nearest", zorder=2)
    image.set_gid("claims")
    segments: list[list[tuple[int, int]]] = []
    colours: list[str] = []
    for y in range(size):
        for x in range(size):
            tribe = int(owners[y, x])
            if tribe < 0:
                continue
            if x + 1 >= size or owners[y, x + 1] != tribe:
                segments.append([(x + 1, y), (x + 1, y + 1)])
                colours.append(tribe_colour(tribe))
            if x == 0 or owners[y, x - 1] != tribe:
                segments.append([(x, y), (x, y + 1)])
                colours.append(tribe_colour(tribe))
            if y + 1 >= size or owners[y + 1, x] != tribe:
                segments.append([(x, y + 1), (x + 1, y + 1)])
                colours.append(tribe_colour(tribe))
            if y == 0 or owners[y - 1, x] != tribe:
                segments.append([(x, y), (x + 1, y)])
                colours.append(tribe_colour(tribe))
    if segments:
        edges = LineCollection(segments, colors=colours, linewidths=1.2, zorder=3)
        edges.set_gid("claim-edges")
        ax.add_collection(edges)
    return claimed


def _warbands(ax: Any, data: dict[str, Any], inches_per_tile: float) -> int:
    """A pennant (triangle) a warband in its tribe's colour, bigger with more soldiers, hollow
    while routing, its soldiers lettered beside it."""
    bands = data.get("warbands", [])
    base = max(5.0, min(12.0, 72 * inches_per_tile * 1.4))
    for w in bands:
        colour = tribe_colour(int(w["tribe"]))
        points = base * (1.0 + min(1.0, int(w["size"]) / 200))
        ax.scatter(
            [w["x"] + 0.5], [w["y"] + 0.5], s=points**2, marker="^",
            c=["none" if w.get("routing") else colour], edgecolors=[colour if w.get("routing")
            else INK], linewidths=1.0, zorder=7, gid=f"warband-{w['id']}",
        )  # fmt: skip
        ax.text(
            w["x"] + 1.2, w["y"] - 0.2, str(w["size"]), fontsize=max(6.0, base * 0.6),
            color=colour, ha="left", va="center", zorder=8, gid=f"warband-size-{w['id']}",
        )  # fmt: skip
    return len(bands)


def _caravans(ax: Any, data: dict[str, Any], inches_per_tile: float) -> int:
    """A small square a caravan (a settler wagon: a diamond) in its tribe's colour."""
    carts = data.get("caravans", [])
    points = max(4.0, min(9.0, 72 * inches_per_tile))
    for c in carts:
        ax.scatter(
            [c["x"] + 0.5], [c["y"] + 0.5], s=points**2, marker="D" if c.get("wagon") else "s",
            c=[tribe_colour(int(c["tribe"]))], edgecolors=INK, linewidths=0.6, zorder=6,
            gid=f"caravan-{c['id']}",
        )  # fmt: skip
    return len(carts)


def _camps(ax: Any, data: dict[str, Any], inches_per_tile: float) -> int:
    """An ink cross a threat camp, its kind's initial and strength lettered beside it."""
    camps = data.get("camps", [])
    points = max(6.0, min(12.0, 72 * inches_per_tile * 1.5))
    for c in camps:
        ax.scatter(
            [c["x"] + 0.5], [c["y"] + 0.5], s=points**2, marker="X", c=[THREAT_INK],
            edgecolors=INK, linewidths=0.6, zorder=6, gid=f"camp-{c['id']}",
        )  # fmt: skip
        ax.text(
            c["x"] + 1.2, c["y"] + 0.5, f"{str(c['kind'])[:1].upper()}{c['strength']}",
            fontsize=max(6.0, points * 0.6), color=THREAT_INK, ha="left", va="center",
            zorder=8, gid=f"camp-label-{c['id']}",
        )  # fmt: skip
    return len(camps)


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
    """Each tribe's name in its colour, in a row under the map, and what the marks are."""
    tribes = data["tribes"]
    if not tribes:
        return
    fig.text(
        0.5, 0.012, "\u25b2 warband (soldiers)   \u25a0 caravan   \u25c6 settler wagon   "
        "\u00d7 threat camp (kind, strength)", ha="center", va="bottom", fontsize=8, color=INK,
        style="italic", gid="key-marks",
    )  # fmt: skip
    step = 0.92 / len(tribes)
    for i, tribe in enumerate(tribes):
        name = tribe["name"] + ("" if tribe.get("alive", True) else " (gone)")
        fig.text(
            0.04 + step * (i + 0.5), 0.04, name, ha="center", va="center", fontsize=10,
            color=tribe_colour(int(tribe["id"])), fontweight="bold", gid=f"key-{tribe['id']}",
        )  # fmt: skip
