"""Every number of seed 002's Tribes in one place (the seed's src/constants.ts): professions and
their capacities, resources, buildings and their costs and gates, techs, rites, rates, tiers.
A number the seed gives is marked "seed"; one it leaves open is marked "chosen" with why.

Orders of declaration matter: PROFESSIONS is the profession enum order (labour ties, tool
coverage, refinement chains), RESOURCES the order stores are listed and hashed in, BUILDINGS the
order buildings are listed in.
"""

from __future__ import annotations

from typing import Final

# --- time ---------------------------------------------------------------------------------
SLOW_TICK_INTERVAL: Final = 10  # seed: slow systems when (tick + 1) % 10 == 0
ACTIONS_PER_TICK: Final = 64  # seed: orders taken per tribe per tick
METRICS_EVERY: Final = 10  # seed: a metrics frame when the new tick is a multiple of 10
CHECKPOINT_EVERY: Final = 100  # issue: hashes logged every 100 ticks
PERMILLE: Final = 1000

# --- professions --------------------------------------------------------------------------
PROFESSIONS: Final = (
    "farmer",
    "fisher",
    "herder",
    "woodcutter",
    "miner",
    "miller",
    "baker",
    "brewer",
    "smelter",
    "smith",
    "carpenter",
    "tanner",
    "weaver",
    "tailor",
    "scholar",
    "priest",
    "builder",
    "hauler",
)
PROFESSION_INDEX: Final = {name: i for i, name in enumerate(PROFESSIONS)}
EXTRACTIVE: Final = ("farmer", "fisher", "herder", "woodcutter", "miner")  # seed: tool users

# Workers a building holds (seed's table): profession -> ((building, slots), ...). Professions
# absent here (builder, hauler) are uncapped.
SLOTS: Final[dict[str, tuple[tuple[str, int], ...]]] = {
    "farmer": (("farm", 40),),
    "fisher": (("dock", 30),),
    "herder": (("pasture", 10),),
    "woodcutter": (("lumber_camp", 30),),
    "miner": (("mine", 30),),
    "miller": (("mill", 20),),
    "baker": (("bakery", 20),),
    "brewer": (("brewery", 15),),
    "smelter": (("smelter", 20),),
    "smith": (("smithy", 20),),
    "carpenter": (("lumber_camp", 10), ("hall", 5)),
    "tanner": (("tannery", 15),),
    "weaver": (("weavers_hall", 15),),
    "tailor": (("tailor_shop", 15),),
    "scholar": (("library", 10), ("academy", 25)),
    "priest": (("shrine", 10), ("church", 25)),
}
UNCAPPED: Final = frozenset({"builder", "hauler"})

# Biome caps on extraction (seed): profession -> (census class, workers per tile).
BIOME_CAP: Final[dict[str, tuple[str, int]]] = {
    "farmer": ("plains", 8),
    "fisher": ("water", 10),
    "woodcutter": ("forest", 8),
    "miner": ("hills", 8),
}

# --- resources ----------------------------------------------------------------------------
RESOURCES: Final = (
    "grain",
    "fish",
    "meat",
    "bread",
    "flour",
    "ale",
    "hides",
    "wool",
    "leather",
    "cloth",
    "clothes",
    "timber",
    "planks",
    "stone",
    "ore",
    "metal",
    "coin",
    "tools",
    "weapons",
    "armor",
)
# Food points a unit satisfies, in eat order (seed: bread 3 > fish 2 = meat 2 > grain 1).
FOOD_POINTS: Final = (("bread", 3), ("fish", 2), ("meat", 2), ("grain", 1))
FOOD_KINDS: Final = tuple(name for name, _ in FOOD_POINTS)
# Base values per unit (seed; the peddler and trade of part 2 price by them).
BASE_VALUE: Final = {
    "grain": 1, "fish": 1, "timber": 1, "stone": 1,
    "meat": 2, "hides": 2, "wool": 2, "flour": 2, "planks": 2, "bread": 2,
    "ore": 3, "leather": 3, "ale": 3, "cloth": 4, "metal": 6,
    "tools": 8, "clothes": 8, "weapons": 10, "armor": 12,
    "coin": 1,
}  # fmt: skip

