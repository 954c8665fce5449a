"""A fight's odds, read before it starts (issue 35: a raid sized up): the encounter played out
`trials` times on its own terms (the same target, outfit and hull, hold, walls, relief and
strike-colours cards) by a card bot's lookahead, and how the plays ended.

Each play deals from its own seed, 0 to trials - 1, never the game's: the read draws nothing of
the game and the same terms always give the same odds. Pure: no clock, no I/O; the plays are
the card engine's own `act`, so the odds move with any change to its rules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .bots import BALANCED, RUNNER
from .cards import THEM, YOU
from .encounter import Encounter, Keep, Setup, Termination, act, create_encounter
from .mode import MAX_ROUNDS
from .settle import settle

TRIALS = 200
"""Plays a read makes: a share within about 7 points either way (95%), in a tenth of a second."""


def as_the_captain_fights(state: Encounter) -> Keep:
    """The keep the voyage's captain bot makes (engine/voyage/captain.py, `_fight`, at its
    default margin): the balanced bot's lookahead, and the runner's once outgunned two to one,
    when it takes a working flee card first."""
    outgunned = state.hull[THEM] >= 2 * state.hull[YOU]
    return (RUNNER if outgunned else BALANCED).choose(state)


@dataclass(frozen=True, slots=True)
class Odds:
    """How `trials` plays of a fight ended, and what they brought off on average."""

    trials: int
    destroyed: int  # her hull to nothing (a town: sacked)
    sunk: int  # yours
    got_away: int  # you broke off (a raid: back to the boats)
    fled: int  # she got away
    parted: int  # the deck ran dry (a raid: it petered out)
    payout: float  # gold brought off a play, on average (plunder, and a sack's treasury)

    def percent(self, count: int) -> int:
        """A count of plays as a whole percentage of them."""
        return round(100 * count / self.trials) if self.trials else 0


def odds(
    setup: Setup, choose: Callable[[Encounter], Keep] = as_the_captain_fights, trials: int = TRIALS
) -> Odds:
    """The fight on `setup`'s terms played out `trials` times by `choose` (its own seed ignored:
    plays deal from seeds 0..trials-1). Kept per terms: the same read twice costs nothing."""
    return _odds(dataclasses.replace(setup, seed=0), choose, trials)


@lru_cache(maxsize=64)
def _odds(setup: Setup, choose: Callable[[Encounter], Keep], trials: int) -> Odds:
    ended = dict.fromkeys(Termination, 0)
    payout = 0
    for seed in range(trials):
        state, _ = create_encounter(
            setup.target,
            setup.outfit,
            seed,
            hold=setup.hold,
            walls=setup.walls,
            relief_sooner=setup.relief_sooner,
            strikes=setup.strikes,
            rules=setup.rules,
        )
        while state.result is None and state.round <= MAX_ROUNDS:
            act(state, choose(state), log=False)
        result = state.result if state.result is not None else Termination.PARTED
        ended[result] += 1
        if state.result is not None:
            payout += settle(state).payout
    return Odds(
        trials,
        ended[Termination.DESTROYED],
        ended[Termination.SUNK],
        ended[Termination.GOT_AWAY],
        ended[Termination.FLED],
        ended[Termination.PARTED],
        payout / trials if trials else 0.0,
    )
