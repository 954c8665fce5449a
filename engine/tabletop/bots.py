"""The tabletop game's bots by name (`BOTS`): a bot is `choose(game, state, side, seed)` that
reads only what its seat sees (`game.observe(state, side)`) and the legal actions, and is
deterministic given its seed. The quick bots are heuristics.py's personalities; "mc" is the
lookahead bot (lookahead.py), which also samples what it cannot see."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .actions import TabletopAction
from .game import current_side
from .heuristics import BOTS_QUICK, Seat
from .lookahead import LookaheadBot
from .state import TabletopState


class Bot(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def about(self) -> str: ...

    def choose(self, game: Seat, state: Any, side: int, seed: int) -> TabletopAction: ...


BOTS: dict[str, Bot] = {**BOTS_QUICK, "mc": LookaheadBot()}
"""Every bot by name: raider, trader, builder, balanced (the rollouts' bot) and mc."""
PERSONALITIES = ("raider", "trader", "builder")
"""The three quick bots that differ by design (the sim's default table)."""


def bot_chooser(game: Seat, bots: Sequence[str], seed: int) -> Callable[[TabletopState], Any]:
    """Each seat's bot, its seed for each decision drawn from the game's seed and the step."""
    steps = [0]

    def choose(state: TabletopState) -> Any:
        steps[0] += 1
        seat = current_side(state)
        return BOTS[bots[seat]].choose(game, state, seat, seed * 1_000_003 + steps[0])

    return choose
