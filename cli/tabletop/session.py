"""A tabletop game of the Privateers design document played by people at one table (one seat or
several, hot-seat) and bots at the others: the engine's state, the bots who answer, and the save
policy (db/'s RunStore) that logs every action of every seat ("england:play 12") and saves the
state after each person's play together with the bots' answers to it.

The game is built from the run's options by the mode's registry entry, so a resumed game and a
replayed one are the same game. A bot's seed comes from the run's seed and the number of
actions played before its move, never from this process: a game stopped and resumed plays on
exactly as one played straight through.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from privateer.cli.session import GameSession
from privateer.db.errors import DatabaseError
from privateer.db.run_store import RunStore
from privateer.db.runlog import RunBuffer
from privateer.db.saves import StoredSave, abandon_statements, saves_in_progress
from privateer.engine.events import Event
from privateer.engine.protocol import Mode
from privateer.engine.tabletop import (
    BOTS,
    IllegalTabletopAction,
    TabletopAction,
    TabletopGame,
    TabletopState,
)

MODE = "tabletop"
BOT_SEED_STRIDE = 1_000_003  # a prime: the seeds of successive games' bots never line up


def mode() -> Mode:
    from privateer.engine.tabletop import MODE as TABLETOP

    return TABLETOP


def game_for(options: dict[str, Any]) -> TabletopGame:
    """The game a run's options describe, as the mode's registry entry builds it (so a replay
    plays the same game)."""
    game = mode().game(options, None)
    assert isinstance(game, TabletopGame)
    return game


def bot_seed(seed: int, played: int) -> int:
    """The seed a bot decides with: the run's seed and how many actions came before."""
    return (seed * BOT_SEED_STRIDE + played) % 2**62


@dataclass(frozen=True)
class Move:
    """One action as the screen shows it: who, the action, its words (said before it was
    played), and the events it made."""

    side: int
    nation: str
    action: Any
    words: str
    events: list[Event]


@dataclass
class TabletopSession(GameSession[TabletopState, TabletopAction]):
    """The one session (cli/session.py) for the people at the table, the run's `options`
    naming the bots at the other seats. `side` is the first person's seat (the run's row
    scores the game for it); `at` is the seat of the person the table is shown to now, which
    a front end hands over (`hand_to`) when another person is to act."""

    options: dict[str, Any] = field(default_factory=dict)
    at: int = 0

    # --- starting and resuming -----------------------------------------------------------

    @classmethod
    def begin(
        cls, store: RunStore, seed: int, options: dict[str, Any]
    ) -> tuple[TabletopSession, list[Event]]:
        """A new game, logged as a new run and saved before anyone plays; with the events of
        the deal and the roll for first."""
        game = game_for(options)
        people = _people(options)
        side = game.players.index(people[0]) if people else 0
        session = cls.start(store, mode(), game, seed, options, side=side, bot=_bots_text(options))
        session.options = options
        session.at = session.side
        return session, session.record.new_events(0)

    @classmethod
    def pick_up(cls, store: RunStore, run_id: int | None = None) -> TabletopSession:
        """The game saved last (or run_id's), exactly where it was."""
        bots: dict[str, str] = {}

        def game_of(stored: StoredSave) -> TabletopGame:
            with store.reading() as conn:
                _, raw = _run_row(conn, stored.run_id)
            bots.update(_bots(stored.run_id, stored.options, raw))
            return game_for(stored.options)

        session = cls.resume(
            store, mode(), run_id, start_with="privateer tabletop", game_of=game_of
        )
        with store.reading() as conn:
            _, raw = _run_row(conn, session.run_id)
        session.options = {**_logged_options(raw), "bots": bots}
        people = _people(session.options)
        session.side = session.players.index(people[0]) if people else 0
        session.at = session.side
        if not session.over:
            session.at = session.next_person()
        session.saved = session.game.tally(session.state, session.side)
        return session

    # --- what the screen reads -------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self.record.seed

    @property
    def table(self) -> TabletopGame:
        """The game as the bots read it (its rules and seats)."""
        game = self.game
        assert isinstance(game, TabletopGame)
        return game

    @property
    def players(self) -> list[str]:
        return list(self.state.players)

    @property
    def seat(self) -> int:
        """The seat index of the person the table is shown to now (`at`)."""
        return self.at

    @property
    def teller(self) -> str:
        """Whose eyes the moves are told through: the one person's nation ("you"), or, with
        several people at the table, nobody's (every nation by its name)."""
        return self.nation if len(self.people) == 1 else ""

    @property
    def people(self) -> list[int]:
        """The seats people play (those the options give no bot), in seat order."""
        bots = self.options.get("bots", {})
        return [i for i, nation in enumerate(self.players) if nation not in bots]

    def next_person(self) -> int:
        """The seat of the person who acts next once the bots have answered: the seat to act
        if a person holds it, else the person shown the table now."""
        side = self.to_act()
        return side if side in self.people else self.at

    def hand_to(self, seat: int) -> None:
        """Show the table to the person at `seat` from now on (a hot-seat handover)."""
        if seat not in self.people:
            raise ValueError(f"seat {seat} is a bot's")
        self.at = seat

    @property
    def nation(self) -> str:
        return self.players[self.seat]

    @property
    def turn(self) -> int:
        return int(self.state.turn)

    @property
    def saved_turn(self) -> int:
        """The turn of the last save written (what a Ctrl-C leaves standing)."""
        return int(self.saved.rounds or 0)

    def to_act(self) -> int:
        return self.game.current_side(self.state)

    def view(self) -> dict[str, Any]:
        return self.game.observe(self.state, self.seat)

    def legal(self) -> list[Any]:
        return list(self.game.legal_actions(self.state))

    def describe(self, action: Any) -> str:
        """An action open now in words for a person (the engine's `describe`)."""
        from privateer.engine.tabletop import describe

        return str(describe(self.state, action))

    def raid_modifier(self, view: dict[str, Any]) -> int | None:
        """The raid table's modifier for the raid under way (the engine's rule), or None."""
        from privateer.engine.tabletop import raid_modifier

        raid = view.get("raid")
        if raid is None:
            return None
        return raid_modifier(self.state.rules, int(raid["attack"]), int(raid["defence"]))

    # --- playing -----------------------------------------------------------------------------

    def take(self, action: Any) -> Move:
        """The action of the person to act (one of `legal()`); logged, and saved with the bots'
        answers by `save`. An action not open now raises IllegalTabletopAction and changes
        nothing."""
        if self.over or self.to_act() not in self.people:
            raise IllegalTabletopAction("it is not a person's turn to play")
        if action not in self.legal():
            raise IllegalTabletopAction(f"{action.to_str()}: not a play open now")
        return self._move(action)

    def bots(self) -> Iterator[Move]:
        """The bots' moves, one at a time as each is made, until it is the person's turn or
        the game is over."""
        names = self.options["bots"]
        people = self.people
        while not self.over and self.to_act() not in people:
            side = self.to_act()
            bot = BOTS[names[self.players[side]]]
            played = len(self.record.actions)
            action = bot.choose(self.table, self.state, side, bot_seed(self.seed, played))
            yield self._move(action)

    def _move(self, action: Any) -> Move:
        side = self.to_act()
        words = self.describe(action)
        return Move(side, self.players[side], action, words, self.play(action))


