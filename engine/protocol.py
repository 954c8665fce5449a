"""The one protocol every game mode plays by (OpenSpiel's Game and State, python-chess's Board):
a `Game` is a mode's rules bound to what they are played on (a world, a ruleset, a target);
its states are plain data. Every mode answers the same calls:

- `new_initial_state(seed)`: the state a run from `seed` opens with, and its events;
- `current_side(state)`: whose move it is (0 unless the mode has two sides to move);
- `legal_actions(state)`: every action open now, in a fixed order (empty once it is over);
- `act(state, action)`: do it, changing the state; the events of what happened. An action not
  open now raises the mode's own `IllegalActionError` (engine/errors.py), changing nothing;
- `outcome(state)`: None while it goes on; then who won (or nobody) and why it ended;
- `observe(state, side)`: what that side sees, and nothing it should not;
- `parse_action(text)` / `action.to_str()`: actions round-trip through text, as logs keep them;
- `serialise(state)` / `deserialise(data)`: canonical JSON-ready data and back, checked to
  its last field and as a state the game's play reaches (`check_reachable`, the mode's own);
- `resume(data, seed)`: a run's save read back: deserialised, of the run's seed, not over;
- `state_hash(state)`: a digest of the canonical state.

What a record of a game keeps (engine/record.py, written once for every mode) the mode says by
hooks with defaults: `log_text` / `read_logged` (an action's text in the log, and back, as the
side to act takes it), `clock` (the round, day or tick: the log's day column),
`checkpoint_due` (when a state hash is kept), `act_into` (events appended to the record's
list, for a mode whose hot path makes plain tuples). What a run's row says (a person's
session, cli/session.py; bots' runs, cli/batch.py) it says by `side_name`, `tally` and
`table_tally`.

Each mode declares itself (`engine/<mode>/mode.py`) and joins the registry in `engine/modes.py`;
nothing dispatches on a mode's name.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    NamedTuple,
    Protocol,
    Self,
    TypeVar,
    cast,
)

from .encoding import Encoding
from .errors import SaveError
from .events import REPLAY_EVENTS, Event, RawEvent
from .figures import RunFigures
from .schema import Record

if TYPE_CHECKING:
    from .world.world import World


class OwnState(Protocol):
    """A state that hashes and copies itself, as every mode's here does (Game's defaults)."""

    def state_hash(self) -> str: ...

    def copy(self) -> Any: ...


class Action(Protocol):
    """An action of some mode: a typed value that round-trips through its text."""

    def to_str(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the side that won (None: nobody did), and why it ended (the mode's
    own termination enum)."""

    termination: Enum
    winner: int | None = None

    @property
    def reason(self) -> str:
        return str(self.termination.value)


class Tally(NamedTuple):
    """What a run's row keeps of a game as it stands, for the side a person plays: its length
    (rounds, turns or ticks; days), its score (the mode's: gold, a result's sign), and what it
    was against (`target`) and in (`ship`). None where the mode keeps no such figure. (A
    tuple: a logged simulation makes one a fight.)"""

    rounds: int | None = None
    days: int | None = None
    score: int | None = None
    target: str | None = None
    ship: str | None = None


S = TypeVar("S")
A = TypeVar("A", bound=Action)


