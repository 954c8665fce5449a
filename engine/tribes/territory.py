"""Territory, tiers and the census (seed 002, phase 2, slow): a settlement's tier follows its
population and never falls; its territory is the Chebyshev square of its tier's radius; the
census counts the biomes in it, which cap extraction and gate buildings. The grain gates (the
craft decrees' shares of the grain stock for mill, brew and fodder) are set here too, on the
same slow phase.

Part 1 takes territory as the plain square (overlaps allowed); part 2's organic claims replace
`territory_tiles` and nothing else."""

from __future__ import annotations

from functools import lru_cache

from .constants import TERRITORY_RADIUS, TIER_POP
from .mapgen import FOREST, GOLD, HILLS_CLASS, ORE, PLAINS, WATER
from .state import Settlement, TribesState

CENSUS_CLASSES = ("plains", "forest", "hills", "water", "ore", "gold")


def tier_for(pop: int, tier: int) -> int:
    """The tier a population reaches (camp, village >= 100, town >= 400, city >= 1000); a tier
    once reached is kept."""
    reached = max(i for i, least in enumerate(TIER_POP) if pop >= least)
    return max(tier, reached)


def territory_tiles(state: TribesState, settlement: Settlement) -> list[tuple[int, int]]:
    """The tiles a settlement works: the Chebyshev square of its tier's radius, on the map."""
    radius = TERRITORY_RADIUS[settlement.tier]
    size = state.size
    return [
        (x, y)
        for y in range(max(0, settlement.y - radius), min(size, settlement.y + radius + 1))
        for x in range(max(0, settlement.x - radius), min(size, settlement.x + radius + 1))
    ]


def take_census(state: TribesState, settlement: Settlement) -> None:
    """Count the biomes of the settlement's territory (hills counts every hills-class tile,
    ore and gold veins included; water is ocean, lake and river)."""
    radius = TERRITORY_RADIUS[settlement.tier]
    settlement.census = dict(_census(state.rows, settlement.x, settlement.y, radius))


@lru_cache(maxsize=4096)
def _census(rows: tuple[str, ...], x: int, y: int, radius: int) -> tuple[tuple[str, int], ...]:
    """The counts of a square of the map, computed once per (map, centre, radius): the map
    never changes in part 1, and a settlement's square changes only with its tier."""
    size = len(rows)
    counts = dict.fromkeys(CENSUS_CLASSES, 0)
    for row in rows[max(0, y - radius) : min(size, y + radius + 1)]:
        for tile in row[max(0, x - radius) : min(size, x + radius + 1)]:
            if tile == PLAINS:
                counts["plains"] += 1
            elif tile == FOREST:
                counts["forest"] += 1
            elif tile in WATER:
                counts["water"] += 1
            if tile in HILLS_CLASS:
                counts["hills"] += 1
            if tile == ORE:
                counts["ore"] += 1
            elif tile == GOLD:
                counts["gold"] += 1
    return tuple(counts.items())


def set_grain_gates(state: TribesState, settlement: Settlement) -> None:
    """This interval's grain budgets: each craft decree's per-mille share of the grain stock
    (mill, brew, fodder), taken in that order from what the earlier ones leave."""
    craft = state.tribes[settlement.tribe].craft
    grain = settlement.stores["grain"]
    gates = {}
    for gate in ("mill", "brew", "fodder"):
        gates[gate] = min(grain * craft.get(gate, 0) // 1000, grain)
        grain -= gates[gate]
    settlement.grain_gates = gates


def territory_and_census(state: TribesState) -> None:
    """Phase 2 (slow): every settlement's census and grain gates, in ascending id (tiers move in
    phase 9, with population)."""
    for settlement in state.settlements:
        take_census(state, settlement)
        set_grain_gates(state, settlement)
