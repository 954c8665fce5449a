"""Orders: the protocol's actions of Tribes (its design document), one line of text each, and phase
1 that takes them. An order parses from its text (`parse_order`, IllegalActionError with the reason
on anything that is not an order) into a frozen dataclass whose `to_str()` gives the canonical text
back (`parse_order(o.to_str()) == o`; case and spacing are free, pairs come back in profession
order). Ranges fixed by the seed (per milles, rations 0..2000, known names) are checked when an
order is made (rules that narrow a range are held to it in rulings.py); what depends on the world
(own settlement, alive tribe, stores, techs, faith, map) is checked by `refusal` against the state.

The texts (SETT is a settlement's id, PROF a profession, N a whole number):

    allocate PROF=N ...            the tribe-wide vector, per mille (see below)
    allocate @SETT PROF=N ...      a settlement's persistent override (see below)
    build SETT BUILDING [COUNT]    construction.enqueue: debits now, queues COUNT (1..5)
    demolish SETT BUILDING         one instance, at once, no refund
    rations N                      0..2000 (1000 = full)
    ale N                          ale ration, 0..1000
    craft mill|brew|fodder N       the grain gate's share, per mille
    smithy tools=N weapons=N armor=N   the smithy split's weights (unnamed: 0)
    slaughter N                    per mille of herds per 10 ticks
    research TECH                  switch research (free; the cost is paid at completion)
    rite blessing|harvest SETT     faith now; the timed effect on an own settlement
    rite warding                   faith now; tribe-wide
    found X Y SETTLERS             a settler wagon from the most populous own settlement
  declared for part 2 (they parse and round-trip, but are never open in part 1: there are no
  warbands, caravans, routes, trade, stances or ages yet, so phase 1 drops them):
    rite war WARBAND
    muster SETT SIZE [cavalry]
    warband ID garrison SETT | patrol X Y | march X Y | raid SETT | raid caravan ID
               | besiege SETT | escort CARAVAN | disband
    route FROM TO RESOURCE N       N per mille of the surplus; 0 deletes the route
    offer N RESOURCE for N RESOURCE [to TRIBE | peddler] [repeat]
    withdraw OFFER                 takes an own offer back
    stance TRIBE hostile|neutral|allied
    advance

Whether an order is open now and what it does is ruled in rulings.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..errors import IllegalActionError
from .constants import (
    BUILDING_GATES,
    ORDER_COUNT_MAX,
    ORDER_MIN_SETTLERS,
    ORDER_RATIONS_MAX,
    PERMILLE,
    PROFESSIONS,
    RESOURCES,
    RITE_TARGETS,
    SMITHY_OUTPUTS,
    TECH_PREREQS,
)

CRAFT_GATES = ("mill", "brew", "fodder")
STANCES = ("hostile", "neutral", "allied")
WARBAND_COMMANDS = ("garrison", "patrol", "march", "raid", "besiege", "escort", "disband")
MAX_NUMBER_DIGITS = 9  # chosen: no order needs a number past 999,999,999


# --- the orders -----------------------------------------------------------------------------


def _pairs(names: tuple[str, ...], values: tuple[int, ...]) -> list[str]:
    return [f"{n}={v}" for n, v in zip(names, values, strict=True) if v]


def _permille(value: int, what: str) -> None:
    if not 0 <= value <= PERMILLE:
        raise IllegalActionError(f"{what} is per mille, 0..1000, not {value}")


@dataclass(frozen=True, slots=True)
class Allocate:
    """The labour vector (per mille by profession, PROFESSIONS order), tribe-wide
    (settlement -1) or a settlement's override."""

    verb: ClassVar[str] = "allocate"
    shares: tuple[int, ...]
    settlement: int = -1

    def __post_init__(self) -> None:
        if len(self.shares) != len(PROFESSIONS):
            raise IllegalActionError(f"allocate needs {len(PROFESSIONS)} shares")
        for name, share in zip(PROFESSIONS, self.shares, strict=True):
            _permille(share, name)

    def to_str(self) -> str:
        where = [f"@{self.settlement}"] if self.settlement >= 0 else []
        return " ".join(["allocate", *where, *_pairs(PROFESSIONS, self.shares)])


