"""The sea round her drawn in character cells, for the terminal's chart panel: land where the
sea graph has no node near (its nodes lie at most a degree or so apart at sea), ports in their
nations' colours, her ship, her course's end, the ships in sight and her rumors' places. A
pure function of the world, the captain's view and the window (centre and zoom), so the
screen only asks for rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from rich.text import Text

from privateer.engine.world import World

ZOOMS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""Degrees of longitude a column, nearest first (a row is twice as many of latitude: a
terminal's cell is about twice as tall as it is wide)."""
NEIGHBOURS = 3  # a node's reach is about as far as its third neighbour
REACH_SHARE = 0.9
MIN_REACH, MAX_REACH = 0.25, 3.0  # degrees
LAND, SEA = "░", " "
HER, COURSE, RUMOR, CLOUD = "@", "X", "?", ":"
NATION_STYLES = {
    "england": "bold red",
    "spain": "bold yellow",
    "france": "bold blue",
    "portugal": "bold green",
    "dutch": "bold bright_magenta",
    "barbary": "bold bright_cyan",
    "morocco": "bold cyan",
    "ottoman": "bold magenta",
}
SHIP_MARKS = {
    "merchant": "m",
    "treasure_fleet": "T",
    "guard_ship": "g",
    "armada": "A",
    "privateer": "p",
    "hunter": "h",
    "corsair": "c",
    "sea_monster": "S",
}


@dataclass(frozen=True)
class Window:
    """The chart's middle (lon, lat) and its zoom (an index into ZOOMS)."""

    lon: float
    lat: float
    zoom: int = 2

    @property
    def degrees(self) -> float:
        return ZOOMS[self.zoom]

    def panned(self, columns: int, rows: int) -> Window:
        return Window(self.lon + columns * self.degrees, self.lat - rows * 2 * self.degrees,
                      self.zoom)  # fmt: skip

    def following(self, lon: float, lat: float, width: int, height: int) -> Window:
        """This window, or one centred on (lon, lat) once she is within a sixth of its edge
        (so the chart follows her without jumping every day)."""
        column, row = _cell(self, width, height, lon, lat)
        inside = (
            width // 6 <= column < width - width // 6 and height // 6 <= row < height - height // 6
        )
        return self if inside else Window(lon, lat, self.zoom)

    def zoomed(self, step: int) -> Window:
        return Window(self.lon, self.lat, min(len(ZOOMS) - 1, max(0, self.zoom + step)))


@cache
def _sea(world: World) -> tuple[Any, np.ndarray[Any, Any]]:
    """The nodes' tree, and each node's reach: the sea round a node reaches about as far as
    its neighbours lie (dense along a coast, sparse in the open ocean), so a cell is sea if a
    node's reach covers it, and land where none does."""
    from scipy.spatial import cKDTree

    tree = cKDTree(np.c_[world.lon, world.lat])
    apart, _ = tree.query(np.c_[world.lon, world.lat], k=NEIGHBOURS + 1)
    return tree, np.clip(apart[:, -1] * REACH_SHARE, MIN_REACH, MAX_REACH)


def _cell(window: Window, width: int, height: int, lon: float, lat: float) -> tuple[int, int]:
    column = round((lon - window.lon) / window.degrees + width / 2)
    row = round((window.lat - lat) / (2 * window.degrees) + height / 2)
    return column, row


def chart_rows(
    world: World,
    view: Mapping[str, Any],
    window: Window,
    width: int,
    height: int,
    land: Any = None,
    clouds: Sequence[int] = (),
) -> list[Text]:
    """`height` rows of `width` cells: the sea and the land (`land`'s, the source's polygons;
    until it is read, land where no node of the sea is near), then the marks over them (ports,
    rumors, ships in sight, her course's end, her)."""
    columns = window.lon + (np.arange(width) - width / 2) * window.degrees
    rows = window.lat - (np.arange(height) - height / 2) * 2 * window.degrees
    lon, lat = np.meshgrid(columns, rows)
    if land is not None:
        sea = ~np.asarray(land.contains(lon.ravel(), lat.ravel())).reshape(height, width)
    else:
        tree, reach = _sea(world)
        distance, nearest = tree.query(np.c_[lon.ravel(), lat.ravel()], k=8)
        covered = distance <= reach[np.minimum(nearest, len(reach) - 1)] + window.degrees / 4
        sea = covered.any(axis=1).reshape(height, width)
    cells = [[SEA if sea[r, c] else LAND for c in range(width)] for r in range(height)]
    styles: list[list[str]] = [["blue" if sea[r, c] else "green" for c in range(width)]
                               for r in range(height)]  # fmt: skip

    def mark(lon_: float, lat_: float, char: str, style: str) -> None:
        c, r = _cell(window, width, height, lon_, lat_)
        if 0 <= c < width and 0 <= r < height:
            cells[r][c], styles[r][c] = char, style

    for node in clouds:
        mark(float(world.lon[node]), float(world.lat[node]), CLOUD, "yellow")
    for port in world.ports:
        nation = world.nations[port.nation]
        mark(float(world.lon[port.node]), float(world.lat[port.node]), "o",
             NATION_STYLES.get(nation, "bold white"))  # fmt: skip
    for rumor in view.get("rumors") or []:
        if rumor.get("lon") is not None:
            mark(rumor["lon"], rumor["lat"], RUMOR, "bold bright_yellow")
    for ship in view.get("in_sight") or []:
        node = int(ship["node"])
        style = "bold bright_red" if ship.get("hostile") else "bold white"
        mark(float(world.lon[node]), float(world.lat[node]),
             SHIP_MARKS.get(ship.get("kind", ""), "s"), style)  # fmt: skip
    course = view.get("course")
    if course is not None:
        mark(float(world.lon[course]), float(world.lat[course]), COURSE, "bold bright_green")
    mark(float(view["lon"]), float(view["lat"]), HER, "bold reverse")
    return [_row(cells[r], styles[r]) for r in range(height)]


def _row(chars: Sequence[str], styles: Sequence[str]) -> Text:
    text = Text(no_wrap=True)
    for char, style in zip(chars, styles, strict=True):
        text.append(char, style)
    return text


def key_text() -> str:
    """What each mark means."""
    ships = " ".join(f"{m} {k.replace('_', ' ')}" for k, m in SHIP_MARKS.items())
    return (
        f"{HER} you  {COURSE} course  o port  {RUMOR} rumor  {CLOUD} its cloud  {LAND} land  "
        f"{ships}"
    )
