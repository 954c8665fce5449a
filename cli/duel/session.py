"""A hex duel played by a person as Red against a CPU captain, on any front end: the one
session (cli/session.py) over the duel's game, Blue's captain answering each of Red's
activations, saved after every line of orders (so after every activation).

Every action is logged as "side:code" ("red:m0", "blue:f"); a replay re-runs them all.
"""

from __future__ import annotations

from privateer.cli.session import GameSession
from privateer.db.run_store import RunStore
from privateer.engine.duel import (
    BLUE,
    MODE,
    RED,
    Captains,
    DuelAction,
    DuelGame,
    DuelRules,
    DuelState,
    IllegalDuelAction,
    why_illegal,
)
from privateer.engine.events import Event


class DuelSession(GameSession[DuelState, DuelAction]):
    @classmethod
    def begin(
        cls, store: RunStore, seed: int, captain: str | None, rules: DuelRules | None = None
    ) -> tuple[DuelSession, list[Event]]:
        """A new duel, logged as a new run and saved before Red's first order; with the
        events of its opening."""
        rules = rules or DuelRules()
        # The captain as asked for (None: drawn by the seed, as a replay must draw it again);
        # the one who sailed is the run's target.
        options = {"captain": captain, "red": "", "rules": rules.name}
        session = cls.start(store, MODE, DuelGame(rules, captain), seed, options, side=RED)
        return session, session.record.new_events(0)

    @classmethod
    def pick_up(cls, store: RunStore, run_id: int | None = None) -> DuelSession:
        """The duel saved last (or run_id's), exactly where it was."""
        return cls.resume(store, MODE, run_id, start_with="privateer duel", side=RED)

    @property
    def saved_round(self) -> int:
        """The round of the last save written (what a Ctrl-C leaves standing)."""
        return int(self.saved.rounds or 0)

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
            except IllegalDuelAction as error:
                problem = str(error)
                break
            why = why_illegal(self.state, action)
            if why is not None:
                problem = f"{code}: {why}"
                break
            shown += self.play(action)
            shown += self._captain()
        self.save()
        return shown, problem

    def _captain(self) -> list[Event]:
        """Blue's activations, while it is Blue's turn and the duel goes on."""
        shown: list[Event] = []
        captain = Captains()
        while not self.over and self.state.side == BLUE:
            shown += self.play(captain(self.state))
        return shown