@dataclass(frozen=True, slots=True)
class Build:
    verb: ClassVar[str] = "build"
    settlement: int
    building: str
    count: int = 1

    def __post_init__(self) -> None:
        if self.building not in BUILDING_GATES or self.building == "hall":
            raise IllegalActionError(f"{self.building!r} is not a building one can build")
        if not 1 <= self.count <= ORDER_COUNT_MAX:
            raise IllegalActionError(f"build count is 1..{ORDER_COUNT_MAX}, not {self.count}")

    def to_str(self) -> str:
        count = f" {self.count}" if self.count != 1 else ""
        return f"build {self.settlement} {self.building}{count}"


@dataclass(frozen=True, slots=True)
class Demolish:
    verb: ClassVar[str] = "demolish"
    settlement: int
    building: str

    def __post_init__(self) -> None:
        if self.building not in BUILDING_GATES or self.building == "hall":
            raise IllegalActionError(f"{self.building!r} is not a building one can demolish")

    def to_str(self) -> str:
        return f"demolish {self.settlement} {self.building}"


@dataclass(frozen=True, slots=True)
class Rations:
    verb: ClassVar[str] = "rations"
    value: int

    def __post_init__(self) -> None:
        if not 0 <= self.value <= ORDER_RATIONS_MAX:
            raise IllegalActionError(f"rations are 0..{ORDER_RATIONS_MAX}, not {self.value}")

    def to_str(self) -> str:
        return f"rations {self.value}"


@dataclass(frozen=True, slots=True)
class Ale:
    verb: ClassVar[str] = "ale"
    value: int

    def __post_init__(self) -> None:
        _permille(self.value, "the ale ration")

    def to_str(self) -> str:
        return f"ale {self.value}"


@dataclass(frozen=True, slots=True)
class Craft:
    verb: ClassVar[str] = "craft"
    gate: str
    value: int

    def __post_init__(self) -> None:
        if self.gate not in CRAFT_GATES:
            raise IllegalActionError(f"craft {self.gate!r}: one of {', '.join(CRAFT_GATES)}")
        _permille(self.value, f"craft {self.gate}")

    def to_str(self) -> str:
        return f"craft {self.gate} {self.value}"


@dataclass(frozen=True, slots=True)
class Smithy:
    verb: ClassVar[str] = "smithy"
    tools: int
    weapons: int
    armor: int

    def __post_init__(self) -> None:
        for name in SMITHY_OUTPUTS:
            _permille(getattr(self, name), f"smithy {name}")

    def to_str(self) -> str:
        return f"smithy tools={self.tools} weapons={self.weapons} armor={self.armor}"


@dataclass(frozen=True, slots=True)
class Slaughter:
    verb: ClassVar[str] = "slaughter"
    value: int

    def __post_init__(self) -> None:
        _permille(self.value, "slaughter")

    def to_str(self) -> str:
        return f"slaughter {self.value}"


@dataclass(frozen=True, slots=True)
class Research:
    verb: ClassVar[str] = "research"
    tech: str

    def __post_init__(self) -> None:
        if self.tech not in TECH_PREREQS:
            techs = ", ".join(TECH_PREREQS)
            raise IllegalActionError(f"{self.tech!r} is not a tech; one of {techs}")

    def to_str(self) -> str:
        return f"research {self.tech}"


