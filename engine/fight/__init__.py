"""The card fight of the Privateer design document ("the loop"): cards, every ship's deck, the
outfit that makes yours, the encounter's rules, the card bots, settling up, and a fight as a record.

The mode's public face: what front ends may use of it (engine/face.py), each name imported
from its module when first asked for, so importing one costs only what its module needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..face import shown

if TYPE_CHECKING:
    from .bots import BALANCED, BOTS
    from .cards import GLOSSARY, THEM, YOU
    from .encounter import (
        ENGINE_VERSION,
        FIGHT_EVENTS,
        SAVE_VERSION,
        Encounter,
        Keep,
        act,
        card_kind,
        card_name,
        card_side,
        create_encounter,
        threatened,
    )
    from .mode import MODE, OPTIONS, FightGame, outfit_of
    from .odds import TRIALS, Odds
    from .outfit import Outfit
    from .settle import Settlement
    from .settle import settle as settle_fight
    from .ships import CATALOGUE, CREW, DRAUGHTS, KIND_INDEX, SHIPS, TARGETS, UPGRADES
    from .sim import OnPlayed, simulate

__all__ = [
    "BALANCED",
    "BOTS",
    "CATALOGUE",
    "CREW",
    "DRAUGHTS",
    "ENGINE_VERSION",
    "FIGHT_EVENTS",
    "GLOSSARY",
    "KIND_INDEX",
    "MODE",
    "OPTIONS",
    "SAVE_VERSION",
    "SHIPS",
    "TARGETS",
    "THEM",
    "TRIALS",
    "UPGRADES",
    "YOU",
    "Encounter",
    "FightGame",
    "Keep",
    "Odds",
    "OnPlayed",
    "Outfit",
    "Settlement",
    "act",
    "card_kind",
    "card_name",
    "card_side",
    "create_encounter",
    "outfit_of",
    "settle_fight",
    "simulate",
    "threatened",
]

if not TYPE_CHECKING:
    __getattr__ = shown(__name__)
