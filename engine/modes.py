"""The registry of game modes: every mode declares itself (`engine/<mode>/mode.py`, a `Mode`
of engine/protocol.py) and is listed here, once. Everything that needs a mode (replaying a
logged run, the engine version a run was played with, whether it sails a World, what its
options may hold, the game its options describe) asks the registry; nothing dispatches on a
mode's name.

>>> MODES.for_run("sim").name, MODES["voyage"].needs_world
('fight', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .duel.mode import MODE as DUEL
from .errors import ReplayRefusedError
from .events import RawEvent
from .fight.mode import MODE as FIGHT
from .protocol import Game, Mode
from .record import replay
from .registry import Registry
from .replay import (
    ANOTHER_ENGINE,
    UNKNOWN_MODE,
    UNPLAYABLE_OPTIONS,
    LoggedRun,
    Replayer,
    ReplayResult,
    check_world,
    verify_run,
)
from .tabletop.mode import MODE as TABLETOP
from .tribes.mode import MODE as TRIBES
from .voyage.mode import MODE as VOYAGE
from .world.mode import MODE as WORLD

if TYPE_CHECKING:
    from .world.world import World


class ModeRegistry(Registry[Mode]):
    def for_run(self, run_mode: str, run_id: int = 0) -> Mode:
        """The mode whose runs are logged as `run_mode` ("sim" is the fight's)."""
        for mode in self:
            if run_mode in mode.run_modes:
                return mode
        raise ReplayRefusedError(
            f"run {run_id}: this privateer cannot replay a run of mode {run_mode!r}", UNKNOWN_MODE
        )

    def get_for_run(self, run_mode: str | None) -> Mode | None:
        """The mode whose runs are logged as `run_mode`; None if none here is."""
        return next((mode for mode in self if run_mode in mode.run_modes), None)

    def run_modes(self, *, needs_world: bool | None = None) -> tuple[str, ...]:
        """Every `runs.mode` value a registered mode logs (those that sail a World, or not)."""
        return tuple(
            run_mode
            for mode in self
            if needs_world is None or mode.needs_world == needs_world
            for run_mode in mode.run_modes
        )

    def game_for(self, run: LoggedRun, world: World | None = None) -> Game[Any, Any]:
        """The game a logged run's options describe, as the engine that logged it played it
        (ReplayRefusedError, naming the run, for options no rules here play)."""
        mode = self.for_run(run.mode, run.run_id)
        try:
            return mode.game(run.options, world, run.engine_version)
        except ReplayRefusedError as error:
            raise ReplayRefusedError(f"run {run.run_id}: {error}", error.reason) from None
        except ValueError as error:  # rules it has not, or a study's change past its bound
            raise ReplayRefusedError(f"run {run.run_id}: {error}", UNPLAYABLE_OPTIONS) from None


MODES = ModeRegistry("mode", lambda m: m.name)
for _mode in (FIGHT, WORLD, VOYAGE, DUEL, TABLETOP, TRIBES):
    MODES.add(_mode)


def check_run(run: LoggedRun, world: World | None = None) -> ReplayResult:
    """Replay a logged run by its mode and compare it with the log. A run this engine cannot
    check (another engine version, another world, no world for a mode that sails one, an
    unknown mode) raises ReplayRefusedError with the reason."""
    mode = MODES.for_run(run.mode, run.run_id)
    if not mode.plays(run.engine_version):
        raise ReplayRefusedError(
            f"run {run.run_id} was recorded with engine {run.engine_version}; this "
            f"privateer runs {mode.engine_version}, so a replay would not be a check",
            ANOTHER_ENGINE,
        )
    check_world(run, world)
    return verify_run(run, replayer(world))


def replayer(world: World | None = None) -> Replayer:
    """Re-runs a logged run of any mode (engine/record.py's replay of the game its options
    describe): the events and the checkpoints it gives."""

    def rerun(run: LoggedRun) -> tuple[list[RawEvent], list[tuple[int, str]]]:
        game = MODES.game_for(run, world)
        actions = MODES.for_run(run.mode, run.run_id).logged_actions(run.options, run.actions)
        record = replay(game, run.seed, actions)
        return record.events, record.checkpoints

    return rerun
