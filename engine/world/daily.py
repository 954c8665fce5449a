"""The world's daily loop over its ships, compiled (Numba): a ship lying on, a step along her
leg, at a graph node the next leg by her route tree (the World's TreeStore, routes.py), her
work when her rest is over (a merchant's trade, a guard's patrol, a privateer's cruise, a
monster's drift) and her arrival (her rest; a place of her beat; home from a chase), over
NumPy views of the state's own ship columns (state.columns), drawing from the state's RNG as
rng.below does, to the bit. What it leaves to Python (`game._sail_ships`), in ship order: a
ship closing with you, a treasure fleet's or armada's course and a corsair's raid (their
work and their arrival: events and the towns' treasuries), and a route tree not kept.

Why the order holds: what Python does for a ship writes only her columns and the state's own
lists (the RNG, the treasuries, the towns sacked, the voyages), and what this loop does for a
ship reads only her columns, those lists as they stood when the pass began, the world's legs
and the trees. So the loop may sail ships past one it leaves to Python while no draw is
owed: once it has left one that may draw (`pending`), it stops at the next ship that would
draw, untouched, for Python to take the ships it left and start it again from her; a ship
whose tree is not kept stops it the same way, for Python to work the tree out. Every event,
draw and column is the one the loop written out in Python gave, ship by ship (the goldens and
state hashes hold it).
"""

from __future__ import annotations

from array import array

import numba
import numpy as np
import numpy.typing as npt

from .compiled import Kernel
from .routes import key_slot
from .state import LAID_UP as _LAID_UP
from .state import LYING as _LYING
from .state import RESTING as _RESTING
from .state import SAILING as _SAILING
from .state import STRIPPING as _STRIPPING
from .state import WAITING as _WAITING

Ints = npt.NDArray[np.int64]
Ints32 = npt.NDArray[np.int32]

WHOLE, ARRIVED = 0, 1
"""What Python is left of a ship's day (`exits`: ship * 2 + this): all of it, or her arrival
(the step made, at the end of her way)."""

# the kind table's columns (`kind_table`): whether she keeps out, has a deep keel, drifts,
# waits; her work and arrival (below); her rest's least and most days (-1: none)
KEEPS_OUT, DEEP, DRIFTS, WAITS, WORK, ARRIVAL, REST_LEAST, REST_MOST = range(8)
# her work, as the loop does it (W_PYTHON: left to Python, a fleet's course or a corsair's raid)
W_NONE, W_TRADE, W_PATROL, W_CRUISE, W_DRIFT, W_PYTHON, W_REST = range(7)
# her arrival, as the loop does it (A_PYTHON: a fleet in port, a corsair's raid or home)
A_NOTHING, A_REST, A_BEAT, A_WAIT, A_PYTHON = range(5)


def column(values: array[int]) -> Ints:
    """A NumPy view of a ship column (state.columns): written through, in place."""
    view: Ints = np.frombuffer(values, dtype=np.int64)
    return view


_key_slot = numba.njit(cache=True, nogil=True, inline="always")(key_slot)


@numba.njit(cache=True, nogil=True, inline="always")
def tree_row(slot_keys: Ints, slot_rows: Ints, dest: int, weather: int, rig: int, seas: int) -> int:
    """The TreeStore's row of this key's tree, -1 if none is kept (its table, probed on from
    the key's first slot to an empty one)."""
    mask = len(slot_rows) - 1
    slot = _key_slot(dest, weather, rig, seas, mask)
    while slot_rows[slot] >= 0:
        if (
            slot_keys[slot, 0] == dest
            and slot_keys[slot, 1] == weather
            and slot_keys[slot, 2] == rig
            and slot_keys[slot, 3] == seas
        ):
            return int(slot_rows[slot])
        slot = (slot + 1) & mask
    return -1


@numba.njit(cache=True, nogil=True, inline="always")
def below(state: int, n: int) -> tuple[int, int]:
    """rng.below compiled: a uniform integer in [0, n) and the next state (splitmix32, the
    same draws to the bit)."""
    mask = np.uint64(0xFFFFFFFF)
    limit = np.uint64(4294967296 - 4294967296 % n)
    at = np.uint64(state)
    while True:
        at = (at + np.uint64(0x9E3779B9)) & mask
        z = at
        z = ((z ^ (z >> np.uint64(16))) * np.uint64(0x85EBCA6B)) & mask
        z = ((z ^ (z >> np.uint64(13))) * np.uint64(0xC2B2AE35)) & mask
        value = z ^ (z >> np.uint64(16))
        if value < limit:
            return int(value % np.uint64(n)), int(at)


