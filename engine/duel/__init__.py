"""The open-water hex duel of the hex-duel design document, as pure deterministic rules, its CPU
captain and simulation (recorded and replayed by engine/record.py, as every mode).

Choices where the seed is silent (each a named field of `DuelRules` or a named constant):

- The board (`cols` x `rows` = 24 x 16 hexes, pointy-top, odd rows shifted right) is wide
  enough that two ships can be 16 or more hexes apart (its widest distance is 31). A hex is
  (col, row) from 0 in the state, "A1" (column letter, row from 1) for a person. The edge
  blocks: a move off the board is not legal, a drift off it does not happen.
- Red starts at F8 facing east, Blue at S9 facing west, 13 hexes apart: the board turned
  half round maps one start onto the other.
- Red (the player) activates first in every round (`first_side` 0, `initiative` "fixed"),
  so the CPU always answers a move it has seen. Moving first is worth a lot: between equal
  captains the first side usually fires first, and damage is certain. The variant
  `initiative="alternate"` gives odd rounds to `first_side` and even rounds to the other
  (each side then gets a double activation in turn).
- One ship per hex: a move into the enemy's hex is not legal, a drift into it is blocked.
- Sunk: hull 0. Struck: crew 0 (no one is left to fight her). Either way the other side wins.
- After `max_rounds` (60) the ships part (Termination.ROUND_LIMIT), nobody winning.
- Movement Points are counted once, at the start of the activation, from the facing then.
- A repair costs 2 Move, or all the Move left if less (so a ship at 0 Sails can still
  repair her sails); it is the activation's action, and it cannot be declared after moving.
- Fleeing is the activation's action; after it the skirmish is over.
- The pending repair lands before the drift: a ship whose sails come back does not drift.
- When nothing but ending is left (no Move for any step, the action taken), the activation
  ends by itself.
- The wind blows towards a facing (`DuelState.wind`, 0 = east); it starts from a uniform
  draw, then each round's d6 follows the seed's tables.
- "No damage taken this round" counts from the round's start (its wind roll). With the seed's
  numbers it can never bind: no gun reaches past 4 hexes and no ship moves more than 5, so a
  ship hit this round is never 16 hexes off by her own activation. It is kept (and tested)
  for rules that vary those numbers.
- Blue's personality, when not given, is drawn from the seed (the draw happens either way,
  so a seed's winds do not depend on it); a CPU Red is given one explicitly.

Events (`Event(kind, round, data)` with a dict): duel_start, wind, activation, repaired,
drift, move, turn, repair, fire, reload, escape, pass, duel_end. `redact_event` hides what
the other side may not see (her reload's shot, her personality).


The mode's public face: what front ends may use of it (engine/face.py), each name imported
from its module when first asked for, so importing one costs only what its module needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..face import shown

if TYPE_CHECKING:
    from ..events import Event
    from .actions import ACTION_WORDS, ALL_ACTIONS, DuelAction, IllegalDuelAction
    from .captain import Captains, choose, debug_view, plan
    from .game import (
        ENGINE_VERSION,
        act,
        create_duel,
        current_side,
        legal_actions,
        observe,
        outcome,
        redact_event,
        why_illegal,
    )
    from .hexes import FACING_NAMES, Sector, distance, hex_name, sector
    from .mode import MODE, OPTIONS, DuelGame
    from .personality import POSTURES, TEMPERS, Temper, posture
    from .rules import RULESETS, SHOT_HITS, SHOTS, DuelRules, find_duel_rules
    from .sim import duel_outcome, personality_table, play_duel
    from .state import (
        BLUE,
        PERSONALITIES,
        RED,
        SAVE_VERSION,
        SIDES,
        DuelOutcome,
        DuelState,
        ShipState,
        Termination,
    )

__all__ = [
    "ACTION_WORDS",
    "ALL_ACTIONS",
    "BLUE",
    "ENGINE_VERSION",
    "FACING_NAMES",
    "MODE",
    "OPTIONS",
    "PERSONALITIES",
    "POSTURES",
    "RED",
    "RULESETS",
    "SAVE_VERSION",
    "SHOTS",
    "SHOT_HITS",
    "SIDES",
    "TEMPERS",
    "Captains",
    "DuelAction",
    "DuelGame",
    "DuelOutcome",
    "DuelRules",
    "DuelState",
    "Event",
    "IllegalDuelAction",
    "Sector",
    "ShipState",
    "Temper",
    "Termination",
    "act",
    "choose",
    "create_duel",
    "current_side",
    "debug_view",
    "distance",
    "duel_outcome",
    "find_duel_rules",
    "hex_name",
    "legal_actions",
    "observe",
    "outcome",
    "personality_table",
    "plan",
    "play_duel",
    "posture",
    "redact_event",
    "sector",
    "why_illegal",
]

if not TYPE_CHECKING:
    __getattr__ = shown(__name__)
