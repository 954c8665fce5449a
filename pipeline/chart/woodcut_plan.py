"""Where everything written on the woodcut goes, decided before it is drawn: the cartouche and
the wind rose in the emptiest corners (fewest marks, least track, least land), then every
label, greedy by importance, clear of every mark, every other label and the frame (`placing`):
what a run chart counts, her day marks, the ports' names (a port with no room for its name
gets a number, listed in the key), the seas; and the key's entries laid out to the map's
width, so its band is as tall as it needs."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd
import shapely

from . import woodcut as wc
from .common import Flow, ShipMark
from .placing import (
    SPREAD,
    Measure,
    Placer,
    Rect,
    Spot,
    around,
    busyness,
    corner_rects,
    square,
    square_at,
)
from .run_layers import (
    ARROW_SIZE,
    DAY_MARK_DAYS,
    DAY_MARK_SIZE,
    TrackMarks,
    key_entries,
    track_marks,
    where_count,
)
from .runs import MARK_STYLES, VoyagePicture, WherePicture

PX_PER_POINT = 100.0 / 72.0  # the chart is drawn at 100 dpi
INSET_PX = 14.0  # the cartouche and the rose stand this far in from the map's edge
TITLE_POINTS, SUBTITLE_POINTS = 11.0, 6.5
KEY_POINTS = 6.0
KEY_ROW_PX, KEY_SECTION_PX = 15.0, 20.0
KEY_TOP_PX = 34.0  # from the map's lower edge to the key's first row
INK_RING_PX = 1.5  # a port's glyph is ringed in ink this far beyond its size


def port_glyph_points(scale: float) -> float:
    """A port's glyph size (points squared, as matplotlib sizes markers)."""
    return 90.0 if scale >= 12 else 55.0


def label_points(scale: float) -> float:
    return 7.0 if scale >= 12 else 5.5


def half_px(size: float) -> float:
    """Half the width of a marker of `size` points squared, in pixels."""
    return math.sqrt(size) * PX_PER_POINT / 2


@dataclass(frozen=True, slots=True)
class Label:
    text: str
    spot: Spot
    points: float
    anchor: tuple[float, float]  # what it names, map pixels (for a leader)


@dataclass(frozen=True, slots=True)
class KeyEntry:
    """One entry of the key: `icon` says what to draw before the words ('nation', 'glyph',
    'wash', 'flow', 'mark', 'day', 'arrow', 'number'), `what` the icon's particulars."""

    icon: str
    what: tuple[str, ...]
    words: str
    x: float  # pixels from the key's left
    y: float  # pixels below the map's lower edge


@dataclass
class Plan:
    cartouche: Rect
    subtitle_lines: list[str]
    rose: Rect
    ports: dict[str, Label] = field(default_factory=dict)  # port name -> its name's label
    numbers: dict[str, Label] = field(default_factory=dict)  # port name -> its number
    seas: list[tuple[str, Label]] = field(default_factory=list)
    counts: list[tuple[str, Label]] = field(default_factory=list)  # sea -> what a run counted
    days: list[Label] = field(default_factory=list)
    key: list[KeyEntry] = field(default_factory=list)
    key_px: float = wc.KEY_PX


