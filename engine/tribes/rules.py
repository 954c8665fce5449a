"""Every number of Tribes (its design document), named, with where it comes from, in one rules
object (like an OpenSpiel game's parameters), so a sweep can vary any of them: `TribesRules`.

Each field declares its bound (engine/bounds.py) and its source: "seed: ..." quotes or reads the
Tribes design document (its src/constants.ts and its text), "chosen: ..." is ours where the seed is
silent, with why. `SEED` (the rules named "seed-002") plays exactly as the engine always has; a
variant is named for its changes (`seed-002[farm_rate=120]`, engine/variants.py) and found by that
name (`find_tribes_rules`), so a logged run's options can name it (`rules`) and its replay plays it
again. A state carries its rules (`TribesState.rules`); it saves and hashes only their name, and
nothing at all for the seed's, so every state hash of the seed's rules is what it was.

What is not here, and why:
- The structure (constants.py): the professions, resources, buildings, techs, rites and camps
  and their orders (labour ties, the order stores are hashed in), which building or tech gates
  which, which profession a building employs and which output a workshop makes, the loot and
  supply orders, the offer codes. A sweep turns numbers; these are what there is.
- The record's cadence (constants.METRICS_EVERY, CHECKPOINT_EVERY) and the per-mille unit:
  how a run is observed and counted, not how it plays.
- The map generator's numbers (mapgen.py: lakes, veins, blobs, the border): the world a run is
  played on, as the voyage's world has rules of its own; a sweep varies the seed for those.
- The built-in policies' numbers (policy_*.py): players, not rules. They plan by the seed's
  rules (`SEED`) whatever the world is played by, and an order their plan gets wrong under
  other rules is refused or dropped like any other.

Three fields are held within the order language's ranges (constants.ORDER_*), checked when an
order's text is read (orders.py, before any world or rules are at hand): a build takes at
most 5 (`build_count_max` may be 1..5), rations are 0..2000 (`rations_max` may be 0..2000), a
wagon takes at least 50 settlers (`found_min_settlers` may be 50 or more). Rules may narrow
them, not widen them.

>>> SEED.name, SEED.farm_rate, find_tribes_rules("seed-002") is SEED
('seed-002', 100, True)
>>> varied = find_tribes_rules("seed-002[farm_rate=120,tech_cost.milling=40]")
>>> varied.farm_rate, varied.tech_cost["milling"], varied.fish_rate
(120, 40, 80)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from itertools import pairwise
from typing import Any, Generic, TypeVar

from ..bounds import NAME, PER_MILLE, Table, Tup, bounded, check_rules, rule
from ..errors import RuleError
from ..schema import Bool, Int
from ..variants import as_read_by, read_variant, split_variant
from .constants import (
    BIOME_CLASS,
    BUILDING_NAMES,
    CAMP_KINDS,
    FOOD_KINDS,
    ORDER_COUNT_MAX,
    ORDER_MIN_SETTLERS,
    ORDER_RATIONS_MAX,
    PROFESSIONS,
    REFINE_OUTPUT,
    RESOURCES,
    RITE_TARGETS,
    TECH_NAMES,
    TIER_NAMES,
    WALL_GATES,
)
from .mapgen import TERRAIN

MAX_TICKS = 1_000_000  # the longest run (replay.py's tick cap)
MAX_SIDE = 512  # the largest map's side (replay.py): a distance or radius in tiles
BIG = 10**9  # a count, amount or factor far past any play (people, goods, points, strength)

# What a rule may be (engine/bounds.py), each bound declared beside its field below.
TICKS = Int(1, MAX_TICKS)  # an interval or a span in ticks: at least one
SPAN = Int(0, MAX_TICKS)  # a span in ticks that may be none
TILES = Int(0, MAX_SIDE)  # a distance or radius in tiles
DIVISOR = Int(1, BIG)  # a divisor: never nothing
COUNT = Int(0, BIG)  # people, goods, points, strength, a per-mille rate past 1000
MORALE = Int(0, "morale_max")  # a morale, or a change of it
MORALE_DROP = Int(-BIG, 0)  # a morale term that lowers the target
TIER4 = Tup(COUNT, len(TIER_NAMES), len(TIER_NAMES))  # a number by tier
GOODS = Table(COUNT)  # an amount by resource (or building)
PER_UNIT = Table(Int(1, BIG))  # an amount per unit made or eaten: never nothing
WALLS = len(WALL_GATES)  # wall levels there are

SEED_NAME = "seed-002"


RULESETS: dict[str, TribesRules] = {}
"""The named rules: the seed's (`seed-002`, `SEED`). Varied rules are named for their
changes."""


@dataclass(frozen=True, slots=True)
class TribesRules:
    name: str = rule(SEED_NAME, NAME, "chosen: the rules' name (a variant's with its changes)")
    # --- time ---------------------------------------------------------------------------------
    slow_tick_interval: int = rule(
        10, Int(1, 1_000), "seed: slow systems when (tick + 1) % 10 == 0"
    )
    actions_per_tick: int = rule(
        64, Int(1, 10_000), "seed: orders taken per tribe per tick (the first 64)"
    )
    # --- professions --------------------------------------------------------------------------
    # profession -> {building: workers each holds}; professions absent are uncapped
    slots: dict[str, dict[str, int]] = field(
        default_factory=lambda: {
            "farmer": {"farm": 40},
            "fisher": {"dock": 30},
            "herder": {"pasture": 10},
            "woodcutter": {"lumber_camp": 30},
            "miner": {"mine": 30},
            "miller": {"mill": 20},
            "baker": {"bakery": 20},
            "brewer": {"brewery": 15},
            "smelter": {"smelter": 20},
            "smith": {"smithy": 20},
            "carpenter": {"lumber_camp": 10, "hall": 5},
            "tanner": {"tannery": 15},
            "weaver": {"weavers_hall": 15},
            "tailor": {"tailor_shop": 15},
            "scholar": {"library": 10, "academy": 25},
            "priest": {"shrine": 10, "church": 25},
        },
        metadata=bounded(
            Table(GOODS), "seed: the workers a building holds, by profession (its table)"
        ),
    )
    biome_cap: dict[str, int] = field(
        default_factory=lambda: {"farmer": 8, "fisher": 10, "woodcutter": 8, "miner": 8},
        metadata=bounded(
            GOODS, "seed: workers a tile of the profession's census class (constants.BIOME_CLASS)"
        ),
    )
    # --- resources ----------------------------------------------------------------------------
    food_points: dict[str, int] = field(
        default_factory=lambda: {"bread": 3, "fish": 2, "meat": 2, "grain": 1},
        metadata=bounded(
            PER_UNIT, "seed: food points a unit satisfies (bread 3 > fish 2 = meat 2 > grain 1)"
        ),
    )
    base_value: dict[str, int] = field(
        default_factory=lambda: {
            "grain": 1, "fish": 1, "timber": 1, "stone": 1,
            "meat": 2, "hides": 2, "wool": 2, "flour": 2, "planks": 2, "bread": 2,
            "ore": 3, "leather": 3, "ale": 3, "cloth": 4, "metal": 6,
            "tools": 8, "clothes": 8, "weapons": 10, "armor": 12,
            "coin": 1,
        },
        metadata=bounded(GOODS, "seed: base values per unit (the peddler's and camps' worth)"),
    )  # fmt: skip
    # --- storage, tiers, housing --------------------------------------------------------------
    store_base: int = rule(2000, COUNT, "seed: cap 2000 + 2000 x granary + 2000 x warehouse")
    store_per_building: int = rule(2000, COUNT, "seed: + 2000 a granary or warehouse")
    tier_pop: tuple[int, ...] = rule(
        (0, 100, 400, 1000), TIER4, "seed: camp / village / town / city from this pop"
    )
    territory_radius: tuple[int, ...] = rule(
        (4, 6, 9, 12), Tup(TILES, 4, 4), "seed: Chebyshev, by tier (vision: radius + 2)"
    )
    tier_claim_budget: tuple[int, ...] = rule(
        (5, 8, 12, 16),
        Tup(Int(0, 10_000), 4, 4),
        "seed: organic claims' accumulated cost, by tier",
    )
    hall_housing: int = rule(300, COUNT, "seed: hall 300 + 300 x tier")
    hall_housing_per_tier: int = rule(300, COUNT, "seed: hall 300 + 300 x tier")
    house_housing: int = rule(60, COUNT, "seed: a house holds 60")
    # --- extraction (per-mille units per worker-tick at full tools) ---------------------------
    farm_rate: int = rule(100, COUNT, "seed: farmer -> grain 100 per mille")
    crop_rotation_bonus: int = rule(200, COUNT, "seed: +200 per mille with crop_rotation")
    harvest_rite_bonus: int = rule(100, COUNT, "seed: +100 per mille under a harvest rite")
    farm_bonus_on_yield: bool = rule(
        True,
        Bool(),
        "chosen (engine tribes-3): crop rotation's and the harvest rite's per-milles are of the"
        " farmers' yield (x1.2, x1.1; both: x1.3), as the ages' per mille is of every rate;"
        " off (tribes-2): added to the farm's rate of 100 (x3, x2)",
    )
    metrics_counters: bool = rule(
        True,
        Bool(),
        "seed (engine tribes-3): a metrics frame carries each tribe's cumulative battle, trade"
        " and caravan counters; off (tribes-2): it does not",
    )
    fish_rate: int = rule(80, COUNT, "seed: fisher -> fish 80 per mille")
    timber_rate: int = rule(80, COUNT, "seed: woodcutter -> timber 80 per mille")
    stone_rate: int = rule(60, COUNT, "seed: miner -> stone 60 per mille, always")
    ore_rate: int = rule(40, COUNT, "seed: miner -> ore 40 per mille, with an ore vein")
    coin_rate: int = rule(15, COUNT, "seed: miner -> coin 15 per mille, with a gold vein")
    toolless_yield: int = rule(600, COUNT, "seed: 600 per mille without tools")
    tooled_yield: int = rule(1000, COUNT, "seed: 1000 per mille with a tool")
    tool_wear_per: int = rule(200, DIVISOR, "seed: 1 tool per 200 covered worker-ticks")
    # --- refinement ---------------------------------------------------------------------------
    refine_rate: dict[str, int] = field(
        default_factory=lambda: {
            "miller": 400, "baker": 300, "brewer": 200, "smelter": 150, "smith": 100,
            "carpenter": 200, "tanner": 200, "weaver": 150, "tailor": 100,
        },
        metadata=bounded(GOODS, "seed: a worker's output per mille a tick, by workshop trade"),
    )  # fmt: skip
    # worker -> {input: units per unit made}, a gated chain's grain first
    refine_inputs: dict[str, dict[str, int]] = field(
        default_factory=lambda: {
            "miller": {"grain": 1},
            "baker": {"flour": 1},
            "brewer": {"grain": 2},
            "smelter": {"ore": 2, "timber": 1},
            "smith": {"metal": 1, "timber": 1},
            "carpenter": {"timber": 1},
            "tanner": {"hides": 1},
            "weaver": {"wool": 2},
            "tailor": {"cloth": 1, "leather": 1},
        },
        metadata=bounded(Table(PER_UNIT), "seed: each workshop's inputs per unit made"),
    )
    armor_extra: dict[str, int] = field(
        default_factory=lambda: {"leather": 1},
        metadata=bounded(PER_UNIT, "seed: armor adds 1 leather to the smith's inputs"),
    )
    # --- consumption and morale ---------------------------------------------------------------
    food_divisor: int = rule(
        50_000, DIVISOR, "seed: points a tick = (pop x rations + acc) div 50000"
    )
    rations_default: int = rule(1000, Int(0, "rations_max"), "seed: rations 1000 is full")
    rations_max: int = rule(2000, Int(0, ORDER_RATIONS_MAX), "seed: rations decree 0..2000")
    ale_divisor: int = rule(10_000, DIVISOR, "seed: 1 ale per capita per 10 ticks at 1000")
    clothes_divisor: int = rule(10_000, DIVISOR, "seed: clothes wear pop / 10000 a tick")
    starve_morale: int = rule(30, MORALE, "seed: -30 morale a starving tick")
    starve_death_divisor: int = rule(50, DIVISOR, "seed: deaths = min(shortfall, max(1, pop / 50))")
    morale_max: int = rule(1000, Int(1, BIG), "seed: morale 0..1000")
    morale_base: int = rule(500, MORALE, "seed: the morale target's base 500")
    morale_food_variety: int = rule(100, MORALE, "seed: +100 for two food kinds eaten")
    morale_ale: int = rule(100, MORALE, "seed: +100 for an ale ration fully served")
    morale_blessing: int = rule(150, MORALE, "seed: +150 under a blessing")
    morale_clothes_short: int = rule(-150, MORALE_DROP, "seed: -150 with clothes short")
    morale_starved: int = rule(-300, MORALE_DROP, "seed: -300 after starving")
    morale_drift_divisor: int = rule(4, DIVISOR, "seed: a quarter of the gap each slow tick")
    # --- population (slow, per 10 ticks) ------------------------------------------------------
    birth_rate: int = rule(8, PER_MILLE, "seed: births 8 per mille x housing x morale x surplus")
    death_rate: int = rule(2, PER_MILLE, "seed: natural deaths 2 per mille")
    emigration_rate: int = rule(10, PER_MILLE, "seed: emigration 10 per mille ...")
    emigration_morale: int = rule(300, MORALE, "seed: ... while morale < 300")
    housing_taper_from: int = rule(
        800, Int(0, 999), "seed: births taper from 80% occupancy, stop at 100%"
    )
    surplus_ticks: int = rule(50, SPAN, "seed: surplus saturates at 50 ticks of stored food")
    # --- herds (slow) -------------------------------------------------------------------------
    herds_per_herder: int = rule(5, COUNT, "seed: each herder tends 5 herds")
    herd_growth: int = rule(30, COUNT, "seed: per mille / 10 ticks of tended herds")
    herd_growth_fed: int = rule(60, COUNT, "seed: per mille / 10 ticks of fodder-fed herds")
    herds_per_pasture: int = rule(20, COUNT, "seed: herds capped at 20 a pasture")
    wool_rate: int = rule(100, COUNT, "seed: per mille per tended herd / 10 ticks")
    slaughter_meat: int = rule(3, COUNT, "seed: a slaughtered herd gives 3 meat")
    slaughter_hides: int = rule(1, COUNT, "seed: and 1 hide")
    horse_growth: int = rule(20, COUNT, "seed: horses grow 20 per mille / 10 ticks")
    horses_per_pasture: int = rule(10, COUNT, "seed: horses capped at 10 a pasture")
    # --- construction -------------------------------------------------------------------------
    queue_cap: int = rule(12, Int(0, 10_000), "seed: a build queue holds 12")
    build_count_max: int = rule(5, Int(1, ORDER_COUNT_MAX), "seed: count <= 5 per order")
    builders_per_site: int = rule(10, DIVISOR, "seed: one active site per 10 builders (min 1)")
    max_walls: int = rule(3, Int(0, WALLS), "seed: walls rise to level 3")
    building_cost: dict[str, dict[str, int]] = field(
        default_factory=lambda: {
            "hall": {},  # not buildable: one per settlement, from founding
            "house": {"timber": 20},
            "granary": {"timber": 40},
            "warehouse": {"timber": 40, "stone": 20},
            "farm": {"timber": 30},
            "dock": {"timber": 40},
            "pasture": {"timber": 20},
            "lumber_camp": {"timber": 20},
            "mine": {"timber": 30, "stone": 20},
            "mill": {"timber": 30, "stone": 10},
            "bakery": {"timber": 30, "stone": 20},
            "brewery": {"timber": 30, "stone": 10},
            "smelter": {"timber": 20, "stone": 40},
            "smithy": {"timber": 30, "stone": 20},
            "tannery": {"timber": 20},
            "weavers_hall": {"timber": 30},
            "tailor_shop": {"timber": 20},
            "market": {"timber": 50, "stone": 20},
            "shrine": {"timber": 20, "stone": 20},
            "church": {"stone": 60, "planks": 40},
            "library": {"timber": 50, "stone": 20},
            "academy": {"stone": 60, "planks": 40},
            "barracks": {"timber": 50, "stone": 20},
            "walls": {"timber": 80},  # level 1 (wall_cost's first)
            "tower": {"timber": 30, "stone": 40},
        },
        metadata=bounded(Table(GOODS), "seed: what a building costs, debited when ordered"),
    )
    building_points: dict[str, int] = field(
        default_factory=lambda: {
            "hall": 0, "house": 40, "granary": 80, "warehouse": 100, "farm": 60, "dock": 80,
            "pasture": 50, "lumber_camp": 50, "mine": 100, "mill": 100, "bakery": 100,
            "brewery": 100, "smelter": 120, "smithy": 120, "tannery": 80, "weavers_hall": 80,
            "tailor_shop": 80, "market": 120, "shrine": 80, "church": 200, "library": 120,
            "academy": 200, "barracks": 120, "walls": 150, "tower": 120,
        },
        metadata=bounded(GOODS, "seed: the builders' points a building takes"),
    )  # fmt: skip
    wall_cost: tuple[dict[str, int], ...] = field(
        default_factory=lambda: ({"timber": 80}, {"stone": 150}, {"stone": 200, "planks": 50}),
        metadata=bounded(Tup(GOODS, WALLS, WALLS), "seed: each wall level's cost (levels 1, 2, 3)"),
    )
    wall_points: tuple[int, ...] = rule(
        (150, 250, 400), Tup(COUNT, WALLS, WALLS), "seed: each wall level's points"
    )
    # --- tech and faith -----------------------------------------------------------------------
    knowledge_rate: int = rule(150, COUNT, "seed: per mille per scholar / 10 ticks")
    faith_rate: int = rule(100, COUNT, "seed: per mille per priest / 10 ticks")
    tech_escalation: int = rule(4, DIVISOR, "seed: research costs base x (4 + techs owned) / 4")
    tech_cost: dict[str, int] = field(
        default_factory=lambda: {
            "milling": 60, "brewing": 60, "smelting": 80, "weaponsmithing": 150,
            "plate_armor": 200, "masonry": 80, "castellany": 200, "coinage": 100,
            "crop_rotation": 100, "horsemanship": 100, "scholarship": 120, "liturgy": 80,
            "siegecraft": 250,
        },
        metadata=bounded(GOODS, "seed: each tech's base cost in knowledge"),
    )  # fmt: skip
    rite_cost: dict[str, int] = field(
        default_factory=lambda: {"blessing": 20, "harvest": 25, "warding": 40, "war": 30},
        metadata=bounded(GOODS, "seed: each rite's faith"),
    )
    rite_duration: dict[str, int] = field(
        default_factory=lambda: {"blessing": 50, "harvest": 50, "warding": 100, "war": 200},
        metadata=bounded(Table(SPAN), "seed: each rite's duration in ticks"),
    )
    # --- military (part 2; the Tribes design document, "Military") --------------------------------
    muster_min_size: int = rule(10, COUNT, "seed: a warband musters at least 10")
    muster_min_remain: int = rule(50, COUNT, "seed: >= 50 civilians remain")
    supply_per_soldier: int = rule(3, COUNT, "seed: supply fills up to 3 food a soldier")
    ram_cost: dict[str, int] = field(
        default_factory=lambda: {"planks": 20, "metal": 5},
        metadata=bounded(GOODS, "seed: a ram with siegecraft, 20 planks + 5 metal"),
    )
    soldier_base: int = rule(10, COUNT, "seed: power = size x (10 + armed(10) + ...)")
    armed_bonus: int = rule(10, COUNT, "seed: armed +10 a soldier")
    age_power_per_soldier: int = rule(3, COUNT, "seed (Ages): +3 power a soldier an age")
    terrain_power: dict[str, int] = field(
        default_factory=lambda: {"f": 2, "h": 3, "O": 3, "G": 3, "m": 4, "v": 4, "s": -2},
        metadata=bounded(
            Table(Int(-BIG, BIG)),
            "seed: defender's terrain a soldier (forest +2, hills +3, mountain/volcano +4, swamp"
            " -2); chosen: 'hills' is the hills class without mountain (hills, ore, gold veins)",
        ),
    )
    wall_power_per_level: int = rule(5, COUNT, "seed: wallLevel x 5 a soldier defending")
    war_rite_bonus: int = rule(100, COUNT, "seed: +100 per mille power, the next battle")
    variance_base: int = rule(950, COUNT, "seed: power x (950 + rng(101)) / 1000")
    variance_span: int = rule(101, Int(1, BIG), "seed: rng(101)")
    loser_loss_base: int = rule(150, PER_MILLE, "seed: loser min(500, 150 + r/5) per mille")
    loser_loss_divisor: int = rule(5, DIVISOR, "seed: r/5")
    loser_loss_max: int = rule(500, PER_MILLE, "seed: at most 500 per mille")
    winner_loss_numerator: int = rule(
        350_000, COUNT, "seed: winner min(300, max(50, 350000/r)) per mille"
    )
    winner_loss_min: int = rule(50, PER_MILLE, "seed: at least 50 per mille")
    winner_loss_max: int = rule(300, PER_MILLE, "seed: at most 300 per mille")
    veterancy_win: int = rule(50, COUNT, "seed: winner +50 veterancy")
    veterancy_loss: int = rule(20, COUNT, "seed: loser +20 veterancy")
    rout_morale: int = rule(100, MORALE, "seed: the loser routs toward home, -100 morale")
    warband_morale: int = rule(
        600, MORALE, "chosen: a new warband's morale, its settlement's founding morale"
    )
    militia_divisor: int = rule(
        10, DIVISOR, "seed: raid defense = pop/10 militia + wall x 100 + towers x 50"
    )
    wall_defense: int = rule(100, COUNT, "seed: + wall x 100")
    tower_defense: int = rule(50, COUNT, "seed: + towers x 50")
    loot_per_soldier: int = rule(2, COUNT, "seed: steal up to 2 units a soldier")
    siege_wall_damage: int = rule(
        2000, DIVISOR, "seed: 2000 x level of damage drops the walls a level"
    )
    siege_no_ram_divisor: int = rule(
        4, DIVISOR, "seed: without a ram vs walls >= 2 damage is quartered"
    )
    siege_no_ram_walls: int = rule(2, Int(0, WALLS + 1), "seed: walls >= 2")
    captured_morale: int = rule(300, MORALE, "seed: a captured settlement's morale")
    supply_eaten_per_soldier: int = rule(1, COUNT, "seed: 1 food a soldier per 10 ticks")
    desertion_permille: int = rule(
        1, PER_MILLE, "seed: 1 per mille desertion per 10 ticks, outside, unsupplied"
    )
    desertion_morale: int = rule(20, MORALE, "seed: and -20 morale")
    patrol_radius: int = rule(6, TILES, "seed: patrol intercepts within 6 of the anchor")
    # --- founding (settler wagons) ------------------------------------------------------------
    found_min_settlers: int = rule(
        50, Int(ORDER_MIN_SETTLERS, BIG), "seed: a wagon takes at least 50"
    )
    found_min_distance: int = rule(6, TILES, "seed: site >= 6 tiles from any settlement")
    found_min_remain: int = rule(
        50, COUNT, "chosen: the source keeps 50 people, as a muster leaves 50"
    )
    # chosen: a wagon carries 1 grain per settler per 10 ticks of the trip (its Chebyshev
    # length) and of a 100-tick reserve, so the camp eats until its first farm is up, and 2
    # timber per settler to build that farm (the seed's wagon carries "grain supplies"; part 1
    # has no routes to bring the new camp timber, so without its own it could never build)
    found_grain_ticks: int = rule(10, DIVISOR, "chosen: 1 grain a settler per 10 ticks")
    found_grain_reserve: int = rule(100, SPAN, "chosen: and a 100-tick reserve")
    found_timber_per_settler: int = rule(2, COUNT, "chosen: 2 timber a settler")
    wagon_stuck_ticks: int = rule(
        30, SPAN, "chosen: a wagon 30 ticks without getting closer goes home"
    )
    # --- fog & vision (seed: "Fog & vision") --------------------------------------------------
    vision_beyond_territory: int = rule(2, TILES, "seed: settlement vision = territory radius + 2")
    unit_vision: int = rule(6, TILES, "seed: warbands, caravans and wagons see 6 (Chebyshev)")
    sighting_cooldown: int = rule(
        200, SPAN, "seed: a sighted event per observer/enemy pair at most every 200"
    )
    view_events: int = rule(60, Int(1, 100_000), "seed: at most the 60 newest events a view")
    # --- threats (part 2; the Tribes design document, "Threats") ----------------------------------
    camp_base: dict[str, int] = field(
        default_factory=lambda: {
            "goblin_camp": 20,
            "skeleton_barrow": 30,
            "ogre_den": 50,
            "demon_gate": 90,
        },
        metadata=bounded(
            GOODS,
            "seed: base 20/30/50/90; chosen: in the order of menace the kinds are listed by"
            " terrain (the demon gate only after tick 6000)",
        ),
    )
    camp_cap_multiple: int = rule(4, COUNT, "seed: strength +1 per 10 ticks, capped at 4x base")
    camp_max: int = rule(6, COUNT, "seed: below min(6, 1 + tick / 1500) camps")
    camp_every: int = rule(1500, TICKS, "seed: 1 + tick / 1500")
    camp_tries: int = rule(8, Int(0, 10_000), "seed: at most 8 placement tries")
    camp_min_distance: int = rule(10, TILES, "seed: 10-25 tiles (Chebyshev) from a settlement")
    camp_max_distance: int = rule(25, TILES, "seed: 10-25 tiles")
    demon_gate_after: int = rule(6000, SPAN, "seed: volcano after tick 6000")
    camp_strength_ticks: int = rule(250, TICKS, "seed: + tick / 250")
    camp_wealth_divisor: int = rule(5000, DIVISOR, "seed: + nearbyWealth / 5000")
    camp_wealth_radius: int = rule(25, TILES, "chosen: 'nearby' is the raid reach, 25 tiles")
    camp_raid_every: int = rule(100, TICKS, "seed: every 100 ticks")
    camp_raid_range: int = rule(25, TILES, "seed: the nearest settlement within 25")
    camp_power_per_strength: int = rule(8, COUNT, "seed: power = strength x 8")
    camp_loot_per_strength: int = rule(2, COUNT, "seed: steals up to 2 x strength units")
    camp_repelled_divisor: int = rule(
        4, DIVISOR, "seed: a repelled raid costs the camp 1/4 of its strength"
    )
    camp_destroy_multiple: int = rule(2, COUNT, "seed: at >= 2x defense a building is destroyed")
    camp_cleared_veterancy: int = rule(50, COUNT, "seed: +50 veterancy for clearing a camp")
    camp_bounty_per_strength: int = rule(2, COUNT, "seed: coin = 2 x strength delivered home")
    # --- ages (the Tribes design document, "Ages") ------------------------------------------------
    advance_costs: tuple[dict[str, int], ...] = field(
        default_factory=lambda: (
            {"grain": 800, "timber": 400, "hides": 100},
            {"bread": 400, "planks": 300, "metal": 150, "cloth": 100, "coin": 100},
            {"bread": 800, "metal": 300, "armor": 60, "ale": 300, "coin": 400, "clothes": 150},
        ),
        metadata=bounded(Tup(GOODS, 3, 3), "seed: the burn to leave age n for n + 1"),
    )
    age_rate_bonus: int = rule(
        100, COUNT, "seed: +100 per mille on every extraction and refinement rate, an age"
    )
    # --- score --------------------------------------------------------------------------------
    score_pop_divisor: int = rule(10, DIVISOR, "seed: score = pop/10 + ...")
    score_per_settlement: int = rule(40, COUNT, "seed: + 40 x settlements")
    score_per_tech: int = rule(25, COUNT, "seed: + 25 x techs")
    score_warband_divisor: int = rule(20, DIVISOR, "seed: + warbandPower/20")
    score_coin_divisor: int = rule(20, DIVISOR, "seed: + coin/20")
    score_per_building: int = rule(2, COUNT, "seed: + 2 x buildings completed")
    age_score_flat: int = rule(60, COUNT, "seed: +60 score, an age")
    age_score_multiplier: int = rule(
        250, COUNT, "seed: the total times (1000 + age x 250) per mille"
    )
    # --- the founding settlement (seed) -------------------------------------------------------
    start_pop: int = rule(1200, COUNT, "seed: the founding settlement's pop")
    start_tier: int = rule(3, Int(0, len(TIER_NAMES) - 1), "seed: its tier (a city)")
    start_morale: int = rule(600, MORALE, "seed: its morale")
    start_herds: int = rule(40, COUNT, "seed: its herds")
    start_horses: int = rule(10, COUNT, "seed: its horses")
    start_buildings: dict[str, int] = field(
        default_factory=lambda: {
            "hall": 1, "house": 10, "granary": 1, "warehouse": 1, "farm": 10, "pasture": 2,
            "lumber_camp": 2, "mine": 1, "smithy": 1, "market": 1, "shrine": 1, "library": 1,
            "barracks": 1,
        },
        metadata=bounded(GOODS, "seed: its buildings"),
    )  # fmt: skip
    start_stores: dict[str, int] = field(
        default_factory=lambda: {
            "grain": 2000, "meat": 100, "hides": 50, "timber": 400, "stone": 250, "coin": 100,
            "metal": 40, "leather": 40, "tools": 250, "weapons": 100, "armor": 20,
            "clothes": 100,
        },
        metadata=bounded(GOODS, "seed: its stores"),
    )  # fmt: skip
    start_allocation: dict[str, int] = field(
        default_factory=lambda: {
            "farmer": 330, "herder": 15, "woodcutter": 50, "miner": 25, "smith": 15,
            "carpenter": 5, "scholar": 8, "priest": 8, "builder": 40,
        },
        metadata=bounded(
            Table(PER_MILLE),
            "chosen: the standing allocation a tribe starts with (per mille by profession), a"
            " sober economy that feeds and tools itself until its policy says otherwise",
        ),
    )  # fmt: skip
    # --- logistics and trade (part 2) ---------------------------------------------------------
    max_routes: int = rule(24, Int(0, 10_000), "seed: routes a tribe may hold")
    max_offers: int = rule(16, Int(0, 10_000), "seed: offers a tribe may hold")
    route_keep: int = rule(100, COUNT, "seed: a route moves the surplus above this keep-level")
    hauler_throughput: int = rule(20, COUNT, "seed: units a hauler at the source per 10 ticks")
    peddler_rate: int = rule(250, COUNT, "seed: the peddler pays 25% of base value ...")
    peddler_rate_coinage: int = rule(400, COUNT, "seed: ... 40% with coinage")
    caravan_stuck_ticks: int = rule(
        30, SPAN, "chosen, as wagon_stuck_ticks: then it unloads at its nearest settlement"
    )
    # --- territory (seed: "Organic territory (claims)") ---------------------------------------
    claim_cost: dict[str, int] = field(
        default_factory=lambda: {
            ".": 1,
            "t": 1,
            "f": 2,
            "a": 2,
            "h": 2,
            "O": 2,
            "G": 2,
            "s": 3,
            "m": 5,
        },
        metadata=bounded(
            Table(Int(1, 10_000)),
            "seed: the cost of claiming a tile by its terrain (plains/steppe 1, forest/arctic 2,"
            " hills/ore/gold 2, swamp 3, mountain 5); terrains absent (ocean, river, volcano) are"
            " impassable",
        ),
    )

    def __post_init__(self) -> None:
        check_rules(self)
        _check_tables(self)
        preset = RULESETS.get(self.name)
        if preset is not None and not same_but_readings(preset, self):
            raise RuleError(
                f"rules named {self.name!r} differ from the preset of that name: name the"
                " changed rules for their changes (engine/variants.py's vary)"
            )

    def with_changes(self, **changes: object) -> TribesRules:
        return replace(self, **changes)  # type: ignore[arg-type]


def _keys(name: str, table: Any, allowed: Any, every: bool) -> None:
    keys = set(table)
    unknown = sorted(keys - set(allowed))
    if unknown:
        raise RuleError(f"{name} names {unknown[0]!r}, not one of {', '.join(allowed)}")
    missing = [key for key in allowed if key not in keys]
    if every and missing:
        raise RuleError(f"{name} lacks {missing[0]!r}")


def _check_tables(rules: TribesRules) -> None:
    """Each table keyed by what there is (constants.py): a variant changes a number, it cannot
    add a building or drop a tech; the tiers' pops start at 0 and rise."""
    _keys("slots", rules.slots, PROFESSIONS, False)
    for profession, held in rules.slots.items():
        _keys(f"slots.{profession}", held, BUILDING_NAMES, False)
    _keys("biome_cap", rules.biome_cap, BIOME_CLASS, True)
    _keys("food_points", rules.food_points, FOOD_KINDS, True)
    _keys("base_value", rules.base_value, RESOURCES, True)
    _keys("refine_rate", rules.refine_rate, REFINE_OUTPUT, True)
    _keys("refine_inputs", rules.refine_inputs, REFINE_OUTPUT, True)
    for worker, inputs in rules.refine_inputs.items():
        _keys(f"refine_inputs.{worker}", inputs, RESOURCES, False)
        if not inputs:
            raise RuleError(f"refine_inputs.{worker} names no input")
    _keys("armor_extra", rules.armor_extra, RESOURCES, False)
    _keys("building_cost", rules.building_cost, BUILDING_NAMES, True)
    _keys("building_points", rules.building_points, BUILDING_NAMES, True)
    for building, cost in rules.building_cost.items():
        _keys(f"building_cost.{building}", cost, RESOURCES, False)
    for level, cost in enumerate(rules.wall_cost):
        _keys(f"wall_cost[{level}]", cost, RESOURCES, False)
    _keys("tech_cost", rules.tech_cost, TECH_NAMES, True)
    _keys("rite_cost", rules.rite_cost, RITE_TARGETS, True)
    _keys("rite_duration", rules.rite_duration, RITE_TARGETS, True)
    _keys("ram_cost", rules.ram_cost, RESOURCES, False)
    _keys("camp_base", rules.camp_base, CAMP_KINDS, True)
    for age, cost in enumerate(rules.advance_costs):
        _keys(f"advance_costs[{age}]", cost, RESOURCES, False)
    _keys("start_buildings", rules.start_buildings, BUILDING_NAMES, False)
    _keys("start_stores", rules.start_stores, RESOURCES, False)
    _keys("start_allocation", rules.start_allocation, PROFESSIONS, False)
    _keys("terrain_power", rules.terrain_power, TERRAIN, False)
    _keys("claim_cost", rules.claim_cost, TERRAIN, False)
    pops = rules.tier_pop
    if pops[0] != 0 or any(b < a for a, b in pairwise(pops)):
        raise RuleError(f"tier_pop {pops} must start at 0 and never fall")
    if rules.camp_min_distance > rules.camp_max_distance:
        raise RuleError("camp_min_distance is past camp_max_distance")


