"""The ship sheet (seed 000, "Ship and crew have a sheet of their own"): the ship, her hull
and morale, each hand of note with what they bring and cost, the refits, and the deck grouped
by where each card came from, struck cards shown struck."""

from __future__ import annotations

from typing import Any

from ..combat.ships import CATALOGUE, CREW, SHIPS, UPGRADES
from .rules import VoyageRules
from .state import VoyageState


def _names(kinds: tuple[int, ...] | list[int]) -> list[str]:
    return [CATALOGUE[k].key for k in kinds]


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
                "brings": _names(CREW[h]) or ["a step more sight"],
                "wages": rules.wage_gold[h],
            }
            for h in state.crew
        ],
        "upgrades": list(state.upgrades),
        "deck": deck_groups,
        "struck": list(state.struck),
        "deck_size": len(state.outfit().deck()),
    }
