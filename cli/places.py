"""Places by name, for everything a person reads or types: the one resolver of port and place
names (any case, accents folded, a close misspelling answered with what was meant) that every
command uses, and the one describer of where a node lies ("2 days (130 nm) west of Cape St
Vincent, Oceanus Atlanticus"), of a course's days and miles, and of a place a ship or rumor
was seen. Node ids appear only with `debug` (play --debug); the log keeps them always.

The landmarks are the world's ports, straits, banks and river mouths, and the headlands of
data/capes.csv (each with its source). The capes are read here, snapped to the nearest node of
the day graph: the world's build, its tables and its hash never see them. A course is also set
for a sea by its name, and for a point by LON,LAT; towns ashore (data/ashore.csv) and points on
land farther than a day's sail from the water are refused saying so.
"""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from privateer.cli.typed_names import close, either, fold, matches
from privateer.data import DATA_DIR

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix

    from privateer.engine.world import World

CAPES_FILE = DATA_DIR / "capes.csv"
ASHORE_FILE = DATA_DIR / "ashore.csv"
ASHORE_NM = 60.0
"""A point (or town) on land this near the world's water means that water (a harbour town's
own coordinates, an estuary's head: a day's sail); farther is inland, and refused."""
BEYOND_DEG = 1.0  # a point this far outside the box of the world's water lies beyond it
EARTH_NM = 3440.065  # the earth's mean radius in nautical miles
CAPE_SNAP_NM = 90.0  # a cape farther than this from any water node is not one of this world's
COMPASS = ("north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest")
KIND_ORDER = ("port", "strait", "bank", "river_mouth", "cape")  # who names a shared node


class UnknownPlace(ValueError):
    """A name no port (or place) of the world answers to, or a point no course is set for; the
    message says what might be, and `meant` is the one name a slip most likely meant."""

    def __init__(self, message: str, meant: str | None = None) -> None:
        super().__init__(message)
        self.meant = meant


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
    """The names a slip of `text` most likely meant (at most three, best first), only those
    close enough to be a typo (typed_names.close).

    >>> suggest("Havanna", ["Havana", "Cádiz", "Hamburg"])
    ['Havana']
    >>> suggest("cadi", ["Havana", "Cádiz"])
    ['Cádiz']
    >>> suggest("Madrid", ["Madras"])
    []
    """
    return close(text, names)


def did_you_mean(text: str, names: list[str], what: str = "port") -> str:
    """The refusal for a name nothing answers to, with what it may have meant."""
    return str(unknown(text, names, what))


def unknown(text: str, names: list[str], what: str = "port") -> UnknownPlace:
    """The refusal for a name nothing answers to, with what it may have meant (`meant`, to
    take, when one name is close)."""
    near = suggest(text, names)
    hint = f"; did you mean {either(near)}?" if near else ""
    return UnknownPlace(
        f"no {what} named {text.strip()!r}{hint}", near[0] if len(near) == 1 else None
    )


def one_of(text: str, found: list[str], what: str) -> str:
    """The one name of `found`, or UnknownPlace asking which (more than one)."""
    if len(found) == 1:
        return found[0]
    shown = found[:5] + (["..."] if len(found) > 5 else [])
    raise UnknownPlace(f"{text.strip()!r} could be {either(shown)}: which {what}?")


def find_port(world: World, text: str) -> int:
    """The index of the port `text` names (any case, accents folded, spaces or hyphens
    alike, or words of its name enough to tell it), or UnknownPlace saying what was perhaps
    meant."""
    names = [p.name for p in world.ports]
    found = matches(text, names)
    if not found:
        raise unknown(text, names)
    return names.index(one_of(text, found, "port"))


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


def load_ashore() -> dict[str, tuple[float, float]]:
    """The towns ashore of data/ashore.csv a person may name for a course (Madrid, Paris):
    name -> (lon, lat)."""
    with ASHORE_FILE.open(encoding="utf-8", newline="") as handle:
        return {r["name"]: (float(r["lon"]), float(r["lat"])) for r in csv.DictReader(handle)}