def plan_woodcut(
    frame: wc.Frame,
    land: shapely.Geometry,
    *,
    ports: pd.DataFrame,
    seas: pd.DataFrame,
    xy: np.ndarray,
    voyage: VoyagePicture | None,
    where: WherePicture | None,
    ships: list[ShipMark],
    titles: tuple[str, str],
    flow: Flow | None,
    flow_days: int,
    measure: Measure,
) -> Plan:
    """Where the frame's pieces, every label and the key's entries go (see the module)."""
    width, height = frame.width, frame.height
    px = _to_px(frame)
    marks: list[Rect] = []  # every mark drawn on the map, as the rectangle it covers
    glyph = port_glyph_points(frame.scale)
    port_xy = px(ports.lon.to_numpy(float), ports.lat.to_numpy(float))
    marks += [square(x, y, half_px(glyph) + INK_RING_PX) for x, y in port_xy]
    track = np.empty((0, 2))
    along = None
    if voyage is not None:
        track = px(xy[[voyage.start, *voyage.track], 0], xy[[voyage.start, *voyage.track], 1])
        for mark in voyage.marks:
            (x, y), size = px(*xy[mark.node]), MARK_STYLES[mark.kind][2]
            if MARK_STYLES[mark.kind][1] != "none":  # a ring round a port keeps its name by it
                marks.append(square(float(x), float(y), half_px(size)))
        along = track_marks(voyage, xy)
        marks += [square_at(px(lon, lat), half_px(DAY_MARK_SIZE)) for _, lon, lat in along.days]
        marks += [square_at(px(lon, lat), half_px(ARROW_SIZE)) for lon, lat, _ in along.arrows]
    for _, lon, lat, warship in ships:
        marks.append(square_at(px(lon, lat), half_px(110.0 if warship else 60.0)))
    where_xy = np.empty((0, 2))
    if where is not None and where.by_node:
        nodes = [n for n, _ in where.by_node]
        where_xy = px(xy[nodes, 0], xy[nodes, 1])

    heading, subtitle = titles
    lines, cartouche_size = _cartouche_size(heading, subtitle, width, measure)
    radius = max(22.0, min(56.0, height * 0.12))
    rose_size = (2 * radius, 2 * radius + 14.0)
    crowd = np.vstack([port_xy.reshape(-1, 2), track, where_xy, _centres(marks)])
    cartouche, rose = _corners(frame, land, crowd, cartouche_size, rose_size)
    plan = Plan(cartouche, lines, rose)

    placer = Placer(width, height, measure)
    for rect in [*marks, cartouche, rose]:
        placer.block(rect)
    points = label_points(frame.scale)
    if where is not None:
        for name, lon, lat, times in where.by_sea:
            x, y = px(lon, lat)
            text = where_count(where.what, times)
            spot = placer.place(x, y, text, 7.0, SPREAD, weight="bold")
            if spot is not None:
                plan.counts.append((name, Label(text, spot, 7.0, (x, y))))
    visited = {m.label for m in voyage.marks if m.kind == "port"} if voyage else set()
    order = sorted(
        range(len(ports)),
        key=lambda i: (
            ports.name.iloc[i] not in visited,
            not bool(ports.fortified.iloc[i]),
            str(ports.name.iloc[i]),
        ),
    )
    beside = around(half_px(glyph) + INK_RING_PX)

    def name_port(i: int) -> None:
        x, y = port_xy[i]
        text = str(ports.name.iloc[i])
        spot = placer.place(x, y, text, points, beside)
        if spot is not None:
            plan.ports[text] = Label(text, spot, points, (x, y))

    first = [i for i in order if ports.name.iloc[i] in visited]
    for i in first:  # the ports she put in at, before her days
        name_port(i)
    if along is not None:
        for day, lon, lat in along.days:
            x, y = px(lon, lat)
            text = f"day {day}"
            spot = placer.place(x, y, text, 5.5, around(half_px(DAY_MARK_SIZE)), style="italic")
            if spot is not None:
                plan.days.append(Label(text, spot, 5.5, (x, y)))
    for i in order[len(first) :]:
        name_port(i)
    unnamed = sorted(
        (i for i in range(len(ports)) if str(ports.name.iloc[i]) not in plan.ports),
        key=lambda i: (-round(float(ports.lat.iloc[i])), float(ports.lon.iloc[i])),
    )
    farther = around(half_px(glyph) + INK_RING_PX, rings=5)
    for number, i in enumerate(unnamed, start=1):
        x, y = port_xy[i]
        spot = placer.place(x, y, str(number), points, farther, weight="bold")
        if spot is not None:
            plan.numbers[str(ports.name.iloc[i])] = Label(str(number), spot, points, (x, y))
    sea_points = float(min(14.0, max(9.0, frame.scale * 1.4)))
    for sea in seas.itertuples():
        x, y = px(sea.label_lon, sea.label_lat)
        spot = placer.place(x, y, sea.name, sea_points, SPREAD, style="italic")
        if spot is not None:
            plan.seas.append((sea.name, Label(sea.name, spot, sea_points, (x, y))))

    plan.key, plan.key_px = _key(
        frame, ports, (voyage, along), plan.numbers, bool(ships), flow, flow_days, measure
    )
    return plan


def _to_px(frame: wc.Frame) -> Any:
    """lon, lat (scalars or arrays) to map pixels: (x, y), or an (n, 2) array."""

    def px(lon: Any, lat: Any) -> Any:
        x = (np.asarray(lon, float) - frame.box.west) * frame.scale
        y = (np.asarray(lat, float) - frame.box.south) * frame.scale
        if x.ndim == 0:
            return float(x), float(y)
        return np.column_stack([x, y])

    return px


def _centres(rects: list[Rect]) -> np.ndarray:
    return np.array([((r[0] + r[2]) / 2, (r[1] + r[3]) / 2) for r in rects]).reshape(-1, 2)