@numba.njit(cache=True, nogil=True, inline="always")
def _drift(
    node: int,
    row: int,
    home: int,
    dest: int,
    r: int,
    monster_hops: npt.NDArray[np.signedinteger],
    monster_range: int,
    downstream: Ints,
    at_start: Ints32,
    at_legs: Ints32,
    leg_a: Ints32,
    leg_b: Ints32,
) -> tuple[int, int]:
    """game._drift compiled: a monster's new destination and the RNG after (a draw only in
    slack water)."""
    if monster_hops[row, node] > monster_range:
        return home, r
    ends = at_start[node + 1] - at_start[node]
    if ends == 0:
        return dest, r
    down = downstream[node]
    if down >= 0:
        return down, r
    pick, r = below(r, ends)
    joins = at_legs[at_start[node] + pick]
    return (leg_b[joins] if leg_a[joins] == node else leg_a[joins]), r


@numba.njit(cache=True, nogil=True, inline="always")
def _trade(
    home: int,
    node: int,
    day: int,
    r: int,
    port_node: Ints,
    port_nation: Ints,
    sacked: Ints,
    at_war: npt.NDArray[np.uint8],
    reach_start: Ints,
    reach_ports: Ints,
    sails_on: bool,
) -> tuple[int, int, int]:
    """game._next_trade compiled: the port she sails for (-1: none open to her) and the RNG
    after. Her partners: the ports in her home's reach, not sacked, of her nation or one at
    peace with it (and not where she lies, by rules where merchants sail on)."""
    nation = port_nation[home]
    open_ports = 0
    for pass_ in range(2):
        if pass_ == 1:
            if open_ports == 0:
                return -1, -1, r
            pick, r = below(r, open_ports)
        for k in range(reach_start[home], reach_start[home + 1]):
            port = reach_ports[k]
            other = port_nation[port]
            if sacked[port] > day or (other != nation and at_war[nation, other]):
                continue
            if sails_on and port_node[port] == node:
                continue
            if pass_ == 0:
                open_ports += 1
            elif pick == 0:
                return port, port_node[port], r
            else:
                pick -= 1
    return -1, -1, r


@numba.njit(cache=True, nogil=True, inline="always")
def _leg_toward(
    node: int,
    dest: int,
    rig: int,
    seas: int,
    weather: int,
    seas_closed: npt.NDArray[np.uint8],
    leg_a: Ints32,
    leg_b: Ints32,
    at_start: Ints32,
    at_legs: Ints32,
    graph_index: Ints32,
    tree_legs: npt.NDArray[np.signedinteger],
    tree_used: Ints,
    slot_keys: Ints,
    slot_rows: Ints,
    tick: int,
) -> int:
    """At graph node `node`, the leg toward `dest` by her route tree in the TreeStore (-1: no
    way there), else straight there from a neighbour (the first leg joining them) if the seas
    are open to her; NO_TREE if Python must find her tree."""
    row = tree_row(slot_keys, slot_rows, dest, weather, rig, seas)
    if row >= 0:
        tree_used[row] = tick
        at = graph_index[node]
        return int(tree_legs[row, at]) if at >= 0 else -1
    if not seas_closed[seas]:
        for k in range(at_start[node], at_start[node + 1]):
            joins = at_legs[k]
            if (leg_b[joins] if leg_a[joins] == node else leg_a[joins]) == dest:
                return int(joins)
    return NO_TREE


NO_TREE = -2


@numba.njit(cache=True, nogil=True, inline="always")
def _work_today(task: int, leg: int, until: int, day: int, kind: Ints) -> int:
    """What a ship does before her step today: W_REST (nothing: she lies on), W_NONE (sails
    on), a monster at a node W_DRIFT, or her rest over, her kind's work (W_PYTHON for a corsair
    done stripping a town)."""
    if task == _SAILING:
        return W_DRIFT if leg < 0 and kind[DRIFTS] else W_NONE
    if task == _WAITING or kind[WAITS]:
        return W_REST
    if task in (_RESTING, _LYING, _LAID_UP, _STRIPPING) and day < until:
        return W_REST
    return W_PYTHON if task == _STRIPPING else kind[WORK]


@numba.njit(cache=True, nogil=True, inline="always")
def _step(
    leg: int, pos: int, forward: int, leg_days: Ints32, leg_start: Ints32, leg_nodes: Ints32
) -> tuple[int, int, int]:
    """A day's step along a leg: her leg (-1 at its end), her steps along it and her node."""
    pos += 1
    days = leg_days[leg]
    node = leg_nodes[leg_start[leg] + (pos if forward else days - pos)]
    if pos >= days:
        return -1, 0, node
    return leg, pos, node


