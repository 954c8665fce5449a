"""A hex duel played by a person as Red against a CPU captain, by any front end: the engine's
state, the captain who answers each of Red's activations, and the save policy (db/'s RunStore)
that logs and saves after every line of orders (so after every activation).

Every action is logged as "side:code" ("red:m0", "blue:f") with its side; a replay re-runs
them all. The database is held only while a line of orders is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from privateer.db.interrupts import held
from privateer.db.run_store import RunStore
from privateer.db.runlog import RunBuffer, Statement, finish_run_statement, progress_statement
from privateer.db.saves import (
    drop_save_statement,
    load_stored_save,
    state_save_statement,
    unusable,
)
from privateer.engine.duel import (
    BLUE,
    CHECKPOINT_EVERY,
    ENGINE_VERSION,
    OPTIONS,
    RED,
    SAVE_VERSION,
    SIDES,
    DuelAction,
    DuelRules,
    DuelState,
    IllegalActionError,
    act,
    create_duel,
    outcome,
    plan,
    why_illegal,
)
from privateer.engine.duel import MODE as DUEL
from privateer.engine.events import Event

MODE = "duel"


@dataclass
class DuelSession:
    store: RunStore
    run_id: int
    state: DuelState
    next_seq: int
    actions_played: int
    pending: RunBuffer = field(default_factory=RunBuffer)
    saved_round: int = 0  # the round of the last save written (what a Ctrl-C leaves standing)
    closed: bool = False  # the run's end is written (its save dropped)

    @classmethod
    def start(
        cls, store: RunStore, seed: int, captain: str | None, rules: DuelRules | None = None
    ) -> tuple[DuelSession, list[Event]]:
        """A new duel, logged as a new run and saved before Red's first order."""
        rules = rules or DuelRules()
        state, events = create_duel(seed, captain, rules)
        # The captain as asked for (None: drawn by the seed, as a replay must draw it again);
        # the one who sailed is the run's target.
        options = {"captain": captain, "red": "", "rules": rules.name}

        def first_rows(run_id: int) -> tuple[RunBuffer, list[Statement]]:
            buffer = RunBuffer()
            buffer.add_run(
                run_id,
                MODE,
                seed,
                options,
                engine_version=ENGINE_VERSION,
                rounds=state.round,
                target=state.captains[BLUE],
                finished=False,
            )
            buffer.add_events(run_id, 0, events)
            return buffer, [state_save_statement(run_id, SAVE_VERSION, state.to_dict())]

        run_id = store.start(first_rows)
        return cls(store, run_id, state, len(events), 0, saved_round=state.round), events

    @classmethod
    def resume(cls, store: RunStore, run_id: int | None = None) -> DuelSession:
        """The duel saved last (or run_id's), exactly where it was."""
        with store.reading() as conn:
            stored = load_stored_save(
                conn,
                run_id,
                mode=MODE,
                save_version=SAVE_VERSION,
                engine_version=ENGINE_VERSION,
                start_with="privateer duel",
                options=OPTIONS,
            )
        try:  # by the game its run's options describe: its rules and captains
            game = DUEL.game(stored.options, None)
            state: DuelState = game.resume(stored.data, stored.seed)
        except ValueError as error:
            raise unusable(stored.run_id, error) from None
        return cls(
            store,
            stored.run_id,
            state,
            stored.next_event_seq,
            len(stored.actions),
            saved_round=state.round,
        )

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def _play(self, action: DuelAction) -> list[Event]:
        side = SIDES[self.state.side]
        events = act(self.state, action)
        self.pending.add_events(self.run_id, self.next_seq, events)
        self.next_seq += len(events)
        self.pending.add_actions(
            self.run_id, self.actions_played, [f"{side}:{action.to_str()}"], side=side
        )
        self.actions_played += 1
        if self.state.result is not None or self.actions_played % CHECKPOINT_EVERY == 0:
            self.pending.add_checkpoints(
                self.run_id, [(self.actions_played, self.state.state_hash())]
            )
        return events

    def orders(self, codes: list[str]) -> tuple[list[Event], str | None]:
        """Play Red's orders in turn; when Red's activation ends, the captain answers with
        Blue's. Stops at the first order that is not legal, saying why. Everything played is
        logged and saved before this returns."""
        shown: list[Event] = self._captain()  # should the duel open with Blue's turn
        problem = None
        for code in codes:
            if self.over:
                break
            if self.state.side != RED:
                problem = "it is not your turn"
                break
            try:
                action = DuelAction.from_str(code)
            except IllegalActionError as error:
                problem = str(error)
                break
            why = why_illegal(self.state, action)
            if why is not None:
                problem = f"{code}: {why}"
                break
            shown += self._play(action)
            shown += self._captain()
        self._save()
        return shown, problem

    def _captain(self) -> list[Event]:
        """Blue's activations, while it is Blue's turn and the duel goes on."""
        shown: list[Event] = []
        while not self.over and self.state.side == BLUE:
            activation = (self.state.round, self.state.turn)
            for action in plan(self.state, BLUE):
                if self.over or (self.state.round, self.state.turn) != activation:
                    break
                shown += self._play(action)
        return shown

    def _save(self) -> None:
        state, run_id = self.state, self.run_id
        if state.result is None:
            extra = [
                state_save_statement(run_id, SAVE_VERSION, state.to_dict()),
                progress_statement(run_id, state.round),
            ]
        else:
            done = outcome(state)
            assert done is not None
            score = 0 if done.winner is None else (1 if done.winner == RED else -1)
            extra = [
                drop_save_statement(run_id),
                finish_run_statement(run_id, done.termination.value, score, state.round),
            ]
        with held():  # Ctrl-C waits for the save and its note: saved_round is what was committed
            self.store.write(self.pending, extra)
            self.pending = RunBuffer()
            self.saved_round = state.round
            self.closed = state.result is not None
