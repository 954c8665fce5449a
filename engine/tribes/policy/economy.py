"""The economy every built-in policy plays (the Tribes design document: "ship policies that play the
economy sensibly: grow, feed, tool up, research"): farmers sized to the tribe's demand, houses ahead
of housing, farms ahead of the farmers needed, lumber camps and mines as the people grow, tools
through the smithy, mills and bakeries, brewing, clothes for the cold, settler wagons out of a
settlement grown past 1500. `economy(view, style)` gives one consultation's orders; a `Style` says
what a policy does differently (its research order, libraries, rites, the smithy split, its extra
buildings), and `Plan` is the consultation's bookkeeping (the stores its builds spend), which the
other policies extend with their own orders.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..constants import BIOME_CLASS, PROFESSIONS, TECH_PREREQS
from ..rules import SEED

Policy = Callable[[dict[str, Any]], list[str]]
# chosen: a policy is asked once a slow interval of the seed's rules (the policies plan by the
# seed's rules, `SEED`, whatever rules the world is played by: they are players, not rules)
POLICY_EVERY = SEED.slow_tick_interval

FOOD = (("bread", 3), ("fish", 2), ("meat", 2), ("grain", 1))
GROWER_TECHS = ("milling", "smelting", "crop_rotation", "brewing", "masonry", "liturgy",
                "scholarship", "coinage", "horsemanship", "weaponsmithing", "plate_armor",
                "castellany", "siegecraft")  # fmt: skip
SCHOLAR_TECHS = ("milling", "scholarship", "liturgy", "smelting", "crop_rotation", "brewing",
                 "masonry", "coinage", "horsemanship", "weaponsmithing", "plate_armor",
                 "castellany", "siegecraft")  # fmt: skip
QUEUE_LIMIT = 4  # a settlement with this many sites queued orders nothing more
FOUND_POP = 1500  # a settlement this big sends out a wagon (at most MAX_SETTLEMENTS)
MAX_SETTLEMENTS = 3
CAMP_POP = 600  # a settlement under this (not the largest) works by its own override:
CAMP_VECTOR = {"farmer": 500, "fisher": 100, "woodcutter": 150, "miner": 50, "carpenter": 20,
               "builder": 150}  # fmt: skip
CAMP_FARMERS = CAMP_VECTOR["farmer"]
GRANARY_TICKS = 2000
FARM = {"timber": 30}  # a granary only while the grain held is under this many ticks of food
WAGON_SETTLERS = 100


@dataclass(frozen=True, slots=True)
class Style:
    """What a policy does its own way within the shared economy: the order it researches in,
    libraries a settlement keeps, whether it is scholarly (academies, churches, shrines, more
    carpenters, rites), the smithy's weights once weaponsmithing is known, the slaughter
    decree, and how many settlements it spreads to."""

    techs: tuple[str, ...] = GROWER_TECHS
    libraries: int = 2
    scholarly: bool = False
    war_smithy: dict[str, int] = field(default_factory=lambda: {"tools": 1000})
    slaughter: int = 25
    max_settlements: int = MAX_SETTLEMENTS
    carpenters: int = 0  # 0: 10 when scholarly, else 5


GROWER = Style()
SCHOLAR = Style(techs=SCHOLAR_TECHS, libraries=3, scholarly=True)


def _stock_cap(s: dict[str, Any]) -> int:
    b: dict[str, int] = s["buildings"]
    return SEED.store_base + SEED.store_per_building * (b.get("granary", 0) + b.get("warehouse", 0))


def _capacities(s: dict[str, Any]) -> dict[str, int]:
    """Workers each capped profession can employ at `s` (labour.py's rule)."""
    b: dict[str, int] = s["buildings"]
    census: dict[str, int] = s["census"]
    out: dict[str, int] = {}
    for profession, slots in SEED.slots.items():
        cap = 0
        for name, n in slots.items():
            count = b.get(name, 0)
            if count:
                cap += n * count
        biome = BIOME_CLASS.get(profession)
        if biome is not None and cap:
            cap = min(cap, census.get(biome, 0) * SEED.biome_cap[profession])
        out[profession] = cap
    return out


def _housing(s: dict[str, Any], houses: int) -> int:
    tier: int = s["tier"]
    return SEED.hall_housing + SEED.hall_housing_per_tier * tier + SEED.house_housing * houses


def queued(s: dict[str, Any], building: str) -> int:
    return sum(1 for q in s["queue"] if q["building"] == building)


class Plan:
    """One consultation's bookkeeping: orders so far and the stores they spend."""

    def __init__(self, view: dict[str, Any], style: Style) -> None:
        self.view = view
        self.style = style
        self.tribe = view["tribe"]
        self.techs = set(self.tribe["techs"])
        self.scholarly = style.scholarly
        self.orders: list[str] = []
        self.settlements = view["settlements"]
        self.pop = sum(s["pop"] for s in self.settlements)
        self.caps = [_capacities(s) for s in self.settlements]
        self.need_farmers = _farmers_needed(self)

    def has(self, tech: str) -> bool:
        return tech in self.techs

    def build(self, s: dict[str, Any], building: str, cost: dict[str, int], count: int = 1) -> bool:
        if len(s["queue"]) >= QUEUE_LIMIT:
            return False
        stores = s["stores"]
        if any(stores.get(r, 0) < n * count for r, n in cost.items()):
            return False
        for r, n in cost.items():
            stores[r] -= n * count
        for _ in range(count):
            s["queue"].append({"building": building})
        self.orders.append(f"build {s['id']} {building}" + (f" {count}" if count > 1 else ""))
        return True


def _farmers_needed(plan: Plan) -> int:
    """Farmers to feed the tribe with a margin (per tick, in thousandths of a point)."""
    tribe = plan.tribe
    demand = plan.pop * tribe["rations"] // (SEED.food_divisor // 1000)
    stock = sum(s["stores"][k] * p for s in plan.settlements for k, p in FOOD)
    ticks_of_food = stock * 1000 // max(1, demand)
    margin = 1600 if ticks_of_food < 200 else 1300 if ticks_of_food < 800 else 1000
    bakers = sum(min(c["baker"], c["miller"]) for c in plan.caps)
    bread = bakers * 300 * 3 * 700 // 1000  # bread points, at 70% of the bakers' rate
    coverage = tribe["tool_coverage"]
    bonus = 200 if plan.has("crop_rotation") else 0
    per_farmer = 100 * (600 + 400 * coverage // 1000) * (1000 + bonus) // 1_000_000
    needed: int = max(0, (demand * margin // 1000 - bread)) // max(1, per_farmer) + 1
    return needed


def _allocation(plan: Plan) -> str:
    """The tribe-wide vector: farmers as needed, the rest filling the buildings they have."""
    ss = plan.settlements
    cap = dict.fromkeys(PROFESSIONS, 0)
    for caps in plan.caps:
        for p, n in caps.items():
            cap[p] += n
    stores = {r: sum(s["stores"][r] for s in ss) for r in ("ore", "metal", "flour", "hides")}
    want = dict.fromkeys(PROFESSIONS, 0)
    want["farmer"] = min(cap["farmer"], plan.need_farmers)
    for p in ("fisher", "herder", "woodcutter", "miner", "baker", "brewer", "scholar", "priest"):
        want[p] = cap[p]
    want["miller"] = min(cap["miller"], cap["baker"] * 3 // 4 + 1)
    want["smelter"] = cap["smelter"] if stores["ore"] >= 2 else 0
    want["smith"] = cap["smith"] if stores["metal"] > 0 else 0
    want["tanner"] = cap["tanner"] if stores["hides"] > 0 else 0
    want["weaver"], want["tailor"] = cap["weaver"], cap["tailor"]
    carpenters = plan.style.carpenters or (10 if plan.scholarly else 5)
    want["carpenter"] = min(cap["carpenter"], carpenters)
    sites = sum(len(s["queue"]) for s in ss)
    want["builder"] = min(plan.pop // 10, 10 * sites + 10)
    total = max(1, plan.pop)
    shares = {p: (w * 1000 + total - 1) // total for p, w in want.items()}
    rest = 1000 - shares["farmer"]
    others = sum(v for p, v in shares.items() if p != "farmer")
    if others > rest:
        for p in shares:
            if p != "farmer":
                shares[p] = shares[p] * max(0, rest) // others
    pairs = [f"{p}={v}" for p in PROFESSIONS if (v := shares[p])]
    return " ".join(["allocate", *pairs])


def _research(plan: Plan) -> list[str]:
    current = plan.tribe["research"]
    if current is not None and current not in plan.techs:
        return []
    for tech in plan.style.techs:
        prereq = TECH_PREREQS[tech]
        if tech not in plan.techs and (prereq is None or prereq in plan.techs):
            return [f"research {tech}"]
    return []


def _decrees(plan: Plan) -> list[str]:
    tribe = plan.tribe
    ss = plan.settlements
    count = {b: sum(s["buildings"].get(b, 0) for s in ss) for b in ("mill", "brewery")}
    ale = sum(s["stores"]["ale"] for s in ss)
    herds = sum(s["herds"] for s in ss)
    ale_ration = 0
    if count["brewery"] and ale >= 30 and plan.pop:
        ale_ration = min(1000, count["brewery"] * 3 * 10000 * 7 // 10 // plan.pop)
    want = {
        "rations": 1000,
        "ale": ale_ration,
        "slaughter": plan.style.slaughter if herds >= 20 else 0,
    }
    have = {
        "rations": tribe["rations"],
        "ale": tribe["ale_ration"],
        "slaughter": tribe["slaughter"],
    }
    orders = [f"{k} {v}" for k, v in want.items() if have[k] != v]
    craft = {"mill": 300 if count["mill"] else 0, "brew": 150 if count["brewery"] else 0,
             "fodder": 100}  # fmt: skip
    orders += [f"craft {g} {v}" for g, v in craft.items() if tribe["craft"].get(g, 0) != v]
    smithy = plan.style.war_smithy if plan.has("weaponsmithing") else {"tools": 1000}
    split = {k: smithy.get(k, 0) for k in ("tools", "weapons", "armor")}
    if not plan.has("plate_armor"):
        split["armor"] = 0
    if not any(split.values()):
        split["tools"] = 1000
    if {k: tribe["smithy"].get(k, 0) for k in split} != split:
        orders.append("smithy " + " ".join(f"{k}={v}" for k, v in split.items()))
    return orders


def _builds(plan: Plan) -> None:
    need_farmers = plan.need_farmers
    farm_cap = sum(
        min(40 * (s["buildings"].get("farm", 0) + queued(s, "farm")), 8 * s["census"]["plains"])
        for s in plan.settlements
    )
    libraries = plan.style.libraries
    for s in plan.settlements:
        b, census, pop = s["buildings"], s["census"], s["pop"]
        houses = b.get("house", 0) + queued(s, "house")
        if pop * 100 >= _housing(s, houses) * 72:
            plan.build(s, "house", {"timber": 20}, 2)
        farms = b.get("farm", 0) + queued(s, "farm")
        local_short = farms * 40 < pop * CAMP_FARMERS // 1000
        room = census.get("plains", 0) * 8 > farms * 40
        if (need_farmers > farm_cap or local_short) and room and plan.build(s, "farm", FARM):
            farm_cap += 40
        if census.get("forest", 0) and (
            b.get("lumber_camp", 0) + queued(s, "lumber_camp") < 2 + pop // 400
        ):
            plan.build(s, "lumber_camp", {"timber": 20})
        if pop < 300:
            continue
        _workshops(plan, s, libraries)


def has_building(s: dict[str, Any], building: str) -> int:
    built: int = s["buildings"].get(building, 0)
    return built + queued(s, building)


def _workshops(plan: Plan, s: dict[str, Any], libraries: int) -> None:
    census, pop = s["census"], s["pop"]
    if has_building(s, "library") < libraries:
        plan.build(s, "library", {"timber": 50, "stone": 20})
    if plan.has("milling"):
        if not has_building(s, "mill"):
            plan.build(s, "mill", {"timber": 30, "stone": 10})
        if has_building(s, "bakery") < 1 + pop // 1500:
            plan.build(s, "bakery", {"timber": 30, "stone": 20})
    if plan.has("smelting") and census.get("ore", 0) and not has_building(s, "smelter"):
        plan.build(s, "smelter", {"timber": 20, "stone": 40})
    if census.get("hills", 0) and has_building(s, "mine") < 1 + pop // 700:
        plan.build(s, "mine", {"timber": 30, "stone": 20})
    if plan.has("brewing") and not has_building(s, "brewery"):
        plan.build(s, "brewery", {"timber": 30, "stone": 10})
    cap = _stock_cap(s)
    short = s["stores"]["grain"] < pop * GRANARY_TICKS // 50  # under 2000 ticks' grain
    if short and s["stores"]["grain"] * 100 >= cap * 85 and not queued(s, "granary"):
        plan.build(s, "granary", {"timber": 40})
    if s["herds"] * 10 >= has_building(s, "pasture") * 20 * 8:
        plan.build(s, "pasture", {"timber": 20})
    if s["cold"]:
        for shop, timber in (("tannery", 20), ("weavers_hall", 30), ("tailor_shop", 20)):
            if not has_building(s, shop):
                plan.build(s, shop, {"timber": timber})
    if census.get("water", 0) and not has_building(s, "dock"):
        plan.build(s, "dock", {"timber": 40})
    if plan.scholarly:
        if plan.has("scholarship") and not has_building(s, "academy"):
            plan.build(s, "academy", {"stone": 60, "planks": 40})
        if plan.has("liturgy") and not has_building(s, "church"):
            plan.build(s, "church", {"stone": 60, "planks": 40})
        if has_building(s, "shrine") < 2:
            plan.build(s, "shrine", {"timber": 20, "stone": 20})


def _site(view: dict[str, Any], s: dict[str, Any]) -> tuple[int, int] | None:
    """A plains tile 8..12 tiles from `s`, >= 6 from every settlement and wagon's site, with
    plains around it; the first in a fixed scan (radius, then row, then column)."""
    rows, size = view["rows"], view["size"]
    taken = [(o["x"], o["y"]) for o in view["others"]] + [(o["x"], o["y"]) for o in
             view["settlements"]] + [(w["to_x"], w["to_y"]) for w in view["wagons"]]  # fmt: skip
    for radius in range(8, 13):
        for y in range(s["y"] - radius, s["y"] + radius + 1):
            for x in range(s["x"] - radius, s["x"] + radius + 1):
                if max(abs(x - s["x"]), abs(y - s["y"])) != radius:
                    continue
                if not (3 <= x < size - 3 and 3 <= y < size - 3) or rows[y][x] != ".":
                    continue
                near = SEED.found_min_distance
                if any(max(abs(x - tx), abs(y - ty)) < near for tx, ty in taken):
                    continue
                plains = sum(row[x - 3 : x + 4].count(".") for row in rows[y - 3 : y + 4])
                if plains >= 20:
                    return x, y
    return None


def _found(plan: Plan) -> list[str]:
    view = plan.view
    if view["tick"] % 100 or view["wagons"] or len(plan.settlements) >= plan.style.max_settlements:
        return []
    big = max(plan.settlements, key=lambda s: (s["pop"], -s["id"]))
    if big["pop"] < FOUND_POP or big["stores"]["grain"] < 1500 or big["stores"]["timber"] < 250:
        return []
    site = _site(view, big)
    return [] if site is None else [f"found {site[0]} {site[1]} {WAGON_SETTLERS}"]


def _rites(plan: Plan) -> list[str]:
    faith = plan.tribe["faith"]
    active = {(e["kind"], e["target"]) for e in plan.view["effects"]}
    big = max(plan.settlements, key=lambda s: (s["pop"], -s["id"]))
    orders = []
    if faith >= 20 and ("blessing", big["id"]) not in active:
        orders.append(f"rite blessing {big['id']}")
        faith -= 20
    if faith >= 45 and ("harvest", big["id"]) not in active:
        orders.append(f"rite harvest {big['id']}")
    return orders


def _camps(plan: Plan) -> list[str]:
    """Young settlements feed and build for themselves (a tribe-wide allocation would give
    them farmers only in proportion to their few farms)."""
    big = max(plan.settlements, key=lambda s: (s["pop"], -s["id"]))
    vector = {p: CAMP_VECTOR.get(p, 0) for p in PROFESSIONS}
    pairs = " ".join(f"{p}={v}" for p, v in vector.items() if v)
    return [
        f"allocate @{s['id']} {pairs}"
        for s in plan.settlements
        if s is not big and s["pop"] < CAMP_POP and s["override"] != vector
    ]


def economy(
    view: dict[str, Any], style: Style, extra: Callable[[Plan], list[str]] | None = None
) -> list[str]:
    """One consultation's orders: research, decrees (and rites when scholarly), builds, then
    `extra` (a policy's own orders, spending from the same plan, its builds first in line for
    the stores), the young settlements' overrides, the allocation and a settler wagon."""
    if not view["settlements"]:
        return []
    plan = Plan(view, style)
    orders = _research(plan) + _decrees(plan)
    if style.scholarly:
        orders += _rites(plan)
    own = extra(plan) if extra is not None else []
    _builds(plan)
    orders += own + plan.orders + _camps(plan)
    orders.append(_allocation(plan))
    return orders + _found(plan)
