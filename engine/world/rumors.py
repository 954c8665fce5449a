"""A rumor and what it is worth (seed 000): a ship of a kind and flag was at a node on a day,
with a reliability. It gives a marker that fades, and a cloud of where the ship could be now.

The marker loses a fifth of its strength each day and is gone below a tenth (a 90% rumor lasts
ten days). The cloud starts at the report (spread a step, or two or three, round it as far as
the report may be wrong) and sails forward a day at a time the way that kind sails: a merchant
bound for one of the ports it trades with (nobody knows which), a treasure fleet on its known
course, a hunter for you if you are in its range or else for its station, a monster for home.
Each day's step follows your chart: where the water is charted (its current and this season's
wind), the step a ship that knows the sea would take; where it is not, every leg weighs the
same, and the cloud splits among the equally short ways. The search area is the fewest nodes
holding 70% of the cloud.

All of it is arrays: one vector of probability per destination, moved a day by a table lookup
where charted and a sparse matrix where not; both cached per destination.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import numpy.typing as npt
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from ..schema import Int, Row, Text
from ..sea import leg_costs as sea_leg_costs
from . import wars
from .kinds import (
    ARMADA,
    CORSAIR,
    GUARD,
    HUNTER,
    MERCHANT,
    MONSTER,
    PRIVATEER,
    SHIP_KINDS,
    TREASURE,
)
from .routes import bearing, weather_of
from .rules import WorldRules
from .state import WAKE_DAYS, WorldState
from .world import World

Mass = npt.NDArray[np.float64]

SEARCH_SHARE = 0.7  # "the fewest nodes holding 70% of the cloud"
FADE = (4, 5)  # the marker keeps four fifths of its strength each day
GONE_PER_MILLE = 100  # and is gone below a tenth
GOOD_SOURCE_PER_MILLE = 600  # a report this reliable is off by a step at most; worse, 2-3
PATROL_LINGER = 0.25  # a guard ship or privateer rests on her beat, wherever it is: chosen
SOURCES = ("bar", "prisoner")  # who told you (engine/world/bar.py)


@dataclass(frozen=True, slots=True)
class Rumor:
    """A ship of `kind` flying `flag` was at `node` on `day`; right with `reliability`
    (per mille). `ship` is which ship it was (the world knows; a player does not)."""

    kind: int
    flag: int
    node: int
    day: int
    reliability: int
    source: str
    ship: int

    SHAPE: ClassVar[Row] = Row(
        (
            Int(0, len(SHIP_KINDS) - 1),  # kind
            Int(-1, "nation"),  # flag
            Int(0, "node"),
            Int(1 - WAKE_DAYS, "day"),  # a sighting up to twelve days old, told on day 0 too
            Int(0, 1000),  # reliability, per mille
            Text(SOURCES),
            Int(0, "ship"),
        )
    )
    """What a saved rumor (to_list()) may hold (engine/schema.py)."""

    def to_list(self) -> list[int | str]:
        return [self.kind, self.flag, self.node, self.day, self.reliability, self.source, self.ship]

    @classmethod
    def from_list(cls, data: list[int | str]) -> Rumor:
        kind, flag, node, day, reliability, source, ship = data
        return cls(
            int(kind), int(flag), int(node), int(day), int(reliability), str(source), int(ship)
        )


def strength(rumor: Rumor, today: int) -> int:
    """The marker's strength today, per mille; below GONE_PER_MILLE it is gone.

    >>> [strength(Rumor(0, 0, 0, 0, 900, "bar", 0), day) for day in (0, 1, 9, 10)]
    [900, 720, 120, 96]
    """
    value = rumor.reliability
    for _ in range(max(0, today - rumor.day)):
        value = value * FADE[0] // FADE[1]
    return value


def alive(rumor: Rumor, today: int) -> bool:
    return strength(rumor, today) >= GONE_PER_MILLE


# --- where she is bound -----------------------------------------------------------------------


def destinations(
    world: World, state: WorldState, rules: WorldRules, rumor: Rumor
) -> list[tuple[int, float]]:
    """The nodes the rumored ship may be bound for, with their weights (summing to 1)."""
    kind, flag, node = rumor.kind, rumor.flag, rumor.node
    hops = world.hops_from([node])
    ports = world.ports

    def nearest_of(candidates: list[int]) -> int:
        return min(candidates, key=lambda i: (hops[ports[i].node] < 0, hops[ports[i].node], i))

    found: list[int] = []
    if kind == MERCHANT:  # any port she may trade with: nobody knows which
        found = [
            p.node
            for p in ports
            if not p.native
            and 0 <= hops[p.node] <= rules.merchant_range_days
            and (p.nation == flag or not wars.at_war(state, flag, p.nation))
        ]
    elif kind in (TREASURE, ARMADA):
        courses = [c for c in state.courses if c and ports[c[0]].nation == flag] or [
            [i for i, p in enumerate(ports) if p.nation == flag]
        ]
        course = min(courses, key=lambda c: min(hops[ports[i].node] for i in c))
        if len(course) > 1:
            left = nearest_of(course)  # she has just left the nearest port of her course
            found = [ports[i].node for i in course if i != left]
        else:
            found = [ports[course[0]].node]
    elif kind == MONSTER:
        labels = world.sea_label_node.tolist()
        found = [min(labels, key=lambda n: (hops[n] < 0, hops[n], n))]
    else:
        role = {GUARD: None, PRIVATEER: "privateer_base", HUNTER: "hunter_station",
                CORSAIR: "corsair"}[kind]  # fmt: skip
        stations = [
            i
            for i, p in enumerate(ports)
            if p.nation == flag and (p.fortified if role is None else role in p.roles)
        ] or [i for i, p in enumerate(ports) if p.nation == flag]
        station = ports[nearest_of(stations)].node
        reach = rules.guard_range_days if kind == GUARD else rules.privateer_range_days
        player = state.player_node
        if player >= 0 and 0 <= world.hops_from([station])[player] <= reach:
            found = [player]  # bound for you
        else:
            found = [station]
    found = [n for n in dict.fromkeys(found) if hops[n] >= 0] or [node]
    share = 1.0 / len(found)
    return [(n, share) for n in found]


# --- how a day moves the cloud -----------------------------------------------------------------


def _step_graph_costs(world: World, weather: int, rig: int) -> csr_matrix:
    """The day graph with each step's cost in the direction sailed, for a weather and rig."""
    key = f"stepcost:{weather}:{rig}"
    found = world._cache.get(key)
    if found is None:
        from .routes import _steps

        x, y, _ = _steps(world)
        lon, lat = world.lon, world.lat
        rows, cols, weights = [], [], []
        for a, b in ((x, y), (y, x)):
            heading = bearing(lon[a], lat[a], lon[b], lat[b])
            cost = sea_leg_costs(
                heading,
                world.current_toward[a],
                world.current_knots[a],
                world.wind_toward[weather][a],
                world.wind_knots[weather][a],
                weatherly=rig == 1,
            )
            rows.append(a)
            cols.append(b)
            weights.append(cost)
        found = csr_matrix(
            (np.concatenate(weights), (np.concatenate(rows), np.concatenate(cols))),
            shape=(world.n, world.n),
        ).T.tocsr()  # reversed: searched from the destination
        world._cache[key] = found
    assert isinstance(found, csr_matrix)
    return found


