"""Tribes (its design document) engine (part 1): dense populations as cohorts under per-mille
policies, pure and integer-only. The determinism primitives (splitmix32 in rng.py, `apportion` in
largest_remainder.py, the fixed-point accumulators in accum.py) and the seeded map (mapgen.py) are
exported here (no module is named as a name exported here: pytest's importlib mode would put the
module in the name's place); the world is state.py, a tick is step.py's phase order (one module a
phase), and the mode of the one protocol is mode.py (`TribesGame`, registered as "tribes" in
engine/modes.py; its actions in game.py, its record and replay in replay.py, runs with policies in
sim.py).

The mode's public face: what front ends may use of it (engine/face.py), each name imported
from its module when first asked for, so importing one costs only what its module needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..face import shown

if TYPE_CHECKING:
    from . import step as step_module  # the phase order: `tribes bench` times each phase
    from .constants import PROFESSIONS
    from .economy.accum import EXTRACTION_D, SIMPLE_D, flow, refine
    from .game import ENGINE_VERSION, TribesAction, act
    from .largest_remainder import apportion, apportion_permille
    from .mapgen import TERRAIN, Fairness, TribesMap, fairness, generate, spawn_ring
    from .mode import MODE, Setup, TribesGame
    from .policy.named import POLICIES, POLICY_EVERY, policy_from_json
    from .rng import SplitMix32
    from .score import score as tribe_score
    from .setup import TRIBE_NAMES, new_world
    from .sim import Played, TribesRecord, run_world, setup_of, start_record
    from .state import TribesState
    from .territory import claim_owners
    from .view import view_for

__all__ = [
    "ENGINE_VERSION",
    "EXTRACTION_D",
    "MODE",
    "POLICIES",
    "POLICY_EVERY",
    "PROFESSIONS",
    "SIMPLE_D",
    "TERRAIN",
    "TRIBE_NAMES",
    "Fairness",
    "Played",
    "Setup",
    "SplitMix32",
    "TribesAction",
    "TribesGame",
    "TribesMap",
    "TribesRecord",
    "TribesState",
    "act",
    "apportion",
    "apportion_permille",
    "claim_owners",
    "fairness",
    "flow",
    "generate",
    "new_world",
    "policy_from_json",
    "refine",
    "run_world",
    "setup_of",
    "spawn_ring",
    "start_record",
    "step_module",
    "tribe_score",
    "view_for",
]

if not TYPE_CHECKING:
    __getattr__ = shown(__name__)
