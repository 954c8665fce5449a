"""Route trees worked out before, that a World arrives with.

A route tree (routes.toward) is a pure function of the World, its key and the code that works
it out; on the full world a first voyage works out some 800 of them, 1.4 s of its time. Trees
another process worked out (kept in the database by db/route_trees.py) come with the World
as a `StoredTrees`, and `toward` takes one from here instead of working it out again, when
the graph it was worked out on has the fingerprint of the graph this World would use
(routes.tree_fingerprint: the graph's own arrays, the code's version and SciPy's). So a run
is the same, tree for tree, whether its trees were read or worked out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True, eq=False)
class StoredTrees:
    """Trees by key (routes.TreeKey), each a row: its legs by graph node (as TreeStore keeps
    them), its next nodes from the destination's neighbours (`aheads`) and the fingerprint of
    the graph it was worked out on."""

    rows: Mapping[tuple[Any, ...], int]
    fingerprints: tuple[str, ...]
    legs: npt.NDArray[np.signedinteger[Any]]  # (trees, graph nodes)
    aheads: tuple[Mapping[int, int], ...]

    def __len__(self) -> int:
        return len(self.fingerprints)
