"""Who sails the world (the Privateer design document): every ship of the century a run begins with.

- A merchant out of every trading port (islanders' harbours trade provisions, not cargoes),
  flying its home port's flag. It trades with the ports of its own nation and of nations at
  peace with it, within `merchant_range_days` of home, bound for one of them at a time.
- The treasure fleets on their known courses, each leaving its first port in its season:
  the Spanish flota (Cádiz, Veracruz, Havana), the Manila galleon (Acapulco, Manila), the
  Portuguese carreira (Lisbon, Goa), the Dutch return fleet (Batavia, Amsterdam). A route
  ship flies its first port's flag.
- A guard ship on station at every fortified colonial port (outside Europe and the
  Mediterranean) of the navies (England, Spain, Portugal, France, the Dutch, the Danes):
  "the guard stations are out in the colonies: Europe's home waters are its navies' business".
- Armadas patrolling round their own empire's ports: Spain's in the Indies and in the South
  Sea, Portugal's in the Indian Ocean; with the world's `home_armada`, Spain's in home waters
  too (Cádiz, Lisbon, the Azores).
- A privateer out of every privateer base; a pirate hunter out of each hunter station (Port
  Royal, Bridgetown); a Barbary corsair out of each corsair port (Algiers, Salé, Tunis,
  Tripoli).
- A sea monster in every named sea, at home where the chart letters it.

Which kinds there are, in what order they muster, where and how each is rigged: their rows
(kinds.py, `Muster`); a ship starts the run in port, resting (a corsair lying, a pirate hunter
waiting).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..rng import below
from .kinds import KINDS, Muster, ShipKind, Work
from .rules import WorldRules
from .state import LYING, RESTING, SHIP_COLUMNS, WAITING
from .world import World

FLEETS = (  # name, course (ports in order), season it leaves its first port
    ("the flota", ("Cádiz", "Veracruz", "Havana"), 0),
    ("the Manila galleon", ("Acapulco", "Manila"), 0),
    ("the carreira da Índia", ("Lisbon", "Goa"), 0),
    ("the Dutch return fleet", ("Batavia", "Amsterdam"), 3),
)
NAVIES = ("england", "spain", "portugal", "france", "dutch", "danes")
ARMADAS = (  # nation, name, box (W, S, E, N) of the ports she patrols round
    ("spain", "the armada of the Indies", (-100.0, 5.0, -55.0, 30.0)),
    ("spain", "the armada of the South Sea", (-110.0, -40.0, -70.0, 10.0)),
    ("portugal", "the armada of India", (30.0, -30.0, 120.0, 30.0)),
)
EUROPE = (-30.0, 28.0, 45.0, 72.0)  # Europe and the Mediterranean: home waters, no guard ships
FIRST_TASK = {Work.RAID: LYING, Work.WAIT: WAITING}  # the rest: RESTING


def _inside(lon: float, lat: float, box: tuple[float, float, float, float]) -> bool:
    west, south, east, north = box
    return west <= lon <= east and south <= lat <= north


@dataclass
class Roll:
    """The muster roll as it is called: the ships' columns, the courses, the RNG."""

    world: World
    rules: WorldRules
    rng: int
    ships: dict[str, list[int]] = field(
        default_factory=lambda: {column: [] for column in SHIP_COLUMNS}
    )
    courses: list[list[int]] = field(default_factory=list)

    def add(self, kind: int, flag: int, home: int, node: int, until: int = 0, **extra: int) -> None:
        """A ship of `kind` at `node`, in port at the start of the run."""
        row = KINDS.rows[kind]
        values = {
            "kind": kind,
            "rig": row.rig,
            "flag": flag,
            "home": home,
            "node": node,
            "leg": -1,
            "pos": 0,
            "forward": 1,
            "dest": -1,
            "task": FIRST_TASK.get(row.work, RESTING),
            "until": until,
            "target": -1,
            "laden": 0,
            "course": -1,
            **extra,
        }
        for column in SHIP_COLUMNS:
            self.ships[column].append(values[column])

    def add_course(self, kind: int, course: list[int]) -> None:
        """A ship sailing `course` (port indices, at least two), at its first port."""
        self.courses.append(course)
        first = self.world.ports[course[0]]
        self.add(kind, first.nation, course[0], first.node, target=0, course=len(self.courses) - 1)


def muster(
    world: World, rules: WorldRules, rng: int
) -> tuple[dict[str, list[int]], list[list[int]], int]:
    """Every ship the run begins with (its columns), the fleets' and armadas' courses, and
    the RNG after the draws (merchants' first days in port): kind by kind in the table's
    order, each where its row's `muster` says (`MUSTERS`)."""
    roll = Roll(world, rules, rng)
    for kind, row in enumerate(KINDS.rows):
        MUSTERS[row.muster](roll, kind, row)
    return roll.ships, roll.courses, roll.rng


