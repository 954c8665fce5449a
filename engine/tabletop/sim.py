"""Bots against bots, and what their games say: who wins by bot and by seat (the seat's place
in the turn order, 0 the first to play: the first-player edge), how long games last, where the
gold comes from, how raids end, and which event cards decide games.

An event card *decided* a game when the winner played it in the game's last round: her winning
turn and the turn of every other seat just before it (`DECIDING_TURNS` = the seats). Its
effect (a raid's odds, a merchant home early, a rival's ship destroyed) was then among the last
things done before she reached the goal. Counted once a game for each card name."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..events import Event
from ..record import GameRecord, play
from .actions import TabletopAction
from .bots import BOTS, bot_chooser
from .cards import card
from .game import current_side
from .mode import TabletopGame
from .rules import NATIONS, TabletopRules
from .state import TabletopState

SOURCES = ("home", "capture", "taxes", "plunder")
RESULTS = ("success", "no effect", "disaster", "called off")


@dataclass
class GameStats:
    """One game's figures, by seat (in the order of `players`)."""

    seed: int
    players: list[str]
    bots: list[str]
    first: int
    winner: int | None
    reason: str
    rounds: int
    gold: list[int]
    sources: list[Counter[str]]
    raids: list[Counter[str]]
    deciding: list[str]  # event card names the winner played in the last round

    def position(self, seat: int) -> int:
        """The seat's place in the turn order: 0 plays first."""
        return (seat - self.first) % len(self.players)


TabletopRecord = GameRecord[TabletopState, TabletopAction]
MAX_ACTIONS = 50_000  # a safety net: every game ends long before (the round limit)


def seat_bots(bots: Sequence[str], seats: int, index: int) -> list[str]:
    """The bots at the seats of the `index`-th game: the list turned one place a game, so
    each bot sits in each seat as often."""
    return [bots[(seat + index) % len(bots)] for seat in range(seats)]


def play_game(
    rules: TabletopRules, players: Sequence[str], bots: Sequence[str], seed: int
) -> tuple[TabletopRecord, GameStats]:
    game = TabletopGame(rules, players)
    record = play(game, seed, bot_chooser(game, bots, seed), max_actions=MAX_ACTIONS)
    return record, game_stats(record, list(bots))


def game_stats(record: TabletopRecord, bots: list[str]) -> GameStats:
    state = record.state
    assert state.result is not None
    seat_of = {n: s for s, n in enumerate(state.players)}
    seats = len(state.players)
    sources: list[Counter[str]] = [Counter() for _ in range(seats)]
    raids: list[Counter[str]] = [Counter() for _ in range(seats)]
    played: list[tuple[int, int, str]] = []  # turn, seat, card name
    for event in record.new_events(0):
        data = event.data
        if event.kind == "gold":
            sources[seat_of[data["nation"]]][data["source"]] += data["amount"]
        elif event.kind == "raid_roll":
            raids[seat_of[data["nation"]]][data["result"]] += 1
        elif event.kind == "called_off":
            raids[seat_of[data["nation"]]]["called off"] += 1
        elif event.kind == "event":
            played.append((event.round, seat_of[data["nation"]], data["name"]))
    deciding: list[str] = []
    if state.winner is not None and state.result == "gold":
        since = state.turn - seats + 1
        deciding = sorted({n for turn, s, n in played if s == state.winner and turn >= since})
    return GameStats(
        record.seed,
        list(state.players),
        bots,
        state.first,
        state.winner,
        state.result,
        state.round,
        list(state.gold),
        sources,
        raids,
        deciding,
    )


@dataclass
class Tally:
    """Figures summed over games for one (bot, seat position)."""

    games: int = 0
    wins: int = 0
    gold: int = 0
    win_rounds: int = 0
    sources: Counter[str] = field(default_factory=Counter)
    raids: Counter[str] = field(default_factory=Counter)
    deciding: Counter[str] = field(default_factory=Counter)

    def add(self, stats: GameStats, seat: int) -> None:
        self.games += 1
        self.gold += stats.gold[seat]
        self.sources += stats.sources[seat]
        self.raids += stats.raids[seat]
        if stats.winner == seat:
            self.wins += 1
            self.win_rounds += stats.rounds
            self.deciding.update(stats.deciding)


