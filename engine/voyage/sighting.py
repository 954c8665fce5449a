"""Who is about (the Privateer design document, "Meeting a ship", "Seeing her first"): the ships in
sight of her, who means her harm, who she meets today, and how a ship looks to the captain: how far
off she is and whether she is bearing down. Reads the ship-kind table for what each kind is and
does.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from ..world import wars
from ..world.kinds import (
    KINDS,
    SHIP_KINDS,
)
from ..world.routes import CALM, HighSeas, toward
from ..world.state import HUNTING, LAID_UP, SAILING
from ..world.world import World, nearby
from .course import lookout_steps
from .rules import VoyageRules
from .state import VoyageState


def target_of(state: VoyageState, ship: int) -> str:
    """What she fights as: her kind's target (a corsair laden with captives: corsair_laden)."""
    ships = state.world.ships
    key = KINDS.rows[ships["kind"][ship]].target
    if key == "corsair" and ships["laden"][ship]:
        return "corsair_laden"
    return key


def hostile(world: World, state: VoyageState, ship: int) -> bool:
    """She attacks on sight, as her kind's hostility says (engine/world/kinds.py): a guard
    ship, armada or privateer of a nation that wants you or is at war with England; a corsair
    whose nation is at war with England; a pirate hunter when England wants you; a monster
    always."""
    ships = state.world.ships
    hostility = KINDS.rows[ships["kind"][ship]].hostility
    return wars.sets_on(world, state.world, hostility, ships["flag"][ship])


def out_of_port(world: World, state: VoyageState, ship: int) -> bool:
    """She is out of port (and not laid up), so she can be met or seen."""
    ships = state.world.ships
    task = ships["task"][ship]
    if task == LAID_UP:
        return False
    return ships["node"][ship] not in world.port_nodes or (
        task == SAILING and ships["leg"][ship] >= 0
    )


def ships_at(state: VoyageState, nodes: dict[int, int] | set[int]) -> list[int]:
    """The ships on any of `nodes`, in index order (most days none: said at C speed)."""
    where = state.world.ships["node"]
    if (nodes.keys() if isinstance(nodes, dict) else nodes).isdisjoint(where):
        return []
    return list(compress(range(len(where)), map(nodes.__contains__, where)))


def anchored(state: VoyageState) -> bool:
    """At anchor off a charted island: no ship troubles you there."""
    ws = state.world
    return any(c and n == state.node for n, c in zip(ws.islands, ws.charted, strict=True))


def meeting(world: World, state: VoyageState, before: list[int], was: int) -> int:
    """The ship that meets you today (-1 none): on your node, or passed on the step between
    (she was where you are, you were where she is). Hostile first, then the bar's talk of her
    kind (a treasure fleet is news), then the lowest index."""
    ws = state.world
    node = state.node
    if state.port >= 0 or node in world.port_nodes or anchored(state):
        return -1
    nodes = ws.ships["node"]
    passing = {s for s, until in state.let_pass if until > ws.day}
    found: list[tuple[int, int, int]] = []
    for ship in ships_at(state, {node, was}):
        here = nodes[ship] == node or (nodes[ship] == was and before[ship] == node)
        if not here or not out_of_port(world, state, ship):
            continue
        if ship in passing:  # let pass, or fought and left: she leaves you be a while
            continue
        harm = hostile(world, state, ship)
        notability = KINDS.rows[ws.ships["kind"][ship]].talk
        found.append((0 if harm else 1, -notability, ship))
    return min(found)[2] if found else -1


def describe_ship(world: World, state: VoyageState, ship: int) -> dict[str, Any]:
    ws = state.world
    flag = ws.ships["flag"][ship]
    return {
        "ship": ship,
        "kind": SHIP_KINDS[ws.ships["kind"][ship]],
        "flag": world.nations[flag] if flag >= 0 else None,
        "node": ws.ships["node"][ship],
        "hostile": hostile(world, state, ship),
    }


def in_sight(
    world: World,
    state: VoyageState,
    rules: VoyageRules,
    node: int | None = None,
    steps: int | None = None,
) -> list[int]:
    """Ships her lookout sees, out of port: within her sight (a step, two with a navigator),
    and with the lookout rule two steps farther (`lookout_steps`); `steps`: within that many
    instead."""
    reach = lookout_steps(state, rules) if steps is None else steps
    seen = nearby(world, state.node if node is None else node, reach)
    return [s for s in ships_at(state, seen) if out_of_port(world, state, s)]


def hostile_in_sight(
    world: World, state: VoyageState, rules: VoyageRules, before: list[int], was: int
) -> list[int]:
    """Hostile sails her lookout sees now that it did not see from where she was yesterday."""
    reach = lookout_steps(state, rules)
    now = [s for s in in_sight(world, state, rules, steps=reach) if hostile(world, state, s)]
    if not now:
        return []
    seen_then = nearby(world, was, reach)
    return [s for s in now if before[s] not in seen_then]


def next_node(
    world: World, state: VoyageState, ship: int, season: int, seas: HighSeas = CALM
) -> int:
    """Where she will be tomorrow if she holds on as she goes (her own node if she lies still):
    the next node of the leg she is sailing; at a graph node bound somewhere, the first step of
    the way her rig takes there this season (the world's route trees, as she sails them)."""
    ships = state.world.ships
    node = ships["node"][ship]
    if ships["task"][ship] != SAILING:
        return node
    leg = ships["leg"][ship]
    if leg >= 0:
        return world.leg_path(leg, bool(ships["forward"][ship]))[ships["pos"][ship] + 1]
    dest = ships["dest"][ship]
    if dest < 0 or dest == node:
        return node
    leg = world.leg_table.get((node, dest), -1)
    if leg < 0:
        ahead = toward(world, dest, season, ships["rig"][ship], seas)[node]
        if ahead < 0:
            return node
        leg = world.leg_table[(node, ahead)]
    return world.leg_path(leg, int(world.leg_a[leg]) == node)[1]


def sightings(
    world: World,
    state: VoyageState,
    rules: VoyageRules,
    ships: list[int],
    season: int,
    seas: HighSeas = CALM,
) -> list[dict[str, Any]]:
    """For each of `ships` (in her lookout's sight): how far off she is, in days (steps of the
    day graph from you), and whether she is bearing down on you. She is bearing down when she
    is under way and coming closer: her destination is you (she is hunting you, or bound for
    the node you are on), or her next node (`next_node`: where she will be tomorrow) is fewer
    days from you than she is now. A ship lying still (in port, resting, stripping a town, or
    with nowhere to go), or going her way across or away from you, is not."""
    near = nearby(world, state.node, lookout_steps(state, rules) + 1)  # her next node too
    ws = state.world.ships
    out = []
    for ship in ships:
        node = ws["node"][ship]
        days = near.get(node, -1)
        if ws["task"][ship] != SAILING:
            closing = False
        elif ws["target"][ship] == HUNTING or ws["dest"][ship] == state.node:
            closing = True
        else:
            ahead = near.get(next_node(world, state, ship, season, seas), -1)
            closing = 0 <= ahead < days
        out.append({"days": days, "bearing_down": closing})
    return out
