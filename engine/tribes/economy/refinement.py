"""Refinement (the Tribes design document, phase 5, first half): the workshop chains, worker by
worker in profession order (miller, baker, brewer, smelter, smith, carpenter, tanner, weaver,
tailor), so flour milled this tick can be baked this tick.

Each worker makes `rate` per mille of an output unit a tick (the rules' `refine_rate`), through the
refine accumulator ("refine:miller", ...; D = 1000): capacity = (workers x rate + acc) div 1000,
made = min(capacity, what the inputs in store allow), and when starved of input the accumulator is
clamped below 1000, so starved capacity is lost, not banked (`accum.refine`). The miller's grain
is also limited by the mill grain gate and the brewer's by the brew gate (the craft decrees'
budgets of the interval, `settlement.grain_gates`, spent as used).

The smithy split: the smith's capacity units (the accumulator as above) are apportioned by
largest remainder over tools, weapons, armor by `tribe.smithy` weights, a locked target
(weapons without weaponsmithing, armor without plate_armor) weighing 0 and all-zero weights
defaulting to tools; then each kind, in that order, is made as far as its inputs allow (1 metal
+ 1 timber; armor also 1 leather). Chosen: a kind's share its inputs cannot make is lost with
the rest of the starved capacity, not handed to another kind (the split is the decree).

Inputs count as consumption and outputs (as stored, past the cap lost) as production. Each age
of the tribe raises every rate by 100 per mille (ages.py; exact, the rates are multiples of 10)."""

from __future__ import annotations

from ...events import Event
from ..constants import PROFESSION_INDEX, REFINE_OUTPUT, SMITHY_GATES, SMITHY_OUTPUTS
from ..largest_remainder import apportion
from ..rules import PerRules, TribesRules
from ..state import Settlement, Tribe, TribesState
from .accum import refine
from .ages import age_bonus
from .stores import put_away, store_cap

Inputs = tuple[tuple[str, int], ...]
Chain = tuple[int, str, int, Inputs, str, str | None]


def _chains(rules: TribesRules) -> tuple[tuple[Chain, ...], int, Inputs, Inputs]:
    """The rules' workshop chains in profession order, each (profession index, accumulator
    key, rate, inputs, output, grain gate or None; a gated chain's first input is its grain),
    then the smith's rate, inputs and armour's extra inputs."""
    chains = tuple(
        (
            PROFESSION_INDEX[worker],
            "refine:" + worker,
            rules.refine_rate[worker],
            tuple(rules.refine_inputs[worker].items()),
            output,
            {"miller": "mill", "brewer": "brew"}.get(worker),
        )
        for worker, output in sorted(REFINE_OUTPUT.items(), key=lambda i: PROFESSION_INDEX[i[0]])
    )
    smith = tuple(rules.refine_inputs["smith"].items())
    return chains, rules.refine_rate["smith"], smith, tuple(rules.armor_extra.items())


CHAINS = PerRules(_chains)
SMITH = PROFESSION_INDEX["smith"]


def smithy_weights(tribe: Tribe) -> list[int]:
    """The smithy split's weights (SMITHY_OUTPUTS order): locked targets weigh 0, and all-zero
    weights default to tools."""
    techs = tribe.techs
    weights = []
    for kind in SMITHY_OUTPUTS:
        gate = SMITHY_GATES[kind]
        open_ = gate is None or gate in techs
        weights.append(max(0, tribe.smithy.get(kind, 0)) if open_ else 0)
    if not any(weights):
        weights[0] = 1
    return weights


def _allowed(stores: dict[str, int], inputs: Inputs) -> int:
    """Units the stores' inputs allow."""
    n = -1
    for resource, per in inputs:
        units = stores[resource] // per
        if n < 0 or units < n:
            n = units
    return max(n, 0)


class _Workshop:
    """One settlement's workshops for one tick: its stores, their cap (the buildings do not
    change while the workshops work) and its tribe's flows, read once, not once a unit made."""

    __slots__ = ("cap", "consumption", "production", "stores")

    def __init__(self, settlement: Settlement, tribe: Tribe, rules: TribesRules) -> None:
        self.stores = settlement.stores
        self.cap = store_cap(settlement, rules)
        self.production = tribe.flows["production"]
        self.consumption = tribe.flows["consumption"]

    def make(self, inputs: Inputs, output: str, n: int) -> None:
        """Spend the inputs of `n` units and store the output, past the cap lost (flows.py's
        produced and consumed, written out)."""
        stores, consumption = self.stores, self.consumption
        for resource, per in inputs:
            spent = n * per
            stores[resource] -= spent
            if spent:
                consumption[resource] = consumption.get(resource, 0) + spent
        added = put_away(stores, self.cap, output, n)
        if added:
            production = self.production
            production[output] = production.get(output, 0) + added


def _smith(
    settlement: Settlement,
    tribe: Tribe,
    workers: int,
    rate: int,
    shop: _Workshop,
    smith: Inputs,
    armor_extra: Inputs,
) -> None:
    acc = settlement.acc
    key = "refine:smith"
    before = acc.get(key, 0)
    capacity = (workers * rate + before) // 1000
    made = 0
    if capacity:
        shares = apportion(capacity, smithy_weights(tribe))
        stores = settlement.stores
        for kind, share in zip(SMITHY_OUTPUTS, shares, strict=True):
            if not share:
                continue
            inputs = smith + armor_extra if kind == "armor" else smith
            n = min(share, _allowed(stores, inputs))
            if n:
                shop.make(inputs, kind, n)
                made += n
    _, acc[key] = refine(workers, rate, before, made)


def refine_settlement(settlement: Settlement, tribe: Tribe, rules: TribesRules) -> None:
    """One settlement's workshops, in profession order."""
    labour = settlement.labour
    stores = settlement.stores
    acc = settlement.acc
    chains, smith_rate, smith, armor_extra = CHAINS(rules)
    bonus = 1000 + age_bonus(tribe, rules)  # every rate +100 per mille an age (ages.py)
    shop: _Workshop | None = None
    for index, key, rate, inputs, output, gate in chains:
        workers = labour[index]
        if not workers:
            continue  # no capacity: (0 + acc) div 1000 = 0, acc unchanged
        if shop is None:
            shop = _Workshop(settlement, tribe, rules)
        if index == SMITH:
            rate = smith_rate * bonus // 1000
            _smith(settlement, tribe, workers, rate, shop, smith, armor_extra)
            continue
        rate = rate * bonus // 1000  # exact: every rate is a multiple of 10
        available = _allowed(stores, inputs)
        if gate is not None:
            grain_per = inputs[0][1]
            available = min(available, settlement.grain_gates.get(gate, 0) // grain_per)
        made, acc[key] = refine(workers, rate, acc.get(key, 0), available)
        if made:
            shop.make(inputs, output, made)
            if gate is not None:
                settlement.grain_gates[gate] -= made * inputs[0][1]


def refine_all(state: TribesState, events: list[Event]) -> None:
    """Phase 5, first half: every settlement's workshops (ascending id)."""
    tribes = state.tribes
    rules = state.rules
    for settlement in state.settlements:
        refine_settlement(settlement, tribes[settlement.tribe], rules)
