"""The world's legs as compiled loops read them (`Ways`, made once a World), and the one such
loop the route trees need (`first_legs`): the daily loop (daily.py) and the route trees
(routes.py) both read them, so they live below both."""

from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np
import numpy.typing as npt

from .compiled import Kernel
from .world import MB, Cache, World

Ints32 = npt.NDArray[np.int32]


@dataclass(frozen=True, slots=True)
class Ways:
    """The world's legs as the compiled loop reads them, made once a World: each leg's ends,
    its first step in `leg_nodes` and its days; per node the legs there (`at_legs[at_start[n]:
    at_start[n + 1]]`, World.legs_at) and its place among the graph nodes (-1 a waypoint); per
    leg how many nations' protected waters it crosses (0, 1, or 2 for more) and the one it
    crosses if one."""

    leg_a: Ints32
    leg_b: Ints32
    at_start: Ints32
    at_legs: Ints32
    leg_start: Ints32
    leg_nodes: Ints32
    leg_days: Ints32
    graph_index: Ints32
    waters_count: Ints32
    waters_one: Ints32

    @classmethod
    def of(cls, world: World) -> Ways:
        crossed = world.leg_waters
        at = world.legs_at
        return cls(
            np.asarray(world.leg_a, dtype=np.int32),
            np.asarray(world.leg_b, dtype=np.int32),
            np.cumsum([0] + [len(legs) for legs in at], dtype=np.int32),
            np.fromiter((leg for legs in at for leg in legs), dtype=np.int32),
            np.asarray(world.leg_start, dtype=np.int32),
            np.asarray(world.leg_nodes, dtype=np.int32),
            np.asarray(world.leg_days, dtype=np.int32),
            np.asarray(world.graph_index, dtype=np.int32),
            np.array([min(len(c), 2) for c in crossed], dtype=np.int32),
            np.array([next(iter(c)) if len(c) == 1 else -1 for c in crossed], dtype=np.int32),
        )

    @property
    def arrays(self) -> tuple[Ints32, ...]:
        """Its arrays in the order the compiled loop takes them."""
        return tuple(getattr(self, name) for name in self.__dataclass_fields__)

    @property
    def nbytes(self) -> int:
        return sum(array.nbytes for array in self.arrays)


# The legs as the loops read them (0.6 MB on the full world), one a World
WAYS: Cache[int, Ways] = Cache.declare(__name__, "daily_ways", 1 * MB)


def ways(world: World) -> Ways:
    memo = world.memo(WAYS)
    found = memo.get(0)
    if found is None:
        found = memo.put(0, Ways.of(world))
    return found


@Kernel
@numba.njit(cache=True, nogil=True)
def first_legs(
    pred: npt.NDArray[np.int32],
    ids: Ints32,
    at_start: Ints32,
    at_legs: Ints32,
    leg_a: Ints32,
    leg_b: Ints32,
    legs: npt.NDArray[np.signedinteger],
) -> bool:
    """A route tree's legs (routes.toward): for each graph node with a next one on the way
    (`pred`, places among `ids`; -1 none), the first leg laid from it to that next one, else
    the first laid from that one to it, into `legs`. False if a step has no leg. (Looked for
    among the legs at the node, some three to six, where a `searchsorted` over every pair of
    nodes a leg joins took a fifth of a tree's time.)"""
    for place in range(len(pred)):
        after = pred[place]
        if after < 0:
            continue
        a, b = ids[place], ids[after]
        found = -1
        for way in range(2):  # a leg laid from a to b first, then one from b to a
            for k in range(at_start[a], at_start[a + 1]):
                leg = at_legs[k]
                if (way == 0 and leg_a[leg] == a and leg_b[leg] == b) or (
                    way == 1 and leg_b[leg] == a and leg_a[leg] == b
                ):
                    found = leg
                    break
            if found >= 0:
                break
        if found < 0:
            return False
        legs[place] = found
    return True
