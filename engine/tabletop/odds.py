"""The raid table's odds, exact and measured: at each modifier the engine's own dice (the
state's RNG, `table.roll_dice`) rolled through `rules.raid_result`, each result's share beside its
exact chance from counting every face of 2D6 (`rules.raid_odds`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..rng import seed_state
from .rules import TabletopRules, raid_odds, raid_result
from .table import roll_dice

MODIFIERS = (-2, -1, 0, 1, 2)


def measure_odds(
    rolls: int, seed: int = 0, rules: TabletopRules | None = None
) -> list[dict[str, Any]]:
    """A row for each modifier and result: its exact chance (and in 36ths) and its share of
    `rolls` raids rolled by the engine's dice."""
    rules = rules or TabletopRules()
    out = []
    for modifier in MODIFIERS:
        rng = seed_state(seed + modifier)
        counts: Counter[str] = Counter()
        for _ in range(rolls):
            faces, rng = roll_dice(rng, rules.raid_dice)
            counts[raid_result(rules, sum(faces) + modifier)] += 1
        for result, exact in raid_odds(rules, modifier).items():
            out.append(
                {
                    "modifier": modifier,
                    "result": result,
                    "in_36": int(exact * 36),
                    "exact": float(exact),
                    "measured": counts[result] / rolls,
                }
            )
    return out
