"""The rulings on logistics' and trade's orders (the Tribes design document, "Logistics & trade"):
routes, offers (and taking one back) and stances. orders.py parses them; `refusal` says why one is
not open now (None: it is) and `apply` carries an open one out.

    route FROM TO RESOURCE N   both the tribe's settlements, FROM != TO; N per mille of the
                               surplus above the keep-level; a route is (FROM, TO, RESOURCE):
                               ordering it again sets its N, N = 0 deletes it (seed). At most
                               24 routes a tribe (seed): a 25th is refused, a change is not.
    offer A RES for B RES [to TRIBE | peddler] [repeat]
                               at most 16 offers a tribe (seed); chosen: both amounts >= 1 and
                               TRIBE another tribe still in the game. No market is needed to
                               post an offer, only to trade it (trade.py).
    withdraw OFFER             an own offer, taken back (chosen: see orders.Withdraw)
    stance TRIBE hostile|neutral|allied
                               sets the tribe's stance toward another tribe in the game (a
                               "stance" event); a stance is one-sided, so each tribe sets its
                               own (trade needs non-hostile both ways, battles a hostile either).
"""

from __future__ import annotations

from typing import Any

from ...events import Event
from ..constants import OFFER_PEDDLER
from ..orders import Offer, Route, Stance, Withdraw
from ..state import Offer as OfferState
from ..state import Route as RouteState
from ..state import TribesState


def _own(state: TribesState, tribe_id: int, settlement_id: int) -> bool:
    settlement = state.settlement(settlement_id)
    return settlement is not None and settlement.tribe == tribe_id


def _other_tribe(state: TribesState, tribe_id: int, other: int) -> str | None:
    if other == tribe_id:
        return "a tribe trades and stands only toward another tribe"
    if not 0 <= other < len(state.tribes) or not state.tribes[other].alive:
        return f"tribe {other} is not in the game"
    return None


def find_route(state: TribesState, tribe_id: int, order: Route) -> RouteState | None:
    for route in state.routes:
        if (route.tribe, route.source, route.dest, route.resource) == (
            tribe_id,
            order.source,
            order.destination,
            order.resource,
        ):
            return route
    return None


def refusal(state: TribesState, tribe_id: int, order: Any) -> str | None:
    """Why the order is not open now (None: it is)."""
    if isinstance(order, Route):
        for end in (order.source, order.destination):
            if not _own(state, tribe_id, end):
                return f"settlement {end} is not the tribe's"
        if order.source == order.destination:
            return "a route runs between two settlements"
        existing = find_route(state, tribe_id, order)
        if order.permille == 0:
            return None if existing is not None else "there is no such route to delete"
        held = sum(1 for r in state.routes if r.tribe == tribe_id)
        if existing is None and held >= state.rules.max_routes:
            return f"a tribe holds at most {state.rules.max_routes} routes"
        return None
    if isinstance(order, Offer):
        if order.give_amount < 1 or order.want_amount < 1:
            return "an offer gives and wants at least 1"
        if order.to >= 0:
            why = _other_tribe(state, tribe_id, order.to)
            if why is not None:
                return why
        if sum(1 for o in state.offers if o.tribe == tribe_id) >= state.rules.max_offers:
            return f"a tribe holds at most {state.rules.max_offers} offers"
        return None
    if isinstance(order, Withdraw):
        if not any(o.id == order.offer and o.tribe == tribe_id for o in state.offers):
            return f"offer {order.offer} is not the tribe's"
        return None
    if isinstance(order, Stance):
        return _other_tribe(state, tribe_id, order.tribe)
    return f"{order.verb} is not a trade order"


def apply(state: TribesState, tribe_id: int, order: Any, events: list[Event]) -> None:
    """Carry out an open order."""
    if isinstance(order, Route):
        existing = find_route(state, tribe_id, order)
        if order.permille == 0:
            state.routes = [r for r in state.routes if r is not existing]
        elif existing is not None:
            existing.permille = order.permille
        else:
            state.routes.append(
                RouteState(
                    state.new_id(),
                    tribe_id,
                    order.source,
                    order.destination,
                    order.resource,
                    order.permille,
                )
            )
    elif isinstance(order, Offer):
        state.offers.append(
            OfferState(
                state.new_id(),
                tribe_id,
                order.give,
                order.give_amount,
                order.want,
                order.want_amount,
                to=OFFER_PEDDLER if order.peddler else order.to,
                repeat=order.repeat,
            )
        )
    elif isinstance(order, Withdraw):
        state.offers = [o for o in state.offers if o.id != order.offer]
    elif isinstance(order, Stance):
        state.tribes[tribe_id].stances[order.tribe] = order.stance
        events.append(
            Event(
                "stance",
                state.tick,
                {"tribe": tribe_id, "toward": order.tribe, "stance": order.stance},
            )
        )
