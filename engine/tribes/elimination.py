"""Elimination (the Tribes design document, phase 13, every tick): a tribe with zero settlements and
zero warbands is eliminated: it is no longer alive, `eliminated_on` is the tick, its settler wagons,
rite effects, caravans (those it owns), offers and routes vanish, and an "eliminated" event is told.
A tribe whose last asset is a settler wagon is still eliminated (the seed's documented convention).

Chosen (the seed leaves it open): a settlement whose people are all gone (starved, died or
emigrated to 0) is abandoned first, here, with an "abandoned" event: an empty settlement can
neither grow nor work, and without this a tribe could never lose its last settlement in part 1
(part 2 adds capture).
"""

from __future__ import annotations

from ..events import Event
from .state import TribesState


def warbands_of(state: TribesState, tribe: int) -> int:
    """How many warbands the tribe has in the field."""
    return sum(1 for w in state.warbands if w.tribe == tribe)


def abandon_empty(state: TribesState, events: list[Event]) -> None:
    for settlement in state.settlements:
        if settlement.pop <= 0:
            events.append(
                Event(
                    "abandoned",
                    state.tick,
                    {
                        "tribe": settlement.tribe,
                        "settlement": settlement.id,
                        "name": settlement.name,
                    },
                )
            )
    state.settlements = [s for s in state.settlements if s.pop > 0]


def eliminate(state: TribesState, events: list[Event]) -> None:
    """Phase 13: abandon empty settlements, then eliminate the tribes left with nothing,
    ascending id."""
    settlements = state.settlements
    if any(s.pop <= 0 for s in settlements):
        abandon_empty(state, events)
        settlements = state.settlements
    holding = [0] * len(state.tribes)
    for settlement in settlements:
        holding[settlement.tribe] += 1
    for tribe in state.tribes:
        if not tribe.alive or holding[tribe.id] or warbands_of(state, tribe.id):
            continue
        tribe.alive = False
        tribe.eliminated_on = state.tick
        state.wagons = [w for w in state.wagons if w.tribe != tribe.id]
        state.caravans = [c for c in state.caravans if c.tribe != tribe.id]
        state.offers = [o for o in state.offers if o.tribe != tribe.id]
        state.routes = [r for r in state.routes if r.tribe != tribe.id]
        state.effects = [e for e in state.effects if e.tribe != tribe.id]
        events.append(Event("eliminated", state.tick, {"tribe": tribe.id}))