def _cartouche_size(
    heading: str, subtitle: str, width: float, measure: Measure
) -> tuple[list[str], tuple[float, float]]:
    """The subtitle's lines (broken to fit nine tenths of the map) and the cartouche's size."""
    room = width * 0.9 - 24
    lines: list[str] = []
    for word in subtitle.split(" "):
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and measure.size(trial, SUBTITLE_POINTS)[0] <= room:
            lines[-1] = trial
        else:
            lines.append(word)
    hw, hh = measure.size(heading, TITLE_POINTS, "italic")
    sw = max(measure.size(line, SUBTITLE_POINTS)[0] for line in lines) if lines else 0.0
    sh = measure.size("Ag", SUBTITLE_POINTS)[1]
    w = min(width - 2 * INSET_PX, max(hw, sw) + 24)
    return lines, (w, 10 + hh + 4 + sh * len(lines) + 10)


def _corners(
    frame: wc.Frame,
    land: shapely.Geometry,
    crowd: np.ndarray,
    cartouche: tuple[float, float],
    rose: tuple[float, float],
) -> tuple[Rect, Rect]:
    """The cartouche in the emptiest corner, the rose in the emptiest of the others (ties:
    the cartouche upper left, the rose lower right, as the charts of the century had them)."""

    def score(rect: Rect) -> float:
        box = frame.box
        w, s = box.west + rect[0] / frame.scale, box.south + rect[1] / frame.scale
        e, n = box.west + rect[2] / frame.scale, box.south + rect[3] / frame.scale
        cell = shapely.box(w, s, e, n)
        share = 0.0 if land.is_empty else shapely.intersection(land, cell).area / cell.area
        return busyness(rect, crowd, share)

    first = corner_rects(frame.width, frame.height, cartouche, INSET_PX)
    chosen = min(first, key=lambda c: (score(first[c]), list(first).index(c)))
    second = corner_rects(frame.width, frame.height, rose, INSET_PX)
    order = ["lower right", "upper right", "lower left", "upper left"]
    rose_at = min(
        (c for c in order if c != chosen), key=lambda c: (score(second[c]), order.index(c))
    )
    return first[chosen], second[rose_at]


def _key(
    frame: wc.Frame,
    ports: pd.DataFrame,
    run: tuple[VoyagePicture | None, TrackMarks | None],
    numbers: dict[str, Label],
    ships: bool,
    flow: Flow | None,
    flow_days: int,
    measure: Measure,
) -> tuple[list[KeyEntry], float]:
    """The key's entries in rows across the map's width, a section a row or more: the
    nations, the marks, her voyage's marks, the ports numbered; and the band's height."""
    Entry = tuple[str, tuple[str, ...], str]
    sections: list[list[Entry]] = []
    sections.append(
        [
            (
                "nation",
                (str(n.nation), *wc.on_parchment(n.field, n.border)),
                str(n.nation).replace("_", " ").title(),
            )
            for n in ports.drop_duplicates("nation").sort_values("nation").itertuples()
        ]
    )
    marks: list[Entry] = [
        ("glyph", ("tower",), "a fortified port"),
        ("glyph", ("houses",), "an open town"),
    ]
    if ships:
        marks.append(("glyph", ("ship",), "a ship (a warship larger)"))
    marks.append(("wash", (), "protected waters (a nation's wash)"))
    if flow is not None and flow_days:
        what = "current" if flow.kind == "current" else f"wind, season {flow.season}"
        marks.append(("flow", (flow.kind,), f"{what}: an arrow is {flow_days} days' drift"))
    sections.append(marks)
    voyage, along = run
    if voyage is not None:
        her: list[Entry] = [
            ("mark", (kind, marker, colour), words)
            for kind, marker, colour, words in key_entries(voyage.marks)
        ]
        if along is not None and along.days:
            her.append(("day", (), f"her place every {DAY_MARK_DAYS} days, lettered by the day"))
        if along is not None and along.arrows:
            her.append(("arrow", (), "her heading"))
        sections.append(her)
    if numbers:
        by_number = sorted(numbers.items(), key=lambda item: int(item[1].text))
        sections.append(
            [("number", (label.text,), f"{label.text}  {name}") for name, label in by_number]
        )
    right = frame.width
    entries: list[KeyEntry] = []
    y = KEY_TOP_PX
    for section in sections:
        if not section:
            continue
        x = 0.0
        for icon, particulars, words in section:
            w = (0.0 if icon == "number" else 18.0) + measure.size(words, KEY_POINTS)[0] + 16.0
            if x + w > right and x > 0:
                x, y = 0.0, y + KEY_ROW_PX
            entries.append(KeyEntry(icon, particulars, words, x, y))
            x += w
        y += KEY_SECTION_PX
    band = y - KEY_SECTION_PX + 14.0  # below the last row
    return entries, max(40.0, band - wc.BORDER_PX + 8.0)
