"""In port (the Privateer design document): who will deal with you, the bar (rounds and hands to
hire), the yard (repairs, upgrades, ships for sale, striking a card), bribes and the royal pardon,
the islanders' provisions, and raiding the town instead of trading.
"""

from __future__ import annotations

from typing import Any

from ..events import Event
from ..fight.encounter import Encounter, Termination
from ..fight.outfit import MIN_DECK
from ..fight.settle import Settlement
from ..fight.ships import CREW, KIND_INDEX, SHIPS, UPGRADES
from ..world import wars
from ..world.bar import stand_a_round
from ..world.rules import WorldRules
from ..world.rumors import describe
from ..world.world import World
from . import letters
from .fights import begin_fight, prize_taken
from .islanders import canoes_come_out, islanders_port, take_provisions
from .offers import offer_prize
from .rules import VoyageRules
from .sheet import purchases
from .state import VoyageState

SHIP_ORDER = tuple(SHIPS)  # pinnace, brigantine, frigate, galleon: bigger as they go


def refusal(world: World, state: VoyageState, rules: VoyageRules, port: int) -> str | None:
    """Why the port will not deal with you, or None if it will."""
    ws = state.world
    p = world.ports[port]
    if islanders_port(world, rules, port):
        return "islanders trade provisions, not drink or ships"
    if ws.sacked_until[port] > ws.day:
        return f"sacked: nothing for anybody till day {ws.sacked_until[port]}"
    if p.nation == world.nation("england") and ws.pirate:
        return "English ports won't deal with a pirate (a royal pardon: 80 gold)"
    if ws.standing[p.nation] < 0:
        below = -ws.standing[p.nation]
        cost = bribe_cost(state, rules, p.nation)
        clear = rules.bribe_gold * below * (below + 1) // 2  # each bribe the next point up
        more = f", {clear} gold in all to deal" if below > 1 else ""
        return (
            f"{world.nation_names[p.nation]} wants you (standing {-below}): bribe its officials,"
            f" {cost} gold for a point of standing{more}"
        )
    return None


def bribe_cost(state: VoyageState, rules: VoyageRules, nation: int) -> int:
    """ "10 gold, times how far below zero you are", a point at a time."""
    return rules.bribe_gold * max(0, -state.world.standing[nation])


def raid_refusal(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, port: int
) -> str | None:
    """Why the town cannot be raided now, or None."""
    ws = state.world
    day = ws.day
    if ws.sacked_until[port] > day:
        return f"sacked: nothing to take till day {ws.sacked_until[port]}"
    ashore = ws.guard_until[port] - wrules.guard_days + wrules.guard_no_raid_days
    if rules.raid_guard and ws.guard_until[port] > day and day < ashore:
        return f"on its guard: the boats would never get ashore till day {ashore}"
    return None


# --- the bar --------------------------------------------------------------------------------


