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

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import numpy.typing as npt
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from ..schema import Int, Row, Text
from ..sea import leg_costs as sea_leg_costs
from . import wars
from .kinds import KINDS, SHIP_KINDS, Arrival, ShipKind, Work, last_kind
from .routes import bearing, weather_of
from .rules import SEED_000, WorldRules
from .state import WAKE_DAYS, WorldState
from .world import Ints, World

Mass = npt.NDArray[np.float64]

SOURCES = ("bar", "prisoner", "admiralty")  # who told you (the bar, a prisoner, a letter's word)


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
            Int(0, last_kind),  # kind
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


def strength(rumor: Rumor, today: int, rules: WorldRules = SEED_000) -> int:
    """The marker's strength today, per mille: it keeps `fade` of it each day.

    >>> [strength(Rumor(0, 0, 0, 0, 900, "bar", 0), day) for day in (0, 1, 9, 10)]
    [900, 720, 120, 96]
    """
    keep, of = rules.fade
    value = rumor.reliability
    for _ in range(max(0, today - rumor.day)):
        value = value * keep // of
    return value


def alive(rumor: Rumor, today: int, rules: WorldRules = SEED_000) -> bool:
    """The marker is still there: not below `gone_per_mille`."""
    return strength(rumor, today, rules) >= rules.gone_per_mille


def off_by(rules: WorldRules, reliability: int) -> tuple[int, ...]:
    """How many steps off a report of this reliability is when it is wrong (seed 000: "off
    by up to one step (good sources), two or three (bad ones)")."""
    good = reliability >= rules.good_source_per_mille
    return rules.good_source_rings if good else rules.bad_source_rings


# --- where she is bound -----------------------------------------------------------------------


def destinations(
    world: World, state: WorldState, rules: WorldRules, rumor: Rumor
) -> list[tuple[int, float]]:
    """The nodes the rumored ship may be bound for, with their weights (summing to 1): as her
    kind's work says (`BOUND`)."""
    hops = world.hops_from([rumor.node])
    found = BOUND[KINDS[rumor.kind].work](world, state, rules, rumor, hops)
    found = [n for n in dict.fromkeys(found) if hops[n] >= 0] or [rumor.node]
    share = 1.0 / len(found)
    return [(n, share) for n in found]


def _nearest_port(world: World, hops: Ints, candidates: list[int]) -> int:
    ports = world.ports
    return min(candidates, key=lambda i: (hops[ports[i].node] < 0, hops[ports[i].node], i))


def _trade_ports(
    world: World, state: WorldState, rules: WorldRules, rumor: Rumor, hops: Ints
) -> list[int]:
    """Any port she may trade with: nobody knows which."""
    flag = rumor.flag
    return [
        p.node
        for p in world.ports
        if not p.native
        and 0 <= hops[p.node] <= rules.merchant_range_days
        and (p.nation == flag or not wars.at_war(state, flag, p.nation))
    ]


def _course_ports(
    world: World, state: WorldState, rules: WorldRules, rumor: Rumor, hops: Ints
) -> list[int]:
    """The ports of her course but the nearest, which she has just left."""
    ports, flag = world.ports, rumor.flag
    courses = [c for c in state.courses if c and ports[c[0]].nation == flag] or [
        [i for i, p in enumerate(ports) if p.nation == flag]
    ]
    course = min(courses, key=lambda c: min(hops[ports[i].node] for i in c))
    if len(course) > 1:
        left = _nearest_port(world, hops, course)
        return [ports[i].node for i in course if i != left]
    return [ports[course[0]].node]


def _home_sea(
    world: World, state: WorldState, rules: WorldRules, rumor: Rumor, hops: Ints
) -> list[int]:
    """The nearest sea's label, her home."""
    labels = world.sea_label_node.tolist()
    return [min(labels, key=lambda n: (hops[n] < 0, hops[n], n))]


def _station_or_you(
    world: World, state: WorldState, rules: WorldRules, rumor: Rumor, hops: Ints
) -> list[int]:
    """You, if you are within her station's reach of her nearest station; else her station
    (a port of her nation with her station's role, a fortified one for none)."""
    station_of = KINDS[rumor.kind].station
    assert station_of is not None  # check_kind: a kind that works from a station has one
    role, flag, ports = station_of.role, rumor.flag, world.ports
    stations = [
        i
        for i, p in enumerate(ports)
        if p.nation == flag and (p.fortified if role is None else role in p.roles)
    ] or [i for i, p in enumerate(ports) if p.nation == flag]
    station = ports[_nearest_port(world, hops, stations)].node
    reach = int(getattr(rules, station_of.reach))
    player = state.player_node
    if player >= 0 and 0 <= world.hops_from([station])[player] <= reach:
        return [player]  # bound for you
    return [station]


Bound = Callable[[World, WorldState, WorldRules, Rumor, Ints], list[int]]
BOUND: dict[Work, Bound] = {
    Work.TRADE: _trade_ports,
    Work.COURSE: _course_ports,
    Work.DRIFT: _home_sea,
    Work.PATROL: _station_or_you,
    Work.CRUISE: _station_or_you,
    Work.WAIT: _station_or_you,
    Work.RAID: _station_or_you,
}
"""Where a rumor says a ship is bound, by her kind's work."""


# --- how a day moves the cloud -----------------------------------------------------------------


def _step_graph_costs(world: World, weather: int, rig: int) -> csr_matrix:
    """The day graph with each step's cost in the direction sailed, for a weather and rig."""
    memo = world.caches.step_costs
    found = memo.get((weather, rig))
    if found is None:
        x, y, _ = world.day_steps
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
        found = memo.put(
            (weather, rig),
            csr_matrix(
                (np.concatenate(weights), (np.concatenate(rows), np.concatenate(cols))),
                shape=(world.n, world.n),
            ).T.tocsr(),  # reversed: searched from the destination
        )
    return found


