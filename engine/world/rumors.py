"""A rumor and what it is worth (the Privateer design document): a ship of a kind and flag was at a
node on a day, with a reliability. It gives a marker that fades, and a cloud of where the ship could
be now.

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
from .game import beat_of
from .kinds import KINDS, SHIP_KINDS, Arrival, ShipKind, Work, last_kind
from .routes import CALM, HighSeas, TreeKey, bearing, high_seas, weather_of
from .rules import SEED_000, WorldRules
from .state import WAKE_DAYS, WorldState
from .world import MB, Cache, Ints, Nodes, World, narrowest

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
    """How many steps off a report of this reliability is when it is wrong (the Privateer design
    document: "off by up to one step (good sources), two or three (bad ones)")."""
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
    station = world.ports[_station(world, rumor, hops)].node
    return [state.player_node] if _bound_for_you(world, state, rules, rumor, station) else [station]


def _station(world: World, rumor: Rumor, hops: Ints) -> int:
    """Her nearest station: a port of her nation with her station's role (a fortified one for
    none)."""
    station_of = KINDS[rumor.kind].station
    assert station_of is not None  # check_kind: a kind that works from a station has one
    role, flag, ports = station_of.role, rumor.flag, world.ports
    stations = [
        i
        for i, p in enumerate(ports)
        if p.nation == flag and (p.fortified if role is None else role in p.roles)
    ] or [i for i, p in enumerate(ports) if p.nation == flag]
    return _nearest_port(world, hops, stations)


def _bound_for_you(
    world: World, state: WorldState, rules: WorldRules, rumor: Rumor, station: int
) -> bool:
    """You are within her station's reach (node `station`): she comes for you."""
    station_of = KINDS[rumor.kind].station
    assert station_of is not None
    reach = int(getattr(rules, station_of.reach))
    player = state.player_node
    return player >= 0 and 0 <= world.hops_from([station])[player] <= reach


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


# --- her voyages: where she sails on to (rules.cloud_voyages) -----------------------------------


Onward = tuple[tuple[tuple[int, float], ...], ...]  # per place: (place, share) she sails on to


@dataclass(frozen=True, slots=True)
class Voyages:
    """How a rumor's cloud sails: the places she may be bound for (`bound`: node, share), and,
    with `cloud_voyages`, what she does there: she lies her kind's rest (`leave`: the share
    that sails on each day) and sails on to the next (`onward`, by index into `bound`; None:
    she stays for good, the cloud as before); `linger`: per node, the share that stays a day
    where she is not bound (with onward voyages, only the report's own port)."""

    bound: list[tuple[int, float]]
    onward: Onward | None
    leave: float
    linger: Mass
    seas: HighSeas = CALM  # how she weighs the high latitudes (the world's routes)


def voyages(world: World, state: WorldState, rules: WorldRules, rumor: Rumor) -> Voyages:
    """The rumored ship's voyages, as her kind's work says; without `cloud_voyages` (or for
    work with no onward voyage: a corsair, a hunter, a monster, a ship bound for you), the
    places of `destinations` where she stays, lingering as `lingering` says."""
    row = KINDS[rumor.kind]
    planned = ONWARD.get(row.work) if rules.cloud_voyages and row.rest is not None else None
    found = planned(world, state, rules, rumor) if planned is not None else None
    if found is None:
        bound = destinations(world, state, rules, rumor)
        return Voyages(bound, None, 0.0, lingering(world, rules, rumor.kind), high_seas(rules))
    places, shares, onward = found
    assert row.rest is not None
    least, most = row.rest.days(rules)
    leave = 1.0 / ((least + most) / 2)  # she lies her mean rest: one over it sails a day
    linger = np.zeros(world.n)
    if rumor.node in world.port_nodes:
        linger[rumor.node] = 1.0 - leave  # seen in port: she may be lying there
    total = sum(shares)
    return Voyages(
        [(n, w / total) for n, w in zip(places, shares, strict=True)],
        onward,
        leave,
        linger,
        high_seas(rules),
    )


Plan = tuple[list[int], list[float], Onward]


def _trade_onward(world: World, state: WorldState, rules: WorldRules, rumor: Rumor) -> Plan | None:
    """A merchant bound for any port she may trade with, each as likely as the voyages to it
    that pass where she was seen (`_voyages_through`), and from each on to any other."""
    places = [n for n, _ in destinations(world, state, rules, rumor)]
    if len(places) < 2:
        return None
    share = 1.0 / (len(places) - 1)
    onward = tuple(
        tuple((j, share) for j in range(len(places)) if j != i) for i in range(len(places))
    )
    return places, _voyages_through(world, rules, rumor.node, places), onward


