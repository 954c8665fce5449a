"""Phase 12's trade (the Tribes design document, "Logistics & trade"; slow ticks, after knowledge):
the peddler, then offer matching. A tribe trades from its market settlement: the lowest-id own
settlement with a market (seed); a tribe without one neither sells to the peddler (chosen: the
peddler calls at markets) nor matches offers.

The peddler (seed): an offer to the peddler (wanting coin) sells instantly, each slow tick, at
25% of the base value (40% with coinage): coin = give_n x base_value x rate / 1000, through
the tribe's "peddler" accumulator (the seed's rule for fractional flows). Chosen: the price is
the peddler's, so the offer's wanted amount is not read; the sale needs the whole give_n at
the market (no part sales); no caravan, no risk. A repeat offer sells every slow tick, another
is consumed by its sale. The peddler is outside the world: the goods sold leave it and the coin
comes in, a trade, so neither production nor consumption (seed, "Metrics").

Matching (seed): offers in ascending id; each offer A not yet matched this slow tick takes the
lowest-id offer B that fits: another tribe's, not the peddler's, not matched this tick,
complementary (A gives what B wants and wants what B gives), neither tribe hostile toward the
other, each offer's counterparty constraint met (to any, or to the other's tribe), both tribes
with a market, and the price cross A.give_n x B.give_n >= A.want_n x B.want_n (B pays at
least what A asks). Quantity (seed): q = min(A.want_n, B.give_n) units of what A wants.
Payment (seed: "midpoint price x q"), in what A gives: the midpoint of A's price (A.give_n /
A.want_n) and B's (B.want_n / B.give_n) times q, to the nearest unit, halves up, in integers:

    payment = (q x (A.give_n x B.give_n + A.want_n x B.want_n) + A.want_n x B.give_n)
              div (2 x A.want_n x B.give_n)

It is at least 1 and at most A.give_n (the cross puts the midpoint at or below A's price).
Chosen: a pair whose goods are not both at hand (q at B's market, the payment at A's) does not
match; A tries the next B. Each side's goods leave its market at once and travel as a caravan
owned by the receiving tribe to the other's market (caravans.py). Non-repeat offers are
consumed by their first match, repeat offers stay. A "trade" event from A's side (give_n is
the payment, want_n is q; `other_offer` B's offer and tribe as counterparty) and each tribe's
"trades" counter; a peddler sale's event has counterparty -2.
"""

from __future__ import annotations

from ...events import Event
from ..constants import OFFER_ANY, OFFER_PEDDLER, PERMILLE
from ..economy.stores import add_store
from ..logistics.caravans import set_out
from ..rules import TribesRules
from ..state import Offer, Settlement, Tribe, TribesState


def market_of(state: TribesState, tribe_id: int) -> Settlement | None:
    """The tribe's market settlement: its lowest-id settlement with a market (seed)."""
    for settlement in state.settlements:
        if settlement.tribe == tribe_id and settlement.buildings.get("market", 0) > 0:
            return settlement
    return None


def _count(tribe: Tribe, counter: str) -> None:
    tribe.counters[counter] = tribe.counters.get(counter, 0) + 1


def peddler_price(tribe: Tribe, resource: str, amount: int, rules: TribesRules) -> int:
    """Coin the peddler pays for `amount` of `resource` now, the accumulator advanced."""
    rate = rules.peddler_rate_coinage if "coinage" in tribe.techs else rules.peddler_rate
    total = amount * rules.base_value[resource] * rate + tribe.acc.get("peddler", 0)
    tribe.acc["peddler"] = total % PERMILLE
    return total // PERMILLE


def payment(a: Offer, b: Offer) -> int:
    """What A pays for q = min(A.want_n, B.give_n): the midpoint price x q (see the module)."""
    q = min(a.want_n, b.give_n)
    den = a.want_n * b.give_n
    return (q * (a.give_n * b.give_n + a.want_n * b.want_n) + den) // (2 * den)


