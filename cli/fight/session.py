"""A card fight played a keep at a time by a person, on any front end: the one session
(cli/session.py) over the fight's game, saved after every keep."""

from __future__ import annotations

from privateer.cli.session import GameSession
from privateer.db.run_options import fight_options_json
from privateer.db.run_store import RunStore
from privateer.engine.events import Event
from privateer.engine.fight import (
    MODE,
    Encounter,
    FightGame,
    Keep,
    Outfit,
    Settlement,
    settle_fight,
)


class FightSession(GameSession[Encounter, Keep]):
    @classmethod
    def begin(cls, store: RunStore, target: str, outfit: Outfit, seed: int) -> FightSession:
        """A new fight, logged as a new run and saved before the first keep."""
        options = fight_options_json(target, outfit, None)
        return cls.start(store, MODE, FightGame(target, outfit), seed, options)

    @classmethod
    def pick_up(cls, store: RunStore, run_id: int | None = None) -> FightSession:
        """The fight saved last (or run_id's), exactly where it was."""
        return cls.resume(store, MODE, run_id, start_with="privateer fight")

    @property
    def saved_round(self) -> int:
        """The round of the last save written (what a Ctrl-C leaves standing)."""
        return int(self.saved.rounds or 0)

    def settlement(self) -> Settlement:
        return settle_fight(self.state)

    def play(self, action: Keep) -> list[Event]:
        """Play a keep, then log and save it (or, if the fight is over, settle the run and
        drop its save). Returns what happened."""
        events = super().play(action)
        self.save()
        return events