def _voyages_through(world: World, rules: WorldRules, node: int, places: list[int]) -> list[float]:
    """For each port of `places`, how many voyages to it from a port within a merchant's
    range pass `node` (within `cloud_route_slack` days of the shortest way): a ship seen
    there is on one of them, so she is bound for a port as often as such voyages end there
    (at least one: the port she lies in, if she was seen in port)."""
    hops = world.hops_from([node])
    at = {p.node: i for i, p in enumerate(world.ports)}
    starts = [i for i, p in enumerate(world.ports) if not p.native and hops[p.node] >= 0]
    between = world.port_hops
    behind = np.array([hops[world.ports[o].node] for o in starts])
    weights = []
    for place in places:
        p = at[place]
        whole = between[starts, p]
        ahead = hops[place]
        through = (
            (whole > 0)
            & (whole <= rules.merchant_range_days)
            & (behind + ahead <= whole + rules.cloud_route_slack)
        )
        weights.append(float(max(1, int(through.sum()))))
    return weights


def _course_onward(world: World, state: WorldState, rules: WorldRules, rumor: Rumor) -> Plan | None:
    """A fleet bound for a port of her course (any but the nearest, which she has just left),
    and from each on to the next of her course."""
    hops = world.hops_from([rumor.node])
    ports = world.ports
    bound = set(_course_ports(world, state, rules, rumor, hops))
    flag = rumor.flag
    courses = [c for c in state.courses if c and ports[c[0]].nation == flag]
    if not courses:
        return None
    course = min(courses, key=lambda c: min(hops[ports[i].node] for i in c))
    places = list(dict.fromkeys(ports[i].node for i in course))
    if len(places) < 2 or any(hops[n] < 0 for n in places):
        return None
    index = {n: k for k, n in enumerate(places)}
    nodes = [ports[i].node for i in course]
    onward = tuple(
        ((index[nodes[(nodes.index(n) + 1) % len(nodes)]], 1.0),) for n in places
    )  # from a port the course calls at twice, on as from its first call
    return places, [1.0 if n in bound else 0.0 for n in places], onward


def _beat_onward(world: World, state: WorldState, rules: WorldRules, rumor: Rumor) -> Plan | None:
    """A guard ship or privateer not bound for you: out from her station to a place of her
    beat, rest, and back; bound for any of them."""
    hops = world.hops_from([rumor.node])
    home = _station(world, rumor, hops)
    station = world.ports[home].node
    if _bound_for_you(world, state, rules, rumor, station):
        return None
    beat = beat_of(world, rules, KINDS[rumor.kind].work, home, rumor.flag)
    beat = [n for n in dict.fromkeys(beat) if n != station and hops[n] >= 0]
    if not beat or hops[station] < 0:
        return None
    places = [station, *beat]
    out = 1.0 / len(beat)
    onward = (tuple((j, out) for j in range(1, len(places))), *(((0, 1.0),) for _ in beat))
    return places, [1.0] * len(places), onward


ONWARD: dict[Work, Callable[[World, WorldState, WorldRules, Rumor], Plan | None]] = {
    Work.TRADE: _trade_onward,
    Work.COURSE: _course_onward,
    Work.PATROL: _beat_onward,
    Work.CRUISE: _beat_onward,
}
"""Her onward voyages, by her kind's work (`cloud_voyages`); work not here stays where bound."""


# --- how a day moves the cloud -----------------------------------------------------------------

# What the World keeps for the clouds: the day graph's costs by (weather, rig, seas) (0.65 MB)
STEP_COSTS: Cache[tuple[int, int, HighSeas], csr_matrix] = Cache.declare(
    __name__, "step_costs", 4 * MB
)
# the true next step toward a destination by (destination, weather, rig[, seas]) (int16 per
# node, 38 kB): 217 different in 200 voyages (fewer than 256 kept would thrash: 2.9 ms each)
TRUE_NEXT: Cache[TreeKey, Nodes] = Cache.declare(__name__, "true_next", 10 * MB)
# the even split by destination (~0.15 MB), 82 different (64 kept lose nothing, 32 thrash);
# 10.5 MB keeps some 70 (1.5 MB of the 12 it had went to the compiled daily loop's arrays)
SPLIT_BY_SOURCE: Cache[int, SplitBySource] = Cache.declare(__name__, "split_by_source", 10_500_000)
# the whole matrix, kept only for the reference step the tests hold the fast one to
UNIFORM_SPLIT: Cache[int, csr_matrix] = Cache.declare(__name__, "uniform_split", 1 * MB)
# how a kind lingers, by (kind, rules): a float per node (0.15 MB); a run uses three
LINGERING: Cache[tuple[ShipKind, WorldRules], Mass] = Cache.declare(__name__, "lingering", 1 * MB)


