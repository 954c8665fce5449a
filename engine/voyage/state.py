"""The voyage's state: the living world's state, and your ship in it (where she is and is
bound, her outfit, hull, gold and crew's morale), the rumors you hold, and what the world is
waiting on (a ship alongside, a fight, a prize's cards, a question). Plain data: canonical JSON
to and from, checked; a state hash over the same form.

The fight in progress is an Encounter (the card engine's state) while the voyage runs, and
its saved form in JSON.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields
from typing import Any

import orjson

from ..errors import SaveError
from ..fight.encounter import Encounter
from ..fight.outfit import Outfit
from ..fight.ships import CREW, KIND_INDEX, SHIPS, TARGETS, UPGRADES
from ..schema import (
    RNG_MAX,
    SEED_MAX,
    Int,
    Limits,
    Maybe,
    Nested,
    Record,
    Row,
    Seq,
    Text,
    not_an_object,
    read_fields,
    saved,
    show,
)
from ..world.rumors import Rumor
from ..world.state import MAX_COUNT, MAX_UNTIL, WorldState, world_limits
from ..world.world import World
from .circuit_state import CircuitState
from .late import LateState
from .pending import Engagement, Pending, PendingKind
from .rules import KNOWN_RULESETS, LEGACY_RULESETS, MAX_DAYS, MAX_GOLD, RULESETS

SAVE_VERSION = 1

OUTCOMES = ("", "won", "sunk", "out_of_time")
TALLIES = (
    "fights",
    "prizes",
    "raids",
    "sacks",
    "storms",
    "omens",
    "mutinies",
    "islands",
    "rounds",
    "rumors",
    "days_at_sea",
)


def _rules_limits(name: str) -> dict[str, int]:
    """The bounds a save's rules set, by the rules of that name of any engine (a save of an
    earlier engine may carry a name this one no longer plays: voyage-3's `century`)."""
    tables = (RULESETS, *LEGACY_RULESETS.values())
    return {"morale_max": max(table[name].morale_max for table in tables if name in table)}


def _world_limits(world: WorldState) -> dict[str, int]:
    return {"day": world.day, "ship": world.ship_count - 1}


