"""Uncharted islands (the Privateer design document): every run hides eight out in open ocean, in
nobody's waters, far from ports and from each other, placed by the run's seed.

"Far" is counted in days (steps): at least `island_port_days` from every port, and
`island_apart_days` from each other. Candidates are the open-ocean graph nodes that qualify;
each island is drawn from those still far enough from the ones placed.
"""

from __future__ import annotations

import numpy as np

from ..rng import below
from .rules import WorldRules
from .world import OCEAN, World


def place_islands(world: World, rules: WorldRules, rng: int) -> tuple[list[int], int]:
    ports = [p.node for p in world.ports]
    far_from_ports = world.hops_from(ports) >= rules.island_port_days if ports else None
    ok = (world.kind == OCEAN) & (world.water_nation < 0)
    if far_from_ports is not None:
        ok &= far_from_ports
    candidates = np.flatnonzero(ok)
    chosen: list[int] = []
    while len(chosen) < rules.islands and len(candidates):
        pick, rng = below(rng, len(candidates))
        island = int(candidates[pick])
        chosen.append(island)
        near = world.hops_from([island])
        candidates = candidates[
            (near[candidates] < 0) | (near[candidates] >= rules.island_apart_days)
        ]
    return chosen, rng
