"""The "trader" policy (the Tribes design document, "Logistics & trade"): the shared economy run as
a market.

- It researches coinage early (the peddler pays 40% instead of 25%).
- It answers the foreign offers its market shows (seed: foreign offers are seen through an own
  market): an offer whose wanted goods it holds above its keep level gets the exact opposite
  offer, to that tribe, so the two cross at equality (`give x give = want x want`).
- It offers its largest surpluses for what it is short of (tools, timber, stone, metal,
  planks, cloth, clothes), to any tribe, and sells what lies well over its keep levels to the
  peddler for coin.
- It keeps its own stance toward every tribe neutral (a hostile stance would bar its trades).
- It feeds its young settlements by routes from its largest: grain and timber, a share of the
  surplus above the keep-level each slow tick (seed: routes move permille x surplus).
"""

from __future__ import annotations

from typing import Any

from .economy import GROWER_TECHS, Plan, Style, economy
from .market import keep_levels, offer_text, peddler_offers, stale, swap_offers, totals
from .sight import alive_tribes, foreign_offers, me, own_offers, own_routes, stance

TRADE_TECHS = ("milling", "coinage", *(t for t in GROWER_TECHS if t not in ("milling", "coinage")))
TRADER = Style(techs=TRADE_TECHS)
OFFER_LIMIT = 12  # chosen: offers of its own pending at most, peddler sales aside
MAX_OFFERS = 16  # seed: at most 16 offers a tribe
ANSWERS = 4  # chosen: foreign offers answered a consultation
PEDDLER_MARGIN = 500  # chosen: sells to the peddler what lies 50% over its keep level
WANTS = ["tools", "timber", "stone", "metal", "planks", "cloth", "clothes", "weapons"]
ROUTE_SHARE = 200  # chosen: per mille of the surplus a route moves each slow tick
ROUTED = ("grain", "timber")
MARKET_BUILDING = "market"


def _answers(view: dict[str, Any], keep: dict[str, int]) -> list[str]:
    """Opposite offers to the foreign offers in view (ascending id) it can afford."""
    mine = me(view)
    have = totals(view)
    orders: list[str] = []
    for offer in sorted(foreign_offers(view), key=lambda o: o["id"]):
        who = offer.get("tribe", mine)
        if who == mine or who < 0 or offer.get("to", -1) not in (-1, mine):
            continue
        give, want = offer["want"], offer["give"]
        give_n, want_n = offer["want_n"], offer["give_n"]
        if have.get(give, 0) - give_n < keep.get(give, 0):
            continue  # (a hostile stance of its own is made neutral first, in this consultation)
        have[give] = have.get(give, 0) - give_n
        orders.append(offer_text(give_n, give, want_n, want, f"to {who}"))
        if len(orders) >= ANSWERS:
            break
    return orders


def _stances(view: dict[str, Any]) -> list[str]:
    return [f"stance {t} neutral" for t in alive_tribes(view) if stance(view, t) != "neutral"]


def _routes(plan: Plan) -> list[str]:
    ss = plan.settlements
    if len(ss) < 2:
        return []
    big = max(ss, key=lambda s: (s["pop"], -s["id"]))
    have = {(r["source"], r["dest"], r["resource"]) for r in own_routes(plan.view)}
    return [
        f"route {big['id']} {s['id']} {resource} {ROUTE_SHARE}"
        for s in ss
        if s is not big
        for resource in ROUTED
        if (big["id"], s["id"], resource) not in have
    ]


def _trade(plan: Plan) -> list[str]:
    view = plan.view
    if not any(s["buildings"].get(MARKET_BUILDING, 0) for s in plan.settlements):
        return _stances(view) + _routes(plan)
    keep = keep_levels(view)
    withdrawn = stale(view, keep)
    mine = len(own_offers(view)) - len(withdrawn)
    answers = _answers(view, keep)[: max(0, OFFER_LIMIT - mine)]
    mine += len(answers)
    swaps = swap_offers(view, WANTS, keep, OFFER_LIMIT - len(answers))
    mine += len(swaps)
    sales = peddler_offers(view, keep, PEDDLER_MARGIN, min(3, MAX_OFFERS - mine))
    return _stances(view) + _routes(plan) + withdrawn + answers + swaps + sales


def trader(view: dict[str, Any]) -> list[str]:
    """Trade, sell, stay neutral, route (see the module)."""
    return economy(view, TRADER, _trade)
