"""A game as a record, for any mode: its seed, every action as the log keeps its text, every
event (with the game's clock when it happened), and state hashes at the moments the game
names. Playing records one; replaying re-runs the game from the seed and the logged actions
and must give the same events and hashes exactly (engine/replay.py compares them).

Written once over the `Game` protocol (engine/protocol.py): a mode brings only its hooks
(`log_text`, `read_logged`, `clock`, `checkpoint_due`, `act_into`), never its own recorder.

>>> from privateer.engine.modes import MODES
>>> game = MODES["duel"].game({"captain": "bold", "red": "cautious"}, None)
>>> record = play(game, 3, lambda state: game.legal_actions(state)[0], max_actions=12)
>>> again = replay(game, 3, record.actions)
>>> (again.events, again.checkpoints[:1]) == (record.events, record.checkpoints[:1])
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .errors import IllegalActionError
from .events import Event, RawEvent
from .protocol import Action, Game

S = TypeVar("S")
A = TypeVar("A", bound=Action)

Chooser = Callable[[S], A]
"""A player of every side: the next action for the state (whose turn it is, the state says)."""


@dataclass
class GameRecord(Generic[S, A]):
    """A game as played so far. `events` holds each event as the mode made it (a fight's as
    plain tuples, the hot path's), `clocks` the game's clock after the action that made it
    (a voyage's day: the log's day column)."""

    game: Game[S, Any]
    seed: int
    state: S
    actions: list[str] = field(default_factory=list)
    events: list[RawEvent] = field(default_factory=list)
    clocks: list[int] = field(default_factory=list)
    checkpoints: list[tuple[int, str]] = field(default_factory=list)  # (actions played, hash)

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None

    def checkpoint(self) -> None:
        """A checkpoint now, keyed by the actions played."""
        self.checkpoints.append((len(self.actions), self.game.state_hash(self.state)))

    def close(self) -> GameRecord[S, A]:
        """The closing checkpoint, unless the last action left one."""
        if not self.checkpoints or self.checkpoints[-1][0] != len(self.actions):
            self.checkpoint()
        return self

    def new_events(self, since: int) -> list[Event]:
        """The events from index `since` on, as Events (a renderer's or a logger's)."""
        return [e if e.__class__ is Event else Event._make(e) for e in self.events[since:]]


def begin(game: Game[S, Any], seed: int) -> GameRecord[S, Any]:
    """A new game from `seed` and its record, holding its opening events (and, if the game
    keeps one, its opening checkpoint)."""
    state, events = game.new_initial_state(seed)
    record: GameRecord[S, Any] = GameRecord(game, seed, state)
    record.events.extend(events)
    if game.events_dated:
        record.clocks.extend(e[1] for e in events)
    else:
        record.clocks.extend([game.clock(state)] * len(events))
    if game.opening_checkpoint:
        record.checkpoint()
    return record


def advance(record: GameRecord[S, A], action: A) -> None:
    """Play `action` into the record: its logged text (as the side to act takes it), its
    events, and a checkpoint when the game says one is due. An action not open now raises
    IllegalActionError and changes nothing."""
    game, state = record.game, record.state
    text = game.log_text(state, action)
    before = game.clock(state)
    events = record.events
    made = len(events)
    game.act_into(state, action, events)
    record.actions.append(text)
    if len(events) > made:
        if game.events_dated:
            record.clocks.extend(e[1] for e in events[made:])
        else:
            record.clocks.extend([game.clock(state)] * (len(events) - made))
    if game.checkpoint_due(state, action, before, len(record.actions)):
        record.checkpoint()


def step(record: GameRecord[S, A], action: A) -> list[Event]:
    """`advance`, returning the events the action made (a game played a step at a time)."""
    made = len(record.events)
    advance(record, action)
    return record.new_events(made)


def play(
    game: Game[S, A],
    seed: int,
    choose: Chooser[S, A],
    *,
    max_actions: int,
) -> GameRecord[S, A]:
    """A whole game with `choose` taking every action, recorded (cut off after `max_actions`,
    a safety net against a player that never ends it), closed with a checkpoint."""
    record: GameRecord[S, A] = begin(game, seed)
    outcome, state, actions = game.outcome, record.state, record.actions
    while outcome(state) is None and len(actions) < max_actions:
        advance(record, choose(state))
    return record.close()


def replay(game: Game[S, A], seed: int, actions: Iterable[str]) -> GameRecord[S, A]:
    """Re-run a game from `seed` and its logged actions, stopping when it ends. Where the log
    and the engine part ways (an action refused), an `illegal_action` event says which and
    why, and the replay stops there: the comparison shows where."""
    record: GameRecord[S, A] = begin(game, seed)
    state = record.state
    for text in actions:
        if game.outcome(state) is not None:
            break
        try:
            advance(record, game.read_logged(state, text))
        except IllegalActionError as error:
            clock = game.clock(state)
            record.events.append(Event("illegal_action", clock, refused(text, error)))
            record.clocks.append(clock)
            break
    return record.close()


def replay_steps(
    game: Game[S, A], seed: int, actions: Iterable[str]
) -> Iterator[tuple[GameRecord[S, A], str, list[Event]]]:
    """`replay` an action at a time, for a front end drawing a frame after each: the record
    (its state as of then), the logged text and the events it made; first the opening (its
    text ""). A refused action ends it with the refusal's event."""
    record: GameRecord[S, A] = begin(game, seed)
    yield record, "", record.new_events(0)
    state = record.state
    for text in actions:
        if game.outcome(state) is not None:
            return
        made = len(record.events)
        try:
            advance(record, game.read_logged(state, text))
        except IllegalActionError as error:
            record.events.append(Event("illegal_action", game.clock(state), refused(text, error)))
            yield record, text, record.new_events(made)
            return
        yield record, text, record.new_events(made)


def refused(text: str, error: Exception) -> dict[str, Any]:
    """An `illegal_action` event's payload (engine/events.py declares it)."""
    return {"action": text, "why": str(error)}
