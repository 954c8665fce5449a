"""Sailing a step a day: a ship mid-leg goes on along it; a ship at a graph node bound
somewhere takes the next leg of the cheapest way there, for her rig, in this season (the
cached route trees of routes.py). A ship of a kind that keeps out (a guard ship: kinds.py)
never takes a leg into another nation's protected waters, so a chase breaks off at the edge.
"""

from __future__ import annotations

from .routes import CALM, HighSeas, toward
from .state import WorldState
from .world import World


def step(
    world: World,
    state: WorldState,
    ship: int,
    season: int,
    keep_out: bool,
    chase: int = -1,
    seas: HighSeas = CALM,
) -> bool:
    """Move ship one step (if she is sailing or bound somewhere); True when she has just come
    to a graph node (the end of a leg). `keep_out`: she may not enter foreign waters. `chase`:
    at a graph node, take this leg (a ship closing with you; -1: she goes her own way). `seas`:
    how her route weighs the high latitudes."""
    ships = state.ships
    leg_a, _, leg_start, leg_nodes = world.lists
    leg = ships["leg"][ship]
    if leg < 0:
        dest = ships["dest"][ship]
        node = ships["node"][ship]
        if chase >= 0:
            leg = chase
        elif dest < 0 or node == dest:
            return False
        table = world.leg_table
        if leg < 0:
            leg = table.get((node, dest), -1)  # a neighbour: straight there, no route needed
        if leg < 0:
            nxt = toward(world, dest, season, ships["rig"][ship], seas)[node]
            if nxt < 0:
                ships["dest"][ship] = -1  # no way there: she gives it up
                return False
            leg = table[(node, nxt)]
        if keep_out:
            crossed = world.leg_waters[leg]
            flag = ships["flag"][ship]
            if any(nation != flag for nation in crossed):
                return False  # the chase breaks off at the edge of another nation's waters
        ships["leg"][ship] = leg
        ships["pos"][ship] = 0
        ships["forward"][ship] = 1 if leg_a[leg] == node else 0
    pos = ships["pos"][ship] + 1
    start = leg_start[leg]
    days = leg_start[leg + 1] - start - 1
    at = start + pos if ships["forward"][ship] else start + days - pos
    ships["node"][ship] = leg_nodes[at]
    if pos >= days:
        ships["leg"][ship] = -1
        ships["pos"][ship] = 0
        return True
    ships["pos"][ship] = pos
    return False
