"""Running a Tribes world with policies (seed 002: "a policy is a function from a tribe's view
to orders"): every 10 ticks (tick 0 included) each live tribe's policy reads that tribe's view
and gives order texts, queued as `T:ORDER` actions (an order not open now is left out, as
phase 1 would drop it), then the world steps 10 ticks (fewer at the end). Tribes take their
policies from the list in turn (tribe t plays `policies[t % len(policies)]`).

Everything played is recorded (replay.py), so a run is its record: logged, it replays from
its actions alone. Metrics frames are the "metrics" events; `frames` reads them back."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..events import Event
from .game import IllegalTribesAction, TribesAction
from .policies import POLICY_EVERY, Policy
from .replay import Setup, TribesRecord, close, record_action, start_record
from .state import TribesState
from .view import view_for


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
                record_action(record, TribesAction.order(tribe.id, str(text)))
                queued += 1
            except IllegalTribesAction:
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
            ask(record, players, record.events[asked:])
            asked = len(record.events)
        to_next = POLICY_EVERY - state.tick % POLICY_EVERY
        record_action(record, TribesAction(min(to_next, state.tick_cap - state.tick)))
        if on_step is not None:
            on_step(state)
    return close(record)


def frames(record: TribesRecord) -> list[dict[str, Any]]:
    """The metrics frames the run told, in order."""
    return [e.data["frame"] for e in record.events if e.kind == "metrics"]
