"""A settlement's stores and their cap (the Tribes design document, "Territory, tiers, storage,
housing"): every resource shares one cap, 2000 + 2000 x granary + 2000 x warehouse (the seed's
documented simplification), and whatever would overflow it is lost.

Every phase that puts goods into a settlement's stores goes through `add_store`, so the cap is
kept in one place. A store already above the cap (a granary demolished) keeps what it holds but
takes nothing more."""

from __future__ import annotations

from ..rules import SEED, TribesRules
from ..state import Settlement


def store_cap(settlement: Settlement, rules: TribesRules = SEED) -> int:
    """How much of each resource the settlement can hold (the rules' store_base and
    store_per_building)."""
    buildings = settlement.buildings
    return rules.store_base + rules.store_per_building * (
        buildings.get("granary", 0) + buildings.get("warehouse", 0)
    )


def add_store(settlement: Settlement, resource: str, amount: int, rules: TribesRules = SEED) -> int:
    """Put up to `amount` of `resource` into the stores, the overflow past the cap lost; the
    amount actually stored."""
    return put_away(settlement.stores, store_cap(settlement, rules), resource, amount)


def put_away(stores: dict[str, int], cap: int, resource: str, amount: int) -> int:
    """`add_store` with the cap already read (a phase storing many goods in one settlement,
    whose buildings do not change meanwhile, reads it once)."""
    held = stores[resource]
    added = min(amount, cap - held)
    if added <= 0:
        return 0
    stores[resource] = held + added
    return added
