"""Meeting a ship and what comes of it (the Privateer design document, "Meeting a ship", "Afterwards
it is settled"): you fire first on the ship alongside, or she on you; the fight goes through the
card engine with your outfit, and is settled here: the purse, the hull, prisoners questioned, the
ship laid up, the standing and strain your firing cost, a prize's cards, a town's sack.
"""

from __future__ import annotations

from ..events import Event
from ..fight.encounter import Termination
from ..fight.settle import settle
from ..world import wars
from ..world.bar import question_prisoner
from ..world.game import lay_up
from ..world.rules import WorldRules
from ..world.world import World
from . import letters
from .captives import free_captives
from .fights import begin_fight, prize_taken, strike_cards
from .offers import offer_prize
from .pending import Engagement
from .port import raid_over
from .renown import hull_bonus
from .rules import VoyageRules
from .sighting import target_of
from .state import VoyageState
from .weather import sunk_event


def attack(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, ship: int
) -> list[Event]:
    """You fire first on the ship alongside: her nation remembers it however it goes (a
    monster is nobody's), and an English ship makes you a pirate. She is found as she came
    alongside: the renown hull of a warship that was hostile then (your firing does not make
    her better found)."""
    ws = state.world
    flag = ws.ships["flag"][ship]
    walls = hull_bonus(world, state, rules, ship)
    events: list[Event] = []
    if flag >= 0:
        if flag == world.nation("england") and not ws.pirate:
            wars.turn_pirate(world, ws, wrules)
            events.append(Event("pirate", ws.day, {"why": "you fired on an English ship"}))
        fired = wars.fired_on(world, ws, wrules, flag, letters.licensed(state, flag))
        events += [Event(e.kind, ws.day, e.data) for e in fired]
    target = target_of(state, ship)
    return events + begin_fight(
        world,
        state,
        rules,
        target,
        ship=ship,
        fired_first=True,
        why="you attacked",
        walls=walls,
        strikes=strike_cards(rules, target),
    )


def settle_fight(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> list[Event]:
    """The fight is over: settle it (the Privateer design document, "Afterwards it is settled")."""
    encounter = state.fight
    engagement = state.pending
    assert encounter is not None and encounter.result is not None
    assert isinstance(engagement, Engagement)
    ws = state.world
    day = ws.day
    settlement = settle(encounter)
    events = settlement.events(encounter.round)
    state.fight = None
    state.pending = None
    state.gold += settlement.payout
    state.hull = settlement.hull
    target, ship, port = engagement.target, engagement.ship, engagement.port
    result = settlement.outcome
    events.append(
        Event(
            "fight_over",
            day,
            {
                "target": target,
                "outcome": result.value,
                "node": state.node,
                "payout": settlement.payout,
                "hull": state.hull,
                "gold": state.gold,
            },
        )
    )
    if result is Termination.SUNK:
        state.outcome, state.cause = "sunk", target
        events.append(sunk_event(state))
        return events
    for _ in range(settlement.rumors):  # each prisoner questioned tells of a ship nearby
        rumor = question_prisoner(world, ws, state.node, wrules)
        if rumor is not None:
            state.rumors.append(rumor.to_list())
            state.tally["rumors"] += 1
            events.append(Event("rumor_heard", day, {"source": "prisoner", "node": rumor.node}))
    if port >= 0:
        return events + raid_over(world, state, rules, wrules, port, encounter, settlement)
    if ship >= 0:
        flag = ws.ships["flag"][ship]
        if result is Termination.DESTROYED:
            freed = free_captives(world, state, rules, wrules, ship, target)  # before laid up
            lay_up(world, ws, wrules, ship)
            if engagement.fired_first and flag >= 0:
                wars.sank_ship(world, ws, wrules, flag)
                events += [
                    Event(e.kind, day, e.data)
                    for e in wars.took_ship(world, ws, wrules, flag, letters.licensed(state, flag))
                ]
            events += letters.took_ship(world, state, rules, ship)
            events += freed
        else:  # parted, fled or got away from: she leaves you be a while
            state.let_pass.append([ship, day + rules.let_pass_days])
    if settlement.payout > 0:
        events += prize_taken(state, rules, settlement.payout, rules.prize_morale)
    if result is Termination.DESTROYED and rules.prize_cards:
        events += offer_prize(state, target)
    return events
