"""The read of a ship (the Privateer design document, "Seeing her first": "A read of her, off her
deck"): what the card engine's tables say of the ship she fights as, against you.

- her hull (with the hull a hostile warship carries for your renown), against yours;
- how heavily she is gunned: her hurt (what her shot cards deal, card by card) and what the
  wounds they leave would cost you (a leak 2 hull, fire 3, sails shot away nothing but your
  flight);
- whether she will run (her flee cards), is hard to shake off (her chase), mends quickly (her
  mend), or has help coming (a town's relief: so many cards from such a round);
- how rich her hold is, and her bounty (a laden corsair reads as one: `corsair_laden`).

Everything is read off TARGETS and CATALOGUE (engine/fight/ships.py), so a new kind or card
is read with no word here. Pure: a read draws nothing and changes nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..fight.cards import WOUND_COST
from ..fight.rules import FIGHT, FightRules, find_fight_rules
from ..fight.ships import CATALOGUE, RELIEF_KIND, TARGETS, bounty_paid
from ..world.world import World
from .fights import strike_cards
from .renown import hull_bonus
from .rules import VoyageRules
from .sighting import target_of
from .state import VoyageState


def _wound_cost(kind: int) -> int:
    return WOUND_COST[CATALOGUE[kind].wound]


def deck_read(deck: Sequence[int]) -> dict[str, Any]:
    """What a deck of card kinds fights with: its hurt (the hull its shot deals, every card
    kept once), the wounds' cost its hits leave, each shot card (in the deck's order, with
    how many), its flee cards, its chase and its mend."""
    counts = Counter(deck)
    shot = [(CATALOGUE[kind], kind, count) for kind, count in counts.items() if CATALOGUE[kind].hit]
    return {
        "hurt": sum(card.hit * count for card, _, count in shot),
        "wounds": sum(_wound_cost(kind) * count for _, kind, count in shot),
        "guns": [
            {
                "card": card.key,
                "name": card.name,
                "count": count,
                "hit": card.hit,
                "wound": card.wound.name.lower(),
                "wound_cost": _wound_cost(kind),
            }
            for card, kind, count in shot
        ],
        "flee": sum(count for kind, count in counts.items() if CATALOGUE[kind].flee),
        "chase": sum(CATALOGUE[kind].chase * count for kind, count in counts.items()),
        "mend": sum(CATALOGUE[kind].mend * count for kind, count in counts.items()),
    }


def read_target(
    key: str, walls: int = 0, relief_sooner: int = 0, fight: FightRules = FIGHT
) -> dict[str, Any]:
    """The read of what fights as `key` (a target of the card engine), `walls` hull above her
    kind's (a warship's renown, a town's guard) and her relief `relief_sooner` rounds early;
    her bounty as the `fight` rules pay it."""
    target = TARGETS[key]
    relief = target.relief_count if target.town else 0
    relief_card = CATALOGUE[RELIEF_KIND]
    return {
        "target": key,
        "hull": target.hull + walls,
        "renown_hull": walls,
        **deck_read(target.deck),
        "relief": relief,
        "relief_from": max(1, target.relief_from - relief_sooner) if relief else 0,
        "relief_hurt": relief * (relief_card.hit + WOUND_COST[relief_card.wound]),
        "hold": target.hold,
        "bounty": bounty_paid(target, fight),
    }


def read_ship(world: World, state: VoyageState, rules: VoyageRules, ship: int) -> dict[str, Any]:
    """The read of a ship of the world, against you as you are: her figures (`read_target`,
    with a hostile warship's renown hull; by the strike_colours rule, her strike-colours
    cards, when she has any) and yours."""
    target = target_of(state, ship)
    fight = find_fight_rules(rules.fight_rules)
    her = read_target(target, hull_bonus(world, state, rules, ship), fight=fight)
    strikes = strike_cards(rules, target)
    if strikes:
        her["strikes"] = strikes
    return against(her, state, state.hull)


def against(her: dict[str, Any], state: VoyageState, hull: int) -> dict[str, Any]:
    """A read of her (`read_target`) beside your figures: your hull (`hull` of your full
    hull) and what your deck deals (your hurt and your wounds' cost)."""
    yours = deck_read(state.outfit().deck())
    return {
        **her,
        "your_hull": hull,
        "your_max_hull": state.max_hull(),
        "your_hurt": yours["hurt"],
        "your_wounds": yours["wounds"],
    }


def punch(read: dict[str, Any], side: str = "") -> int:
    """What a side can deal in a pass of the deck: its hurt and its wounds' cost (`side`: ""
    hers, "your_" yours)."""
    return int(read[side + "hurt"]) + int(read[side + "wounds"])