def fits(state: TribesState, a: Offer, b: Offer) -> bool:
    """Whether B may answer A, its goods aside: the seed's requirements bar the markets."""
    if b.to == OFFER_PEDDLER or b.tribe == a.tribe:
        return False
    if a.give != b.want or a.want != b.give:
        return False
    ta, tb = state.tribes[a.tribe], state.tribes[b.tribe]
    if ta.stances[b.tribe] == "hostile" or tb.stances[a.tribe] == "hostile":
        return False
    if a.to not in (OFFER_ANY, b.tribe) or b.to not in (OFFER_ANY, a.tribe):
        return False
    return a.give_n * b.give_n >= a.want_n * b.want_n


def sell_to_peddler(state: TribesState, offer: Offer, events: list[Event]) -> bool:
    """The peddler's sale of `offer` if the market holds the goods (True: sold)."""
    market = market_of(state, offer.tribe)
    if market is None or market.stores[offer.give] < offer.give_n:
        return False
    tribe = state.tribes[offer.tribe]
    coin = peddler_price(tribe, offer.give, offer.give_n, state.rules)
    market.stores[offer.give] -= offer.give_n
    add_store(market, "coin", coin, state.rules)
    _count(tribe, "trades")
    events.append(
        Event(
            "trade",
            state.tick,
            {
                "offer": offer.id,
                "other_offer": -1,
                "tribe": offer.tribe,
                "counterparty": OFFER_PEDDLER,
                "give": offer.give,
                "give_n": offer.give_n,
                "want": "coin",
                "want_n": coin,
                "payment": coin,
            },
        )
    )
    return True


def match(
    state: TribesState,
    a: Offer,
    b: Offer,
    markets: dict[int, Settlement | None],
    events: list[Event],
) -> bool:
    """Trade A against B if both markets hold the goods (True: traded)."""
    market_a, market_b = markets[a.tribe], markets[b.tribe]
    if market_a is None or market_b is None:
        return False
    q = min(a.want_n, b.give_n)
    paid = payment(a, b)
    if market_b.stores[a.want] < q or market_a.stores[a.give] < paid:
        return False
    market_b.stores[a.want] -= q
    market_a.stores[a.give] -= paid
    set_out(state, a.tribe, market_b, market_a, {a.want: q}, events, a.id)
    set_out(state, b.tribe, market_a, market_b, {a.give: paid}, events, b.id)
    _count(state.tribes[a.tribe], "trades")
    _count(state.tribes[b.tribe], "trades")
    events.append(
        Event(
            "trade",
            state.tick,
            {
                "offer": a.id,
                "other_offer": b.id,
                "tribe": a.tribe,
                "counterparty": b.tribe,
                "give": a.give,
                "give_n": paid,
                "want": a.want,
                "want_n": q,
                "payment": paid,
            },
        )
    )
    return True


def trade(state: TribesState, events: list[Event]) -> None:
    """Phase 12 (slow): the peddler's sales, then offer matching (see the module)."""
    if not state.offers:
        return
    spent: set[int] = set()  # non-repeat offers consumed
    for offer in state.offers:
        sold = offer.to == OFFER_PEDDLER and sell_to_peddler(state, offer, events)
        if sold and not offer.repeat:
            spent.add(offer.id)
    open_offers = [o for o in state.offers if o.to != OFFER_PEDDLER and o.id not in spent]
    if len(open_offers) >= 2:
        markets = {t.id: market_of(state, t.id) for t in state.tribes}
        by_goods: dict[tuple[str, str], list[Offer]] = {}  # (give, want) -> ascending id
        for offer in open_offers:
            by_goods.setdefault((offer.give, offer.want), []).append(offer)
        matched: set[int] = set()
        for a in open_offers:
            if a.id in matched:
                continue
            for b in by_goods.get((a.want, a.give), ()):
                if b.id in matched or not fits(state, a, b):
                    continue
                if match(state, a, b, markets, events):
                    matched.update((a.id, b.id))
                    spent.update(o.id for o in (a, b) if not o.repeat)
                    break
    if spent:
        state.offers = [o for o in state.offers if o.id not in spent]
