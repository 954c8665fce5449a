"""The kinds of ship the world sails, declared once: one row a kind says where the run finds
her, what she works at, what she does on arriving, where a rumor of her says she is bound,
whether and how far she comes for you, whom she attacks on sight, whether she is a warship, how
she is rigged, what the bar makes of her and what she fights as. Everything that needs a kind
(the muster, the daily advance, pursuit, rumors and their clouds, the bar, meetings, the
pictures) reads its row, so a new kind is one row here plus its tests.

A row names the rule numbers it needs by their WorldRules field ("guard_range_days"), so a
sweep of the rules reaches every kind that reads them; `register_kind` checks every name.

A ship's kind is stored in the world state as the row's index (`SHIP_KINDS` gives the names in that
order); the rows of the Privateer design document come first and keep their indexes, so saves and
logs read the same. `register_kind` appends a row (a test's toy kind, `registered(...)`), so the
table is a live view: read it as `KINDS[kind]`, never copy it at import.

>>> KINDS[TREASURE].talk, KINDS[GUARD].warship, kind_index("corsair")
(5, True, 6)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from typing import overload

from .rules import SEED_000, WorldRules


class Work(Enum):
    """What she does when her rest is over (the Privateer design document, "The living world";
    game.py)."""

    TRADE = "trade"  # a merchant: to a port she may trade with
    COURSE = "course"  # a treasure fleet or armada: the next port of her course
    PATROL = "patrol"  # a guard ship: her beat in her nation's waters, and back
    CRUISE = "cruise"  # a privateer with nobody to hunt: off her base and back
    RAID = "raid"  # a corsair: an open town of an enemy within reach
    DRIFT = "drift"  # a sea monster: where the current takes it
    WAIT = "wait"  # a pirate hunter: in port, until England wants you


class Arrival(Enum):
    """What she does on coming to where she was bound (game.py), and so how long a rumor of her
    supposes she lingers (rumors.py: in port for her rest, anywhere on her beat, or never)."""

    REST = "rest"  # a voyage made: she lies in port a while, drawn from her rest's days
    COURSE = "course"  # a port of her course: she lies her rest (a treasure fleet's is news)
    BEAT = "beat"  # a place of her beat: she rests a few days; only home ends a voyage
    WAIT = "wait"  # home from a chase: she waits in port for a captain England wants
    RAID = "raid"  # the town she was bound for stripped; home laden, she lies her rest
    NOTHING = "nothing"  # a monster arrives nowhere: it drifts on, making no voyages


class Muster(Enum):
    """Where a run finds her on day 0 (fleet.py), one ship to a place. The kinds muster in the
    table's order, each with its ships in the order of the places."""

    TRADING_PORTS = "trading_ports"  # `merchants_per_port` of every port but islanders'
    FLEETS = "fleets"  # one to each treasure fleet's course (fleet.FLEETS), in its season
    COLONIAL_FORTS = "colonial_forts"  # one at every fortified colonial port of a navy
    ARMADAS = "armadas"  # one to each armada's course (fleet.ARMADAS)
    STATIONS = "stations"  # one out of every port with her station's role
    SEAS = "seas"  # one in every named sea, at its label: her home is that node, not a port


class Hostility(Enum):
    """Whom she sets on (the Privateer design document, "Meeting a ship"): whom she attacks on
    sight, and, in a `Hunt`, when she comes for you (wars.sets_on reads it)."""

    NEVER = "never"
    ALWAYS = "always"  # a monster is nobody's friend
    ENEMY_OR_WANTED = "enemy_or_wanted"  # her nation is at war with England, or wants you
    ENEMY = "enemy"  # her nation is at war with England
    WANTED = "wanted"  # her nation wants you (your standing with it below zero)
    ENGLAND_WANTS_YOU = "england_wants_you"  # England counts you a pirate


SQUARE, WEATHERLY = 0, 1  # square-rigged; fore-and-aft rigged (she works to windward)
RIGS = ("square", "weatherly")


