"""The "militarist" policy (the Tribes design document, "Military"): the shared economy bent to war.

- It researches smelting, weaponsmithing, masonry and siegecraft first, and once it can forge
  weapons its smithy makes weapons as much as tools (armour too with plate_armor).
- From MUSTER_FROM it musters at its largest settlement with a barracks: a field band when it
  has none (FIELD_MIN to FIELD_MAX soldiers, as weapons and people allow, keeping HOME_KEEP
  people), then a garrison of GARRISON soldiers.
- A band of the garrison's size or less guards home (the lowest-id one; other small ones
  disband); a larger band takes the field: a threat camp within CAMP_NEAR of an own settlement
  is marched onto (seed: a warband standing on a camp that wins its battle clears it); before
  WAR_FROM it otherwise waits at home; from WAR_FROM the weakest foreign settlement it sees
  within REACH of home (fewest people, then nearest, then lowest id) is its target, its tribe
  declared hostile first: besieged by a band of SIEGE_SIZE or more when the target is smaller
  than BESIEGE_POP (a young settlement), raided otherwise (the seed's militia is pop/10, so a
  city without walls falls to any real army: the militarist loots cities and takes towns);
  with no target in sight the band scouts the spawn ring's unexplored points, where the other
  tribes were founded. A band raiding or besieging gets the war rite when there is faith.
- It offers its surplus for metal, weapons and timber on the side.

Everything it knows it reads in its view: its bands' orders are its memory, the fogged map
its scouting's. Chosen numbers: the constants below.
"""

from __future__ import annotations

from typing import Any

from .economy import Plan, Style, economy
from .market import side_trade
from .sight import (
    camps,
    cheb,
    foreign_settlements,
    own_warbands,
    ring_points,
    stance,
    unexplored,
)

WAR_TECHS = ("milling", "smelting", "weaponsmithing", "masonry", "siegecraft", "crop_rotation",
             "brewing", "plate_armor", "horsemanship", "coinage", "castellany", "liturgy",
             "scholarship")  # fmt: skip
MILITARIST = Style(
    techs=WAR_TECHS, war_smithy={"tools": 450, "weapons": 450, "armor": 100}, slaughter=25
)
MUSTER_FROM = 100  # chosen: the first muster comes once the economy has found its feet
WAR_FROM = 600  # chosen: the militarist arms and clears camps first, and makes war from here
BESIEGE_POP = 700  # chosen: a settlement smaller than this is besieged; a bigger one raided
HOME_KEEP = 600  # chosen: a muster leaves at least this many at home (the seed's floor: 50)
FIELD_MIN, FIELD_MAX = 40, 160  # chosen: a field band's size
GARRISON = 20  # chosen: the home garrison's size
SIEGE_SIZE = 70  # chosen: a field band this big besieges; a smaller one raids
DISBAND_UNDER = 15
REACH = 40  # chosen: Chebyshev from home to a target it will march on
CAMP_NEAR = 18  # chosen: a camp this near an own settlement is cleared
WAR_RITE = 30  # seed: the war rite's faith


def _order(band: dict[str, Any]) -> tuple[str, int, int, int]:
    """(kind, target id, x, y) of a band's standing order (-1 where it has none)."""
    order = band.get("order") or {}
    target = order.get("target", order.get("settlement", order.get("caravan", -1)))
    return (
        str(order.get("kind", order.get("command", ""))),
        -1 if target is None else int(target),
        int(order.get("x", -1)),
        int(order.get("y", -1)),
    )


def _home(plan: Plan) -> dict[str, Any]:
    """The largest own settlement with a barracks (the largest one at all if none has)."""
    ss = plan.settlements
    barracks = [s for s in ss if s["buildings"].get("barracks", 0)] or ss
    return max(barracks, key=lambda s: (s["pop"], -s["id"]))


def _target(view: dict[str, Any], home: dict[str, Any]) -> dict[str, Any] | None:
    """The weakest foreign settlement in sight within REACH of home."""
    near = [
        s for s in foreign_settlements(view) if cheb(s["x"], s["y"], home["x"], home["y"]) <= REACH
    ]
    if not near:
        return None
    return min(
        near, key=lambda s: (s.get("pop", 0), cheb(s["x"], s["y"], home["x"], home["y"]), s["id"])
    )


def _camp(view: dict[str, Any], plan: Plan) -> dict[str, Any] | None:
    """The threat camp nearest to an own settlement within CAMP_NEAR (ties: lowest id)."""
    best: tuple[int, int] | None = None
    found = None
    for camp in camps(view):
        d = min(cheb(camp["x"], camp["y"], s["x"], s["y"]) for s in plan.settlements)
        if d <= CAMP_NEAR and (best is None or (d, camp["id"]) < best):
            best, found = (d, camp["id"]), camp
    return found