SEED = TribesRules()
RULESETS[SEED.name] = SEED

READINGS = ("farm_bonus_on_yield", "metrics_counters")
"""The rules an engine version reads its own way: the same name means the same rules but for
these, which each engine sets (`read_by`), so a run logged by an earlier engine replays by
that engine's readings under its rules' own name (and hashes as it did)."""
EARLIER_READINGS: dict[str, dict[str, Any]] = {
    "tribes-2": {"farm_bonus_on_yield": False, "metrics_counters": False},
}
"""What each earlier engine read otherwise than this one."""


def same_but_readings(a: TribesRules, b: TribesRules) -> bool:
    """Whether two rules are the same but for what an engine reads its own way."""
    return all(
        getattr(a, f.name) == getattr(b, f.name) for f in fields(a) if f.name not in READINGS
    )


@lru_cache(maxsize=256)
def find_tribes_rules(name: str) -> TribesRules:
    """The rules `name`: a preset, or a variant of one by name (`seed-002[farm_rate=120]`,
    engine/variants.py); RuleError naming those there are, or the change that is wrong.
    Remembered by name (a rules object is frozen; its tables are never changed in play)."""
    base, changes = split_variant(name)
    if base not in RULESETS:
        raise RuleError(f"no tribes rules {name!r}: one of {', '.join(RULESETS)}")
    return read_variant(RULESETS[base], changes) if changes else RULESETS[base]


T = TypeVar("T")


class PerRules(Generic[T]):
    """A table derived from a rules object (a phase's lookup, a cache's key), made once for
    each rules object and kept while it is: `chains = CHAINS(state.rules)` costs a lookup.
    The entry holds the rules object, so an id is never taken for another's."""

    def __init__(self, make: Callable[[TribesRules], T]) -> None:
        self._make = make
        self._made: dict[int, tuple[TribesRules, T]] = {}

    def __call__(self, rules: TribesRules) -> T:
        hit = self._made.get(id(rules))
        if hit is None or hit[0] is not rules:
            if len(self._made) >= 64:  # a sweep's many variants: forget the old ones
                self._made.clear()
            hit = self._made[id(rules)] = (rules, self._make(rules))
        return hit[1]


def field_names() -> tuple[str, ...]:
    """Every field of the rules but the name: the numbers a sweep may turn."""
    return tuple(f.name for f in fields(TribesRules) if f.name != "name")


def read_by(rules: TribesRules, engine_version: str | None) -> TribesRules:
    """The rules as `engine_version` read them (engine/variants.py's `as_read_by`)."""
    return as_read_by(rules, EARLIER_READINGS, engine_version)