@dataclass(frozen=True, slots=True)
class Rest:
    """How long she lies at the end of a voyage: between the days of two WorldRules fields
    (one field: always that long)."""

    least: str
    most: str | None = None

    def days(self, rules: WorldRules) -> tuple[int, int]:
        least = int(getattr(rules, self.least))
        return least, int(getattr(rules, self.most)) if self.most else least


@dataclass(frozen=True, slots=True)
class Station:
    """Where she keeps (a rumor of her supposes she is bound there, or for you if you are
    within `reach` of it), and where the run musters her (with Muster.STATIONS)."""

    role: str | None  # her port's role (Port.roles); None: a fortified port of her nation
    reach: str  # a WorldRules field: days from her station


@dataclass(frozen=True, slots=True)
class Hunt:
    """She comes for you (pursuit.py) `when` her hostility holds, within `reach` (a WorldRules
    field) days of home; `alarmed`: `alarm_reach_factor` times as far while a town of her nation is
    alarmed (the Privateer design document: "the town's nation's guard ships hunt twice as far");
    `word_out`: whatever the range once word is out that you have the score (the voyage's home
    stretch, the Privateer design document: "every enemy privateer puts to sea to stop you getting
    it home"); `word_out_only`: then only, and only when the word reaches her kind too (the
    corsairs: pursuit.Name's `corsairs_too`); `on_sight`: within `reach` days of where she is,
    not of home (an armada off her course), and not at all while that reach is 0; she gives up
    for the nearest port of her course."""

    when: Hostility
    reach: str
    alarmed: bool = False
    word_out: bool = False
    word_out_only: bool = False
    on_sight: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ShipKind:
    name: str
    muster: Muster
    work: Work
    arrival: Arrival
    hostility: Hostility
    warship: bool  # drawn larger; a man-of-war, not a trader or a raider
    rig: int  # SQUARE or WEATHERLY
    talk: int  # how much the bars talk of her, a merchant's worth being 1
    target: str  # what she fights as (a target of the card engine)
    flagged: bool = True  # flies a nation's flag (a monster flies none)
    rest: Rest | None = None  # her rest at the end of a voyage
    station: Station | None = None  # where she keeps (the kinds whose work is from a station)
    hunt: Hunt | None = None  # whether she comes for you
    keeps_out: bool = False  # never sails into another nation's protected waters (driven off)
    # a deep keel: by world rules with `deep_keels_off_banks`, she routes round the banks
    deep: bool = False

    @property
    def label(self) -> str:
        return self.name.replace("_", " ")

    @property
    def home_at_sea(self) -> bool:
        """Her home is a node of the sea, not a port (a monster's)."""
        return self.muster is Muster.SEAS


