"""The voyage (the Privateer design document): your ship on the living world. Ports and raids,
meetings and fights, events at sea and the ones that ask you, the deck you build, and the captain
bot.

The mode's public face: what front ends may use of it (engine/face.py), each name imported
from its module when first asked for, so importing one costs only what its module needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..face import shown

if TYPE_CHECKING:
    from ..dials import (  # a study's dials
        MAX_POINTS,
        Dial,
        captain_of,
        find_dial,
        parse_dial,
        read_range,
        turned,
        value_in,
    )
    from .actions import (
        Attack,
        Berth,
        Bribe,
        BuyRound,
        BuyShip,
        Choose,
        Course,
        Hire,
        IllegalVoyageAction,
        KeepCards,
        LetPass,
        Pardon,
        Provisions,
        Raid,
        Reading,
        Repair,
        Said,
        Sail,
        Strike,
        TakePrize,
        Upgrade,
        VoyageAction,
        card_words,
    )
    from .captain import CAPTAIN, CAPTAINS, RULES_CAPTAINS, captain_for
    from .captain_spec import find_captain
    from .captained import VoyageRecord, play_captained, state_on_day
    from .dilemmas import options as dilemma_options
    from .game import (
        ACCEPTED_VERSIONS,
        ENGINE_VERSION,
        VoyageGame,
        rumor_kept,
        voyage_rules,
        world_rules,
    )
    from .letter_where import LetterWhere
    from .letter_where import letter_where as letter_where_of
    from .letters import ADMIRALTY, REGIONS, letters_done, licensed, region_nodes
    from .location import location as location_of
    from .mode import MODE, OPTIONS, game_for
    from .pending import Engagement, Meeting, PrizeOffer, Question
    from .port import SHIP_ORDER, bribe_cost, can_strike, refusal, ships_for_sale
    from .raid_read import raid_read as raid_read_of
    from .rules import FULL, RULESETS, VoyageRules, find_voyage_rules
    from .sheet import hand_brings
    from .shore import bank_at, banks_closed, keel_closed
    from .sighting import in_sight
    from .sim import RunResult, summarise
    from .state import SAVE_VERSION, VoyageState
    from .wake import wake_of, water_of

__all__ = [
    "ACCEPTED_VERSIONS",
    "ADMIRALTY",
    "CAPTAIN",
    "CAPTAINS",
    "ENGINE_VERSION",
    "FULL",
    "MAX_POINTS",
    "MODE",
    "OPTIONS",
    "REGIONS",
    "RULESETS",
    "RULES_CAPTAINS",
    "SAVE_VERSION",
    "SHIP_ORDER",
    "Attack",
    "Berth",
    "Bribe",
    "BuyRound",
    "BuyShip",
    "Choose",
    "Course",
    "Dial",
    "Engagement",
    "Hire",
    "IllegalVoyageAction",
    "KeepCards",
    "LetPass",
    "LetterWhere",
    "Meeting",
    "Pardon",
    "PrizeOffer",
    "Provisions",
    "Question",
    "Raid",
    "Reading",
    "Repair",
    "RunResult",
    "Said",
    "Sail",
    "Strike",
    "TakePrize",
    "Upgrade",
    "VoyageAction",
    "VoyageGame",
    "VoyageRecord",
    "VoyageRules",
    "VoyageState",
    "bank_at",
    "banks_closed",
    "bribe_cost",
    "can_strike",
    "captain_for",
    "captain_of",
    "card_words",
    "dilemma_options",
    "find_captain",
    "find_dial",
    "find_voyage_rules",
    "game_for",
    "hand_brings",
    "in_sight",
    "keel_closed",
    "letter_where_of",
    "letters_done",
    "licensed",
    "location_of",
    "parse_dial",
    "play_captained",
    "raid_read_of",
    "read_range",
    "refusal",
    "region_nodes",
    "rumor_kept",
    "ships_for_sale",
    "state_on_day",
    "summarise",
    "turned",
    "value_in",
    "voyage_rules",
    "wake_of",
    "water_of",
    "world_rules",
]

if not TYPE_CHECKING:
    __getattr__ = shown(__name__)
