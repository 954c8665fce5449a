"""The lookahead bot: Monte Carlo over determinisations. For its few best-looking actions (by
the balanced bot's scores) it samples what its seat cannot see (the other hands and the deck's
order, shuffled together and dealt back at their sizes, and fresh dice), plays the action,
then plays every seat on with the balanced bot for a short horizon, and keeps the action whose
rollouts leave it best off against the strongest other seat. A few dozen rollouts a decision."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .actions import TabletopAction
from .game import act, current_side, legal_actions
from .heuristics import BOTS_QUICK, Seat, Weights, rank
from .state import TabletopState
from .table import gold_level, kind_of, merchant_gold, strength

ROLLOUT = BOTS_QUICK["balanced"]


def determinise(state: TabletopState, side: int, rnd: random.Random) -> TabletopState:
    """A copy of the state as it might be, given what `side` sees: every card it cannot see
    (the deck and the other hands) shuffled among those places at their sizes; new dice."""
    sample = state.copy()
    hidden = list(sample.deck)
    for seat, hand in enumerate(sample.hands):
        if seat != side:
            hidden += hand
    hidden.sort()  # what it cannot see, in no order it could learn from: the draw alone deals
    rnd.shuffle(hidden)
    at = len(sample.deck)
    sample.deck = hidden[:at]
    for seat, hand in enumerate(sample.hands):
        if seat != side:
            sample.hands[seat] = hidden[at : at + len(hand)]
            at += len(hand)
    sample.rng = rnd.getrandbits(32)
    return sample


def standing(state: TabletopState, seat: int) -> float:
    """How well a seat stands: her gold and what her table will likely bring."""
    if state.result is not None:
        return 1000.0 if state.winner == seat else -1000.0 if state.winner is not None else 0.0
    worth = float(state.gold[seat])
    for piece in state.table[seat]:
        kind = kind_of(piece)
        if kind == "merchant":
            worth += 0.6 * sum(merchant_gold(state.rules, piece))
        elif kind == "base":
            worth += 2.0 * gold_level(state.rules, piece)
        else:
            worth += 0.4 * strength(state.rules, piece)
    return worth


def margin(state: TabletopState, seat: int) -> float:
    others = [standing(state, s) for s in range(state.seats) if s != seat]
    mine = standing(state, seat)
    if abs(mine) >= 1000:
        return mine
    return mine - max(others)


@dataclass(frozen=True)
class LookaheadBot:
    name: str = "mc"
    candidates: int = 3  # the balanced bot's best few, weighed by rollouts
    rollouts: int = 8  # determinisations per candidate
    horizon: int = 40  # actions played on in each rollout
    clear_lead: float = 4.0  # a first choice this far ahead of the second is taken at once
    about: str = "Monte Carlo: samples the hidden hands and deck, rolls out with quick bots"

    def choose(self, game: Seat, state: TabletopState, side: int, seed: int) -> TabletopAction:
        legal = list(game.legal_actions(state))
        if len(legal) == 1:
            return legal[0]
        scored = sorted(rank(Weights(), game.observe(state, side), legal), key=lambda p: -p[0])
        if scored[0][0] - scored[1][0] >= self.clear_lead:
            return scored[0][1]
        rnd = random.Random(seed)
        worlds = [rnd.getrandbits(32) for _ in range(self.rollouts)]  # the same for each action
        best, best_value = scored[0][1], float("-inf")
        for _, action in scored[: self.candidates]:
            value = sum(self._rollout(game, state, side, action, random.Random(w)) for w in worlds)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    def _rollout(
        self,
        game: Seat,
        state: TabletopState,
        side: int,
        action: TabletopAction,
        rnd: random.Random,
    ) -> float:
        sample = determinise(state, side, rnd)
        act(sample, action)
        for step in range(self.horizon):
            if sample.result is not None:
                break
            seat = current_side(sample)
            options = legal_actions(sample)
            pick = options[0] if len(options) == 1 else None
            if pick is None:
                pick = ROLLOUT.choose(game, sample, seat, rnd.getrandbits(32) + step)
            act(sample, pick)
        return margin(sample, side)