SEED_000_KINDS: tuple[ShipKind, ...] = (
    ShipKind(
        name="merchant",
        muster=Muster.TRADING_PORTS,
        work=Work.TRADE,
        arrival=Arrival.REST,
        hostility=Hostility.NEVER,
        warship=False,
        rig=SQUARE,
        talk=1,
        target="merchant",
        rest=Rest("merchant_rest_min", "merchant_rest_max"),
    ),
    ShipKind(
        name="treasure_fleet",
        muster=Muster.FLEETS,
        work=Work.COURSE,
        arrival=Arrival.COURSE,
        hostility=Hostility.NEVER,
        warship=False,
        rig=SQUARE,
        talk=5,  # "treasure fleets are talked about five times as much as a merchant"
        target="treasure_fleet",
        rest=Rest("treasure_rest_days"),
        deep=True,  # her galleons, as a galleon you sail is (fight/ships.py)
    ),
    ShipKind(
        name="guard_ship",
        muster=Muster.COLONIAL_FORTS,
        work=Work.PATROL,
        arrival=Arrival.BEAT,
        hostility=Hostility.ENEMY_OR_WANTED,
        warship=True,
        rig=WEATHERLY,
        talk=1,
        target="guard_ship",
        rest=Rest("beat_rest_min", "beat_rest_max"),
        station=Station(None, "guard_range_days"),
        # "Below zero, its guard ships hunt you", twice as far while a town is alarmed
        hunt=Hunt(Hostility.WANTED, "guard_range_days", alarmed=True),
        keeps_out=True,  # Europe's navies drive her off; a chase breaks off at the edge
    ),
    ShipKind(
        name="armada",
        muster=Muster.ARMADAS,
        work=Work.COURSE,
        arrival=Arrival.COURSE,
        hostility=Hostility.ENEMY_OR_WANTED,
        warship=True,
        rig=SQUARE,
        talk=1,
        target="armada",
        rest=Rest("armada_rest_days"),
        deep=True,  # great ships of the line
        # "attacks on sight", within the world's `armada_sight_days` of her (0: keeps her course)
        hunt=Hunt(Hostility.ENEMY_OR_WANTED, "armada_sight_days", on_sight=True),
    ),
    ShipKind(
        name="privateer",
        muster=Muster.STATIONS,
        work=Work.CRUISE,
        arrival=Arrival.BEAT,
        hostility=Hostility.ENEMY_OR_WANTED,
        warship=False,
        rig=WEATHERLY,
        talk=1,
        target="privateer",
        rest=Rest("beat_rest_min", "beat_rest_max"),
        station=Station("privateer_base", "privateer_range_days"),
        # "they come for you"; the home stretch: "every privateer of a nation at war with
        # England comes for you, whatever the range"
        hunt=Hunt(Hostility.ENEMY, "privateer_range_days", word_out=True),
    ),
    ShipKind(
        name="hunter",
        muster=Muster.STATIONS,
        work=Work.WAIT,
        arrival=Arrival.WAIT,
        hostility=Hostility.ENGLAND_WANTS_YOU,
        warship=True,
        rig=WEATHERLY,
        talk=1,
        target="hunter",
        # a rumor supposes a privateer's reach of her (chosen: the rumors' rule since the Privateer
        # design document)
        station=Station("hunter_station", "privateer_range_days"),
        hunt=Hunt(Hostility.ENGLAND_WANTS_YOU, "hunter_range_days"),
    ),
    ShipKind(
        name="corsair",
        muster=Muster.STATIONS,
        work=Work.RAID,
        arrival=Arrival.RAID,
        hostility=Hostility.ENEMY,
        warship=False,
        rig=WEATHERLY,
        talk=1,
        target="corsair",  # laden with captives she fights as "corsair_laden" (voyage/meet.py)
        rest=Rest("corsair_lie_days"),
        station=Station("corsair", "privateer_range_days"),
        # the Barbary states' privateers: on the home stretch, by voyage rules that say so
        # (`home_stretch_corsairs`), they come for you with the rest, whatever the range
        hunt=Hunt(Hostility.ENEMY, "privateer_range_days", word_out=True, word_out_only=True),
    ),
    ShipKind(
        name="sea_monster",
        muster=Muster.SEAS,
        work=Work.DRIFT,
        arrival=Arrival.NOTHING,
        hostility=Hostility.ALWAYS,
        warship=False,
        rig=SQUARE,
        talk=1,
        target="sea_monster",
        flagged=False,
    ),
)
MERCHANT, TREASURE, GUARD, ARMADA, PRIVATEER, HUNTER, CORSAIR, MONSTER = range(8)

_STATION_WORK = (Work.PATROL, Work.CRUISE, Work.WAIT, Work.RAID)  # a rumor: her station, or you
_REST_ARRIVALS = (Arrival.REST, Arrival.COURSE, Arrival.BEAT, Arrival.RAID)


class KindTable(Sequence[ShipKind]):
    """The table as it stands: the Privateer design document's rows, then those registered since.
    `rows` is the current tuple (for a loop that reads it many times); `version` moves with every
    change, for caches keyed on what the table says."""

    __slots__ = ("names", "rows", "version")

    def __init__(self, rows: tuple[ShipKind, ...]) -> None:
        self.rows = rows
        self.names = tuple(row.name for row in rows)
        self.version = 0

    @overload
    def __getitem__(self, index: int) -> ShipKind: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[ShipKind]: ...
    def __getitem__(self, index: int | slice) -> ShipKind | Sequence[ShipKind]:
        return self.rows[index]

    def __len__(self) -> int:
        return len(self.rows)

    def _set(self, rows: tuple[ShipKind, ...]) -> None:
        self.rows = rows
        self.names = tuple(row.name for row in rows)
        self.version += 1


