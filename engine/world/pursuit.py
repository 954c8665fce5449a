"""Who comes for you (the Privateer design document, "Meeting a ship", "You sail for England"): the
world's warships that hunt the player's ship, and how they close with her.

Whether and how far a ship comes for you is her kind's `hunt` (kinds.py):
- A guard ship hunts you once her nation wants you (your standing with it below zero), within
  `guard_range_days` of her station, twice as far while any of her nation's towns is alarmed;
  she never takes a leg into another nation's waters, so the chase breaks off at the edge.
- An enemy privateer comes for you whenever her nation is at war with England, within
  `privateer_range_days` of home, and goes where she likes.
- The pirate hunters of Port Royal and Bridgetown come out only for a captain England wants,
  within `hunter_range_days`.
- An armada attacks on sight: with the world's `armada_sight_days`, while her nation is at war
  with England or wants you, she comes for you once you are within that many days of where
  she is (not of home), and out of her sight goes back to the nearest port of her course.

What the voyage's late game has made of your name reaches them through the day's orders
(`Name`, game.py `advance`): with renown every hunter comes farther (`reach_per_mille` of her
reach), and once word is out that you have the score (the home stretch) the kinds whose hunt
says `word_out` come whatever the range. A world run without a player hears neither.

A hunter closes by the fewest days: at the end of each leg she takes the leg whose far end is
nearest your ship (the world's route trees are for fixed places; you move). When you are in
port, out of reach or no longer wanted, she gives up and goes home.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from . import wars
from .kinds import KINDS, Work
from .rules import WorldRules
from .state import HUNTING, LAID_UP, SAILING, WorldState
from .world import HOPS, Cache, World, nearby

ANY_RANGE = 1 << 30  # days: farther than any way by sea (a hunt whatever the range)


@dataclass(frozen=True, slots=True)
class Name:
    """What the hunters have heard of you today, from the voyage's orders: how far they come,
    per mille of their reach (1000: as far as their rules say; renown adds to it), and whether
    word is out that you have the score (the kinds whose hunt says `word_out` then come
    whatever the range)."""

    reach_per_mille: int = 1000
    word_out: bool = False
    corsairs_too: bool = False  # the word reaches the hunts that wait for it (`word_out_only`)

    @classmethod
    def of(cls, orders: Mapping[str, Any]) -> Name:
        """The day's orders' `reach_per_mille`, `word_out` and `word_out_corsairs` (absent:
        nothing heard)."""
        per_mille = int(orders.get("reach_per_mille", 1000))
        word_out = bool(orders.get("word_out", False))
        corsairs = word_out and bool(orders.get("word_out_corsairs", False))
        if per_mille == 1000 and not word_out:
            return UNKNOWN
        return cls(per_mille, word_out, corsairs)


UNKNOWN = Name()  # nothing heard of you: every hunter's reach as her rules say


def station_hops(world: World, port: int) -> npt.NDArray[np.int32]:
    """Days from a port to every node (cached per port: there are only so many)."""
    return node_hops(world, world.ports[port].node)


def node_hops(world: World, node: int) -> npt.NDArray[np.int32]:
    """`world.hops_from([node])`, asked of its memo by the key it keeps one node's under
    first (the daily loop asks it for every hunter: the key's making costs more than the
    look-up)."""
    found = world.memo(HOPS).get((node,))
    return found if found is not None else world.hops_from([node])


def alarmed(world: World, state: WorldState, nation: int) -> bool:
    """Any town of `nation` alarmed by a raid (its guard ships hunt twice as far)."""
    day = state.day
    alarm_until = state.alarm_until
    if not alarm_until or max(alarm_until) <= day:  # most days no town is alarmed
        return False
    return any(
        until > day and world.ports[i].nation == nation for i, until in enumerate(alarm_until)
    )


def reach(
    world: World, state: WorldState, rules: WorldRules, ship: int, name: Name = UNKNOWN
) -> int:
    """How many days from home this ship comes for you now, as her kind's hunt says and as
    far as your `name` carries (renown: `reach_per_mille` of it, rounded down; word out:
    ANY_RANGE for a hunt that says `word_out`); -1: she does not."""
    ships = state.ships
    hunt = KINDS.rows[ships["kind"][ship]].hunt
    if hunt is None or (hunt.word_out_only and not name.corsairs_too):
        return -1
    days = int(getattr(rules, hunt.reach))
    if hunt.on_sight and days <= 0:  # an armada that keeps her course (the rules' own)
        return -1
    flag = ships["flag"][ship]
    if not wars.SETS_ON[hunt.when](world, state, flag):
        return -1
    if hunt.on_sight:  # her own sight: no farther for renown or word of you
        return days
    if name.word_out and hunt.word_out:
        return ANY_RANGE
    if hunt.alarmed and alarmed(world, state, flag):
        days *= rules.alarm_reach_factor
    if name.reach_per_mille != 1000:
        days = days * name.reach_per_mille // 1000
    return days


def hunts_you(
    world: World, state: WorldState, rules: WorldRules, ship: int, name: Name = UNKNOWN
) -> bool:
    player = state.player_node
    if player < 0 or state.ships["task"][ship] == LAID_UP:
        return False
    days = reach(world, state, rules, ship, name)
    if days < 0:
        return False
    away = int(station_hops(world, state.ships["home"][ship])[player])
    return 0 <= away <= days


def _on_sight(kind: int) -> bool:
    """Her kind's hunt is on sight (read as the table stands now)."""
    hunt = KINDS.rows[kind].hunt
    return hunt is not None and hunt.on_sight