# --- storage, tiers, housing --------------------------------------------------------------
STORE_BASE: Final = 2000  # seed: cap 2000 + 2000 x granary + 2000 x warehouse, per resource
STORE_PER_BUILDING: Final = 2000
TIER_POP: Final = (0, 100, 400, 1000)  # seed: camp / village / town / city
TIER_NAMES: Final = ("camp", "village", "town", "city")
TERRITORY_RADIUS: Final = (4, 6, 9, 12)  # seed: Chebyshev, by tier (vision: radius + 2)
TIER_CLAIM_BUDGET: Final = (5, 8, 12, 16)  # seed: organic claims' accumulated cost, by tier
HALL_HOUSING: Final = 300  # seed: hall 300 + 300 x tier
HALL_HOUSING_PER_TIER: Final = 300
HOUSE_HOUSING: Final = 60  # seed

# --- extraction (per-mille units per worker-tick at full tools) ---------------------------
FARM_RATE: Final = 100  # seed: grain
CROP_ROTATION_BONUS: Final = 200  # seed: +200 per mille
HARVEST_RITE_BONUS: Final = 100  # seed: +100 per mille
FISH_RATE: Final = 80
TIMBER_RATE: Final = 80
STONE_RATE: Final = 60  # seed: miners always
ORE_RATE: Final = 40  # seed: with >= 1 ore vein in territory
COIN_RATE: Final = 15  # seed: with >= 1 gold vein in territory
TOOLLESS_YIELD: Final = 600  # seed: 600 per mille without tools
TOOLED_YIELD: Final = 1000
TOOL_WEAR_PER: Final = 200  # seed: 1 tool per 200 covered worker-ticks

# --- refinement: worker -> (rate per mille, inputs, output) -------------------------------
REFINING: Final[dict[str, tuple[int, tuple[tuple[str, int], ...], str]]] = {
    "miller": (400, (("grain", 1),), "flour"),
    "baker": (300, (("flour", 1),), "bread"),
    "brewer": (200, (("grain", 2),), "ale"),
    "smelter": (150, (("ore", 2), ("timber", 1)), "metal"),
    "smith": (100, (("metal", 1), ("timber", 1)), "tools"),  # output by the smithy split
    "carpenter": (200, (("timber", 1),), "planks"),
    "tanner": (200, (("hides", 1),), "leather"),
    "weaver": (150, (("wool", 2),), "cloth"),
    "tailor": (100, (("cloth", 1), ("leather", 1)), "clothes"),
}
SMITHY_OUTPUTS: Final = ("tools", "weapons", "armor")
SMITHY_GATES: Final = {"tools": None, "weapons": "weaponsmithing", "armor": "plate_armor"}
ARMOR_EXTRA: Final = (("leather", 1),)  # seed: armor adds 1 leather

# --- consumption and morale ---------------------------------------------------------------
FOOD_DIVISOR: Final = 50_000  # seed: points per tick = (pop x rations + acc) div 50000
RATIONS_DEFAULT: Final = 1000
RATIONS_MAX: Final = 2000
ALE_DIVISOR: Final = 10_000  # seed: 1 ale per capita per 10 ticks at 1000 per mille
CLOTHES_DIVISOR: Final = 10_000  # seed: clothes wear pop/10000 per tick
COLD_TERRAIN: Final = frozenset("tam")  # seed: on or adjacent to steppe, arctic, mountain
STARVE_MORALE: Final = 30  # seed: -30 morale a starving tick
STARVE_DEATH_DIVISOR: Final = 50  # seed: deaths = min(shortfall, max(1, pop/50))
MORALE_MAX: Final = 1000
MORALE_BASE: Final = 500  # seed: the target's terms
MORALE_FOOD_VARIETY: Final = 100
MORALE_ALE: Final = 100
MORALE_BLESSING: Final = 150
MORALE_CLOTHES_SHORT: Final = -150
MORALE_STARVED: Final = -300
MORALE_DRIFT_DIVISOR: Final = 4  # seed: a quarter of the gap each slow tick

