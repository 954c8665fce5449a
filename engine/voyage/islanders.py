"""Islanders (the Privateer design document, "Events at sea"): "Umatac on Guam (Spanish, the
galleon's watering stop on the way to Manila), and native harbours ... trade provisions, 3 gold for
+3 morale and +2 hull, once a day. Coming in, 30% of the time the canoes come out to fight instead
(70% if you've raided them)."

Who trades as islanders do: every native harbour, and (the `guam_islanders` rule) a port of a
nation whose role is islanders, which stays its nation's for standing and raids. Their
provisions, bought in harbour or off an uncharted island (the `island_folk` rule), and how
often their canoes come out instead.
"""

from __future__ import annotations

from ..rng import below
from ..world.world import World
from .rules import VoyageRules
from .state import VoyageState

ISLANDERS_ROLE = "islanders"  # data/ports.csv's role for a harbour of islanders


def islanders_port(world: World, rules: VoyageRules, port: int) -> bool:
    """Does the port trade as islanders do (provisions and canoes; no bar, yard or hands)?"""
    p = world.ports[port]
    return p.native or (rules.guam_islanders and ISLANDERS_ROLE in p.roles)


def take_provisions(state: VoyageState, rules: VoyageRules) -> None:
    """Water, fruit and timber: 3 gold for +3 morale and +2 hull, once a day."""
    state.gold -= rules.provisions_gold
    state.morale = min(rules.morale_max, state.morale + rules.islanders_morale)
    state.hull = min(state.max_hull(), state.hull + rules.provisions_hull)
    state.provisions_day = state.day


def can_take_provisions(state: VoyageState, rules: VoyageRules) -> str | None:
    """Why provisions cannot be bought now, or None."""
    if state.provisions_day == state.day:
        return "once a day"
    if state.gold < rules.provisions_gold:
        return f"not enough gold ({rules.provisions_gold})"
    return None


def canoes_come_out(state: VoyageState, rules: VoyageRules, raided: bool) -> bool:
    """The canoes come out to fight instead of trading (a roll of the voyage's RNG)."""
    chance = rules.canoes_raided_per_mille if raided else rules.canoes_per_mille
    roll, state.rng = below(state.rng, 1000)
    return roll < chance
