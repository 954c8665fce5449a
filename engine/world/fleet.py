"""Who sails the world (seed 000): every ship of the century a run begins with.

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
  Sea, Portugal's in the Indian Ocean.
- A privateer out of every privateer base; a pirate hunter out of each hunter station (Port
  Royal, Bridgetown); a Barbary corsair out of each corsair port (Algiers, Salé, Tunis,
  Tripoli).
- A sea monster in every named sea, at home where the chart letters it.

Hunters (guard ships, privateers, pirate hunters, corsairs) are weatherly; the rest square.
"""

from __future__ import annotations

from ..rng import below
from .kinds import ARMADA, CORSAIR, GUARD, HUNTER, MERCHANT, MONSTER, PRIVATEER, TREASURE
from .rules import WorldRules
from .state import LYING, RESTING, SHIP_COLUMNS, WAITING
from .world import World

SQUARE, WEATHERLY = 0, 1

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


def _inside(lon: float, lat: float, box: tuple[float, float, float, float]) -> bool:
    west, south, east, north = box
    return west <= lon <= east and south <= lat <= north


def muster(
    world: World, rules: WorldRules, rng: int
) -> tuple[dict[str, list[int]], list[list[int]], int]:
    """Every ship the run begins with (its columns), the fleets' and armadas' courses, and
    the RNG after the draws (merchants' first days in port)."""
    ships: dict[str, list[int]] = {column: [] for column in SHIP_COLUMNS}
    courses: list[list[int]] = []
    ports = world.ports
    by_name = {p.name: i for i, p in enumerate(ports)}

    def add(
        kind: int, rig: int, flag: int, home: int, node: int, task: int, until: int, **extra: int
    ) -> None:
        row = {
            "kind": kind,
            "rig": rig,
            "flag": flag,
            "home": home,
            "node": node,
            "leg": -1,
            "pos": 0,
            "forward": 1,
            "dest": -1,
            "task": task,
            "until": until,
            "target": -1,
            "laden": 0,
            "course": -1,
            **extra,
        }
        for column in SHIP_COLUMNS:
            ships[column].append(row[column])

    islanders = world.nations.index("islanders") if "islanders" in world.nations else -1
    for i, port in enumerate(ports):
        if port.native or port.nation == islanders:
            continue
        for _ in range(rules.merchants_per_port):
            rest, rng = below(rng, rules.merchant_rest_max - rules.merchant_rest_min + 1)
            add(
                MERCHANT, SQUARE, port.nation, i, port.node, RESTING, rules.merchant_rest_min + rest
            )
    for _name, course_names, _season in FLEETS:
        course = [by_name[n] for n in course_names if n in by_name]
        if len(course) < 2:
            continue
        courses.append(course)
        first = ports[course[0]]
        add(
            TREASURE,
            SQUARE,
            first.nation,
            course[0],
            first.node,
            RESTING,
            0,
            target=0,
            course=len(courses) - 1,
        )
    navies = {world.nations.index(n) for n in NAVIES if n in world.nations}
    for i, port in enumerate(ports):
        if (
            port.fortified
            and port.nation in navies
            and not _inside(float(world.lon[port.node]), float(world.lat[port.node]), EUROPE)
        ):
            add(GUARD, WEATHERLY, port.nation, i, port.node, RESTING, 0)
    for nation, _name, box in ARMADAS:
        if nation not in world.nations:
            continue
        flag = world.nations.index(nation)
        course = [
            i
            for i, p in enumerate(ports)
            if p.nation == flag
            and p.fortified
            and _inside(float(world.lon[p.node]), float(world.lat[p.node]), box)
        ]
        if len(course) < 2:
            continue
        courses.append(course)
        first = ports[course[0]]
        add(
            ARMADA,
            SQUARE,
            flag,
            course[0],
            first.node,
            RESTING,
            0,
            target=0,
            course=len(courses) - 1,
        )
    for i, port in enumerate(ports):
        if "privateer_base" in port.roles:
            add(PRIVATEER, WEATHERLY, port.nation, i, port.node, RESTING, 0)
    for i, port in enumerate(ports):
        if "hunter_station" in port.roles:
            add(HUNTER, WEATHERLY, port.nation, i, port.node, WAITING, 0)
    for i, port in enumerate(ports):
        if "corsair" in port.roles:
            add(CORSAIR, WEATHERLY, port.nation, i, port.node, LYING, 0)
    for node in world.sea_label_node.tolist():
        add(MONSTER, SQUARE, -1, int(node), int(node), RESTING, 0)
    return ships, courses, rng