def buy_round(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> list[Event]:
    state.gold -= rules.round_gold
    state.tally["rounds"] += 1
    day = state.day
    events: list[Event] = []
    if state.round_port != state.port:  # the first round of a visit cheers the crew
        state.round_port = state.port
        state.morale = min(rules.morale_max, state.morale + rules.round_morale)
    rumor = stand_a_round(world, state.world, wrules, state.port)
    if rumor is None:
        events.append(Event("round", day, {"heard": False, "gold": state.gold}))
        return events
    state.rumors.append(rumor.to_list())
    state.tally["rumors"] += 1
    told = describe(world, rumor, day)
    events.append(Event("round", day, {"heard": True, "gold": state.gold, **told}))
    return events


def hire(state: VoyageState, rules: VoyageRules, hand: str) -> list[Event]:
    state.gold -= rules.hire_gold[hand]
    state.crew.append(hand)
    return [Event("hired", state.day, {"hand": hand, "gold": state.gold})]


def can_hire(state: VoyageState, rules: VoyageRules, hand: str) -> str | None:
    if hand not in CREW:
        return f"no such hand: {hand}"
    if hand in state.crew:
        return "one of each"
    if len(state.crew) >= SHIPS[state.ship].berths:
        return "no berth"
    if state.gold < rules.hire_gold[hand]:
        return f"not enough gold ({rules.hire_gold[hand]})"
    return None


# --- the yard -------------------------------------------------------------------------------


def repair(state: VoyageState, rules: VoyageRules, points: int) -> list[Event]:
    state.gold -= points * rules.repair_gold
    state.hull += points
    return [
        Event("repaired", state.day, {"points": points, "hull": state.hull, "gold": state.gold})
    ]


def can_upgrade(state: VoyageState, rules: VoyageRules, upgrade: str) -> str | None:
    if upgrade not in UPGRADES:
        return f"no such refit: {upgrade}"
    if upgrade in state.upgrades:
        return "fitted already"
    if state.gold < rules.upgrade_gold[upgrade]:
        return f"not enough gold ({rules.upgrade_gold[upgrade]})"
    return None


def upgrade(state: VoyageState, rules: VoyageRules, key: str) -> list[Event]:
    before = state.max_hull()
    state.gold -= rules.upgrade_gold[key]
    state.upgrades.append(key)
    state.hull += state.max_hull() - before  # a sheathed hull comes sound
    return [Event("refitted", state.day, {"upgrade": key, "gold": state.gold})]


def ships_for_sale(world: World, state: VoyageState, rules: VoyageRules) -> list[str]:
    """Bigger ships than yours, in a port whose yard builds them."""
    port = world.ports[state.port]
    if rules.ships_sold_at_forts and not port.fortified:
        return []
    mine = SHIP_ORDER.index(state.ship)
    return [s for s in SHIP_ORDER[mine + 1 :] if s in rules.ship_gold]


def buy_ship(state: VoyageState, rules: VoyageRules, key: str) -> list[Event]:
    """A new ship starts bare: her own cards, full hull; your hands and prize cards come with
    you, your refits and struck cards stay with the old one."""
    state.gold -= rules.ship_gold[key]
    state.ship = key
    state.upgrades = []
    state.struck = []
    state.hull = state.max_hull()
    return [Event("new_ship", state.day, {"ship": key, "hull": state.hull, "gold": state.gold})]


def can_strike(state: VoyageState, rules: VoyageRules, card: str) -> str | None:
    deck = state.outfit().deck()
    if card not in KIND_INDEX or KIND_INDEX[card] not in deck:
        return f"no {card} in your deck"
    if len(deck) <= MIN_DECK:
        return f"a deck is struck down to {MIN_DECK} cards, no further"
    if state.gold < rules.strike_gold:
        return f"not enough gold ({rules.strike_gold})"
    return None


def strike(state: VoyageState, rules: VoyageRules, card: str) -> list[Event]:
    state.gold -= rules.strike_gold
    state.struck.append(card)
    return [Event("struck", state.day, {"card": card, "gold": state.gold})]


def bribe(world: World, state: VoyageState, rules: VoyageRules) -> list[Event]:
    nation = world.ports[state.port].nation
    cost = bribe_cost(state, rules, nation)
    state.gold -= cost
    state.world.standing[nation] += 1
    return [
        Event(
            "bribed",
            state.day,
            {
                "nation": world.nations[nation],
                "gold": state.gold,
                "standing": state.world.standing[nation],
            },
        )
    ]


def pardon(world: World, state: VoyageState, rules: VoyageRules) -> list[Event]:
    state.gold -= rules.pardon_gold
    wars.pardon(world, state.world)
    pardoned = [Event("pardoned", state.day, {"gold": state.gold})]
    return pardoned + (letters.pardoned(world, state, rules) if rules.letters else [])


def provisions(state: VoyageState, rules: VoyageRules) -> list[Event]:
    take_provisions(state, rules)
    return [
        Event(
            "provisions",
            state.day,
            {"gold": state.gold, "hull": state.hull, "morale": state.morale},
        )
    ]


# --- coming in, and raiding -----------------------------------------------------------------


def enter_port(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, port: int
) -> list[Event]:
    """Making port: a deserter goes ashore; at an islanders' harbour the canoes may come out
    instead; in London with the score and no noose waiting, the run is won."""
    ws = state.world
    day = ws.day
    p = world.ports[port]
    events: list[Event] = []
    if state.mutineer:
        hand = state.mutineer
        state.mutineer = ""
        if hand in state.crew:
            state.crew.remove(hand)
            events.append(Event("deserted", day, {"hand": hand, "port": p.name}))
    raided = port in state.raided_natives
    if islanders_port(world, rules, port) and canoes_come_out(state, rules, raided):
        events.append(Event("canoes", day, {"port": p.name, "stop": True}))
        return events + begin_fight(
            world, state, rules, "war_canoes", port=-1, fired_first=False, why="canoes"
        )
    state.port = port
    events.append(
        Event(
            "in_port",
            day,
            {
                "port": p.name,
                "nation": world.nations[p.nation],
                "deals": refusal(world, state, rules, port) is None,
                "stop": True,
            },
        )
    )
    return events + check_won(world, state, rules)


def check_won(world: World, state: VoyageState, rules: VoyageRules) -> list[Event]:
    if state.port < 0 or state.over:
        return []
    if world.ports[state.port].name != rules.home_port or state.world.pirate:
        return []
    if not letters.has_the_score(state, rules):
        return []
    state.outcome = "won"
    won: dict[str, Any] = {"gold": state.gold, "stop": True}
    if state.circuit is not None:
        won["circuit"] = state.circuit.places  # Drake's circuit made
    return [Event("won", state.day, won)]


def raid(world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules) -> list[Event]:
    """Raid the town instead of trading: -3 standing going in (an English town makes you a
    pirate); the fight is against its defences, its treasury in the hold, an open town's walls
    (the rules' `town_walls`), and walls raised and relief sooner for each raid it has turned
    out while on its guard."""
    ws = state.world
    port = state.port
    p = world.ports[port]
    day = ws.day
    events: list[Event] = []
    if p.nation == world.nation("england") and not ws.pirate:
        wars.turn_pirate(world, ws, wrules)
        events.append(Event("pirate", day, {"why": f"you raided {p.name}"}))
    raided = wars.raided(world, ws, wrules, p.nation, letters.licensed(state, p.nation))
    events += [Event(e.kind, day, e.data) for e in raided]
    if islanders_port(world, rules, port) and port not in state.raided_natives:
        state.raided_natives.append(port)
    guarded = rules.raid_guard and ws.guard_until[port] > day
    raids = ws.guard_raids[port] if guarded else 0
    state.port = -1  # off the town, in the boats
    state.tally["raids"] += 1
    target = "fortified_port" if p.fortified else "town"
    walls = rules.guard_walls * raids + (0 if p.fortified else rules.town_walls)
    return events + begin_fight(
        world,
        state,
        rules,
        target,
        port=port,
        fired_first=True,
        why="you raided",
        hold=ws.treasury[port],
        walls=walls,
        relief_sooner=rules.guard_relief_sooner * raids,
    )


def raid_over(
    world: World,
    state: VoyageState,
    rules: VoyageRules,
    wrules: WorldRules,
    port: int,
    encounter: Encounter,
    settlement: Settlement,
) -> list[Event]:
    """A sack takes everything and the town has nothing for 120 days, raises the alarm and
    ends the guard; a raid turned out leaves the town on its guard, its treasury as the raid
    left it."""
    ws = state.world
    day = ws.day
    p = world.ports[port]
    events: list[Event] = []
    ws.alarm_until[port] = day + wrules.alarm_days
    if settlement.outcome is Termination.DESTROYED:
        ws.treasury[port] = 0
        ws.sacked_until[port] = day + wrules.sacked_days
        ws.guard_until[port] = 0
        ws.guard_raids[port] = 0
        state.tally["sacks"] += 1
        licensed = letters.licensed(state, p.nation)
        events += [
            Event(e.kind, day, e.data) for e in wars.sacked(world, ws, wrules, p.nation, licensed)
        ]
        events.append(Event("sacked", day, {"port": p.name, "gold": state.gold, "stop": True}))
        events += prize_taken(state, rules, settlement.payout, rules.sack_morale)
        events += letters.sacked_town(world, state, rules, port)
        if rules.prize_cards:
            events += offer_prize(state, encounter.setup.target)
        return events
    ws.treasury[port] = encounter.hold
    if rules.raid_guard:
        if ws.guard_until[port] > day:
            ws.guard_raids[port] += 1
        else:
            ws.guard_raids[port] = 1
        ws.guard_until[port] = day + wrules.guard_days
    events.append(
        Event("raid_turned_out", day, {"port": p.name, "treasury": encounter.hold, "stop": True})
    )
    if settlement.payout > 0:
        events += prize_taken(state, rules, settlement.payout, rules.prize_morale)
    return events


def port_sheet(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> dict[str, Any]:
    """What the port offers you, and why not where it will not."""
    port = state.port
    p = world.ports[port]
    why = refusal(world, state, rules, port)
    ws = state.world
    return {
        "port": p.name,
        "nation": world.nations[p.nation],
        "fortified": p.fortified,
        "deals": why is None,
        "refusal": why,
        "treasury": ws.treasury[port],
        "raid": raid_refusal(world, state, rules, wrules, port) or "open",
        "on_guard_until": ws.guard_until[port] if ws.guard_until[port] > ws.day else None,
        "raids_turned_out": ws.guard_raids[port] if ws.guard_until[port] > ws.day else 0,
        "ships_for_sale": {s: rules.ship_gold[s] for s in ships_for_sale(world, state, rules)}
        if why is None
        else {},
        "offers": _offers(world, state, rules) if why is None else {},
    }


def _offers(world: World, state: VoyageState, rules: VoyageRules) -> dict[str, Any]:
    """What each hire, refit and ship for sale would add, before you buy it (the hands not
    aboard, the refits not fitted, each with why it cannot be bought now, if it cannot)."""
    hands = {h: can_hire(state, rules, h) for h in CREW if h not in state.crew}
    refits = {u: can_upgrade(state, rules, u) for u in UPGRADES if u not in state.upgrades}
    return purchases(state, rules, hands, refits, ships_for_sale(world, state, rules))