def _step_graph_costs(world: World, weather: int, rig: int, seas: HighSeas = CALM) -> csr_matrix:
    """The day graph with each step's cost in the direction sailed, for a weather and rig
    (and the high seas' weighing, as the world's ships route: routes.HighSeas)."""
    memo = world.memo(STEP_COSTS)
    found = memo.get((weather, rig, seas))
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
            if not seas.calm:
                cost = cost + seas.costs(lat[a])
            rows.append(a)
            cols.append(b)
            weights.append(cost)
        found = memo.put(
            (weather, rig, seas),
            csr_matrix(
                (np.concatenate(weights), (np.concatenate(rows), np.concatenate(cols))),
                shape=(world.n, world.n),
            ).T.tocsr(),  # reversed: searched from the destination
        )
    return found


def true_next(world: World, dest: int, weather: int, rig: int, seas: HighSeas = CALM) -> Nodes:
    """For every node, the next node of the cheapest way to `dest` by the real sea (itself at
    `dest` or where there is no way); int16 where the world's nodes fit (`narrowest`)."""
    memo = world.memo(TRUE_NEXT)
    key: TreeKey = (dest, weather, rig) if seas is CALM else (dest, weather, rig, seas)
    found = memo.get(key)
    if found is None:
        _, pred = dijkstra(
            _step_graph_costs(world, weather, rig, seas), directed=True, indices=dest,
            return_predecessors=True,
        )  # fmt: skip
        nexts = np.where(pred >= 0, pred, np.arange(world.n))
        found = memo.put(key, nexts.astype(narrowest(world.n)))
    return found


def uniform_split(world: World, dest: int) -> csr_matrix:
    """Every leg weighing the same: from each node, an equal share to each neighbour a step
    nearer `dest` (as a matrix to multiply a cloud by); at `dest`, or cut off, it stays.
    Kept for the reference step (`step_cloud_everywhere`); the fast one keeps its own form
    (`split_by_source`)."""
    memo = world.memo(UNIFORM_SPLIT)
    found = memo.get(dest)
    if found is None:
        found = memo.put(dest, _uniform_split(world, dest))
    return found


def _uniform_split(world: World, dest: int) -> csr_matrix:
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
    return csr_matrix((weights, (rows, cols)), shape=(world.n, world.n))


@dataclass(frozen=True, slots=True)
class SplitBySource:
    """`uniform_split(world, dest)` indexed by source node, so a day's step touches only the
    nodes a cloud is on: `positions[starts[u]:starts[u + 1]]` are the places in the matrix's
    data (row-major) of the entries in column u. Kept compact, as the rumors keep many: the
    integers int16 where they fit (`narrowest`), and each entry's weight, one over the ways
    its source splits (1: it stays), as that count (`ways`, uint8): `shares` gives the
    weights back to the bit."""

    rows: Nodes  # the row (node stepped to) of each entry of the data
    ways: npt.NDArray[np.uint8]
    starts: Nodes
    positions: Nodes

    def shares(self, places: Nodes) -> Mass:
        """The matrix's data at `places`: one over the ways, as it was made."""
        found: Mass = 1.0 / self.ways[places]
        return found

    @property
    def nbytes(self) -> int:
        return self.rows.nbytes + self.ways.nbytes + self.starts.nbytes + self.positions.nbytes


def split_by_source(world: World, dest: int) -> SplitBySource:
    memo = world.memo(SPLIT_BY_SOURCE)
    found = memo.get(dest)
    if found is None:
        matrix = _uniform_split(world, dest)
        cols = matrix.indices.astype(np.int64)
        rows = np.repeat(np.arange(world.n, dtype=np.int64), np.diff(matrix.indptr))
        positions = np.argsort(cols, kind="stable")
        starts = np.searchsorted(cols[positions], np.arange(world.n + 1))
        ways = np.rint(1.0 / matrix.data).astype(np.uint8)
        if not np.array_equal(1.0 / ways, matrix.data):  # a node of over 255 steps
            raise ValueError("an even split's weights are not one over a count of ways")
        found = memo.put(
            dest,
            SplitBySource(
                rows.astype(narrowest(world.n)),
                ways,
                starts.astype(narrowest(len(cols))),
                positions.astype(narrowest(len(cols))),
            ),
        )
    return found