class Game(ABC, Generic[S, A]):
    """A mode's rules, bound to what its games are played on. See the module's docstring for
    what each call means; `sides` is how many sides a state may be observed as."""

    mode: ClassVar[str]
    sides: ClassVar[int] = 1
    checkpoint_every: ClassVar[int] = 10  # actions between state hashes (and one at the end)
    opening_checkpoint: ClassVar[bool] = False  # a hash of the opening state too
    events_dated: ClassVar[bool] = False
    """Whether each event carries its own clock (a tribes step spans ticks, each event made at
    one): the log keeps that beside it, not the clock after the action."""

    @abstractmethod
    def new_initial_state(self, seed: int) -> tuple[S, list[Event]]: ...

    def current_side(self, state: S) -> int:
        return 0

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[A]: ...

    @abstractmethod
    def act(self, state: S, action: A) -> list[Event]: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def observe(self, state: S, side: int = 0) -> dict[str, Any]: ...

    @abstractmethod
    def parse_action(self, text: str) -> A: ...

    @abstractmethod
    def serialise(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def deserialise(self, data: Any) -> S: ...

    def check_reachable(self, state: S) -> None:
        """Refuse (SaveError, one line naming it) a state whose shape is sound but that no
        legal play of this game reaches: rules other than the game's, an outcome its rules
        never gave, figures that do not go together. Every mode that saves declares its own,
        and its `deserialise` asks it; a mode never saved (the world's, tribes') keeps this
        one, which finds nothing."""
        return None

    def seed_of(self, state: S) -> int:
        """The seed the state's game was opened with (its run's): a state's `seed`, unless its
        mode keeps it elsewhere (a fight's, in its setup)."""
        return int(getattr(state, "seed"))  # noqa: B009 (S is any mode's state: not typed so)

    def resume(self, data: Any, seed: int) -> S:
        """A run's save, read back to play on: deserialised (its shape and reachability
        checked), of the run's `seed`, and not over (a game that ends has its save dropped,
        so play never saves one over); SaveError in one line otherwise."""
        return self.in_progress(self.deserialise(data), seed)

    def in_progress(self, state: S, seed: int) -> S:
        """`state` (already read and checked) if it is a game in progress of a run from
        `seed`; SaveError in one line otherwise."""
        done = self.outcome(state)
        if done is not None:
            raise SaveError(f"a game already over ({done.reason}): play never saves one")
        if self.seed_of(state) != seed:
            raise SaveError(f"seed {self.seed_of(state)} is not its run's ({seed})")
        return state

    def state_hash(self, state: S) -> str:
        """The state's hash (a mode's state hashes its own canonical form: `state_hash()`);
        a mode whose state does not overrides this."""
        return cast(OwnState, state).state_hash()

    def clock(self, state: S) -> int:
        """Where the game is in its own time (a voyage's day, a world's tick), which the log
        keeps beside each event; 0 for a game that keeps none."""
        return 0

    def checkpoint_due(self, state: S, action: A, clock_before: int, played: int) -> bool:
        """Whether a record keeps a state hash after `action` (the `played`-th; the clock
        was `clock_before`): every `checkpoint_every` actions, and when the game ends."""
        return played % self.checkpoint_every == 0 or self.outcome(state) is not None

    def log_text(self, state: S, action: A) -> str:
        """`action` as the log keeps it, taken by the side to act in `state`."""
        return action.to_str()

    def read_logged(self, state: S, text: str) -> A:
        """A logged action back, for the side to act in `state` (IllegalActionError if it
        is no action, or was logged for another side)."""
        return self.parse_action(text)

    def side_name(self, state: S) -> str:
        """The side to act as the log's actions name it ("you" where one side plays)."""
        return "you"

    def tally(self, state: S, side: int = 0) -> Tally:
        """The run's figures as `state` stands, `side` being the person's (engine/figures.py
        says what each mode's mean)."""
        return Tally()

    def table_tally(self, state: S) -> Tally:
        """The figures of a run bots played, where no side is a person's: a table's mode
        gives the winner's (its name as the target, its score); others, side 0's."""
        return self.tally(state, 0)

    def act_into(self, state: S, action: A, events: list[RawEvent]) -> None:
        """`act`, its events appended to `events`."""
        events.extend(self.act(state, action))

    def copy(self, state: S) -> S:
        """A copy to play on that shares nothing mutable (a mode's state copies itself:
        `copy()`); a mode whose state does not overrides this."""
        return cast(S, cast(OwnState, state).copy())


Player = Callable[[Any], Any]
"""A bot at a game: the next action for a state, for whichever side is to act in it."""
BotMaker = Callable[["Game[Any, Any]", int], Player]
"""A bot by name, seated at a game for the run from a seed (a bot that draws its own numbers
draws them from that seed)."""


class GameMaker(Protocol):
    """The game a run's options describe, on its world, as the engine version that logged it
    played it (None: this one). ValueError (one line) for options no rules here play."""

    def __call__(
        self,
        options: Mapping[str, Any],
        world: World | None,
        engine_version: str | None = None,
    ) -> Game[Any, Any]: ...


@dataclass(frozen=True)
class Mode:
    """A game mode as it declares itself to the registry (engine/modes.py): its name, the
    `runs.mode` values its runs are logged under, the version of its rules (a run logged by
    another is not replayed), whether it sails a World, what its runs' options may hold, the
    game a run's options describe, how a logged run is re-run, an example of its options (what
    the conformance test plays), its event kinds (name -> declared payload), the earlier
    engine versions whose runs it still plays as they were played, and what its runs' score,
    rounds and days are (engine/figures.py: a list shows only those)."""

    name: str
    run_modes: tuple[str, ...]
    engine_version: str
    needs_world: bool
    options: Record
    game: GameMaker
    save_version: int = 1  # the shape of its saved state: a save of another is refused
    example: Mapping[str, Any] = field(default_factory=dict)
    earlier_versions: tuple[str, ...] = ()  # engine versions whose runs it still plays
    events: Mapping[str, object] = field(default_factory=dict)
    figures: RunFigures = field(default_factory=RunFigures)  # its rows' score, rounds, days
    logged_actions: Callable[[Mapping[str, Any], list[str]], list[str]] = lambda _, a: a
    rules: type | None = None  # its rules class (engine/bounds.py: each field bounded)
    rulesets: Mapping[str, Any] = field(default_factory=dict)  # its named rules, by name
    encoding: Encoding | None = None  # its view as numbers (engine/encoding.py): the envs'
    bots: Mapping[str, BotMaker] = field(default_factory=dict)  # its bots, by name
    save_progress: Callable[[Any, Any, Callable[[int], str]], dict[str, Any]] | None = None
    """What a list of saves shows of one beyond its run's row, read off its run's options and
    its saved state as stored (either may be damaged: then the figures are None), a port
    named by the function handed in; None: nothing more."""
    """The actions a replay plays, from the run's options and its logged actions (a world
    run logs none: its days are its actions)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "events", {**self.events, **REPLAY_EVENTS})

    def plays(self, engine_version: str | None) -> bool:
        """Whether a run logged by this engine version can be replayed (or resumed) here."""
        return engine_version is None or engine_version in (
            self.engine_version,
            *self.earlier_versions,
        )


class TextAction(Protocol):
    """An action type that parses its own text (`from_str`), raising IllegalActionError."""

    @classmethod
    def from_str(cls, text: str) -> Self: ...

    def to_str(self) -> str: ...
