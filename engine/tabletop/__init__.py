"""The Privateers design document's tabletop card game, Privateers: 2-4 nations share one deck and
take turns of seven phases (fate, sailing, merchant, raid, privateer, taxes, settlement); privateers
raid merchants and bases on a 2D6 table; the first to 100 gold wins. Pure deterministic rules
(game.py, raids.py, cardplay.py, table.py) on plain data (state.py), every number and every choice
where the seed is silent in rules.py, the deck in cards.py, the mode in mode.py.

The mode's public face: what front ends may use of it (engine/face.py), each name imported
from its module when first asked for, so importing one costs only what its module needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..face import shown

if TYPE_CHECKING:
    from .actions import IllegalTabletopAction, TabletopAction
    from .bots import BOTS
    from .cards import CARD_LIST, DECK, DECK_SIZE, card, card_words
    from .game import ENGINE_VERSION, check_players
    from .mode import MODE, TabletopGame
    from .odds import measure_odds
    from .rules import NATIONS, TabletopRules, find_tabletop_rules, parse_setting, raid_modifier
    from .sim import event_names, simulate
    from .state import PHASES, TabletopState
    from .view import describe, observe

__all__ = [
    "BOTS",
    "CARD_LIST",
    "DECK",
    "DECK_SIZE",
    "ENGINE_VERSION",
    "MODE",
    "NATIONS",
    "PHASES",
    "IllegalTabletopAction",
    "TabletopAction",
    "TabletopGame",
    "TabletopRules",
    "TabletopState",
    "card",
    "card_words",
    "check_players",
    "describe",
    "event_names",
    "find_tabletop_rules",
    "measure_odds",
    "observe",
    "parse_setting",
    "raid_modifier",
    "simulate",
]

if not TYPE_CHECKING:
    __getattr__ = shown(__name__)
