"""How a ship that knows the whole sea goes: the cheapest way over the legs, each weighed by
the season's wind and current for her rig (engine/sea.py), square-riggers going round rather
than beating.

A route tree is computed once per (destination, season, rig) with scipy's Dijkstra over the
leg graph (legs between graph nodes, each costing the sum of its day steps, in the direction
sailed), and cached on the World: for every graph node, the next graph node toward the
destination. Ships of the world then sail by table lookups.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt
import scipy
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from ..errors import NegativeWeightError, NoRouteError
from ..sea import leg_costs as sea_leg_costs
from .kinds import RIGS as RIGS  # the rigs' names, for the route command
from .kinds import WEATHERLY
from .rules import WorldRules
from .ways import first_legs, ways
from .world import ENTRY_BYTES, MB, Cache, Floats, Ints, World, narrowest


@dataclass(frozen=True, slots=True)
class HighSeas:
    """What a route weighs beyond the wind and current: each day's step that starts past
    `storm_latitude` (north or south) costs `storm_days` more (storms twice as often there),
    and past `ice_latitude` `ice_days_per_degree` more for each degree beyond (cold and ice);
    `closed`: nodes she never sails through (a deep keel's banks). Nothing added (`CALM`):
    the routes as they were."""

    storm_latitude: float = 40.0
    storm_days: float = 0.0
    ice_latitude: float = 45.0
    ice_days_per_degree: float = 0.0
    closed: frozenset[int] = frozenset()
    # its hash, worked out once: it keys every route tree a ship looks up each day
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("storm_days", "ice_days_per_degree"):
            value = getattr(self, name)
            if not 0.0 <= value < math.inf:  # NaN too: a shortest way needs no weight below 0
                raise NegativeWeightError(f"the high seas' {name} {value} is below nothing")
        weighing = (self.storm_latitude, self.storm_days, self.ice_latitude)
        object.__setattr__(self, "_hash", hash((*weighing, self.ice_days_per_degree, self.closed)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def nbytes(self) -> int:
        """What it holds, kept (world.footprint): the closed nodes' set and its ints."""
        return sys.getsizeof(self.closed) + sum(sys.getsizeof(n) for n in self.closed)

    @property
    def calm(self) -> bool:
        return self.storm_days == 0.0 and self.ice_days_per_degree == 0.0 and not self.closed

    @property
    def weather(self) -> HighSeas:
        """The same weighing with nothing closed: what a leg's cost depends on."""
        return replace(self, closed=frozenset()) if self.closed else self

    def costs(self, lat: Floats) -> Floats:
        """The extra days of each step starting at these latitudes."""
        far = np.abs(lat)
        storm = np.where(far > self.storm_latitude, self.storm_days, 0.0)
        ice = np.maximum(far - self.ice_latitude, 0.0) * self.ice_days_per_degree
        extra: Floats = storm + ice
        return extra


CALM = HighSeas()
TreeKey = (
    tuple[int, int, int] | tuple[int, int, int, HighSeas]
)  # (destination, weather, rig[, seas])


@lru_cache(maxsize=64)
def high_seas(rules: WorldRules) -> HighSeas:
    """The rules' weighing of the high latitudes (`route_storm_days`, `route_ice_days`): one
    object a ruleset, so the route trees keyed by it are found by identity, not compared
    field by field every day."""
    if rules.route_storm_days == 0.0 and rules.route_ice_days_per_degree == 0.0:
        return CALM
    return HighSeas(
        rules.route_storm_latitude,
        rules.route_storm_days,
        rules.route_ice_latitude,
        rules.route_ice_days_per_degree,
    )


def banks_closed(world: World) -> frozenset[int]:
    """The nodes a deep keel keeps off: the banks, but for the ports on them."""
    return world.feature_nodes.get("bank", frozenset()) - world.port_nodes


def keel_seas(world: World, rules: WorldRules, seas: HighSeas) -> HighSeas:
    """What a deep-keeled ship of the world weighs: `seas`, and by rules with
    `deep_keels_off_banks` the banks closed to her. One object a World and weighing (KEELS),
    so the trees keyed by it are found by identity: made afresh every day, each lookup
    compared its closed nodes one by one."""
    if not rules.deep_keels_off_banks:
        return seas
    keels = world.memo(KEELS)
    found = keels.get(seas)
    if found is None:
        closed = banks_closed(world)
        found = keels.put(seas, replace(seas, closed=closed) if closed else seas)
    return found


def bearing(lon1: Floats, lat1: Floats, lon2: Floats, lat2: Floats) -> Floats:
    """The initial great-circle bearing, degrees clockwise from north.

    >>> import numpy as np
    >>> bearing(np.array([0.0]), np.array([0.0]), np.array([1.0]), np.array([0.0])).round(1)
    array([90.])
    """
    p1, p2 = np.radians(lat1), np.radians(lat2)
    dl = np.radians(lon2 - lon1)
    x = np.sin(dl) * np.cos(p2)
    y = np.cos(p1) * np.sin(p2) - np.sin(p1) * np.cos(p2) * np.cos(dl)
    out: Floats = np.degrees(np.arctan2(x, y)) % 360.0
    return out


# What the World keeps for the routes (each also keyed by the high seas' weighing, HighSeas);
# per (season, rig[, seas]): 6 of each under one ruleset (and 3 more for the deep keels' square
# rig, the banks closed): room for one ruleset's and a sweep's variant.
# Each leg's cost each way, by (season, rig): two floats per leg (0.19 MB)
LEG_COSTS: Cache[tuple[int, int, HighSeas], tuple[Floats, Floats]] = Cache.declare(
    __name__, "leg_costs", 1_500_000
)
# the leg graph (0.35 MB), by (season, rig, closed nodes), also with banks closed
LEG_GRAPHS: Cache[tuple[int, int, frozenset[int], HighSeas], csr_matrix] = Cache.declare(
    __name__, "leg_graphs", 4 * MB
)
# the reversed leg graph over graph nodes and their ids (0.34 MB), by (weather, rig, seas)
INWARD: Cache[tuple[int, int, HighSeas], tuple[csr_matrix, Ints]] = Cache.declare(
    __name__, "inward", 4 * MB
)
# the route trees (a leg, int16, per graph node: 14 kB a tree), one TreeStore a World: a world
# of 182 ships needs ~740, a ruleset at most (destinations) x (3 weathers) x (2 rigs), ~1,300
TREES: Cache[int, TreeStore] = Cache.declare(__name__, "trees", 14 * MB)
# a deep keel's weighing (the full world's 103 banks closed: 11 kB), by the weighing of the
# seas it adds them to: one or two a ruleset
KEELS: Cache[HighSeas, HighSeas] = Cache.declare(__name__, "keels", 50_000)


def leg_costs(world: World, season: int, rig: int, seas: HighSeas = CALM) -> tuple[Floats, Floats]:
    """Each leg's cost in days of fair sailing, from a to b and from b to a, in a season
    for a rig: the sum of its steps' costs, each by the wind and current where it starts
    (and the high seas' risk there, `seas`)."""
    seas = seas.weather
    memo = world.memo(LEG_COSTS)
    cached = memo.get((season, rig, seas))
    if cached is None:
        x, y, leg = world.day_steps
        lon, lat = world.lon, world.lat
        costs: list[Floats] = []
        for a, b in ((x, y), (y, x)):
            heading = bearing(lon[a], lat[a], lon[b], lat[b])
            step = sea_leg_costs(
                heading,
                world.current_toward[a],
                world.current_knots[a],
                world.wind_toward[season][a],
                world.wind_knots[season][a],
                weatherly=rig == WEATHERLY,
            )
            if not seas.calm:
                step = step + seas.costs(lat[a])
            summed = np.bincount(leg, weights=step, minlength=world.legs)
            costs.append(np.asarray(summed, dtype=np.float64))  # as it is: weighted, floats
        cached = memo.put((season, rig, seas), (costs[0], costs[1]))
    return cached


def _graph(
    world: World, season: int, rig: int, closed: frozenset[int], seas: HighSeas = CALM
) -> csr_matrix:
    """The leg graph as a directed sparse matrix, legs through `closed` nodes (at either end
    or on the way: a bank's waypoints) left out."""
    memo = world.memo(LEG_GRAPHS)
    cached = memo.get((season, rig, closed, seas))
    if cached is None:
        forward, backward = leg_costs(world, season, rig, seas)
        a, b = world.leg_a, world.leg_b
        keep = np.ones(world.legs, dtype=bool)
        if closed:
            inside = np.isin(world.leg_nodes, list(closed))
            keep &= ~np.logical_or.reduceat(inside, world.leg_start[:-1])
        rows = np.concatenate([a[keep], b[keep]])
        cols = np.concatenate([b[keep], a[keep]])
        weights = np.concatenate([forward[keep], backward[keep]])
        if len(weights) and not weights.min() >= 0.0:  # NaN fails too
            raise NegativeWeightError(
                f"a leg costs {weights.min():g} days: no shortest way over a weight below nothing"
            )
        cached = memo.put(
            (season, rig, closed, seas),
            csr_matrix((weights, (rows, cols)), shape=(world.n, world.n)),
        )
    return cached


def weather_of(world: World, season: int) -> int:
    """The first season whose winds are the same as `season`'s (spring and autumn, with the
    belts at the equinoxes and no monsoon, are): they share their routes."""
    return world.weathers[season]


def _inward(world: World, weather: int, rig: int, seas: HighSeas = CALM) -> tuple[csr_matrix, Ints]:
    """The leg graph over graph nodes only, reversed (an edge from each node to those that
    sail to it), with the graph nodes' ids, for route trees toward a destination."""
    memo = world.memo(INWARD)
    found = memo.get((weather, rig, seas))
    if found is None:
        graph = _graph(world, weather, rig, seas.closed, seas.weather)
        ids = world.graph_nodes
        local = graph[ids][:, ids]
        found = memo.put((weather, rig, seas), (local.T.tocsr(), ids))
    return found


class Tree:
    """A route tree toward one destination: index it by node for the next graph node on the
    cheapest way there (-1: none, or already there). Per graph node (in `World.graph_nodes`
    order; `World.graph_index` gives a node's place), the leg a ship there takes (`legs`: a
    row of the World's TreeStore, to be read at once, not kept; -1 none), which from a
    neighbour of the destination is the leg straight there (as a ship sails: sailing.step);
    the tree's own next node from those neighbours is kept apart (`ahead`). `index` and `ends`
    are the World's own, shared by every tree."""

    __slots__ = ("ahead", "ends", "index", "legs")

    def __init__(
        self,
        legs: npt.NDArray[np.signedinteger[Any]],
        ahead: Mapping[int, int],
        index: list[int],
        ends: tuple[list[int], list[int]],
    ) -> None:
        self.legs = legs
        self.ahead = ahead
        self.index = index
        self.ends = ends

    def leg_at(self, node: int) -> int:
        """The leg a ship at `node` takes (-1: none, or not a graph node)."""
        at = self.index[node]
        return -1 if at < 0 else int(self.legs[at])

    def __getitem__(self, node: int) -> int:
        at = self.index[node]
        if at < 0:
            return -1
        found = self.ahead.get(node)
        if found is not None:
            return found
        leg = int(self.legs[at])
        if leg < 0:
            return -1
        leg_a, leg_b = self.ends
        return leg_b[leg] if leg_a[leg] == node else leg_a[leg]

    def __len__(self) -> int:
        return len(self.index)


def key_slot(dest: int, weather: int, rig: int, seas: int, mask: int) -> int:
    """Where a tree's key (its seas as TreeStore.seas_id) first looks in a TreeStore's table of
    keys: Knuth's multiplicative hash, its top bits (compiled too, daily.py)."""
    mixed = (dest * 4099 + weather * 1031 + rig * 257 + seas * 13) & 0xFFFFFFFF
    return (((mixed * 2654435761) & 0xFFFFFFFF) >> 12) & mask


class TreeStore:
    """Every route tree a World keeps, as rows of one table, so the compiled daily loop
    (daily.py) reads the trees Python does: `legs[row]` a tree's legs by graph node, `ahead[row]`
    its next nodes from the destination's neighbours. A tree is found by its key (destination,
    weather, rig, seas) in `row_of`, and by the loop in an open-addressed table of the same
    keys (`slot_keys`, the seas as a number, `seas_id`; `slot_rows` the row, -1 empty; linear
    probing from `key_slot`). As many rows as the World's budget for trees holds; a new tree
    takes the row used longest ago (`used`, by `tick`), as the Memo it replaces let its least
    recently used go, and the tree that was there is worked out again if it is wanted again."""

    __slots__ = (
        *("ahead", "closed", "legs", "row_key", "row_of", "seas_ids", "slot_keys", "slot_rows"),
        *("dropped", "fingerprints", "kept", "tick", "used"),
    )

    def __init__(self, world: World, budget: int) -> None:
        width = len(world.graph_nodes)
        dtype = np.dtype(narrowest(world.legs))
        row_bytes = width * dtype.itemsize + 8 + 8 * 5 * 8 + ENTRY_BYTES  # legs, use, slots
        rows = max((budget - ENTRY_BYTES) // row_bytes, 1)
        self.legs = np.full((rows, width), -1, dtype=dtype)
        self.used = np.zeros(rows, dtype=np.int64)
        size = 1 << (4 * rows - 1).bit_length()  # a quarter full at most (8 slots a row)
        self.slot_keys = np.full((size, 4), -1, dtype=np.int64)
        self.slot_rows = np.full(size, -1, dtype=np.int64)
        self.ahead: list[Mapping[int, int]] = [{} for _ in range(rows)]
        self.row_of: dict[TreeKey, int] = {}
        self.row_key: list[TreeKey | None] = [None] * rows
        self.seas_ids: dict[HighSeas, int] = {CALM: 0}
        self.closed = np.zeros(1, dtype=np.uint8)  # by seas id: 1 where it closes nodes
        self.tick = 0
        self.dropped = 0  # trees let go to make room
        # by row: whether the tree is kept outside the process (read from there, or written)
        self.kept = np.zeros(rows, dtype=np.bool_)
        self.fingerprints: dict[tuple[int, int, HighSeas], str] = {}  # tree_fingerprint's

    @property
    def entries(self) -> int:
        """The trees kept (world.Memo counts them as its entries)."""
        return len(self.row_of)

    @property
    def nbytes(self) -> int:
        """What it holds (world.footprint): its arrays, and an entry's worth a row."""
        arrays = self.legs.nbytes + self.used.nbytes + self.slot_keys.nbytes + self.slot_rows.nbytes
        arrays += self.kept.nbytes
        return int(arrays) + ENTRY_BYTES * len(self.used)

    def seas_id(self, seas: HighSeas) -> int:
        """A number for a weighing of the seas (CALM: 0), for the compiled loop's keys."""
        found = self.seas_ids.get(seas)
        if found is None:
            found = self.seas_ids[seas] = len(self.seas_ids)
            self.closed = np.append(self.closed, np.uint8(bool(seas.closed)))
        return found

    def row(self, key: TreeKey) -> int:
        """The row of the tree keyed `key`, marked used; -1 if it is not kept."""
        row = self.row_of.get(key, -1)
        if row >= 0:
            self.tick += 1
            self.used[row] = self.tick
        return row

    def tree(self, world: World, row: int) -> Tree:
        leg_a, leg_b, _, _ = world.lists
        return Tree(self.legs[row], self.ahead[row], world.graph_index, (leg_a, leg_b))

    def put(
        self,
        key: TreeKey,
        legs: npt.NDArray[np.signedinteger[Any]],
        ahead: Mapping[int, int],
        *,
        kept: bool = False,
    ) -> int:
        """Keep a tree, in the row used longest ago; its row. `kept`: it was read from
        outside the process (StoredTrees), so there is no need to write it there."""
        row = int(np.argmin(self.used))
        gone = self.row_key[row]
        if gone is not None:
            self.dropped += 1
            del self.row_of[gone]
            self._unslot(self._slot_of(self._numbers(gone)))
        numbers = self._numbers(key)
        slot = key_slot(*numbers, len(self.slot_rows) - 1)
        while self.slot_rows[slot] >= 0:
            slot = (slot + 1) & (len(self.slot_rows) - 1)
        self.slot_keys[slot] = numbers
        self.slot_rows[slot] = row
        self.row_key[row] = key
        self.row_of[key] = row
        self.legs[row] = legs
        self.ahead[row] = ahead
        self.kept[row] = kept
        self.tick += 1
        self.used[row] = self.tick
        return row

    def _numbers(self, key: TreeKey) -> tuple[int, int, int, int]:
        """A key as the compiled loop keeps it: its seas a number."""
        seas = self.seas_id(key[3]) if len(key) > 3 else 0
        return (key[0], key[1], key[2], seas)

    def _slot_of(self, numbers: tuple[int, int, int, int]) -> int:
        mask = len(self.slot_rows) - 1
        slot = key_slot(*numbers, mask)
        while tuple(self.slot_keys[slot].tolist()) != numbers:
            slot = (slot + 1) & mask
        return slot

    def _unslot(self, hole: int) -> None:
        """Empty a slot of the table, moving back the keys after it that probed past it (so
        every key is still found from its first slot without a gap)."""
        mask = len(self.slot_rows) - 1
        at = hole
        while True:
            at = (at + 1) & mask
            if self.slot_rows[at] < 0:
                break
            dest, weather, rig, seas = self.slot_keys[at].tolist()
            home = (key_slot(dest, weather, rig, seas, mask) - hole) & mask
            if home == 0 or home > (at - hole) & mask:  # its first slot is not in (hole, at]
                self.slot_keys[hole] = self.slot_keys[at]
                self.slot_rows[hole] = self.slot_rows[at]
                hole = at
        self.slot_keys[hole] = -1
        self.slot_rows[hole] = -1


def tree_store(world: World) -> TreeStore:
    """The World's TreeStore (one made for the moment where its budget keeps none)."""
    memo = world.memo(TREES)
    found = memo.get(0)
    if found is None:
        found = memo.put(0, TreeStore(world, memo.budget))
    return found


def toward(world: World, destination: int, season: int, rig: int, seas: HighSeas = CALM) -> Tree:
    """For every node, the next graph node on the cheapest way to `destination` (-1: none,
    or already there), and the leg a ship there takes (`Tree.legs`). Cached per
    (destination, weather, rig, seas) in the World's TreeStore (TREES)."""
    store = tree_store(world)
    weather = world.weathers[season]
    # the daily loop's key: calm seas (the rules' default) keep it as short to hash as before
    key: TreeKey = (
        (destination, weather, rig) if seas is CALM else (destination, weather, rig, seas)
    )
    row = store.row(key)
    if row < 0:
        stored = _stored_tree(world, key, (weather, rig, seas))
        if stored is not None:
            row = store.put(key, *stored, kept=True)
        else:
            row = store.put(key, *_work_out(world, destination, weather, rig, seas))
    return store.tree(world, row)


def _work_out(
    world: World, destination: int, weather: int, rig: int, seas: HighSeas
) -> tuple[npt.NDArray[np.signedinteger[Any]], dict[int, int]]:
    """A route tree's legs and next nodes from the destination's neighbours (`toward`)."""
    inward, ids = _inward(world, weather, rig, seas)
    position = int(np.searchsorted(ids, destination))
    if position >= len(ids) or ids[position] != destination:
        raise ValueError(f"node {destination} is not a graph node")
    _, pred = dijkstra(inward, directed=True, indices=position, return_predecessors=True)
    legs = np.full(len(ids), -1, dtype=narrowest(world.legs))
    way = ways(world)
    if not first_legs(pred, ids, way.at_start, way.at_legs, way.leg_a, way.leg_b, legs):
        raise ValueError("a route tree's step with no leg")
    ahead: dict[int, int] = {}
    leg_a, leg_b, _, _ = world.lists
    index = world.graph_index
    for leg in world.legs_at[destination]:  # its neighbours go straight there
        if seas.closed and not seas.closed.isdisjoint(world.leg_path(leg, True)):
            continue  # but not over a bank closed to her
        other = leg_b[leg] if leg_a[leg] == destination else leg_a[leg]
        at = index[other]
        if other not in ahead:
            ahead[other] = -1 if pred[at] < 0 else int(ids[pred[at]])
            legs[at] = world.leg_table[(other, destination)]
    return legs, ahead


# The way a tree is worked out from its graph (`_work_out`, ways.first_legs): part of every
# tree's fingerprint, so trees kept by older code are worked out again once this changes.
ROUTE_TREES_VERSION = 1


def tree_fingerprint(world: World, weather: int, rig: int, seas: HighSeas) -> str:
    """What the trees of (weather, rig, seas) are worked out from, as a SHA-256: the graph's
    arrays (the legs' costs in that weather for that rig over those seas, the legs' nodes),
    this code's ROUTE_TREES_VERSION and SciPy's version (its Dijkstra breaks ties). A kept
    tree of the same key and fingerprint is the tree `toward` would work out."""
    store = tree_store(world)
    group = (weather, rig, seas)
    found = store.fingerprints.get(group)
    if found is None:
        inward, ids = _inward(world, weather, rig, seas)
        digest = hashlib.sha256(
            f"trees {ROUTE_TREES_VERSION} scipy {scipy.__version__} {world.content_hash} "
            f"{np.dtype(narrowest(world.legs)).str}".encode()
        )
        for array in (inward.indptr, inward.indices, inward.data, ids):
            digest.update(np.ascontiguousarray(array).tobytes())
        for array in (world.leg_a, world.leg_b, world.leg_start, world.leg_nodes):
            digest.update(np.ascontiguousarray(array).tobytes())
        found = store.fingerprints[group] = digest.hexdigest()
    return found


def _stored_tree(
    world: World, key: TreeKey, group: tuple[int, int, HighSeas]
) -> tuple[npt.NDArray[np.signedinteger[Any]], Mapping[int, int]] | None:
    """The World's stored tree of `key` (StoredTrees), if it was worked out on this graph."""
    stored = world.stored_trees
    if stored is None:
        return None
    at = stored.rows.get(key)
    if at is None or stored.fingerprints[at] != tree_fingerprint(world, *group):
        return None  # the fingerprint holds the graph's nodes and the legs' type: its shape
    return stored.legs[at], stored.aheads[at]


KeptTree = tuple[TreeKey, str, npt.NDArray[np.signedinteger[Any]], Mapping[int, int]]
"""A tree to keep outside the process: its key, fingerprint, legs and next nodes."""


def trees_to_keep(world: World) -> list[KeptTree]:
    """The trees this process worked out and still holds, not yet kept outside it (read
    from StoredTrees, or marked by `mark_kept` once written)."""
    store = world.memo(TREES).get(0)
    if store is None:
        return []
    out: list[KeptTree] = []
    for row in np.flatnonzero(~store.kept).tolist():
        key = store.row_key[row]
        if key is None:
            continue
        seas = key[3] if len(key) > 3 else CALM
        fingerprint = tree_fingerprint(world, key[1], key[2], seas)
        out.append((key, fingerprint, store.legs[row].copy(), store.ahead[row]))
    return out


def take_trees(world: World, trees: Iterable[KeptTree]) -> int:
    """Hold trees another process worked out on this World (a worker's: `trees_to_keep`
    there), so this one keeps them outside (`trees_to_keep` here): those of a key not held
    and of this process's fingerprint (a worker elsewhere with another SciPy has another).
    How many were taken."""
    store = tree_store(world)
    taken = 0
    for key, fingerprint, legs, ahead in trees:
        seas = key[3] if len(key) > 3 else CALM
        if store.row(key) >= 0 or fingerprint != tree_fingerprint(world, key[1], key[2], seas):
            continue
        store.put(key, legs, ahead)
        taken += 1
    return taken


def trees_unkept(world: World) -> int:
    """How many trees `trees_to_keep` would give (without making them up)."""
    store = world.memo(TREES).get(0)
    if store is None:
        return 0
    held = np.fromiter((key is not None for key in store.row_key), dtype=np.bool_)
    return int(np.count_nonzero(held & ~store.kept))


def mark_kept(world: World, keys: Iterable[TreeKey]) -> None:
    """Mark trees as kept outside the process (written), so `trees_to_keep` leaves them."""
    store = world.memo(TREES).get(0)
    if store is None:
        return
    for key in keys:
        row = store.row_of.get(key)
        if row is not None:
            store.kept[row] = True


def leg_between(world: World, a: int, b: int) -> int:
    """The leg joining two graph nodes (the first, if several)."""
    return world.leg_table[(a, b)]


@dataclass(frozen=True)
class Route:
    nodes: list[int]  # every node sailed through, waypoints included, start to end
    legs: list[tuple[int, bool]]  # (leg, forward) in order
    nm: float
    cost: float  # days of fair sailing

    @property
    def steps(self) -> int:
        return len(self.nodes) - 1


def route(
    world: World,
    start: int,
    end: int,
    season: int,
    rig: int,
    *,
    via: list[frozenset[int]] | None = None,
    avoid: frozenset[int] = frozenset(),
    seas: HighSeas = CALM,
) -> Route:
    """The cheapest route from graph node `start` to `end`, through each node set of `via`
    in order (a strait: entered at one end, left at the other), never through a node of
    `avoid`, the high latitudes weighed as `seas` says. NoRouteError if the restrictions
    leave no way."""
    graph = _graph(world, season, rig, avoid, seas)
    forward, backward = leg_costs(world, season, rig, seas)
    stops: list[int] = [start]
    legs: list[tuple[int, bool]] = []
    for chain in via or []:
        best: tuple[float, list[int], list[int]] | None = None
        ends = _chain_ends(world, chain)
        for entry, exit_ in (ends, ends[::-1]):
            first = _path(graph, stops[-1], entry)
            through = _path(_graph(world, season, rig, frozenset(), seas), entry, exit_, only=chain)
            if first is None or through is None:
                continue
            cost = _cost(world, first + through[1:], forward, backward)
            if best is None or cost < best[0]:
                best = (cost, first, through)
        if best is None:
            raise NoRouteError("no way through")
        stops.extend(best[1][1:] + best[2][1:])
    last = _path(graph, stops[-1], end)
    if last is None:
        raise NoRouteError("no way to the end")
    stops.extend(last[1:])
    nodes = [stops[0]]
    nm = 0.0
    for a, b in itertools.pairwise(stops):
        leg = leg_between(world, a, b)
        ahead = int(world.leg_a[leg]) == a
        legs.append((leg, ahead))
        nodes.extend(world.leg_path(leg, ahead)[1:])
        nm += float(world.leg_nm[leg])
    return Route(nodes, legs, nm, _cost(world, stops, forward, backward))


def _chain_ends(world: World, chain: frozenset[int]) -> tuple[int, int]:
    """A strait chain's two ends: its nodes joined to only one other chain node."""
    members = sorted(chain)
    ends = []
    for node in members:
        inside = [
            world.leg_b[leg] if world.leg_a[leg] == node else world.leg_a[leg]
            for leg in world.legs_at[node]
        ]
        if sum(1 for other in inside if int(other) in chain) <= 1:
            ends.append(node)
    if len(ends) < 2:
        return members[0], members[-1]
    return ends[0], ends[-1]


def _path(
    graph: csr_matrix, a: int, b: int, only: frozenset[int] | None = None
) -> list[int] | None:
    if a == b:
        return [a]
    if only is not None:
        mask = np.zeros(graph.shape[0], dtype=bool)
        mask[list(only)] = True
        coo = graph.tocoo()
        keep = mask[coo.row] & mask[coo.col]
        graph = csr_matrix((coo.data[keep], (coo.row[keep], coo.col[keep])), shape=graph.shape)
    dist, pred = dijkstra(graph, directed=True, indices=a, return_predecessors=True)
    if not np.isfinite(dist[b]):
        return None
    path = [b]
    while path[-1] != a:
        if len(path) > graph.shape[0]:  # never, over weights of nothing or more: not a hang
            raise NegativeWeightError("the shortest way back goes round in a circle")
        path.append(int(pred[path[-1]]))
    return path[::-1]


def _cost(world: World, stops: list[int], forward: Floats, backward: Floats) -> float:
    total = 0.0
    for a, b in itertools.pairwise(stops):
        leg = leg_between(world, a, b)
        total += float(forward[leg] if int(world.leg_a[leg]) == a else backward[leg])
    return total
