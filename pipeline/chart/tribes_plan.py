"""Where a Tribes chart's words go (pipeline/chart/tribes_map.py draws them): every mark is
measured first, then the woodcut's label placer (placing.py) letters the settlements' names,
the greatest first, then the camps' and the warbands' figures, each where it fits inside the
map's frame clear of every mark and of every word placed before it. A name with no room beside
its settlement is tried farther out (drawn with a leader), then as a number listed in the key;
a camp's or warband's figure with no room is left unlettered (its mark still says what it is).

Everything is in the map's pixels (origin at its lower left, y up), as placing.py's are, so the
plan is made before the figure is."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .placing import Measure, Placer, Spot, around, square

DPI = 100
"""The chart's pixels an inch (the PNG's; an SVG is laid out the same, in points)."""
INK_RING_PX = 1.5  # a glyph is ringed in ink this far beyond its size
NAME_RINGS = 3  # rings of places round a settlement a name is tried at before a number
NUMBER_RINGS = 5
FIGURE_RINGS = 2  # for a camp's or warband's figure


@dataclass(frozen=True, slots=True)
class Word:
    """One word on the map, where the plan put it."""

    text: str
    spot: Spot
    points: float
    gid: str
    anchor: tuple[float, float]  # what it names, map pixels
    half: float  # that mark's half size, pixels (a leader starts at its edge)
    style: str = "normal"
    weight: str = "normal"
    colour: str = ""  # empty: the ink


@dataclass(slots=True)
class TribesPlan:
    words: list[Word] = field(default_factory=list)
    numbered: list[tuple[str, str]] = field(default_factory=list)  # (number, name), for the key
    unplaced: list[str] = field(default_factory=list)  # names with no room even for a number


def points_px(points: float) -> float:
    """A size in points as chart pixels."""
    return points * DPI / 72.0


def sizes(size: int, side_inches: float) -> dict[str, float]:
    """The marks' sizes in points for a map `size` tiles a side drawn `side_inches` wide, and
    the names' and figures' type."""
    tile = 72 * side_inches / size  # a tile, in points
    settlement = max(7.0, min(16.0, tile * 2.2))
    warband = max(5.0, min(12.0, tile * 1.4))
    camp = max(6.0, min(12.0, tile * 1.5))
    return {
        "settlement": settlement,
        "name": max(7.0, settlement * 0.7),
        "warband": warband,
        "warband_figure": max(6.0, warband * 0.6),
        "caravan": max(4.0, min(9.0, tile)),
        "camp": camp,
        "camp_figure": max(6.0, camp * 0.6),
    }


def warband_points(base: float, soldiers: int) -> float:
    """A warband's pennant grows with its soldiers, to twice its size at 200."""
    return base * (1.0 + min(1.0, soldiers / 200))


def plan_words(
    data: dict[str, Any], side_px: float, type_sizes: dict[str, float], measure: Measure
) -> TribesPlan:
    """Where each name and figure goes on a map `side_px` pixels a side (see the module)."""
    size = int(data["size"])

    def px(x: float, y: float) -> tuple[float, float]:  # a tile's centre
        return (x + 0.5) * side_px / size, side_px - (y + 0.5) * side_px / size

    placer = Placer(side_px, side_px, measure)
    halves: dict[str, float] = {}
    settlement_half = points_px(type_sizes["settlement"]) / 2 + INK_RING_PX
    for s in data["settlements"]:
        placer.block(square(*px(s["x"], s["y"]), settlement_half))
    for w in data.get("warbands", []):
        points = warband_points(type_sizes["warband"], int(w["size"]))
        halves[f"warband-{w['id']}"] = points_px(points) / 2 + INK_RING_PX
        placer.block(square(*px(w["x"], w["y"]), halves[f"warband-{w['id']}"]))
    for c in data.get("caravans", []):
        placer.block(square(*px(c["x"], c["y"]), points_px(type_sizes["caravan"]) / 2))
    camp_half = points_px(type_sizes["camp"]) / 2 + INK_RING_PX
    for c in data.get("camps", []):
        placer.block(square(*px(c["x"], c["y"]), camp_half))

    plan = TribesPlan()
    order = sorted(
        data["settlements"], key=lambda s: (-int(s["radius"]), -int(s["pop"]), s["name"])
    )
    points = type_sizes["name"]
    unnamed = []
    for s in order:
        at = px(s["x"], s["y"])
        spot = placer.place(*at, s["name"], points, around(settlement_half, NAME_RINGS),
                            style="italic")  # fmt: skip
        if spot is None:
            unnamed.append(s)
            continue
        plan.words.append(
            Word(s["name"], spot, points, f"name-{s['name']}", at, settlement_half, "italic")
        )
    for number, s in enumerate(sorted(unnamed, key=lambda s: (s["y"], s["x"])), start=1):
        at = px(s["x"], s["y"])
        text = str(number)
        spot = placer.place(*at, text, points, around(settlement_half, NUMBER_RINGS), weight="bold")
        if spot is None:
            plan.unplaced.append(f"{s['name']} at {s['x']},{s['y']}")
            continue
        plan.numbered.append((text, s["name"]))
        gid = f"name-{s['name']}"
        plan.words.append(Word(text, spot, points, gid, at, settlement_half, weight="bold"))

    def figure(item: dict[str, Any], text: str, gid: str, half: float, kind: str,
               colour: str) -> None:  # fmt: skip
        at = px(item["x"], item["y"])
        spot = placer.place(*at, text, type_sizes[kind], around(half, FIGURE_RINGS))
        if spot is not None:
            plan.words.append(Word(text, spot, type_sizes[kind], gid, at, half, colour=colour))

    for c in data.get("camps", []):
        text = f"{str(c['kind'])[:1].upper()}{c['strength']}"
        figure(c, text, f"camp-label-{c['id']}", camp_half, "camp_figure", "camp")
    for w in data.get("warbands", []):
        half = halves[f"warband-{w['id']}"]
        figure(w, str(w["size"]), f"warband-size-{w['id']}", half, "warband_figure",
               f"tribe-{w['tribe']}")  # fmt: skip
    return plan


def leader(word: Word) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """A far word's leader: from its mark's edge towards the word's nearest side (None for a
    word beside its mark)."""
    if not word.spot.far:
        return None
    left, bottom, right, top = word.spot.rect
    x, y = word.anchor
    tx, ty = min(max(x, left), right), min(max(y, bottom), top)
    dx, dy = tx - x, ty - y
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    start = (x + dx / length * word.half, y + dy / length * word.half)
    return start, (tx, ty)
