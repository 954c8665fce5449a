"""The card fight's view as numbers (engine/encoding.py), from the side of "you": both hulls,
way and threat, the piles' sizes, the plunder, and the hand's three cards, each by its kind and
whose it is. The deck's order is not in the view, so not here either."""

from __future__ import annotations

from ..encoding import Encoding, Feature, View, derived, number, numbers, one_hot
from .ships import CATALOGUE, TARGETS

KINDS = tuple(kind.key for kind in CATALOGUE)
HAND = 3  # cards dealt a round: the keeps are their six ordered pairs
SIDES = ("you", "them")


def _hand_slot(slot: int) -> Feature:
    """The hand's `slot`-th card: its kind, then 1 if it is hers (0: yours, or no card)."""

    def read(view: View) -> list[float]:
        hand = view.get("hand") or []
        row = [0.0] * (len(KINDS) + 1)
        if slot < len(hand):
            row[KINDS.index(hand[slot]["card"])] = 1.0
            row[-1] = 1.0 if hand[slot]["side"] == "them" else 0.0
        return row

    labels = [f"hand[{slot}]={kind}" for kind in KINDS] + [f"hand[{slot}].theirs"]
    return derived(
        f"hand[{slot}]", f"the hand's card {slot + 1}: its kind, and whose", read, labels
    )


def _wounds(view: View) -> list[float]:
    waiting = view.get("wounds_waiting") or []
    return [float(sum(1 for w in waiting if w["side"] == side)) for side in SIDES]


ENCODING = Encoding(
    (
        number("round", "the round", high=200),
        one_hot("target", "what she is", tuple(TARGETS)),
        numbers("hull", "hull, yours and hers", SIDES, high=60),
        numbers("max_hull", "full hull, yours and hers", SIDES, high=60),
        numbers("way", "way made, yours and hers", SIDES, high=20),
        numbers("threatened", "whether a flee card works for each", SIDES),
        number("deck", "cards left in the deck", high=80),
        derived(
            "wounds_waiting", "wounds on top of the deck, yours and hers", _wounds, SIDES, high=20
        ),
        number("plunder", "plunder taken", high=200),
        number("hold", "room in her hold", high=50),
        number("prisoners", "prisoners taken", high=50),
        *(_hand_slot(slot) for slot in range(HAND)),
    ),
    most_actions=HAND * (HAND - 1),
)
"""The fight's encoding: its actions are the six ordered keeps of two of the three cards."""
