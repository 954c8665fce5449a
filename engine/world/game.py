"""The living world, a day at a time: `create_world`, `advance`, `observe`, `summary`.

Each day: at a season's turn the wars drift; every 60 days grudges fade; the towns' treasuries
refill; then every ship of the world does her day's work (in a fixed order, every draw from
the one RNG in the state) and sails a step; last, any guard ship found in another nation's
protected waters is driven off by that nation's navy and laid up at home.

`orders` is how a player's ship joins in (the voyage): where the player is today
(`{"player_node": n}`, -1 in port), which the world's hunters read, and the ships that leave
her be a while after a fight (`"leave_be"`); and, in the late game, what the hunters have
heard of her (pursuit.Name): how far they come, per mille of their reach
(`"reach_per_mille"`, her renown), and whether word is out that she has the score
(`"word_out"`, the home stretch). Absent, nothing is heard: a world run is as it was.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import compress
from operator import is_, lt
from typing import Any

import numpy as np
import numpy.typing as npt

from ..events import Event
from ..rng import below, seed_state
from . import daily, pursuit, wars
from .fleet import FLEETS, muster
from .islands import place_islands
from .kinds import KINDS, SHIP_KINDS, Arrival, Muster, Rest, ShipKind, Work
from .routes import CALM, HighSeas, TreeStore, bearing, high_seas, keel_seas, toward, tree_store
from .rules import DEFAULT_WORLD, RULESETS, WorldRules, find_world_rules
from .sailing import step
from .state import (
    HUNTING,
    LAID_UP,
    LYING,
    RESTING,
    SAILING,
    STRIPPING,
    WAKE_DAYS,
    Column,
    WorldState,
    columns,
)
from .treasury import full_treasuries
from .ways import Ways, ways
from .world import MB, WAYPOINT, Cache, World

ENGINE_VERSION = "world-3"
"""world-2: the state keeps wakes and your chart; world-3: `century` is the world of every
voyage and of `world sim` (its rules as world-2 had them: rules.LEGACY_RULESETS)."""
EARLIER_VERSIONS = ("world-2",)

# What the World keeps for the daily advance: beats and reaches are short lists, a few dozen
# of them. A guard ship's beat by (station, flag, days); a privateer's by (home, days)
PATROL_BEATS: Cache[tuple[int, int, int], list[int]] = Cache.declare(
    __name__, "patrol_beats", 250_000
)
CRUISE_BEATS: Cache[tuple[int, int], list[int]] = Cache.declare(__name__, "cruise_beats", 250_000)
# the days from a monster's home (~0.3 MB), 31 homes
HOME_HOPS: Cache[int, array[int]] = Cache.declare(__name__, "home_hops", 2 * MB)
# a merchant's ports in reach by (home, days)
TRADING_REACH: Cache[tuple[int, int], list[tuple[int, int]]] = Cache.declare(
    __name__, "trading_reach", 500_000
)
# the neighbour down the current, a node per node (0.7 MB), by the drift's knots
DOWNSTREAM: Cache[float, Column] = Cache.declare(__name__, "downstream", 450_000)
# what the daily loop reads the same every day of a run (_Run, ~10 KB with its buffers), a
# score of runs at once
RUNS: Cache[tuple[int, int], _Run] = Cache.declare(__name__, "runs", 250_000)
# what the compiled daily loop reads of a run's fleet (_Fleet: 0.9 MB, most of it the days
# from the monsters' homes), by the fleet and the rules' reaches
FLEETS_COMPILED: Cache[tuple[Any, ...], _Fleet] = Cache.declare(
    __name__, "fleets_compiled", 1_500_000
)


def season_of(rules: WorldRules, day: int) -> int:
    return (day // rules.season_days) % 4


def create_world(
    world: World, seed: int, rules: WorldRules | None = None
) -> tuple[WorldState, list[Event]]:
    """A run's world on day 0 by `rules` (the century's, unless others are given): its wars,
    its fleets in port, its islands hidden."""
    rules = rules or RULESETS[DEFAULT_WORLD]
    rng = seed_state(seed)
    war_pairs, rng, enemy = wars.opening_wars(world, rng)
    ships, courses, rng = muster(world, rules, rng)
    islands, rng = place_islands(world, rules, rng)
    nations = len(world.nations)
    ports = len(world.ports)
    state = WorldState(
        rules=rules.name,
        seed=seed,
        day=0,
        rng=rng,
        wars=war_pairs,
        standing=[0] * nations,
        strain=[0] * nations,
        pirate=0,
        player_node=-1,
        treasury=list(full_treasuries(world, rules)),
        sacked_until=[0] * ports,
        guard_until=[0] * ports,
        guard_raids=[0] * ports,
        alarm_until=[0] * ports,
        islands=islands,
        charted=[0] * len(islands),
        courses=courses,
        voyages=[0] * len(SHIP_KINDS),
        ships={name: columns(values) for name, values in ships.items()},
        wakes=[[node] * WAKE_DAYS for node in ships["node"]],
    )
    events = [
        Event(
            "world_start",
            0,
            {
                "seed": seed,
                "rules": rules.name,
                "england_at_war_with": enemy,
                "ships": state.ship_count,
                "islands": len(islands),
            },
        )
    ]
    return state, events


def advance(
    world: World,
    state: WorldState,
    orders: dict[str, Any] | None = None,
    *,
    rules: WorldRules | None = None,
) -> list[Event]:
    """One day of the world by `rules` (the state's own, by name, unless a game gives its
    rules object: a sweep's variant of them). Returns what happened."""
    rules = rules or find_world_rules(state.rules)
    orders = orders or {}
    if "player_node" in orders:
        state.player_node = int(orders["player_node"])
    state.day += 1
    day = state.day
    events: list[Event] = []
    if day % rules.season_days == 0:
        events += wars.drift_wars(world, state, rules)
    if day % rules.drift_days == 0:
        wars.drift_grudges(world, state, rules)
    _refill(world, state, rules, day)
    hunting = _hunting(world, state, rules, orders)
    if len(state.ships["kind"]):
        run = _run(world, state, rules)
        _sail_ships(world, state, rules, day, hunting, events, run)
        if rules.monsters_attack_ships:
            events += _monsters_attack(world, state, rules, day, run)
        events += _drive_off(world, state, rules, day, run)
    slot = day % WAKE_DAYS
    for wake, node in zip(state.wakes, state.ships["node"], strict=True):
        wake[slot] = node
    return events


@dataclass(frozen=True, slots=True)
class _KindDay:
    """What the daily loop reads of each kind, by kind index (made once a version of the
    kinds' table): whether she keeps out of other nations' waters, drifts (a monster), waits
    (a hunter); her work when her rest is over (`WORK`; none for a hunter) and what she does
    on arriving (`ARRIVE`; none for a monster)."""

    keeps_out: list[bool]
    deep: list[bool]
    drifts: list[bool]
    waits: list[bool]
    jobs: list[Job | None]
    arrivals: list[Job | None]
    table: np.ndarray  # the compiled loop's, by kind (daily.KEEPS_OUT...; rest days unset)
    rests: list[Rest | None]

    @classmethod
    def of(cls, rows: tuple[ShipKind, ...]) -> _KindDay:
        keeps_out = [kind.keeps_out for kind in rows]
        deep = [kind.deep for kind in rows]
        drifts = [kind.work is _DRIFT for kind in rows]
        waits = [kind.work is _WAIT for kind in rows]
        arrivals = [ARRIVE.get(kind.arrival) for kind in rows]
        table = np.full((len(rows), 8), -1, dtype=np.int64)
        for i, kind in enumerate(rows):
            table[i, : daily.REST_LEAST] = (
                keeps_out[i],
                deep[i],
                drifts[i],
                waits[i],
                _COMPILED_WORK.get(kind.work, daily.W_PYTHON),
                _COMPILED_ARRIVAL.get(kind.arrival, daily.A_PYTHON),
            )
        jobs = [WORK.get(k.work) for k in rows]
        rests = [kind.rest for kind in rows]
        return cls(keeps_out, deep, drifts, waits, jobs, arrivals, table, rests)

    def rested(self, rules: WorldRules) -> npt.NDArray[np.int64]:
        """The compiled loop's table with each kind's rest by `rules` (kept for the last rules
        asked for, by identity: a run's rules are one object)."""
        if self._rules[0] is not rules:
            table = self.table.copy()
            for i, rest in enumerate(self.rests):
                if rest is not None:
                    table[i, daily.REST_LEAST : daily.REST_MOST + 1] = rest.days(rules)
            self._rules[:] = [rules, table]
        found: npt.NDArray[np.int64] = self._rules[1]
        return found

    _rules: list[Any] = field(default_factory=lambda: [None, None])


_KIND_DAYS: dict[int, _KindDay] = {}  # by KINDS.version


def _kind_day() -> _KindDay:
    found = _KIND_DAYS.get(KINDS.version)
    if found is None:
        _KIND_DAYS.clear()
        found = _KIND_DAYS[KINDS.version] = _KindDay.of(KINDS.rows)
    return found


def _sail_ships(
    world: World,
    state: WorldState,
    rules: WorldRules,
    day: int,
    hunting: set[int],
    events: list[Event],
    run: _Run,
) -> None:
    """Every ship's day, in order: her day's work (nothing while her rest lasts; after it, her
    kind's `WORK`), a step of her way, and on coming to where she was bound, her kind's
    `ARRIVE`; her events appended to `events`. The compiled loop (daily.sail) sails every day
    it can; the ships it leaves are taken here, in ship order (`_ship_day`, or an arrival after
    the step it made), and where it stops (for a route tree, or for the RNG's turn) it goes on
    once they are."""
    ships = state.ships
    day_of = _ShipDay.of(world, state, rules, day, run)
    kinds, per_kind = ships["kind"], run.per_kind
    way, store, fleet = run.ways, run.store, run.fleet
    scratch = run.scratch
    chased, exits, io, voyages = scratch.chased, scratch.exits, scratch.io, scratch.voyages
    chased[:] = 0
    for ship in hunting:
        chased[ship] = 1
    io[:] = 0
    at_war = scratch.wars_table(state)
    sacked = scratch.sacked_until(state)
    table, columns = run.table, run.columns
    today = (
        day,
        day_of.weather,
        run.seas_id,
        run.deep_seas_id,
        rules.monster_range_days,
        rules.merchant_sails_on,
    )
    arrivals = per_kind.arrivals
    start = 0
    while start >= 0:
        io[0] = state.rng
        store.tick += 1
        left = daily.sail(
            columns,
            chased,
            table,
            voyages,
            today,
            (fleet.port_node, fleet.port_nation, sacked, at_war),
            run.fleet_arrays,
            way.arrays,
            (store.legs, store.used, store.slot_keys, store.slot_rows, store.closed, store.tick),
            start,
            io,
            exits,
        )
        state.rng = int(io[0])
        if np.count_nonzero(voyages):
            for kind in np.flatnonzero(voyages).tolist():
                state.voyages[kind] += int(voyages[kind])
            voyages[:] = 0
        for code in exits[:left].tolist():
            ship = code >> 1
            if code & 1:  # daily.ARRIVED: her kind's `ARRIVE`
                kind = kinds[ship]
                arrival = arrivals[kind]
                assert arrival is not None  # the loop leaves only the kinds that arrive
                state.voyages[kind] += 1
                events += arrival(world, state, rules, ship, kind, day)
            else:
                _ship_day(day_of, ship, ship in hunting, events)
        start = int(io[1])
        if io[2] >= 0:  # her route tree, found and handed to the loop, which goes on from her
            _hand_tree(day_of, start, int(io[2]))


def _hand_tree(day_of: _ShipDay, ship: int, dest: int) -> None:
    """Hand the compiled loop ship's route tree toward `dest` (worked out if it is not known)."""
    kind = day_of.state.ships["kind"][ship]
    deep = day_of.run.per_kind.deep[kind]
    her_seas = day_of.run.deep_seas if deep else day_of.run.seas
    rig = day_of.state.ships["rig"][ship]
    tree = toward(day_of.world, dest, day_of.season, rig, her_seas)
    key = (dest, day_of.weather, rig) if her_seas is CALM else (dest, day_of.weather, rig, her_seas)
    if day_of.run.store.row(key) < 0:  # a store not kept (a World's tiny budget): into the day's
        day_of.run.store.put(key, tree.legs, tree.ahead)


@dataclass(frozen=True, slots=True)
class _ShipDay:
    """What a ship's day in Python reads: the day's own, and its run's (`_Run`)."""

    world: World
    state: WorldState
    rules: WorldRules
    day: int
    season: int
    weather: int
    run: _Run

    @classmethod
    def of(
        cls, world: World, state: WorldState, rules: WorldRules, day: int, run: _Run
    ) -> _ShipDay:
        season = season_of(rules, day)
        return cls(world, state, rules, day, season, world.weathers[season], run)


@dataclass(frozen=True, slots=True)
class _Run:
    """What the daily loop reads that is the same every day of a run (by rules): the views of
    its ship columns, its fleet's arrays, the seas' weighing and the kinds' table. Kept on the
    World by the identity of the state's kind column and the rules, both held here (so
    neither id is another's while it is kept), and used only while each of its columns is
    still the state's."""

    arrays: tuple[Column, ...]  # the state's columns its views are of (daily.LOOP_COLUMNS)
    rules: WorldRules
    columns: tuple[npt.NDArray[np.int64], ...]
    seas: HighSeas
    deep_seas: HighSeas
    seas_id: int
    deep_seas_id: int
    per_kind: _KindDay
    table: npt.NDArray[np.int64]
    ways: Ways
    store: TreeStore
    fleet: _Fleet
    fleet_arrays: tuple[npt.NDArray[np.signedinteger[Any]], ...]
    keeping_out: list[int]  # the ships of the kinds that keep out (a run's kinds never change)
    scratch: _Scratch

    @property
    def nbytes(self) -> int:
        """What it holds of its own (world.footprint): the views' headers and the tuples', and
        its scratch."""
        return 2_000 + self.scratch.nbytes


class _Scratch:
    """The daily loop's buffers, made once a run, not once a day: what it hands the compiled
    loops to write in, and the arrays it makes of the state's lists, made again only when the
    lists change (the sacked towns, the wars)."""

    __slots__ = (
        *("at_war", "chased", "exits", "io", "met"),
        *("sacked", "sacked_list", "voyages", "wars"),
    )

    def __init__(self, ships: int, kinds: int, nations: int) -> None:
        self.chased = np.zeros(ships, dtype=np.uint8)
        self.exits = np.empty(ships, dtype=np.int64)
        self.io = np.zeros(3, dtype=np.int64)
        self.voyages = np.zeros(kinds, dtype=np.int64)
        self.met = np.empty((ships, 3), dtype=np.int64)
        self.at_war = np.zeros((nations, nations), dtype=np.uint8)
        self.wars: list[list[int]] = []
        self.sacked = np.empty(0, dtype=np.int64)
        self.sacked_list: list[int] | None = None

    @property
    def nbytes(self) -> int:
        arrays = (self.chased, self.exits, self.io, self.voyages, self.met, self.at_war)
        return sum(a.nbytes for a in arrays) + self.sacked.nbytes * 2

    def sacked_until(self, state: WorldState) -> npt.NDArray[np.int64]:
        """The towns' sacked-until days as the compiled loop reads them."""
        if self.sacked_list != state.sacked_until:
            self.sacked_list = list(state.sacked_until)
            self.sacked = np.array(self.sacked_list, dtype=np.int64)
        return self.sacked

    def wars_table(self, state: WorldState) -> npt.NDArray[np.uint8]:
        """Who is at war with whom, by nation index, as the compiled loop reads it."""
        if self.wars != state.wars:
            self.wars = [list(pair) for pair in state.wars]
            self.at_war[:] = 0
            for a, b in self.wars:
                self.at_war[a, b] = self.at_war[b, a] = 1
        return self.at_war


_NAMES = daily.LOOP_COLUMNS
_KIND, _NODE, _TASK = (_NAMES.index(name) for name in ("kind", "node", "task"))


def _run(world: World, state: WorldState, rules: WorldRules) -> _Run:
    ships = state.ships
    memo = world.memo(RUNS)
    key = (id(ships["kind"]), id(rules))
    found = memo.get(key)
    if (
        found is None
        or found.rules is not rules
        or found.per_kind is not _kind_day()
        or not all(map(is_, found.arrays, map(ships.__getitem__, _NAMES)))
    ):
        seas = high_seas(rules)
        deep_seas = keel_seas(world, rules, seas)
        store = tree_store(world)
        per_kind = _kind_day()
        fleet = _fleet(world, state, rules)
        found = memo.put(
            key,
            _Run(
                tuple(ships[name] for name in _NAMES),
                rules,
                tuple(daily.column(ships[name]) for name in daily.LOOP_COLUMNS),
                seas,
                deep_seas,
                store.seas_id(seas),
                store.seas_id(deep_seas),
                per_kind,
                per_kind.rested(rules),
                ways(world),
                store,
                fleet,
                fleet.arrays(_downstream(world, rules)),
                [s for s, kind in enumerate(ships["kind"]) if per_kind.keeps_out[kind]],
                _Scratch(len(ships["kind"]), len(state.voyages), len(world.nations)),
            ),
        )
    return found


def _ship_day(day_of: _ShipDay, ship: int, chased: bool, events: list[Event]) -> None:
    """The day of a ship the compiled loop leaves whole: closing with you (a step toward you),
    or her rest over with work it leaves to Python (a fleet's course, a corsair's raid, or
    her sailing home laden), then her step, and her arrival."""
    world, state, rules, day = day_of.world, day_of.state, day_of.rules, day_of.day
    ships = state.ships
    kind = ships["kind"][ship]
    per_kind = day_of.run.per_kind
    keeps_out = per_kind.keeps_out[kind]
    deep = per_kind.deep[kind]
    if chased:  # closing with you: no work of her own, no port
        chase = -1
        if ships["leg"][ship] < 0:
            chase = pursuit.closing_leg(
                world, state, ship, pursuit.node_hops(world, state.player_node)
            )
            if chase < 0:
                return
        her_seas = day_of.run.deep_seas if deep else day_of.run.seas
        step(world, state, ship, day_of.season, keep_out=keeps_out, chase=chase, seas=her_seas)
        return
    tasks, legs, nodes, dests = ships["task"], ships["leg"], ships["node"], ships["dest"]
    if tasks[ship] == STRIPPING:  # a corsair done stripping a town sails home laden
        ships["laden"][ship] = 1
        _sail(state, ship, world.ports[ships["home"][ship]].node)
    else:
        job = per_kind.jobs[kind]
        assert job is not None  # the compiled loop leaves only the work in WORK
        events += job(world, state, rules, ship, kind, day)
    if tasks[ship] != SAILING:
        return
    leg = legs[ship]
    if leg < 0:  # at a graph node: the next leg toward where she is bound, if anywhere
        dest = dests[ship]
        node = nodes[ship]
        if dest < 0 or node == dest:
            return
        leg = _next_leg(day_of, ship, kind, node, dest)
        if leg < 0:
            dests[ship] = -1  # no way there: she gives it up
            return
        if keeps_out:
            crossed = world.leg_waters[leg]
            if crossed and (len(crossed) > 1 or ships["flag"][ship] not in crossed):
                return  # the chase breaks off at the edge of another nation's waters
        legs[ship] = leg
        forward = 1 if world.lists[0][leg] == node else 0
        ships["forward"][ship] = forward
        pos = 1
    else:
        pos = ships["pos"][ship] + 1
        forward = ships["forward"][ship]
    days = world.leg_day_counts[leg]
    _, _, leg_start, leg_nodes = world.lists
    node = leg_nodes[leg_start[leg] + (pos if forward else days - pos)]
    nodes[ship] = node
    if pos < days:
        ships["pos"][ship] = pos
        return
    legs[ship] = -1
    ships["pos"][ship] = 0
    if node == dests[ship]:  # arrived: her kind's `ARRIVE`
        dests[ship] = -1
        arrival = per_kind.arrivals[kind]
        assert arrival is not None  # work left to Python is a kind's whose arrival is too
        state.voyages[kind] += 1
        events += arrival(world, state, rules, ship, kind, day)


def _next_leg(day_of: _ShipDay, ship: int, kind: int, node: int, dest: int) -> int:
    """At graph node `node`, the leg toward `dest` (-1: no way there): by her route tree if
    one is known (handed to the compiled loop for her days after), else straight there from a
    neighbour (if open to her), else by the tree worked out now."""
    world = day_of.world
    rig = day_of.state.ships["rig"][ship]
    deep = day_of.run.per_kind.deep[kind]
    her_seas = day_of.run.deep_seas if deep else day_of.run.seas
    weather = day_of.weather
    key = (dest, weather, rig) if her_seas is CALM else (dest, weather, rig, her_seas)
    row = day_of.run.store.row(key)
    if row >= 0:
        return day_of.run.store.tree(world, row).leg_at(node)
    leg = world.leg_table.get((node, dest), -1) if not her_seas.closed else -1
    if leg >= 0:  # a neighbour: straight there, no route needed (if open to her)
        return leg
    return toward(world, dest, day_of.season, rig, her_seas).leg_at(node)


def _hunting(
    world: World, state: WorldState, rules: WorldRules, orders: dict[str, Any]
) -> set[int]:
    """The ships that come for you today (pursuit.call_out), none without a player or a chase."""
    if state.player_node < 0 and HUNTING not in state.ships["target"]:
        return set()
    spared = frozenset(int(s) for s in orders.get("leave_be", ()))
    return set(pursuit.call_out(world, state, rules, spared, pursuit.Name.of(orders)))


def _refill(world: World, state: WorldState, rules: WorldRules, day: int) -> None:
    """The towns' treasuries refill a day's worth (a sacked town's not till it is over)."""
    treasury = state.treasury
    full = full_treasuries(world, rules)
    sacked_until = state.sacked_until
    for port in compress(range(len(treasury)), map(lt, treasury, full)):  # those not full
        if sacked_until[port] <= day:
            treasury[port] = min(full[port], treasury[port] + rules.treasury_refill)


# --- a ship's day's work, by kind -----------------------------------------------------------


def _draw(state: WorldState, n: int) -> int:
    value, state.rng = below(state.rng, n)
    return value


def _sail(state: WorldState, ship: int, node: int, target: int = -1) -> None:
    ships = state.ships
    ships["dest"][ship] = node
    ships["task"][ship] = SAILING
    if target >= 0:
        ships["target"][ship] = target


def _rest(state: WorldState, ship: int, until: int, task: int = RESTING) -> None:
    state.ships["task"][ship] = task
    state.ships["until"][ship] = until
    state.ships["dest"][ship] = -1


# The work and arrivals the compiled loop does itself (the others it leaves to Python)
_COMPILED_WORK = {
    Work.TRADE: daily.W_TRADE,
    Work.PATROL: daily.W_PATROL,
    Work.CRUISE: daily.W_CRUISE,
    Work.DRIFT: daily.W_DRIFT,
    Work.WAIT: daily.W_NONE,
}
_COMPILED_ARRIVAL = {
    Arrival.NOTHING: daily.A_NOTHING,
    Arrival.REST: daily.A_REST,
    Arrival.BEAT: daily.A_BEAT,
    Arrival.WAIT: daily.A_WAIT,
}
# Read once: an enum member looked up on its class costs more than a ship's day's work.
_WAIT, _DRIFT = Work.WAIT, Work.DRIFT


def trade_partners(world: World, state: WorldState, rules: WorldRules, home: int) -> list[int]:
    """The ports a merchant out of `home` trades with now: of its own nation or of nations at
    peace with it, within `merchant_range_days`, not islanders', not sacked, not home."""
    nation = world.ports[home].nation
    day = state.day
    sacked = state.sacked_until
    enemies = {b if a == nation else a for a, b in state.wars if a == nation or b == nation}
    return [
        i
        for i, other in _trading_reach(world, home, rules.merchant_range_days)
        if sacked[i] <= day and (other == nation or other not in enemies)
    ]


def _trading_reach(world: World, home: int, days: int) -> list[tuple[int, int]]:
    """The ports (and their nations) a merchant out of `home` may trade with in peace: within
    `days`, not islanders', not home. Kept per (home, days)."""
    memo = world.memo(TRADING_REACH)
    found = memo.get((home, days))
    if found is None:
        hops = world.port_hops[home].tolist()
        found = memo.put(
            (home, days),
            [
                (i, port.nation)
                for i, port in enumerate(world.ports)
                if i != home and not port.native and 0 < hops[i] <= days
            ],
        )
    return found


def _rest_days(rules: WorldRules, kind: int) -> tuple[int, int]:
    """Her kind's rest, least and most days (kinds.check_kind: every kind that rests has one)."""
    rest = KINDS.rows[kind].rest
    assert rest is not None
    return rest.days(rules)


def _next_in_course(
    world: World, state: WorldState, rules: WorldRules, ship: int, kind: int, day: int
) -> list[Event]:
    """The next port of her course; a treasure fleet (her course one of FLEETS) leaves its
    first port in its season only, and waits for it."""
    ships = state.ships
    course = state.courses[ships["course"][ship]]
    if KINDS.rows[kind].muster is Muster.FLEETS and ships["target"][ship] == 0:
        leaves = FLEETS[ships["course"][ship]][2] if ships["course"][ship] < len(FLEETS) else 0
        now = season_of(rules, day)
        if now != leaves:  # she leaves her first port in her season only: wait for it
            ahead = (leaves - now) % 4
            _rest(state, ship, (day // rules.season_days + ahead) * rules.season_days)
            return []
    nxt = (ships["target"][ship] + 1) % len(course)
    _sail(state, ship, world.ports[course[nxt]].node, nxt)
    return []


def _beat(nodes: np.ndarray, home: int, points: int) -> list[int]:
    """Up to `points` of `nodes` (the rules' `patrol_points`), spread evenly through them (the
    home if none): a few fixed places keep the routes the world needs few."""
    if len(nodes) == 0:
        return [home]
    picks = np.linspace(0, len(nodes) - 1, min(points, len(nodes))).round().astype(int)
    return sorted({int(nodes[i]) for i in picks})


def _own_waters_near(world: World, rules: WorldRules, station: int, flag: int) -> list[int]:
    """The places of a guard ship's beat: her nation's waters within `guard_patrol_days` of
    her station."""
    days = rules.guard_patrol_days
    memo = world.memo(PATROL_BEATS)
    found = memo.get((station, flag, days))
    if found is None:
        hops = world.hops_from([station])
        ok = (hops > 0) & (hops <= days) & (world.kind != WAYPOINT) & (world.water_nation == flag)
        found = memo.put(
            (station, flag, days), _beat(np.flatnonzero(ok), station, rules.patrol_points)
        )
    return found


def beat_of(world: World, rules: WorldRules, work: Work, home: int, flag: int) -> list[int]:
    """The places of the beat of a ship of this work out of port `home`: a guard ship's (her
    nation's waters near her station), a privateer's (off her base); none for other work."""
    node = world.ports[home].node
    if work is Work.PATROL:
        return _own_waters_near(world, rules, node, flag)
    if work is Work.CRUISE:
        return _cruise_beat(world, rules, node)
    return []


def _cruise_beat(world: World, rules: WorldRules, home: int) -> list[int]:
    """The places a privateer cruises to off her base (node `home`)."""
    days = rules.privateer_cruise_days
    memo = world.memo(CRUISE_BEATS)
    nodes = memo.get((home, days))
    if nodes is None:
        hops = world.hops_from([home])
        far = (hops >= days // 2) & (hops <= days) & (world.kind != WAYPOINT)
        nodes = memo.put((home, days), _beat(np.flatnonzero(far), home, rules.patrol_points))
    return nodes


def corsair_reach(world: World, rules: WorldRules, home: int) -> int:
    """How many days from home (a port's index) a corsair goes for a town: the Atlantic
    corsairs' reach, by rules with one, else `corsair_range_days`."""
    ocean = rules.corsair_ocean_range_days
    if ocean and world.ports[home].name in rules.ocean_corsairs:
        return ocean
    return rules.corsair_range_days


def _choose_town(
    world: World, state: WorldState, rules: WorldRules, ship: int, kind: int, day: int
) -> list[Event]:
    """A corsair in port picks an open town of an enemy within range, the nearer the
    likelier, and goes for it; none in reach, she lies `corsair_idle_days` more."""
    ships = state.ships
    home = ships["home"][ship]
    flag = ships["flag"][ship]
    hops = world.port_hops[home]
    most = corsair_reach(world, rules, home)
    towns = []
    weights = []
    for i, port in enumerate(world.ports):
        reach = int(hops[i])
        if port.fortified or port.native or not 0 < reach <= most:
            continue
        if not wars.at_war(state, flag, port.nation) or state.sacked_until[i] > day:
            continue
        towns.append(i)
        weights.append(most + 1 - reach)
    if not towns:
        _rest(state, ship, day + rules.corsair_idle_days, LYING)
        return []
    roll = _draw(state, sum(weights))
    chosen = towns[-1]
    for town, weight in zip(towns, weights, strict=True):
        if roll < weight:
            chosen = town
            break
        roll -= weight
    _sail(state, ship, world.ports[chosen].node, chosen)
    return []


def _home_hops(world: World, home: int) -> array[int]:
    """Days from `home` to every node, read a value at a time (as Python ints; 2 bytes a
    node, where a list would be 8 and an int of its own beyond 256)."""
    memo = world.memo(HOME_HOPS)
    found = memo.get(home)
    if found is None:
        hops = world.hops_from([home])
        found = memo.put(home, array("h" if hops.dtype == np.int16 else "i", hops.tobytes()))
    return found


@dataclass(frozen=True, slots=True)
class _Fleet:
    """What the compiled loop reads of a run's fleet and its ports, made once a fleet (its
    ships' kinds, homes and flags) and the rules' reaches: each port's node and nation; the
    ports a merchant out of each port may trade with in peace (`_trading_reach`, as
    `reach_ports[reach_start[port]:reach_start[port + 1]]`); each ship's beat (a guard's or a
    privateer's, `beat_nodes[beat_start[ship]:beat_start[ship + 1]]`); her row of the days
    from the monsters' homes (-1: not a monster) and those rows (`_home_hops`)."""

    port_node: np.ndarray
    port_nation: np.ndarray
    reach_start: np.ndarray
    reach_ports: np.ndarray
    beat_start: np.ndarray
    beat_nodes: np.ndarray
    monster_rows: np.ndarray
    monster_hops: np.ndarray

    @property
    def nbytes(self) -> int:
        return sum(getattr(self, name).nbytes for name in self.__dataclass_fields__)

    def arrays(self, downstream: Column) -> tuple[npt.NDArray[np.signedinteger[Any]], ...]:
        """What the compiled loop takes of it (and the drift's downstream), in its order."""
        return (
            *(self.reach_start, self.reach_ports, self.beat_start, self.beat_nodes),
            *(self.monster_rows, self.monster_hops, daily.column(downstream)),
        )

    @classmethod
    def of(cls, world: World, state: WorldState, rules: WorldRules) -> _Fleet:
        ships = state.ships
        ports = world.ports
        reach = [_trading_reach(world, p, rules.merchant_range_days) for p in range(len(ports))]
        beats: list[list[int]] = []
        monsters: dict[int, int] = {}  # a monster's home: its row
        rows = []
        for kind, home, flag in zip(ships["kind"], ships["home"], ships["flag"], strict=True):
            work = KINDS.rows[kind].work
            beats.append(beat_of(world, rules, work, home, flag) if work in _BEATS else [])
            rows.append(monsters.setdefault(home, len(monsters)) if work is _DRIFT else -1)
        hops = [_home_hops(world, home) for home in monsters]
        return cls(
            np.array([port.node for port in ports], dtype=np.int64),
            np.array([port.nation for port in ports], dtype=np.int64),
            np.cumsum([0] + [len(r) for r in reach], dtype=np.int64),
            np.array([port for r in reach for port, _ in r], dtype=np.int64),
            np.cumsum([0] + [len(b) for b in beats], dtype=np.int64),
            np.array([node for b in beats for node in b], dtype=np.int64),
            np.array(rows, dtype=np.int64),
            np.stack([np.frombuffer(h, dtype=np.dtype(h.typecode)) for h in hops])
            if hops
            else np.zeros((1, world.n), dtype=np.int16),
        )


_BEATS = (Work.PATROL, Work.CRUISE)


def _fleet(world: World, state: WorldState, rules: WorldRules) -> _Fleet:
    ships = state.ships
    key = (
        KINDS.version,
        *(ships[name].tobytes() for name in ("kind", "home", "flag")),
        *(rules.merchant_range_days, rules.guard_patrol_days, rules.patrol_points),
        rules.privateer_cruise_days,
    )
    memo = world.memo(FLEETS_COMPILED)
    found = memo.get(key)
    if found is None:
        found = memo.put(key, _Fleet.of(world, state, rules))
    return found


def _downstream(world: World, rules: WorldRules) -> Column:
    """Per node, the neighbour most nearly down its current (-1: slack water, slacker than
    `monster_drift_knots`). Kept per those knots."""
    knots = rules.monster_drift_knots
    memo = world.memo(DOWNSTREAM)
    cached = memo.get(knots)
    if cached is not None:
        return cached
    found: list[int] = []
    lon, lat = world.lon, world.lat
    for node, ends in enumerate(world.neighbours):
        if not ends or world.current_knots[node] < knots:
            found.append(-1)
            continue
        heads = bearing(
            np.full(len(ends), lon[node]),
            np.full(len(ends), lat[node]),
            lon[list(ends)],
            lat[list(ends)],
        )
        off = np.abs((heads - world.current_toward[node] + 180.0) % 360.0 - 180.0)
        found.append(int(ends[int(np.argmin(off))]))
    return memo.put(knots, array("q", found))


Job = Callable[[World, WorldState, WorldRules, int, int, int], list[Event]]
WORK: dict[Work, Job] = {
    Work.COURSE: _next_in_course,
    Work.RAID: _choose_town,
}
"""What a ship does when her rest is over, by her kind's work, where the compiled loop leaves it
to Python (a merchant's trade, a guard's patrol, a privateer's cruise and a monster's drift are
daily.py's; a hunter waits)."""


# --- arriving -----------------------------------------------------------------------------


def _in_course(
    world: World, state: WorldState, rules: WorldRules, ship: int, kind: int, day: int
) -> list[Event]:
    """At a port of her course she lies her rest; a treasure fleet's arrival is news."""
    ships = state.ships
    _rest(state, ship, day + _rest_days(rules, kind)[0])
    if KINDS.rows[kind].muster is not Muster.FLEETS:
        return []
    port = world.ports[state.courses[ships["course"][ship]][ships["target"][ship]]]
    return [
        Event("fleet_arrived", day, {"fleet": FLEETS[ships["course"][ship]][0], "port": port.name})
    ]


def _raid(
    world: World, state: WorldState, rules: WorldRules, ship: int, kind: int, day: int
) -> list[Event]:
    """Home laden with captives, a corsair lies her rest; at the town she was bound for, she
    strips it for `corsair_strip_days`."""
    ships = state.ships
    home = ships["home"][ship]
    if ships["laden"][ship]:
        ships["laden"][ship] = 0
        _rest(state, ship, day + _rest_days(rules, kind)[0], LYING)
        return [Event("corsair_home", day, {"corsair": world.ports[home].name})]
    town = ships["target"][ship]
    port = world.ports[town]
    state.sacked_until[town] = day + rules.corsair_strip_days
    state.treasury[town] = 0
    _rest(state, ship, day + rules.corsair_strip_days, STRIPPING)
    return [
        Event(
            "corsair_raid",
            day,
            {
                "corsair": world.ports[home].name,
                "town": port.name,
                "nation": world.nations[port.nation],
            },
        )
    ]


ARRIVE: dict[Arrival, Job] = {
    Arrival.COURSE: _in_course,
    Arrival.RAID: _raid,
}
"""What a ship does on arriving, by her kind's arrival, where the compiled loop leaves it to
Python (a rest, a place of her beat and home from a chase are daily.py's; a monster arrives
nowhere)."""


def _drive_off(
    world: World, state: WorldState, rules: WorldRules, day: int, run: _Run | None = None
) -> list[Event]:
    """A ship of a kind that keeps out (a guard ship) found in another nation's protected
    waters is driven off by that nation's navy and laid up at home (armadas do not keep out:
    they keep their own empire's patrols)."""
    events: list[Event] = []
    ships = state.ships
    waters = world.water_nations
    tasks, nodes, flags = ships["task"], ships["node"], ships["flag"]
    if not len(ships["kind"]):
        return events
    for ship in (run or _run(world, state, rules)).keeping_out:
        owner = waters[nodes[ship]]
        if owner >= 0 and owner != flags[ship] and tasks[ship] != LAID_UP:
            events.append(
                Event(
                    "driven_off",
                    day,
                    {
                        "flag": world.nations[flags[ship]],
                        "by": world.nations[owner],
                        "node": nodes[ship],
                    },
                )
            )
            lay_up(world, state, rules, ship)
    return events


def lay_up(world: World, state: WorldState, rules: WorldRules, ship: int) -> None:
    """A ship destroyed (or driven off) is laid up at home for `laid_up_days`."""
    ships = state.ships
    kind = ships["kind"][ship]
    home = ships["home"][ship]
    ships["node"][ship] = home if KINDS[kind].home_at_sea else world.ports[home].node
    ships["leg"][ship] = -1
    ships["pos"][ship] = 0
    ships["laden"][ship] = 0
    if ships["target"][ship] == HUNTING:  # the chase is over for her
        on_course = KINDS[kind].work is Work.COURSE  # at home: her course's nearest port
        ships["target"][ship] = pursuit.course_place(world, state, ship) if on_course else -1
    _rest(state, ship, state.day + rules.laid_up_days, LAID_UP)


def _monsters_attack(
    world: World, state: WorldState, rules: WorldRules, day: int, run: _Run
) -> list[Event]:
    """A monster "attacks whoever it meets" (the Privateer design document): each ship of the
    world under way on a node a monster has drifted to is set on, and sunk
    `monster_sink_per_mille` of the time (laid up at home, as any ship destroyed). A monster
    that sinks one is the bars' tale for the next twelve days (`state.tales`: bar.py talks of
    it `monster_tale_talk` times as much)."""
    if state.tales:
        state.tales = [tale for tale in state.tales if day - tale[1] < WAKE_DAYS]
    ships = state.ships
    kinds, nodes = ships["kind"], ships["node"]
    io, met, columns = run.scratch.io, run.scratch.met, run.columns
    io[0] = state.rng
    count = daily.meet_monsters(
        columns[_KIND], columns[_TASK], columns[_NODE], run.per_kind.table, io, met
    )
    state.rng = int(io[0])
    events: list[Event] = []
    for ship, monster, roll in met[:count].tolist():  # in ship order: the draws were made in it
        kind = kinds[ship]
        sunk = roll < rules.monster_sink_per_mille
        flag = ships["flag"][ship]
        events.append(
            Event(
                "monster_attack",
                day,
                {
                    "monster": monster,
                    "ship": ship,
                    "kind": SHIP_KINDS[kind],
                    "flag": world.nations[flag] if flag >= 0 else None,
                    "node": nodes[ship],
                    "sunk": sunk,
                },
            )
        )
        if sunk:
            lay_up(world, state, rules, ship)
            state.tales = [t for t in state.tales if t[0] != monster] + [[monster, day]]
    return events


# --- reading the world ---------------------------------------------------------------------


def at_sea(world: World, state: WorldState) -> list[bool]:
    """Per ship: away from every port (in port, lying, resting or laid up is not at sea)."""
    in_port = {p.node for p in world.ports}
    return [
        node not in in_port or (task == SAILING and leg >= 0)
        for node, task, leg in zip(
            state.ships["node"], state.ships["task"], state.ships["leg"], strict=True
        )
    ]


def observe(world: World, state: WorldState) -> dict[str, Any]:
    """What the world shows: the day and season, who is at war, your standing, the ships at
    sea (kind, flag, where), the towns stripped."""
    rules = find_world_rules(state.rules)
    sea = at_sea(world, state)
    ships = state.ships
    return {
        "day": state.day,
        "season": season_of(rules, state.day),
        "wars": [[world.nations[a], world.nations[b]] for a, b in state.wars],
        "standing": {world.nations[i]: v for i, v in enumerate(state.standing) if v},
        "ships_at_sea": [
            {
                "kind": SHIP_KINDS[ships["kind"][i]],
                "flag": world.nations[ships["flag"][i]] if ships["flag"][i] >= 0 else None,
                "node": ships["node"][i],
                "lon": float(world.lon[ships["node"][i]]),
                "lat": float(world.lat[ships["node"][i]]),
            }
            for i in range(len(sea))
            if sea[i]
        ],
        "stripped": [
            world.ports[i].name for i, until in enumerate(state.sacked_until) if until > state.day
        ],
    }


def summary(world: World, state: WorldState, events: list[Event]) -> dict[str, Any]:
    """What `privateer world sim` prints."""
    sea = at_sea(world, state)
    at_sea_by_kind = Counter(
        SHIP_KINDS[k] for k, out in zip(state.ships["kind"], sea, strict=True) if out
    )
    rules = find_world_rules(state.rules)
    by_season: dict[int, dict[str, int]] = {}  # by the season's first day
    for event in events:
        if event.kind in ("war", "peace"):
            first = event.round - event.round % rules.season_days
            row = by_season.setdefault(
                first,  # seasons 0-3 from spring, as `route --season` and the winds number them
                {"from_day": first, "season": season_of(rules, first), "opened": 0, "closed": 0},
            )
            row["opened" if event.kind == "war" else "closed"] += 1
    return {
        "seed": state.seed,
        "rules": state.rules,
        "days": state.day,
        "state_hash": state.state_hash(),
        "events_by_kind": dict(sorted(Counter(e.kind for e in events).items())),
        "wars_by_season": [by_season[s] for s in sorted(by_season)],
        "wars": [[world.nations[a], world.nations[b]] for a, b in state.wars],
        "ships_by_kind": {kind: at_sea_by_kind.get(kind, 0) for kind in SHIP_KINDS},
        "voyages_completed": dict(zip(SHIP_KINDS, state.voyages, strict=True)),
    }
