"""A tribe's score (the Tribes design document, "Score & end"): pop/10 + 40 x settlements + 25 x
techs + warbandPower/20 + coin/20 + 2 x buildings completed (cumulative completions), each division
an integer one taken term by term (pop and coin summed over the tribe's settlements first). Warband
power is the summed power of the tribe's warbands as attackers (no situational term, no variance).
The ages then add 60 an age and multiply the total by (1000 + 250 x age) per mille (ages.age_score).
"""

from __future__ import annotations

from .economy.ages import age_score
from .military.battle import warband_power as one_warband_power
from .state import Tribe, TribesState


def warband_power(state: TribesState, tribe: Tribe) -> int:
    """The summed power of the tribe's warbands (military_battle.warband_power)."""
    return sum(one_warband_power(state, w) for w in state.warbands if w.tribe == tribe.id)


def score(state: TribesState, tribe: Tribe) -> int:
    rules = state.rules
    pop = coin = settlements = 0
    for settlement in state.settlements:
        if settlement.tribe == tribe.id:
            settlements += 1
            pop += settlement.pop
            coin += settlement.stores["coin"]
    return age_score(
        tribe,
        pop // rules.score_pop_divisor
        + rules.score_per_settlement * settlements
        + rules.score_per_tech * len(tribe.techs)
        + warband_power(state, tribe) // rules.score_warband_divisor
        + coin // rules.score_coin_divisor
        + rules.score_per_building * tribe.buildings_completed,
        rules,
    )