def true_next(world: World, dest: int, weather: int, rig: int) -> npt.NDArray[np.int64]:
    """For every node, the next node of the cheapest way to `dest` by the real sea (itself at
    `dest` or where there is no way)."""
    memo = world.caches.true_next
    key = (dest, weather, rig)
    found = memo.get(key)
    if found is None:
        _, pred = dijkstra(
            _step_graph_costs(world, weather, rig), directed=True, indices=dest,
            return_predecessors=True,
        )  # fmt: skip
        found = memo.put(key, np.where(pred >= 0, pred, np.arange(world.n)).astype(np.int64))
    return found


def uniform_split(world: World, dest: int) -> csr_matrix:
    """Every leg weighing the same: from each node, an equal share to each neighbour a step
    nearer `dest` (as a matrix to multiply a cloud by); at `dest`, or cut off, it stays."""
    memo = world.caches.uniform_split
    found = memo.get(dest)
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
        found = memo.put(dest, csr_matrix((weights, (rows, cols)), shape=(world.n, world.n)))
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
    memo = world.caches.split_by_source
    found = memo.get(dest)
    if found is None:
        matrix = uniform_split(world, dest)
        cols = matrix.indices.astype(np.int64)
        rows = np.repeat(np.arange(world.n, dtype=np.int64), np.diff(matrix.indptr))
        positions = np.argsort(cols, kind="stable").astype(np.int64)
        starts = np.searchsorted(cols[positions], np.arange(world.n + 1)).astype(np.int64)
        found = memo.put(
            dest, SplitBySource(rows, cols, matrix.data.astype(np.float64), starts, positions)
        )
    return found


def lingering(world: World, rules: WorldRules, kind: int) -> Mass:
    """Per node, the share of the cloud that stays there a day: a ship at sea sails on every
    day; what she does when she stops is her kind's arrival, and so how she lingers
    (`LINGER`). Kept per (kind, rules)."""
    row = KINDS[kind]
    memo = world.caches.lingering
    found = memo.get((row, rules))
    if found is None:
        found = memo.put((row, rules), LINGER[row.arrival](world, rules, row))
    return found


def _in_port(world: World, rules: WorldRules, kind: ShipKind) -> Mass:
    """In port she lies as long as her kind does (nobody knows how long she has lain), so she
    leaves with one over her mean rest a day."""
    assert kind.rest is not None  # check_kind: a kind that arrives to rest has a rest
    least, most = kind.rest.days(rules)
    found = np.zeros(world.n)
    found[[p.node for p in world.ports]] = 1.0 - 1.0 / ((least + most) / 2)
    return found


def _on_her_beat(world: World, rules: WorldRules, kind: ShipKind) -> Mass:
    """She rests on her beat, wherever that is (a guard ship, a privateer, a hunter)."""
    return np.full(world.n, rules.patrol_linger)


def _never(world: World, rules: WorldRules, kind: ShipKind) -> Mass:
    """She never rests (a monster)."""
    return np.zeros(world.n)


LINGER: dict[Arrival, Callable[[World, WorldRules, ShipKind], Mass]] = {
    Arrival.REST: _in_port,
    Arrival.COURSE: _in_port,
    Arrival.RAID: _in_port,
    Arrival.BEAT: _on_her_beat,
    Arrival.WAIT: _on_her_beat,
    Arrival.NOTHING: _never,
}
"""How a rumored ship lingers, by what her kind does on arriving."""


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


def report_spread(world: World, rumor: Rumor, rules: WorldRules = SEED_000) -> Mass:
    """The report as a cloud: its node with the rumor's reliability; the rest on the nodes a
    step off (a good source) or two and three steps off (a bad one): `off_by`."""
    mass = np.zeros(world.n)
    right = rumor.reliability / 1000.0
    mass[rumor.node] = right
    hops = world.hops_from([rumor.node])
    off = np.flatnonzero(np.isin(hops, off_by(rules, rumor.reliability)))
    if len(off):
        mass[off] += (1.0 - right) / len(off)
    else:
        mass[rumor.node] = 1.0
    return mass


def rig_of(kind: int) -> int:
    """How a kind is rigged (kinds.py): her cloud sails as she does."""
    return KINDS[kind].rig


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
    start = report_spread(world, rumor, rules)
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


def clouds_ahead(
    world: World,
    state: WorldState,
    rules: WorldRules,
    rumor: Rumor,
    days: list[int],
    charted_by_season: list[npt.NDArray[np.bool_]],
) -> list[Mass]:
    """The rumor's cloud on each of `days` (ascending, none before the rumor's day), sailed
    forward once: where a hunter might meet her k days from now."""
    start = report_spread(world, rumor, rules)
    totals = [np.zeros(world.n) for _ in days]
    rig = rig_of(rumor.kind)
    linger = lingering(world, rules, rumor.kind)
    for dest, share in destinations(world, state, rules, rumor):
        here = sparse(start)
        day = rumor.day
        for i, wanted in enumerate(days):
            while day < wanted:
                season = (day // rules.season_days) % 4
                weather = weather_of(world, season)
                here = step_sparse(
                    world, here, dest, weather, rig, charted_by_season[season], linger
                )
                day += 1
            totals[i] += share * dense(world, here)
    return totals


def search_area(mass: Mass, share: float = SEED_000.search_share) -> npt.NDArray[np.int64]:
    """The fewest nodes holding `share` of the cloud (most likely first): the rules'
    `search_share`.

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