def _trading_ports(roll: Roll, kind: int, row: ShipKind) -> None:
    """`merchants_per_port` out of every trading port (islanders' harbours trade provisions,
    not cargoes), each her first days in port drawn from her rest."""
    world, rules = roll.world, roll.rules
    assert row.rest is not None  # check_kind: a trader arrives to rest
    least, most = row.rest.days(rules)
    islanders = world.nations.index("islanders") if "islanders" in world.nations else -1
    for i, port in enumerate(world.ports):
        if port.native or port.nation == islanders:
            continue
        for _ in range(rules.merchants_per_port):
            rest, roll.rng = below(roll.rng, most - least + 1)
            roll.add(kind, port.nation, i, port.node, least + rest)


def _fleets(roll: Roll, kind: int, row: ShipKind) -> None:
    """One to each treasure fleet's course (its ports that the world has, if two or more)."""
    by_name = {p.name: i for i, p in enumerate(roll.world.ports)}
    for _name, course_names, _season in FLEETS:
        course = [by_name[n] for n in course_names if n in by_name]
        if len(course) >= 2:
            roll.add_course(kind, course)


def _colonial_forts(roll: Roll, kind: int, row: ShipKind) -> None:
    """One at every fortified colonial port (outside Europe and the Mediterranean) of the
    navies: "the guard stations are out in the colonies"."""
    world = roll.world
    navies = {world.nations.index(n) for n in NAVIES if n in world.nations}
    for i, port in enumerate(world.ports):
        if (
            port.fortified
            and port.nation in navies
            and not _inside(float(world.lon[port.node]), float(world.lat[port.node]), EUROPE)
        ):
            roll.add(kind, port.nation, i, port.node)


def _armadas(roll: Roll, kind: int, row: ShipKind) -> None:
    """One to each armada: round the fortified ports of her nation inside her box (with
    `armada_reach_days`, only those of one sea: `one_sea`); with `home_armada`, then one
    round `home_armada_ports` (those the world has, if two or more), flying her first port's
    flag."""
    world = roll.world
    for nation, _name, box in ARMADAS:
        if nation not in world.nations:
            continue
        flag = world.nations.index(nation)
        course = [
            i
            for i, p in enumerate(world.ports)
            if p.nation == flag
            and p.fortified
            and _inside(float(world.lon[p.node]), float(world.lat[p.node]), box)
        ]
        if roll.rules.armada_reach_days > 0:
            course = one_sea(world, course, roll.rules.armada_reach_days)
        if len(course) >= 2:
            roll.add_course(kind, course)
    if roll.rules.home_armada:
        by_name = world.port_by_name
        home = [world.ports.index(by_name[n]) for n in roll.rules.home_armada_ports if n in by_name]
        if len(home) >= 2:
            roll.add_course(kind, home)


def one_sea(world: World, ports: list[int], reach_days: int) -> list[int]:
    """The ports of `ports` within `reach_days` of the one with the most of them so near
    (ties to the first), in their order: a patrol that keeps to one sea, not one that spends
    its days sailing between two."""
    hops = world.port_hops

    def near(anchor: int) -> list[int]:
        return [i for i in ports if hops[anchor][i] <= reach_days]

    if not ports:
        return []
    anchor = max(ports, key=lambda a: (len(near(a)), -ports.index(a)))
    return near(anchor)


def _stations(roll: Roll, kind: int, row: ShipKind) -> None:
    """One out of every port with her station's role."""
    assert row.station is not None  # check_kind: a kind mustered at stations has one
    for i, port in enumerate(roll.world.ports):
        if row.station.role in port.roles:
            roll.add(kind, port.nation, i, port.node)


def _seas(roll: Roll, kind: int, row: ShipKind) -> None:
    """One in every named sea, at home where the chart letters it (nobody's)."""
    for node in roll.world.sea_label_node.tolist():
        roll.add(kind, -1, int(node), int(node))


MUSTERS: dict[Muster, Callable[[Roll, int, ShipKind], None]] = {
    Muster.TRADING_PORTS: _trading_ports,
    Muster.FLEETS: _fleets,
    Muster.COLONIAL_FORTS: _colonial_forts,
    Muster.ARMADAS: _armadas,
    Muster.STATIONS: _stations,
    Muster.SEAS: _seas,
}
"""Where the run finds the ships of a kind, by its row's muster."""
