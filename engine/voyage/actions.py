"""What a captain can do on a voyage, as typed values that round-trip through short text (as
python-chess's moves do through UCI), so a run's actions log as text and replay exactly:

| text | action | when |
|---|---|---|
| `sail` | a day: a step along the course, or a day in port | nothing pending |
| `course NODE` | set a course for a node of the sea (a port's node, usually) | nothing pending |
| `berth PORT` | across the harbour to another port on the same water | in port |
| `round`, `hire HAND`, `repair N` | the bar, hands of note, the yard's repairs | in port |
| `upgrade REFIT`, `ship KIND`, `strike CARD` | the yard | in port |
| `bribe`, `pardon`, `provisions`, `raid` | officials, the Crown, islanders, the town | in port |
| `attack`, `pass` | the ship alongside | a meeting |
| `keep I J` | keep hand[I] then hand[J] (0-2) | a fight |
| `prize CARD`, `prize none` | a prize's cards | an offer |
| `choose I` | answer a question | a dilemma |

>>> VoyageAction.from_str("course 389")
Course(node=389)
>>> KeepCards(2, 0).to_str(), TakePrize(None).to_str()
('keep 2 0', 'prize none')
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from ..errors import IllegalActionError

_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    """A verb's words after the verb, by name (every action a run takes is written out, so
    they are read off the dataclass once a verb)."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(kind))
    return names


class IllegalVoyageAction(IllegalActionError):
    """An action the voyage does not allow now (or not an action at all), with why."""


@dataclass(frozen=True, slots=True)
class VoyageAction:
    """One action; each verb is a subclass, its fields its words after the verb."""

    verb: ClassVar[str] = ""
    usage: ClassVar[str] = ""  # how it is written, for a refusal's message

    def to_str(self) -> str:
        words = [self.verb]
        for name in _field_names(type(self)):
            value = getattr(self, name)
            words.append("none" if value is None else str(value))
        return " ".join(words)

    def __str__(self) -> str:
        return self.to_str()

    @classmethod
    def from_str(cls, text: str) -> VoyageAction:
        """The action `text` writes; IllegalVoyageAction naming the form if it is not one."""
        words = str(text).split()
        kind = VERBS.get(words.pop(0)) if words else None
        if kind is None:
            raise IllegalVoyageAction(f"unknown action {text.strip()!r}")
        slots = fields(kind)
        if len(words) != len(slots):
            raise IllegalVoyageAction(f"{kind.verb}: write it as {kind.usage or kind.verb!r}")
        values: list[object] = []
        for f, word in zip(slots, words, strict=True):
            if f.type in ("int", int):
                if not word.isascii() or not word.isdigit():
                    raise IllegalVoyageAction(f"{kind.verb}: write it as {kind.usage!r}")
                values.append(int(word))
            elif f.type in ("str | None", str | None) and word == "none":
                values.append(None)
            else:
                values.append(word)
        return kind(*values)


@dataclass(frozen=True, slots=True)
class Sail(VoyageAction):
    verb = "sail"


@dataclass(frozen=True, slots=True)
class Course(VoyageAction):
    node: int
    verb = "course"
    usage = "course NODE"


@dataclass(frozen=True, slots=True)
class Berth(VoyageAction):
    port: int
    verb = "berth"
    usage = "berth PORT"


@dataclass(frozen=True, slots=True)
class BuyRound(VoyageAction):
    verb = "round"


@dataclass(frozen=True, slots=True)
class Hire(VoyageAction):
    hand: str
    verb = "hire"
    usage = "hire HAND"


@dataclass(frozen=True, slots=True)
class Repair(VoyageAction):
    points: int
    verb = "repair"
    usage = "repair N"


@dataclass(frozen=True, slots=True)
class Upgrade(VoyageAction):
    refit: str
    verb = "upgrade"
    usage = "upgrade REFIT"


@dataclass(frozen=True, slots=True)
class BuyShip(VoyageAction):
    ship: str
    verb = "ship"
    usage = "ship KIND"


@dataclass(frozen=True, slots=True)
class Strike(VoyageAction):
    card: str
    verb = "strike"
    usage = "strike CARD"


@dataclass(frozen=True, slots=True)
class Bribe(VoyageAction):
    verb = "bribe"


@dataclass(frozen=True, slots=True)
class Pardon(VoyageAction):
    verb = "pardon"


@dataclass(frozen=True, slots=True)
class Provisions(VoyageAction):
    verb = "provisions"


@dataclass(frozen=True, slots=True)
class Raid(VoyageAction):
    verb = "raid"


@dataclass(frozen=True, slots=True)
class Attack(VoyageAction):
    verb = "attack"


@dataclass(frozen=True, slots=True)
class LetPass(VoyageAction):
    verb = "pass"


@dataclass(frozen=True, slots=True)
class KeepCards(VoyageAction):
    first: int
    second: int
    verb = "keep"
    usage = "keep I J"


@dataclass(frozen=True, slots=True)
class TakePrize(VoyageAction):
    card: str | None  # None: none of them
    verb = "prize"
    usage = "prize CARD"


@dataclass(frozen=True, slots=True)
class Choose(VoyageAction):
    option: int
    verb = "choose"
    usage = "choose I"


VERBS: dict[str, type[VoyageAction]] = {
    kind.verb: kind
    for kind in (
        Sail,
        Course,
        Berth,
        BuyRound,
        Hire,
        Repair,
        Upgrade,
        BuyShip,
        Strike,
        Bribe,
        Pardon,
        Provisions,
        Raid,
        Attack,
        LetPass,
        KeepCards,
        TakePrize,
        Choose,
    )
}
"""Every verb's action type, by its word."""

SAIL = Sail()
