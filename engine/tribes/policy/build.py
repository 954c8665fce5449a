"""The "builder" policy (the Tribes design document, "Construction" and "Ages"): the shared economy
that walls its towns and climbs the prestige ladder.

- It researches masonry and castellany early (walls L2 and L3).
- Every settlement of TOWN_POP people or more raises its walls a level at a time (L1 timber,
  L2 stone with masonry, L3 stone and planks with castellany) and puts up to TOWERS towers on
  them, when its stores can pay (the economy's own builds come after).
- It advances an age as soon as its settlements' stores together cover the next burn (seed:
  the burn is drawn across the settlements in ascending id), keeping carpenters, herds and a
  weavers' hall busy for the planks, hides and cloth the burns take.
- It grows: up to four settlements.
"""

from __future__ import annotations

from typing import Any

from ..constants import WALL_GATES
from ..rules import SEED
from .economy import GROWER_TECHS, Plan, Style, economy, has_building
from .market import side_trade, totals
from .sight import age

BUILD_TECHS = ("milling", "masonry", "smelting", "castellany", "crop_rotation", "brewing",
               *(t for t in GROWER_TECHS if t not in ("milling", "masonry", "smelting",
                                                      "castellany", "crop_rotation",
                                                      "brewing")))  # fmt: skip
BUILDER = Style(techs=BUILD_TECHS, slaughter=50, max_settlements=4, carpenters=8)
TOWN_POP = 300  # chosen: a settlement this big is walled
TOWERS = 2  # chosen: towers a walled settlement keeps
RESERVE = {"timber": 120, "stone": 60}  # chosen: what a wall or tower leaves in store
# seed: the burns to advance from each age (wandering -> settled -> crafting -> high)
AGE_BURNS: tuple[dict[str, int], ...] = (
    {"grain": 800, "timber": 400, "hides": 100},
    {"bread": 400, "planks": 300, "metal": 150, "cloth": 100, "coin": 100},
    {"bread": 800, "metal": 300, "armor": 60, "ale": 300, "coin": 400, "clothes": 150},
)
WANTS = ["stone", "timber", "planks", "hides", "metal", "cloth"]


def _affords(s: dict[str, Any], cost: dict[str, int]) -> bool:
    return all(s["stores"].get(r, 0) >= n + RESERVE.get(r, 0) for r, n in cost.items())


def _fortify(plan: Plan) -> None:
    for s in plan.settlements:
        if s["pop"] < TOWN_POP:
            continue
        level = has_building(s, "walls")
        if level < SEED.max_walls:
            cost, gate = SEED.wall_cost[level], WALL_GATES[level]
            if (gate is None or plan.has(gate)) and _affords(s, cost):
                plan.build(s, "walls", cost)
        if s["buildings"].get("walls", 0) and has_building(s, "tower") < TOWERS:
            cost = SEED.building_cost["tower"]
            if _affords(s, cost):
                plan.build(s, "tower", cost)
        if age(plan.view) >= 1 and not has_building(s, "weavers_hall"):
            plan.build(s, "weavers_hall", SEED.building_cost["weavers_hall"])


def _advance(plan: Plan) -> list[str]:
    level = age(plan.view)
    if level >= len(AGE_BURNS):
        return []
    have = totals(plan.view)
    burn = AGE_BURNS[level]
    if any(have.get(r, 0) < n for r, n in burn.items()):
        return []
    for r, n in burn.items():  # the burn, ascending id, from the plan's stores
        for s in sorted(plan.settlements, key=lambda s: s["id"]):
            take = min(n, s["stores"].get(r, 0))
            s["stores"][r] -= take
            n -= take
    return ["advance"]


def _build(plan: Plan) -> list[str]:
    orders = _advance(plan)
    _fortify(plan)
    return orders + side_trade(plan.view, WANTS, 2)


def builder(view: dict[str, Any]) -> list[str]:
    """Walls, towers, the ages, growth (see the module)."""
    return economy(view, BUILDER, _build)