@dataclass(frozen=True, slots=True)
class Rite:
    """A rite on its target: a settlement (blessing, harvest), a warband (war), none (-1,
    warding: tribe-wide)."""

    verb: ClassVar[str] = "rite"
    rite: str
    target: int = -1

    def __post_init__(self) -> None:
        if self.rite not in RITE_TARGETS:
            rites = ", ".join(RITE_TARGETS)
            raise IllegalActionError(f"{self.rite!r} is not a rite; one of {rites}")
        tribe_wide = RITE_TARGETS[self.rite] == "tribe"
        if tribe_wide != (self.target < 0):
            what = "takes no target" if tribe_wide else f"needs a {RITE_TARGETS[self.rite]}'s id"
            raise IllegalActionError(f"rite {self.rite} {what}")

    def to_str(self) -> str:
        return f"rite {self.rite}" + (f" {self.target}" if self.target >= 0 else "")


@dataclass(frozen=True, slots=True)
class Found:
    verb: ClassVar[str] = "found"
    x: int
    y: int
    settlers: int

    def __post_init__(self) -> None:
        if self.settlers < ORDER_MIN_SETTLERS:
            raise IllegalActionError(f"found takes at least {ORDER_MIN_SETTLERS} settlers")

    def to_str(self) -> str:
        return f"found {self.x} {self.y} {self.settlers}"


# --- part 2's orders, declared ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Muster:
    verb: ClassVar[str] = "muster"
    settlement: int
    size: int
    cavalry: bool = False

    def to_str(self) -> str:
        return f"muster {self.settlement} {self.size}" + (" cavalry" if self.cavalry else "")


@dataclass(frozen=True, slots=True)
class WarbandOrder:
    """A warband's standing order: `target` is a settlement's id (garrison, raid, besiege) or a
    caravan's (escort, and raid when `caravan`); x, y for patrol and march."""

    verb: ClassVar[str] = "warband"
    warband: int
    command: str
    target: int = -1
    x: int = -1
    y: int = -1
    caravan: bool = False

    def to_str(self) -> str:
        head = f"warband {self.warband} {self.command}"
        if self.command in ("patrol", "march"):
            return f"{head} {self.x} {self.y}"
        if self.command == "disband":
            return head
        return f"{head}{' caravan' if self.caravan else ''} {self.target}"


@dataclass(frozen=True, slots=True)
class Route:
    verb: ClassVar[str] = "route"
    source: int
    destination: int
    resource: str
    permille: int

    def __post_init__(self) -> None:
        if self.resource not in RESOURCES:
            raise IllegalActionError(f"{self.resource!r} is not a resource")
        _permille(self.permille, "a route's share")

    def to_str(self) -> str:
        return f"route {self.source} {self.destination} {self.resource} {self.permille}"


