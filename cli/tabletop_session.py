"""A tabletop game of seed 003 played by a person at one seat against bots at the others: the
engine's state, the bots who answer, and the save policy (db/'s RunStore) that logs every
action of every seat ("england:play 12") and saves the state after each of the person's plays
together with the bots' answers to it.

The game is built from the run's options by the mode's registry entry, so a resumed game and a
replayed one are the same game. A bot's seed comes from the run's seed and the number of
actions played before its move, never from this process: a game stopped and resumed plays on
exactly as one played straight through.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from privateer.db.errors import DatabaseError
from privateer.db.interrupts import held
from privateer.db.run_store import RunStore
from privateer.db.runlog import RunBuffer, Statement, finish_run_statement, progress_statement
from privateer.db.saves import (
    abandon_statements,
    drop_save_statement,
    list_saves,
    load_stored_save,
    state_save_statement,
    unusable,
)
from privateer.engine.events import Event
from privateer.engine.modes import MODES
from privateer.engine.protocol import IllegalActionError, Mode
from privateer.engine.tabletop import BOTS, CHECKPOINT_EVERY, TabletopGame

SAVE_VERSION = 1
"""The shape of the saved state (the engine's `TabletopState.to_dict()`, checked whole by
`from_dict` on resume): a save of another version is refused, never read half-understood."""

MODE = "tabletop"
BOT_SEED_STRIDE = 1_000_003  # a prime: the seeds of successive games' bots never line up


def mode() -> Mode:
    return MODES[MODE]


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
class TabletopSession:
    store: RunStore
    game: TabletopGame
    run_id: int
    seed: int
    options: dict[str, Any]
    state: Any
    next_seq: int
    played: int
    saved_turn: int = 0  # the turn of the last save written (what a Ctrl-C leaves standing)
    pending: RunBuffer = field(default_factory=RunBuffer)
    closed: bool = False  # the run's end is written (its save dropped)

    # --- starting and resuming -----------------------------------------------------------

    @classmethod
    def start(
        cls, store: RunStore, seed: int, options: dict[str, Any]
    ) -> tuple[TabletopSession, list[Event]]:
        """A new game, logged as a new run and saved before anyone plays; with the events of
        the deal and the roll for first."""
        game = game_for(options)
        state, events = game.new_initial_state(seed)

        def first_rows(run_id: int) -> tuple[RunBuffer, list[Statement]]:
            buffer = RunBuffer()
            buffer.add_run(
                run_id,
                MODE,
                seed,
                options,
                engine_version=mode().engine_version,
                rounds=_turn(game, state),
                target=_seat(options),
                bot=_bots_text(options),
                finished=False,
            )
            buffer.add_events(run_id, 0, events)
            return buffer, [state_save_statement(run_id, SAVE_VERSION, game.serialise(state))]

        run_id = store.start(first_rows)
        session = cls(store, game, run_id, seed, options, state, len(events), 0, _turn(game, state))
        return session, events

    @classmethod
    def resume(cls, store: RunStore, run_id: int | None = None) -> TabletopSession:
        """The game saved last (or run_id's), exactly where it was."""
        with store.reading() as conn:
            stored = load_stored_save(
                conn,
                run_id,
                mode=MODE,
                save_version=SAVE_VERSION,
                engine_version=(mode().engine_version, *mode().earlier_versions),
                start_with="privateer tabletop",
                options=mode().options,
            )
            seed, raw = _run_row(conn, stored.run_id)
        options = {**stored.options, "bots": _bots(stored.run_id, stored.options, raw)}
        try:  # by the game its run's options describe: its rules and nations
            game = game_for(options)
            state = game.resume(stored.data, seed)
        except ValueError as error:
            raise unusable(stored.run_id, error) from None
        return cls(
            store,
            game,
            stored.run_id,
            seed,
            options,
            state,
            stored.next_event_seq,
            len(stored.actions),
            _turn(game, state),
        )

    # --- what the screen reads -------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        return list(self.options["players"])

    @property
    def seat(self) -> int:
        """The person's seat index: the one nation the options give no bot."""
        nation = _seat(self.options)
        assert nation is not None
        return self.players.index(nation)

    @property
    def nation(self) -> str:
        return self.players[self.seat]

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None

    @property
    def turn(self) -> int:
        return _turn(self.game, self.state)

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

    def pending_writes(self) -> bool:
        """Whether anything was played since the last save."""
        return bool(self.pending.actions["run_id"])

    # --- playing -----------------------------------------------------------------------------

    def play(self, action: Any) -> Move:
        """The person's action (one of `legal()`); logged, saved with the bots' answers by
        `save`. An action not open now raises IllegalActionError and changes nothing."""
        if self.over or self.to_act() != self.seat:
            raise IllegalActionError("it is not your turn to play")
        if action not in self.legal():
            raise IllegalActionError(f"{action.to_str()}: not a play open now")
        return self._play(action)

    def bots(self) -> Iterator[Move]:
        """The bots' moves, one at a time as each is made, until it is the person's turn or
        the game is over."""
        names = self.options["bots"]
        while not self.over and self.to_act() != self.seat:
            side = self.to_act()
            bot = BOTS[names[self.players[side]]]
            action = bot.choose(self.game, self.state, side, bot_seed(self.seed, self.played))
            yield self._play(action)

    def _play(self, action: Any) -> Move:
        side = self.to_act()
        nation = self.players[side]
        words = self.describe(action)
        events = self.game.act(self.state, action)
        self.pending.add_events(self.run_id, self.next_seq, events)
        self.next_seq += len(events)
        self.pending.add_actions(
            self.run_id, self.played, [f"{nation}:{action.to_str()}"], side=nation
        )
        self.played += 1
        if self.over or self.played % CHECKPOINT_EVERY == 0:
            self.pending.add_checkpoints(
                self.run_id, [(self.played, self.game.state_hash(self.state))]
            )
        return Move(side, nation, action, words, events)

    def save(self) -> None:
        """Write what was played since the last save with the state (or, the game over, close
        the run and drop its save), in one transaction."""
        game, state, run_id = self.game, self.state, self.run_id
        done = game.outcome(state)
        if done is None:
            extra = [
                state_save_statement(run_id, SAVE_VERSION, game.serialise(state)),
                progress_statement(run_id, self.turn),
            ]
        else:
            score = 0 if done.winner is None else (1 if done.winner == self.seat else -1)
            extra = [
                drop_save_statement(run_id),
                finish_run_statement(run_id, done.reason, score, self.turn),
            ]
        with held():  # Ctrl-C waits for the save and its note: saved_turn is what was committed
            self.store.write(self.pending, extra)
            self.pending = RunBuffer()
            self.saved_turn = self.turn
            self.closed = done is not None


# --- runs in progress ------------------------------------------------------------------------


def games_in_progress(store: RunStore, seed: int) -> list[dict[str, Any]]:
    """The tabletop games of `seed` saved in progress, newest first (as `saves list` has
    them): what `privateer tabletop` offers back before starting the same game again."""
    with store.reading() as conn:
        return [s for s in list_saves(conn) if s["mode"] == MODE and s["seed"] == seed]


def abandon(store: RunStore, runs: list[int]) -> None:
    """Abandon the runs in one transaction: saves gone, runs marked abandoned (events stay)."""
    store.write(RunBuffer(), [s for run_id in runs for s in abandon_statements(run_id)])


def _seat(options: dict[str, Any]) -> str | None:
    """The nation no bot plays (the person's), or None for a game of bots only."""
    free = [n for n in options.get("players", []) if n not in options.get("bots", {})]
    return free[0] if len(free) == 1 else None


def _bots_text(options: dict[str, Any]) -> str:
    """The bots as a run's `bot` column names them: "spain=mc,france=raider"."""
    return ",".join(f"{nation}={bot}" for nation, bot in options["bots"].items())


def _turn(game: TabletopGame, state: Any) -> int:
    return int(game.observe(state, 0)["turn"])


def _run_row(conn: Any, run_id: int) -> tuple[int, Any]:
    """A run's seed and its options as logged (JSON text)."""
    from privateer.db.saves import run_seed_and_options

    return run_seed_and_options(conn, run_id)


def _bots(run_id: int, declared: dict[str, Any], raw: Any) -> dict[str, str]:
    """The bots a run's options name, checked: a bot known here at every seat but one (the
    person's). Read from the options as logged, since the mode's declaration of its options
    lets the bots' mapping through unread."""
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
        or len(bots) != len(players) - 1
    ):
        raise DatabaseError(
            f"run {run_id}'s options name no bot at every seat but one ({bots!r}): "
            "it cannot be picked up"
        )
    return {str(n): str(b) for n, b in bots.items()}
