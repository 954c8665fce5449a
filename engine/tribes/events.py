"""What the Tribes world tells (seed 002's SimEvents): each event kind and its payload's fields,
declared once. Events are narration: they are logged and replayed, but they are not part of the
state hash. `tribe` is the tribe an event is about, `settlement` a settlement's id."""

from __future__ import annotations

from typing import Any, TypedDict


class WorldMade(TypedDict):
    seed: int
    size: int
    tribes: list[str]
    ticks: int


class Founded(TypedDict):
    tribe: int
    settlement: int
    name: str
    x: int
    y: int
    pop: int


class BuildOrdered(TypedDict):
    tribe: int
    settlement: int
    building: str
    count: int


class Built(TypedDict):
    tribe: int
    settlement: int
    building: str
    level: int  # the building's count (walls: the wall level) once complete


class Demolished(TypedDict):
    tribe: int
    settlement: int
    building: str
    level: int  # what is left


class Researched(TypedDict):
    tribe: int
    tech: str
    cost: int


class Rite(TypedDict):
    tribe: int
    rite: str
    target: int  # a settlement's id, or the tribe's for a tribe-wide rite
    until: int  # the tick the effect ends on


class RiteEnded(TypedDict):
    tribe: int
    rite: str
    target: int


class Starvation(TypedDict):
    tribe: int
    settlement: int
    deaths: int
    shortfall: int  # food points short this tick


class TierReached(TypedDict):
    tribe: int
    settlement: int
    tier: int
    name: str  # camp, village, town, city


class Emigration(TypedDict):
    tribe: int
    settlement: int
    people: int


class WagonSetOut(TypedDict):
    tribe: int
    wagon: int
    settlement: int  # where it left from
    settlers: int
    grain: int
    x: int  # the site it makes for
    y: int


class WagonMerged(TypedDict):
    tribe: int
    wagon: int
    settlement: int  # the settlement it joined, its site being blocked
    settlers: int


class Abandoned(TypedDict):
    tribe: int
    settlement: int  # its people all gone, it is removed (elimination.py)
    name: str


class Eliminated(TypedDict):
    tribe: int


class Metrics(TypedDict):
    frame: dict[str, Any]  # metrics.py's frame: the tick and a row by tribe


class WorldEnded(TypedDict):
    result: str  # tick_cap, last_standing, all_gone
    winner: int | None
    scores: list[int]


TRIBES_EVENTS: dict[str, type] = {
    "world": WorldMade,
    "founded": Founded,
    "build_ordered": BuildOrdered,
    "built": Built,
    "demolished": Demolished,
    "researched": Researched,
    "rite": Rite,
    "rite_ended": RiteEnded,
    "starvation": Starvation,
    "tier": TierReached,
    "emigration": Emigration,
    "wagon_set_out": WagonSetOut,
    "wagon_merged": WagonMerged,
    "abandoned": Abandoned,
    "eliminated": Eliminated,
    "metrics": Metrics,
    "world_end": WorldEnded,
}
"""Every event kind of Tribes, by name: its payload's declared fields."""
