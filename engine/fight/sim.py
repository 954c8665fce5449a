"""Playing many fights with a bot, and counting how they end (pure: no clock, no I/O)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from .. import record
from .bots import Bot
from .encounter import Encounter, Keep, act, create_encounter
from .mode import MAX_ROUNDS, FightGame
from .outfit import Outfit


@dataclass(frozen=True, slots=True)
class SimResult:
    bot: str
    target: str
    ship: str
    fights: int
    destroyed: float
    sunk: float
    fled: float
    got_away: float
    parted: float
    mean_rounds: float

    def to_dict(self) -> dict[str, object]:
        return {
            "bot": self.bot,
            "target": self.target,
            "ship": self.ship,
            "fights": self.fights,
            "destroyed": self.destroyed,
            "sunk": self.sunk,
            "fled": self.fled,
            "got_away": self.got_away,
            "parted": self.parted,
            "mean_rounds": self.mean_rounds,
        }


def play(bot: Bot, target: str, outfit: Outfit, seed: int, walls: int = 0) -> Encounter:
    """One fight to its end, the bot choosing every keep; no events are made."""
    state, _ = create_encounter(target, outfit, seed, walls=walls)
    while state.result is None and state.round <= MAX_ROUNDS:
        act(state, bot.choose(state), log=False)
    return state


OnRecord = Callable[[record.GameRecord[Encounter, Keep]], None]
"""Told of each fight played, as a whole record (events, keeps, checkpoints): the logged path.
Its checkpoints are left unhashed, as the states' forms (`GameRecord.forms`): the log writer
hashes them, on its own core."""


def simulate(
    bot: Bot,
    target: str,
    outfit: Outfit,
    seeds: range,
    on_record: OnRecord | None = None,
    walls: int = 0,
) -> SimResult:
    """Play a fight for each seed and count the outcomes, her hull `walls` over her kind's.
    With `on_record`, every fight is recorded in full (its events made as it is played) and
    handed over."""
    counts: Counter[str] = Counter()
    rounds = 0
    game = FightGame(target, outfit, walls=walls)
    for seed in seeds:
        if on_record is None:
            state = play(bot, target, outfit, seed, walls)
        else:
            played = record.play(
                game, seed, bot.choose, max_actions=MAX_ROUNDS, form=Encounter.state_form
            )
            on_record(played)
            state = played.state
        counts[state.result.value if state.result else "parted"] += 1
        rounds += state.round
    n = max(1, len(seeds))
    share = {k: round(v / n, 4) for k, v in counts.items()}
    return SimResult(
        bot=bot.name,
        target=target,
        ship=outfit.ship,
        fights=len(seeds),
        destroyed=share.get("destroyed", 0.0),
        sunk=share.get("sunk", 0.0),
        fled=share.get("fled", 0.0),
        got_away=share.get("got_away", 0.0),
        parted=share.get("parted", 0.0),
        mean_rounds=round(rounds / n, 2),
    )