class KindNames(Sequence[str]):
    """The kinds' names in index order, as the table stands."""

    __slots__ = ()

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return KINDS.names[index]

    def __len__(self) -> int:
        return len(KINDS.names)

    def __repr__(self) -> str:
        return repr(KINDS.names)


def kind_index(name: str) -> int:
    """A kind's index by its name; ValueError naming the kinds there are."""
    try:
        return KINDS.names.index(name)
    except ValueError:
        raise ValueError(f"no ship kind {name!r}: one of {', '.join(KINDS.names)}") from None


def _rules_named(kind: ShipKind) -> list[str]:
    """The WorldRules fields a row names."""
    rest, station, hunt = kind.rest, kind.station, kind.hunt
    named = [rest.least, rest.most] if rest else []
    named += [station.reach] if station else []
    named += [hunt.reach] if hunt else []
    return [name for name in named if name is not None]


def check_kind(kind: ShipKind) -> None:
    """ValueError if the row could not be sailed: a rule it names that the rules lack, a rig
    that is none, or what its work or arrival needs and it does not give."""
    name = kind.name
    if not name.isidentifier():
        raise ValueError(f"ship kind {name!r}: a name of letters and underscores")
    if kind.rig not in (SQUARE, WEATHERLY):
        raise ValueError(f"ship kind {name!r}: rig must be SQUARE or WEATHERLY, not {kind.rig}")
    if kind.talk < 0:
        raise ValueError(f"ship kind {name!r}: talk must not be negative")
    if kind.arrival in _REST_ARRIVALS and kind.rest is None:
        raise ValueError(f"ship kind {name!r} arrives to rest ({kind.arrival.value}): give rest")
    if kind.work in _STATION_WORK and kind.station is None:
        raise ValueError(f"ship kind {name!r} works from a station ({kind.work.value}): give one")
    if kind.muster is Muster.STATIONS and (kind.station is None or kind.station.role is None):
        raise ValueError(f"ship kind {name!r} musters at stations: give the station's role")
    if kind.work is Work.COURSE and kind.muster not in (Muster.FLEETS, Muster.ARMADAS):
        raise ValueError(f"ship kind {name!r} sails a course: muster her to FLEETS or ARMADAS")
    for rule in _rules_named(kind):
        value = getattr(SEED_000, rule, None)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"ship kind {name!r} names {rule!r}: no whole number of the rules")


for _row in SEED_000_KINDS:  # a mistake in the table is said at import
    check_kind(_row)
assert len({row.name for row in SEED_000_KINDS}) == len(SEED_000_KINDS)
KINDS = KindTable(SEED_000_KINDS)
SHIP_KINDS = KindNames()


def register_kind(kind: ShipKind) -> int:
    """Add a kind to the table (after every kind there is, so no index moves); its index.
    ValueError if the row is not one the world can sail (`check_kind`)."""
    if kind.name in KINDS.names:
        raise ValueError(f"ship kind {kind.name!r} is there already: a new kind needs a new name")
    check_kind(kind)
    KINDS._set((*KINDS.rows, kind))
    return len(KINDS) - 1


def unregister_kind(name: str) -> None:
    """Take the last kind registered out of the table again (the Privateer design document's rows
    stay: a kind before another cannot go, or the later one's index would move)."""
    rows = KINDS.rows
    if rows[-1].name != name or len(rows) <= len(SEED_000_KINDS):
        raise ValueError(f"only the last kind registered can go, not {name!r}")
    KINDS._set(rows[:-1])


@contextmanager
def registered(kind: ShipKind) -> Iterator[int]:
    """The kind in the table for the block (a test's toy kind), its index given."""
    index = register_kind(kind)
    try:
        yield index
    finally:
        unregister_kind(kind.name)


def last_kind() -> int:
    """The largest kind index there is (a save's bound: engine/schema.py)."""
    return len(KINDS.rows) - 1


def kind_count() -> int:
    """How many kinds there are (a save's bound: engine/schema.py)."""
    return len(KINDS.rows)