def lingering(world: World, rules: WorldRules, kind: int) -> Mass:
    """Per node, the share of the cloud that stays there a day: a ship at sea sails on every
    day; what she does when she stops is her kind's arrival, and so how she lingers
    (`LINGER`). Kept per (kind, rules)."""
    row = KINDS[kind]
    memo = world.memo(LINGERING)
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
    seas: HighSeas = CALM,
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
    heading = true_next(world, dest, weather, rig, seas)[nodes]
    split = split_by_source(world, dest)
    lo = split.starts[nodes]
    counts = split.starts[nodes + 1] - lo
    total = int(counts.sum())
    offsets = np.repeat(lo - np.cumsum(counts) + counts, counts) + np.arange(total)
    source = np.repeat(np.arange(len(nodes)), counts)
    order = np.argsort(split.positions[offsets], kind="stable")  # the matrix's row-major order
    places = split.positions[offsets][order]
    terms = split.shares(places) * unknown[source[order]]
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


def sail_day(
    world: World,
    plan: Voyages,
    clouds: list[Sparse],
    weather: int,
    rig: int,
    charted: npt.NDArray[np.bool_],
) -> list[Sparse]:
    """A day's sailing of a rumor's clouds, one per place she may be bound for: with onward
    voyages, the share of each lying where it was bound that sails on today moves to the
    clouds of the places she sails on to; then each cloud takes its day's step."""
    if plan.onward is not None:
        clouds = _sail_on(plan, clouds)
    return [
        step_sparse(world, here, dest, weather, rig, charted, plan.linger, plan.seas)
        for here, (dest, _) in zip(clouds, plan.bound, strict=True)
    ]


def _sail_on(plan: Voyages, clouds: list[Sparse]) -> list[Sparse]:
    """The share of each cloud lying where it was bound that sails on today (`leave`), moved
    to the clouds of the places she sails on to, at that place."""
    assert plan.onward is not None
    nodes = [c[0] for c in clouds]
    masses = [c[1].copy() for c in clouds]
    adds: list[list[tuple[int, float]]] = [[] for _ in clouds]
    for i, ((dest, _), ahead) in enumerate(zip(plan.bound, plan.onward, strict=True)):
        at = int(np.searchsorted(nodes[i], dest))
        if at == len(nodes[i]) or nodes[i][at] != dest:
            continue
        leaving = masses[i][at] * plan.leave
        masses[i][at] -= leaving
        for j, share in ahead:
            adds[j].append((dest, leaving * share))
    out: list[Sparse] = []
    for here, mass, extra in zip(nodes, masses, adds, strict=True):
        if extra:
            more = np.array([n for n, _ in extra], dtype=np.int64)
            every = np.concatenate([here, more])
            reached, where = np.unique(every, return_inverse=True)
            weights = np.concatenate([mass, np.array([m for _, m in extra])])
            mass = np.bincount(where, weights=weights, minlength=len(reached)).astype(np.float64)
            here = reached.astype(np.int64)
        out.append((here, mass))
    return out


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
    return clouds_ahead(world, state, rules, rumor, [today], charted_by_season)[0]


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
    plan = voyages(world, state, rules, rumor)
    start = sparse(report_spread(world, rumor, rules))
    clouds = start_clouds(plan, start)
    totals = []
    rig = rig_of(rumor.kind)
    day = rumor.day
    for wanted in days:
        while day < wanted:
            season = (day // rules.season_days) % 4
            weather = weather_of(world, season)
            clouds = sail_day(world, plan, clouds, weather, rig, charted_by_season[season])
            day += 1
        totals.append(gather(world, plan, clouds))
    return totals


def start_clouds(plan: Voyages, start: Sparse) -> list[Sparse]:
    """The report's cloud, once per place she may be bound for: whole (weighed by the place's
    share when gathered); with onward voyages, already weighed, as her mass moves between
    them."""
    if plan.onward is None:
        return [start for _ in plan.bound]
    return [(start[0], start[1] * share) for _, share in plan.bound]


def gather(world: World, plan: Voyages, clouds: list[Sparse]) -> Mass:
    """A rumor's clouds as one, each weighed by the share of the place it is bound for (with
    onward voyages, weighed already)."""
    total = np.zeros(world.n)
    for here, (_, share) in zip(clouds, plan.bound, strict=True):
        total += (share if plan.onward is None else 1.0) * dense(world, here)
    return total


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
