"""The world as the engine sees it: the sea graph and its shore, immutable NumPy arrays and
tuples, built once per process from the world tables (by db/) or by hand in tests.

Nodes are the day graph's (graph nodes and the waypoints that split long legs into days).
Every node has an index 0..n-1 equal to its node_id. A leg joins two graph nodes in `days`
steps; each step belongs to one leg. Ports sit on graph nodes.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import numpy.typing as npt
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

Ints = npt.NDArray[np.int32]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

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
    _cache: dict[str, object] = field(default_factory=dict, repr=False)

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
    def graph_nodes(self) -> Ints:
        nodes: Ints = np.flatnonzero(self.kind != WAYPOINT).astype(np.int32)
        return nodes

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

    def hops_from(self, sources: list[int] | npt.NDArray[np.int64]) -> Ints:
        """Days (steps) from the nearest of `sources` to every node (breadth first, over the
        day graph); -1 where unreachable. Cached."""
        chosen = sorted({int(s) for s in sources})
        key = f"hops:{','.join(map(str, chosen))}"
        found = self._cache.get(key)
        if found is not None:
            assert isinstance(found, np.ndarray)
            return found
        dist = dijkstra(self.step_graph, unweighted=True, indices=chosen, min_only=True)
        hops = np.where(np.isfinite(dist), dist, -1).astype(np.int32)
        if len(self._cache) < 4096:
            self._cache[key] = hops
        return hops

    @cached_property
    def port_hops(self) -> Ints:
        """Days (steps) between every pair of ports, by the shortest way (-1: none)."""
        nodes = [p.node for p in self.ports]
        dist = dijkstra(self.step_graph, unweighted=True, indices=nodes)[:, nodes]
        hops: Ints = np.where(np.isfinite(dist), dist, -1).astype(np.int32)
        return hops
