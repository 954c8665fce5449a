"""Trade caravans (the Tribes design document, "Logistics & trade"): goods on the road between two
market settlements, owned by the receiving tribe, moving one tile a tick (phase 7, ascending id, by
movement.py's greedy step with its slide round water, like the settler wagons).

A caravan that reaches its destination tile delivers its cargo to whoever holds the settlement
there now (the seed's convention: a destination captured on the way, its captor receives the
goods), under the store cap (overflow lost), with a "caravan_arrived" event naming the owner
(`tribe`) and the receiver. Chosen, as for wagons: a caravan that has not come nearer than its best
distance for caravan_stuck_ticks (the rules', 30) ticks in a row, or whose destination is gone (an
abandoned settlement), unloads at its owner's nearest settlement (Chebyshev, ties to the lowest id);
with none left its goods are lost (settlement -1).

Goods on the road are still goods: they were taken out of the stores when the caravan set out
and go back into stores on arrival, neither production nor consumption (seed, "Metrics": trade
transfers and loot move stores without counting), so a tribe's stores plus its caravans'
cargo is what production minus consumption leaves.

For raids (phase 10, military_raids.py, whose escorts are warbands ordered to escort the
caravan): `caravan_by_id`, and `take_cargo` which takes up to a warband's carrying capacity
from a caravan in a given loot order and drops a caravan left empty. A caravan found empty
here (raided bare) leaves the road without arriving.
"""

from __future__ import annotations

from ...events import Event
from ..constants import RESOURCES
from ..economy.stores import add_store
from ..orders import chebyshev
from ..state import Caravan, Settlement, TribesState
from .movement import travel


def set_out(
    state: TribesState,
    owner: int,
    source: Settlement,
    dest: Settlement,
    cargo: dict[str, int],
    events: list[Event],
    offer: int = -1,
) -> Caravan:
    """A caravan of `cargo` (already taken from the source's stores) on the road from `source`
    to `dest`, owned by `owner`; a "caravan_set_out" event, the owner's "caravans" counter."""
    caravan = Caravan(
        state.new_id(),
        owner,
        source.x,
        source.y,
        source.id,
        dest.id,
        dest.x,
        dest.y,
        cargo={r: n for r, n in cargo.items() if n > 0},
        offer=offer,
    )
    state.caravans.append(caravan)
    counters = state.tribes[owner].counters
    counters["caravans"] = counters.get("caravans", 0) + 1
    events.append(
        Event(
            "caravan_set_out",
            state.tick,
            {
                "tribe": owner,
                "caravan": caravan.id,
                "source": source.id,
                "dest": dest.id,
                "cargo": dict(caravan.cargo),
            },
        )
    )
    return caravan


def caravan_by_id(state: TribesState, caravan_id: int) -> Caravan | None:
    for caravan in state.caravans:
        if caravan.id == caravan_id:
            return caravan
    return None


def cargo_units(caravan: Caravan) -> int:
    return sum(caravan.cargo.values())


def take_cargo(
    state: TribesState, caravan: Caravan, capacity: int, order: tuple[str, ...] = RESOURCES
) -> dict[str, int]:
    """Take up to `capacity` units out of the caravan, resource by resource in `order` (a raid's
    loot order); the caravan is dropped from the road once empty. What was taken (the caller
    puts it into stores: loot is neither production nor consumption)."""
    taken: dict[str, int] = {}
    cargo = caravan.cargo
    for resource in order:
        if capacity <= 0:
            break
        held = cargo.get(resource, 0)
        n = min(held, capacity)
        if n > 0:
            taken[resource] = n
            capacity -= n
            if held == n:
                del cargo[resource]
            else:
                cargo[resource] = held - n
    if not cargo:
        state.caravans = [c for c in state.caravans if c is not caravan]
    return taken


def _nearest_own(state: TribesState, caravan: Caravan) -> Settlement | None:
    nearest: Settlement | None = None
    best = -1
    for s in state.settlements:
        if s.tribe == caravan.tribe:
            distance = chebyshev(s.x, s.y, caravan.x, caravan.y)
            if nearest is None or distance < best:
                nearest, best = s, distance
    return nearest


def unload(
    state: TribesState, caravan: Caravan, at: Settlement | None, events: list[Event]
) -> None:
    """The cargo into `at`'s stores (its holder's now), overflow lost; "caravan_arrived"."""
    if at is not None:
        for resource in RESOURCES:
            n = caravan.cargo.get(resource, 0)
            if n:
                add_store(at, resource, n, state.rules)
    events.append(
        Event(
            "caravan_arrived",
            state.tick,
            {
                "tribe": caravan.tribe,
                "caravan": caravan.id,
                "settlement": -1 if at is None else at.id,
                "receiver": -1 if at is None else at.tribe,
                "cargo": dict(caravan.cargo),
            },
        )
    )


def move_caravans(state: TribesState, events: list[Event]) -> None:
    """Phase 7: every caravan steps a tile, then arrives, gives up or goes on (ascending id)."""
    if not state.caravans:
        return
    on_the_road: list[Caravan] = []
    for caravan in state.caravans:
        if not any(caravan.cargo.values()):
            continue  # raided bare: nothing left to carry
        dest = state.settlement(caravan.dest)
        if dest is None:
            unload(state, caravan, _nearest_own(state, caravan), events)
            continue
        distance = travel(state, caravan)
        if distance == 0:
            unload(state, caravan, dest, events)
        elif caravan.stuck >= state.rules.caravan_stuck_ticks:
            unload(state, caravan, _nearest_own(state, caravan), events)
        else:
            on_the_road.append(caravan)
    state.caravans = on_the_road