LON_LAT = re.compile(
    r"^\s*([-+]?\d+(?:\.\d*)?|[-+]?\.\d+)\s*,\s*([-+]?\d+(?:\.\d*)?|[-+]?\.\d+)\s*$"
)


def lon_lat(text: str) -> tuple[float, float] | None:
    """LON,LAT as typed (`-9.1,38.7`, `-9.1, 38.7`), or None if `text` is not two numbers so.

    >>> lon_lat("-9.1, 38.7"), lon_lat("Lisbon")
    ((-9.1, 38.7), None)
    """
    found = LON_LAT.match(text)
    return (float(found[1]), float(found[2])) if found else None


def degrees(lon: float, lat: float) -> str:
    """A point in words: "3.7W 40.4N"."""
    return f"{abs(lon):.1f}{'W' if lon < 0 else 'E'} {abs(lat):.1f}{'S' if lat < 0 else 'N'}"


class Places:
    """How the screens name the places of `world`. With `debug`, node ids are added; `closed`
    gives the nodes her keel keeps off (a deep keel's banks), for the days of a course; `land`
    says whether a point is on land (None: not known), for a course set by LON,LAT."""

    def __init__(
        self,
        world: World,
        *,
        debug: bool = False,
        closed: Callable[[], frozenset[int]] | None = None,
        land: Callable[[float, float], bool | None] | None = None,
    ) -> None:
        self.world = world
        self.debug = debug
        self.closed = closed
        self.land = land

    # --- names in ----------------------------------------------------------------------

    def resolve(self, text: str, near: int | None = None) -> int:
        """The node a course is set for: a node's number (as the log and the web's chart write
        it), LON,LAT (the world's water nearest, refused on land or beyond the world), or a
        name (`find`). UnknownPlace says why not, and what was perhaps meant."""
        text = text.strip()
        if text.lstrip("-").isdigit():
            return int(text)
        point = lon_lat(text)
        if point is not None:
            return self.at(*point)
        return self.find(text, near)[0]

    def find(self, text: str, near: int | None = None) -> tuple[int, str]:
        """The node and name of the port (or cape, strait, bank, river mouth, Drake's place,
        sea) `text` names, by its whole name or words enough to tell it; a place with many
        nodes (a bank) at the one fewest days from `near`. A town ashore is its water if a
        day's sail from it, else refused as inland. UnknownPlace says what was perhaps meant."""
        named = self._named
        ashore = self._ashore
        wanted = fold(text)
        exact = [n for n in named if fold(n) == wanted]
        if not exact:
            town = next((n for n in ashore if fold(n) == wanted), None)
            if town is not None:
                return self._town(town), town
        found = exact or matches(text, list(named))
        if not found:
            raise unknown(text, [*named, *ashore], "port or place")
        name = one_of(text, found, "place")
        return self._nearest_of(named[name], near), name

    def at(self, lon: float, lat: float) -> int:
        """The node of the world's water nearest LON,LAT; UnknownPlace if the point is off the
        earth, beyond this world's water, or on land farther than ASHORE_NM from it."""
        typed = f"{lon:g},{lat:g}"
        if not (-180.0 <= lon <= 180.0 and -90.0 <= lat <= 90.0):
            raise UnknownPlace(
                f"{typed} is no place on earth: LON,LAT is a longitude -180 to 180, then a "
                "latitude -90 to 90 (Lisbon is -9.1,38.7)"
            )
        west, south, east, north = self._bounds
        if not (west - BEYOND_DEG <= lon <= east + BEYOND_DEG) or not (
            south - BEYOND_DEG <= lat <= north + BEYOND_DEG
        ):
            raise UnknownPlace(
                f"{typed} ({degrees(lon, lat)}) lies beyond this world's waters, which span "
                f"{degrees(west, south)} to {degrees(east, north)}"
            )
        node, nm = self._water_near(lon, lat)
        if nm > ASHORE_NM and self.land is not None and self.land(lon, lat):
            raise UnknownPlace(
                f"{typed} ({degrees(lon, lat)}) is on land, {nm:,.0f} nm from the sea"
                f"{self._nearest_port(lon, lat)}"
            )
        return node

    def _town(self, name: str) -> int:
        """A town ashore's water, or UnknownPlace: it lies inland or beyond this world."""
        lon, lat = self._ashore[name]
        west, south, east, north = self._bounds
        if not (west <= lon <= east and south <= lat <= north):
            raise UnknownPlace(
                f"{name} is not on the sea: it lies ashore, beyond this world's waters"
            )
        node, nm = self._water_near(lon, lat)
        if nm > ASHORE_NM:
            raise UnknownPlace(
                f"{name} is not on the sea: it lies inland, {nm:,.0f} nm from the water"
                f"{self._nearest_port(lon, lat)}"
            )
        return node

    def _nearest_port(self, lon: float, lat: float) -> str:
        """ "; the nearest port is Lisbon" (nothing in a world without ports)."""
        world = self.world
        if not world.ports:
            return ""
        port = min(
            world.ports,
            key=lambda p: nm_between(lon, lat, float(world.lon[p.node]), float(world.lat[p.node])),
        )
        return f"; the nearest port is {port.name}"

    def _water_near(self, lon: float, lat: float) -> tuple[int, float]:
        """The day graph's node nearest a point, and the miles to it."""
        nodes = self._water
        world = self.world
        x, y = world.lon[nodes], world.lat[nodes]
        p1, p2 = math.radians(lat), np.radians(y)
        dl = np.radians(x - lon)
        h = np.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2
        nm = 2 * EARTH_NM * np.arcsin(np.minimum(1.0, np.sqrt(h)))
        best = int(np.argmin(nm))
        return int(nodes[best]), float(nm[best])

    def _nearest_of(self, nodes: list[int], near: int | None) -> int:
        """Of a place's nodes, the one fewest days from `near` (the first, with no `near`)."""
        if len(nodes) == 1 or near is None:
            return nodes[0]
        hops = self.world.hops_from([near])
        reach = [(int(hops[n]), i) for i, n in enumerate(nodes) if hops[n] >= 0]
        return nodes[min(reach)[1]] if reach else nodes[0]

    @cached_property
    def _water(self) -> np.ndarray:
        """The nodes of the day graph (where a ship can be)."""
        return np.unique(self.world.leg_nodes)

    @cached_property
    def _bounds(self) -> tuple[float, float, float, float]:
        """West, south, east, north of the world's water."""
        world, nodes = self.world, self._water
        x, y = world.lon[nodes], world.lat[nodes]
        return float(x.min()), float(y.min()), float(x.max()), float(y.max())

    @cached_property
    def _ashore(self) -> dict[str, tuple[float, float]]:
        """The towns ashore a person may name, less any the world names on the water."""
        taken = {fold(n) for n in self._named}
        return {n: at for n, at in load_ashore().items() if fold(n) not in taken}

    @cached_property
    def _named(self) -> dict[str, list[int]]:
        """Every name a course may be set for, with its nodes: the ports first, then the
        capes, straits, banks and river mouths, Drake's places, and the seas that have water
        in this world."""
        world = self.world
        out: dict[str, list[int]] = {}
        for port in world.ports:
            out.setdefault(port.name, []).append(port.node)
        for mark in self.landmarks:
            if mark.kind != "port":
                out.setdefault(mark.name, []).append(mark.node)
        for index, place in world.drake_places:  # Drake's places, for his circuit
            out.setdefault(place, []).append(int(world.drake[index]))
        have = set(np.unique(world.sea_of_node[world.sea_of_node >= 0]).tolist())
        for sea, name in enumerate(world.seas):
            if sea in have:
                out.setdefault(name, []).append(int(world.sea_label_node[sea]))
        return {name: list(dict.fromkeys(nodes)) for name, nodes in out.items()}

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
