"""CPU against CPU: one duel, and the table of every pairing of personalities (pure: no clock,
no I/O)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..record import GameRecord, play
from .actions import DuelAction
from .captain import Captains
from .game import outcome
from .mode import DuelGame
from .rules import DuelRules
from .state import BLUE, PERSONALITIES, RED, DuelOutcome, DuelState, Termination

MAX_ACTIONS = 20_000  # a safety net: every duel ends long before (the round limit)


def play_duel(
    seed: int, red: str, blue: str, rules: DuelRules | None = None
) -> GameRecord[DuelState, DuelAction]:
    """One duel between two CPU captains, recorded.

    >>> outcome(play_duel(1, "bold", "cautious").state) is not None
    True
    """
    return play(DuelGame(rules, blue, red), seed, Captains(), max_actions=MAX_ACTIONS)


def duel_outcome(record: GameRecord[DuelState, DuelAction]) -> DuelOutcome | None:
    """How a recorded duel ended (None: cut short by the safety net)."""
    return outcome(record.state)


def personality_table(
    games: int,
    rules: DuelRules | None = None,
    *,
    pairs: Iterable[tuple[str, str]] | None = None,
    first_seed: int = 0,
    on_game: Callable[[], None] | None = None,
) -> list[dict[str, Any]]:
    """For every (red, blue) pair of personalities, `games` duels on seeds first_seed.. :
    how often each side won, how often a ship fled, and the mean length in rounds.

    Besides the keys red, blue, games, red_won, blue_won, fled, mean_rounds, each row says
    who fled (red_fled, blue_fled), how often the ships parted at the round limit, and how
    wins came (sunk, struck). `on_game()` is called after each duel, for a caller's progress.
    """
    rows: list[dict[str, Any]] = []
    chosen = (
        list(pairs) if pairs is not None else [(r, b) for r in PERSONALITIES for b in PERSONALITIES]
    )
    for red, blue in chosen:
        counts = {"red_won": 0, "blue_won": 0, "fled": 0, "red_fled": 0, "blue_fled": 0}
        counts.update({"round_limit": 0, "sunk": 0, "struck": 0})
        rounds = 0
        for seed in range(first_seed, first_seed + games):
            done = duel_outcome(play_duel(seed, red, blue, rules))
            if on_game is not None:
                on_game()
            if done is None:  # cut short by the safety net: counted as parted
                counts["round_limit"] += 1
                continue
            rounds += done.rounds
            if done.winner == RED:
                counts["red_won"] += 1
            elif done.winner == BLUE:
                counts["blue_won"] += 1
            if done.termination is Termination.FLED:
                counts["fled"] += 1
                counts["red_fled" if done.fled == RED else "blue_fled"] += 1
            elif done.termination is Termination.ROUND_LIMIT:
                counts["round_limit"] += 1
            else:
                counts[done.termination.value] += 1
        rows.append(
            {
                "red": red,
                "blue": blue,
                "games": games,
                **counts,
                "mean_rounds": round(rounds / games, 2) if games else 0.0,
            }
        )
    return rows
