"""Phase 7, logistics (the Tribes design document): settler wagons on the road. Part 2 adds
caravans, routes and food equalization here, after the wagons.

Each wagon, in ascending id, moves one tile a tick toward its site (movement.py's greedy
step with its slide round water). A wagon that has not come nearer than its best distance so
far for wagon_stuck_ticks (the rules', 30, chosen) ticks in a row gives up and merges home.

On reaching its site the wagon founds a settlement there (pop = its settlers, its grain and
timber into the stores, named "<tribe> <id>", a "founded" event), unless a settlement has come
within 6 tiles of the site meanwhile: then, as when it gives up, it merges into the nearest own
settlement by Chebyshev distance from where it stands (ties to the lowest id): settlers to pop,
grain and timber to the stores under the store cap (overflow lost), a "wagon_merged" event.
Chosen: a tribe with no settlement left loses the wagon ("wagon_merged" with settlement -1).
Settlers and supplies moved this way are neither births nor production (seed: moving stores
counts as neither).
"""

from __future__ import annotations

from ...events import Event
from ..economy.stores import add_store
from ..orders import chebyshev
from ..rulings import site_refusal
from ..setup import new_settlement
from ..state import Settlement, TribesState, Wagon
from ..territory import set_grain_gates
from .movement import travel


def _nearest_own(state: TribesState, wagon: Wagon) -> Settlement | None:
    nearest: Settlement | None = None
    for s in state.settlements:
        if s.tribe == wagon.tribe and (
            nearest is None
            or chebyshev(s.x, s.y, wagon.x, wagon.y)
            < chebyshev(nearest.x, nearest.y, wagon.x, wagon.y)
        ):
            nearest = s
    return nearest


def merge_home(state: TribesState, wagon: Wagon, events: list[Event]) -> None:
    """The wagon joins the nearest own settlement (or is lost if there is none)."""
    home = _nearest_own(state, wagon)
    if home is not None:
        home.pop += wagon.settlers
        add_store(home, "grain", wagon.grain, state.rules)
        add_store(home, "timber", wagon.timber, state.rules)
    events.append(
        Event(
            "wagon_merged",
            state.tick,
            {
                "tribe": wagon.tribe,
                "wagon": wagon.id,
                "settlement": -1 if home is None else home.id,
                "settlers": wagon.settlers,
            },
        )
    )


def found_at_site(state: TribesState, wagon: Wagon, events: list[Event]) -> None:
    """The wagon becomes a settlement on its site (kept in ascending id: ids only grow)."""
    name = f"{state.tribes[wagon.tribe].name} {state.next_id}"
    settlement = new_settlement(state, wagon.tribe, wagon.x, wagon.y, wagon.settlers, name)
    add_store(settlement, "grain", wagon.grain, state.rules)
    add_store(settlement, "timber", wagon.timber, state.rules)
    set_grain_gates(state, settlement)
    state.settlements.append(settlement)
    events.append(
        Event(
            "founded",
            state.tick,
            {
                "tribe": wagon.tribe,
                "settlement": settlement.id,
                "name": name,
                "x": settlement.x,
                "y": settlement.y,
                "pop": settlement.pop,
            },
        )
    )


def move_wagons(state: TribesState, events: list[Event]) -> None:
    """Phase 7: every wagon steps, then founds, merges or goes on (ascending id)."""
    if not state.wagons:
        return
    on_the_road: list[Wagon] = []
    for wagon in state.wagons:
        distance = travel(state, wagon)
        if distance == 0:
            if site_refusal(state, wagon.x, wagon.y) is None:
                found_at_site(state, wagon, events)
            else:
                merge_home(state, wagon, events)
        elif wagon.stuck >= state.rules.wagon_stuck_ticks:
            merge_home(state, wagon, events)
        else:
            on_the_road.append(wagon)
    state.wagons = on_the_road
