"""A Tribes map (the Tribes design document) in the woodcut's manner: the terrain as washes on the
parchment, each tribe's claimed territory (the organic claims, the Tribes design document's part 2)
washed in its colour with its border ruled (or, for data without claims, each settlement's territory
square by tier), the settlement as the woodcut's tower (a city) or houses (smaller), the warbands as
pennants (a triangle, its size by soldiers, hollow while routing), caravans and settler wagons as
small squares on the road, threat camps as ink crosses. The words (names, soldiers, a camp's kind
and strength) are placed by tribes_plan.py inside the frame and clear of each other and of every
mark, in the woodcut's serif on a faint parchment wash, so they stay text in an SVG; the key under
the map (tribes_key.py) names each tribe by its number in its colour, each terrain on the map beside
its swatch, and the marks.

It draws plain data (`cli/tribes/view.py` `chart_input` gives it): the terrain rows and their
names, the tribes, the settlements with their territory radius, the claims (tribe by tile, -1
wilderness), the warbands, caravans and camps; it reads no engine type. Every layer and word is
an SVG group with an id (`map-frame`, `terrain`, `claims` or `territories`, `settlement-NAME`,
`warband-ID`, `caravan-ID`, `camp-ID`, `name-NAME`, `warband-size-ID`, `camp-label-ID`, and
the key's `key-ID`, `key-terrain-C`, `key-mark-KIND`, `key-number-N`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from .tribes_key import (
    CLAIM_ALPHA,
    TERRAIN_COLOURS,
    THREAT_INK,
    draw_key,
    key_entries,
    layout,
    tribe_colour,
)
from .tribes_plan import DPI, Word, leader, plan_words, sizes, warband_points
from .woodcut import INK, LAND_FILL, PARCHMENT, houses_path, tower_path

CITY_TIER_RADIUS = 12  # a settlement whose territory is this wide is a city: the tower
INCHES_PER_TILE = 0.14
MIN_INCHES, MAX_INCHES = 6.0, 16.0
MAP_SHARE = 0.92  # of the figure's width, the map's side; the rest its margins
TITLE_PX, KEY_GAP_PX, FOOT_PX = 40.0, 14.0, 10.0  # above the map, between it and the key, under


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
    """The map laid out before it is drawn: its words placed (tribes_plan.py), the key flowed
    under it (tribes_key.py), the figure as tall as both need."""
    import matplotlib.pyplot as plt

    from .placing import Measure

    size = int(data["size"])
    inches = min(MAX_INCHES, max(MIN_INCHES, size * INCHES_PER_TILE))
    width = inches * DPI
    side = MAP_SHARE * width
    left = (width - side) / 2
    measure = Measure(DPI)
    type_sizes = sizes(size, side / DPI)
    plan = plan_words(data, side, type_sizes, measure)
    placed, key_height = layout(key_entries(data, plan.numbered, plan.unplaced), side, measure)
    height = TITLE_PX + side + KEY_GAP_PX + key_height + FOOT_PX
    fig = plt.figure(figsize=(width / DPI, height / DPI), dpi=DPI, facecolor=PARCHMENT)
    bottom = FOOT_PX + key_height + KEY_GAP_PX
    ax = fig.add_axes((left / width, bottom / height, side / width, side / height))
    ax.set_xlim(0, size)
    ax.set_ylim(size, 0)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.patch.set_gid("map-frame")
    for spine in ax.spines.values():
        spine.set_color(INK)
        spine.set_linewidth(1.6)
    image = ax.imshow(
        terrain_image(data["rows"]), extent=(0, size, size, 0), interpolation="nearest"
    )
    image.set_gid("terrain")
    draw = _claims if data.get("claims") else _territories
    territories = draw(ax, data, size)
    marks = _settlements(ax, data, type_sizes["settlement"])
    bands = _warbands(ax, data, type_sizes["warband"])
    caravans = _caravans(ax, data, type_sizes["caravan"])
    camps = _camps(ax, data, type_sizes["camp"])
    for word in plan.words:
        _write(ax, word, size / side)
    draw_key(fig, placed, left, FOOT_PX)
    fig.text(
        0.5, 1 - 8 / height, f"The Tribes: {data['title']}", ha="center", va="top", color=INK,
        fontsize=13, style="italic", gid="title",
    )  # fmt: skip
    drawn = {"settlements": marks, "territories": territories, "warbands": bands}
    lettered = sum(1 for w in plan.words if w.gid.startswith("name-"))
    return fig, {
        **drawn, "caravans": caravans, "camps": camps, "names": lettered - len(plan.numbered),
        "numbered": len(plan.numbered), "unplaced": len(plan.unplaced),
    }  # fmt: skip


def _write(ax: Any, word: Word, tiles_per_px: float) -> None:
    """A word where the plan put it (map pixels to tiles, y down), a name on a faint wash of
    parchment, a far one with a leader to what it names."""
    size = ax.get_xlim()[1]

    def tile(x: float, y: float) -> tuple[float, float]:
        return x * tiles_per_px, size - y * tiles_per_px

    colour = {"": INK, "camp": THREAT_INK}.get(word.colour)
    if colour is None:
        colour = tribe_colour(int(word.colour.removeprefix("tribe-")))
    name = word.gid.startswith("name-")
    line = leader(word)
    if line is not None:
        (x0, y0), (x1, y1) = tile(*line[0]), tile(*line[1])
        ax.plot([x0, x1], [y0, y1], color=INK, linewidth=0.6, zorder=7, gid=f"{word.gid}-leader")
    ax.text(
        *tile(word.spot.x, word.spot.y), word.text, fontsize=word.points, ha=word.spot.ha,
        va=word.spot.va, color=colour, style=word.style, fontweight=word.weight, zorder=8,
        gid=word.gid, bbox={"boxstyle": "square,pad=0.05", "fc": PARCHMENT, "ec": "none",
        "alpha": 0.6} if name else None,
    )  # fmt: skip


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
        colour = to_rgba(tribe_colour(tribe), CLAIM_ALPHA)
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


def _warbands(ax: Any, data: dict[str, Any], base: float) -> int:
    """A pennant (triangle) a warband in its tribe's colour, bigger with more soldiers, hollow
    while routing (its soldiers are lettered by the plan)."""
    bands = data.get("warbands", [])
    for w in bands:
        colour = tribe_colour(int(w["tribe"]))
        points = warband_points(base, int(w["size"]))
        ax.scatter(
            [w["x"] + 0.5], [w["y"] + 0.5], s=points**2, marker="^",
            c=["none" if w.get("routing") else colour], edgecolors=[colour if w.get("routing")
            else INK], linewidths=1.0, zorder=7, gid=f"warband-{w['id']}",
        )  # fmt: skip
    return len(bands)


def _caravans(ax: Any, data: dict[str, Any], points: float) -> int:
    """A small square a caravan (a settler wagon: a diamond) in its tribe's colour."""
    carts = data.get("caravans", [])
    for c in carts:
        ax.scatter(
            [c["x"] + 0.5], [c["y"] + 0.5], s=points**2, marker="D" if c.get("wagon") else "s",
            c=[tribe_colour(int(c["tribe"]))], edgecolors=INK, linewidths=0.6, zorder=6,
            gid=f"caravan-{c['id']}",
        )  # fmt: skip
    return len(carts)


def _camps(ax: Any, data: dict[str, Any], points: float) -> int:
    """An ink cross a threat camp (its kind's initial and strength are lettered by the plan)."""
    camps = data.get("camps", [])
    for c in camps:
        ax.scatter(
            [c["x"] + 0.5], [c["y"] + 0.5], s=points**2, marker="X", c=[THREAT_INK],
            edgecolors=INK, linewidths=0.6, zorder=6, gid=f"camp-{c['id']}",
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


def _settlements(ax: Any, data: dict[str, Any], points: float) -> int:
    """A tower for a city, houses for a smaller settlement, in its tribe's colour ringed in
    ink (its name is lettered by the plan)."""
    from matplotlib.markers import MarkerStyle

    glyphs = {True: MarkerStyle(tower_path()), False: MarkerStyle(houses_path())}
    for s in data["settlements"]:
        city = int(s["radius"]) >= CITY_TIER_RADIUS
        ax.scatter(
            [s["x"] + 0.5], [s["y"] + 0.5], s=points**2, marker=glyphs[city],
            c=[tribe_colour(int(s["tribe"]))], edgecolors=INK, linewidths=0.8, zorder=5,
            gid=f"settlement-{s['name']}",
        )  # fmt: skip
    return len(data["settlements"])
