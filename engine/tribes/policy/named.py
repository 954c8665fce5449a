"""Policies (the Tribes design document: "a policy is a function from a tribe's view to orders"): a
`Policy` takes `view.view_for(state, tribe)` and returns order texts (orders.py), queued for the
next step. Chosen: policies are consulted on ticks that are multiples of POLICY_EVERY (10, the slow
interval), which keeps them cheap over long runs and lets their orders see a fresh census. They must
be pure functions of the view (no clock, no randomness), so runs replay.

Built in (`POLICIES`; the shared economy is policy_economy.py's, the fighting and trading
policies are their own modules):
- "militarist" (policy_war.py): the economy bent to war: weapons, musters, a neighbour declared
  hostile, raids and sieges on the weakest settlement in reach, a garrison at home, threat
  camps near its settlements cleared.
- "trader" (policy_trade.py): a market economy: surplus offered for what it lacks, the rest
  sold to the peddler, stances kept neutral, routes feeding its young settlements, coinage.
- "builder" (policy_build.py): walls, towers, the ages: it advances as soon as its stores
  cover the next age's burn, and grows.
- "grower": feeds first (farmers sized to the tribe's demand and tool coverage, with a margin
  that widens when stores run low), builds houses ahead of housing, farms ahead of the farmers
  needed, lumber camps and mines as the people grow, tools up through the smithy (smelting, a
  smelter), mills and bakes (bread is three food points a grain), slaughters a little for a
  second food kind and brews for the ale ration (morale, so births), clothes cold settlements,
  and sends a settler wagon out of a settlement grown past 1500.
- "scholar": the same economy, but three libraries (and an academy), more shrines, priests and
  rites: a blessing on its largest settlement whenever none is in force, a harvest when faith
  is plentiful; it researches scholarship and liturgy early.

Every policy reads the tribe's view alone (view.py's, fog-filtered: foreign things only inside
its vision); what it keeps between consultations it keeps in the world (its warbands' orders,
its offers, its explored map), so a policy is a pure function of what it is shown.

Scripted policies: a JSON object
    {"policy": "scripted", "orders": {"TICK": ["order text", ...], ...}, "then": "grower"}
gives the orders to queue at each TICK (a multiple of 10, as text: JSON keys are strings);
every text must parse as an order, part 2's included (muster, warband, route, offer,
withdraw, stance, advance, rite war; see data/tribes/war_policy.json); it may still be refused
when its tick comes: phase 1 drops it then. "then" (optional) is a built-in policy consulted
on the ticks the file gives no orders for; without it those ticks give none.
`policy_from_json(text)` reads one (ValueError, one line, on a bad file); the engine reads no
files, so the CLI opens the file and hands over its text (`load_policy`).
"""

from __future__ import annotations

from typing import Any

import orjson

from ...errors import IllegalActionError
from ..orders import parse_order
from .build import builder
from .economy import GROWER, POLICY_EVERY, SCHOLAR, Policy, economy
from .trade import trader
from .war import militarist

__all__ = ["POLICIES", "POLICY_EVERY", "Policy", "load_policy", "policy_from_json"]


def grower(view: dict[str, Any]) -> list[str]:
    """Feed, house, tool up, grow, spread (see policy_economy.py)."""
    return economy(view, GROWER)


def scholar(view: dict[str, Any]) -> list[str]:
    """The grower's economy with more learning and faith, and rites (see the module)."""
    return economy(view, SCHOLAR)


POLICIES: dict[str, Policy] = {
    "militarist": militarist,
    "trader": trader,
    "builder": builder,
    "grower": grower,
    "scholar": scholar,
}


# --- scripted policies -----------------------------------------------------------------------


def scripted_policy(data: Any) -> Policy:
    """The policy a scripted file's parsed JSON describes (ValueError, one line, if bad)."""
    if not isinstance(data, dict) or data.get("policy") != "scripted":
        raise ValueError('a scripted policy is an object with "policy": "scripted"')
    unknown = sorted(set(data) - {"policy", "orders", "then"})
    if unknown:
        raise ValueError(f"a scripted policy has no field {unknown[0]!r}")
    by_tick = data.get("orders")
    if not isinstance(by_tick, dict):
        raise ValueError('"orders" must be an object of tick -> list of order texts')
    script: dict[int, list[str]] = {}
    for key, texts in by_tick.items():
        if not (isinstance(key, str) and key.isdigit() and key.isascii()):
            raise ValueError(f"tick {key!r} is not a whole number")
        tick = int(key)
        if tick % POLICY_EVERY:
            raise ValueError(f"tick {tick} is not a multiple of {POLICY_EVERY}")
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise ValueError(f"tick {tick}: the orders must be a list of texts")
        for text in texts:
            try:
                parse_order(text)
            except IllegalActionError as error:
                raise ValueError(f"tick {tick}: {text!r}: {error}") from None
        script[tick] = list(texts)
    then_name = data.get("then")
    then: Policy | None = None
    if then_name is not None:
        if then_name not in POLICIES:
            raise ValueError(f'"then" must be one of {", ".join(POLICIES)}, not {then_name!r}')
        then = POLICIES[then_name]

    def scripted(view: dict[str, Any]) -> list[str]:
        texts = script.get(view["tick"])
        if texts is not None:
            return list(texts)
        return then(view) if then is not None else []

    return scripted


def policy_from_json(text: str | bytes) -> Policy:
    """A scripted policy from its file's text (ValueError, one line, if it is no such file)."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError as error:
        raise ValueError(f"not JSON ({error})") from None
    return scripted_policy(data)


load_policy = policy_from_json
"""The name callers use: the file's text in, the policy out (the engine opens no files)."""
