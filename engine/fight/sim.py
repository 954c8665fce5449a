"""Playing many fights with a bot, and counting how they end (pure: no clock, no I/O)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from .bots import Bot
from .encounter import Encounter, act, create_encounter
from .mode import MAX_ROUNDS, keep_text
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


def play(
    bot: Bot,
    target: str,
    outfit: Outfit,
    seed: int,
    walls: int = 0,
    keeps: list[str] | None = None,
) -> Encounter:
    """One fight to its end, the bot choosing every keep; no events are made. With `keeps`,
    each keep taken is appended to it as the log writes it (the fight's logged actions)."""
    state, _ = create_encounter(target, outfit, seed, walls=walls)
    choose = bot.choose
    while state.result is None and state.round <= MAX_ROUNDS:
        keep = choose(state)
        if keeps is not None:
            keeps.append(keep_text(keep))
        act(state, keep, log=False)
    return state


OnPlayed = Callable[[int, Encounter, list[str]], None]
"""Told of each fight played: its seed, its end and its keeps as the log writes them. That is
all a log needs: its events and checkpoints are made again from them by a replay, on the log
writer's own core (db/log_writer.py), so the simulation makes no event at all."""


def simulate(
    bot: Bot,
    target: str,
    outfit: Outfit,
    seeds: range,
    on_played: OnPlayed | None = None,
    walls: int = 0,
) -> SimResult:
    """Play a fight for each seed and count the outcomes, her hull `walls` over her kind's.
    With `on_played`, each fight's seed, end and keeps are handed over as it ends."""
    counts: Counter[str] = Counter()
    rounds = 0
    for seed in seeds:
        if on_played is None:
            state = play(bot, target, outfit, seed, walls)
        else:
            keeps: list[str] = []
            state = play(bot, target, outfit, seed, walls, keeps)
            on_played(seed, state, keeps)
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