def _bounded(table: dict[object, object], key: object, limit: int = 600) -> None:
    if len(table) > limit:
        table.pop(next(iter(table)))


def true_next(world: World, dest: int, weather: int, rig: int) -> npt.NDArray[np.int64]:
    """For every node, the next node of the cheapest way to `dest` by the real sea (itself at
    `dest` or where there is no way)."""
    table = world._cache.setdefault("true_next", {})
    assert isinstance(table, dict)
    key = (dest, weather, rig)
    found = table.get(key)
    if found is None:
        _, pred = dijkstra(
            _step_graph_costs(world, weather, rig), directed=True, indices=dest,
            return_predecessors=True,
        )  # fmt: skip
        found = np.where(pred >= 0, pred, np.arange(world.n)).astype(np.int64)
        _bounded(table, key)
        table[key] = found
    assert isinstance(found, np.ndarray)
    return found


def uniform_split(world: World, dest: int) -> csr_matrix:
    """Every leg weighing the same: from each node, an equal share to each neighbour a step
    nearer `dest` (as a matrix to multiply a cloud by); at `dest`, or cut off, it stays."""
    table = world._cache.setdefault("uniform_split", {})
    assert isinstance(table, dict)
    found = table.get(dest)
    if found is None:
        hops = world.hops_from([dest]).astype(np.int64)
        graph = world.step_graph.tocoo()
        u, v = graph.row, graph.col
        closer = (hops[v] == hops[u] - 1) & (hops[u] > 0)
        u, v = u[closer], v[closer]
        counts = np.bincount(u, minlength=world.n)
        stay = np.flatnonzero(counts == 0)
        rows = np.concatenate([v, stay])
        cols = np.concatenate([u, stay])
        weights = np.concatenate([1.0 / counts[u], np.ones(len(stay))])
        found = csr_matrix((weights, (rows, cols)), shape=(world.n, world.n))
        _bounded(table, dest)
        table[dest] = found
    assert isinstance(found, csr_matrix)
    return found