# --- population (slow, per 10 ticks) ------------------------------------------------------
BIRTH_RATE: Final = 8  # seed: 8 per mille x housing x morale x surplus factors
DEATH_RATE: Final = 2  # seed
EMIGRATION_RATE: Final = 10  # seed, while morale < 300
EMIGRATION_MORALE: Final = 300
HOUSING_TAPER_FROM: Final = 800  # seed: births taper from 80% occupancy, stop at 100%
SURPLUS_TICKS: Final = 50  # seed: surplus saturates at 50 ticks of stored food

# --- herds (slow) -------------------------------------------------------------------------
HERDS_PER_HERDER: Final = 5
HERD_GROWTH: Final = 30  # seed: per mille / 10 ticks of tended herds
HERD_GROWTH_FED: Final = 60  # seed: for the fodder-fed fraction
HERDS_PER_PASTURE: Final = 20
WOOL_RATE: Final = 100  # seed: per mille per tended herd / 10 ticks
SLAUGHTER_MEAT: Final = 3
SLAUGHTER_HIDES: Final = 1
HORSE_GROWTH: Final = 20
HORSES_PER_PASTURE: Final = 10

# --- construction -------------------------------------------------------------------------
QUEUE_CAP: Final = 12  # seed
BUILD_COUNT_MAX: Final = 5  # seed: count <= 5 per order
BUILDERS_PER_SITE: Final = 10  # seed: one active site per 10 builders (min 1)
MAX_WALLS: Final = 3

# building -> (cost, points, tech gate or None, terrain gate or None). Terrain gates are census
# classes the territory must hold ("plains", "water", "forest", "hills").
BUILDINGS: Final[dict[str, tuple[dict[str, int], int, str | None, str | None]]] = {
    "hall": ({}, 0, None, None),  # not buildable: one per settlement, from founding
    "house": ({"timber": 20}, 40, None, None),
    "granary": ({"timber": 40}, 80, None, None),
    "warehouse": ({"timber": 40, "stone": 20}, 100, None, None),
    "farm": ({"timber": 30}, 60, None, "plains"),
    "dock": ({"timber": 40}, 80, None, "water"),
    "pasture": ({"timber": 20}, 50, None, None),
    "lumber_camp": ({"timber": 20}, 50, None, "forest"),
    "mine": ({"timber": 30, "stone": 20}, 100, None, "hills"),
    "mill": ({"timber": 30, "stone": 10}, 100, "milling", None),
    "bakery": ({"timber": 30, "stone": 20}, 100, "milling", None),
    "brewery": ({"timber": 30, "stone": 10}, 100, "brewing", None),
    "smelter": ({"timber": 20, "stone": 40}, 120, "smelting", None),
    "smithy": ({"timber": 30, "stone": 20}, 120, None, None),
    "tannery": ({"timber": 20}, 80, None, None),
    "weavers_hall": ({"timber": 30}, 80, None, None),
    "tailor_shop": ({"timber": 20}, 80, None, None),
    "market": ({"timber": 50, "stone": 20}, 120, None, None),
    "shrine": ({"timber": 20, "stone": 20}, 80, None, None),
    "church": ({"stone": 60, "planks": 40}, 200, "liturgy", None),
    "library": ({"timber": 50, "stone": 20}, 120, None, None),
    "academy": ({"stone": 60, "planks": 40}, 200, "scholarship", None),
    "barracks": ({"timber": 50, "stone": 20}, 120, None, None),
    "walls": ({"timber": 80}, 150, None, None),  # level 1; levels 2 and 3 in WALL_LEVELS
    "tower": ({"timber": 30, "stone": 40}, 120, None, None),  # needs walls >= 1
}
BUILDING_NAMES: Final = tuple(BUILDINGS)
# The wall level a walls order builds is the count + 1 (queued included): its cost, points, gate.
WALL_LEVELS: Final[tuple[tuple[dict[str, int], int, str | None], ...]] = (
    ({"timber": 80}, 150, None),
    ({"stone": 150}, 250, "masonry"),
    ({"stone": 200, "planks": 50}, 400, "castellany"),
)

