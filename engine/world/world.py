"""The world as the engine sees it: the sea graph and its shore, immutable NumPy arrays and
tuples, built once per process from the world tables (by db/) or by hand in tests.

Nodes are the day graph's (graph nodes and the waypoints that split long legs into days).
Every node has an index 0..n-1 equal to its node_id. A leg joins two graph nodes in `days`
steps; each step belongs to one leg. Ports sit on graph nodes.

What the rules derive from the arrays is kept on the World as it is first asked for: what
depends on the World alone as cached properties (`port_nodes`, `neighbours`, `leg_table`, ...),
what depends on more (a destination, a season, a rig, the rules) in `World.caches`, one typed
`Memo` to each thing kept, all of them together within CACHES_BYTES (100 MB; each one's share
in BUDGETS), the big ones in compact forms (int16 where the values provably fit). Each thing
kept is declared (a `Cache`, its name and share) by the module that works it out, so this
module imports nothing of the modules above it: `world.memo(TREES)` is routes.py's trees.
"""

from __future__ import annotations

import itertools
import sys
from array import array
from bisect import bisect_left
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import breadth_first_order, dijkstra

from .stored_trees import StoredTrees

Ints = npt.NDArray[np.int32]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]
Hops = npt.NDArray[np.signedinteger[Any]]  # days from a node, int16 where they fit: `_steps_from`
Nodes = npt.NDArray[np.signedinteger[Any]]  # node ids, int16 where they fit: `narrowest`
K = TypeVar("K")
V = TypeVar("V")

NODE_KINDS = ("coast", "ocean", "passage", "waypoint")
WAYPOINT = NODE_KINDS.index("waypoint")
OCEAN = NODE_KINDS.index("ocean")
COAST = NODE_KINDS.index("coast")


@dataclass(frozen=True, eq=False)
class Port:
    port_id: int
    name: str
    nation: int  # index into World.nations
    node: int
    fortified: bool
    native: bool  # islanders' harbour: no bar, yard or hands
    roles: frozenset[str]  # home, privateer_base, corsair, hunter_station, islanders


def footprint(value: object) -> int:
    """The bytes a kept value holds, honestly estimated: an array's data (`nbytes`, which a
    kept form of our own, routes.Tree or rumors.SplitBySource, also states), a sparse
    matrix's three arrays, a list's or tuple's slots and what they hold (an int outside
    Python's shared small ones is an object of its own)."""
    if isinstance(value, csr_matrix):
        return int(value.data.nbytes + value.indices.nbytes + value.indptr.nbytes)
    stated = getattr(value, "nbytes", None)
    if isinstance(stated, int):
        return stated
    if isinstance(value, array):
        return sys.getsizeof(value)  # its buffer included
    if isinstance(value, list | tuple):
        return sys.getsizeof(value) + sum(footprint(x) for x in value)
    if isinstance(value, bool) or (isinstance(value, int) and -5 <= value <= 256):
        return 0  # shared: Python keeps one of each
    if isinstance(value, int | float):
        return sys.getsizeof(value)
    raise TypeError(f"no footprint for a {type(value).__name__}")


ENTRY_BYTES = 256  # beyond its value, what an entry costs: its key, the dicts' slots, headers


class Memo(Generic[K, V]):
    """What has been worked out, by key, kept within `budget` bytes (each entry's value by
    `footprint`, and ENTRY_BYTES): the least recently used goes first when a new one would
    not fit, and a value bigger than the whole budget is not kept at all (the results are the
    same either way: only the time to work one out again is lost)."""

    __slots__ = ("_items", "_sizes", "budget", "dropped", "held")

    def __init__(self, budget: int) -> None:
        self._items: dict[K, V] = {}
        self._sizes: dict[K, int] = {}
        self.budget = budget
        self.held = 0  # bytes kept now
        self.dropped = 0  # entries let go to make room, since the World was made

    def get(self, key: K) -> V | None:
        items = self._items
        found = items.pop(key, None)
        if found is not None:
            items[key] = found  # the most recently used goes last
        return found

    def put(self, key: K, value: V) -> V:
        items, sizes = self._items, self._sizes
        if key in items:
            del items[key]
            self.held -= sizes.pop(key)
        size = footprint(value) + ENTRY_BYTES
        if size > self.budget:
            return value
        while self.held + size > self.budget:
            oldest = next(iter(items))
            del items[oldest]
            self.held -= sizes.pop(oldest)
            self.dropped += 1
        items[key] = value
        sizes[key] = size
        self.held += size
        return value

    def __len__(self) -> int:
        return len(self._items)

    @property
    def entries(self) -> int:
        """What it keeps, counting a kept store of many (routes.TreeStore) as its own entries."""
        return sum(getattr(value, "entries", 1) for value in self._items.values())

    @property
    def let_go(self) -> int:
        """What it has let go, and what a kept store of many has let go within itself."""
        return self.dropped + sum(getattr(value, "dropped", 0) for value in self._items.values())

    @property
    def known(self) -> dict[K, V]:
        """What is kept, by key, for a loop that reads it many times (reading it leaves the
        order of use as it was: only `get` marks a key used): not to be written to."""
        return self._items


