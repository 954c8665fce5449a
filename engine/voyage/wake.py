"""Where a voyage went: the days she sailed in each named sea, the seas she reached and the
ports she put in at, read off her events, and the oceans and far waters those seas belong
to, so `privateer voyage` can say whether a captain sails the world or keeps to Europe.

The named seas are the world's (data/seas.geojson, as lettered on the century's charts); the
grouping of them into oceans and far waters is this module's, for reporting only: no rule of
play reads it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..events import Event
from ..world.world import World

FAR_WATERS: dict[str, tuple[str, ...]] = {
    "Caribbean": ("Mar de las Antillas", "Golfo de Mexico"),
    "Indian Ocean": (
        "Oceanus Indicus",
        "Mare Arabicum",
        "Mare Rubrum",
        "Sinus Persicus",
        "Sinus Gangeticus",
        "Estreito de Malaca",
    ),
    "China seas": ("Mare Chinense", "Mare Javanicum", "Archipelagus Orientalis"),
    "Pacific": (
        "Mar del Sur",
        "Mare Pacificum",
        "Oceanus Orientalis",
        "Mar Vermejo",
        "Fretum Anian",
    ),
}
"""The waters a voyage out of Plymouth has to cross an ocean to reach, by their seas."""

OCEANS: dict[str, tuple[str, ...]] = {
    "Mediterranean": ("Mare Mediterraneum", "Pontus Euxinus"),
    "Indian": FAR_WATERS["Indian Ocean"],
    "Pacific": FAR_WATERS["Pacific"] + FAR_WATERS["China seas"],
}
"""Every named sea not listed here is the Atlantic's (with its northern seas, the Channel,
the Baltic, the Caribbean and the Gulf); water in no named sea is counted as "open sea"."""

OPEN_SEA = "open sea"


@dataclass(frozen=True, slots=True)
class Wake:
    """Where one run went: days sailed in each sea (World.seas index, -1 for water in no
    named sea), sorted by sea, the ports she put in at, by name, sorted, and whether she was
    ever beyond Europe (`beyond_europe`)."""

    sea_days: tuple[tuple[int, int], ...]
    ports: tuple[str, ...]
    beyond_europe: bool = False

    @property
    def seas(self) -> tuple[int, ...]:
        """The named seas she sailed in."""
        return tuple(sea for sea, _ in self.sea_days if sea >= 0)


EUROPE_WEST, EUROPE_EAST, EUROPE_SOUTH = -45.0, 45.0, -5.0
"""Europe's waters, for reporting where runs go: a day west of 45°W, east of 45°E or south
of 5°S is beyond them (an ocean crossed, or the Cape, Brazil, the Indies). A measure of the
balance studies' own, wider than the home waters the rules keep guard ships out of
(world/fleet.py's EUROPE, a rule of play that reports must not move)."""


def beyond_europe(lon: float, lat: float) -> bool:
    return lon < EUROPE_WEST or lon > EUROPE_EAST or lat < EUROPE_SOUTH


def wake_of(world: World, start: int, events: list[Event]) -> Wake:
    """The wake of a voyage from its events: a day in the sea of her first node, and one for
    every node she sailed to (its "sailed" events); the ports of its "in_port" events.

    >>> from types import SimpleNamespace
    >>> sea = SimpleNamespace(  # node -> sea (-1: none) and where it lies
    ...     sea_of_node=[-1, 3, 3, 0], lon=[-4.0, -10.0, -30.0, -60.0], lat=[50.0, 45.0, 20.0, 15.0]
    ... )
    >>> days = [Event("sailed", 1, {"node": n}) for n in (1, 2, 3)]
    >>> wake_of(sea, 0, [*days, Event("in_port", 4, {"port": "Cadiz"})])
    Wake(sea_days=((-1, 1), (0, 1), (3, 2)), ports=('Cadiz',), beyond_europe=True)
    """
    days: Counter[int] = Counter({int(world.sea_of_node[start]): 1})
    ports: set[str] = set()
    lon, lat = world.lon, world.lat
    beyond = beyond_europe(float(lon[start]), float(lat[start]))
    for event in events:
        if event.kind == "sailed":
            node = event.data["node"]
            days[int(world.sea_of_node[node])] += 1
            beyond = beyond or beyond_europe(float(lon[node]), float(lat[node]))
        elif event.kind == "in_port":
            ports.add(event.data["port"])
    return Wake(tuple(sorted(days.items())), tuple(sorted(ports)), beyond)


def ocean_of(sea_name: str) -> str:
    """The ocean a named sea belongs to (OCEANS; the Atlantic otherwise)."""
    for ocean, seas in OCEANS.items():
        if sea_name in seas:
            return ocean
    return "Atlantic"


def water_of(sea_name: str) -> str:
    """The far water a named sea belongs to (FAR_WATERS), else its ocean (`ocean_of`): the
    Caribbean apart from the rest of the Atlantic."""
    for water, seas in FAR_WATERS.items():
        if sea_name in seas:
            return water
    return ocean_of(sea_name)


def where_figures(wakes: list[Wake], sea_names: tuple[str, ...]) -> dict[str, Any]:
    """Where many runs went: the share of their days at sea by named sea and by ocean (each
    share of all days, largest first), the share of runs that reached each far water and any
    of them (an ocean crossed), the share ever beyond Europe's waters (`beyond_europe`: the
    far waters, and Brazil, the Cape and the Atlantic's far side too), and the ports entered
    (how many different ones over all runs, and a run on average)."""
    runs = len(wakes)
    by_sea: Counter[str] = Counter()
    for wake in wakes:
        for sea, days in wake.sea_days:
            by_sea[sea_names[sea] if sea >= 0 else OPEN_SEA] += days
    total = sum(by_sea.values()) or 1
    by_ocean: Counter[str] = Counter()
    for name, days in by_sea.items():
        by_ocean[OPEN_SEA if name == OPEN_SEA else ocean_of(name)] += days

    def shares(counts: Counter[str]) -> dict[str, float]:
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return {name: round(days / total, 3) for name, days in ranked}

    index = {name: i for i, name in enumerate(sea_names)}
    reached = {}
    far: set[int] = set()
    for water, seas in FAR_WATERS.items():
        wanted = {index[s] for s in seas if s in index}
        far |= wanted
        hit = sum(1 for wake in wakes if wanted.intersection(wake.seas))
        reached[water] = round(hit / runs, 3) if runs else 0.0
    beyond = sum(1 for wake in wakes if far.intersection(wake.seas))
    entered: set[str] = set().union(*(w.ports for w in wakes)) if wakes else set()
    return {
        "days_by_sea": shares(by_sea),
        "days_by_ocean": shares(by_ocean),
        "reached": reached,
        "reached_any": round(beyond / runs, 3) if runs else 0.0,
        "beyond_europe": (round(sum(w.beyond_europe for w in wakes) / runs, 3) if runs else 0.0),
        "ports_entered": len(entered),
        "ports_per_run": round(sum(len(w.ports) for w in wakes) / runs, 2) if runs else 0.0,
    }