# --- tech and faith -----------------------------------------------------------------------
KNOWLEDGE_RATE: Final = 150  # seed: per mille per scholar / 10 ticks
FAITH_RATE: Final = 100  # seed: per mille per priest / 10 ticks
TECH_ESCALATION: Final = 4  # seed: research costs base x (4 + techs owned) / 4
TECHS: Final[dict[str, tuple[int, str | None]]] = {
    "milling": (60, None),
    "brewing": (60, None),
    "smelting": (80, None),
    "weaponsmithing": (150, "smelting"),
    "plate_armor": (200, "weaponsmithing"),
    "masonry": (80, None),
    "castellany": (200, "masonry"),
    "coinage": (100, None),
    "crop_rotation": (100, None),
    "horsemanship": (100, None),
    "scholarship": (120, None),
    "liturgy": (80, None),
    "siegecraft": (250, "weaponsmithing"),
}
TECH_NAMES: Final = tuple(TECHS)
# rite -> (faith cost, duration in ticks, target: "settlement" | "tribe" | "warband")
RITES: Final[dict[str, tuple[int, int, str]]] = {
    "blessing": (20, 50, "settlement"),
    "harvest": (25, 50, "settlement"),
    "warding": (40, 100, "tribe"),
    "war": (30, 200, "warband"),
}

# --- military (part 2; seed 002, "Military") ---------------------------------------------
MUSTER_MIN_SIZE: Final = 10  # seed: min size 10
MUSTER_MIN_REMAIN: Final = 50  # seed: >= 50 civilians remain
SUPPLY_PER_SOLDIER: Final = 3  # seed: supply auto-fills up to 3 food per soldier
SUPPLY_ORDER: Final = ("grain", "fish", "meat", "bread")  # seed: grain -> fish -> meat -> bread
RAM_COST: Final = {"planks": 20, "metal": 5}  # seed: with siegecraft and >= 20 planks + 5 metal
SOLDIER_BASE: Final = 10  # seed: power = size x (10 + armed(10) + armorRatio/100 + ...)
ARMED_BONUS: Final = 10
AGE_POWER_PER_SOLDIER: Final = 3  # seed (Ages): +3 warband power per soldier per age
# seed: defender terrain bonus per soldier (forest +2, hills +3, mountain/volcano +4, swamp -2);
# chosen: "hills" is the hills class without mountain (hills, ore and gold veins)
TERRAIN_POWER: Final = {"f": 2, "h": 3, "O": 3, "G": 3, "m": 4, "v": 4, "s": -2}
WALL_POWER_PER_LEVEL: Final = 5  # seed: wallLevel x 5 per soldier when defending a settlement
WAR_RITE_BONUS: Final = 100  # seed: +100 per mille power for the warband's next battle
VARIANCE_BASE: Final = 950  # seed: power x (950 + rng(101)) / 1000
VARIANCE_SPAN: Final = 101
LOSER_LOSS_BASE: Final = 150  # seed: loser loses min(500, 150 + r/5) per mille (min 1)
LOSER_LOSS_DIVISOR: Final = 5
LOSER_LOSS_MAX: Final = 500
WINNER_LOSS_NUMERATOR: Final = 350_000  # seed: winner min(300, max(50, 350000/r)) per mille
WINNER_LOSS_MIN: Final = 50
WINNER_LOSS_MAX: Final = 300
VETERANCY_WIN: Final = 50  # seed: winner +50 veterancy, loser +20
VETERANCY_LOSS: Final = 20
ROUT_MORALE: Final = 100  # seed: the loser routs toward home, -100 morale
WARBAND_MORALE: Final = 600  # chosen: a new warband's morale, its settlement's founding morale
MILITIA_DIVISOR: Final = 10  # seed: raid defense = pop/10 militia + wall x 100 + towers x 50
WALL_DEFENSE: Final = 100
TOWER_DEFENSE: Final = 50
LOOT_PER_SOLDIER: Final = 2  # seed: steal up to 2 units per soldier
# seed's loot order: coin, food (chosen: in the supply order), tools, weapons, armor, metal,
# cloth, clothes, timber, stone
LOOT_ORDER: Final = (
    "coin", "grain", "fish", "meat", "bread", "tools", "weapons", "armor", "metal", "cloth",
    "clothes", "timber", "stone",
)  # fmt: skip
SIEGE_WALL_DAMAGE: Final = 2000  # seed: 2000 x level of damage drops the walls a level
SIEGE_NO_RAM_DIVISOR: Final = 4  # seed: without a ram vs walls >= 2 damage is quartered
SIEGE_NO_RAM_WALLS: Final = 2
CAPTURED_MORALE: Final = 300  # seed: a captured settlement's morale
SUPPLY_EATEN_PER_SOLDIER: Final = 1  # seed: 1 food per soldier per 10 ticks
DESERTION_PERMILLE: Final = 1  # seed: 1 per mille desertion per 10 ticks, outside, unsupplied
DESERTION_MORALE: Final = 20  # seed: and -20 morale
PATROL_RADIUS: Final = 6  # seed: patrol intercepts within 6 of the anchor

