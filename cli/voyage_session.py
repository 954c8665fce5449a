"""A voyage played an action at a time by a person: the engine's state and its record, and
the save policy (db/'s RunStore) that logs and saves it after every action, every day and
every card.

The session holds no database connection between actions: each save opens the database,
writes the action's events, the action, any checkpoint and the save in one transaction, and
closes it. A finished voyage's save is dropped and its run closed. Ctrl-C waits for a save in
flight, so `saved_day` (what an interrupted `play` names) is always the day the save holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from privateer.db.errors import DatabaseError
from privateer.db.interrupts import held
from privateer.db.run_store import RunStore
from privateer.db.runlog import RunBuffer, finish_run_statement, progress_statement
from privateer.db.runs import run_world_hash
from privateer.db.saves import (
    drop_save_statement,
    load_stored_save,
    replace_save_statements,
    state_save_statement,
    unusable,
)
from privateer.engine.events import Event
from privateer.engine.record import GameRecord, begin, step
from privateer.engine.voyage import (
    ACCEPTED_VERSIONS,
    OPTIONS,
    SAVE_VERSION,
    VoyageAction,
    VoyageGame,
    VoyageRecord,
    VoyageState,
    find_voyage_rules,
    game_for,
    keel_closed,
)
from privateer.engine.world import World

from .ashore import land_reader
from .places import Places

MODE = "voyage"


@dataclass
class VoyageSession:
    store: RunStore
    game: VoyageGame
    run_id: int
    record: VoyageRecord
    event_offset: int = 0  # events logged before this session began (a resumed voyage)
    saved_day: int = 0  # the day of the last save written (what a Ctrl-C leaves standing)
    closed: bool = False  # the run's end is written (its save dropped)
    debug: bool = False  # play --debug: node ids beside the places named

    @cached_property
    def places(self) -> Places:
        """How the screen names places (node ids too with debug); the days of a course
        keep off what her keel keeps off; a course by LON,LAT is checked against the land."""
        game = self.game

        def closed() -> frozenset[int]:
            rules = game.rules
            return keel_closed(game.world, self.state, rules) if rules.banks else frozenset()

        return Places(game.world, debug=self.debug, closed=closed, land=land_reader(self.store))

    @property
    def world(self) -> World:
        return self.game.world

    @property
    def state(self) -> VoyageState:
        assert self.record.state is not None
        return self.record.state

    @classmethod
    def start(
        cls, store: RunStore, world: World, seed: int, rules: str = "full", days: int = 730
    ) -> VoyageSession:
        """A new voyage, logged as a new run and saved before the first action."""
        game = VoyageGame(world, find_voyage_rules(rules), days=days)
        record = begin(game, seed)
        state = record.state
        assert state is not None

        def first_rows(run_id: int) -> tuple[RunBuffer, list[tuple[str, list[Any]]]]:
            buffer = RunBuffer()
            buffer.add_voyage(
                run_id, record, bot=None, world_hash=world.content_hash, finished=False
            )
            return buffer, [state_save_statement(run_id, SAVE_VERSION, state.to_dict())]

        run_id = store.start(first_rows)
        return cls(store, game, run_id, record, saved_day=state.day)

    @classmethod
    def resume(cls, store: RunStore, world: World, run_id: int | None = None) -> VoyageSession:
        """The voyage saved last (or run_id's), exactly where it was, mid-fight included."""
        with store.reading() as conn:
            stored = load_stored_save(
                conn,
                run_id,
                mode=MODE,
                save_version=SAVE_VERSION,
                engine_version=ACCEPTED_VERSIONS,
                start_with="privateer play",
                options=OPTIONS,
            )
            world_hash = run_world_hash(conn, stored.run_id)
        if world_hash != world.content_hash:
            raise DatabaseError(
                f"run {stored.run_id} sailed another world than the one this database holds "
                "now; it cannot be picked up"
            )
        try:
            state = VoyageState.from_dict(stored.data, world)
        except ValueError as error:
            raise unusable(stored.run_id, error) from None
        rules = stored.options.get("rules", state.rules)
        days = stored.options.get("days", state.last_day)
        if (rules, days) != (state.rules, state.last_day):
            raise DatabaseError(
                f"run {stored.run_id}'s options (rules {rules!r}, {days} days) are not its "
                f"save's (rules {state.rules!r}, {state.last_day} days): it cannot be picked up"
            )
        game = game_for(world, stored.options, stored.engine_version)
        try:  # a state its game reaches, of its run's seed, going on
            state = game.in_progress(game.checked(state), stored.seed)
        except ValueError as error:
            raise unusable(stored.run_id, error) from None
        record: VoyageRecord = GameRecord(game, state.seed, state, actions=list(stored.actions))
        return cls(store, game, stored.run_id, record, stored.next_event_seq, state.day)

    @property
    def over(self) -> bool:
        return self.state.over

    def legal(self) -> list[VoyageAction]:
        return self.game.legal_actions(self.state)

    def parse(self, text: str) -> VoyageAction:
        """The action a player typed (IllegalVoyageAction if it is not one)."""
        return self.game.parse_action(text)

    def play(self, action: VoyageAction) -> list[Event]:
        """Do an action, then log and save it (or, if the voyage is over, close the run and
        drop its save). An illegal action raises and writes nothing."""
        record = self.record
        counts = (len(record.events), len(record.actions), len(record.checkpoints))
        step(record, action)
        state = self.state
        buffer = RunBuffer()
        first = counts[0]
        buffer.events.add(
            self.run_id,
            self.event_offset + first,
            record.events[first:],
            record.clocks[first:],
        )
        buffer.add_actions(self.run_id, counts[1], record.actions[counts[1] :])
        buffer.add_checkpoints(self.run_id, record.checkpoints[counts[2] :])
        if state.over:
            extra = [
                drop_save_statement(self.run_id),
                finish_run_statement(self.run_id, state.outcome, state.gold, None, state.day),
            ]
        else:
            extra = [
                *replace_save_statements(self.run_id, SAVE_VERSION, state.to_dict()),
                progress_statement(self.run_id, None, state.day),
            ]
        with held():  # Ctrl-C waits for the save and its note: saved_day is what was committed
            self.store.write(buffer, extra)
            self.saved_day = state.day
            self.closed = state.over
        return record.new_events(first)
