"""Territory, tiers and the census (the Tribes design document, phase 2, slow): a settlement's tier
follows its population and never falls; its territory is what it claims organically (seed: "Organic
territory (claims)"); the census counts the biomes of the claim, which cap extraction and gate
buildings. The grain gates (the craft decrees' shares of the grain stock for mill, brew and fodder)
are set here too, on the same slow phase.

The claims: a multi-source bucket Dijkstra from every settlement at once. Entering a tile costs the
rules' claim_cost of its terrain (plains/steppe 1, forest/arctic 2, hills/ore/gold 2, swamp 3,
mountain 5; ocean, river and volcano are impassable); a settlement claims the tiles it reaches
within its tier's budget (tier_claim_budget 5/8/12/16 accumulated cost, inclusive). Each tile goes
to the settlement that reaches it cheapest, ties to the lower id (the earlier founded).
Chosen readings:
- Steps go to the 8 neighbours (the Tribes world is Chebyshev: territory radii, vision,
  movement), so on open plains a budget of B claims the square of radius B; the budgets are
  the old radii 4/6/9/12 x 4/3, which is that square at the mean cost of mixed land.
- A settlement's own tile is claimed at cost 0 whatever it is; a path to a tile runs through
  tiles its settlement claims (a tile claimed by one settlement blocks the others' growth
  through it), which is what a single multi-source Dijkstra computes.
- Water for docks and fishers (census "water") stays adjacency-based: the distinct ocean and
  river tiles 8-adjacent to a claimed tile (each settlement counts its own; two settlements
  may share a shore). No tile of water is ever claimed.

Cost: the claims are a pure function of the map and every settlement's (id, x, y, tier), so they are
cached on exactly that key and the rules' claim table (`claim_owners`): the Dijkstra runs again only
when a settlement is founded, lost, or rises a tier; the results are the same with or without the
cache. Nothing of the claim is kept in the hashed state beyond the census; `claims(state)` gives the
claimed tiles (indices y * size + x, ascending) for views and charts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .mapgen import FOREST, GOLD, HILLS_CLASS, ORE, PLAINS, WATER
from .rules import PerRules, TribesRules
from .state import Settlement, TribesState

CENSUS_CLASSES = ("plains", "forest", "hills", "water", "ore", "gold")


@dataclass(frozen=True, slots=True, eq=False)
class Claim:
    """The rules' claim table: each terrain's cost (absent: impassable) and each tier's
    budget. One per rules object (`CLAIM`), compared by identity, so the caches below key on
    it at the cost of a pointer."""

    costs: dict[str, int]
    budgets: tuple[int, ...]


CLAIM = PerRules(lambda rules: Claim(dict(rules.claim_cost), tuple(rules.tier_claim_budget)))
Sources = tuple[tuple[int, int, int, int], ...]  # (id, x, y, tier), ascending id


def tier_for(pop: int, tier: int, rules: TribesRules) -> int:
    """The tier a population reaches (camp, village >= 100, town >= 400, city >= 1000); a tier
    once reached is kept."""
    reached = max(i for i, least in enumerate(rules.tier_pop) if pop >= least)
    return max(tier, reached)


@lru_cache(maxsize=8)
def _grid(
    rows: tuple[str, ...], claim: Claim
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The map's claim cost per tile (0: impassable) and every tile's 8 neighbours on the map,
    flat (index y * size + x), computed once per map and claim table."""
    size = len(rows)
    claim_cost = claim.costs
    costs = tuple(claim_cost.get(tile, 0) for row in rows for tile in row)
    neighbours = tuple(
        tuple(
            (y + dy) * size + x + dx
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < size and 0 <= y + dy < size
        )
        for y in range(size)
        for x in range(size)
    )
    return costs, neighbours


