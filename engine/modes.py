"""The game modes a run can be: which engine version plays each, and how each is re-run for a
replay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .replay import NO_WORLD, UNKNOWN_MODE, Replayer, ReplayRefusedError

if TYPE_CHECKING:
    from .world.world import World

COMBAT_MODES = ("fight", "sim")


def _unknown(mode: str, run_id: int) -> ReplayRefusedError:
    return ReplayRefusedError(
        f"run {run_id}: this privateer cannot replay a run of mode {mode!r}", UNKNOWN_MODE
    )


def engine_version(mode: str, run_id: int = 0) -> str:
    """The version of the rules that plays `mode` now; a run logged by another is not
    replayed."""
    if mode in COMBAT_MODES:
        from .combat.encounter import ENGINE_VERSION

        return ENGINE_VERSION
    if mode == "duel":
        from .duel.game import ENGINE_VERSION as DUEL_VERSION

        return DUEL_VERSION
    if mode == "world":
        from .world.game import ENGINE_VERSION as WORLD_VERSION

        return WORLD_VERSION
    if mode == "voyage":
        from .voyage.game import ENGINE_VERSION as VOYAGE_VERSION

        return VOYAGE_VERSION
    raise _unknown(mode, run_id)


WORLD_MODES = ("world", "voyage")
"""Modes whose runs need the World to replay (the caller loads it and passes it)."""


def replayer_for(mode: str, run_id: int = 0, world: World | None = None) -> Replayer:
    """How to re-run a logged run of `mode` (on `world`, for the modes that sail it)."""
    if mode in COMBAT_MODES:
        from .combat.record import replay_logged

        return replay_logged
    if mode == "duel":
        from .duel.replay import replay_logged as replay_duel

        return replay_duel
    if mode == "world":
        if world is None:
            raise ReplayRefusedError(
                f"run {run_id}: a world run replays only on its world", NO_WORLD
            )
        from .world.record import replayer

        return replayer(world)
    if mode == "voyage":
        if world is None:
            raise ReplayRefusedError(f"run {run_id}: a voyage replays only on its world", NO_WORLD)
        from .voyage.record import replayer as voyage_replayer

        return voyage_replayer(world)
    raise _unknown(mode, run_id)
