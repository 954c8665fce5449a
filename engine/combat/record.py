"""A fight as a record: the seed, the actions taken, every event, and state hashes at
intervals. Playing records one; replaying re-runs the engine from the seed and the actions,
which must give the same events and hashes exactly."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..events import RawEvent
from ..replay import LoggedRun
from ..schema import Int, Maybe, Record, Seq, Text
from .encounter import ALL_KEEPS, Encounter, Keep, create_encounter, play_keep
from .outfit import Outfit
from .settle import settled_events
from .ships import CREW, KIND_INDEX, SHIPS, TARGETS, UPGRADES

CHECKPOINT_EVERY = 10  # actions between state hashes (and one at the end)
_KEEPS = {keep.to_str(): keep for keep in ALL_KEEPS}
_TEXT = [[Keep(i, j).to_str() for j in range(3)] for i in range(3)]  # a keep's text, by index

OPTIONS = Record(
    {
        "target": Text(TARGETS),
        "ship": Text(SHIPS),
        "crew": Seq(Text(CREW)),
        "upgrades": Seq(Text(UPGRADES)),
        "prizes": Seq(Text(KIND_INDEX)),
        "hull": Maybe(Int(1, 10_000)),
        "bot": Maybe(Text()),
    },
    optional=frozenset({"crew", "upgrades", "prizes", "hull", "bot"}),
    extra=True,
)
"""What a fight run's logged options may hold (engine/schema.py): read so on resume."""


@dataclass
class FightRecord:
    target: str
    outfit: Outfit
    seed: int
    actions: list[str] = field(default_factory=list)
    events: list[RawEvent] = field(default_factory=list)
    checkpoints: list[tuple[int, str]] = field(default_factory=list)  # (actions played, hash)
    state: Encounter | None = None
    event_offset: int = 0  # seq of events[0]: a resumed fight's log already holds the earlier
    forms: list[tuple[int, bytes]] | None = None
    """Set (to a list), the checkpoints are kept here unhashed instead, as (actions played, the
    state's compact form): a logged simulation leaves the hashing to its log writer."""


def _play(record: FightRecord, state: Encounter, keep: Keep) -> None:
    """One keep into the record: the action, its events (raw: cheap), and a state hash every
    CHECKPOINT_EVERY actions and at the end, with the settlement's events."""
    actions = record.actions
    actions.append(_TEXT[keep.first][keep.second])
    events = record.events
    play_keep(state, keep, events)
    played = len(actions)
    if state.result is not None:
        events.extend(settled_events(state))
    elif played % CHECKPOINT_EVERY:
        return
    if record.forms is None:
        record.checkpoints.append((played, state.state_hash()))
    else:
        record.forms.append((played, state.state_form()))


def play_step(record: FightRecord, state: Encounter, keep: Keep) -> tuple[int, int]:
    """Play one keep into a record (a fight played a turn at a time, as in the terminal).

    Returns how many events and checkpoints the record held before, so the caller can log
    just what this step added.
    """
    before = (len(record.events), len(record.checkpoints))
    _play(record, state, keep)
    record.state = state
    return before


def record_fight(
    target: str,
    outfit: Outfit,
    seed: int,
    choose: Callable[[Encounter], Keep],
    max_actions: int = 500,
    *,
    hashed: bool = True,
) -> FightRecord:
    """Play a fight to its end with `choose` deciding, recording everything (not `hashed`:
    the checkpoints' forms, in `forms`, instead of their hashes)."""
    state, events = create_encounter(target, outfit, seed)
    record = FightRecord(target, outfit, seed, events=[tuple(e) for e in events])
    if not hashed:
        record.forms = []
    while state.result is None and len(record.actions) < max_actions:
        _play(record, state, choose(state))
    record.state = state
    return record


def replay_fight(target: str, outfit: Outfit, seed: int, actions: list[str]) -> FightRecord:
    """Re-run a fight from its seed and logged actions (stops early if it ends early)."""
    state, events = create_encounter(target, outfit, seed)
    record = FightRecord(target, outfit, seed, events=[tuple(e) for e in events])
    for text in actions:
        if state.result is not None:
            break
        _play(record, state, _KEEPS.get(text) or Keep.from_str(text))
    record.state = state
    return record


def outfit_of(options: Mapping[str, Any]) -> Outfit:
    """The outfit a run's logged options describe."""
    return Outfit(
        str(options["ship"]),
        tuple(options.get("crew", ())),
        tuple(options.get("upgrades", ())),
        tuple(options.get("prizes", ())),
        options.get("hull"),
    )


def replay_logged(run: LoggedRun) -> tuple[list[RawEvent], list[tuple[int, str]]]:
    """Re-run a logged fight (modes "fight" and "sim") from its seed and keeps."""
    record = replay_fight(str(run.options["target"]), outfit_of(run.options), run.seed, run.actions)
    return record.events, record.checkpoints
