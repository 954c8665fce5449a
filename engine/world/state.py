"""The world's state: the day, the wars, your standing and the strain on each peace, the ports'
treasuries and alarms, the uncharted islands, and every ship of the world, as plain lists of
integers (a ship is an index into each). Canonical JSON to and from, checked; a state hash over
the same form. The RNG's whole state is one int in it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields
from typing import Any

import orjson

SAVE_VERSION = 2  # 2: wakes, your chart, the bar
WAKE_DAYS = 13  # today and the twelve days before

SHIP_KINDS = (
    "merchant",
    "treasure_fleet",
    "guard_ship",
    "armada",
    "privateer",
    "hunter",
    "corsair",
    "sea_monster",
)
MERCHANT, TREASURE, GUARD, ARMADA, PRIVATEER, HUNTER, CORSAIR, MONSTER = range(8)

TASKS = ("idle", "sailing", "resting", "laid_up", "stripping", "lying", "waiting")
IDLE, SAILING, RESTING, LAID_UP, STRIPPING, LYING, WAITING = range(7)

# The per-ship columns, in the order they are saved.
SHIP_COLUMNS = (
    "kind",  # SHIP_KINDS index
    "rig",  # 0 square-rigged, 1 weatherly
    "flag",  # nation index; -1 nobody's (a monster)
    "home",  # port index (a monster: the node of its sea's label)
    "node",  # where she is: a node of the day graph
    "leg",  # the leg she is sailing, -1 at a graph node
    "pos",  # steps sailed along it
    "forward",  # 1 sailing it from a to b, 0 from b to a
    "dest",  # the graph node she is bound for, -1 none
    "task",  # TASKS index
    "until",  # the day her task ends (resting, laid up, stripping, lying, waiting)
    "target",  # a corsair's town, a fleet's or armada's place in its course (port index)
    "laden",  # a corsair carrying captives: 1
    "course",  # a treasure fleet's or armada's course (index into WorldState.courses)
)


@dataclass(slots=True)
class WorldState:
    rules: str
    seed: int
    day: int
    rng: int
    wars: list[list[int]]  # pairs [a, b], a < b, at war, sorted
    standing: list[int]  # per nation: its standing with you
    strain: list[int]  # per nation: the strain on its peace with England
    pirate: int  # 1 while England counts you a pirate
    player_node: int  # where your ship is, -1 when you are not at sea
    treasury: list[int]  # per port
    sacked_until: list[int]
    guard_until: list[int]
    guard_raids: list[int]
    alarm_until: list[int]
    islands: list[int]  # nodes of the uncharted islands
    charted: list[int]  # 1 once charted
    courses: list[list[int]]  # treasure fleets' and armadas' courses, as port indices
    voyages: list[int]  # per ship kind: voyages completed
    ships: dict[str, list[int]] = field(default_factory=dict)
    # Where each ship was on each of the last WAKE_DAYS days (ship by ship, day % WAKE_DAYS):
    # what the bars talk about ("a sighting is up to twelve days old").
    wakes: list[list[int]] = field(default_factory=list)
    # Your chart: the nodes whose current you have seen (for good), and per season the nodes
    # whose wind you have seen in that season (for every such season), sorted.
    charted_currents: list[int] = field(default_factory=list)
    charted_winds: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    # The bar you are drinking in: (day, port, rounds stood); the room turns over overnight.
    bar: list[int] = field(default_factory=lambda: [-1, -1, 0])

    @property
    def ship_count(self) -> int:
        return len(self.ships["kind"])

    def copy(self) -> WorldState:
        return WorldState.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"version": SAVE_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "ships":
                value = {column: list(value[column]) for column in SHIP_COLUMNS}
            elif isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> WorldState:
        """A state from to_dict's output, checked for shape and types; ValueError otherwise."""
        if not isinstance(data, dict):
            raise ValueError(f"not a world state: a {type(data).__name__}, not an object")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"not a world state of version {SAVE_VERSION}")
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                raise ValueError(f"not a world state: {f.name} missing")
            values[f.name] = data[f.name]
        for name in ("seed", "day", "rng", "pirate", "player_node"):
            if not _is_int(values[name]):
                raise ValueError(f"not a world state: {name} must be a whole number")
        if not 0 <= values["rng"] <= 0xFFFFFFFF or values["day"] < 0:
            raise ValueError("not a world state: rng or day out of range")
        for name in (
            "charted_currents",
            "bar",
            "standing",
            "strain",
            "treasury",
            "sacked_until",
            "guard_until",
            "guard_raids",
            "alarm_until",
            "islands",
            "charted",
            "voyages",
        ):
            if not isinstance(values[name], list) or not all(_is_int(v) for v in values[name]):
                raise ValueError(f"not a world state: {name} must be a list of whole numbers")
        for pair in values["wars"]:
            if not (isinstance(pair, list) and len(pair) == 2 and all(_is_int(v) for v in pair)):
                raise ValueError("not a world state: wars are pairs of nations")
        ships = values["ships"]
        if not isinstance(ships, dict) or set(ships) != set(SHIP_COLUMNS):
            raise ValueError("not a world state: ships must have every column")
        lengths = {len(ships[c]) for c in SHIP_COLUMNS if isinstance(ships[c], list)}
        if len(lengths) != 1 or not all(
            isinstance(ships[c], list) and all(_is_int(v) for v in ships[c]) for c in SHIP_COLUMNS
        ):
            raise ValueError("not a world state: ship columns must be equal lists of numbers")
        values["ships"] = {c: list(ships[c]) for c in SHIP_COLUMNS}
        values["wars"] = [list(p) for p in values["wars"]]
        values["courses"] = [list(c) for c in values["courses"]]
        for name in ("wakes", "charted_winds"):
            rows = values[name]
            if not isinstance(rows, list) or not all(
                isinstance(r, list) and all(_is_int(v) for v in r) for r in rows
            ):
                raise ValueError(f"not a world state: {name} must be lists of whole numbers")
            values[name] = [list(r) for r in rows]
        if len(values["charted_winds"]) != 4 or len(values["bar"]) != 3:
            raise ValueError("not a world state: a wind chart for each season, a bar of three")
        return cls(**values)

    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON (keys sorted)."""
        return hashlib.sha256(orjson.dumps(self.to_dict(), option=orjson.OPT_SORT_KEYS)).hexdigest()


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
