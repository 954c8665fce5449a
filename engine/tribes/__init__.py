"""Seed 002's Tribes engine (part 1): dense populations as cohorts under per-mille policies,
pure and integer-only. The determinism primitives (splitmix32 in rng.py, `apportion` in
largest_remainder.py, the fixed-point accumulators in accum.py) and the seeded map (mapgen.py)
are exported here (no module is named as a name exported here: pytest's importlib mode would
put the module in the name's place); the world is state.py, a tick is step.py's phase order (one
module a phase), and the mode of the one protocol is mode.py (`TribesGame`, registered as
"tribes" in engine/modes.py; its actions in game.py, its record and replay in replay.py, runs
with policies in sim.py)."""

from .accum import EXTRACTION_D, SIMPLE_D, flow, refine
from .largest_remainder import apportion, apportion_permille
from .mapgen import TERRAIN, Fairness, TribesMap, fairness, generate, spawn_ring
from .rng import SplitMix32

__all__ = [
    "EXTRACTION_D",
    "SIMPLE_D",
    "TERRAIN",
    "Fairness",
    "SplitMix32",
    "TribesMap",
    "apportion",
    "apportion_permille",
    "fairness",
    "flow",
    "generate",
    "refine",
    "spawn_ring",
]
