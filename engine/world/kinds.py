"""The kinds of ship the world sails, declared once: one row a kind says what she works at,
where she is bound, whom she attacks on sight, whether she is a warship, how she is rigged,
what the bar makes of her and what she fights as. Everything that needs a kind (the daily
advance, pursuit, rumors and their clouds, the bar, meetings, the pictures) reads its row, so a
new kind is one row here plus its tests.

A ship's kind is stored in the world state as the row's index (`SHIP_KINDS` gives the names in
that order); the rows of seed 000 come first and keep their indexes, so saves and logs read the
same.

>>> KINDS[TREASURE].talk, KINDS[GUARD].warship, kind_index("corsair")
(5, True, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Work(Enum):
    """What she does when her rest is over (seed 000, "The living world")."""

    TRADE = "trade"  # a merchant: to a port she may trade with
    COURSE = "course"  # a treasure fleet or armada: the next port of her course
    PATROL = "patrol"  # a guard ship: her beat in her nation's waters, and back
    CRUISE = "cruise"  # a privateer with nobody to hunt: off her base and back
    RAID = "raid"  # a corsair: an open town of an enemy within reach
    DRIFT = "drift"  # a sea monster: where the current takes it
    WAIT = "wait"  # a pirate hunter: in port, until England wants you


class Hostility(Enum):
    """Whom she attacks on sight (seed 000, "Meeting a ship")."""

    NEVER = "never"
    ALWAYS = "always"  # a monster is nobody's friend
    ENEMY_OR_WANTED = "enemy_or_wanted"  # her nation is at war with England, or wants you
    ENEMY = "enemy"  # her nation is at war with England
    ENGLAND_WANTS_YOU = "england_wants_you"  # England counts you a pirate


SQUARE, WEATHERLY = 0, 1  # square-rigged; fore-and-aft rigged (she works to windward)


@dataclass(frozen=True, slots=True)
class ShipKind:
    name: str
    work: Work
    hostility: Hostility
    warship: bool  # drawn larger; a man-of-war, not a trader or a raider
    rig: int  # SQUARE or WEATHERLY
    talk: int  # how much the bars talk of her, a merchant's worth being 1
    target: str  # what she fights as (a target of the card engine)
    flagged: bool = True  # flies a nation's flag (a monster flies none)

    @property
    def label(self) -> str:
        return self.name.replace("_", " ")


KINDS: tuple[ShipKind, ...] = (
    ShipKind("merchant", Work.TRADE, Hostility.NEVER, False, SQUARE, 1, "merchant"),
    # "treasure fleets are talked about five times as much as a merchant"
    ShipKind("treasure_fleet", Work.COURSE, Hostility.NEVER, False, SQUARE, 5, "treasure_fleet"),
    ShipKind(
        "guard_ship", Work.PATROL, Hostility.ENEMY_OR_WANTED, True, WEATHERLY, 1, "guard_ship"
    ),
    ShipKind("armada", Work.COURSE, Hostility.ENEMY_OR_WANTED, True, SQUARE, 1, "armada"),
    ShipKind("privateer", Work.CRUISE, Hostility.ENEMY_OR_WANTED, False, WEATHERLY, 1, "privateer"),
    ShipKind("hunter", Work.WAIT, Hostility.ENGLAND_WANTS_YOU, True, WEATHERLY, 1, "hunter"),
    ShipKind("corsair", Work.RAID, Hostility.ENEMY, False, WEATHERLY, 1, "corsair"),
    ShipKind(
        "sea_monster", Work.DRIFT, Hostility.ALWAYS, False, SQUARE, 1, "sea_monster", flagged=False
    ),
)
SHIP_KINDS: tuple[str, ...] = tuple(k.name for k in KINDS)
MERCHANT, TREASURE, GUARD, ARMADA, PRIVATEER, HUNTER, CORSAIR, MONSTER = range(8)


def kind_index(name: str) -> int:
    """A kind's index by its name; ValueError naming the kinds there are."""
    try:
        return SHIP_KINDS.index(name)
    except ValueError:
        raise ValueError(f"no ship kind {name!r}: one of {', '.join(SHIP_KINDS)}") from None