@numba.njit(cache=True, nogil=True, inline="always")
def _arrive(
    ship: int,
    kind: int,
    arrival: int,
    home: bool,
    day: int,
    r: int,
    kind_table: Ints,
    voyages: Ints,
    tasks: Ints,
    untils: Ints,
) -> int:
    """Her arrival, where it is the loop's (a voyage made: she lies her rest; a place of her
    beat: so does she, but only home ends a voyage; home from a chase: she waits); the RNG
    after."""
    voyages[kind] += 1
    if arrival == A_WAIT:  # home from a chase: she waits for a captain England wants
        tasks[ship], untils[ship] = _WAITING, day
        return r
    if arrival == A_BEAT and not home:
        voyages[kind] -= 1  # a leg of her beat, not a voyage: home ends one
    least = kind_table[kind, REST_LEAST]  # she lies a while, drawn from her rest's days
    pick, r = below(r, kind_table[kind, REST_MOST] - least + 1)
    tasks[ship], untils[ship] = _RESTING, day + least + pick
    return r


Columns = tuple[Ints, ...]
"""The ship columns the loop reads and writes, as views (`column`), in SHIP_COLUMNS order:
kind, rig, flag, home, node, leg, pos, forward, dest, task, until, target."""
LOOP_COLUMNS = (
    *("kind", "rig", "flag", "home", "node", "leg", "pos", "forward", "dest", "task"),
    *("until", "target"),
)


