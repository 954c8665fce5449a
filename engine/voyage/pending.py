"""What the world waits on while the voyage cannot sail on: a ship alongside, a fight, a prize's
cards, a question. Each is a frozen record; the state holds one or None. Saved as the dict it
always was (`{"kind": "meeting", "ship": 12}`; `{}` for nothing), so saves and state hashes
read the same.

>>> Meeting(12).to_dict()
{'kind': 'meeting', 'ship': 12}
>>> pending_from_dict({"kind": "dilemma", "name": "storm"})
Question(name='storm', then_prize=None, payout=0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..fight.ships import KIND_INDEX, TARGETS
from ..schema import Bool, Int, Limits, Record, Seq, Text, Variant
from .rules import MAX_GOLD

FIGHT_WHYS = ("you attacked", "she attacked", "you raided", "canoes")  # how a fight began


@dataclass(frozen=True, slots=True)
class Meeting:
    """A ship has come alongside: attack her or let her pass."""

    ship: int
    kind = "meeting"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "ship": self.ship}


@dataclass(frozen=True, slots=True)
class Engagement:
    """A fight is on (the state's `fight` is its cards): against what, whose ship (-1: a town
    or canoes) or whose town (-1: a ship), who fired first, and why."""

    target: str
    ship: int
    port: int
    fired_first: bool
    why: str
    kind = "fight"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "target": self.target,
            "ship": self.ship,
            "port": self.port,
            "fired_first": self.fired_first,
            "why": self.why,
        }


@dataclass(frozen=True, slots=True)
class PrizeOffer:
    """Three cards off a prize: keep one, for good, or none."""

    cards: tuple[str, ...]
    source: str  # the target they came off
    kind = "prize"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": list(self.cards), "from": self.source}


@dataclass(frozen=True, slots=True)
class Question:
    """A dilemma asked (engine/voyage/dilemmas.py names them); a prize's cards may wait behind
    it (`then_prize`: the target they come off); the crew's shares are of `payout`, the prize
    that brought the question (0: of the purse, as engines before voyage-8 asked them)."""

    name: str
    then_prize: str | None = None
    payout: int = 0
    kind = "dilemma"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "name": self.name}
        if self.then_prize is not None:
            out["then_prize"] = self.then_prize
        if self.payout:
            out["payout"] = self.payout
        return out


Pending = Meeting | Engagement | PrizeOffer | Question

_TARGET = Text(TARGETS)
_SAVED = Variant(
    "kind",
    {
        "meeting": Record({"kind": Text(), "ship": Int(0, "ship")}),
        "fight": Record(
            {
                "kind": Text(),
                "target": _TARGET,
                "ship": Int(-1, "ship"),
                "port": Int(-1, "port"),
                "fired_first": Bool(),
                "why": Text(FIGHT_WHYS),
            }
        ),
        "prize": Record(
            {"kind": Text(), "cards": Seq(Text(KIND_INDEX), length=3), "from": _TARGET}
        ),
        "dilemma": Record(
            {"kind": Text(), "name": Text(), "then_prize": _TARGET, "payout": Int(1, MAX_GOLD)},
            optional=frozenset({"then_prize", "payout"}),
        ),
    },
)
PENDING_KINDS = tuple(_SAVED.cases)


def pending_from_dict(data: dict[str, Any]) -> Pending | None:
    """The record a saved pending dict stands for (its shape already checked); None for {}."""
    kind = data.get("kind")
    if kind is None:
        return None
    if kind == "meeting":
        return Meeting(int(data["ship"]))
    if kind == "fight":
        return Engagement(
            str(data["target"]),
            int(data["ship"]),
            int(data["port"]),
            bool(data["fired_first"]),
            str(data["why"]),
        )
    if kind == "prize":
        return PrizeOffer(tuple(data["cards"]), str(data["from"]))
    return Question(str(data["name"]), data.get("then_prize"), int(data.get("payout", 0)))


@dataclass(frozen=True, slots=True)
class PendingKind:
    """The saved kind of a state's `pending` (engine/schema.py): its dict checked by shape and
    read as its record. (Whether a question's name is a dilemma the rules know, the voyage's
    game checks: the dilemmas are declared above this module.)"""

    @property
    def shape(self) -> Variant:
        """The saved dict's declared shape."""
        return _SAVED

    def read(self, value: Any, path: str, limits: Limits) -> Pending | None:
        return pending_from_dict(self.shape.read(value, path, limits))