@dataclass(frozen=True, slots=True)
class SplitBySource:
    """`uniform_split(world, dest)` indexed by source node, so a day's step touches only the
    nodes a cloud is on: `positions[starts[u]:starts[u + 1]]` are the places in the matrix's
    data (row-major) of the entries in column u."""

    rows: npt.NDArray[np.int64]  # the row (node stepped to) of each entry of the data
    cols: npt.NDArray[np.int64]
    data: npt.NDArray[np.float64]
    starts: npt.NDArray[np.int64]
    positions: npt.NDArray[np.int64]


def split_by_source(world: World, dest: int) -> SplitBySource:
    table = world._cache.setdefault("split_by_source", {})
    assert isinstance(table, dict)
    found = table.get(dest)
    if found is None:
        matrix = uniform_split(world, dest)
        cols = matrix.indices.astype(np.int64)
        rows = np.repeat(np.arange(world.n, dtype=np.int64), np.diff(matrix.indptr))
        positions = np.argsort(cols, kind="stable").astype(np.int64)
        starts = np.searchsorted(cols[positions], np.arange(world.n + 1)).astype(np.int64)
        found = SplitBySource(rows, cols, matrix.data.astype(np.float64), starts, positions)
        _bounded(table, dest)
        table[dest] = found
    assert isinstance(found, SplitBySource)
    return found


def lingering(world: World, rules: WorldRules, kind: int) -> Mass:
    """Per node, the share of the cloud that stays there a day: a ship at sea sails on every
    day; in port she lies as long as her kind does (nobody knows how long she has lain), so
    she leaves with one over her mean rest a day. A guard ship or privateer rests on her beat,
    wherever that is; a monster never rests."""
    key = f"linger:{kind}:{rules.name}"
    found = world._cache.get(key)
    if found is None:
        rest = {
            MERCHANT: (rules.merchant_rest_min + rules.merchant_rest_max) / 2,
            TREASURE: rules.treasure_rest_days,
            ARMADA: rules.armada_rest_days,
            CORSAIR: rules.corsair_lie_days,
        }.get(kind)
        found = np.zeros(world.n)
        if rest is not None:
            found[[p.node for p in world.ports]] = 1.0 - 1.0 / rest
        elif kind != MONSTER:
            found[:] = PATROL_LINGER
        world._cache[key] = found
    assert isinstance(found, np.ndarray)
    return found


Sparse = tuple[npt.NDArray[np.int64], Mass]  # a cloud as (its nodes, ascending; their mass)


def sparse(mass: Mass) -> Sparse:
    nodes = np.flatnonzero(mass).astype(np.int64)
    return nodes, mass[nodes]


def dense(world: World, cloud: Sparse) -> Mass:
    mass = np.zeros(world.n)
    mass[cloud[0]] = cloud[1]
    return mass


def step_sparse(
    world: World,
    cloud: Sparse,
    dest: int,
    weather: int,
    rig: int,
    charted: npt.NDArray[np.bool_],
    linger: Mass,
) -> Sparse:
    """A day's sailing of a cloud bound for `dest`: what lingers stays; the rest takes a
    step, the known way where charted, split evenly among the shortest ways where not.

    A cloud sits on tens of nodes of thousands, so only those are stepped. The result is the
    same to the last bit as stepping the whole sea (`step_cloud_everywhere`, tested): each
    node's shares are added in the same order, and the zeros the whole-sea step adds change
    nothing."""
    nodes, on = cloud
    staying = on * linger[nodes]
    sailing = on - staying
    known = sailing * charted[nodes]
    unknown = sailing - known
    heading = true_next(world, dest, weather, rig)[nodes]
    split = split_by_source(world, dest)
    lo = split.starts[nodes]
    counts = split.starts[nodes + 1] - lo
    total = int(counts.sum())
    offsets = np.repeat(lo - np.cumsum(counts) + counts, counts) + np.arange(total)
    source = np.repeat(np.arange(len(nodes)), counts)
    order = np.argsort(split.positions[offsets], kind="stable")  # the matrix's row-major order
    places = split.positions[offsets][order]
    terms = split.data[places] * unknown[source[order]]
    everywhere = np.concatenate([nodes, heading, split.rows[places]])
    reached, where = np.unique(everywhere, return_inverse=True)
    size = len(reached)
    stay = np.zeros(size)
    stay[where[: len(nodes)]] = staying
    moved = np.bincount(where[len(nodes) : 2 * len(nodes)], weights=known, minlength=size)
    spread = np.bincount(where[2 * len(nodes) :], weights=terms, minlength=size)
    mass: Mass = stay + moved + spread
    keep = mass != 0
    return reached[keep].astype(np.int64), mass[keep]


