"""Camp assaults (seed 002, "Threats"): a warband standing on a threat camp's tile fights it
(not on a tick it already fought); the battle event has defender None (the seed's threat
convention). A win clears the camp (threat_cleared, +50 veterancy as any winner, coin 2 x
strength delivered home); a loss routs the warband.

The camp's side belongs to the threats (phase 11): `camp_defence` and `clear_camp` are the
interface. Until threats.py provides them, chosen here: a camp defends with its strength x 8
(the power its raids attack with), a repelled camp loses its losses per mille of strength,
and clearing removes it and pays home.
"""

from __future__ import annotations

from ..events import Event
from .constants import PERMILLE
from .military_battle import fight, war_rite
from .military_battle import warband_power as attack_power
from .military_units import bump, home_of, rout_losers, settle_warband, tell_battle
from .state import Camp, TribesState, Warband
from .stores import add_store

CAMP_POWER_PER_STRENGTH = 8  # chosen (threats' raid power = strength x 8, the seed)
CLEAR_COIN_PER_STRENGTH = 2  # seed: coin = 2 x strength delivered home


def camp_defence(state: TribesState, camp: Camp) -> int:
    return camp.strength * CAMP_POWER_PER_STRENGTH


def clear_camp(state: TribesState, camp: Camp, warband: Warband, events: list[Event]) -> None:
    """The camp is gone; its coin goes to the warband's home (through the cap)."""
    state.camps = [c for c in state.camps if c.id != camp.id]
    home = home_of(state, warband)
    coin = 0 if home is None else add_store(home, "coin", CLEAR_COIN_PER_STRENGTH * camp.strength)
    bump(state, warband.tribe, "camps_cleared")
    events.append(
        Event(
            "threat_cleared",
            state.tick,
            {"tribe": warband.tribe, "warband": warband.id, "camp": camp.id, "kind": camp.kind,
             "coin": coin},
        )
    )  # fmt: skip


def assault_camps(state: TribesState, events: list[Event]) -> None:
    """Warbands standing on camps, ascending id."""
    if not state.camps:
        return
    tick = state.tick
    for warband in state.warbands:
        if warband.size <= 0 or warband.fought == tick:
            continue
        camp = next((c for c in state.camps if c.x == warband.x and c.y == warband.y), None)
        if camp is None:
            continue
        outcome = fight(
            state, war_rite(state, warband, attack_power(state, warband)), camp_defence(state, camp)
        )
        dead = settle_warband(state, warband, outcome, True, events)
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
