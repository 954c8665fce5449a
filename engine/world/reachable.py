"""What a saved world must be beyond its shape: what its seed's opening fixed, and ships where
sailing puts them. Its rules are its run's; its ships are those the seed musters, as many,
each of her kind, rig, flag and home (a port, or a monster's node, by her kind), on her course
(a fleet's); the fleets' courses and the islands are the seed's. Who a ship is never changes;
where she is does, a step a day (engine/world/sailing.py): between legs at a node of the graph
(or a monster's home in its sea), or part way along a leg, on the node that far along it. The
opening is made again to compare (0.2 ms on the synthetic sea, 7 ms on the full world: a
resume's, so nothing is kept).
"""

from __future__ import annotations

from ..errors import SaveError
from ..schema import show
from .game import create_world
from .kinds import KINDS
from .rules import WorldRules
from .state import WorldState
from .world import World

FIXED_COLUMNS = ("kind", "rig", "flag", "home", "course")
"""The ship columns set at the muster (engine/world/fleet.py) and never written after."""


def check_world(world: World, rules: WorldRules, state: WorldState, path: str = "world") -> None:
    """Refuse (SaveError, naming the field) a world state whose rules are not `rules`, whose
    fixed part is not what its seed opened with, or with a ship where no sailing puts her."""
    if state.rules != rules.name:
        raise SaveError(f"{path}.rules {state.rules!r} are not its run's ({rules.name!r})")
    opening, _ = create_world(world, state.seed, rules)
    if state.ship_count != opening.ship_count:
        raise SaveError(
            f"{path}.ships hold {state.ship_count} ships; the seed musters {opening.ship_count}"
        )
    for column in FIXED_COLUMNS:
        pairs = zip(state.ships[column], opening.ships[column], strict=True)
        for ship, (value, want) in enumerate(pairs):
            if value != want:
                raise SaveError(
                    f"{path}.ships.{column}[{ship}] {value} is not the seed's ({want}): "
                    "it never changes"
                )
    for name, kept, opened in (
        ("courses", state.courses, opening.courses),
        ("islands", state.islands, opening.islands),
    ):
        if kept != opened:
            raise SaveError(f"{path}.{name} {show(kept)} are not the seed's")
    _check_sailing(world, state, path)


def _check_sailing(world: World, state: WorldState, path: str) -> None:
    _, _, leg_start, leg_nodes = world.lists
    ships = state.ships
    for ship, (leg, pos) in enumerate(zip(ships["leg"], ships["pos"], strict=True)):
        where = f"{path}.ships.pos[{ship}] {pos}"
        if leg < 0:
            node = ships["node"][ship]
            if pos != 0:
                raise SaveError(f"{where} with no leg: between legs she is at a node")
            if world.graph_index[node] < 0 and not _at_home(state, ship):
                raise SaveError(f"{path}.ships.node[{ship}] {node} is mid-leg, and she on none")
            continue
        start = leg_start[leg]
        days = leg_start[leg + 1] - start - 1
        if not 1 <= pos < days:
            raise SaveError(f"{where} is not part way along leg {leg} ({days} days)")
        at = leg_nodes[start + pos if ships["forward"][ship] else start + days - pos]
        if ships["node"][ship] != at:
            raise SaveError(
                f"{path}.ships.node[{ship}] {ships['node'][ship]} is not {pos} days along "
                f"leg {leg} (node {at})"
            )


def _at_home(state: WorldState, ship: int) -> bool:
    """She lies at her home node, a sea's (a monster's, laid up or mustered there)."""
    ships = state.ships
    kind = KINDS.rows[ships["kind"][ship]]
    return kind.home_at_sea and ships["node"][ship] == ships["home"][ship]
