"""A fight on (the Privateer design document, "Meeting a ship", "Raiding a port"): the card engine's
encounter with her outfit and hull as they are, on the terms a town sets; and a prize that pays,
which cheers the crew (and may set them asking for their shares).
"""

from __future__ import annotations

from ..events import Event
from ..fight.encounter import create_encounter
from ..fight.rules import find_fight_rules
from ..rng import below
from ..world.world import World
from .dilemmas import ask
from .pending import Engagement
from .renown import gain
from .rules import VoyageRules
from .state import VoyageState


def _fight_seed(state: VoyageState) -> int:
    value, state.rng = below(state.rng, 0x7FFFFFFF)
    return value


def begin_fight(
    world: World,
    state: VoyageState,
    rules: VoyageRules,
    target: str,
    *,
    ship: int = -1,
    port: int = -1,
    fired_first: bool,
    why: str,
    hold: int | None = None,
    walls: int = 0,
    relief_sooner: int = 0,
    strikes: int = 0,
) -> list[Event]:
    """A fight on: the card engine's encounter with your outfit and hull as they are (and
    `strikes` strike-colours cards in her deck: the strike_colours rule's), fought by the
    fight rules the voyage's rules name."""
    encounter, events = create_encounter(
        target,
        state.outfit(state.hull),
        _fight_seed(state),
        hold=hold,
        walls=walls,
        relief_sooner=relief_sooner,
        strikes=strikes,
        rules=find_fight_rules(rules.fight_rules),
    )
    state.fight = encounter
    state.pending = Engagement(target, ship, port, fired_first, why)
    state.tally["fights"] += 1
    day = state.day
    out = [
        Event(
            "fight",
            day,
            {
                "target": target,
                "why": why,
                "node": state.node,
                "ship": ship,
                "port": world.ports[port].name if port >= 0 else None,
                "hull": state.hull,
                "her_hull": encounter.hull[1],
                "stop": True,
            },
        )
    ]
    return out + events  # a card's events keep the fight's round (the log has the day)


def strike_cards(rules: VoyageRules, target: str) -> int:
    """The strike-colours cards a ship of kind `target` carries into a fight: one, by the
    strike_colours rule, for the kinds it names; none otherwise."""
    return 1 if rules.strike_colours and target in rules.strike_targets else 0


def prize_taken(state: VoyageState, rules: VoyageRules, payout: int, morale: int) -> list[Event]:
    """A prize with a payout (a ship's, a raid's or a sack's): the crew's spirits up, the sour
    clock reset, your name the better known (renown); a large one and the crew want their
    shares (without dilemmas to ask them, they sour for them in silence)."""
    state.morale = min(rules.morale_max, state.morale + morale)
    state.last_prize_day = state.day
    state.tally["prizes"] += 1
    events = [Event("prize", state.day, {"payout": payout, "morale": state.morale})]
    events += gain(state, rules, payout)
    if payout >= rules.shares_payout and not state.over and (rules.dilemmas or rules.crew_sours):
        roll, state.rng = below(state.rng, 1000)
        if roll < rules.shares_ask_per_mille:
            if rules.dilemmas:
                events += ask(state, rules, "shares", payout if rules.shares_of_prize else 0)
            else:  # no one asks (the rules before dilemmas): the crew sour in silence
                state.morale = max(0, state.morale - rules.shares_morale)
                events.append(Event("morale", state.day, {"morale": state.morale, "why": "shares"}))
    return events
