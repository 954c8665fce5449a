"""What the late game keeps of a voyage (the Privateer design document, "The late game", "Letters of
marque"): your renown and its step, whether the home stretch has begun, and the letters of marque
(the one in hand, how many acts are done, how often one was revoked, when the Admiralty last sent
word of the plate ship). A voyage by rules without the late game keeps none of it
(`VoyageState.late` is None), so its saves and state hashes are what they always were.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ..schema import Bool, Int, Limits, Maybe, Nested, Text, read_fields, saved
from ..world.state import MAX_COUNT

LETTER_TASKS = ("prizes", "sack", "plate_ship")  # the three acts' tasks


@dataclass(slots=True)
class Letter:
    """A letter of marque in hand: its act (1-3), the nation it makes fair game, the region
    to work (a name of engine/voyage/letters.py's table), its task and target (prizes to take;
    a town of the region to sack, -1 any; the plate ship's index), how far it is done, when it
    was issued and is due, whether it has had its one extension, and what it pays."""

    act: int = field(metadata=saved(Int(1, 3)))
    nation: int = field(metadata=saved(Int(0, "nation")))
    region: str = field(metadata=saved(Text()))
    task: str = field(metadata=saved(Text(LETTER_TASKS)))
    target: int = field(metadata=saved(Int(-1, 1_000_000)))
    done: int = field(metadata=saved(Int(0, 1_000)))
    issued: int = field(metadata=saved(Int(0, "day")))
    deadline: int = field(metadata=saved(Int(0, 1_000_000)))
    extended: bool = field(metadata=saved(Bool()))
    reward: int = field(metadata=saved(Int(0, 1_000_000)))

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def read(cls, data: Any, path: str, limits: Limits) -> Letter:
        values, _ = read_fields(cls, data, path, limits)
        return cls(**values)


@dataclass(slots=True)
class LateState:
    # renown: what prizes and raids have paid; its step: how many thresholds it has passed
    renown: int = field(default=0, metadata=saved(Int(0, MAX_COUNT)))
    renown_step: int = field(default=0, metadata=saved(Int(0, 10)))
    home_stretch: bool = field(default=False, metadata=saved(Bool()))  # word is out
    letter: Letter | None = field(default=None, metadata=saved(Maybe(Nested(Letter.read))))
    acts_done: int = field(default=0, metadata=saved(Int(0, 3)))
    revoked: int = field(default=0, metadata=saved(Int(0, 1_000)))  # letters revoked so far
    word_day: int = field(default=-1, metadata=saved(Int(-1, "day")))  # the Admiralty's last

    @property
    def lettered(self) -> bool:
        """Whether the run has played letters of marque (by rules with them the first is in
        hand from day one; after it one is in hand, done, or was revoked)."""
        return self.letter is not None or self.acts_done > 0 or self.revoked > 0

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.to_dict() if isinstance(value, Letter) else value
        return out

    def copy(self) -> LateState:
        letter = Letter(**self.letter.to_dict()) if self.letter is not None else None
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return LateState(**{**values, "letter": letter})

    @classmethod
    def read(cls, data: Any, path: str, limits: Limits) -> LateState:
        values, _ = read_fields(cls, data, path, limits)
        return cls(**values)
