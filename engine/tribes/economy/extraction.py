"""Extraction (the Tribes design document, phase 4): farmers, fishers, woodcutters and miners bring
in raw goods; tools raise their yield and wear out.

Rates are per-mille units per worker-tick at full tool coverage: farmer -> grain 100 (+200 per
mille of the yield with crop_rotation, +100 per mille under a harvest rite on the settlement),
fisher -> fish 80, woodcutter -> timber 80, miner -> stone 60, + ore 40 with an ore vein in the
census, + coin 15 with a gold vein.

The farm's bonuses are read as the document's other per-milles of yield are (the tool rule's
"600 per mille yield", the ages' "+100 per mille on every rate"): crop rotation makes the
farmers' yield 1,200 per mille of itself (x1.2), the rite 1,100 (x1.1), both 1,300, applied to
the worker base like the ages' bonus. Engine tribes-2 added them to the farm's rate of 100
instead (rules `farm_bonus_on_yield` off), which made crop rotation triple the grain and the
rite double it; the document's own policy arithmetic (and ours, policy/economy.py) reads them
as x1.2. Exact in integers with the seed's numbers: the base is a multiple of 200 (or of 20 x
(10 + age) after an age), and 1,100 or 1,300 per mille of it is whole.

The tool rule: the extractive professions (farmer, fisher, herder, woodcutter, miner) yield
1000 per mille with a tool and 600 without. Coverage = min(tools in store, extractive workers),
handed out in profession order (farmers first). Herders are tended in phase 6 (herds.py); their
covered count is left in `settlement.interval["herders_covered"]` for it. Tools wear 1 per 200
covered worker-ticks, through the "wear" accumulator, taken from the settlement's stores.

The accumulator (D = 1,000,000): a profession's covered and uncovered workers are combined
into one worker-per-mille base, `covered x 1000 + uncovered x 600`, and each of its outputs
flows as `out = (base x rate + acc) div 1e6`, `acc' = ... mod 1e6`, one accumulator per output
("extract:grain", ...). Nothing is lost to rounding: over any run the units out plus acc / 1e6
equal the exact rational sum of base x rate / 1e6.

Stores are capped (stores.py); the overflow is lost. Production (flows.py) counts what was
stored (chosen: so production minus consumption is the change in stores, the metrics'
conservation), not what the overflow wasted. Each age of the tribe raises every rate by 100 per
mille (ages.py), applied to the worker base (exact: it is a multiple of 200).
`tribe.tool_coverage` is the per mille of the tribe's extractive workers covered on this tick
(0 with none).
"""

from __future__ import annotations

from ...events import Event
from ..constants import PROFESSION_INDEX
from ..state import Settlement, Tribe, TribesState
from .accum import EXTRACTION_D
from .ages import age_bonus
from .flows import consumed
from .stores import put_away, store_cap

FARMER = PROFESSION_INDEX["farmer"]
FISHER = PROFESSION_INDEX["fisher"]
HERDER = PROFESSION_INDEX["herder"]
WOODCUTTER = PROFESSION_INDEX["woodcutter"]
MINER = PROFESSION_INDEX["miner"]
EXTRACTIVE_INDICES = (FARMER, FISHER, HERDER, WOODCUTTER, MINER)  # profession (tool) order


def coverage(tools: int, workers: list[int]) -> list[int]:
    """Covered workers per extractive profession (EXTRACTIVE order): min(tools, workers) handed
    out in profession order."""
    left = tools
    covered = []
    for w in workers:
        c = w if w < left else left
        covered.append(c)
        left -= c
    return covered


def _yield(
    settlement: Settlement,
    production: dict[str, int],
    cap: int,
    resource: str,
    base: int,
    rate: int,
) -> None:
    """Flow `base` worker-per-mille at `rate` per mille into the stores (D = 1e6), past the
    stores' `cap` lost, counting what is stored in the tribe's `production` (flows.py's
    produced, written out: the cap and the flows read once a settlement, not once a good)."""
    acc = settlement.acc
    key = "extract:" + resource
    out, acc[key] = divmod(base * rate + acc.get(key, 0), EXTRACTION_D)
    if out:
        added = put_away(settlement.stores, cap, resource, out)
        if added:
            production[resource] = production.get(resource, 0) + added


def extract_settlement(state: TribesState, settlement: Settlement, tribe: Tribe) -> tuple[int, int]:
    """One settlement's extraction and tool wear; (extractive workers, covered workers)."""
    rules = state.rules
    labour = settlement.labour
    workers = [labour[i] for i in EXTRACTIVE_INDICES]
    total = sum(workers)
    if total == 0:
        settlement.interval["herders_covered"] = 0
        return 0, 0
    stores = settlement.stores
    covered = coverage(stores["tools"], workers)
    settlement.interval["herders_covered"] = covered[2]
    tooled, toolless = rules.tooled_yield, rules.toolless_yield
    bases = [c * tooled + (w - c) * toolless for w, c in zip(workers, covered, strict=True)]
    if tribe.age:  # every rate +100 per mille an age (ages.py): exact, bases are 200k
        bonus = 1000 + age_bonus(tribe, rules)
        bases = [b * bonus // 1000 for b in bases]
    production = tribe.flows["production"]
    cap = store_cap(settlement, rules)
    if workers[0]:
        rate, bonus = rules.farm_rate, 0
        if "crop_rotation" in tribe.techs:
            bonus += rules.crop_rotation_bonus
        if state.effects and state.has_effect("harvest", settlement.id):
            bonus += rules.harvest_rite_bonus
        base = bases[0]
        if rules.farm_bonus_on_yield:  # of the yield: exact with the seed's numbers (see above)
            base = base * (1000 + bonus) // 1000
        else:  # tribes-2: added to the rate
            rate += bonus
        _yield(settlement, production, cap, "grain", base, rate)
    if workers[1]:
        _yield(settlement, production, cap, "fish", bases[1], rules.fish_rate)
    if workers[3]:
        _yield(settlement, production, cap, "timber", bases[3], rules.timber_rate)
    if workers[4]:
        _yield(settlement, production, cap, "stone", bases[4], rules.stone_rate)
        census = settlement.census
        if census.get("ore", 0) >= 1:
            _yield(settlement, production, cap, "ore", bases[4], rules.ore_rate)
        if census.get("gold", 0) >= 1:
            _yield(settlement, production, cap, "coin", bases[4], rules.coin_rate)
    used = sum(covered)
    if used:
        acc = settlement.acc
        worn, acc["wear"] = divmod(used + acc.get("wear", 0), rules.tool_wear_per)
        if worn:  # worn <= used <= tools: (used + 199) div 200 <= used for used >= 1
            stores["tools"] -= worn
            consumed(tribe, "tools", worn)
    return total, used


def extract(state: TribesState, events: list[Event]) -> None:
    """Phase 4: every settlement extracts (ascending id); each tribe's tool coverage is set."""
    tribes = state.tribes
    workers = [0] * len(tribes)
    covered = [0] * len(tribes)
    for settlement in state.settlements:
        t = settlement.tribe
        w, c = extract_settlement(state, settlement, tribes[t])
        workers[t] += w
        covered[t] += c
    for tribe in tribes:
        w = workers[tribe.id]
        tribe.tool_coverage = covered[tribe.id] * 1000 // w if w else 0
