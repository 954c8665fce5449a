"""The hex duel's view as numbers (engine/encoding.py), from the side that observes: whose
activation it is and what is left of it, the wind, both ships (place, facing, hull, sails,
crew, a repair under way) with her own shot loaded (the enemy's is hidden, as on the board),
how far apart and how each bears on the other."""

from __future__ import annotations

from ..encoding import Encoding, Feature, View, derived, number, one_hot
from .actions import ACTION_WORDS
from .hexes import Sector
from .rules import REPAIRABLE, SHOTS

BEARINGS = tuple(sector.value for sector in Sector)
FACINGS = tuple(range(6))  # the six hex sides, clockwise
MOST = 64  # the largest board a duel's rules lay out, either way, and the most of hull or crew


def _ship(who: str, about: str) -> list[Feature]:
    return [
        number(f"{who}.col", f"{about}: her column", high=MOST),
        number(f"{who}.row", f"{about}: her row", high=MOST),
        one_hot(f"{who}.facing", f"{about}: the side she faces", FACINGS),
        number(f"{who}.hull", f"{about}: hull", high=MOST),
        number(f"{who}.sails", f"{about}: sails", high=MOST),
        number(f"{who}.crew", f"{about}: crew", high=MOST),
        one_hot(f"{who}.pending", f"{about}: a repair under way", REPAIRABLE),
        number(f"{who}.hurt", f"{about}: hurt this round"),
    ]


def _my_activation(view: View) -> list[float]:
    return [1.0 if view.get("to_act") == view.get("as") else 0.0]


ENCODING = Encoding(
    (
        number("round", "the round", high=200),
        number("max_rounds", "the round the duel is called off at", high=200),
        derived("my_activation", "whether it is the observer's activation", _my_activation),
        number("mp", "movement points left this activation", high=10),
        number("moved", "moved this activation"),
        number("acted", "fired, reloaded or repaired this activation"),
        one_hot("wind.to", "the side the wind blows toward", FACINGS),
        number("wind.calm", "a calm"),
        *_ship("you", "yours"),
        one_hot("you.loaded", "yours: the shot loaded", SHOTS),
        *_ship("enemy", "the enemy's"),
        number("distance", "hexes apart", high=MOST * 2),
        one_hot("bearing", "where she bears from you", BEARINGS),
        one_hot("enemy_bearing", "where you bear from her", BEARINGS),
        number("flee_distance", "how far apart counts as fled", high=MOST * 2),
    ),
    most_actions=len(ACTION_WORDS),
)
"""The duel's encoding: its actions are at most every code there is."""
