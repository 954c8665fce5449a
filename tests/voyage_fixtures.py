"""A voyage on the synthetic sea, set up for a rule's test: no ship of the world in the way
unless a test puts one there."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import pytest

from privateer.cli.places import Places
from privateer.cli.voyage import screen as voyage_screen
from privateer.engine.events import Event
from privateer.engine.voyage.actions import VoyageAction
from privateer.engine.voyage.game import VoyageGame, act, create_voyage, legal_actions
from privateer.engine.voyage.rules import find_voyage_rules
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.state import LAID_UP
from privateer.engine.world.world import World
from tests.world_fixtures import synthetic_world

WORLD: World = synthetic_world()


def act_text(world: World, state: VoyageState, text: str) -> list[Event]:
    """Do the action `text` writes (as a log or a player writes it)."""
    return act(world, state, VoyageAction.from_str(text))


def legal_text(world: World, state: VoyageState) -> list[str]:
    """The legal actions as text."""
    return [a.to_str() for a in legal_actions(world, state)]


def pending_of(state: VoyageState) -> dict[str, Any]:
    """What the world waits on, in its saved form ({} nothing)."""
    return state.pending.to_dict() if state.pending is not None else {}


def port_index(name: str) -> int:
    return next(i for i, p in enumerate(WORLD.ports) if p.name == name)


def quiet_voyage(seed: int = 1, rules: str = "dilemmas", days: int = 730) -> VoyageState:
    """A voyage in Plymouth with every ship of the world laid up far in the future (so none
    meets you unless a test sails one to you)."""
    state, _ = create_voyage(WORLD, seed, find_voyage_rules(rules), days=days)
    return lay_up_every_ship(state)


def lay_up_every_ship(state: VoyageState) -> VoyageState:
    """Every ship of the world laid up far in the future: none meets you unless a test sails
    one to you."""
    ships = state.world.ships
    for ship in range(len(ships["kind"])):
        ships["task"][ship] = LAID_UP
        ships["until"][ship] = 10**6
        ships["leg"][ship] = -1
    return state


def put_ship(state: VoyageState, kind: int, flag: str, node: int) -> int:
    """A ship of `kind` flying `flag` at `node`, out at sea and idle: its index."""
    from privateer.engine.world.state import SAILING

    ships = state.world.ships
    ship = next(s for s, k in enumerate(ships["kind"]) if k == kind)
    ships["flag"][ship] = WORLD.nations.index(flag)
    ships["node"][ship] = node
    ships["leg"][ship] = -1
    ships["task"][ship] = SAILING
    ships["dest"][ship] = -1
    ships["until"][ship] = 0
    return ship


def voyage_to(state: VoyageState, node: int, answer: str = "choose 0") -> None:
    """Set a course and sail until she is there (or something waits on her that is not a
    question: a question is answered with `answer`)."""
    act_text(WORLD, state, f"course {node}")
    while state.course >= 0 and not state.over:
        if pending_of(state).get("kind") == "dilemma":
            act_text(WORLD, state, answer)
            continue
        if state.pending:
            return
        act_text(WORLD, state, "sail")


@dataclass
class Unsaved:
    """What `play`'s screen drives, without a database: the game and its state."""

    game: VoyageGame
    state: VoyageState
    run_id: int = 0

    @property
    def world(self) -> World:
        return self.game.world

    @property
    def over(self) -> bool:
        return self.state.over

    @cached_property
    def places(self) -> Places:
        return Places(self.game.world)

    def parse(self, text: str) -> Any:
        return self.game.parse_action(text)

    def play(self, action: Any) -> list[Event]:
        return self.game.act(self.state, action)


def screen(state: VoyageState, lines: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What `play` prints for the lines typed (then quit), on the synthetic sea."""
    session = Unsaved(VoyageGame(WORLD, find_voyage_rules(state.rules)), state)
    feed: Iterator[str] = iter([*lines, "quit"])
    voyage_screen.run(session, lambda: next(feed) + "\n")  # type: ignore[arg-type]
    return capsys.readouterr().out
