"""Seed 003's tabletop card game, Privateers: 2-4 nations share one deck and take turns of
seven phases (fate, sailing, merchant, raid, privateer, taxes, settlement); privateers raid
merchants and bases on a 2D6 table; the first to 100 gold wins. Pure deterministic rules
(game.py, raids.py, cardplay.py, table.py) on plain data (state.py), every number and every
choice where the seed is silent in rules.py, the deck in cards.py, the mode in mode.py."""

from .actions import IllegalTabletopAction, TabletopAction
from .cards import DECK, DECK_SIZE, card, card_words
from .mode import MODE, TabletopGame
from .rules import NATIONS, TabletopRules, find_tabletop_rules
from .state import PHASES, TabletopState
from .view import describe, observe

__all__ = [
    "DECK",
    "DECK_SIZE",
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
    "describe",
    "find_tabletop_rules",
    "observe",
]
