"""The game modes a run can be: which engine version plays each, and how each is re-run for a
replay."""

from __future__ import annotations

from .replay import Replayer, ReplayRefusedError

COMBAT_MODES = ("fight", "sim")


def _unknown(mode: str, run_id: int) -> ReplayRefusedError:
    return ReplayRefusedError(f"run {run_id}: this privateer cannot replay a run of mode {mode!r}")


def engine_version(mode: str, run_id: int = 0) -> str:
    """The version of the rules that plays `mode` now; a run logged by another is not
    replayed."""
    if mode in COMBAT_MODES:
        from .combat.encounter import ENGINE_VERSION

        return ENGINE_VERSION
    if mode == "duel":
        from .duel.game import ENGINE_VERSION as DUEL_VERSION

        return DUEL_VERSION
    raise _unknown(mode, run_id)


def replayer_for(mode: str, run_id: int = 0) -> Replayer:
    """How to re-run a logged run of `mode`."""
    if mode in COMBAT_MODES:
        from .combat.record import replay_logged

        return replay_logged
    if mode == "duel":
        from .duel.replay import replay_logged as replay_duel

        return replay_duel
    raise _unknown(mode, run_id)
