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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import lt
from typing import Any

import numpy as np

from ..events import Event
from ..rng import below, seed_state
from . import pursuit, wars
from .fleet import FLEETS, muster
from .islands import place_islands
from .kinds import KINDS, SHIP_KINDS, Arrival, Muster, ShipKind, Work
from .routes import CALM, TREES, bearing, high_seas, keel_seas, toward
from .rules import DEFAULT_WORLD, RULESETS, WorldRules, find_world_rules
from .sailing import step
from .state import (
    HUNTING,
    LAID_UP,
    LYING,
    RESTING,
    SAILING,
    STRIPPING,
    WAITING,
    WAKE_DAYS,
    WorldState,
)
from .treasury import full_treasuries
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
HOME_HOPS: Cache[int, Sequence[int]] = Cache.declare(__name__, "home_hops", 2 * MB)
# a merchant's ports in reach by (home, days)
TRADING_REACH: Cache[tuple[int, int], list[tuple[int, int]]] = Cache.declare(
    __name__, "trading_reach", 500_000
)
# the ships that keep out of other nations' waters by (the table's version, the ships' kinds)
KEEPING_OUT: Cache[tuple[int, tuple[int, ...]], list[int]] = Cache.declare(
    __name__, "keeping_out", 250_000
)
# the neighbour down the current, a node per node (0.7 MB), by the drift's knots
DOWNSTREAM: Cache[float, list[int]] = Cache.declare(__name__, "downstream", 1_500_000)


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
        ships=ships,
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
    _sail_ships(world, state, rules, day, hunting, events)
    if rules.monsters_attack_ships:
        events += _monsters_attack(world, state, rules, day)
    events += _drive_off(world, state, rules, day)
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

    @classmethod
    def of(cls, rows: tuple[ShipKind, ...]) -> _KindDay:
        return cls(
            [kind.keeps_out for kind in rows],
            [kind.deep for kind in rows],
            [kind.work is _DRIFT for kind in rows],
            [kind.work is _WAIT for kind in rows],
            [WORK.get(kind.work) for kind in rows],
            [None if kind.arrival is _NOTHING else ARRIVE[kind.arrival] for kind in rows],
        )


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
) -> None:
    """Every ship's day, in order: her day's work (nothing while her rest lasts; after it, her
    kind's `WORK`), a step of her way (sailing.step and a monster's `_drift`, written out here:
    the loop runs for every ship every day), and on coming to where she was bound, her kind's
    `ARRIVE`; her events appended to `events`."""
    season = season_of(rules, day)
    ships = state.ships
    kinds = ships["kind"]
    per_kind = _kind_day()
    keeps_out, drifts, waits = per_kind.keeps_out, per_kind.drifts, per_kind.waits
    jobs, arrivals = per_kind.jobs, per_kind.arrivals
    tasks, legs, nodes, dests = ships["task"], ships["leg"], ships["node"], ships["dest"]
    poss, forwards, untils = ships["pos"], ships["forward"], ships["until"]
    rigs, flags, homes = ships["rig"], ships["flag"], ships["home"]
    seas = high_seas(rules)
    deep, deep_seas = per_kind.deep, keel_seas(world, rules, seas)
    leg_a, _, leg_start, leg_nodes = world.lists
    leg_days = world.leg_day_counts
    table = world.leg_table
    waters = world.leg_waters
    graph_index = world.graph_index
    trees = world.memo(TREES).known
    weather = world.weathers[season]
    drifting: tuple[list[int], tuple[tuple[int, ...], ...]] | None = None
    for ship, kind in enumerate(kinds):
        if hunting and ship in hunting:  # closing with you: no work of her own, no port
            chase = -1
            if legs[ship] < 0:
                chase = pursuit.closing_leg(
                    world, state, ship, pursuit.node_hops(world, state.player_node)
                )
                if chase < 0:
                    continue
            her_seas = deep_seas if deep[kind] else seas
            step(world, state, ship, season, keep_out=keeps_out[kind], chase=chase, seas=her_seas)
            continue
        task = tasks[ship]
        leg = legs[ship]
        if task == SAILING:  # her work under way: a monster at a node drifts on
            if leg < 0 and drifts[kind]:
                node = nodes[ship]
                home = homes[ship]
                if _home_hops(world, home)[node] > rules.monster_range_days:
                    dests[ship] = home
                else:
                    if drifting is None:
                        drifting = (_downstream(world, rules), world.neighbours)
                    ends = drifting[1][node]
                    if ends:
                        down = drifting[0][node]
                        if down < 0:
                            down, state.rng = below(state.rng, len(ends))
                            down = ends[down]
                        dests[ship] = down
        elif task == WAITING or waits[kind] or (task in _RESTS and day < untils[ship]):
            continue  # no work for her: she lies on
        else:  # her rest is over: her kind's work
            if task == STRIPPING:  # a corsair done stripping a town sails home laden
                ships["laden"][ship] = 1
                _sail(state, ship, world.ports[homes[ship]].node)
            else:
                job = jobs[kind]
                assert job is not None  # a kind that waits has none, and waits (above)
                events += job(world, state, rules, ship, kind, day)
            if tasks[ship] != SAILING:
                continue
            leg = legs[ship]
        if leg < 0:  # at a graph node: the next leg toward where she is bound, if anywhere
            dest = dests[ship]
            node = nodes[ship]
            if dest < 0 or node == dest:
                continue
            rig = rigs[ship]
            her_seas = deep_seas if deep[kind] else seas
            key = (dest, weather, rig) if her_seas is CALM else (dest, weather, rig, her_seas)
            tree = trees.get(key)
            if tree is None:  # a neighbour: straight there, no route needed (if open to her)
                leg = table.get((node, dest), -1) if not her_seas.closed else -1
                if leg < 0:
                    tree = toward(world, dest, season, rig, her_seas)
            if tree is not None:
                at = graph_index[node]
                leg = tree.legs[at] if at >= 0 else -1  # from a neighbour: straight there
            if leg < 0:
                dests[ship] = -1  # no way there: she gives it up
                continue
            if keeps_out[kind]:
                crossed = waters[leg]
                if crossed and (len(crossed) > 1 or flags[ship] not in crossed):
                    continue  # the chase breaks off at the edge of another nation's waters
            legs[ship] = leg
            forward = 1 if leg_a[leg] == node else 0
            forwards[ship] = forward
            pos = 1
        else:
            pos = poss[ship] + 1
            forward = forwards[ship]
        days = leg_days[leg]
        node = leg_nodes[leg_start[leg] + (pos if forward else days - pos)]
        nodes[ship] = node
        if pos < days:
            poss[ship] = pos
            continue
        legs[ship] = -1
        poss[ship] = 0
        if node == dests[ship]:  # arrived: her kind's `ARRIVE` (a monster has none)
            dests[ship] = -1
            arrival = arrivals[kind]
            if arrival is not None:
                state.voyages[kind] += 1
                events += arrival(world, state, rules, ship, kind, day)


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
    if rules.indies_treasury:
        full = full_treasuries(world, rules)
        if not any(map(lt, treasury, full)):
            return
    else:
        full = None
        if not treasury or min(treasury) >= rules.treasury:
            return
    for port in range(len(treasury)):
        most = rules.treasury if full is None else full[port]
        if treasury[port] < most and state.sacked_until[port] <= day:
            treasury[port] = min(most, treasury[port] + rules.treasury_refill)


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


