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

from ..combat.encounter import Encounter
from ..combat.outfit import Outfit
from ..world.state import WorldState

SAVE_VERSION = 1

PENDING_KINDS = ("meeting", "fight", "prize", "dilemma")
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


@dataclass(slots=True)
class VoyageState:
    rules: str
    seed: int
    world: WorldState
    rng: int  # the voyage's own draws: events at sea, fights' seeds, islanders' moods
    ship: str
    crew: list[str]
    upgrades: list[str]
    prizes: list[str]  # prize cards kept, by key: they sail with you to a new ship
    struck: list[str]  # cards struck out at a yard, by key, a copy each
    hull: int
    gold: int
    morale: int
    node: int  # where she is, a node of the day graph
    port: int  # the port she is in; -1 at sea
    course: int  # the node she is bound for; -1 none
    last_prize_day: int  # morale sours from `sour_after_days` after it
    mutineer: str  # a hand of note who deserts at the next landfall ("" none)
    provisions_day: int  # the day she last traded with islanders (-1 never)
    round_port: int  # the port whose bar has had a round from you this visit (-1 none)
    raided_natives: list[int]  # islanders' harbours you have raided (their canoes remember)
    let_pass: list[list[int]]  # [ship, until day]: she won't come alongside again till then
    rumors: list[list[Any]]  # Rumor.to_list() of every rumor you hold, oldest first
    last_day: int  # the run's last day: past it the voyage is over, alive (`voyage --days`)
    pending: dict[str, Any] = field(default_factory=dict)  # what the world waits on
    fight: Encounter | None = None
    outcome: str = ""  # "", "won", "sunk", "out_of_time"
    cause: str = ""  # what sank her
    tally: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TALLIES, 0))

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
        return VoyageState.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"version": SAVE_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "world":
                value = value.to_dict()
            elif f.name == "fight":
                value = value.to_dict() if value is not None else None
            elif isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, dict):
                value = dict(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> VoyageState:
        """A state from to_dict's output, checked; ValueError naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"not a voyage: a {type(data).__name__}, not an object")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"not a voyage of save version {SAVE_VERSION}")
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                raise ValueError(f"not a voyage: {f.name} missing")
            values[f.name] = data[f.name]
        values["world"] = WorldState.from_dict(values["world"])
        if values["fight"] is not None:
            values["fight"] = Encounter.from_dict(values["fight"])
        for name in ("seed", "rng", "hull", "gold", "morale", "node", "port", "course"):
            if not _is_int(values[name]):
                raise ValueError(f"not a voyage: {name} must be a whole number")
        for name in ("last_prize_day", "provisions_day", "round_port", "last_day"):
            if not _is_int(values[name]):
                raise ValueError(f"not a voyage: {name} must be a whole number")
        if values["gold"] < 0 or not 0 <= values["rng"] <= 0xFFFFFFFF:
            raise ValueError("not a voyage: gold below nothing or rng out of range")
        for name in ("crew", "upgrades", "prizes", "struck"):
            if not isinstance(values[name], list) or not all(
                isinstance(v, str) for v in values[name]
            ):
                raise ValueError(f"not a voyage: {name} must be a list of names")
        values["raided_natives"] = [int(v) for v in values["raided_natives"]]
        values["let_pass"] = [[int(a), int(b)] for a, b in values["let_pass"]]
        values["rumors"] = [list(r) for r in values["rumors"]]
        pending = values["pending"]
        if not isinstance(pending, dict) or (pending and pending.get("kind") not in PENDING_KINDS):
            raise ValueError(
                "not a voyage: pending must be nothing or one of " + ", ".join(PENDING_KINDS)
            )
        if (pending.get("kind") == "fight") != (values["fight"] is not None):
            raise ValueError("not a voyage: a fight pending and a fight's state go together")
        tally = values["tally"]
        if not isinstance(tally, dict) or set(tally) != set(TALLIES):
            raise ValueError("not a voyage: the tally must count " + ", ".join(TALLIES))
        state = cls(**values)
        try:
            state.outfit(state.hull if state.hull > 0 else None).validate()
        except ValueError as error:
            raise ValueError(f"not a voyage: {error}") from None
        if not 0 <= state.hull <= state.max_hull():
            raise ValueError(f"not a voyage: hull {state.hull} outside 0..{state.max_hull()}")
        return state

    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON (keys sorted)."""
        return hashlib.sha256(orjson.dumps(self.to_dict(), option=orjson.OPT_SORT_KEYS)).hexdigest()


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