@dataclass(slots=True)
class VoyageState:
    """Each saved field declares what it may hold (engine/schema.py): bounds named "node" and
    "port" are the world's, checked where the World is given."""

    rules: str = field(metadata=saved(Text(KNOWN_RULESETS), gives=_rules_limits))
    seed: int = field(metadata=saved(Int(0, SEED_MAX)))
    world: WorldState = field(metadata=saved(Nested(WorldState.read), gives=_world_limits))
    # the voyage's own draws: events at sea, fights' seeds, islanders' moods
    rng: int = field(metadata=saved(Int(0, RNG_MAX)))
    ship: str = field(metadata=saved(Text(SHIPS)))
    crew: list[str] = field(metadata=saved(Seq(Text(CREW))))
    upgrades: list[str] = field(metadata=saved(Seq(Text(UPGRADES))))
    # prize cards kept, by key: they sail with you to a new ship
    prizes: list[str] = field(metadata=saved(Seq(Text(KIND_INDEX))))
    # cards struck out at a yard, by key, a copy each
    struck: list[str] = field(metadata=saved(Seq(Text(KIND_INDEX))))
    hull: int = field(metadata=saved(Int(0, 10_000)))  # and within her outfit's (checked)
    gold: int = field(metadata=saved(Int(0, MAX_GOLD)))
    morale: int = field(metadata=saved(Int(0, "morale_max")))
    node: int = field(metadata=saved(Int(0, "node")))  # where she is, a node of the day graph
    port: int = field(metadata=saved(Int(-1, "port")))  # the port she is in; -1 at sea
    course: int = field(metadata=saved(Int(-1, "node")))  # the node she is bound for; -1 none
    # morale sours from `sour_after_days` after it
    last_prize_day: int = field(metadata=saved(Int(0, "day")))
    # a hand of note who deserts at the next landfall ("" none)
    mutineer: str = field(metadata=saved(Text(("", *CREW))))
    # the day she last traded with islanders (-1 never)
    provisions_day: int = field(metadata=saved(Int(-1, "day")))
    # the port whose bar has had a round from you this visit (-1 none)
    round_port: int = field(metadata=saved(Int(-1, "port")))
    # islanders' harbours you have raided (their canoes remember)
    raided_natives: list[int] = field(metadata=saved(Seq(Int(0, "port"))))
    # [ship, until day]: she won't come alongside again till then
    let_pass: list[list[int]] = field(metadata=saved(Seq(Row((Int(0, "ship"), Int(0, MAX_UNTIL))))))
    # Rumor.to_list() of every rumor you hold, oldest first
    rumors: list[list[Any]] = field(metadata=saved(Seq(Rumor.SHAPE)))
    # the run's last day: past it the voyage is over, alive (`voyage --days`)
    last_day: int = field(metadata=saved(Int("day", MAX_DAYS)))
    # what the world waits on (None: nothing); saved as its dict ({} for nothing)
    pending: Pending | None = field(default=None, metadata=saved(PendingKind()))
    fight: Encounter | None = field(default=None, metadata=saved(Maybe(Nested(Encounter.read))))
    outcome: str = field(default="", metadata=saved(Text(OUTCOMES)))
    # what sank her: a storm, a fort's shot (by rules with fort fire), or what she fought
    cause: str = field(default="", metadata=saved(Text(("", "storm", "fort", *TARGETS))))
    # the late game's own (None: rules without it; absent from the save and the hash then, so
    # a save's null here is no save's: refused, not read as absent and written back without it)
    late: LateState | None = field(
        default=None, metadata=saved(Nested(LateState.read), optional=True)
    )
    # Drake's circuit (None: rules without it; absent from the save and the hash then)
    circuit: CircuitState | None = field(
        default=None, metadata=saved(Nested(CircuitState.read), optional=True)
    )
    tally: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(TALLIES, 0),
        metadata=saved(Record(dict.fromkeys(TALLIES, Int(0, MAX_COUNT)))),
    )

    @property
    def day(self) -> int:
        return self.world.day

    @property
    def over(self) -> bool:
        return bool(self.outcome)

    def outfit(self, hull: int | None = None) -> Outfit:
        return Outfit(
            self.ship,
            tuple(self.crew),
            tuple(self.upgrades),
            tuple(self.prizes),
            hull,
            tuple(self.struck),
        )

    def max_hull(self) -> int:
        return self.outfit().max_hull()

    def copy(self) -> VoyageState:
        """A copy sharing no list: a state in hand is already checked, so it is not read again."""
        values = self.to_dict()
        del values["version"]
        values["pending"] = self.pending  # a frozen record: shared, never changed
        values["world"] = self.world.copy()
        values["fight"] = self.fight.copy() if self.fight is not None else None
        values["late"] = self.late.copy() if self.late is not None else None
        values["circuit"] = self.circuit.copy() if self.circuit is not None else None
        return VoyageState(**values)

    def to_dict(self, copy: bool = True) -> dict[str, Any]:
        """The state as plain JSON values (`copy=False`: the world state's own lists, to be
        read at once, as the hash does, and never kept or changed)."""
        out: dict[str, Any] = {"version": SAVE_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "world":
                value = value.to_dict(copy)
            elif f.name == "pending":
                value = value.to_dict() if value is not None else {}
            elif f.name == "fight":
                value = value.to_dict() if value is not None else None
            elif f.name in ("late", "circuit"):
                if value is None:
                    continue  # not a voyage with it: saved and hashed as it always was
                value = value.to_dict()
            elif isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, dict):
                value = dict(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Any, world: World | None = None) -> VoyageState:
        """A state from to_dict's output, checked to its last field by the declarations (node
        and port ids in the World, where it is given); SaveError naming what is wrong."""
        try:
            return cls._read(data, world_limits(world) if world is not None else {})
        except SaveError as error:
            raise SaveError(f"not a voyage: {error}") from None

    @classmethod
    def _read(cls, data: Any, limits: Limits) -> VoyageState:
        if not isinstance(data, dict):
            raise not_an_object(data, "")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"version {show(data.get('version'))} is not {SAVE_VERSION}")
        values, _ = read_fields(cls, data, "", limits)
        if isinstance(values["pending"], Engagement) != (values["fight"] is not None):
            raise SaveError("a fight pending and a fight's state go together")
        state = cls(**values)
        try:
            state.outfit(state.hull if state.hull > 0 else None).validate()
        except ValueError as error:
            raise SaveError(str(error)) from None
        if not 0 <= state.hull <= state.max_hull():
            raise SaveError(f"hull {state.hull} is outside 0..{state.max_hull()}")
        return state

    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON (keys sorted)."""
        hashed = orjson.dumps(self.to_dict(copy=False), option=orjson.OPT_SORT_KEYS)
        return hashlib.sha256(hashed).hexdigest()
