"""One session for any game (engine/protocol.py's `Game`) played by a person, on any front end:
the game's record (engine/record.py) and the save policy (db/'s RunStore) that writes what was
played since the last save, with the state's save or the run's end, in one transaction.

A session holds no database connection between saves: each save opens the database (waiting
while another process writes), writes and closes it, so other commands read and write
meanwhile. What a mode writes in its run's row it says by its game's `tally` and `side_name`;
how its saves are shaped, by its `Mode` (`save_version`, `options`). Nothing here knows a mode.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Self, TypeVar

from privateer.db.errors import DatabaseError
from privateer.db.interrupts import held
from privateer.db.run_store import RunStore
from privateer.db.runlog import RunBuffer, Statement, finish_run_statement, progress_statement
from privateer.db.saves import (
    StoredSave,
    abandon_statements,
    drop_save_statement,
    load_stored_save,
    replace_save_statements,
    state_save_statement,
    unusable,
)
from privateer.engine.events import Event
from privateer.engine.protocol import Action, Game, Mode, Outcome, Tally
from privateer.engine.record import GameRecord, begin, step
from privateer.engine.world import World

S = TypeVar("S")
A = TypeVar("A", bound=Action)


@dataclass
class GameSession(Generic[S, A]):
    """A run being played: its game and record, the person's `side`, and what waits to be
    written (`pending`). `first_seq` is the log's seq of the record's first event (a resumed
    run's log already holds the earlier ones); `written` counts the record's events and
    checkpoints already buffered."""

    store: RunStore
    mode: Mode
    run_id: int
    record: GameRecord[S, A]
    side: int = 0
    first_seq: int = 0
    written: tuple[int, int] = (0, 0)
    pending: RunBuffer = field(default_factory=RunBuffer)
    saved: Tally = field(default_factory=Tally)  # as of the last save (what a Ctrl-C leaves)
    closed: bool = False  # the run's end is written (its save dropped)

    # --- starting and resuming ---------------------------------------------------------------

    @classmethod
    def start(
        cls,
        store: RunStore,
        mode: Mode,
        game: Game[S, A],
        seed: int,
        options: Mapping[str, Any] | str,
        *,
        side: int = 0,
        bot: str | None = None,
        world_hash: str | None = None,
    ) -> Self:
        """A new game, logged as a new run (its options as given: a dict, or JSON text) and
        saved before anything is played."""
        record: GameRecord[S, A] = begin(game, seed)
        tally = game.tally(record.state, side)
        saved = game.serialise(record.state)

        def first_rows(run_id: int) -> tuple[RunBuffer, list[Statement]]:
            buffer = RunBuffer()
            buffer.add_record(
                run_id,
                mode,
                record,
                options,
                bot=bot,
                world_hash=world_hash,
                finished=False,
                side=side,
            )
            return buffer, [state_save_statement(run_id, mode.save_version, saved)]

        run_id = store.start(first_rows)
        written = (len(record.events), len(record.checkpoints))
        return cls(store, mode, run_id, record, side, written=written, saved=tally)

    @classmethod
    def resume(
        cls,
        store: RunStore,
        mode: Mode,
        run_id: int | None,
        *,
        start_with: str,
        world: World | None = None,
        side: int = 0,
        game_of: Callable[[StoredSave], Game[S, A]] | None = None,
    ) -> Self:
        """The run saved last (or `run_id`'s), exactly where it was: its save read by the game
        its options describe (or `game_of`'s, for a front end that checks more), as a game of
        its seed going on, on the `world` it was played on (if it was played on one); refused
        in one line otherwise (the save left as it is)."""
        with store.reading() as conn:
            stored = load_stored_save(
                conn,
                run_id,
                mode=mode.run_modes[0],
                save_version=mode.save_version,
                engine_version=(mode.engine_version, *mode.earlier_versions),
                start_with=start_with,
                options=mode.options,
            )
        if world is not None and stored.world_hash not in (None, world.content_hash):
            raise DatabaseError(
                f"run {stored.run_id} sailed another world than the one this database holds "
                "now; it cannot be picked up"
            )
        try:
            game: Game[S, A] = (
                game_of(stored)
                if game_of is not None
                else mode.game(stored.options, world, stored.engine_version)
            )
            state = game.resume(stored.data, stored.seed)
        except ValueError as error:
            raise unusable(stored.run_id, error) from None
        record: GameRecord[S, A] = GameRecord(game, stored.seed, state, actions=stored.actions)
        tally = game.tally(state, side)
        return cls(store, mode, stored.run_id, record, side, stored.next_event_seq, saved=tally)

    # --- what a front end reads --------------------------------------------------------------

    @property
    def game(self) -> Game[S, A]:
        return self.record.game

    @property
    def state(self) -> S:
        return self.record.state

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def pending_writes(self) -> bool:
        """Whether anything was played since the last save."""
        return bool(self.pending.actions["run_id"])

    # --- playing and saving ------------------------------------------------------------------

    def play(self, action: A) -> list[Event]:
        """Play `action` into the record and buffer its rows (written by `save`); its events.
        An action not open now raises IllegalActionError and changes nothing."""
        record = self.record
        side = self.game.side_name(self.state)
        events = step(record, action)
        done, checks = self.written
        pending = self.pending
        pending.add_events(
            self.run_id, self.first_seq + done, record.events[done:], record.clocks[done:]
        )
        pending.add_actions(self.run_id, len(record.actions) - 1, record.actions[-1:], side=side)
        pending.add_checkpoints(self.run_id, record.checkpoints[checks:])
        self.written = (len(record.events), len(record.checkpoints))
        return events

    def save(self) -> None:
        """Write what was played since the last save with the state's save (or, the game over,
        the run's end, its save dropped), in one transaction; a Ctrl-C waits for it."""
        game, state, run_id = self.game, self.state, self.run_id
        done = game.outcome(state)
        tally = game.tally(state, self.side)
        if done is None:
            extra = [
                *replace_save_statements(run_id, self.mode.save_version, game.serialise(state)),
                progress_statement(run_id, tally.rounds, tally.days),
            ]
        else:
            extra = [
                drop_save_statement(run_id),
                finish_run_statement(run_id, done.reason, tally.score, tally.rounds, tally.days),
            ]
        with held():  # `saved` and `closed` say what was committed
            self.store.write(self.pending, extra)
            self.pending = RunBuffer()
            self.saved = tally
            self.closed = done is not None

    def abandon(self) -> None:
        """Let the run go: its save deleted and the run marked abandoned (its events stay,
        and replay)."""
        self.store.write(RunBuffer(), abandon_statements(self.run_id))
        self.closed = True


def input_ended(run_id: int, at: str, resume: str) -> None:
    """What a line-mode game says when its input ends (a pipe run dry, Ctrl-D): where the
    run is saved (`at`: "on day 40") and the command that picks it up."""
    import typer

    typer.echo("")
    typer.echo(f"input ended: run {run_id} is saved {at}; `{resume}` picks it up")