_RESTS = (RESTING, LYING, LAID_UP, STRIPPING)
# Read once: an enum member looked up on its class costs more than a ship's day's work.
_WAIT, _DRIFT, _NOTHING = Work.WAIT, Work.DRIFT, Arrival.NOTHING


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


def _next_trade(
    world: World, state: WorldState, rules: WorldRules, ship: int, kind: int, day: int
) -> list[Event]:
    """A trader sails for one of her home's trade partners; none, she lies her longest rest.
    With `merchant_sails_on`, never the port she lies in (drawn, she would lie there for good:
    a ship bound where she is never arrives, so never rests and sails again)."""
    partners = trade_partners(world, state, rules, state.ships["home"][ship])
    if rules.merchant_sails_on:
        here = state.ships["node"][ship]
        partners = [p for p in partners if world.ports[p].node != here]
    if not partners:
        _rest(state, ship, day + _rest_days(rules, kind)[1])
        return []
    port = partners[_draw(state, len(partners))]
    _sail(state, ship, world.ports[port].node, port)
    return []


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


def _patrol(
    world: World, state: WorldState, rules: WorldRules, ship: int, kind: int, day: int
) -> list[Event]:
    """A guard ship keeps station: out to a node of her nation's waters near her port, back."""
    ships = state.ships
    station = world.ports[ships["home"][ship]].node
    if ships["node"][ship] != station:
        _sail(state, ship, station)
        return []
    nodes = _own_waters_near(world, rules, station, ships["flag"][ship])
    _sail(state, ship, nodes[_draw(state, len(nodes))])
    return []


def _cruise(
    world: World, state: WorldState, rules: WorldRules, ship: int, kind: int, day: int
) -> list[Event]:
    """A privateer with nobody to hunt cruises off her base and comes home."""
    ships = state.ships
    home = world.ports[ships["home"][ship]].node
    if ships["node"][ship] != home:
        _sail(state, ship, home)
        return []
    nodes = _cruise_beat(world, rules, home)
    _sail(state, ship, nodes[_draw(state, len(nodes))])
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


def _go_drifting(
    world: World, state: WorldState, rules: WorldRules, ship: int, kind: int, day: int
) -> list[Event]:
    """A sea monster's rest over: it puts to sea and drifts."""
    state.ships["task"][ship] = SAILING
    _drift(world, state, rules, ship)
    return []


def _drift(world: World, state: WorldState, rules: WorldRules, ship: int) -> None:
    """A sea monster drifts where the current takes it (the neighbour most nearly down
    the current), wanders where the water is slack, and more than `monster_range_days` from
    home turns for home."""
    ships = state.ships
    node = ships["node"][ship]
    home = ships["home"][ship]
    if _home_hops(world, home)[node] > rules.monster_range_days:
        ships["dest"][ship] = home
        return
    ends = world.neighbours[node]
    if not ends:
        return
    down = _downstream(world, rules)[node]
    ships["dest"][ship] = down if down >= 0 else ends[_draw(state, len(ends))]


