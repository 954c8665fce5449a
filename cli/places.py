"""Places by name, for everything a person reads or types: the one resolver of port and place
names (any case, accents folded, a close misspelling answered with what was meant) that every
command uses, and the one describer of where a node lies ("2 days (130 nm) west of Cape St
Vincent, Oceanus Atlanticus"), of a course's days and miles, and of a place a ship or rumor
was seen. Node ids appear only with `debug` (play --debug); the log keeps them always.

The landmarks are the world's ports, straits, banks and river mouths, and the headlands of
data/capes.csv (each with its source). The capes are read here, snapped to the nearest node of
the day graph: the world's build, its tables and its hash never see them.
"""

from __future__ import annotations

import csv
import difflib
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from privateer.data import DATA_DIR

from .common import plain_name

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix

    from privateer.engine.world.world import World

CAPES_FILE = DATA_DIR / "capes.csv"
EARTH_NM = 3440.065  # the earth's mean radius in nautical miles
CAPE_SNAP_NM = 90.0  # a cape farther than this from any water node is not one of this world's
COMPASS = ("north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest")
KIND_ORDER = ("port", "strait", "bank", "river_mouth", "cape")  # who names a shared node


class UnknownPlace(ValueError):
    """A name no port (or place) of the world answers to; the message says what might be."""


@dataclass(frozen=True, slots=True)
class Landmark:
    name: str  # as read: "Cádiz", "the Strait of Gibraltar", "the mouth of the Amazon"
    kind: str  # one of KIND_ORDER
    node: int


