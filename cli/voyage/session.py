"""A voyage played an action at a time by a person: the one session (cli/session.py) saved
after every action, every day and every card, with what the voyage's screens need beside it
(how places are named, her world).

The session holds no database connection between actions: each save opens the database,
writes the action's events, the action, any checkpoint and the save in one transaction, and
closes it. A finished voyage's save is dropped and its run closed. Ctrl-C waits for a save in
flight, so `saved_day` (what an interrupted `play` names) is always the day the save holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from privateer.cli.ashore import land_reader
from privateer.cli.places import Places
from privateer.cli.session import GameSession
from privateer.db.run_store import RunStore
from privateer.engine.events import Event
from privateer.engine.voyage import (
    MODE,
    VoyageAction,
    VoyageGame,
    VoyageState,
    find_voyage_rules,
    keel_closed,
)
from privateer.engine.world import World


@dataclass
class VoyageSession(GameSession[VoyageState, VoyageAction]):
    debug: bool = False  # play --debug: node ids beside the places named

    @classmethod
    def begin(
        cls, store: RunStore, world: World, seed: int, rules: str = "full", days: int = 730
    ) -> VoyageSession:
        """A new voyage, logged as a new run and saved before the first action."""
        game = VoyageGame(world, find_voyage_rules(rules), days=days)
        options = {"rules": rules, "days": days}
        return cls.start(store, MODE, game, seed, options, world_hash=world.content_hash)

    @classmethod
    def pick_up(cls, store: RunStore, world: World, run_id: int | None = None) -> VoyageSession:
        """The voyage saved last (or run_id's), exactly where it was, mid-fight included, on
        the world it sailed (another world's run is refused)."""
        return cls.resume(store, MODE, run_id, start_with="privateer play", world=world)

    @property
    def game(self) -> VoyageGame:
        game = self.record.game
        assert isinstance(game, VoyageGame)
        return game

    @property
    def world(self) -> World:
        return self.game.world

    @property
    def saved_day(self) -> int:
        """The day of the last save written (what a Ctrl-C leaves standing)."""
        return self.saved.days or 0

    @cached_property
    def places(self) -> Places:
        """How the screen names places (node ids too with debug); the days of a course
        keep off what her keel keeps off; a course by LON,LAT is checked against the land."""
        game = self.game

        def closed() -> frozenset[int]:
            rules = game.rules
            return keel_closed(game.world, self.state, rules) if rules.banks else frozenset()

        return Places(game.world, debug=self.debug, closed=closed, land=land_reader(self.store))

    def legal(self) -> list[VoyageAction]:
        return self.game.legal_actions(self.state)

    def parse(self, text: str) -> VoyageAction:
        """The action a player typed (IllegalVoyageAction if it is not one)."""
        return self.game.parse_action(text)

    def play(self, action: VoyageAction) -> list[Event]:
        """Do an action, then log and save it (or, if the voyage is over, close the run and
        drop its save). An illegal action raises and writes nothing."""
        events = super().play(action)
        self.save()
        return events
