"""Offers the built-in policies make (the Tribes design document, "Logistics & trade"): what a tribe
has to spare and what it lacks, read from its own settlements' stores in the view, priced at the
seed's base values, so two tribes' opposite offers always cross (giveA x giveB >= wantA x wantB
holds with equality at parity: gA*v(X) = wA*v(Y) and gB*v(Y) = wB*v(X) give gA*gB = wA*wB; we round
the amount given up and the amount wanted down, so the cross holds after rounding too).

Chosen: offers are one-shot (not `repeat`): a policy posts again while the need lasts, so an
offer never outlives the surplus it was made from; a tribe keeps at most `limit` offers of its
own pending (the seed's cap is 16).
"""

from __future__ import annotations

from typing import Any

from .sight import own_offers, value_of

TRADED = ("grain", "timber", "stone", "tools", "metal", "planks", "hides", "weapons", "bread",
          "cloth", "leather", "clothes", "coin")  # fmt: skip
PEDDLER_RATE = 250  # seed: the peddler pays 25% of base value
PEDDLER_COINAGE = 400  # seed: 40% with coinage
LOT_VALUE = 120  # chosen: an offer moves about this much base value


def totals(view: dict[str, Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in view["settlements"]:
        for r, n in s["stores"].items():
            out[r] = out.get(r, 0) + n
    return out


def keep_levels(view: dict[str, Any]) -> dict[str, int]:
    """What a tribe keeps of each traded resource before it calls the rest surplus: 100 ticks
    of grain (its farms feed it as they go), timber and stone for building, a tool per two
    people, a little of the rest."""
    pop = sum(s["pop"] for s in view["settlements"])
    return {
        "grain": pop * 2,
        "timber": 300 + pop // 10,
        "stone": 200 + pop // 20,
        "tools": pop // 2,
        "metal": 40,
        "planks": 60,
        "hides": 60,
        "weapons": 60,
        "bread": 200,
        "cloth": 40,
        "leather": 40,
        "clothes": pop // 20,
        "coin": 200,
    }


def surpluses(view: dict[str, Any], keep: dict[str, int]) -> list[tuple[int, str]]:
    """(spare base value, resource), largest first (ties in TRADED order)."""
    have = totals(view)
    spare = [(value_of(r, have.get(r, 0) - keep[r]), r) for r in TRADED if have.get(r, 0) > keep[r]]
    return sorted(spare, key=lambda item: (-item[0], TRADED.index(item[1])))


def lot(give: str, want: str) -> tuple[int, int]:
    """Amounts of a lot: `give` worth at least LOT_VALUE, `want` worth at most what is given."""
    vg, vw = value_of(give, 1), value_of(want, 1)
    want_n = max(1, LOT_VALUE // vw)
    give_n = (want_n * vw + vg - 1) // vg
    return give_n, want_n


def stale(view: dict[str, Any], keep: dict[str, int]) -> list[str]:
    """Withdrawals of the tribe's own offers it can no longer afford: what they give is down
    to its keep level (ascending id)."""
    have = totals(view)
    return [
        f"withdraw {o['id']}"
        for o in sorted(own_offers(view), key=lambda o: o["id"])
        if have.get(o["give"], 0) - o["give_n"] < keep.get(o["give"], 0)
    ]


def pending(view: dict[str, Any]) -> set[tuple[str, str]]:
    """(give, want) of the tribe's own offers still open."""
    return {(o["give"], o["want"]) for o in own_offers(view)}


def offer_text(give_n: int, give: str, want_n: int, want: str, to: str = "") -> str:
    return f"offer {give_n} {give} for {want_n} {want}" + (f" {to}" if to else "")


def swap_offers(
    view: dict[str, Any], wants: list[str], keep: dict[str, int], limit: int
) -> list[str]:
    """Offers of the largest surpluses for each resource in `wants` the tribe is short of
    (below its keep level), to any tribe, at most `limit` pending."""
    have = totals(view)
    open_ = pending(view)
    orders: list[str] = []
    spare = surpluses(view, keep)
    budget = {r: value_of(r, have.get(r, 0) - keep[r]) for _, r in spare}
    for want in wants:
        if len(open_) + len(orders) >= limit or have.get(want, 0) >= keep.get(want, 0):
            continue
        for _, give in spare:
            if give == want or (give, want) in open_:
                continue
            give_n, want_n = lot(give, want)
            if budget[give] < value_of(give, give_n):
                continue
            budget[give] -= value_of(give, give_n)
            orders.append(offer_text(give_n, give, want_n, want))
            break
    return orders


def peddler_offers(
    view: dict[str, Any], keep: dict[str, int], margin: int, limit: int
) -> list[str]:
    """Sales to the peddler of what lies `margin` per mille over the keep level (coin
    excepted), a lot each, at the peddler's price (seed: 25%, 40% with coinage)."""
    have = totals(view)
    rate = PEDDLER_COINAGE if "coinage" in view["tribe"]["techs"] else PEDDLER_RATE
    open_ = pending(view)
    orders: list[str] = []
    for r in TRADED:
        if r == "coin" or len(orders) >= limit or (r, "coin") in open_:
            continue
        over = have.get(r, 0) - keep[r] * (1000 + margin) // 1000
        give_n = max(1, LOT_VALUE // value_of(r, 1))
        if over < give_n:
            continue
        price = value_of(r, give_n) * rate // 1000
        if price:
            orders.append(offer_text(give_n, r, price, "coin", "peddler"))
    return orders


def side_trade(view: dict[str, Any], wants: list[str], limit: int) -> list[str]:
    """A policy's trade on the side: its stale offers withdrawn, and at most `limit` offers of
    surplus for `wants` pending."""
    keep = keep_levels(view)
    return stale(view, keep) + swap_offers(view, wants, keep, limit)
