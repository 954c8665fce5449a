"""A Tribes chart's colours and its key (pipeline/chart/tribes_map.py draws the map): each tribe
by its number and name in its colour, each terrain on the map as a swatch of its wash with its
name, what each mark is drawn as, and the settlements lettered by a number for want of room.
Entries are measured as the renderer draws them and flowed into rows no wider than the map, so
none is cut at the figure's edge or runs into the next; the key's height is known before the
figure is made."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .placing import Measure
from .woodcut import INK, LAND_FILL, darkened, houses_path, tower_path

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
CLAIM_ALPHA = 0.2  # a claimed tile's wash of its tribe's colour

KEY_POINTS = 9.0
ROW_PX = 20.0  # a row of the key, in pixels
ICON_PX = 13.0  # a swatch's or a mark's width
GAP_PX = 5.0  # between an icon and its words
ENTRY_GAP_PX = 18.0  # between entries
SECTION_GAP_PX = 4.0  # more between the key's sections


def tribe_colour(tribe: int) -> str:
    return darkened(TRIBE_COLOURS[tribe % len(TRIBE_COLOURS)])


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of the key: an icon ('wash', 'swatch', 'mark' or none) and its words."""

    gid: str
    words: str
    icon: str = ""
    what: tuple[Any, ...] = ()  # the icon's particulars
    colour: str = INK
    weight: str = "normal"
    style: str = "normal"


@dataclass(frozen=True, slots=True)
class Placed:
    entry: Entry
    x: float  # the entry's left, pixels from the figure's left
    y: float  # its row's middle, pixels up from the key's bottom


def key_entries(data: dict[str, Any], numbered: list[tuple[str, str]],
                unplaced: list[str]) -> list[list[Entry]]:  # fmt: skip
    """The key's sections: the tribes, the terrain on the map, the marks, the numbers."""
    tribes = [
        Entry(
            f"key-{t['id']}",
            f"{t['id']} {t['name']}" + ("" if t.get("alive", True) else " (gone)"),
            "wash",
            (tribe_colour(int(t["id"])),),
            tribe_colour(int(t["id"])),
            weight="bold",
        )
        for t in data["tribes"]
    ]
    present = set("".join(data["rows"]))
    names: dict[str, str] = data.get("terrain", {})
    terrain = [
        Entry(f"key-terrain-{c}", names.get(c, c), "swatch", (colour,), style="italic")
        for c, colour in TERRAIN_COLOURS.items()
        if c in present
    ]
    marks = [
        Entry("key-mark-city", "city", "mark", ("tower", 1.0), style="italic"),
        Entry("key-mark-settlement", "village or town", "mark", ("houses", 1.0), style="italic"),
        Entry("key-mark-warband", "warband (soldiers)", "mark", ("^", 0.8), style="italic"),
        Entry("key-mark-routing", "routing", "mark", ("^", 0.8, "hollow"), style="italic"),
        Entry("key-mark-caravan", "caravan", "mark", ("s", 0.6), style="italic"),
        Entry("key-mark-wagon", "settler wagon", "mark", ("D", 0.6), style="italic"),
        Entry("key-mark-camp", "threat camp (kind, strength)", "mark", ("X", 0.8),
              style="italic"),
    ]  # fmt: skip
    numbers = [Entry(f"key-number-{n}", f"{n} {name}") for n, name in numbered]
    numbers += [Entry(f"key-unplaced-{i}", text) for i, text in enumerate(unplaced)]
    return [section for section in (tribes, terrain, marks, numbers) if section]


def layout(
    sections: list[list[Entry]], width: float, measure: Measure
) -> tuple[list[Placed], float]:
    """The entries flowed into rows of at most `width` pixels, each row centred, a section
    starting a row; where each goes and the key's height (pixels)."""
    rows: list[tuple[list[tuple[Entry, float]], float]] = []  # entries with widths, row's gap
    for s, section in enumerate(sections):
        row: list[tuple[Entry, float]] = []
        used = 0.0
        for entry in section:
            w = measure.size(entry.words, KEY_POINTS, entry.style, entry.weight)[0]
            w += ICON_PX + GAP_PX if entry.icon else 0.0
            if row and used + ENTRY_GAP_PX + w > width:
                rows.append((row, 0.0))
                row, used = [], 0.0
            used += (ENTRY_GAP_PX if row else 0.0) + w
            row.append((entry, w))
        rows.append((row, SECTION_GAP_PX if s else 0.0))
    height = sum(ROW_PX + gap for _, gap in rows)
    placed: list[Placed] = []
    top = height
    for row, gap in rows:
        top -= gap
        middle = top - ROW_PX / 2
        total = sum(w for _, w in row) + ENTRY_GAP_PX * (len(row) - 1)
        x = (width - total) / 2
        for entry, w in row:
            placed.append(Placed(entry, x, middle))
            x += w + ENTRY_GAP_PX
        top -= ROW_PX
    return placed, height


def draw_key(fig: Any, placed: list[Placed], left: float, bottom: float) -> None:
    """The key's entries on `fig`, its lower left `left`, `bottom` figure pixels in."""
    from matplotlib.lines import Line2D
    from matplotlib.markers import MarkerStyle
    from matplotlib.patches import Rectangle

    width, height = fig.bbox.width, fig.bbox.height

    def frac(x: float, y: float) -> tuple[float, float]:
        return (left + x) / width, (bottom + y) / height

    glyphs = {"tower": MarkerStyle(tower_path()), "houses": MarkerStyle(houses_path())}
    for p in placed:
        e = p.entry
        x = p.x
        if e.icon in ("wash", "swatch"):
            (colour,) = e.what
            corner = frac(x, p.y - ICON_PX / 2)
            box = Rectangle(
                corner, ICON_PX / width, ICON_PX / height, transform=fig.transFigure,
                facecolor=colour, alpha=CLAIM_ALPHA + 0.25 if e.icon == "wash" else 1.0,
                edgecolor=colour if e.icon == "wash" else INK, linewidth=1.0 if e.icon == "wash"
                else 0.5, gid=f"{e.gid}-icon",
            )  # fmt: skip
            fig.add_artist(box)
            x += ICON_PX + GAP_PX
        elif e.icon == "mark":
            name, scale, *hollow = e.what
            marker = glyphs.get(name, name)
            fill = THREAT_INK if name == "X" else INK
            mark = Line2D(
                [frac(x + ICON_PX / 2, p.y)[0]], [frac(x, p.y)[1]], marker=marker,
                markersize=ICON_PX * 72 / fig.dpi * scale, linestyle="none",
                markerfacecolor="none" if hollow else fill, markeredgecolor=INK,
                markeredgewidth=0.8, transform=fig.transFigure, gid=f"{e.gid}-icon",
            )  # fmt: skip
            fig.add_artist(mark)
            x += ICON_PX + GAP_PX
        fig.text(
            *frac(x, p.y), e.words, ha="left", va="center", fontsize=KEY_POINTS, color=e.colour,
            fontweight=e.weight, style=e.style, gid=e.gid,
        )  # fmt: skip