def step_cloud(
    world: World,
    mass: Mass,
    dest: int,
    weather: int,
    rig: int,
    charted: npt.NDArray[np.bool_],
    linger: Mass,
) -> Mass:
    """`step_sparse` on a cloud over the whole sea."""
    return dense(world, step_sparse(world, sparse(mass), dest, weather, rig, charted, linger))


def step_cloud_everywhere(
    world: World,
    mass: Mass,
    dest: int,
    weather: int,
    rig: int,
    charted: npt.NDArray[np.bool_],
    linger: Mass,
) -> Mass:
    """`step_cloud` over every node of the sea, as the rule reads: the reference the tests
    hold the fast step to."""
    staying = mass * linger
    sailing = mass - staying
    known = sailing * charted
    unknown = sailing - known
    moved = np.bincount(true_next(world, dest, weather, rig), weights=known, minlength=world.n)
    result: Mass = staying + moved + uniform_split(world, dest) @ unknown
    return result


def report_spread(world: World, rumor: Rumor) -> Mass:
    """The report as a cloud: its node with the rumor's reliability; the rest on the nodes a
    step off (a good source) or two and three steps off (a bad one)."""
    mass = np.zeros(world.n)
    right = rumor.reliability / 1000.0
    mass[rumor.node] = right
    hops = world.hops_from([rumor.node])
    rings = (1,) if rumor.reliability >= GOOD_SOURCE_PER_MILLE else (2, 3)
    off = np.flatnonzero(np.isin(hops, rings))
    if len(off):
        mass[off] += (1.0 - right) / len(off)
    else:
        mass[rumor.node] = 1.0
    return mass


def rig_of(kind: int) -> int:
    return 1 if kind in (GUARD, PRIVATEER, HUNTER, CORSAIR) else 0


def cloud(
    world: World,
    state: WorldState,
    rules: WorldRules,
    rumor: Rumor,
    today: int,
    charted_by_season: list[npt.NDArray[np.bool_]],
) -> Mass:
    """Where the rumored ship could be `today`: the report's cloud sailed forward a day at a
    time toward each place she may be bound, by your chart (one mask per season). Sums to 1."""
    start = report_spread(world, rumor)
    total = np.zeros(world.n)
    rig = rig_of(rumor.kind)
    linger = lingering(world, rules, rumor.kind)
    for dest, share in destinations(world, state, rules, rumor):
        here = sparse(start)
        for day in range(rumor.day, today):
            season = (day // rules.season_days) % 4
            weather = weather_of(world, season)
            here = step_sparse(world, here, dest, weather, rig, charted_by_season[season], linger)
        total += share * dense(world, here)
    return total


def search_area(mass: Mass, share: float = SEARCH_SHARE) -> npt.NDArray[np.int64]:
    """The fewest nodes holding `share` of the cloud (most likely first).

    >>> import numpy as np
    >>> search_area(np.array([0.1, 0.5, 0.3, 0.1])).tolist()
    [1, 2]
    """
    order = np.argsort(-mass, kind="stable")
    held = np.cumsum(mass[order])
    count = int(np.searchsorted(held, share - 1e-12)) + 1
    return order[: min(count, len(order))]


def describe(world: World, rumor: Rumor, today: int) -> dict[str, object]:
    """A rumor as a person reads it."""
    return {
        "ship_kind": SHIP_KINDS[rumor.kind],
        "flag": world.nations[rumor.flag] if rumor.flag >= 0 else None,
        "node": rumor.node,
        "lon": round(float(world.lon[rumor.node]), 3),
        "lat": round(float(world.lat[rumor.node]), 3),
        "days_old": today - rumor.day,
        "reliability": round(rumor.reliability / 1000.0, 3),
        "source": rumor.source,
    }
