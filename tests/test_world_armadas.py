"""An armada's patrol keeps to one sea (issue 21): under `armada_reach_days` her course is the
ports of her box within reach of the one with the most of them near, so the armada of the
Indies no longer sails round the Horn to Panama and Acapulco between her Caribbean ports."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from privateer.engine.world.fleet import one_sea
from privateer.engine.world.rules import CENTURY, SEED_000

# Days between five ports: 0-2 one sea (8-25 days apart), 3-4 another (34 apart), the two seas
# 250 days apart, as Havana, Cartagena, Portobelo and Panama, Acapulco are.
NEAR = {(0, 1): 24, (0, 2): 25, (1, 2): 8, (3, 4): 34}


def _world() -> Any:
    hops = [[0 if a == b else NEAR.get((min(a, b), max(a, b)), 250) for b in range(5)]
            for a in range(5)]  # fmt: skip
    return SimpleNamespace(port_hops=hops)


def test_the_patrol_keeps_to_the_sea_with_the_most_ports() -> None:
    world = _world()
    assert one_sea(world, [0, 1, 2, 3, 4], 70) == [0, 1, 2]
    # the South Sea's box: Portobelo (2) on the other side of the isthmus from Panama and
    # Callao (3, 4): the two in one sea win, the one across is dropped
    assert one_sea(world, [2, 3, 4], 70) == [3, 4]
    # a tie goes to the first port's sea; too short a reach leaves a port alone
    assert one_sea(world, [0, 3], 70) == [0]
    assert one_sea(world, [0, 1, 2], 10) == [1, 2]
    assert one_sea(world, [], 70) == []


def test_only_the_centurys_world_keeps_armadas_to_one_sea() -> None:
    assert SEED_000.armada_reach_days == 0  # as before: every run and save made before stands
    assert CENTURY.armada_reach_days == 70