MB = 1_000_000
CACHES_BYTES = 100 * MB  # everything a World keeps beyond its own arrays, all its Memos together
BUDGETS: dict[str, int] = {}
"""Each declared Cache's share of CACHES_BYTES, by its name, in the order declared (their sum
is held to CACHES_BYTES by a test). Sized from what `privateer bench memory` counts: 200
captain voyages (full rules) and 20,000 days of the world in one process. On the real world
(19,202 day-graph nodes, 7,105 graph nodes, 11,703 legs), an int16 array over the nodes is
38 kB. A World's Memo of a Cache takes its budget from here when it is first asked for."""
_OWNERS: dict[str, str] = {}


@dataclass(frozen=True, slots=True)
class Cache(Generic[K, V]):
    """One thing a World keeps, by key: declared once (`declare`), by the module that works
    it out, with its key's and value's types (`TREES: Cache[TreeKey, Tree]`); a World's Memo
    of it is `world.memo(TREES)`."""

    name: str

    @staticmethod
    def declare(owner: str, name: str, budget: int) -> Cache[Any, Any]:
        """The cache `name`, kept by module `owner` within `budget` bytes of every World's
        CACHES_BYTES; a name another module keeps is refused (they would share one Memo)."""
        if _OWNERS.setdefault(name, owner) != owner:
            raise ValueError(f"the World's cache {name!r} is {_OWNERS[name]}'s, not {owner}'s")
        BUDGETS.setdefault(name, budget)  # declared again (a module imported twice): as it was
        return Cache(name)


# days from a node (int16: 38 kB): the voyages ask for 3,500 different ones, mostly where the
# captain is that day, 1.3 million times; ~1,040 kept misses 8,900 times (1.3 ms each), as the
# 1,024 kept before. The largest share: every byte here buys speed.
HOPS: Cache[tuple[int, ...], Hops] = Cache.declare(__name__, "hops", 40 * MB)
# the same over the day graph with some nodes closed (a deep keel's banks), by (closed nodes,
# sources): a few per voyage
HOPS_AVOIDING: Cache[tuple[frozenset[int], tuple[int, ...]], Hops] = Cache.declare(
    __name__,
    "hops_avoiding",
    2 * MB - 50_000,  # 50 kB of it to routes.py's KEELS
)
# the day graph less the banks (0.65 MB), by the nodes closed: those in use
CLOSED_STEP_GRAPHS: Cache[frozenset[int], csr_matrix] = Cache.declare(
    __name__, "closed_step_graphs", 1_500_000
)


class WorldCaches:
    """Everything kept on a World that depends on more than the World: a Memo to each
    declared Cache, made when first asked for, within its share of CACHES_BYTES (BUDGETS)."""

    __slots__ = ("_memos",)

    def __init__(self) -> None:
        self._memos: dict[str, Memo[Any, Any]] = {}

    def of(self, cache: Cache[K, V]) -> Memo[K, V]:
        """The Memo of `cache` (empty at first)."""
        found = self._memos.get(cache.name)
        if found is None:
            found = self._memos[cache.name] = Memo(BUDGETS[cache.name])
        return found

    def memos(self) -> dict[str, Memo[Any, Any]]:
        """Each declared cache's Memo by its name (BUDGETS' keys), for reports."""
        return {name: self.of(Cache(name)) for name in BUDGETS}


