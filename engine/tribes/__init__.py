"""Seed 002's Tribes engine, part 1's foundation: the determinism primitives (splitmix32 in
rng.py, largest-remainder apportionment in apportion.py, the fixed-point accumulators in
accum.py) and the seeded map with its spawn ring and fairness terraforming (mapgen.py). Pure
and integer-only; no game mode is registered yet (the economy, the phases and the mode come
next)."""

from .accum import EXTRACTION_D, SIMPLE_D, flow, refine
from .apportion import apportion, apportion_permille
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