# --- runs in progress ------------------------------------------------------------------------


def games_in_progress(store: RunStore, seed: int) -> list[dict[str, Any]]:
    """The tabletop games of `seed` saved in progress, newest first (as `saves list` has
    them): what `privateer tabletop` offers back before starting the same game again."""
    with store.reading() as conn:
        return saves_in_progress(conn, mode(), seed)


def abandon(store: RunStore, runs: list[int]) -> None:
    """Abandon the runs in one transaction: saves gone, runs marked abandoned (events stay)."""
    store.write(RunBuffer(), [s for run_id in runs for s in abandon_statements(run_id)])


def _people(options: dict[str, Any]) -> list[str]:
    """The nations no bot plays (the people's), in seat order."""
    return [n for n in options.get("players", []) if n not in options.get("bots", {})]


def _bots_text(options: dict[str, Any]) -> str:
    """The bots as a run's `bot` column names them: "spain=mc,france=raider"."""
    return ",".join(f"{nation}={bot}" for nation, bot in options["bots"].items())


def _logged_options(raw: Any) -> dict[str, Any]:
    """A run's options as logged (JSON text or a mapping)."""
    import json

    value = json.loads(raw) if isinstance(raw, str) else raw
    return dict(value) if isinstance(value, dict) else {}


def _run_row(conn: Any, run_id: int) -> tuple[int, Any]:
    """A run's seed and its options as logged (JSON text)."""
    from privateer.db.saves import run_seed_and_options

    return run_seed_and_options(conn, run_id)


def _bots(run_id: int, declared: dict[str, Any], raw: Any) -> dict[str, str]:
    """The bots a run's options name, checked: a bot known here at seats of the table, and
    at least one seat left to a person. Read from the options as logged, since the mode's
    declaration of its options lets the bots' mapping through unread."""
    import json

    try:
        logged = json.loads(raw) if isinstance(raw, str) else raw
        bots = logged["bots"]
    except (ValueError, TypeError, KeyError):
        bots = None
    players = list(declared.get("players") or [])
    if (
        not isinstance(bots, dict)
        or any(n not in players or b not in BOTS for n, b in bots.items())
        or len(bots) >= len(players)
    ):
        raise DatabaseError(
            f"run {run_id}'s options name no person's seat and a known bot at each other "
            f"({bots!r}): it cannot be picked up"
        )
    return {str(n): str(b) for n, b in bots.items()}
