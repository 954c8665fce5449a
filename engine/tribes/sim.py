"""Running a Tribes world with policies (the Tribes design document: "a policy is a function from a
tribe's view to orders"): every 10 ticks (tick 0 included) each live tribe's policy reads that
tribe's view and gives order texts, queued as `T:ORDER` actions (an order not open now is left out,
as phase 1 would drop it), then the world steps 10 ticks (fewer at the end). Tribes take their
policies from the list in turn (tribe t plays `policies[t % len(policies)]`).

Everything played is recorded (engine/record.py), so a run is its record: logged, it replays from
its actions alone. Metrics frames are the "metrics" events; `frames` reads them back."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalActionError
from ..events import Event
from ..record import GameRecord, advance, begin
from .game import TribesAction
from .mode import Setup, TribesGame
from .policy.named import POLICY_EVERY, Policy
from .state import TribesState
from .view import view_for

TribesRecord = GameRecord[TribesState, TribesAction]


def start_record(seed: int, setup: Setup) -> TribesRecord:
    """A new world's record: its opening events and the hash at tick 0."""
    return begin(TribesGame(setup), seed)


def setup_of(record: TribesRecord) -> Setup:
    """The world a record's game plays (tribes, map side, tick cap)."""
    game = record.game
    assert isinstance(game, TribesGame)
    return game.setup


@dataclass(frozen=True, slots=True)
class Played:
    """A tribe's policy by name (a built-in's name or a scripted file's) and its function."""

    name: str
    policy: Policy


def ask(record: TribesRecord, players: Sequence[Played], recent: Sequence[Event] = ()) -> int:
    """Ask each live tribe's policy for its orders and queue those open; how many it queued.
    `recent` are the events since the policies were last asked (each view shows the ones its
    tribe is told, fog.py)."""
    state = record.state
    queued = 0
    for tribe in state.tribes:
        if not tribe.alive:
            continue
        policy = players[tribe.id % len(players)].policy
        for text in policy(view_for(state, tribe.id, recent)):
            try:
                advance(record, TribesAction.order(tribe.id, str(text)))
                queued += 1
            except IllegalActionError:
                continue
    return queued


def run_world(
    seed: int,
    setup: Setup,
    players: Sequence[Played],
    on_step: Callable[[TribesState], None] | None = None,
) -> TribesRecord:
    """Play a world to its end with `players` choosing every tribe's orders."""
    if not players:
        raise ValueError("a run needs at least one policy")
    record = start_record(seed, setup)
    state = record.state
    asked = 0  # the events told before the policies were last asked
    while state.result is None and state.tick < state.tick_cap:
        if state.tick % POLICY_EVERY == 0:
            ask(record, players, record.new_events(asked))
            asked = len(record.events)
        to_next = POLICY_EVERY - state.tick % POLICY_EVERY
        advance(record, TribesAction(min(to_next, state.tick_cap - state.tick)))
        if on_step is not None:
            on_step(state)
    return record.close()


def frames(record: TribesRecord) -> list[dict[str, Any]]:
    """The metrics frames the run told, in order."""
    return [e[2]["frame"] for e in record.events if e[0] == "metrics"]
