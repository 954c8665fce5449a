"""The world's state: the day, the wars, your standing and the strain on each peace, the ports'
treasuries and alarms, the uncharted islands, and every ship of the world, as plain lists of
integers (a ship is an index into each). Canonical JSON to and from, checked; a state hash over
the same form. The RNG's whole state is one int in it.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any, TypeAlias

import orjson

from ..errors import SaveError
from ..schema import (
    RNG_MAX,
    SEED_MAX,
    Int,
    Limits,
    Record,
    Row,
    Seq,
    Spec,
    Text,
    not_an_object,
    read_fields,
    saved,
    show,
)
from .kinds import kind_count, last_kind
from .rules import RULESETS
from .world import World

SAVE_VERSION = 2  # 2: wakes, your chart, the bar
WAKE_DAYS = 13  # today and the twelve days before


TASKS = ("idle", "sailing", "resting", "laid_up", "stripping", "lying", "waiting")
IDLE, SAILING, RESTING, LAID_UP, STRIPPING, LYING, WAITING = range(7)

# The per-ship columns, in the order they are saved.
SHIP_COLUMNS = (
    "kind",  # the index of her kind's row (kinds.py)
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


# Days. A world runs at most MAX_DAY days (`world sim --days`, `rumors --day`; a voyage's
# `--days` is shorter); a task or a spell (a town sacked, guarded, alarmed) ends at most the
# longest rule's days after today (120, a sack), so MAX_UNTIL leaves room to spare.
MAX_DAY = 100_000
MAX_UNTIL = MAX_DAY + 1_000
MAX_COUNT = 10**9  # a count that grows with the days (voyages made, raids, rounds): far past any
HUNTING = -2  # ships["target"] of a ship coming for you (engine/world/pursuit.py)

_NATION = Int(0, "nation")
_PER_PORT_DAY = Seq(Int(0, MAX_UNTIL), length="ports")

# The per-ship columns' declarations, in SHIP_COLUMNS's order: the first gives the ship count.
SHIP_SCHEMA = Record(
    {
        "kind": Spec(Seq(Int(0, last_kind)), gives=lambda v: {"ships": len(v)}),
        "rig": Seq(Int(0, 1), length="ships"),
        "flag": Seq(Int(-1, "nation"), length="ships"),
        "home": Seq(Int(0, "node"), length="ships"),  # a port, or a monster's node: the wider
        "node": Seq(Int(0, "node"), length="ships"),
        "leg": Seq(Int(-1, "leg"), length="ships"),
        "pos": Seq(Int(0, "steps"), length="ships"),
        "forward": Seq(Int(0, 1), length="ships"),
        "dest": Seq(Int(-1, "node"), length="ships"),
        "task": Seq(Int(0, len(TASKS) - 1), length="ships"),
        "until": Seq(Int(0, MAX_UNTIL), length="ships"),
        "target": Seq(Int(HUNTING, "port"), length="ships"),  # a place in a course is < ports
        "laden": Seq(Int(0, 1), length="ships"),
        "course": Seq(Int(-1, "course"), length="ships"),
    }
)
assert tuple(SHIP_SCHEMA.keys) == SHIP_COLUMNS


Column: TypeAlias = "array[int]"  # array("q"): a ship column


def columns(values: Iterable[int]) -> Column:
    """A ship column: 64-bit ints, so a daily loop compiled over NumPy views of it sails the
    ships where they are, and anything else reads and writes it as it would a list."""
    if isinstance(values, array) and values.typecode == "q":
        return values
    return array("q", values)


def _rules_limits(name: str) -> dict[str, int]:
    rules = RULESETS[name]
    return {
        "standing_floor": rules.standing_floor,
        "standing_ceiling": rules.standing_ceiling,
        "strain_war": rules.strain_war,
        "treasury": max(rules.treasury, rules.indies_treasury),
    }


@dataclass(slots=True)
class WorldState:
    """Each saved field declares what it may hold (engine/schema.py): bounds named "node",
    "port", "nation", ... are the world's, checked where the World is given."""

    rules: str = field(metadata=saved(Text(RULESETS), gives=_rules_limits))
    seed: int = field(metadata=saved(Int(0, SEED_MAX)))
    day: int = field(metadata=saved(Int(0, MAX_DAY), gives=lambda day: {"day": day}))
    rng: int = field(metadata=saved(Int(0, RNG_MAX)))
    # pairs [a, b], a < b, at war, sorted
    wars: list[list[int]] = field(metadata=saved(Seq(Row((_NATION, _NATION)), unique=True)))
    # per nation: its standing with you
    standing: list[int] = field(
        metadata=saved(Seq(Int("standing_floor", "standing_ceiling"), length="nations"))
    )
    # per nation: the strain on its peace with England
    strain: list[int] = field(metadata=saved(Seq(Int(0, "strain_war"), length="nations")))
    pirate: int = field(metadata=saved(Int(0, 1)))  # 1 while England counts you a pirate
    # where your ship is, -1 when you are not at sea
    player_node: int = field(metadata=saved(Int(-1, "node")))
    treasury: list[int] = field(metadata=saved(Seq(Int(0, "treasury"), length="ports")))
    sacked_until: list[int] = field(metadata=saved(_PER_PORT_DAY))
    guard_until: list[int] = field(metadata=saved(_PER_PORT_DAY))
    guard_raids: list[int] = field(metadata=saved(Seq(Int(0, MAX_COUNT), length="ports")))
    alarm_until: list[int] = field(metadata=saved(_PER_PORT_DAY))
    # nodes of the uncharted islands
    islands: list[int] = field(
        metadata=saved(Seq(Int(0, "node")), gives=lambda v: {"islands": len(v)})
    )
    charted: list[int] = field(metadata=saved(Seq(Int(0, 1), length="islands")))  # 1: charted
    # treasure fleets' and armadas' courses, as port indices
    courses: list[list[int]] = field(
        metadata=saved(Seq(Seq(Int(0, "port"))), gives=lambda v: {"course": len(v) - 1})
    )
    # per ship kind: voyages completed
    voyages: list[int] = field(metadata=saved(Seq(Int(0, MAX_COUNT), length=kind_count)))
    # Each column an array of 64-bit ints (`Column`): read from Python as a list is, and the
    # world's daily loop (engine/world/daily.py) sails them in place through NumPy views.
    ships: dict[str, Column] = field(
        default_factory=dict,
        metadata=saved(
            SHIP_SCHEMA, gives=lambda v: {"ships": len(v["kind"]), "ship": len(v["kind"]) - 1}
        ),
    )
    # Where each ship was on each of the last WAKE_DAYS days (ship by ship, day % WAKE_DAYS):
    # what the bars talk about ("a sighting is up to twelve days old").
    wakes: list[list[int]] = field(
        default_factory=list,
        metadata=saved(Seq(Seq(Int(0, "node"), length=WAKE_DAYS), length="ships")),
    )
    # Your chart: the nodes whose current you have seen (for good), and per season the nodes
    # whose wind you have seen in that season (for every such season), sorted.
    charted_currents: list[int] = field(
        default_factory=list, metadata=saved(Seq(Int(0, "node"), unique=True))
    )
    charted_winds: list[list[int]] = field(
        default_factory=lambda: [[], [], [], []],
        metadata=saved(Seq(Seq(Int(0, "node"), unique=True), length=4)),
    )
    # The bar you are drinking in: (day, port, rounds stood); the room turns over overnight.
    bar: list[int] = field(
        default_factory=lambda: [-1, -1, 0],
        metadata=saved(Row((Int(-1, "day"), Int(-1, "port"), Int(0, MAX_COUNT)))),
    )
    # The bars' tales: [monster, day] for each monster that has sunk a ship in the last
    # WAKE_DAYS days (by world rules with `monsters_attack_ships`; none: absent from the save
    # and the hash, as every state before them was)
    tales: list[list[int]] = field(
        default_factory=list,
        metadata=saved(Seq(Row((Int(0, "ship"), Int(0, "day"))), unique=True), optional=True),
    )

    def __post_init__(self) -> None:
        self.ships = {name: columns(values) for name, values in self.ships.items()}

    @property
    def ship_count(self) -> int:
        return len(self.ships["kind"])

    def copy(self) -> WorldState:
        """A copy sharing no list: a state in hand is already checked, so it is not read again
        (what to_dict gives, less the version)."""
        values = self.to_dict()
        del values["version"]
        return WorldState(**values)

    def to_dict(self, copy: bool = True) -> dict[str, Any]:
        """The state as plain JSON values, its lists copied (`copy=False`: the state's own
        lists, to be read at once, as the hash does, and never kept or changed)."""
        out: dict[str, Any] = {"version": SAVE_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "tales" and not value:
                continue  # no tale told: saved and hashed as it always was
            if f.name == "ships":
                value = {c: value[c].tolist() for c in SHIP_COLUMNS}
            elif isinstance(value, list) and copy:
                value = [list(v) if isinstance(v, list) else v for v in value]
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Any, world: World | None = None) -> WorldState:
        """A state from to_dict's output, checked to its last field by the declarations (with
        the World's sizes, where it is given); SaveError naming the first thing wrong."""
        try:
            return cls.read(data, "", world_limits(world) if world is not None else {})
        except SaveError as error:
            raise SaveError(f"not a world state: {error}") from None

    @classmethod
    def read(cls, data: Any, path: str, limits: Limits) -> WorldState:
        """The state within a save at `path` (see engine/schema.py); SaveError otherwise."""
        if not isinstance(data, dict):
            raise not_an_object(data, path)
        if data.get("version") != SAVE_VERSION:
            where = f"{path}.version" if path else "version"
            raise SaveError(f"{where} {show(data.get('version'))} is not {SAVE_VERSION}")
        values, _ = read_fields(cls, data, path, limits)
        if any(a >= b for a, b in values["wars"]) or values["wars"] != sorted(values["wars"]):
            raise SaveError(f"{path + '.' if path else ''}wars must be sorted pairs a < b")
        return cls(**values)

    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON (keys sorted)."""
        hashed = orjson.dumps(self.to_dict(copy=False), option=orjson.OPT_SORT_KEYS)
        return hashlib.sha256(hashed).hexdigest()


def world_limits(world: World) -> dict[str, int]:
    """The bounds a World sets on a save: its largest ids and its counts (engine/schema.py)."""
    return {
        "node": world.n - 1,
        "port": len(world.ports) - 1,
        "nation": len(world.nations) - 1,
        "leg": world.legs - 1,
        "steps": int(world.leg_days.max()) if world.legs else 0,
        "ports": len(world.ports),
        "nations": len(world.nations),
    }