# --- founding (settler wagons) ------------------------------------------------------------
FOUND_MIN_SETTLERS: Final = 50  # seed
FOUND_MIN_DISTANCE: Final = 6  # seed: site >= 6 tiles from any settlement
FOUND_MIN_REMAIN: Final = 50  # chosen: the source keeps 50 people, as a muster leaves 50
# chosen: a wagon carries 1 grain per settler per 10 ticks of the trip (its Chebyshev length)
# and of a 100-tick reserve, so the camp eats until its first farm is up, and 2 timber per
# settler to build that farm (the seed's wagon carries "grain supplies"; part 1 has no routes
# to bring the new camp timber, so without its own it could never build anything).
FOUND_GRAIN_TICKS: Final = 10
FOUND_GRAIN_RESERVE: Final = 100
FOUND_TIMBER_PER_SETTLER: Final = 2
WAGON_STUCK_TICKS: Final = 30  # chosen: a wagon 30 ticks without getting closer goes home

# --- fog & vision (seed: "Fog & vision") ---------------------------------------------------
VISION_BEYOND_TERRITORY: Final = 2  # seed: settlement vision = territory radius + 2
UNIT_VISION: Final = 6  # seed: warbands, caravans and wagons see 6 (Chebyshev)
SIGHTING_COOLDOWN: Final = 200  # seed: a sighted event per observer/enemy pair at most every 200
VIEW_EVENTS: Final = 60  # seed: at most the 60 newest events per view