@lru_cache(maxsize=64)
def _owners(rows: tuple[str, ...], sources: Sources, claim: Claim) -> tuple[int, ...]:
    """The claiming settlement's id of every tile (-1: unclaimed): the bucket Dijkstra.

    Labels are (cost, settlement id), compared as pairs; a tile is settled when its cost's
    bucket is reached (every step costs >= 1, so nothing can improve it after), and grows its
    owner's claim only while the accumulated cost stays within the owner's budget."""
    costs, neighbours = _grid(rows, claim)
    size = len(rows)
    n = size * size
    best = [-1] * n  # the accumulated cost (-1: not reached)
    owner = [-1] * n
    done = bytearray(n)
    budget: dict[int, int] = {}
    top = 0
    for sid, _x, _y, tier in sources:
        budget[sid] = claim.budgets[tier]
        top = max(top, budget[sid])
    buckets: list[list[int]] = [[] for _ in range(top + 1)]
    for sid, x, y, _ in sources:
        i = y * size + x
        if owner[i] < 0:  # two seats on one tile cannot happen; the lower id would keep it
            best[i], owner[i] = 0, sid
            buckets[0].append(i)
    for c, bucket in enumerate(buckets):
        for i in bucket:
            if done[i]:
                continue
            done[i] = 1
            o = owner[i]
            limit = budget[o]
            for j in neighbours[i]:
                k = costs[j]
                if not k:
                    continue
                nc = c + k
                if nc > limit:
                    continue
                b = best[j]
                if b < 0 or nc < b or (nc == b and o < owner[j]):
                    best[j], owner[j] = nc, o
                    buckets[nc].append(j)
    return tuple(owner)


def sources_of(state: TribesState, extra: Settlement | None = None) -> Sources:
    """The claim's inputs: every settlement's (id, x, y, tier), ascending id, with `extra` (a
    settlement being founded, not yet placed) among them."""
    placed = state.settlements
    if extra is not None and all(s.id != extra.id for s in placed):
        placed = sorted([*placed, extra], key=lambda s: s.id)
    return tuple((s.id, s.x, s.y, s.tier) for s in placed)


def claim_owners(state: TribesState, extra: Settlement | None = None) -> tuple[int, ...]:
    """Every tile's claiming settlement (-1: wilderness), index y * size + x (cached)."""
    return _owners(state.rows, sources_of(state, extra), CLAIM(state.rules))


def claims(state: TribesState) -> dict[int, tuple[int, ...]]:
    """Each settlement's claimed tiles (ascending indices y * size + x), by settlement id, as
    the settlements stand now (for views and charts)."""
    out: dict[int, list[int]] = {s.id: [] for s in state.settlements}
    for i, o in enumerate(claim_owners(state)):
        if o >= 0:
            out[o].append(i)
    return {sid: tuple(tiles) for sid, tiles in out.items()}


@lru_cache(maxsize=64)
def _censuses(
    rows: tuple[str, ...], sources: Sources, claim: Claim
) -> dict[int, tuple[tuple[str, int], ...]]:
    """Each source's census from its claim: plains, forest, hills (every hills-class tile, ore
    and gold veins included), ore, gold over the claimed tiles; water the distinct ocean and
    river tiles next to them."""
    owners = _owners(rows, sources, claim)
    _, neighbours = _grid(rows, claim)
    flat = "".join(rows)
    counts = {sid: dict.fromkeys(CENSUS_CLASSES, 0) for sid, *_ in sources}
    shores: dict[int, set[int]] = {sid: set() for sid, *_ in sources}
    for i, o in enumerate(owners):
        if o < 0:
            continue
        tile = flat[i]
        c = counts[o]
        if tile == PLAINS:
            c["plains"] += 1
        elif tile == FOREST:
            c["forest"] += 1
        if tile in HILLS_CLASS:
            c["hills"] += 1
        if tile == ORE:
            c["ore"] += 1
        elif tile == GOLD:
            c["gold"] += 1
        shore = shores[o]
        for j in neighbours[i]:
            if flat[j] in WATER:
                shore.add(j)
    for sid, shore in shores.items():
        counts[sid]["water"] = len(shore)
    return {sid: tuple(c.items()) for sid, c in counts.items()}


def take_census(state: TribesState, settlement: Settlement) -> None:
    """Count the biomes of the settlement's claim as the settlements stand now (it among them,
    placed or being founded)."""
    census = _censuses(state.rows, sources_of(state, settlement), CLAIM(state.rules))
    settlement.census = dict(census[settlement.id])


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
    """Phase 2 (slow): the claims, then every settlement's census and grain gates, in ascending
    id (tiers move in phase 9, with population)."""
    if not state.settlements:
        return
    census = _censuses(state.rows, sources_of(state), CLAIM(state.rules))
    for settlement in state.settlements:
        settlement.census = dict(census[settlement.id])
        set_grain_gates(state, settlement)
