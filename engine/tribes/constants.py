"""The structure of Tribes (its design document) (the seed's src/constants.ts): what there is and in
what order: professions, resources, buildings, techs, rites, camps, and which of them needs, makes
or gates which. These are no dials: a sweep cannot turn a profession's name or the order stores are
hashed in. Every number of play (rates, costs, capacities, thresholds) is a field of `TribesRules`
(rules.py), named and documented with its seed source there.

Orders of declaration matter: PROFESSIONS is the profession enum order (labour ties, tool
coverage, refinement chains), RESOURCES the order stores are listed and hashed in,
BUILDING_GATES the order buildings are listed in.
"""

from __future__ import annotations

from typing import Final

# --- time and records (how a run is observed, not how it plays) --------------------------------
METRICS_EVERY: Final = 10  # seed: a metrics frame when the new tick is a multiple of 10
CHECKPOINT_EVERY: Final = 100  # issue: hashes logged every 100 ticks
PERMILLE: Final = 1000  # the unit of every share and rate: no rule, a denominator

# --- the order language's ranges, checked when an order's text is read (orders.py), before any
# world or rules are at hand; the rules may narrow them (build_count_max, rations_max,
# found_min_settlers), not widen them
ORDER_COUNT_MAX: Final = 5  # seed: a build order's count <= 5
ORDER_RATIONS_MAX: Final = 2000  # seed: rations 0..2000
ORDER_MIN_SETTLERS: Final = 50  # seed: a wagon takes at least 50 settlers

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
# Professions no building holds (the rules' `slots` names none of them): uncapped.
UNCAPPED: Final = frozenset({"builder", "hauler"})
# seed: the census class that caps an extractive profession (workers a tile: rules.biome_cap)
BIOME_CLASS: Final = {
    "farmer": "plains",
    "fisher": "water",
    "woodcutter": "forest",
    "miner": "hills",
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
# The foods in eat order (seed: bread > fish = meat > grain; their points: rules.food_points).
FOOD_KINDS: Final = ("bread", "fish", "meat", "grain")

# --- tiers --------------------------------------------------------------------------------
TIER_NAMES: Final = ("camp", "village", "town", "city")

# --- refinement: worker -> its output (rates and inputs: rules.refine_rate, refine_inputs) -
REFINE_OUTPUT: Final = {
    "miller": "flour",
    "baker": "bread",
    "brewer": "ale",
    "smelter": "metal",
    "smith": "tools",  # output by the smithy split
    "carpenter": "planks",
    "tanner": "leather",
    "weaver": "cloth",
    "tailor": "clothes",
}
SMITHY_OUTPUTS: Final = ("tools", "weapons", "armor")
SMITHY_GATES: Final = {"tools": None, "weapons": "weaponsmithing", "armor": "plate_armor"}
COLD_TERRAIN: Final = frozenset("tam")  # seed: on or adjacent to steppe, arctic, mountain

# --- construction -------------------------------------------------------------------------
# building -> (tech gate or None, terrain gate or None), in the buildings' order. Terrain gates
# are census classes the territory must hold ("plains", "water", "forest", "hills"). Costs and
# points: rules.building_cost, building_points.
BUILDING_GATES: Final[dict[str, tuple[str | None, str | None]]] = {
    "hall": (None, None),  # not buildable: one per settlement, from founding
    "house": (None, None),
    "granary": (None, None),
    "warehouse": (None, None),
    "farm": (None, "plains"),
    "dock": (None, "water"),
    "pasture": (None, None),
    "lumber_camp": (None, "forest"),
    "mine": (None, "hills"),
    "mill": ("milling", None),
    "bakery": ("milling", None),
    "brewery": ("brewing", None),
    "smelter": ("smelting", None),
    "smithy": (None, None),
    "tannery": (None, None),
    "weavers_hall": (None, None),
    "tailor_shop": (None, None),
    "market": (None, None),
    "shrine": (None, None),
    "church": ("liturgy", None),
    "library": (None, None),
    "academy": ("scholarship", None),
    "barracks": (None, None),
    "walls": (None, None),  # level 1; levels 2 and 3 gated by WALL_GATES
    "tower": (None, None),  # needs walls >= 1
}
BUILDING_NAMES: Final = tuple(BUILDING_GATES)
# The tech gate of each wall level (the wall level a walls order builds is the count + 1,
# queued included); costs and points: rules.wall_cost, wall_points.
WALL_GATES: Final = (None, "masonry", "castellany")

# --- tech and faith -----------------------------------------------------------------------
# tech -> its prerequisite (seed), in the techs' order; costs: rules.tech_cost
TECH_PREREQS: Final[dict[str, str | None]] = {
    "milling": None,
    "brewing": None,
    "smelting": None,
    "weaponsmithing": "smelting",
    "plate_armor": "weaponsmithing",
    "masonry": None,
    "castellany": "masonry",
    "coinage": None,
    "crop_rotation": None,
    "horsemanship": None,
    "scholarship": None,
    "liturgy": None,
    "siegecraft": "weaponsmithing",
}
TECH_NAMES: Final = tuple(TECH_PREREQS)
# rite -> its target: "settlement" | "tribe" | "warband" (seed); faith cost and duration:
# rules.rite_cost, rite_duration
RITE_TARGETS: Final = {
    "blessing": "settlement",
    "harvest": "settlement",
    "warding": "tribe",
    "war": "warband",
}

# --- military -----------------------------------------------------------------------------
SUPPLY_ORDER: Final = ("grain", "fish", "meat", "bread")  # seed: grain -> fish -> meat -> bread
# seed's loot order: coin, food (chosen: in the supply order), tools, weapons, armor, metal,
# cloth, clothes, timber, stone
LOOT_ORDER: Final = (
    "coin", "grain", "fish", "meat", "bread", "tools", "weapons", "armor", "metal", "cloth",
    "clothes", "timber", "stone",
)  # fmt: skip

# --- threats ------------------------------------------------------------------------------
CAMP_KINDS: Final = ("goblin_camp", "skeleton_barrow", "ogre_den", "demon_gate")

# --- trade --------------------------------------------------------------------------------
OFFER_ANY: Final = -1  # an offer's `to`: any tribe
OFFER_PEDDLER: Final = -2  # an offer's `to`: the peddler (also the trade event's counterparty)
