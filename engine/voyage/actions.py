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

Each action says itself in words once, beside its declaration: `said(reading)` gives its
words, its price in gold and its group, as a front end lists the legal actions (the browser's
buttons, cli/web/voyage_web.py), read from what a `Reading` holds (the state, the rules, the
World, how the screen names a node, the bribe's cost, the question's options).

>>> VoyageAction.from_str("course 389")
Course(node=389)
>>> KeepCards(2, 0).to_str(), TakePrize(None).to_str()
('keep 2 0', 'prize none')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import IllegalActionError
from ..fight.cards import YOU
from ..fight.encounter import card_name, card_side

if TYPE_CHECKING:
    from ..world.world import World
    from .rules import VoyageRules
    from .state import VoyageState

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
class Said:
    """An action in words, as a front end lists it: what it does, its price in gold (None: it
    costs nothing, or nothing known before it is done) and its group (where it is done: "sea",
    "course", "port", "bar", "yard", "meeting", "fight", "prize", "question"; "other")."""

    words: str
    price: int | None = None
    group: str = "other"


@dataclass(frozen=True, slots=True)
class Reading:
    """What the actions' words are read from now: the state, the rules, the World, how the
    front end names a node (`place`, as its screen does), the officials' price for a bribe here
    (engine/voyage/port.py's bribe_cost; 0 at sea) and the question's options as observe()
    gives them (each with its "choice" and "stakes"; none when no question waits).
    VoyageGame.reading builds one."""

    state: VoyageState
    rules: VoyageRules
    world: World
    place: Callable[[int], str]
    bribe: int = 0
    options: Sequence[Mapping[str, Any]] = ()


def card_words(card: int) -> str:
    """A card of the fight's hand: its name, and "(hers)" after one of her side's (the hand
    deals both sides' cards, as the terminal's yours/hers column says)."""
    name = card_name(card)
    return name if card_side(card) == YOU else f"{name} (hers)"


def _a_hand(hand: str) -> str:
    """A hand for hire in words: "a master gunner", but "marksmen" (a crew of them)."""
    words = hand.replace("_", " ")
    return words if words.endswith("men") else f"a {words}"


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

    def typed(self) -> str:
        """The line a person types for it (the front ends' input reads it back): its text,
        but where a screen numbers the choices from 1 (the hand's cards, a question's
        answers), by those numbers."""
        return self.to_str()

    def __str__(self) -> str:
        return self.to_str()

    def said(self, at: Reading) -> Said:
        """This action in words, with its price and group, read from `at`; each verb says
        itself (this, its text, is for one that does not, or cannot now)."""
        return Said(self.to_str())

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

    def said(self, at: Reading) -> Said:
        idle = at.state.port >= 0 and at.state.course < 0
        return Said("a day in port" if idle else "sail a day", None, "sea")


@dataclass(frozen=True, slots=True)
class Course(VoyageAction):
    node: int
    verb = "course"
    usage = "course NODE"

    def said(self, at: Reading) -> Said:
        return Said(f"course for {at.place(self.node)}", None, "course")


@dataclass(frozen=True, slots=True)
class Berth(VoyageAction):
    port: int
    verb = "berth"
    usage = "berth PORT"

    def said(self, at: Reading) -> Said:
        return Said(f"berth across the harbour in {at.world.ports[self.port].name}", None, "port")


@dataclass(frozen=True, slots=True)
class BuyRound(VoyageAction):
    verb = "round"

    def said(self, at: Reading) -> Said:
        return Said("stand the house a round (a rumor, perhaps)", at.rules.round_gold, "bar")


@dataclass(frozen=True, slots=True)
class Hire(VoyageAction):
    hand: str
    verb = "hire"
    usage = "hire HAND"

    def said(self, at: Reading) -> Said:
        return Said(f"hire {_a_hand(self.hand)}", at.rules.hire_gold[self.hand], "yard")


@dataclass(frozen=True, slots=True)
class Repair(VoyageAction):
    points: int
    verb = "repair"
    usage = "repair N"

    def said(self, at: Reading) -> Said:
        price = self.points * at.rules.repair_gold
        return Said(f"repair {self.points} points of hull", price, "yard")


@dataclass(frozen=True, slots=True)
class Upgrade(VoyageAction):
    refit: str
    verb = "upgrade"
    usage = "upgrade REFIT"

    def said(self, at: Reading) -> Said:
        price = at.rules.upgrade_gold[self.refit]
        return Said(f"fit {self.refit.replace('_', ' ')}", price, "yard")


@dataclass(frozen=True, slots=True)
class BuyShip(VoyageAction):
    ship: str
    verb = "ship"
    usage = "ship KIND"

    def said(self, at: Reading) -> Said:
        return Said(f"buy a {self.ship.replace('_', ' ')}", at.rules.ship_gold[self.ship], "yard")


@dataclass(frozen=True, slots=True)
class Strike(VoyageAction):
    card: str
    verb = "strike"
    usage = "strike CARD"

    def said(self, at: Reading) -> Said:
        words = f"strike {self.card.replace('_', ' ')} out of the deck"
        return Said(words, at.rules.strike_gold, "yard")


@dataclass(frozen=True, slots=True)
class Bribe(VoyageAction):
    verb = "bribe"

    def said(self, at: Reading) -> Said:
        return Said("bribe the officials (a point of standing)", at.bribe, "port")


@dataclass(frozen=True, slots=True)
class Pardon(VoyageAction):
    verb = "pardon"

    def said(self, at: Reading) -> Said:
        return Said("buy a royal pardon", at.rules.pardon_gold, "port")


@dataclass(frozen=True, slots=True)
class Provisions(VoyageAction):
    verb = "provisions"

    def said(self, at: Reading) -> Said:
        return Said("take the islanders' provisions", None, "port")


@dataclass(frozen=True, slots=True)
class Raid(VoyageAction):
    verb = "raid"

    def said(self, at: Reading) -> Said:
        return Said("raid the town", None, "port")


@dataclass(frozen=True, slots=True)
class Attack(VoyageAction):
    verb = "attack"

    def said(self, at: Reading) -> Said:
        return Said("attack her", None, "meeting")


@dataclass(frozen=True, slots=True)
class LetPass(VoyageAction):
    verb = "pass"

    def said(self, at: Reading) -> Said:
        return Said("let her pass", None, "meeting")


@dataclass(frozen=True, slots=True)
class KeepCards(VoyageAction):
    first: int
    second: int
    verb = "keep"
    usage = "keep I J"

    def typed(self) -> str:
        return f"keep {self.first + 1} {self.second + 1}"

    def said(self, at: Reading) -> Said:
        fight = at.state.fight
        if fight is None:
            return VoyageAction.said(self, at)
        first, second = card_words(fight.hand[self.first]), card_words(fight.hand[self.second])
        return Said(f"keep {first}, then {second}", None, "fight")


@dataclass(frozen=True, slots=True)
class TakePrize(VoyageAction):
    card: str | None  # None: none of them
    verb = "prize"
    usage = "prize CARD"

    def said(self, at: Reading) -> Said:
        words = f"keep {self.card.replace('_', ' ')}" if self.card else "keep none"
        return Said(words, None, "prize")


@dataclass(frozen=True, slots=True)
class Choose(VoyageAction):
    option: int
    verb = "choose"
    usage = "choose I"

    def typed(self) -> str:
        return f"choose {self.option + 1}"

    def said(self, at: Reading) -> Said:
        if not at.options:  # no question waits
            return VoyageAction.said(self, at)
        option = at.options[self.option]
        return Said(f"{option['choice']}: {option['stakes']}", None, "question")


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
