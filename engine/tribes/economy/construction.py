"""Construction (the Tribes design document): a build order debits its materials at once and queues
its buildings (queue cap 12, at most 5 an order); each tick the builders add a point each, one
active site per 10 builders (at least 1), the points split by largest remainder over the active
sites in queue order; a site with its points is complete. Demolish removes one instance at once, no
refund (walls: the level falls). The hall is never built (one per settlement).

`plan_build` and `enqueue` are the order's side (orders.py calls them); `construct` is phase 5's
second half."""

from __future__ import annotations

from ...events import Event
from ..constants import BUILDING_GATES, PROFESSION_INDEX, WALL_GATES
from ..largest_remainder import apportion
from ..state import BuildSite, Settlement, TribesState
from . import flows

BUILDER = PROFESSION_INDEX["builder"]

Plan = list[tuple[dict[str, int], int, int]]
"""Per building instance: (cost, points, level)."""


def queued(settlement: Settlement, building: str) -> int:
    return sum(1 for site in settlement.queue if site.building == building)


def plan_build(
    state: TribesState, settlement: Settlement, building: str, count: int
) -> Plan | None:
    """What building `count` of `building` at `settlement` would cost, instance by instance, or
    None if the order is not open: an unknown building or the hall, a count outside 1..5, the
    queue full, a tech or terrain gate shut, a tower without walls, walls past level 3, or not
    enough materials in the settlement's stores for the whole order."""
    rules = state.rules
    if building not in BUILDING_GATES or building == "hall":
        return None
    if not 1 <= count <= rules.build_count_max:
        return None
    if len(settlement.queue) + count > rules.queue_cap:
        return None
    techs = state.tribes[settlement.tribe].techs
    tech, terrain = BUILDING_GATES[building]
    cost, points = rules.building_cost[building], rules.building_points[building]
    plan: Plan = []
    if building == "walls":
        start = settlement.count("walls") + queued(settlement, "walls")
        if start + count > rules.max_walls:
            return None
        for level in range(start + 1, start + count + 1):
            wall_tech = WALL_GATES[level - 1]
            if wall_tech is not None and wall_tech not in techs:
                return None
            plan.append((rules.wall_cost[level - 1], rules.wall_points[level - 1], level))
    else:
        if tech is not None and tech not in techs:
            return None
        if terrain is not None and settlement.census.get(terrain, 0) <= 0:
            return None
        if building == "tower" and settlement.count("walls") < 1:
            return None
        plan = [(cost, points, 0)] * count
    total: dict[str, int] = {}
    for instance_cost, _, _ in plan:
        for resource, amount in instance_cost.items():
            total[resource] = total.get(resource, 0) + amount
    if any(settlement.stores[r] < amount for r, amount in total.items()):
        return None
    return plan


def enqueue(state: TribesState, settlement: Settlement, building: str, count: int) -> bool:
    """Debit and queue the order if it is open (True), else change nothing (False)."""
    plan = plan_build(state, settlement, building, count)
    if plan is None:
        return False
    tribe = state.tribes[settlement.tribe]
    for cost, points, level in plan:
        for resource, amount in cost.items():
            settlement.stores[resource] -= amount
            flows.consumed(tribe, resource, amount)
        settlement.queue.append(BuildSite(building, level, 0, points))
    return True


def can_demolish(settlement: Settlement, building: str) -> bool:
    return building in BUILDING_GATES and building != "hall" and settlement.count(building) > 0


def demolish(settlement: Settlement, building: str) -> bool:
    """Remove one completed instance (True), or change nothing (False)."""
    if not can_demolish(settlement, building):
        return False
    settlement.buildings[building] -= 1
    if settlement.buildings[building] == 0:
        del settlement.buildings[building]
    return True


def doomed_building(settlement: Settlement) -> str | None:
    """The building a crushing raid (a warband's or a threat camp's) destroys, chosen: the most
    numerous (ties in the buildings' order; walls count as their level), never the hall; None
    if there is none but the hall."""
    best: str | None = None
    for name in BUILDING_GATES:
        n = settlement.count(name)
        if name != "hall" and n > 0 and (best is None or n > settlement.count(best)):
            best = name
    return best


def construct(state: TribesState, events: list[Event]) -> None:
    """Phase 5, second half: the builders advance every settlement's queue (ascending id).

    Each builder adds 1 point a tick; the first max(1, builders // 10) sites of the queue are
    active, and the points split over them by largest remainder (equal weights, so the earlier
    sites take the odd points). A site takes no more than it still needs; chosen: the points
    past that are lost for the tick (the builders stand idle), not carried to another site.
    A completed site leaves the queue: the building's count rises by 1 (walls: to the site's
    level), `tribe.buildings_completed` by 1, and a "built" event tells it, in queue order."""
    per_site = state.rules.builders_per_site
    for settlement in state.settlements:
        queue = settlement.queue
        if not queue:
            continue
        builders = settlement.labour[BUILDER]
        if not builders:
            continue
        active = min(len(queue), max(1, builders // per_site))
        shares = apportion(builders, [1] * active)
        done: list[BuildSite] = []
        for site, share in zip(queue, shares, strict=False):
            site.points = min(site.needed, site.points + share)
            if site.points >= site.needed:
                done.append(site)
        if done:
            _complete(state, settlement, done, events)


def _complete(
    state: TribesState, settlement: Settlement, done: list[BuildSite], events: list[Event]
) -> None:
    tribe = state.tribes[settlement.tribe]
    buildings = settlement.buildings
    settlement.queue = [site for site in settlement.queue if site.points < site.needed]
    for site in done:
        if site.building == "walls":
            buildings["walls"] = site.level
        else:
            buildings[site.building] = buildings.get(site.building, 0) + 1
        tribe.buildings_completed += 1
        events.append(
            Event(
                "built",
                state.tick,
                {
                    "tribe": tribe.id,
                    "settlement": settlement.id,
                    "building": site.building,
                    "level": buildings[site.building],
                },
            )
        )
