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
from privateer.engine.combat import (
    Encounter,
    FightRecord,
    Keep,
    Outfit,
    Settlement,
    create_encounter,
    play_step,
    settle_fight,
)
from privateer.engine.events import Event

MODE = "fight"


@dataclass
class FightSession:
    store: RunStore
    run_id: int
    record: FightRecord
    state: Encounter
    saved_round: int = 0  # the round of the last save written (what a Ctrl-C leaves standing)
    closed: bool = False  # the run's end is written (its save dropped)

    @classmethod
    def start(cls, store: RunStore, target: str, outfit: Outfit, seed: int) -> FightSession:
        """A new fight, logged as a new run and saved before the first keep."""
        state, events = create_encounter(target, outfit, seed)
        record = FightRecord(target, outfit, seed, events=[tuple(e) for e in events], state=state)

        def first_rows(run_id: int) -> tuple[RunBuffer, list[tuple[str, list[object]]]]:
            buffer = RunBuffer()
            buffer.add_fight_run(run_id, MODE, record, bot=None, finished=False)
            buffer.add_events(run_id, 0, record.events)
            return buffer, [save_statement(run_id, state)]

        run_id = store.start(first_rows)
        return cls(store, run_id, record, state, state.round)

    @classmethod
    def resume(cls, store: RunStore, run_id: int | None = None) -> FightSession:
        """The fight saved last (or run_id's), exactly where it was."""
        with store.reading() as conn:
            saved = load_save(conn, run_id)
        state = saved.state
        setup = state.setup
        record = FightRecord(
            setup.target,
            setup.outfit,
            setup.seed,
            state=state,
            actions=list(saved.actions),
            event_offset=saved.next_event_seq,
        )
        return cls(store, saved.run_id, record, state, state.round)

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def settlement(self) -> Settlement:
        return settle_fight(self.state)

    def play(self, keep: Keep) -> list[Event]:
        """Play a keep, then log and save it (or, if the fight is over, settle the run and
        drop its save). Returns what happened."""
        record, state, run_id = self.record, self.state, self.run_id
        events_before, checks_before = play_step(record, state, keep)
        new_events = record.events[events_before:]
        buffer = RunBuffer()
        buffer.add_events(run_id, record.event_offset + events_before, new_events)
        buffer.add_actions(run_id, len(record.actions) - 1, [keep.to_str()])
        buffer.add_checkpoints(run_id, record.checkpoints[checks_before:])
        if state.result is None:
            extra = [save_statement(run_id, state), progress_statement(run_id, state.round)]
        else:
            settlement = settle_fight(state)
            extra = [
                drop_save_statement(run_id),
                finish_run_statement(run_id, state.result.value, settlement.payout, state.round),
            ]
        with held():  # Ctrl-C waits for the save and its note: saved_round is what was committed
            self.store.write(buffer, extra)
            self.saved_round = state.round
            self.closed = state.result is not None
        return [Event._make(e) for e in new_events]
