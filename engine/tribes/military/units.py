"""What every part of phase 10 does to warbands (the Tribes design document, "Military"): finding
their home and the nearest own settlement, taking a battle's losses, veterancy and routs, counting
battles and telling them.

Chosen readings:
- A warband's home is the settlement it mustered at while its tribe holds it; else (captured
  or gone) its tribe's nearest settlement (Chebyshev, ties to the lower id); else none.
- Casualties take armour in proportion (the dead's share of it, floored, is lost) and die
  with their gear; a warband left with no soldiers is gone at once.
- A routed warband clears its order and walks home (-100 morale, never below 0); once within
  1 tile of home it stops routing and garrisons it.
- Territory (for supply) is the organic claim (territory.claim_owners): the settlement that
  claims the warband's tile, if it is the warband's tribe's.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...events import Event
from ..constants import PERMILLE
from ..orders import chebyshev
from ..rules import TribesRules
from ..state import Settlement, TribesState, Warband
from ..territory import claim_owners
from .battle import Outcome, casualties


def nearest_own(state: TribesState, tribe: int, x: int, y: int) -> Settlement | None:
    """The tribe's settlement nearest (x, y) by Chebyshev distance, ties to the lower id."""
    best: Settlement | None = None
    best_d = 0
    for settlement in state.settlements:
        if settlement.tribe != tribe:
            continue
        d = chebyshev(x, y, settlement.x, settlement.y)
        if best is None or d < best_d:
            best, best_d = settlement, d
    return best


def home_of(state: TribesState, warband: Warband) -> Settlement | None:
    home = state.settlement(warband.home)
    if home is not None and home.tribe == warband.tribe:
        return home
    return nearest_own(state, warband.tribe, warband.x, warband.y)


def supplier(state: TribesState, warband: Warband) -> Settlement | None:
    """The own settlement whose claim holds the warband's tile, if any."""
    owner = claim_owners(state)[warband.y * state.size + warband.x]
    if owner < 0:
        return None
    settlement = state.settlement(owner)
    return settlement if settlement is not None and settlement.tribe == warband.tribe else None


def bump(state: TribesState, tribe: int | None, counter: str) -> None:
    """Add 1 to a tribe's cumulative counter (battles, raids, captures ...)."""
    if tribe is None or tribe < 0:
        return
    counters = state.tribes[tribe].counters
    counters[counter] = counters.get(counter, 0) + 1


def lose(
    warband: Warband, permille: int, lost: bool, rules: TribesRules, veterancy: bool = True
) -> int:
    """Take a battle's losses (per mille; the loser at least 1 soldier), armour in proportion,
    and its veterancy (+50 won, +20 lost); the soldiers lost."""
    dead = casualties(warband.size, permille, lost)
    if dead:
        warband.armor -= warband.armor * dead // warband.size
        warband.size -= dead
        warband.armor = min(warband.armor, warband.size)
    if veterancy:
        warband.veterancy += rules.veterancy_loss if lost else rules.veterancy_win
    return dead


def rout(state: TribesState, warband: Warband, events: list[Event]) -> None:
    """The loser of a battle routs toward home, -100 morale, its order cleared."""
    if warband.size <= 0:
        return
    warband.routing = True
    warband.morale = max(0, warband.morale - state.rules.rout_morale)
    warband.order = {}
    events.append(Event("routed", state.tick, {"tribe": warband.tribe, "warband": warband.id}))


def settle_warband(
    state: TribesState,
    warband: Warband,
    outcome: Outcome,
    attacker: bool,
    events: list[Event],
    veterancy: bool = True,
) -> int:
    """One side's share of a battle: losses and veterancy; the soldiers lost (the rout, if it
    lost, comes after the battle is told: `rout_losers`)."""
    won = outcome.attacker_won == attacker
    permille = outcome.attacker_losses if attacker else outcome.defender_losses
    dead = lose(warband, permille, not won, state.rules, veterancy)
    warband.fought = state.tick
    return dead


def rout_losers(
    state: TribesState,
    outcome: Outcome,
    attackers: list[Warband],
    defenders: list[Warband],
    events: list[Event],
) -> None:
    """The losing side's warbands rout (after the "battle" event)."""
    for warband in defenders if outcome.attacker_won else attackers:
        rout(state, warband, events)


def tell_battle(
    state: TribesState,
    kind: str,
    x: int,
    y: int,
    attacker: int,
    defender: int | None,
    outcome: Outcome,
    losses: tuple[int, int],
    events: list[Event],
) -> None:
    """The "battle" event, and a battle on each side's counter (a threat's side has none)."""
    events.append(
        Event(
            "battle",
            state.tick,
            {
                "kind": kind,
                "x": x,
                "y": y,
                "attacker": attacker,
                "defender": defender,
                "attacker_power": outcome.attacker_power,
                "defender_power": outcome.defender_power,
                "winner": outcome.winner,
                "attacker_losses": losses[0],
                "defender_losses": losses[1],
            },
        )
    )
    bump(state, attacker, "battles")
    bump(state, defender, "battles")


def militia_deaths(settlement: Settlement, permille: int, rules: TribesRules) -> int:
    """The militia's (pop/10) losses at `permille`: the people who die defending."""
    return min(settlement.pop, settlement.pop // rules.militia_divisor * permille // PERMILLE)


def drop_dead(state: TribesState) -> None:
    """Remove warbands left with no soldiers."""
    if any(w.size <= 0 for w in state.warbands):
        state.warbands = [w for w in state.warbands if w.size > 0]


def hostile(state: TribesState, a: int, b: int) -> bool:
    """Whether either tribe's stance toward the other is hostile (seed: field battles)."""
    if a == b:
        return False
    sa, sb = state.tribes[a].stances, state.tribes[b].stances
    return (b < len(sa) and sa[b] == "hostile") or (a < len(sb) and sb[a] == "hostile")


def ready_to(state: TribesState, kind: str) -> Iterator[Warband]:
    """The warbands, ascending id, under an order of `kind` that can act on it now: not
    routing, not empty, not yet fought this tick."""
    tick = state.tick
    for warband in state.warbands:
        if warband.order.get("kind") != kind or warband.routing or warband.size <= 0:
            continue
        if warband.fought != tick:
            yield warband
