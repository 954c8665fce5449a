"""The card bots of the Privateer design document, "what the simulator says so far".

Every bot does the same thing each round: it tries all six ordered keeps one step ahead and
takes the best result. They differ in how much they value hull, and whether getting away
counts as winning. They count damage waiting in the deck at most a point each. The runner is
different: it runs whenever a flee card works, and otherwise plays like the balanced bot.

Hull's worth alone barely separates them: in one round's keep almost every trade is your hull
against your hull (this wound now or that shot), which every scale orders alike, so the seed's
three captains came out with identical tables. What separates a captain is what she will give
for what: the reckless one values each point of damage she has dealt four times over and so
trades hull for it, standing to fight what she should run from; the careful one fears the
last points of her hull (a penalty growing with the square of every point below half) and,
once she is down to half, counts each point of way she has made toward getting clear. The
balanced bot keeps the plain valuation, and the seed's figures (the test pins them).

Bots are players: they see what `observe` shows (the hand, the hulls, way, the wounds put on
top of the deck in plain sight), never the deck's order.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import THEM, WOUND_COST, YOU
from .encounter import (
    ALL_KEEPS,
    Encounter,
    Keep,
    Termination,
    resolve,
    threatened,
)
from .ships import CATALOGUE

WIN = 1000.0


@dataclass(frozen=True, slots=True)
class Bot:
    name: str
    hull_value: float  # what a point of your own hull is worth against a point of hers
    away_wins: bool = False  # getting away counts as winning
    runner: bool = False  # runs whenever a flee card works
    damage_value: float = 1.0  # what a point of damage dealt to her is worth
    danger: float = 0.0  # penalty per (point of your hull below half) squared
    way_value: float = 0.0  # worth of each point of your way, once at half hull or less

    def value(self, state: Encounter) -> float:
        """How good a state is for you, after this round's keep."""
        result = state.result
        plunder = float(state.plunder)
        if result is Termination.DESTROYED:
            return WIN + plunder + self.hull_value * state.hull[YOU]
        if result is Termination.SUNK:
            return -WIN
        if result is Termination.GOT_AWAY:
            return (
                (WIN / 2 if self.away_wins else 0.0) + plunder + self.hull_value * state.hull[YOU]
            )
        if result is Termination.FLED:
            return -WIN / 4 + plunder + self.hull_value * state.hull[YOU]
        value = self.hull_value * state.hull[YOU] - state.hull[THEM] + plunder / 2
        value -= 8.0 * state.way[THEM]
        if self.away_wins:
            value += 8.0 * state.way[YOU]
        if self.damage_value != 1.0:
            value += (self.damage_value - 1.0) * (state.max_hull[THEM] - state.hull[THEM])
        if self.danger or self.way_value:
            short = state.max_hull[YOU] / 2 - state.hull[YOU]
            if short >= 0:
                value += self.way_value * state.way[YOU] - self.danger * short * short
        for card in state.deck:  # damage waiting counts at most a point a card
            kind = CATALOGUE[card >> 1]
            if kind.is_wound and WOUND_COST[kind.is_wound]:
                if card & 1 == YOU:
                    value -= self.hull_value
                else:
                    value += 1.0
        return value

    def choose(self, state: Encounter) -> Keep:
        if self.runner:
            run = _flee_now(state)
            if run is not None:
                return run
        best = ALL_KEEPS[0]
        best_value = -float("inf")
        for keep in ALL_KEEPS:
            trial = state.copy()
            resolve(trial, keep)
            value = self.value(trial)
            if value > best_value:
                best, best_value = keep, value
        return best


def _flee_now(state: Encounter) -> Keep | None:
    """A keep that plays a working flee card of yours first, if the hand has one."""
    if not threatened(state, YOU) or state.sails[YOU]:
        return None
    for i, card in enumerate(state.hand):
        if card & 1 == YOU and CATALOGUE[card >> 1].flee:
            others = [j for j in range(3) if j != i]
            second = max(others, key=lambda j: _runner_second(state, i, j))
            return Keep(i, second)
    return None


def _runner_second(state: Encounter, first: int, second: int) -> float:
    trial = state.copy()
    resolve(trial, Keep(first, second))
    return BALANCED.value(trial)


RECKLESS = Bot("reckless", 0.25, damage_value=4.0)
BALANCED = Bot("balanced", 1.0)
CAREFUL = Bot("careful", 2.5, danger=1.0, way_value=6.0)
COWARD = Bot("coward", 1.0, away_wins=True)
RUNNER = Bot("runner", 1.0, away_wins=True, runner=True)

BOTS: dict[str, Bot] = {b.name: b for b in (RECKLESS, BALANCED, CAREFUL, COWARD, RUNNER)}
