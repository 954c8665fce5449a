"""Labour apportionment (the Tribes design document, phase 3): who works at what, every tick.

Capacity: a profession's building slots times the building counts (the rules' `slots`), the
extractive ones also capped by the biome census (`biome_cap`: farmers <= plains x 8, fishers <=
water x 10,
woodcutters <= forest x 8, miners <= hills-class x 8). Builders and haulers are uncapped: their
capacity is the settlement's whole population (chosen: the plainest bound, and the weight the
tribe pool splits them by).

The tribe pool (settlements without an override): the pool's total pop is apportioned across
the professions and idle by the tribe's per-milles (`apportion_permille`: largest remainder,
ties in profession order, sums over 1000 normalise); each profession's total is then
apportioned across the pool's settlements by their capacity (ties ascending settlement id) and
capped by capacity and by the settlement's remaining pop, professions taken in enum order.
Workers who cannot be placed are idle (chosen: they are not offered to another settlement or
profession), so a settlement's `idle` is its pop less its workers.

Local apportionment (a settlement with an override, which switches it wholly): its pop is
apportioned by the override vector the same way, each profession capped by capacity, the rest
idle.

The result depends only on the pops, the allocation and overrides, the building counts and the
census, which change rarely (slow ticks, orders), and the rules' tables, so it is cached by a key of
exactly those (`_CACHE`, kept outside the hashed state): a cached result is the very list the
computation would give, and the tests compare runs with the cache cleared every tick.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..constants import BIOME_CLASS, PROFESSIONS
from ..largest_remainder import apportion, apportion_permille
from ..rules import SEED, PerRules, TribesRules
from ..state import Settlement, Tribe, TribesState

_N = len(PROFESSIONS)


@dataclass(frozen=True, slots=True, eq=False)
class Capacity:
    """The rules' capacity tables by profession (enum order): its (building, slots) pairs, and
    its biome cap (census class, workers a tile) or None; None for both marks an uncapped
    profession (builder, hauler). One per rules object (`CAPACITY`), compared by identity, so
    it keys the cache at the cost of a pointer."""

    slots: tuple[tuple[tuple[str, int], ...] | None, ...]
    biomes: tuple[tuple[str, int] | None, ...]


def _capacity(rules: TribesRules) -> Capacity:
    slots = tuple(tuple(rules.slots[p].items()) if p in rules.slots else None for p in PROFESSIONS)
    biomes = tuple(
        (BIOME_CLASS[p], rules.biome_cap[p]) if p in BIOME_CLASS else None for p in PROFESSIONS
    )
    return Capacity(slots, biomes)


CAPACITY = PerRules(_capacity)

Placement = tuple[tuple[int, ...], int]
"""One settlement's result: workers per profession (enum order) and idle."""

_CACHE: dict[Any, tuple[Placement, ...]] = {}
_CACHE_LIMIT = 4096  # chosen: a bound so long runs with ever-changing pops do not grow it


def forget() -> None:
    """Forget every cached apportionment (the results do not change, only their cost)."""
    _CACHE.clear()


def capacities(settlement: Settlement, rules: TribesRules = SEED) -> list[int]:
    """Workers each profession can employ here (enum order): slots x building counts, the
    extractive ones capped by the census; uncapped professions take the whole pop."""
    return _capacities(settlement, CAPACITY(rules))


def _capacities(settlement: Settlement, table: Capacity) -> list[int]:
    slot_table, biome_table = table.slots, table.biomes
    buildings = settlement.buildings
    census = settlement.census
    pop = settlement.pop
    caps = [0] * _N
    for i in range(_N):
        slots = slot_table[i]
        if slots is None:
            caps[i] = pop
            continue
        cap = 0
        for building, per in slots:
            cap += per * buildings.get(building, 0)
        biome = biome_table[i]
        if biome is not None:
            cap = min(cap, census.get(biome[0], 0) * biome[1])
        caps[i] = cap
    return caps


def _pool(pool: list[Settlement], allocation: list[int], table: Capacity) -> list[Placement]:
    """The tribe pool's placement, settlement by settlement (in the pool's ascending id)."""
    shares, _ = apportion_permille(sum(s.pop for s in pool), allocation)
    caps = [_capacities(s, table) for s in pool]
    remaining = [s.pop for s in pool]
    labour = [[0] * _N for _ in pool]
    for p in range(_N):
        total = shares[p]
        if total == 0:
            continue
        weights = [c[p] for c in caps]
        room = sum(weights)
        if room == 0:
            continue
        parts = apportion(min(total, room), weights)
        for k, part in enumerate(parts):
            placed = min(part, remaining[k])
            labour[k][p] = placed
            remaining[k] -= placed
    return [(tuple(work), left) for work, left in zip(labour, remaining, strict=True)]


def _local(settlement: Settlement, override: list[int], table: Capacity) -> Placement:
    """An overridden settlement's placement: its pop by its own vector, capped by capacity."""
    shares, _ = apportion_permille(settlement.pop, override)
    caps = _capacities(settlement, table)
    work = tuple(min(share, cap) for share, cap in zip(shares, caps, strict=True))
    return work, settlement.pop - sum(work)


def _key(tribe: Tribe, mine: list[Settlement], table: Capacity) -> tuple[Any, ...]:
    """Everything the tribe's apportionment reads, hashable (dict items keep their keys, so two
    different dicts never share a key; the capacity table by identity)."""
    return (
        table,
        tuple(tribe.allocation),
        tuple(
            (
                s.id,
                s.pop,
                None if s.override is None else tuple(s.override),
                tuple(s.buildings.items()),
                tuple(s.census.items()),
            )
            for s in mine
        ),
    )


def apportion_tribe(tribe: Tribe, mine: list[Settlement], table: Capacity) -> tuple[Placement, ...]:
    """The placement of every settlement of `mine` (one tribe's, ascending id), in that order
    (`table`: the rules' CAPACITY)."""
    pool = [s for s in mine if s.override is None]
    pooled = iter(_pool(pool, tribe.allocation, table)) if pool else iter(())
    out: list[Placement] = []
    for s in mine:
        out.append(next(pooled) if s.override is None else _local(s, s.override, table))
    return tuple(out)


def apportion_labour(state: TribesState) -> None:
    """Phase 3: set every settlement's `labour` (enum order) and `idle`."""
    table = CAPACITY(state.rules)
    by_tribe: dict[int, list[Settlement]] = {}
    for s in state.settlements:
        by_tribe.setdefault(s.tribe, []).append(s)
    for tribe in state.tribes:
        mine = by_tribe.get(tribe.id)
        if not mine:
            continue
        key = _key(tribe, mine, table)
        placed = _CACHE.get(key)
        if placed is None:
            placed = apportion_tribe(tribe, mine, table)
            if len(_CACHE) >= _CACHE_LIMIT:
                _CACHE.clear()
            _CACHE[key] = placed
        for s, (work, idle) in zip(mine, placed, strict=True):
            s.labour = list(work)
            s.idle = idle
