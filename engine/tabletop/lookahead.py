"""The lookahead bot: Monte Carlo over determinisations. At a decision that matters it weighs
the balanced bot's best few plays (more at raids, plays into the table and raid windows, fewer
elsewhere) by rollouts: it samples what its seat cannot see (the other hands and the deck's
order, shuffled together and dealt back at their sizes, and fresh dice), plays the candidate,
then plays every seat on with the balanced bot until its own next turn begins, so every
candidate is judged after the same stretch of play (each rival's raids and taxes included).
The same sampled worlds serve every candidate (common random numbers), so the comparison is
of the plays, not of the luck. A rollout ends in what the seat stands to have: gold, plus each
base's gold level for the rounds likely left, plus her merchants' cargo by how near home they
are, less the same for the strongest rival."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .actions import TabletopAction
from .game import act, current_side, legal_actions
from .heuristics import BOTS_QUICK, Seat, Weights, rank
from .state import TabletopState
from .table import gold_level, kind_of, merchant_gold, strength

ROLLOUT = BOTS_QUICK["balanced"]
WON = 1000.0
"""A finished game's standing: far beyond any gold on the table."""


def determinise(state: TabletopState, side: int, rnd: random.Random) -> TabletopState:
    """A copy of the state as it might be, given what `side` sees: every card it cannot see
    (the deck and the other hands) shuffled among those places at their sizes; new dice. The
    unseen cards are sorted before the shuffle, so the sample depends only on which cards are
    unseen, never on where they really lie."""
    sample = state.copy()
    hidden = list(sample.deck)
    for seat, hand in enumerate(sample.hands):
        if seat != side:
            hidden += hand
    hidden.sort()
    rnd.shuffle(hidden)
    at = len(sample.deck)
    sample.deck = hidden[:at]
    for seat, hand in enumerate(sample.hands):
        if seat != side:
            sample.hands[seat] = hidden[at : at + len(hand)]
            at += len(hand)
    sample.rng = rnd.getrandbits(32)
    return sample


def rounds_left(state: TabletopState) -> float:
    """How many more rounds the game likely lasts: the leader's distance to the goal at the
    pace she has kept (at least one round, at most eight)."""
    best = max(state.gold)
    rounds = max(1, state.round)
    pace = max(best / rounds, 4.0)
    return min(8.0, max(1.0, (state.rules.goal_gold - best) / pace))


def standing(state: TabletopState, seat: int, rounds: float | None = None) -> float:
    """What a seat stands to have: her gold, each base's taxes for the rounds likely left, her
    merchants' cargo by how near home they are (a third at sea, all at two tokens), and a
    little for each privateer's strength (what she may take)."""
    if state.result is not None:
        return WON if state.winner == seat else -WON if state.winner is not None else 0.0
    left = rounds_left(state) if rounds is None else rounds
    worth = float(state.gold[seat])
    for piece in state.table[seat]:
        kind = kind_of(piece)
        if kind == "merchant":
            worth += (0.35 + 0.25 * piece.tokens) * sum(merchant_gold(state.rules, piece))
        elif kind == "base":
            worth += left * gold_level(state.rules, piece) + 0.5 * strength(state.rules, piece)
        else:
            worth += 0.6 * strength(state.rules, piece)
    return worth


def margin(state: TabletopState, seat: int) -> float:
    """The seat's standing less the strongest rival's."""
    left = rounds_left(state) if state.result is None else 0.0
    mine = standing(state, seat, left)
    if abs(mine) >= WON:
        return mine
    return mine - max(standing(state, s, left) for s in range(state.seats) if s != seat)


@dataclass(frozen=True)
class LookaheadBot:
    name: str = "mc"
    candidates: int = 4  # the balanced bot's best few weighed at a decision that matters
    minor_candidates: int = 2  # ... and at any other (an attachment, a discard, an event)
    rollouts: int = 8  # sampled worlds per candidate, the same worlds for each
    horizon: int = 120  # at most this many actions a rollout (it stops at the next turn)
    clear_lead: float = 6.0  # a first choice this far ahead of the second is taken at once
    about: str = "Monte Carlo: samples the hidden hands and deck, rolls out with quick bots"

    def choose(self, game: Seat, state: TabletopState, side: int, seed: int) -> TabletopAction:
        legal = list(game.legal_actions(state))
        if len(legal) == 1:
            return legal[0]
        scored = sorted(rank(Weights(), game.observe(state, side), legal), key=lambda p: -p[0])
        if scored[0][0] - scored[1][0] >= self.clear_lead:
            return scored[0][1]
        width = self.candidates if _matters(state, legal) else self.minor_candidates
        rnd = random.Random(seed)
        worlds = [rnd.getrandbits(32) for _ in range(self.rollouts)]  # the same for each action
        stop = state.turn + (state.seats if state.active == side else 1)
        best, best_value = scored[0][1], float("-inf")
        for _, action in scored[:width]:
            value = sum(
                self._rollout(game, state, side, action, stop, random.Random(w)) for w in worlds
            )
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    def _rollout(
        self,
        game: Seat,
        state: TabletopState,
        side: int,
        action: TabletopAction,
        stop: int,
        rnd: random.Random,
    ) -> float:
        """One sampled world: the action, then the balanced bot for every seat until the
        turn `stop` begins (the seat's own next turn, or the next seat's when it is acting in
        another's raid)."""
        sample = determinise(state, side, rnd)
        act(sample, action)
        for step in range(self.horizon):
            if sample.result is not None or sample.turn >= stop:
                break
            options = legal_actions(sample)
            pick = options[0] if len(options) == 1 else None
            if pick is None:
                seat = current_side(sample)
                pick = ROLLOUT.choose(game, sample, seat, rnd.getrandbits(32) + step)
            act(sample, pick)
        return margin(sample, side)


def _matters(state: TabletopState, legal: list[TabletopAction]) -> bool:
    """A decision that shapes the game: a raid to declare, a response in a raid's window, or
    a merchant, privateer or base to put into play."""
    return state.raid is not None or any(a.verb in ("raid", "play") for a in legal)