@dataclass(frozen=True, slots=True)
class Offer:
    """Give `give_amount` of `give` for `want_amount` of `want`, to one tribe (`to`), any
    (-1), or the peddler (which only pays coin); `repeat` offers persist."""

    verb: ClassVar[str] = "offer"
    give_amount: int
    give: str
    want_amount: int
    want: str
    to: int = -1
    peddler: bool = False
    repeat: bool = False

    def __post_init__(self) -> None:
        for resource in (self.give, self.want):
            if resource not in RESOURCES:
                raise IllegalActionError(f"{resource!r} is not a resource")
        if self.give == self.want:
            raise IllegalActionError("an offer gives and wants different resources")
        if self.peddler and (self.want != "coin" or self.to >= 0):
            raise IllegalActionError("the peddler only pays coin, and is no tribe")

    def to_str(self) -> str:
        words = ["offer", str(self.give_amount), self.give, "for", str(self.want_amount)]
        words.append(self.want)
        if self.peddler:
            words.append("peddler")
        elif self.to >= 0:
            words += ["to", str(self.to)]
        if self.repeat:
            words.append("repeat")
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Take an own offer back (chosen: the seed caps offers at 16 a tribe and repeat offers
    persist, so without a way back a tribe's slots could fill for good)."""

    verb: ClassVar[str] = "withdraw"
    offer: int

    def to_str(self) -> str:
        return f"withdraw {self.offer}"


@dataclass(frozen=True, slots=True)
class Stance:
    verb: ClassVar[str] = "stance"
    tribe: int
    stance: str

    def __post_init__(self) -> None:
        if self.stance not in STANCES:
            raise IllegalActionError(f"stance {self.stance!r}: one of {', '.join(STANCES)}")

    def to_str(self) -> str:
        return f"stance {self.tribe} {self.stance}"


@dataclass(frozen=True, slots=True)
class Advance:
    verb: ClassVar[str] = "advance"

    def to_str(self) -> str:
        return "advance"


Order = (
    Allocate
    | Build
    | Demolish
    | Rations
    | Ale
    | Craft
    | Smithy
    | Slaughter
    | Research
    | Rite
    | Found
    | Muster
    | WarbandOrder
    | Route
    | Offer
    | Withdraw
    | Stance
    | Advance
)
VERBS = tuple(
    cls.verb
    for cls in (
        Allocate,
        Build,
        Demolish,
        Rations,
        Ale,
        Craft,
        Smithy,
        Slaughter,
        Research,
        Rite,
        Found,
        Muster,
        WarbandOrder,
        Route,
        Offer,
        Withdraw,
        Stance,
        Advance,
    )
)


_DECREES: dict[str, type[Rations] | type[Ale] | type[Slaughter]] = {
    "rations": Rations,
    "ale": Ale,
    "slaughter": Slaughter,
}

# --- parsing --------------------------------------------------------------------------------


def _number(word: str, what: str) -> int:
    if not word.isdigit() or not word.isascii() or len(word) > MAX_NUMBER_DIGITS:
        raise IllegalActionError(f"{what} must be a whole number >= 0, not {word!r}")
    return int(word)


def _arity(words: list[str], low: int, high: int, form: str) -> None:
    if not low <= len(words) - 1 <= high:
        raise IllegalActionError(f"{words[0]} takes the form {form!r}")


def _assignments(words: list[str], names: tuple[str, ...], what: str) -> tuple[int, ...]:
    """NAME=N pairs, each name once, into a vector over `names` (unnamed: 0)."""
    values = [0] * len(names)
    seen: set[str] = set()
    for word in words:
        name, eq, value = word.partition("=")
        if not eq or name not in names:
            raise IllegalActionError(f"{word!r} is not {what}=N ({what}: {', '.join(names)})")
        if name in seen:
            raise IllegalActionError(f"{name} is named twice")
        seen.add(name)
        values[names.index(name)] = _number(value, name)
    return tuple(values)


def _parse_warband(words: list[str]) -> WarbandOrder:
    form = "warband ID COMMAND ..."
    if len(words) < 3:
        raise IllegalActionError(f"warband takes the form {form!r}")
    band, command, rest = _number(words[1], "a warband's id"), words[2], words[3:]
    if command not in WARBAND_COMMANDS:
        raise IllegalActionError(f"warband {command!r}: one of {', '.join(WARBAND_COMMANDS)}")
    if command == "disband" and not rest:
        return WarbandOrder(band, command)
    if command in ("patrol", "march") and len(rest) == 2:
        return WarbandOrder(band, command, x=_number(rest[0], "x"), y=_number(rest[1], "y"))
    if command == "raid" and len(rest) == 2 and rest[0] == "caravan":
        return WarbandOrder(band, command, _number(rest[1], "a caravan's id"), caravan=True)
    if command in ("garrison", "raid", "besiege", "escort") and len(rest) == 1:
        return WarbandOrder(band, command, _number(rest[0], "a target's id"))
    raise IllegalActionError(f"warband {command}: wrong arguments {' '.join(rest)!r}")


def _parse_offer(words: list[str]) -> Offer:
    form = "offer N RESOURCE for N RESOURCE [to TRIBE | peddler] [repeat]"
    if len(words) < 6 or words[3] != "for":
        raise IllegalActionError(f"offer takes the form {form!r}")
    give_amount = _number(words[1], "the amount given")
    want_amount = _number(words[4], "the amount wanted")
    rest = words[6:]
    repeat = bool(rest) and rest[-1] == "repeat"
    if repeat:
        rest = rest[:-1]
    to, peddler = -1, False
    if rest == ["peddler"]:
        peddler = True
    elif len(rest) == 2 and rest[0] == "to":
        to = _number(rest[1], "a tribe's id")
    elif rest:
        raise IllegalActionError(f"offer takes the form {form!r}")
    return Offer(give_amount, words[2], want_amount, words[5], to, peddler, repeat)


def parse_order(text: str) -> Order:
    """The order a line of text says (case and spacing free); IllegalActionError if none."""
    words = str(text).strip().lower().split()
    if not words:
        raise IllegalActionError("an empty order; one of " + ", ".join(VERBS))
    verb = words[0]
    if verb == "allocate":
        settlement = -1
        if len(words) > 1 and words[1].startswith("@"):
            settlement = _number(words[1][1:], "a settlement's id")
            words = words[1:]
        return Allocate(_assignments(words[1:], PROFESSIONS, "profession"), settlement)
    if verb == "build":
        _arity(words, 2, 3, "build SETT BUILDING [COUNT]")
        count = _number(words[3], "the count") if len(words) == 4 else 1
        return Build(_number(words[1], "a settlement's id"), words[2], count)
    if verb == "demolish":
        _arity(words, 2, 2, "demolish SETT BUILDING")
        return Demolish(_number(words[1], "a settlement's id"), words[2])
    if verb in ("rations", "ale", "slaughter"):
        _arity(words, 1, 1, f"{verb} N")
        return _DECREES[verb](_number(words[1], verb))
    if verb == "craft":
        _arity(words, 2, 2, "craft mill|brew|fodder N")
        return Craft(words[1], _number(words[2], "the share"))
    if verb == "smithy":
        _arity(words, 1, 3, "smithy tools=N weapons=N armor=N")
        return Smithy(*_assignments(words[1:], SMITHY_OUTPUTS, "output"))
    if verb == "research":
        _arity(words, 1, 1, "research TECH")
        return Research(words[1])
    if verb == "rite":
        _arity(words, 1, 2, "rite RITE [TARGET]")
        target = _number(words[2], "the rite's target") if len(words) == 3 else -1
        return Rite(words[1], target)
    if verb == "found":
        _arity(words, 3, 3, "found X Y SETTLERS")
        x, y = _number(words[1], "x"), _number(words[2], "y")
        return Found(x, y, _number(words[3], "settlers"))
    if verb == "muster":
        _arity(words, 2, 3, "muster SETT SIZE [cavalry]")
        if len(words) == 4 and words[3] != "cavalry":
            raise IllegalActionError(f"muster: {words[3]!r} is not 'cavalry'")
        size = _number(words[2], "the size")
        return Muster(_number(words[1], "a settlement's id"), size, len(words) == 4)
    if verb == "warband":
        return _parse_warband(words)
    if verb == "route":
        _arity(words, 4, 4, "route FROM TO RESOURCE N")
        source, dest = _number(words[1], "from"), _number(words[2], "to")
        return Route(source, dest, words[3], _number(words[4], "the share"))
    if verb == "offer":
        return _parse_offer(words)
    if verb == "withdraw":
        _arity(words, 1, 1, "withdraw OFFER")
        return Withdraw(_number(words[1], "an offer's id"))
    if verb == "stance":
        _arity(words, 2, 2, "stance TRIBE hostile|neutral|allied")
        return Stance(_number(words[1], "a tribe's id"), words[2])
    if verb == "advance":
        _arity(words, 0, 0, "advance")
        return Advance()
    raise IllegalActionError(f"{verb!r} is not an order; one of {', '.join(VERBS)}")


def chebyshev(ax: int, ay: int, bx: int, by: int) -> int:
    return max(abs(ax - bx), abs(ay - by))