def _home_hops(world: World, home: int) -> Sequence[int]:
    """Days from `home` to every node, read a value at a time (as Python ints; 2 bytes a
    node, where a list would be 8 and an int of its own beyond 256)."""
    memo = world.memo(HOME_HOPS)
    found = memo.get(home)
    if found is None:
        hops = world.hops_from([home])
        found = memo.put(home, array("h" if hops.dtype == np.int16 else "i", hops.tobytes()))
    return found


def _downstream(world: World, rules: WorldRules) -> list[int]:
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
    return memo.put(knots, found)


Job = Callable[[World, WorldState, WorldRules, int, int, int], list[Event]]
WORK: dict[Work, Job] = {
    Work.TRADE: _next_trade,
    Work.COURSE: _next_in_course,
    Work.PATROL: _patrol,
    Work.CRUISE: _cruise,
    Work.RAID: _choose_town,
    Work.DRIFT: _go_drifting,
}
"""What a ship does when her rest is over, by her kind's work (a hunter waits: `_sail_ships`)."""


# --- arriving -----------------------------------------------------------------------------


def _rest_a_while(
    world: World, state: WorldState, rules: WorldRules, ship: int, kind: int, day: int
) -> list[Event]:
    """A voyage made: she lies in port a while, drawn from her rest's days."""
    least, most = _rest_days(rules, kind)
    _rest(state, ship, day + least + _draw(state, most - least + 1))
    return []


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


def _on_her_beat(
    world: World, state: WorldState, rules: WorldRules, ship: int, kind: int, day: int
) -> list[Event]:
    """A place of her beat: she rests a few days there; only home ends a voyage."""
    ships = state.ships
    if ships["node"][ship] != world.ports[ships["home"][ship]].node:
        state.voyages[kind] -= 1  # a leg of her beat, not a voyage: home ends one
    least, most = _rest_days(rules, kind)
    _rest(state, ship, day + least + _draw(state, most - least + 1))
    return []


def _home_to_wait(
    world: World, state: WorldState, rules: WorldRules, ship: int, kind: int, day: int
) -> list[Event]:
    """Home from a chase: she waits for a captain England wants."""
    _rest(state, ship, day, WAITING)
    return []


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
    Arrival.REST: _rest_a_while,
    Arrival.COURSE: _in_course,
    Arrival.BEAT: _on_her_beat,
    Arrival.WAIT: _home_to_wait,
    Arrival.RAID: _raid,
}
"""What a ship does on arriving, by her kind's arrival (a monster arrives nowhere)."""


def _drive_off(world: World, state: WorldState, rules: WorldRules, day: int) -> list[Event]:
    """A ship of a kind that keeps out (a guard ship) found in another nation's protected
    waters is driven off by that nation's navy and laid up at home (armadas do not keep out:
    they keep their own empire's patrols)."""
    events: list[Event] = []
    ships = state.ships
    waters = world.water_nations
    tasks, nodes, flags = ships["task"], ships["node"], ships["flag"]
    for ship in _keeping_out(world, state):
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


def _keeping_out(world: World, state: WorldState) -> list[int]:
    """The ships of the kinds that keep out of other nations' waters (the fleet never changes
    its kinds in a run)."""
    key = (KINDS.version, tuple(state.ships["kind"]))
    memo = world.memo(KEEPING_OUT)
    found = memo.get(key)
    if found is None:
        keeps = [kind.keeps_out for kind in KINDS.rows]
        found = memo.put(key, [s for s, kind in enumerate(key[1]) if keeps[kind]])
    return found


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


def _monsters_attack(world: World, state: WorldState, rules: WorldRules, day: int) -> list[Event]:
    """A monster "attacks whoever it meets" (the Privateer design document): each ship of the
    world under way on a node a monster has drifted to is set on, and sunk
    `monster_sink_per_mille` of the time (laid up at home, as any ship destroyed). A monster
    that sinks one is the bars' tale for the next twelve days (`state.tales`: bar.py talks of
    it `monster_tale_talk` times as much)."""
    state.tales = [tale for tale in state.tales if day - tale[1] < WAKE_DAYS]
    ships = state.ships
    kinds, tasks, nodes = ships["kind"], ships["task"], ships["node"]
    drifts = _kind_day().drifts
    monsters: dict[int, int] = {}  # node: the first monster under way there
    for ship in [ship for ship, kind in enumerate(kinds) if drifts[kind]]:
        if tasks[ship] == SAILING:
            monsters.setdefault(nodes[ship], ship)
    events: list[Event] = []
    if not monsters:
        return events
    for ship, node in enumerate(nodes):  # in ship order: the draws are made in it
        if node not in monsters:
            continue
        monster, kind = monsters[node], kinds[ship]
        if drifts[kind] or tasks[ship] != SAILING:
            continue
        roll, state.rng = below(state.rng, 1000)
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