# --- threats (part 2; seed 002, "Threats") ----------------------------------------------
CAMP_KINDS: Final = ("goblin_camp", "skeleton_barrow", "ogre_den", "demon_gate")
# seed: base 20/30/50/90; chosen: in the order of menace the kinds are listed by terrain,
# goblin 20, skeleton 30, ogre 50, demon 90 (the demon gate only after tick 6000)
CAMP_BASE: Final = {"goblin_camp": 20, "skeleton_barrow": 30, "ogre_den": 50, "demon_gate": 90}
CAMP_CAP_MULTIPLE: Final = 4  # seed: strength +1 per 10 ticks, capped at 4x base
CAMP_MAX: Final = 6  # seed: below min(6, 1 + tick / 1500) camps
CAMP_EVERY: Final = 1500
CAMP_TRIES: Final = 8  # seed: at most 8 placement tries
CAMP_MIN_DISTANCE: Final = 10  # seed: 10-25 tiles (Chebyshev) from a settlement
CAMP_MAX_DISTANCE: Final = 25
DEMON_GATE_AFTER: Final = 6000  # seed: volcano after tick 6000
CAMP_STRENGTH_TICKS: Final = 250  # seed: + tick / 250
CAMP_WEALTH_DIVISOR: Final = 5000  # seed: + nearbyWealth / 5000
CAMP_WEALTH_RADIUS: Final = 25  # chosen: "nearby" is the raid reach, 25 tiles
CAMP_RAID_EVERY: Final = 100  # seed: every 100 ticks
CAMP_RAID_RANGE: Final = 25  # seed: the nearest settlement within 25
CAMP_POWER_PER_STRENGTH: Final = 8  # seed: power = strength x 8
CAMP_LOOT_PER_STRENGTH: Final = 2  # seed: steals up to 2 x strength units
CAMP_REPELLED_DIVISOR: Final = 4  # seed: a repelled raid costs the camp 1/4 of its strength
CAMP_DESTROY_MULTIPLE: Final = 2  # seed: at >= 2x defense a building is destroyed
CAMP_CLEARED_VETERANCY: Final = 50  # seed: +50 veterancy
CAMP_BOUNTY_PER_STRENGTH: Final = 2  # seed: coin = 2 x strength delivered home

# --- score --------------------------------------------------------------------------------
SCORE_POP_DIVISOR: Final = 10
SCORE_PER_SETTLEMENT: Final = 40
SCORE_PER_TECH: Final = 25
SCORE_WARBAND_DIVISOR: Final = 20
SCORE_COIN_DIVISOR: Final = 20
SCORE_PER_BUILDING: Final = 2

# --- the founding settlement (seed) -------------------------------------------------------
START_POP: Final = 1200
START_TIER: Final = 3
START_MORALE: Final = 600
START_HERDS: Final = 40
START_HORSES: Final = 10
START_BUILDINGS: Final = {
    "hall": 1, "house": 10, "granary": 1, "warehouse": 1, "farm": 10, "pasture": 2,
    "lumber_camp": 2, "mine": 1, "smithy": 1, "market": 1, "shrine": 1, "library": 1,
    "barracks": 1,
}  # fmt: skip
START_STORES: Final = {
    "grain": 2000, "meat": 100, "hides": 50, "timber": 400, "stone": 250, "coin": 100,
    "metal": 40, "leather": 40, "tools": 250, "weapons": 100, "armor": 20, "clothes": 100,
}  # fmt: skip

# --- logistics and trade (part 2) ---------------------------------------------------------
MAX_ROUTES: Final = 24  # seed: routes a tribe may hold
MAX_OFFERS: Final = 16  # seed: offers a tribe may hold
ROUTE_KEEP: Final = 100  # seed: a route moves per mille of the surplus above this keep-level
HAULER_THROUGHPUT: Final = 20  # seed: units per hauler at the source per 10 ticks
PEDDLER_RATE: Final = 250  # seed: the peddler pays 25% of base value ...
PEDDLER_RATE_COINAGE: Final = 400  # seed: ... 40% with coinage
OFFER_ANY: Final = -1  # an offer's `to`: any tribe
OFFER_PEDDLER: Final = -2  # an offer's `to`: the peddler (also the trade event's counterparty)
CARAVAN_STUCK_TICKS: Final = 30  # chosen, as WAGON_STUCK_TICKS: then it unloads at the nearest
#   settlement of its owner
