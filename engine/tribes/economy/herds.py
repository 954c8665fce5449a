"""Herds (the Tribes design document, phase 6, slow): herders tend the herds, which grow (faster
when fed fodder), give wool and are slaughtered for meat and hides; horses breed on the pastures.

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

from ...events import Event
from ..constants import PERMILLE, PROFESSION_INDEX
from ..rules import TribesRules
from ..state import Settlement, Tribe, TribesState
from . import flows
from .stores import add_store

HERDER = PROFESSION_INDEX["herder"]


def _stock(
    settlement: Settlement, tribe: Tribe, resource: str, amount: int, rules: TribesRules
) -> None:
    """Put goods in store under the cap; what is stored counts as produced."""
    flows.produced(tribe, resource, add_store(settlement, resource, amount, rules))


def tending_capacity(settlement: Settlement, rules: TribesRules) -> int:
    """Herds the settlement's herders can tend (covered herders at full, uncovered at 600)."""
    herders = settlement.labour[HERDER]
    covered = min(herders, settlement.interval.get("herders_covered", 0))
    yield_permille = covered * rules.tooled_yield + (herders - covered) * rules.toolless_yield
    return yield_permille * rules.herds_per_herder // PERMILLE


def tend(settlement: Settlement, tribe: Tribe, rules: TribesRules) -> None:
    """One slow tick of a settlement's herds and horses."""
    acc = settlement.acc
    stores = settlement.stores
    pastures = settlement.count("pasture")
    herds = settlement.herds
    tended = min(herds, tending_capacity(settlement, rules))
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
        fed * rules.herd_growth_fed + (tended - fed) * rules.herd_growth + acc.get("herds", 0),
        PERMILLE,
    )
    cap = rules.herds_per_pasture * pastures
    if herds < cap:
        herds = min(herds + growth, cap)
    # wool
    wool, acc["wool"] = divmod(tended * rules.wool_rate + acc.get("wool", 0), PERMILLE)
    if wool:
        _stock(settlement, tribe, "wool", wool, rules)
    # slaughter
    killed, acc["slaughter"] = divmod(herds * tribe.slaughter + acc.get("slaughter", 0), PERMILLE)
    killed = min(killed, herds)
    if killed:
        herds -= killed
        _stock(settlement, tribe, "meat", killed * rules.slaughter_meat, rules)
        _stock(settlement, tribe, "hides", killed * rules.slaughter_hides, rules)
    settlement.herds = herds
    # horses
    foals, acc["horses"] = divmod(
        settlement.horses * rules.horse_growth + acc.get("horses", 0), PERMILLE
    )
    horse_cap = rules.horses_per_pasture * pastures
    if settlement.horses < horse_cap:
        settlement.horses = min(settlement.horses + foals, horse_cap)


def tend_herds(state: TribesState, events: list[Event]) -> None:
    """Phase 6 (slow): every settlement's herds, ascending id."""
    tribes = state.tribes
    rules = state.rules
    for settlement in state.settlements:
        tend(settlement, tribes[settlement.tribe], rules)
