"""Raids (the Tribes design document, "Military"): a warband ordered to raid, within 1 tile of its
target, raids once (not on a tick it already fought).

- A settlement: the warband's power against the settlement's defense (militia pop/10 + walls
  x 100 + towers x 50 + garrisons; military_battle.settlement_defense). The garrisons take the
  defender's losses; the militia's losses (per mille of pop/10) die, won or lost (chosen: the
  seed's "small pop loss", counted as deaths). A win steals up to 2 units a soldier (the
  survivors) in the loot order (coin, grain, fish, meat, bread, tools, weapons, armor, metal,
  cloth, clothes, timber, stone), hauled home at once; chosen: only what home can hold is
  taken, so nothing is lost on the way and loot moves stores without counting as production
  or consumption. A "raid" event; at >= 2x the defense (powers as fought) one building is
  destroyed (chosen: the most numerous, ties in the building list's order, never the hall;
  "building_destroyed"). Then the warband goes home: a winner garrisons it, a loser routs.
- A caravan: its escorts (own warbands ordered to escort it, within 1 tile, not routing)
  defend with their summed defending power; with none there is no battle (no draw) and the
  raid takes what it can. The loot comes out of the cargo in the loot order, then the other
  resources in store order; "caravan_raided".
Every successful raid counts on the raider's `raids` counter.
"""

from __future__ import annotations

from ...events import Event
from ..constants import LOOT_ORDER, RESOURCES
from ..economy import flows
from ..economy.construction import demolish, doomed_building
from ..economy.stores import store_cap
from ..orders import chebyshev
from ..rules import TribesRules
from ..state import Caravan, Settlement, TribesState, Warband
from .battle import defending_power, fight, garrisons, settlement_defense, war_rite
from .battle import warband_power as attack_power
from .orders import allied
from .units import (
    bump,
    home_of,
    militia_deaths,
    ready_to,
    rout_losers,
    settle_warband,
    tell_battle,
)

LOOT_ALL = LOOT_ORDER + tuple(r for r in RESOURCES if r not in LOOT_ORDER)


def haul(
    goods: dict[str, int], capacity: int, home: Settlement | None, rules: TribesRules
) -> dict[str, int]:
    """Move up to `capacity` units out of `goods` into `home`'s stores in the loot order (what
    home has room for); the loot taken, by resource."""
    loot: dict[str, int] = {}
    if home is None:
        return loot
    cap = store_cap(home, rules)
    stores = home.stores
    for resource in LOOT_ALL:
        if capacity <= 0:
            break
        n = min(goods.get(resource, 0), capacity, max(0, cap - stores[resource]))
        if n > 0:
            goods[resource] -= n
            stores[resource] += n
            capacity -= n
            loot[resource] = n
    return loot


def raid_settlement(
    state: TribesState, warband: Warband, target: Settlement, events: list[Event]
) -> None:
    tick = state.tick
    defenders = garrisons(state, target)
    attack = war_rite(state, warband, attack_power(state, warband))
    defense = settlement_defense(state, target)
    for garrison in defenders:  # a garrison's war rite adds to the defense, and is spent
        plain = defending_power(state, garrison)
        defense += war_rite(state, garrison, plain) - plain
    outcome = fight(state, attack, defense)
    won = outcome.attacker_won
    dead = settle_warband(state, warband, outcome, True, events)
    lost = 0
    for garrison in defenders:
        lost += settle_warband(state, garrison, outcome, False, events)
    deaths = militia_deaths(target, outcome.defender_losses, state.rules)
    if deaths:
        target.pop -= deaths
        flows.count(state.tribes[target.tribe], "deaths", deaths)
    tell_battle(
        state, "raid", target.x, target.y, warband.tribe, target.tribe, outcome,
        (dead, lost + deaths), events,
    )  # fmt: skip
    rout_losers(state, outcome, [warband], defenders, events)
    if not won:
        return
    home = home_of(state, warband)
    loot = haul(target.stores, state.rules.loot_per_soldier * warband.size, home, state.rules)
    events.append(
        Event(
            "raid",
            tick,
            {"tribe": target.tribe, "by": warband.tribe, "settlement": target.id,
             "loot": loot, "deaths": deaths},
        )
    )  # fmt: skip
    bump(state, warband.tribe, "raids")
    if outcome.attacker_power >= 2 * outcome.defender_power:
        building = doomed_building(target)
        if building is not None and demolish(target, building):
            events.append(
                Event(
                    "building_destroyed",
                    tick,
                    {"tribe": target.tribe, "settlement": target.id, "building": building,
                     "by": warband.tribe},
                )
            )  # fmt: skip
    warband.order = {} if home is None else {"kind": "garrison", "settlement": home.id}


def escorts_of(state: TribesState, caravan: Caravan) -> list[Warband]:
    return [
        w
        for w in state.warbands
        if w.tribe == caravan.tribe
        and w.size > 0
        and not w.routing
        and w.order.get("kind") == "escort"
        and w.order.get("caravan") == caravan.id
        and chebyshev(w.x, w.y, caravan.x, caravan.y) <= 1
    ]


def raid_caravan(
    state: TribesState, warband: Warband, caravan: Caravan, events: list[Event]
) -> None:
    escorts = escorts_of(state, caravan)
    if escorts:
        defense = sum(war_rite(state, e, defending_power(state, e)) for e in escorts)
        outcome = fight(state, war_rite(state, warband, attack_power(state, warband)), defense)
        dead = settle_warband(state, warband, outcome, True, events)
        lost = sum(settle_warband(state, e, outcome, False, events) for e in escorts)
        tell_battle(
            state, "caravan", caravan.x, caravan.y, warband.tribe, caravan.tribe, outcome,
            (dead, lost), events,
        )  # fmt: skip
        rout_losers(state, outcome, [warband], escorts, events)
        if not outcome.attacker_won:
            return
    home = home_of(state, warband)
    loot = haul(caravan.cargo, state.rules.loot_per_soldier * warband.size, home, state.rules)
    caravan.cargo = {r: n for r, n in caravan.cargo.items() if n > 0}
    events.append(
        Event(
            "caravan_raided",
            state.tick,
            {"tribe": caravan.tribe, "by": warband.tribe, "caravan": caravan.id, "loot": loot},
        )
    )
    bump(state, warband.tribe, "raids")
    warband.fought = state.tick
    warband.order = {} if home is None else {"kind": "garrison", "settlement": home.id}


def raids(state: TribesState, events: list[Event]) -> None:
    """Every raiding warband within reach of its target, ascending id."""
    for warband in ready_to(state, "raid"):
        order = warband.order
        if "caravan" in order:
            caravan = next((c for c in state.caravans if c.id == order["caravan"]), None)
            if caravan is None or caravan.tribe == warband.tribe:
                continue
            if allied(state, warband.tribe, caravan.tribe):
                continue
            if chebyshev(warband.x, warband.y, caravan.x, caravan.y) <= 1:
                raid_caravan(state, warband, caravan, events)
            continue
        target = state.settlement(int(order.get("settlement", -1)))
        if target is None or target.tribe == warband.tribe:
            continue
        if allied(state, warband.tribe, target.tribe):
            continue
        if chebyshev(warband.x, warband.y, target.x, target.y) <= 1:
            raid_settlement(state, warband, target, events)