def nm_between(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    """Great-circle distance in nautical miles.

    >>> round(nm_between(0.0, 0.0, 1.0, 0.0))
    60
    """
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_NM * math.asin(min(1.0, math.sqrt(h)))


def compass(lon1: float, lat1: float, lon2: float, lat2: float) -> str:
    """The eight-point direction from the first point to the second.

    >>> compass(0.0, 0.0, -1.0, 0.0)
    'west'
    """
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dl = math.radians(lon2 - lon1)
    x = math.sin(dl) * math.cos(p2)
    y = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    degrees = math.degrees(math.atan2(x, y)) % 360.0
    return COMPASS[int((degrees + 22.5) // 45) % 8]


def days_words(days: int) -> str:
    return "a day" if days == 1 else f"{days} days"


def suggest(text: str, names: list[str]) -> list[str]:
    """The names a slip of `text` most likely meant (at most three, best first): close
    spellings, else names that begin the same way.

    >>> suggest("Havanna", ["Havana", "Cádiz", "Hamburg"])
    ['Havana']
    >>> suggest("cadi", ["Havana", "Cádiz"])
    ['Cádiz']
    """
    folded = {plain_name(n): n for n in names}
    wanted = plain_name(text)
    close = difflib.get_close_matches(wanted, list(folded), n=3, cutoff=0.75)
    if not close and len(wanted) >= 3:
        close = sorted(k for k in folded if k.startswith(wanted[:4]))[:3]
    return [folded[k] for k in close]


def did_you_mean(text: str, names: list[str], what: str = "port") -> str:
    """The refusal for a name nothing answers to, with what it may have meant."""
    close = suggest(text, names)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    return f"no {what} named {text!r}{hint}"


def find_port(world: World, text: str) -> int:
    """The index of the port `text` names (any case, accents folded), or UnknownPlace saying
    what was perhaps meant."""
    wanted = plain_name(text)
    for i, port in enumerate(world.ports):
        if plain_name(port.name) == wanted:
            return i
    raise UnknownPlace(did_you_mean(text, [p.name for p in world.ports]))


def _feature_name(kind: str, name: str) -> str:
    """A feature's name as a sentence reads it: "the Dogger Bank", "the mouth of the Amazon"."""
    name = name[4:] if name.lower().startswith("the ") else name
    if kind == "river_mouth":
        return f"the {name}" if "mouth" in name else f"the mouth of the {name}"
    return f"the {name}"


def load_capes(world: World) -> list[Landmark]:
    """The headlands of data/capes.csv, each at the water node nearest it (those with none
    within CAPE_SNAP_NM left out: this world has no water there)."""
    nodes = np.unique(world.leg_nodes)
    lon, lat = world.lon[nodes], world.lat[nodes]
    out = []
    with CAPES_FILE.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            x, y = float(row["lon"]), float(row["lat"])
            d = (((lon - x + 180.0) % 360.0 - 180.0) * np.cos(np.radians(y))) ** 2 + (lat - y) ** 2
            node = int(nodes[int(np.argmin(d))])
            if nm_between(x, y, float(world.lon[node]), float(world.lat[node])) <= CAPE_SNAP_NM:
                out.append(Landmark(row["name"], "cape", node))
    return out


class Places:
    """How the screens name the places of `world`. With `debug`, node ids are added; `closed`
    gives the nodes her keel keeps off (a deep keel's banks), for the days of a course."""

    def __init__(
        self,
        world: World,
        *,
        debug: bool = False,
        closed: Callable[[], frozenset[int]] | None = None,
    ) -> None:
        self.world = world
        self.debug = debug
        self.closed = closed

    # --- names in ----------------------------------------------------------------------

    def find(self, text: str) -> tuple[int, str]:
        """The node and name of the port (or cape, strait, bank, river mouth) `text` names,
        or UnknownPlace with what was perhaps meant."""
        try:
            port = self.world.ports[find_port(self.world, text)]
            return port.node, port.name
        except UnknownPlace:
            pass
        wanted = plain_name(text)
        for mark in self.landmarks:
            bare = mark.name.removeprefix("the ").removeprefix("mouth of the ")
            if wanted in (plain_name(mark.name), plain_name(bare)):
                return mark.node, mark.name
        for index, place in self.world.drake_places:  # Drake's places, for his circuit
            if plain_name(place) == wanted:
                return int(self.world.drake[index]), place
        names = [p.name for p in self.world.ports] + [m.name for m in self.landmarks]
        raise UnknownPlace(did_you_mean(text, names, "port or place"))

    # --- names out ---------------------------------------------------------------------

    @cached_property
    def landmarks(self) -> list[Landmark]:
        world = self.world
        marks = [Landmark(p.name, "port", p.node) for p in world.ports]
        seen: set[tuple[str, int]] = set()
        for node, kind, name in world.features:
            if kind in KIND_ORDER and (name, node) not in seen:
                seen.add((name, node))
                marks.append(Landmark(_feature_name(kind, name), kind, node))
        marks += load_capes(world)
        return marks

    @cached_property
    def _by_node(self) -> dict[int, Landmark]:
        """The landmark that names each landmark node (a port before a strait, ... a cape)."""
        out: dict[int, Landmark] = {}
        for mark in sorted(self.landmarks, key=lambda m: KIND_ORDER.index(m.kind)):
            out.setdefault(mark.node, mark)
        return out

    @cached_property
    def _step_nm(self) -> csr_matrix:
        """The day graph weighed by each step's miles."""
        from scipy.sparse import csr_matrix

        world = self.world
        x, y, _ = world.day_steps
        p1, p2 = np.radians(world.lat[x]), np.radians(world.lat[y])
        dl = np.radians(world.lon[y] - world.lon[x])
        h = np.sin((p2 - p1) / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2
        nm = 2 * EARTH_NM * np.arcsin(np.minimum(1.0, np.sqrt(h))) + 1e-6
        rows, cols = np.concatenate([x, y]), np.concatenate([y, x])
        return csr_matrix((np.concatenate([nm, nm]), (rows, cols)), shape=(world.n, world.n))

    @cached_property
    def _nearest(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per node: the miles to the nearest landmark by sea, the step before it on that way,
        and the landmark's node (-9999 where none is reachable)."""
        from scipy.sparse.csgraph import dijkstra

        sources = sorted(self._by_node)
        dist, before, source = dijkstra(
            self._step_nm,
            directed=False,
            indices=sources,
            min_only=True,
            return_predecessors=True,
        )
        return dist, before, source

    def nearest(self, node: int) -> tuple[Landmark, int, float] | None:
        """The landmark nearest `node` by sea, with the days and miles to it (None: none)."""
        dist, before, source = self._nearest
        if not np.isfinite(dist[node]):
            return None
        days, at = 0, node
        while before[at] >= 0:
            at = int(before[at])
            days += 1
        return self._by_node[int(source[node])], days, float(dist[node])

    def node_id(self, node: int) -> str:
        """ " [node N]" with debug; nothing otherwise."""
        return f" [node {node}]" if self.debug else ""

    def sea(self, node: int) -> str:
        sea = int(self.world.sea_of_node[node])
        return self.world.seas[sea] if sea >= 0 else ""

    def near(self, node: int, sea: bool = True) -> str:
        """Where `node` lies, by the nearest landmark and the sea: "off Cádiz, Oceanus
        Atlanticus", "2 days (130 nm) west of Cape St Vincent, Oceanus Atlanticus"."""
        world = self.world
        found = self.nearest(node)
        water = self.sea(node) if sea else ""
        if found is None:
            where = self.sea(node) or f"{float(world.lon[node]):.1f}, {float(world.lat[node]):.1f}"
            return where + self.node_id(node)
        mark, days, nm = found
        if days == 0:
            how = {"bank": "on", "strait": "in"}.get(mark.kind, "off")
            where = f"{how} {mark.name}"
        else:
            side = compass(
                float(world.lon[mark.node]),
                float(world.lat[mark.node]),
                float(world.lon[node]),
                float(world.lat[node]),
            )
            where = f"{days_words(days)} ({nm:,.0f} nm) {side} of {mark.name}"
        return where + (f", {water}" if water else "") + self.node_id(node)

    def port_at(self, node: int) -> str | None:
        """The name of the port at `node`, if one is."""
        mark = self._by_node.get(node)
        return mark.name if mark is not None and mark.kind == "port" else None

    def target(self, node: int) -> str:
        """A destination: the port's (or cape's, strait's...) name, or the water `near`
        describes."""
        mark = self._by_node.get(node)
        return mark.name + self.node_id(node) if mark else "the sea " + self.near(node)

    def way(self, start: int, end: int) -> tuple[int, float] | None:
        """The days and miles from `start` to `end` as a course sails it (a step a day, each
        the one that brings her nearest), or None if there is no way."""
        world = self.world
        closed = self.closed() if self.closed is not None else frozenset()
        hops = world.hops_avoiding([end], closed) if closed else world.hops_from([end])
        days = int(hops[start])
        if days < 0:
            return None
        nm, at = 0.0, start
        for _ in range(days):
            step = next(n for n in world.step_neighbours[at] if hops[n] == hops[at] - 1)
            nm += nm_between(
                float(world.lon[at]), float(world.lat[at]), float(world.lon[step]),
                float(world.lat[step]),
            )  # fmt: skip
            at = step
        return days, nm

    def course(self, start: int, end: int) -> str:
        """A course in words: "Cádiz: 9 days, 610 nm"."""
        way = self.way(start, end)
        if way is None:
            return f"{self.target(end)}: no way by sea"
        days, nm = way
        return f"{self.target(end)}: {days_words(days)}, {nm:,.0f} nm"
