"""A prize's cards offered (the Privateer design document, "Prize cards"): three off her (or the
town, or the beast), keep one for good or none. A question the crew asked first is answered first:
the cards wait behind it.
"""

from __future__ import annotations

from dataclasses import replace

from ..events import Event
from ..fight.prizes import prize_offer
from .pending import PrizeOffer, Question
from .state import VoyageState


def offer_prize(state: VoyageState, target: str) -> list[Event]:
    cards = tuple(prize_offer(target))
    if isinstance(state.pending, Question):  # the crew's question first
        state.pending = replace(state.pending, then_prize=target)
        return []
    assert state.pending is None, state.pending
    state.pending = PrizeOffer(cards, target)
    return [Event("prize_offered", state.day, {"cards": list(cards), "from": target, "stop": True})]
