"""Prices before you pay, in `play`: `yard`, `hire` and `buy` list what the port sells, each
with its price and what it adds; a purchase says what it cost and what changed; a refusal says
exactly why ("not enough gold: have 12, need 18"). The engine alone accepts or refuses: the
reason is worked out afterwards, read-only, from the state the refused action left untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import typer

from privateer.cli.voyage.render import card_words, offer_lines
from privateer.cli.voyage.session import VoyageSession
from privateer.engine.fight import CATALOGUE, CREW, SHIPS, UPGRADES
from privateer.engine.voyage import (
    IllegalVoyageAction,
    VoyageRules,
    VoyageState,
    bribe_cost,
    can_strike,
    hand_brings,
    refusal,
    ships_for_sale,
)
from privateer.engine.world import World

LISTS = ("yard", "buy", "hire", "upgrade", "ship")  # with no name: what is for sale
BUYS = ("hire", "upgrade", "ship", "repair", "strike", "round", "bribe", "pardon")


def _words(key: str) -> str:
    return key.replace("_", " ")


def _short(have: int, need: int) -> str | None:
    """Not enough gold, in figures (None: there is enough)."""
    return f"not enough gold: have {have}, need {need}" if have < need else None


# --- what is for sale ---------------------------------------------------------------------


def sale_lines(session: VoyageSession, what: str) -> list[str]:
    """What the port sells, priced: `hire` the hands, `yard` the yard's work (repairs,
    refits, ships, striking a card), `buy` everything (the bar's round too)."""
    state, rules = session.state, session.game.rules
    sheet = session.game.observe(state).get("port_sheet")
    if not sheet:
        return ["  at sea: nothing for sale (put in at a port)"]
    if not sheet["deals"]:
        refused = f"  {sheet['port']} will not deal with you: {sheet['refusal']}"
        return [refused, *_favours(session)]
    offers = sheet["offers"]
    lines = [f"  {sheet['port']}, you have {state.gold} gold:"]
    if what in ("hire", "buy"):
        lines += offer_lines({"hands": offers["hands"]}) or ["  no hands for hire"]
        crew, berths = len(state.crew), SHIPS[state.ship].berths
        lines.append(f"    (berths: {crew} of {berths} taken)")
    if what in ("upgrade", "yard", "buy"):
        lines += offer_lines({"refits": offers["refits"]}) or ["  every refit is fitted"]
    if what in ("ship", "yard", "buy"):
        lines += offer_lines({"ships": offers["ships"]}) or [_no_ships(session)]
    if what in ("yard", "buy"):
        missing = state.max_hull() - state.hull
        lines.append(
            f"  repairs (repair N): {rules.repair_gold} gold a point; "
            + (f"{missing} to mend, {missing * rules.repair_gold} gold in all" if missing else
               "your hull is sound")
        )  # fmt: skip
        lines.append(
            f"  strike a card out of your deck (strike CARD): {rules.strike_gold} gold; "
            f"a deck of {len(state.outfit().deck())}"
        )
    if what == "buy":
        lines.append(f"  the bar (round): {rules.round_gold} gold a round; a rumor, perhaps")
    return lines


def _favours(session: VoyageSession) -> list[str]:
    """What a port that will not deal sells you all the same: a bribe or the pardon."""
    world, state, rules = session.world, session.state, session.game.rules
    nation = world.ports[state.port].nation
    cost = bribe_cost(state, rules, nation)
    lines = [f"  bribe: {cost} gold, a point of standing"] if cost else []
    if nation == world.nation("england") and state.world.pirate:
        lines.append(f"  pardon: {rules.pardon_gold} gold, England's grudge cleared")
    return lines


def _no_ships(session: VoyageSession) -> str:
    world, state, rules = session.world, session.state, session.game.rules
    name = world.ports[state.port].name
    if rules.ships_sold_at_forts and not world.ports[state.port].fortified:
        return f"  no ships for sale: {name} is an open town (ships are built at fortified ports)"
    return f"  no ships for sale bigger than your {state.ship}"


# --- why not ------------------------------------------------------------------------------


def why_not(
    world: World, state: VoyageState, rules: VoyageRules, verb: str, name: str
) -> str | None:
    """Exactly why buying `verb name` is refused in port now (None: no reason found here;
    the engine's own words stand). Reads the state; changes nothing."""
    if state.port < 0:
        return None
    port = world.ports[state.port]
    refused = refusal(world, state, rules, state.port)
    if verb in ("bribe", "pardon"):
        return _why_not_favour(world, state, rules, verb)
    if refused:
        return f"{port.name} will not deal with you: {refused}"
    if verb == "hire":
        return _why_not_hire(state, rules, name)
    if verb == "upgrade":
        if name not in UPGRADES:
            return f"no refit named {name!r}: the yard fits {', '.join(UPGRADES)}"
        if name in state.upgrades:
            return f"{_words(name)} is fitted already"
        return _short(state.gold, rules.upgrade_gold[name])
    if verb == "ship":
        return _why_not_ship(world, state, rules, name)
    if verb == "repair":
        missing = state.max_hull() - state.hull
        if missing == 0:
            return "nothing to mend: your hull is sound"
        if state.gold < rules.repair_gold:
            return _short(state.gold, rules.repair_gold)
        most = min(missing, state.gold // rules.repair_gold)
        return f"repair 1 to {most}: {missing} to mend, {rules.repair_gold} gold a point"
    if verb == "strike":
        why = can_strike(state, rules, name)
        if why is not None and why.startswith("not enough gold"):
            return _short(state.gold, rules.strike_gold)
        return why
    if verb == "round":
        return _short(state.gold, rules.round_gold)
    return None


def _why_not_hire(state: VoyageState, rules: VoyageRules, hand: str) -> str | None:
    if hand not in CREW:
        hands = ", ".join(h for h in CREW if h not in state.crew)
        return f"no hand called {hand!r}: for hire here: {hands}"
    if hand in state.crew:
        return f"a {_words(hand)} is aboard already (one of each)"
    berths = SHIPS[state.ship].berths
    if len(state.crew) >= berths:
        return f"no berth: your {state.ship} has {berths}, all taken (a bigger ship has more)"
    return _short(state.gold, rules.hire_gold[hand])


def _why_not_ship(world: World, state: VoyageState, rules: VoyageRules, ship: str) -> str | None:
    name = world.ports[state.port].name
    sold = ships_for_sale(world, state, rules)
    if ship in sold:
        return _short(state.gold, rules.ship_gold[ship])
    if ship not in SHIPS:
        return f"no ship called {ship!r}: ships are {', '.join(SHIPS)}"
    if not sold:
        if rules.ships_sold_at_forts and not world.ports[state.port].fortified:
            return f"not sold here: {name} is an open town (ships are built at fortified ports)"
        return f"not sold here: {name}'s yard builds none bigger than your {state.ship}"
    return f"not sold here: {name}'s yard sells {', '.join(sold)} (bigger than your {state.ship})"


def _why_not_favour(world: World, state: VoyageState, rules: VoyageRules, verb: str) -> str | None:
    port = world.ports[state.port]
    nation = port.nation
    england = world.nation("england")
    if verb == "pardon":
        if nation != england or not state.world.pirate:
            return "a pardon is bought in an English port, by a pirate"
        return _short(state.gold, rules.pardon_gold)
    if nation == england and state.world.pirate:
        return "England's officials take no bribe from a pirate: buy a pardon"
    cost = bribe_cost(state, rules, nation)
    if cost == 0:
        return f"{world.nation_names[nation]} has nothing against you: no bribe wanted"
    return _short(state.gold, cost)


# --- what it cost and what changed ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Purse:
    """What a purchase may change, before and after."""

    gold: int
    hull: int
    max_hull: int
    berths: int
    deck: int
    ship: str

    @classmethod
    def of(cls, state: VoyageState) -> _Purse:
        return cls(
            state.gold,
            state.hull,
            state.max_hull(),
            SHIPS[state.ship].berths,
            len(state.outfit().deck()),
            state.ship,
        )


def _change(before: _Purse, after: _Purse, adds: str) -> str:
    """ "5 gold: gold 20 -> 15; adds bear away (flee)": the price and what changed."""
    parts = [f"gold {before.gold} -> {after.gold}"]
    if (before.hull, before.max_hull) != (after.hull, after.max_hull):
        parts.append(f"hull {before.hull}/{before.max_hull} -> {after.hull}/{after.max_hull}")
    if before.berths != after.berths:
        parts.append(f"berths {before.berths} -> {after.berths}")
    if before.deck != after.deck:
        parts.append(f"deck {before.deck} -> {after.deck} cards")
    if adds:
        parts.append(f"adds {adds}")
    return f"  paid {before.gold - after.gold} gold: " + "; ".join(parts)


def _adds(verb: str, name: str) -> str:
    """The cards a hand or refit brings, in words."""
    if verb == "hire" and name in CREW:
        return card_words(hand_brings(name))
    if verb == "upgrade" and name in UPGRADES:
        return card_words([CATALOGUE[i].key for i in UPGRADES[name]])
    return ""


def buy(
    session: VoyageSession, verb: str, rest: str, play: Callable[[VoyageSession, str], Any]
) -> None:
    """List what is for sale, or buy it: the engine decides; this says the price, what
    changed, or exactly why not."""
    if verb in ("yard", "buy") or (verb in ("hire", "upgrade", "ship") and not rest):
        for line in sale_lines(session, verb):
            typer.echo(line)
        return
    paid = purchase(session, verb, rest, play)
    if paid:
        typer.echo(paid)


def purchase(
    session: VoyageSession, verb: str, rest: str, play: Callable[[VoyageSession, str], Any]
) -> str | None:
    """Buy `verb rest` through `play` (the engine decides): the line of what it cost and what
    changed (None if no gold changed hands); a refusal raises IllegalVoyageAction saying
    exactly why. The terminal and the browser buy through this."""
    before = _Purse.of(session.state)
    try:
        play(session, f"{verb} {rest}".strip())
    except IllegalVoyageAction as error:
        game = session.game
        exact = why_not(game.world, session.state, game.rules, verb, rest)
        raise IllegalVoyageAction(exact or str(error)) from None
    after = _Purse.of(session.state)
    return _change(before, after, _adds(verb, rest)) if after.gold != before.gold else None
