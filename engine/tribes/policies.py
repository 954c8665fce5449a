"""Policies (seed 002: "a policy is a function from a tribe's view to orders"): a `Policy` takes
`view.view_for(state, tribe)` and returns order texts (orders.py), queued for the next step.
Chosen: policies are consulted on ticks that are multiples of POLICY_EVERY (10, the slow
interval), which keeps them cheap over long runs and lets their orders see a fresh census.
They must be pure functions of the view (no clock, no randomness), so runs replay.

Built in (`POLICIES`):
- "grower": feeds first (farmers sized to the tribe's demand and tool coverage, with a margin
  that widens when stores run low), builds houses ahead of housing, farms ahead of the farmers
  needed, lumber camps and mines as the people grow, tools up through the smithy (smelting, a
  smelter), mills and bakes (bread is three food points a grain), slaughters a little for a
  second food kind and brews for the ale ration (morale, so births), clothes cold settlements,
  and sends a settler wagon out of a settlement grown past 1500.
- "scholar": the same economy, but three libraries (and an academy), more shrines, priests and
  rites: a blessing on its largest settlement whenever none is in force, a harvest when faith
  is plentiful; it researches scholarship and liturgy early.

Scripted policies: a JSON object
    {"policy": "scripted", "orders": {"TICK": ["order text", ...], ...}, "then": "grower"}
gives the orders to queue at each TICK (a multiple of 10, as text: JSON keys are strings);
every text must parse as an order (it may still be refused when its tick comes: phase 1 drops
it then). "then" (optional) is a built-in policy consulted on the ticks the file gives no
orders for; without it those ticks give none. `policy_from_json(text)` reads one (ValueError,
one line, on a bad file); the engine reads no files, so the CLI opens the file and hands over
its text (`load_policy`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from ..protocol import IllegalActionError
from .constants import (
    BIOME_CAP,
    FOOD_DIVISOR,
    FOUND_MIN_DISTANCE,
    HALL_HOUSING,
    HALL_HOUSING_PER_TIER,
    HOUSE_HOUSING,
    PROFESSIONS,
    SLOTS,
    SLOW_TICK_INTERVAL,
    STORE_BASE,
    STORE_PER_BUILDING,
    TECHS,
)
from .orders import parse_order

Policy = Callable[[dict[str, Any]], list[str]]
POLICY_EVERY = SLOW_TICK_INTERVAL  # chosen: a policy is asked once a slow interval

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


def _stock_cap(s: dict[str, Any]) -> int:
    b: dict[str, int] = s["buildings"]
    return STORE_BASE + STORE_PER_BUILDING * (b.get("granary", 0) + b.get("warehouse", 0))


def _capacities(s: dict[str, Any]) -> dict[str, int]:
    """Workers each capped profession can employ at `s` (labour.py's rule)."""
    b: dict[str, int] = s["buildings"]
    census: dict[str, int] = s["census"]
    out: dict[str, int] = {}
    for profession, slots in SLOTS.items():
        cap = 0
        for name, n in slots:
            count = b.get(name, 0)
            if count:
                cap += n * count
        biome = BIOME_CAP.get(profession)
        if biome is not None and cap:
            cap = min(cap, census.get(biome[0], 0) * biome[1])
        out[profession] = cap
    return out


def _housing(s: dict[str, Any], houses: int) -> int:
    tier: int = s["tier"]
    return HALL_HOUSING + HALL_HOUSING_PER_TIER * tier + HOUSE_HOUSING * houses


def _queued(s: dict[str, Any], building: str) -> int:
    return sum(1 for q in s["queue"] if q["building"] == building)


class _Plan:
    """One consultation's bookkeeping: orders so far and the stores they spend."""

    def __init__(self, view: dict[str, Any], scholarly: bool) -> None:
        self.view = view
        self.tribe = view["tribe"]
        self.techs = set(self.tribe["techs"])
        self.scholarly = scholarly
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


def _farmers_needed(plan: _Plan) -> int:
    """Farmers to feed the tribe with a margin (per tick, in thousandths of a point)."""
    tribe = plan.tribe
    demand = plan.pop * tribe["rations"] // (FOOD_DIVISOR // 1000)
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


def _allocation(plan: _Plan) -> str:
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
    want["carpenter"] = min(cap["carpenter"], 10 if plan.scholarly else 5)
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


def _research(plan: _Plan) -> list[str]:
    current = plan.tribe["research"]
    if current is not None and current not in plan.techs:
        return []
    for tech in SCHOLAR_TECHS if plan.scholarly else GROWER_TECHS:
        prereq = TECHS[tech][1]
        if tech not in plan.techs and (prereq is None or prereq in plan.techs):
            return [f"research {tech}"]
    return []


def _decrees(plan: _Plan) -> list[str]:
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
        "slaughter": 25 if herds >= 20 else 0,
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
    if tribe["smithy"].get("tools", 0) != 1000:
        orders.append("smithy tools=1000")
    return orders


def _builds(plan: _Plan) -> None:
    need_farmers = plan.need_farmers
    farm_cap = sum(
        min(40 * (s["buildings"].get("farm", 0) + _queued(s, "farm")), 8 * s["census"]["plains"])
        for s in plan.settlements
    )
    libraries = 3 if plan.scholarly else 2
    for s in plan.settlements:
        b, census, pop = s["buildings"], s["census"], s["pop"]
        houses = b.get("house", 0) + _queued(s, "house")
        if pop * 100 >= _housing(s, houses) * 72:
            plan.build(s, "house", {"timber": 20}, 2)
        farms = b.get("farm", 0) + _queued(s, "farm")
        local_short = farms * 40 < pop * CAMP_FARMERS // 1000
        room = census.get("plains", 0) * 8 > farms * 40
        if (need_farmers > farm_cap or local_short) and room and plan.build(s, "farm", FARM):
            farm_cap += 40
        if census.get("forest", 0) and (
            b.get("lumber_camp", 0) + _queued(s, "lumber_camp") < 2 + pop // 400
        ):
            plan.build(s, "lumber_camp", {"timber": 20})
        if pop < 300:
            continue
        _workshops(plan, s, libraries)


def _has(s: dict[str, Any], building: str) -> int:
    built: int = s["buildings"].get(building, 0)
    return built + _queued(s, building)


def _workshops(plan: _Plan, s: dict[str, Any], libraries: int) -> None:
    census, pop = s["census"], s["pop"]
    if _has(s, "library") < libraries:
        plan.build(s, "library", {"timber": 50, "stone": 20})
    if plan.has("milling"):
        if not _has(s, "mill"):
            plan.build(s, "mill", {"timber": 30, "stone": 10})
        if _has(s, "bakery") < 1 + pop // 1500:
            plan.build(s, "bakery", {"timber": 30, "stone": 20})
    if plan.has("smelting") and census.get("ore", 0) and not _has(s, "smelter"):
        plan.build(s, "smelter", {"timber": 20, "stone": 40})
    if census.get("hills", 0) and _has(s, "mine") < 1 + pop // 700:
        plan.build(s, "mine", {"timber": 30, "stone": 20})
    if plan.has("brewing") and not _has(s, "brewery"):
        plan.build(s, "brewery", {"timber": 30, "stone": 10})
    cap = _stock_cap(s)
    short = s["stores"]["grain"] < pop * GRANARY_TICKS // 50  # under 2000 ticks' grain
    if short and s["stores"]["grain"] * 100 >= cap * 85 and not _queued(s, "granary"):
        plan.build(s, "granary", {"timber": 40})
    if s["herds"] * 10 >= _has(s, "pasture") * 20 * 8:
        plan.build(s, "pasture", {"timber": 20})
    if s["cold"]:
        for shop, timber in (("tannery", 20), ("weavers_hall", 30), ("tailor_shop", 20)):
            if not _has(s, shop):
                plan.build(s, shop, {"timber": timber})
    if census.get("water", 0) and not _has(s, "dock"):
        plan.build(s, "dock", {"timber": 40})
    if plan.scholarly:
        if plan.has("scholarship") and not _has(s, "academy"):
            plan.build(s, "academy", {"stone": 60, "planks": 40})
        if plan.has("liturgy") and not _has(s, "church"):
            plan.build(s, "church", {"stone": 60, "planks": 40})
        if _has(s, "shrine") < 2:
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
                if any(max(abs(x - tx), abs(y - ty)) < FOUND_MIN_DISTANCE for tx, ty in taken):
                    continue
                plains = sum(row[x - 3 : x + 4].count(".") for row in rows[y - 3 : y + 4])
                if plains >= 20:
                    return x, y
    return None


def _found(plan: _Plan) -> list[str]:
    view = plan.view
    if view["tick"] % 100 or view["wagons"] or len(plan.settlements) >= MAX_SETTLEMENTS:
        return []
    big = max(plan.settlements, key=lambda s: (s["pop"], -s["id"]))
    if big["pop"] < FOUND_POP or big["stores"]["grain"] < 1500 or big["stores"]["timber"] < 250:
        return []
    site = _site(view, big)
    return [] if site is None else [f"found {site[0]} {site[1]} {WAGON_SETTLERS}"]


def _rites(plan: _Plan) -> list[str]:
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


def _camps(plan: _Plan) -> list[str]:
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


def _economy(view: dict[str, Any], scholarly: bool) -> list[str]:
    if not view["settlements"]:
        return []
    plan = _Plan(view, scholarly)
    orders = _research(plan) + _decrees(plan)
    if scholarly:
        orders += _rites(plan)
    _builds(plan)
    orders += plan.orders + _camps(plan)
    orders.append(_allocation(plan))
    return orders + _found(plan)


def grower(view: dict[str, Any]) -> list[str]:
    """Feed, house, tool up, grow, spread (see the module)."""
    return _economy(view, scholarly=False)


def scholar(view: dict[str, Any]) -> list[str]:
    """The grower's economy with more learning and faith, and rites (see the module)."""
    return _economy(view, scholarly=True)


POLICIES: dict[str, Policy] = {"grower": grower, "scholar": scholar}


# --- scripted policies -----------------------------------------------------------------------


def scripted_policy(data: Any) -> Policy:
    """The policy a scripted file's parsed JSON describes (ValueError, one line, if bad)."""
    if not isinstance(data, dict) or data.get("policy") != "scripted":
        raise ValueError('a scripted policy is an object with "policy": "scripted"')
    unknown = sorted(set(data) - {"policy", "orders", "then"})
    if unknown:
        raise ValueError(f"a scripted policy has no field {unknown[0]!r}")
    by_tick = data.get("orders")
    if not isinstance(by_tick, dict):
        raise ValueError('"orders" must be an object of tick -> list of order texts')
    script: dict[int, list[str]] = {}
    for key, texts in by_tick.items():
        if not (isinstance(key, str) and key.isdigit() and key.isascii()):
            raise ValueError(f"tick {key!r} is not a whole number")
        tick = int(key)
        if tick % POLICY_EVERY:
            raise ValueError(f"tick {tick} is not a multiple of {POLICY_EVERY}")
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise ValueError(f"tick {tick}: the orders must be a list of texts")
        for text in texts:
            try:
                parse_order(text)
            except IllegalActionError as error:
                raise ValueError(f"tick {tick}: {text!r}: {error}") from None
        script[tick] = list(texts)
    then_name = data.get("then")
    then: Policy | None = None
    if then_name is not None:
        if then_name not in POLICIES:
            raise ValueError(f'"then" must be one of {", ".join(POLICIES)}, not {then_name!r}')
        then = POLICIES[then_name]

    def scripted(view: dict[str, Any]) -> list[str]:
        texts = script.get(view["tick"])
        if texts is not None:
            return list(texts)
        return then(view) if then is not None else []

    return scripted


def policy_from_json(text: str | bytes) -> Policy:
    """A scripted policy from its file's text (ValueError, one line, if it is no such file)."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError as error:
        raise ValueError(f"not JSON ({error})") from None
    return scripted_policy(data)


load_policy = policy_from_json
"""The name callers use: the file's text in, the policy out (the engine opens no files)."""