@Kernel
@numba.njit(cache=True, nogil=True)
def sail(
    columns: Columns,
    hunting: npt.NDArray[np.uint8],
    kind_table: Ints,
    voyages: Ints,
    today: tuple[int, int, int, int, int, bool],
    ports: tuple[Ints, Ints, Ints, npt.NDArray[np.uint8]],
    fleet: tuple[npt.NDArray[np.signedinteger], ...],
    ways: tuple[Ints32, ...],
    trees: tuple[npt.NDArray[np.signedinteger], Ints, Ints, Ints, npt.NDArray[np.uint8], int],
    start: int,
    io: Ints,
    exits: Ints,
) -> int:
    """Every ship's day from ship `start` on that needs no Python (see the module), in place;
    the others' numbers in `exits` (ship * 2 + WHOLE or ARRIVED), in ship order; returns how
    many. `io[0]` is the state's RNG, drawn from here while no ship left to Python may have
    drawn; after one that may, the pass stops at the next ship that would draw, untouched
    (`io[1]`: where to go on from, -1 at the end); so does a ship whose route tree is not
    kept (`io[2]`: her destination; -1, none wanted). `voyages`: those made here, by kind.
    `today`: the day, its weather, the seas' and a deep keel's seas' numbers, a monster's
    range and whether merchants sail on; `ports`: each port's node and nation, which are
    sacked till when, and which nations are at war; `fleet`: game._Fleet's arrays; `ways`:
    ways.Ways.arrays; `trees`: the TreeStore's legs, uses and table, its seas closed, its tick."""
    kinds, rigs, flags, homes, nodes, legs, poss, forwards, dests, tasks, untils, targets = columns
    day, weather, seas_id, deep_seas_id, monster_range, sails_on = today
    port_node, port_nation, sacked, at_war = ports
    reach_start, reach_ports, beat_start, beat_nodes, monster_rows, monster_hops, downstream = fleet
    leg_a, leg_b, at_start, at_legs, leg_start, leg_nodes, leg_days, graph_index = ways[:8]
    waters_count, waters_one = ways[8], ways[9]
    tree_legs, tree_used, slot_keys, slot_rows, seas_closed, tick = trees
    count = 0
    pending = False  # a ship left to Python may draw from the RNG
    io[1] = -1
    io[2] = -1
    r = io[0]
    for ship in range(start, len(kinds)):
        kind = kinds[ship]
        task, leg, dest, node = tasks[ship], legs[ship], dests[ship], nodes[ship]
        if hunting[ship]:  # closing with you: Python's (no draw)
            exits[count] = ship * 2
            count += 1
            continue
        work = _work_today(task, leg, untils[ship], day, kind_table[kind])
        if work == W_REST:
            continue
        if work == W_PYTHON:  # her work is Python's
            exits[count] = ship * 2
            count += 1
            pending = True
            continue
        if work != W_NONE and pending:  # it may draw: after Python's turn
            io[1] = ship
            break
        target, until, drawn = targets[ship], untils[ship], r
        if work != W_NONE:  # under way, at her work
            task = _SAILING
        if work == W_TRADE:
            target, dest, drawn = _trade(
                homes[ship], node, day, r, port_node, port_nation, sacked, at_war,
                reach_start, reach_ports, sails_on,
            )  # fmt: skip
            if dest < 0:  # nobody to trade with: her longest rest
                target, task, until = targets[ship], _RESTING, day + kind_table[kind, REST_MOST]
        elif work in (W_PATROL, W_CRUISE):  # out to her beat from home, and back
            dest = port_node[homes[ship]]
            if node == dest:
                first = beat_start[ship]
                pick, drawn = below(r, beat_start[ship + 1] - first)
                dest = beat_nodes[first + pick]
        elif work == W_DRIFT:  # a monster drifts where the current takes it
            dest, drawn = _drift(
                node, monster_rows[ship], homes[ship], dest, r, monster_hops, monster_range,
                downstream, at_start, at_legs, leg_a, leg_b,
            )  # fmt: skip
        forward, pos = forwards[ship], poss[ship]
        sails = task == _SAILING and leg >= 0  # along her leg; at a node, once she has the next
        if task == _SAILING and leg < 0 and dest >= 0 and node != dest:  # at a graph node
            seas = deep_seas_id if kind_table[kind, DEEP] else seas_id
            leg = _leg_toward(
                node, dest, rigs[ship], seas, weather, seas_closed, leg_a, leg_b,
                at_start, at_legs, graph_index, tree_legs, tree_used, slot_keys, slot_rows, tick,
            )  # fmt: skip
            if leg == NO_TREE:  # Python finds her tree; her day waits for it
                io[1], io[2] = ship, dest
                break
            if leg < 0:
                dest = -1  # no way there: she gives it up
            elif kind_table[kind, KEEPS_OUT] and (
                waters_count[leg] > 1 or (waters_count[leg] == 1 and waters_one[leg] != flags[ship])
            ):
                leg = -1  # one that keeps out stops at the edge of another nation's waters
            else:
                forward, pos, sails = (1 if leg_a[leg] == node else 0), 0, True
        arrival = A_NOTHING
        if sails:  # a step along her leg; at its end, where she was bound, her arrival
            leg, pos, node = _step(leg, pos, forward, leg_days, leg_start, leg_nodes)
            if leg < 0 and node == dest:
                arrival, dest = kind_table[kind, ARRIVAL], -1
        if pending and arrival in (A_REST, A_BEAT):  # she would draw: after Python's turn
            io[1] = ship
            break
        tasks[ship], untils[ship], dests[ship], targets[ship] = task, until, dest, target
        legs[ship], forwards[ship], poss[ship], nodes[ship] = leg, forward, pos, node
        r = drawn
        if arrival == A_PYTHON:
            exits[count] = ship * 2 + 1
            count += 1
            pending = True
        elif arrival != A_NOTHING:
            home = port_node[homes[ship]]
            r = _arrive(
                ship, kind, arrival, node == home, day, r, kind_table, voyages, tasks, untils
            )
    io[0] = r
    return count


@Kernel
@numba.njit(cache=True, nogil=True)
def meet_monsters(
    kinds: Ints, tasks: Ints, nodes: Ints, kind_table: Ints, io: Ints, met: Ints
) -> int:
    """Each ship under way (not a monster) on a node where a monster under way is (the first
    of them, in ship order), in ship order, in `met`'s rows: the ship, the monster and a draw
    below 1000 from the RNG in `io[0]`, which is left as the draws leave it. Returns how many."""
    monsters = np.empty(len(kinds), dtype=np.int64)
    places = np.empty(len(kinds), dtype=np.int64)
    under_way = 0
    for ship in range(len(kinds)):
        if kind_table[kinds[ship], DRIFTS] and tasks[ship] == _SAILING:
            node = nodes[ship]
            if node not in places[:under_way]:
                monsters[under_way], places[under_way] = ship, node
                under_way += 1
    count = 0
    r = io[0]
    for ship in range(len(kinds) if under_way else 0):
        if kind_table[kinds[ship], DRIFTS] or tasks[ship] != _SAILING:
            continue
        for k in range(under_way):
            if places[k] == nodes[ship]:
                roll, r = below(r, 1000)
                met[count, 0], met[count, 1], met[count, 2] = ship, monsters[k], roll
                count += 1
                break
    io[0] = r
    return count