_ON_SIGHT: dict[int, list[bool]] = {}  # by KINDS.version


def _on_sight_kinds() -> list[bool]:
    """`_on_sight` of every kind, by kind (worked out once a version of the table)."""
    found = _ON_SIGHT.get(KINDS.version)
    if found is None:
        _ON_SIGHT.clear()
        found = _ON_SIGHT[KINDS.version] = [_on_sight(k) for k in range(len(KINDS.rows))]
    return found


# What the World keeps for the hunt: the ships that may hunt you, by (the table's version, the
# ships' kinds)
HUNTER_SHIPS: Cache[tuple[int, tuple[int, ...]], list[int]] = Cache.declare(
    __name__, "hunter_ships", 250_000
)


def _hunter_ships(world: World, state: WorldState) -> list[int]:
    """The ships of the kinds that hunt (the fleet never changes its kinds in a run)."""
    key = (KINDS.version, tuple(state.ships["kind"]))
    memo = world.memo(HUNTER_SHIPS)
    found = memo.get(key)
    if found is None:
        hunts = [kind.hunt is not None for kind in KINDS.rows]
        found = memo.put(key, [s for s, kind in enumerate(key[1]) if hunts[kind]])
    return found


def call_out(
    world: World,
    state: WorldState,
    rules: WorldRules,
    leave_be: frozenset[int] = frozenset(),
    name: Name = UNKNOWN,
) -> list[int]:
    """Set every warship that comes for you today (as far as your `name` carries) on your
    track, and send home those that give up (or that you fought and that leave you be a
    while: `leave_be`). Returns the ships hunting you."""
    ships = state.ships
    targets, tasks, dests = ships["target"], ships["task"], ships["dest"]
    kinds, flags, homes = ships["kind"], ships["flag"], ships["home"]
    player = state.player_node
    hunting: list[int] = []
    reaches: dict[int, int] = {}
    sights: dict[int, dict[int, int]] = {}  # the nodes within so many days of you
    away: dict[int, int] = {}  # days from each hunter's home to you
    on_sight = _on_sight_kinds()
    for ship in _hunter_ships(world, state):
        if ship not in leave_be and player >= 0 and tasks[ship] != LAID_UP:
            key = kinds[ship] * 1000 + flags[ship]
            days = reaches.get(key)
            if days is None:
                days = reaches[key] = reach(world, state, rules, ship, name)
            if days < 0:
                near = False
            elif on_sight[kinds[ship]]:
                sight = sights.get(days)
                if sight is None:
                    sight = sights[days] = nearby(world, player, days)
                near = ships["node"][ship] in sight
            else:
                home = homes[ship]
                days_away = away.get(home)
                if days_away is None:
                    days_away = away[home] = int(station_hops(world, home)[player])
                near = 0 <= days_away <= days
            if near:
                targets[ship] = HUNTING
                tasks[ship] = SAILING
                dests[ship] = player
                hunting.append(ship)
                continue
        if targets[ship] == HUNTING and tasks[ship] != LAID_UP:
            give_up(world, state, ship)
    return hunting


def give_up(world: World, state: WorldState, ship: int) -> None:
    """She gives up the chase: home, or (a ship of a course) back to the nearest port of it."""
    ships = state.ships
    if KINDS.rows[ships["kind"][ship]].work is Work.COURSE:
        place = course_place(world, state, ship)
        ships["target"][ship] = place
        ships["dest"][ship] = world.ports[state.courses[ships["course"][ship]][place]].node
    else:
        ships["target"][ship] = -1
        ships["dest"][ship] = world.ports[ships["home"][ship]].node
    ships["task"][ship] = SAILING


def course_place(world: World, state: WorldState, ship: int) -> int:
    """The place in her course of the port nearest where she is (ties to the first)."""
    node = state.ships["node"][ship]
    course = state.courses[state.ships["course"][ship]]
    days = [int(station_hops(world, port)[node]) for port in course]
    return min(range(len(course)), key=lambda i: (days[i] < 0, days[i]))


def closing_leg(
    world: World, state: WorldState, ship: int, toward_you: npt.NDArray[np.int32]
) -> int:
    """At a graph node, the leg that brings her to you in the fewest days (along it, if you are
    on it; else its days and then the days from its far end); -1 if she is where you are or
    no leg reaches you."""
    node = state.ships["node"][ship]
    player = state.player_node
    if node == player:
        return -1
    best, best_days = -1, -1
    leg_a, _, leg_start, leg_nodes = world.lists
    for leg in world.legs_at[node]:
        path = leg_nodes[leg_start[leg] : leg_start[leg + 1]]  # world.leg_path, as lists
        if leg_a[leg] != node:
            path.reverse()
        if player in path:
            days = path.index(player)
        else:
            there = int(toward_you[path[-1]])
            if there < 0:
                continue
            days = len(path) - 1 + there
        if best < 0 or days < best_days:
            best, best_days = leg, days
    return best