@dataclass
class SimSummary:
    """Every game's figures gathered: by (bot, position), and over the whole table."""

    games: int = 0
    rounds: int = 0
    gold_games: int = 0  # games won by reaching the goal
    gold_rounds: int = 0
    nobody: int = 0
    tallies: dict[tuple[str, int], Tally] = field(default_factory=dict)
    deciding: Counter[str] = field(default_factory=Counter)

    def add(self, stats: GameStats) -> None:
        self.games += 1
        self.rounds += stats.rounds
        if stats.reason == "gold":
            self.gold_games += 1
            self.gold_rounds += stats.rounds
        if stats.winner is None:
            self.nobody += 1
        self.deciding.update(stats.deciding)
        for seat, bot in enumerate(stats.bots):
            key = (bot, stats.position(seat))
            self.tallies.setdefault(key, Tally()).add(stats, seat)

    def rows(self) -> list[dict[str, Any]]:
        """A row for each (bot, seat position)."""
        out = []
        for (bot, position), t in sorted(self.tallies.items()):
            out.append(
                {
                    "bot": bot,
                    "seat": position,
                    "games": t.games,
                    "wins": t.wins,
                    "win_share": t.wins / t.games if t.games else 0.0,
                    "mean_gold": round(t.gold / t.games, 2) if t.games else 0.0,
                    "mean_rounds_won": round(t.win_rounds / t.wins, 2) if t.wins else None,
                    **{f"gold_{s}": round(t.sources[s] / t.games, 2) for s in SOURCES},
                    **{f"raids_{r.replace(' ', '_')}": t.raids[r] for r in RESULTS},
                    "decided_by": dict(t.deciding.most_common()),
                }
            )
        return out

    def by(self, index: int) -> list[dict[str, Any]]:
        """Wins by bot (index 0) or by seat position (index 1)."""
        groups: dict[Any, list[int]] = {}
        for key, t in self.tallies.items():
            total = groups.setdefault(key[index], [0, 0])
            total[0] += t.games
            total[1] += t.wins
        name = ("bot", "seat")[index]
        return [
            {name: k, "games": g, "wins": w, "win_share": w / g if g else 0.0}
            for k, (g, w) in sorted(groups.items())
        ]

    def sources(self) -> dict[str, int]:
        total: Counter[str] = Counter()
        for t in self.tallies.values():
            total += t.sources
        return {s: total[s] for s in SOURCES}

    def raid_results(self) -> dict[str, int]:
        total: Counter[str] = Counter()
        for t in self.tallies.values():
            total += t.raids
        return {r: total[r] for r in RESULTS}


def simulate(
    rules: TabletopRules,
    players: Sequence[str],
    bots: Sequence[str],
    games: int,
    first_seed: int = 0,
    on_game: Callable[[TabletopRecord, GameStats], None] | None = None,
) -> SimSummary:
    """`games` games from seeds first_seed.., the bots turned a seat a game."""
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise ValueError(f"no bot {unknown[0]!r}; one of {', '.join(BOTS)}")
    summary = SimSummary()
    for index in range(games):
        record, stats = play_game(
            rules, players, seat_bots(bots, len(players), index), first_seed + index
        )
        summary.add(stats)
        if on_game is not None:
            on_game(record, stats)
    return summary


def event_names() -> list[str]:
    """Every event card's name, in the seed's order."""
    seen: list[str] = []
    for i in range(181):
        c = card(i)
        if c.kind == "event" and c.name not in seen:
            seen.append(c.name)
    return seen


__all__ = ["NATIONS", "Event", "current_side", "simulate"]