@dataclass(frozen=True, eq=False)
class World:
    """Everything the rules read about the world. Build with `World.build`."""

    content_hash: str
    lon: Floats
    lat: Floats
    kind: npt.NDArray[np.int8]  # index into NODE_KINDS
    leg_a: Ints
    leg_b: Ints
    leg_nm: Floats
    leg_nodes: Ints  # every leg's nodes a..b in order, back to back
    leg_start: Ints  # leg i's nodes are leg_nodes[leg_start[i]:leg_start[i + 1]]
    nations: tuple[str, ...]  # keys: england, spain, ...
    nation_names: tuple[str, ...]
    ports: tuple[Port, ...]
    current_toward: Floats  # per node; knots 0 where there is no current
    current_knots: Floats
    wind_toward: Floats  # (4 seasons, nodes)
    wind_knots: Floats
    water_nation: npt.NDArray[np.int16]  # per node: whose protected water, -1 nobody's
    water_days: npt.NDArray[np.int16]  # days from the fort that guards it (-1)
    features: tuple[tuple[int, str, str], ...]  # (node, kind, name)
    seas: tuple[str, ...]
    sea_label_node: Ints  # per sea: the graph node nearest its label
    sea_of_node: npt.NDArray[np.int16]  # per node: the sea it lies in, -1 none
    drake: Ints  # Drake's route, node by node
    drake_places: tuple[tuple[int, str], ...]  # (index into drake, place)
    # route trees worked out before, read with the World (db/route_trees.py): not its content
    stored_trees: StoredTrees | None = None

    def __reduce__(self) -> tuple[type[World], tuple[Any, ...]]:
        """Pickled as its fields alone: what the rules derived and keep on it (route trees,
        distances, its caches: 170 MB on the full world) is derived again where it lands. A
        worker's logged records hold their game, and so this World, while the worker's other
        threads may be filling its caches: pickled whole, it failed ("dictionary changed size
        during iteration") and was 170 MB."""
        return World, tuple(getattr(self, f.name) for f in fields(self))

    @property
    def n(self) -> int:
        return len(self.lon)

    @property
    def legs(self) -> int:
        return len(self.leg_a)

    def nation(self, key: str) -> int:
        return self.nations.index(key)

    @cached_property
    def port_by_name(self) -> dict[str, Port]:
        return {p.name: p for p in self.ports}

    @cached_property
    def lists(self) -> tuple[list[int], list[int], list[int], list[int]]:
        """leg_a, leg_b, leg_start and leg_nodes as Python lists: the daily loop reads them a
        value at a time, which lists do several times faster than arrays."""
        return (
            self.leg_a.tolist(),
            self.leg_b.tolist(),
            self.leg_start.tolist(),
            self.leg_nodes.tolist(),
        )

    @cached_property
    def leg_days(self) -> Ints:
        days: Ints = np.diff(self.leg_start).astype(np.int32) - 1
        return days

    @cached_property
    def leg_day_counts(self) -> list[int]:
        """`leg_days` as a list (the daily loop reads it a value at a time)."""
        found: list[int] = self.leg_days.tolist()
        return found

    @cached_property
    def graph_nodes(self) -> Ints:
        nodes: Ints = np.flatnonzero(self.kind != WAYPOINT).astype(np.int32)
        return nodes

    @cached_property
    def graph_index(self) -> list[int]:
        """Per node, its place in `graph_nodes` (-1: a waypoint): not to be written to."""
        index = np.full(self.n, -1, dtype=np.int64)
        index[self.graph_nodes] = np.arange(len(self.graph_nodes))
        found: list[int] = index.tolist()
        return found

    @cached_property
    def legs_at(self) -> tuple[tuple[int, ...], ...]:
        """Per node, the legs that start or end there (waypoints: none)."""
        at: list[list[int]] = [[] for _ in range(self.n)]
        for leg, (a, b) in enumerate(zip(self.leg_a.tolist(), self.leg_b.tolist(), strict=True)):
            at[a].append(leg)
            at[b].append(leg)
        return tuple(tuple(x) for x in at)

    @cached_property
    def step_neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Per node, the nodes a day's step away, in the order of their legs."""
        out: list[list[int]] = [[] for _ in range(self.n)]
        nodes = self.leg_nodes.tolist()
        starts = self.leg_start.tolist()
        for leg in range(self.legs):
            path = nodes[starts[leg] : starts[leg + 1]]
            for x, y in itertools.pairwise(path):
                out[x].append(y)
                out[y].append(x)
        return tuple(tuple(x) for x in out)

    def leg_path(self, leg: int, forward: bool = True) -> list[int]:
        """A leg's nodes from a to b (or b to a)."""
        path: list[int] = self.leg_nodes[self.leg_start[leg] : self.leg_start[leg + 1]].tolist()
        return path if forward else path[::-1]

    @cached_property
    def step_graph(self) -> csr_matrix:
        """The day graph as an unweighted sparse matrix (a step each way)."""
        nodes = self.leg_nodes
        keep = np.ones(len(nodes) - 1, dtype=bool)
        keep[self.leg_start[1:-1] - 1] = False  # no step from a leg's end to the next's start
        x, y = nodes[:-1][keep], nodes[1:][keep]
        ones = np.ones(2 * len(x))
        rows, cols = np.concatenate([x, y]), np.concatenate([y, x])
        return csr_matrix((ones, (rows, cols)), shape=(self.n, self.n))

    def hops_from(self, sources: list[int] | npt.NDArray[np.int64]) -> Hops:
        """Days (steps) from the nearest of `sources` to every node (breadth first, over the
        day graph); -1 where unreachable; int16 on any world whose farthest is under
        HOPS_NARROW days (`_steps_from`). Kept (the most recently used, within BUDGETS): not
        to be written to."""
        key = tuple(sorted({int(s) for s in sources}))
        memo = self.memo(HOPS)
        found = memo.get(key)
        if found is None:
            found = memo.put(key, _steps_from(self.step_graph, key))
        return found

    def hops_avoiding(self, sources: list[int], closed: frozenset[int]) -> Hops:
        """Days (steps) from the nearest of `sources` to every node over the day graph with
        the `closed` nodes left out (a source is never closed); -1 where unreachable. Kept, as
        `hops_from`: not to be written to."""
        if not closed:
            return self.hops_from(sources)
        key = tuple(sorted({int(s) for s in sources}))
        memo = self.memo(HOPS_AVOIDING)
        found = memo.get((closed, key))
        if found is None:
            shut = closed.difference(key)
            graphs = self.memo(CLOSED_STEP_GRAPHS)
            graph = graphs.get(frozenset(shut))
            if graph is None:
                coo = self.step_graph.tocoo()
                out = np.isin(coo.row, list(shut)) | np.isin(coo.col, list(shut))
                rows, cols = coo.row[~out], coo.col[~out]
                graph = graphs.put(
                    frozenset(shut),
                    csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(self.n, self.n)),
                )
            found = memo.put((closed, key), _steps_from(graph, key))
        return found

    @cached_property
    def features_at(self) -> dict[int, tuple[tuple[str, str], ...]]:
        """Per node with any, its features as (kind, name), in the table's order: not to be
        written to."""
        at: dict[int, list[tuple[str, str]]] = {}
        for node, kind, name in self.features:
            at.setdefault(node, []).append((kind, name))
        return {node: tuple(found) for node, found in at.items()}

    @cached_property
    def feature_nodes(self) -> dict[str, frozenset[int]]:
        """Per feature kind ("bank", "fort_guns", ...), the nodes with one: not to be written
        to."""
        found: dict[str, set[int]] = {}
        for node, kind, _ in self.features:
            found.setdefault(kind, set()).add(node)
        return {kind: frozenset(nodes) for kind, nodes in found.items()}

    @cached_property
    def caches(self) -> WorldCaches:
        return WorldCaches()

    def memo(self, cache: Cache[K, V]) -> Memo[K, V]:
        """This World's Memo of `cache` (declared by the module that keeps it)."""
        return self.caches.of(cache)

    @cached_property
    def port_nodes(self) -> frozenset[int]:
        """The nodes ports sit on."""
        return frozenset(p.node for p in self.ports)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Per graph node, the graph nodes a leg away, in leg order (waypoints: none)."""
        leg_a, leg_b, _, _ = self.lists
        return tuple(
            tuple(leg_b[g] if leg_a[g] == n else leg_a[g] for g in self.legs_at[n])
            for n in range(self.n)
        )

    @cached_property
    def leg_table(self) -> dict[tuple[int, int], int]:
        """(a, b) -> the leg joining two graph nodes (the first, if several), both ways round:
        not to be written to."""
        table: dict[tuple[int, int], int] = {}
        for leg, (x, y) in enumerate(zip(self.leg_a.tolist(), self.leg_b.tolist(), strict=True)):
            table.setdefault((x, y), leg)
            table.setdefault((y, x), leg)
        return table

    @cached_property
    def leg_waters(self) -> tuple[frozenset[int], ...]:
        """Per leg, the nations whose protected waters it passes through."""
        waters = self.water_nation.tolist()
        _, _, starts, nodes = self.lists
        return tuple(
            frozenset(w for w in (waters[x] for x in nodes[starts[i] : starts[i + 1]]) if w >= 0)
            for i in range(self.legs)
        )

    @cached_property
    def water_nations(self) -> list[int]:
        """`water_nation` as a list (the daily loop reads it a value at a time)."""
        found: list[int] = self.water_nation.tolist()
        return found

    @cached_property
    def day_steps(self) -> tuple[Ints, Ints, Ints]:
        """Every day step in leg order, as (from node, to node, leg), forward along its leg."""
        nodes = self.leg_nodes
        starts = self.leg_start
        keep = np.ones(len(nodes), dtype=bool)
        keep[starts[1:] - 1] = False  # a leg's last node starts no step of that leg
        x = nodes[:-1][keep[:-1]]
        y = nodes[1:][keep[:-1]]
        leg = np.repeat(np.arange(self.legs, dtype=np.int32), self.leg_days)
        return x.astype(np.int32), y.astype(np.int32), leg

    @cached_property
    def weathers(self) -> tuple[int, ...]:
        """Per season, the first season whose winds are the same (spring and autumn, with the
        belts at the equinoxes and no monsoon, are): they share their routes."""
        found: list[int] = []
        for s in range(4):
            same = [
                t
                for t in range(s)
                if np.array_equal(self.wind_toward[t], self.wind_toward[s])
                and np.array_equal(self.wind_knots[t], self.wind_knots[s])
            ]
            found.append(same[0] if same else s)
        return tuple(found)

    @cached_property
    def port_hops(self) -> Ints:
        """Days (steps) between every pair of ports, by the shortest way (-1: none)."""
        nodes = [p.node for p in self.ports]
        graph = self.step_graph
        rows = [_steps_from(graph, (node,))[nodes] for node in nodes]
        hops: Ints = np.array(rows, dtype=np.int32).reshape(len(nodes), len(nodes))
        return hops


HOPS_NARROW = 2**13  # days from a node are kept int16 when all are under this: see _steps_from


def narrowest(most: int) -> type[np.signedinteger[Any]]:
    """The smallest signed integer type that holds every value from -1 to `most`, for what
    is kept many times over (node ids, places in an array), and only indexed or compared."""
    return (
        np.int16 if most <= np.iinfo(np.int16).max else np.int32 if most <= 2**31 - 1 else np.int64
    )


def _steps_from(graph: csr_matrix, sources: tuple[int, ...]) -> Hops:
    """Steps from the nearest of `sources` to every node of an unweighted graph (-1 where
    unreachable), as int16 when the farthest is under HOPS_NARROW (on the real world it is
    under 500), else int32: so a caller may add up to four of them and compare, as with
    int32, and never overflow. From one source, breadth first: scipy's traversal gives the
    order in which the nodes are reached, level by level (each node's parent reached before
    it, the parents in order), so each level ends where the children of the one before
    end."""
    if len(sources) != 1:
        dist = dijkstra(graph, unweighted=True, indices=list(sources), min_only=True)
        most = int(dist[np.isfinite(dist)].max(initial=0))
        kind = np.int16 if most < HOPS_NARROW else np.int32
        many: Hops = np.where(np.isfinite(dist), dist, -1).astype(kind)
        return many
    order, pred = breadth_first_order(graph, sources[0], directed=True, return_predecessors=True)
    place = np.empty(graph.shape[0], dtype=np.int64)
    place[order] = np.arange(len(order))
    parent = place[pred[order[1:]]]  # each reached node's parent's place in the order
    parents = memoryview(parent)  # read a value at a time, as Python ints
    ends = [1]  # the first level is the source alone
    while ends[-1] < len(order):
        ends.append(1 + bisect_left(parents, ends[-1]))
    kind = np.int16 if len(ends) <= HOPS_NARROW else np.int32  # the farthest: len(ends) - 1
    steps: Hops = np.full(graph.shape[0], -1, dtype=kind)
    steps[order] = np.repeat(np.arange(len(ends), dtype=kind), np.diff(ends, prepend=0))
    return steps


def nearby(world: World, node: int, steps: int) -> dict[int, int]:
    """The nodes within `steps` days of `node`, with their days (a small search: sight is a
    step or two, and a whole-sea search every day would cost more than the day)."""
    found = {node: 0}
    frontier = [node]
    neighbours = world.step_neighbours
    for days in range(1, steps + 1):
        nxt = []
        for f in frontier:
            for n in neighbours[f]:
                if n not in found:
                    found[n] = days
                    nxt.append(n)
        frontier = nxt
    return found
