"""Herds (seed 002, phase 6, slow): herders tend the herds, which grow (faster when fed
fodder), give wool and are slaughtered for meat and hides; horses breed on the pastures.

In the seed's order, per settlement (ascending id), every 10 ticks:
- Tending: each herder tends 5 herds, tool-affected like every extractive trade. Phase 4
  (extraction.py) writes the herders its tools covered on this tick into
  `interval["herders_covered"]`; chosen: a covered herder tends at 1000 per mille, an
  uncovered one at 600 (the seed's tool rule), so tending capacity = (covered x 1000 +
  uncovered x 600) x 5 div 1000 herds (a capacity, not a flow: floored), and tended =
  min(herds, capacity).
- Fodder: the fodder decree (`tribe.craft["fodder"]`, per mille) of the herds is fed, 1 grain
  each from the fodder grain gate (`grain_gates["fodder"]`, set on phase 2) and the store;
  chosen: only tended herds are fed (fed = min(herds x fodder div 1000, tended, gate, grain)).
- Growth: 30 per mille of the tended herds, 60 for the fed ones (accumulator "herds"), capped
  at 20 herds a pasture (a settlement already over its cap, pastures demolished, keeps its
  herds but does not grow).
- Wool: 100 per mille per tended herd (accumulator "wool").
- Slaughter: the slaughter decree (per mille of herds) is slaughtered (accumulator
  "slaughter"), each giving 3 meat and 1 hide.
- Horses: 20 per mille growth (accumulator "horses"), capped at 10 a pasture.
Goods go to the stores under the shared cap (overflow lost) and count as production as
stored; fodder counts as consumption.
"""

from __future__ import annotations

from ..events import Event
from . import flows
from .constants import (
    HERD_GROWTH,
    HERD_GROWTH_FED,
    HERDS_PER_HERDER,
    HERDS_PER_PASTURE,
    HORSE_GROWTH,
    HORSES_PER_PASTURE,
    PERMILLE,
    PROFESSION_INDEX,
    SLAUGHTER_HIDES,
    SLAUGHTER_MEAT,
    TOOLED_YIELD,
    TOOLLESS_YIELD,
    WOOL_RATE,
)
from .state import Settlement, Tribe, TribesState
from .stores import add_store

HERDER = PROFESSION_INDEX["herder"]


def _stock(settlement: Settlement, tribe: Tribe, resource: str, amount: int) -> None:
    """Put goods in store under the cap; what is stored counts as produced."""
    flows.produced(tribe, resource, add_store(settlement, resource, amount))


def tending_capacity(settlement: Settlement) -> int:
    """Herds the settlement's herders can tend (covered herders at full, uncovered at 600)."""
    herders = settlement.labour[HERDER]
    covered = min(herders, settlement.interval.get("herders_covered", 0))
    yield_permille = covered * TOOLED_YIELD + (herders - covered) * TOOLLESS_YIELD
    return yield_permille * HERDS_PER_HERDER // PERMILLE


def tend(settlement: Settlement, tribe: Tribe) -> None:
    """One slow tick of a settlement's herds and horses."""
    acc = settlement.acc
    stores = settlement.stores
    pastures = settlement.count("pasture")
    herds = settlement.herds
    tended = min(herds, tending_capacity(settlement))
    # fodder
    gates = settlement.grain_gates
    fed = min(
        herds * tribe.craft.get("fodder", 0) // PERMILLE,
        tended,
        gates.get("fodder", 0),
        stores["grain"],
    )
    if fed:
        stores["grain"] -= fed
        gates["fodder"] -= fed
        flows.consumed(tribe, "grain", fed)
    # growth
    growth, acc["herds"] = divmod(
        fed * HERD_GROWTH_FED + (tended - fed) * HERD_GROWTH + acc.get("herds", 0), PERMILLE
    )
    cap = HERDS_PER_PASTURE * pastures
    if herds < cap:
        herds = min(herds + growth, cap)
    # wool
    wool, acc["wool"] = divmod(tended * WOOL_RATE + acc.get("wool", 0), PERMILLE)
    if wool:
        _stock(settlement, tribe, "wool", wool)
    # slaughter
    killed, acc["slaughter"] = divmod(herds * tribe.slaughter + acc.get("slaughter", 0), PERMILLE)
    killed = min(killed, herds)
    if killed:
        herds -= killed
        _stock(settlement, tribe, "meat", killed * SLAUGHTER_MEAT)
        _stock(settlement, tribe, "hides", killed * SLAUGHTER_HIDES)
    settlement.herds = herds
    # horses
    foals, acc["horses"] = divmod(settlement.horses * HORSE_GROWTH + acc.get("horses", 0), PERMILLE)
    horse_cap = HORSES_PER_PASTURE * pastures
    if settlement.horses < horse_cap:
        settlement.horses = min(settlement.horses + foals, horse_cap)


def tend_herds(state: TribesState, events: list[Event]) -> None:
    """Phase 6 (slow): every settlement's herds, ascending id."""
    tribes = state.tribes
    for settlement in state.settlements:
        tend(settlement, tribes[settlement.tribe])
