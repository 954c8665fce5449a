"""A fight as a record: the seed, the actions taken, every event, and state hashes at
intervals. Playing records one; replaying re-runs the engine from the seed and the actions,
which must give the same events and hashes exactly."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .encounter import ALL_KEEPS, Encounter, Event, Keep, act, create_encounter
from .outfit import Outfit
from .settle import settle

CHECKPOINT_EVERY = 10  # actions between state hashes (and one at the end)
_KEEPS = {keep.to_str(): keep for keep in ALL_KEEPS}


@dataclass
class FightRecord:
    target: str
    outfit: Outfit
    seed: int
    actions: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    checkpoints: list[tuple[int, str]] = field(default_factory=list)  # (actions played, hash)
    state: Encounter | None = None
    event_offset: int = 0  # seq of events[0]: a resumed fight's log already holds the earlier


def _after_action(record: FightRecord, state: Encounter, new_events: list[Event]) -> None:
    record.events.extend(new_events)
    played = len(record.actions)
    if state.result is not None:
        record.events.extend(settle(state).events(day=0))
        record.checkpoints.append((played, state.state_hash()))
    elif played % CHECKPOINT_EVERY == 0:
        record.checkpoints.append((played, state.state_hash()))


def play_step(record: FightRecord, state: Encounter, keep: Keep) -> tuple[int, int]:
    """Play one keep into a record (a fight played a turn at a time, as in the terminal).

    Returns how many events and checkpoints the record held before, so the caller can log
    just what this step added.
    """
    before = (len(record.events), len(record.checkpoints))
    record.actions.append(keep.to_str())
    _after_action(record, state, act(state, keep))
    record.state = state
    return before


def record_fight(
    target: str,
    outfit: Outfit,
    seed: int,
    choose: Callable[[Encounter], Keep],
    max_actions: int = 500,
) -> FightRecord:
    """Play a fight to its end with `choose` deciding, recording everything."""
    state, events = create_encounter(target, outfit, seed)
    record = FightRecord(target, outfit, seed, events=list(events))
    while state.result is None and len(record.actions) < max_actions:
        keep = choose(state)
        record.actions.append(keep.to_str())
        _after_action(record, state, act(state, keep))
    record.state = state
    return record


def replay_fight(target: str, outfit: Outfit, seed: int, actions: list[str]) -> FightRecord:
    """Re-run a fight from its seed and logged actions (stops early if it ends early)."""
    state, events = create_encounter(target, outfit, seed)
    record = FightRecord(target, outfit, seed, events=list(events))
    for text in actions:
        if state.result is not None:
            break
        keep = _KEEPS.get(text) or Keep.from_str(text)
        record.actions.append(keep.to_str())
        _after_action(record, state, act(state, keep))
    record.state = state
    return record
