"""Camp assaults (the Tribes design document, "Threats"): a warband standing on a threat camp's tile
fights it (not on a tick it already fought); the battle event has defender None (the seed's threat
convention). A win clears the camp (threat_cleared, +50 veterancy, coin 2 x strength delivered
home); a loss routs the warband.

The camp's side belongs to the threats (phase 11): its power (threats.camp_power, strength x
8) and clearing it (threats.clear_camp: the +50 veterancy of the win, the coin home). Chosen: a
camp that repels an assault loses its losses per mille of its strength.
"""

from __future__ import annotations

from ...events import Event
from ..constants import PERMILLE
from ..state import TribesState
from .battle import fight, war_rite
from .battle import warband_power as attack_power
from .threats import camp_power, clear_camp
from .units import rout_losers, settle_warband, tell_battle


def assault_camps(state: TribesState, events: list[Event]) -> None:
    """Warbands standing on camps, ascending id."""
    if not state.camps:
        return
    tick = state.tick
    camps = {(c.x, c.y): c for c in reversed(state.camps)}  # the lowest id on a shared tile
    for warband in state.warbands:
        if warband.size <= 0 or warband.fought == tick:
            continue
        camp = camps.get((warband.x, warband.y))
        if camp is None or camp not in state.camps:
            continue
        outcome = fight(
            state,
            war_rite(state, warband, attack_power(state, warband)),
            camp_power(camp, state.rules),
        )
        # a win's +50 veterancy comes with clear_camp
        dead = settle_warband(state, warband, outcome, True, events, not outcome.attacker_won)
        camp_loss = 0
        if not outcome.attacker_won:
            camp_loss = camp.strength * outcome.defender_losses // PERMILLE
            camp.strength -= camp_loss
        tell_battle(
            state, "camp", camp.x, camp.y, warband.tribe, None, outcome, (dead, camp_loss), events
        )
        rout_losers(state, outcome, [warband], [], events)
        if outcome.attacker_won:
            clear_camp(state, camp, warband, events)
