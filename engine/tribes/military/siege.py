"""Sieges (the Tribes design document, "Military"; slow ticks): a warband ordered to besiege, within
1 tile of its target (not on a tick it already fought), does one thing a slow tick, in this order:

1. garrisons first: one battle against the lowest-id garrison (its walls counted);
2. then the walls: damage = the besieger's power (chosen: as an attacker, without variance or
   the war rite, which are the battles'), quartered without a ram against walls >= 2, kept in
   `settlement.acc["siege"]`; each 2000 x level drops a level (the rest carried to the next;
   chosen: cleared when the walls are down); a "siege" event;
3. at walls 0 and no garrison: the storm, the besieger against the settlement's defense
   (militia + towers); the militia's losses die. A win captures the settlement:
   "settlement_captured", ownership to the besieger's tribe, morale 300, the labour override
   cleared, the siege accumulator cleared; chosen: the build queue is kept (its materials were
   paid), and the besieger garrisons its prize. Captures count on the captor's counter.
"""

from __future__ import annotations

from ...events import Event
from ..economy import flows
from ..orders import chebyshev
from ..state import Settlement, TribesState, Warband
from .battle import fight, garrisons, settlement_defense, war_rite
from .battle import warband_power as attack_power
from .field import clash
from .orders import allied
from .units import bump, militia_deaths, ready_to, rout_losers, settle_warband, tell_battle


def batter(state: TribesState, warband: Warband, target: Settlement, events: list[Event]) -> None:
    """One slow tick's damage to the walls."""
    rules = state.rules
    walls = target.count("walls")
    damage = attack_power(state, warband)
    if not warband.ram and walls >= rules.siege_no_ram_walls:
        damage //= rules.siege_no_ram_divisor
    acc = target.acc.get("siege", 0) + damage
    while walls > 0 and acc >= rules.siege_wall_damage * walls:
        acc -= rules.siege_wall_damage * walls
        walls -= 1
    if walls:
        target.buildings["walls"] = walls
        target.acc["siege"] = acc
    else:
        target.buildings.pop("walls", None)
        target.acc.pop("siege", None)
    warband.fought = state.tick
    events.append(
        Event(
            "siege",
            state.tick,
            {"tribe": warband.tribe, "defender": target.tribe, "settlement": target.id,
             "walls": walls, "damage": damage},
        )
    )  # fmt: skip


def capture(state: TribesState, warband: Warband, target: Settlement, events: list[Event]) -> None:
    previous = target.tribe
    target.tribe = warband.tribe
    target.morale = state.rules.captured_morale
    target.override = None
    target.acc.pop("siege", None)
    warband.order = {"kind": "garrison", "settlement": target.id}
    bump(state, warband.tribe, "captures")
    events.append(
        Event(
            "settlement_captured",
            state.tick,
            {"tribe": warband.tribe, "previous": previous, "settlement": target.id,
             "name": target.name},
        )
    )  # fmt: skip


def storm(state: TribesState, warband: Warband, target: Settlement, events: list[Event]) -> None:
    outcome = fight(
        state,
        war_rite(state, warband, attack_power(state, warband)),
        settlement_defense(state, target),
    )
    dead = settle_warband(state, warband, outcome, True, events)
    deaths = militia_deaths(target, outcome.defender_losses, state.rules)
    if deaths:
        target.pop -= deaths
        flows.count(state.tribes[target.tribe], "deaths", deaths)
    tell_battle(
        state, "storm", target.x, target.y, warband.tribe, target.tribe, outcome,
        (dead, deaths), events,
    )  # fmt: skip
    rout_losers(state, outcome, [warband], [], events)
    if outcome.attacker_won and warband.size > 0 and target.pop > 0:
        capture(state, warband, target, events)


def sieges(state: TribesState, events: list[Event]) -> None:
    """Every besieging warband within 1 tile of its target, ascending id (slow ticks)."""
    for warband in ready_to(state, "besiege"):
        order = warband.order
        target = state.settlement(int(order.get("settlement", -1)))
        if target is None or target.tribe == warband.tribe:
            continue
        if allied(state, warband.tribe, target.tribe):
            continue
        if chebyshev(warband.x, warband.y, target.x, target.y) > 1:
            continue
        defenders = [g for g in garrisons(state, target) if g.size > 0]
        if defenders:
            clash(state, warband, defenders[0], events, "siege")
        elif target.count("walls"):
            batter(state, warband, target, events)
        else:
            storm(state, warband, target, events)