def _scout_point(view: dict[str, Any], home: dict[str, Any]) -> tuple[int, int]:
    """The nearest spawn-ring point not yet explored (far from home); when all are explored,
    one in turn by the tick (every 300 ticks the next)."""
    points = [p for p in ring_points(view) if cheb(p[0], p[1], home["x"], home["y"]) > 14]
    points.sort(key=lambda p: (cheb(p[0], p[1], home["x"], home["y"]), p))
    for x, y in points:
        if unexplored(view, x, y):
            return x, y
    turn: int = view["tick"] // 300
    return points[turn % len(points)]


def _garrison_class(band: dict[str, Any]) -> bool:
    """A band of the garrison's size or smaller guards home; a larger one takes the field (a
    routed field band is garrisoned at home by the war engine, and sent out again)."""
    size: int = band.get("size", 0)
    return size <= GARRISON


def _musters(plan: Plan, bands: list[dict[str, Any]]) -> list[str]:
    home = _home(plan)
    if not home["buildings"].get("barracks", 0) or plan.view["tick"] < MUSTER_FROM:
        return []
    weapons = home["stores"].get("weapons", 0)
    spare = home["pop"] - HOME_KEEP
    field = [b for b in bands if not _garrison_class(b)]
    if not field:
        size = min(weapons, spare, FIELD_MAX)
        if size >= FIELD_MIN:
            home["stores"]["weapons"] = weapons - size
            return [f"muster {home['id']} {size}"]
    elif not any(_garrison_class(b) for b in bands) and min(weapons, spare) >= GARRISON:
        home["stores"]["weapons"] = weapons - GARRISON
        return [f"muster {home['id']} {GARRISON}"]
    return []


def _command(
    view: dict[str, Any], plan: Plan, band: dict[str, Any], home: dict[str, Any], guard: bool
) -> list[str]:
    """The order a band should stand under now, if it is not under it already (`guard`: it is
    the home guard, the lowest-id band of the garrison's size; the other small ones disband)."""
    kind, target, x, y = _order(band)
    bid = band["id"]
    if band.get("routing"):
        return []
    if band.get("size", 0) < DISBAND_UNDER or (_garrison_class(band) and not guard):
        return [] if kind == "disband" else [f"warband {bid} disband"]
    if _garrison_class(band):
        if (kind, target) == ("garrison", home["id"]):
            return []
        return [f"warband {bid} garrison {home['id']}"]
    camp = _camp(view, plan)
    if camp is not None:
        if (kind, x, y) == ("march", camp["x"], camp["y"]):
            return []
        return [f"warband {bid} march {camp['x']} {camp['y']}"]
    if view["tick"] < WAR_FROM:
        if (kind, target) == ("garrison", home["id"]):
            return []
        return [f"warband {bid} garrison {home['id']}"]
    goal = _target(view, home)
    if goal is not None:
        orders = []
        if stance(view, goal["tribe"]) != "hostile":
            orders.append(f"stance {goal['tribe']} hostile")
        big = band.get("size", 0) >= SIEGE_SIZE and goal.get("pop", 0) < BESIEGE_POP
        verb = "besiege" if big else "raid"
        if (kind, target) != (verb, goal["id"]):
            orders.append(f"warband {bid} {verb} {goal['id']}")
        return orders
    if kind in ("raid", "besiege") and target >= 0:
        return []  # on its way to a target out of sight
    sx, sy = _scout_point(view, home)
    if (kind, x, y) == ("march", sx, sy):
        return []
    return [f"warband {bid} march {sx} {sy}"]


def _war(plan: Plan) -> list[str]:
    view = plan.view
    bands = sorted(own_warbands(view), key=lambda b: b["id"])
    home = _home(plan)
    orders = _musters(plan, bands)
    faith = plan.tribe["faith"]
    blessed = {e["target"] for e in view["effects"] if e["kind"] == "war"}
    guard = next((b["id"] for b in bands if _garrison_class(b)), -1)
    for band in bands:
        orders += _command(view, plan, band, home, band["id"] == guard)
        marching = _order(band)[0] in ("raid", "besiege")
        if faith >= WAR_RITE and marching and band["id"] not in blessed:
            orders.append(f"rite war {band['id']}")
            faith -= WAR_RITE
    return orders + side_trade(view, ["metal", "weapons", "timber"], 2)


def militarist(view: dict[str, Any]) -> list[str]:
    """Arm, muster, declare, raid, besiege, garrison, clear camps (see the module)."""
    if not view["settlements"]:
        return _stray_bands(view)
    return economy(view, MILITARIST, _war)


def _stray_bands(view: dict[str, Any]) -> list[str]:
    """A tribe with bands and no settlement left: its bands besiege what they see (seed: a
    tribe is out only with no settlement and no warband)."""
    orders = []
    for band in sorted(own_warbands(view), key=lambda b: b["id"]):
        near = sorted(
            foreign_settlements(view),
            key=lambda s: (cheb(s["x"], s["y"], band["x"], band["y"]), s["id"]),
        )
        if near and _order(band)[:2] != ("besiege", near[0]["id"]):
            orders.append(f"warband {band['id']} besiege {near[0]['id']}")
    return orders
