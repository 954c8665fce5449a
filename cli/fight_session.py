"""A fight played a keep at a time, by any front end: the engine's state and its record, and
the save policy (db/'s RunStore) that logs and saves it after every keep.

The session holds no database connection between keeps: each save opens the database,
writes the keep's events, action, checkpoints and the save in one transaction, and closes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from privateer.db.interrupts import held
from privateer.db.run_store import RunStore
from privateer.db.runlog import RunBuffer, finish_run_statement, progress_statement
from privateer.db.saves import drop_save_statement, load_save, save_statement
from privateer.engine.combat.encounter import Encounter, Keep
from privateer.engine.combat.mode import FightGame
from privateer.engine.combat.outfit import Outfit
from privateer.engine.combat.settle import Settlement, settle
from privateer.engine.events import Event
from privateer.engine.record import GameRecord, begin, step

FightRecord = GameRecord[Encounter, Keep]

MODE = "fight"


@dataclass
class FightSession:
    store: RunStore
    run_id: int
    record: FightRecord
    state: Encounter
    event_offset: int = 0  # events logged before this session began (a resumed fight)
    saved_round: int = 0  # the round of the last save written (what a Ctrl-C leaves standing)
    closed: bool = False  # the run's end is written (its save dropped)

    @classmethod
    def start(cls, store: RunStore, target: str, outfit: Outfit, seed: int) -> FightSession:
        """A new fight, logged as a new run and saved before the first keep."""
        record: FightRecord = begin(FightGame(target, outfit), seed)
        state = record.state

        def first_rows(run_id: int) -> tuple[RunBuffer, list[tuple[str, list[object]]]]:
            buffer = RunBuffer()
            buffer.add_fight_run(run_id, MODE, record, bot=None, finished=False)
            buffer.add_events(run_id, 0, record.events)
            return buffer, [save_statement(run_id, state)]

        run_id = store.start(first_rows)
        return cls(store, run_id, record, state, saved_round=state.round)

    @classmethod
    def resume(cls, store: RunStore, run_id: int | None = None) -> FightSession:
        """The fight saved last (or run_id's), exactly where it was."""
        with store.reading() as conn:
            saved = load_save(conn, run_id)
        state = saved.state
        setup = state.setup
        game = FightGame(setup.target, setup.outfit)
        record: FightRecord = GameRecord(game, setup.seed, state, actions=list(saved.actions))
        return cls(store, saved.run_id, record, state, saved.next_event_seq, state.round)

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def settlement(self) -> Settlement:
        return settle(self.state)

    def play(self, keep: Keep) -> list[Event]:
        """Play a keep, then log and save it (or, if the fight is over, settle the run and
        drop its save). Returns what happened."""
        record, state, run_id = self.record, self.state, self.run_id
        events_before, checks_before = len(record.events), len(record.checkpoints)
        new_events = step(record, keep)
        buffer = RunBuffer()
        buffer.add_events(run_id, self.event_offset + events_before, new_events)
        buffer.add_actions(run_id, len(record.actions) - 1, [keep.to_str()])
        buffer.add_checkpoints(run_id, record.checkpoints[checks_before:])
        if state.result is None:
            extra = [save_statement(run_id, state), progress_statement(run_id, state.round)]
        else:
            settlement = settle(state)
            extra = [
                drop_save_statement(run_id),
                finish_run_statement(run_id, state.result.value, settlement.payout, state.round),
            ]
        with held():  # Ctrl-C waits for the save and its note: saved_round is what was committed
            self.store.write(buffer, extra)
            self.saved_round = state.round
            self.closed = state.result is not None
        return new_events
