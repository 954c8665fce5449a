"""The ship sheet (the Privateer design document, "Ship and crew have a sheet of their own"): the
ship, her hull and morale, each hand of note with what they bring and cost, the refits, and the deck
grouped by where each card came from, struck cards shown struck. And what a purchase would add
before you buy it ("In port, every hire, refit and ship for sale says what it would add")."""

from __future__ import annotations

from typing import Any

from ..fight.outfit import Outfit
from ..fight.ships import CATALOGUE, CREW, SHIPS, UPGRADE_HULL, UPGRADES
from .rules import VoyageRules
from .state import VoyageState


def _names(kinds: tuple[int, ...] | list[int]) -> list[str]:
    return [CATALOGUE[k].key for k in kinds]


def hand_brings(hand: str) -> list[str]:
    """What a hand of note brings: his cards (a navigator: a step more sight)."""
    return _names(CREW[hand]) or ["a step more sight"]


def ship_sheet(state: VoyageState, rules: VoyageRules) -> dict[str, Any]:
    deck_groups: dict[str, list[str]] = {"ship": _names(SHIPS[state.ship].deck)}
    for upgrade in state.upgrades:
        deck_groups[f"refit: {upgrade}"] = _names(UPGRADES[upgrade])
    for hand in state.crew:
        deck_groups[f"hand: {hand}"] = _names(CREW[hand])
    if state.prizes:
        deck_groups["prizes"] = list(state.prizes)
    return {
        "ship": state.ship,
        "hull": state.hull,
        "max_hull": state.max_hull(),
        "morale": state.morale,
        "gold": state.gold,
        "berths": SHIPS[state.ship].berths,
        "crew": [
            {
                "hand": h,
                "brings": hand_brings(h),
                "wages": rules.wage_gold[h],
            }
            for h in state.crew
        ],
        "upgrades": list(state.upgrades),
        "deck": deck_groups,
        "struck": list(state.struck),
        "deck_size": len(state.outfit().deck()),
    }


def purchases(
    state: VoyageState,
    rules: VoyageRules,
    hands: dict[str, str | None],
    refits: dict[str, str | None],
    ships: list[str],
) -> dict[str, Any]:
    """What each purchase a port offers would add, before you buy it: each hand of note not
    aboard (his cards, his wages), each refit not fitted (its cards, the hull it adds), each
    ship for sale (her hull and berths against yours, her own cards, and the deck you would
    sail with: your hands and prize cards come with you, your refits and struck cards stay).
    `hands` and `refits` give why each cannot be bought now (None: it can)."""
    outfit = state.outfit()
    return {
        "hands": {
            h: {
                "gold": rules.hire_gold[h],
                "adds": hand_brings(h),
                "wages": rules.wage_gold[h],
                "barred": why,
            }
            for h, why in hands.items()
        },
        "refits": {
            u: {
                "gold": rules.upgrade_gold[u],
                "adds": _names(UPGRADES[u]),
                "hull": UPGRADE_HULL.get(u, 0),
                "barred": why,
            }
            for u, why in refits.items()
        },
        "ships": {
            s: {
                "gold": rules.ship_gold[s],
                "hull": SHIPS[s].hull,
                "hull_change": SHIPS[s].hull - outfit.max_hull(),
                "berths": SHIPS[s].berths,
                "adds": _names(SHIPS[s].deck),
                "deck_size": len(Outfit(s, outfit.crew, (), outfit.prizes).deck()),
                "barred": None if state.gold >= rules.ship_gold[s] else "not enough gold",
            }
            for s in ships
        },
    }
