"""Where a ship can get to in one activation: every pose (hex and facing) her Move reaches,
each by its cheapest path, and among the cheapest the first in MOVES order.

That choice of path matters to the CPU captain: the rest of such a path is exactly what a
search from any pose on it finds, so a plan re-made after each step goes on the same way.
Poses are numbered by cost, then path; the search runs breadth first over NumPy arrays, a
whole layer at a time.

>>> from privateer.engine.duel.rules import DuelRules
>>> grid = board(24, 16)
>>> r = reach(grid, grid.index((10, 8)) * 6, 2, -1, DuelRules())
>>> len(r.pids), r.path(r.number_of(grid.index((12, 8)) * 6))
(25, ['m0', 'm0'])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from heapq import heappop, heappush
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from .actions import STEERING
from .hexes import Board, board
from .rules import DuelRules

Ints: TypeAlias = npt.NDArray[np.int64]
Mask: TypeAlias = npt.NDArray[np.bool_]
MOVES = ("m0", "ml", "mr", "tl", "tr")
_STEER = np.asarray([STEERING[code] for code in MOVES], dtype=np.int64)
_IS_MOVE = np.asarray([code[0] == "m" for code in MOVES])


@dataclass(slots=True)
class Reach:
    """The poses reachable in one activation, numbered from 0 (where she is)."""

    pids: Ints  # pose id = hex index * 6 + facing, by pose number
    costs: Ints  # Move spent to get there
    parent: Ints  # the pose before on its path (-1 at the start)
    via: Ints  # the MOVES position that led there (-1 at the start)
    steps: Ints  # [pose, MOVES position] -> the pose one step on, or -1 (no Move, or blocked)
    step_costs: tuple[int, ...]  # the Move of each MOVES position
    number: Ints  # pose id -> pose number, or -1

    def number_of(self, pid: int) -> int:
        return int(self.number[pid])

    def path(self, pose: int) -> list[str]:
        """The moves that lead from the start to `pose`."""
        out: list[str] = []
        parent = self.parent
        while parent[pose] >= 0:
            out.append(MOVES[int(self.via[pose])])
            pose = int(parent[pose])
        return out[::-1]


@lru_cache(maxsize=8)
def _step_table(cols: int, rows: int) -> Ints:
    return np.asarray(board(cols, rows).step, dtype=np.int64)


def reach(grid: Board, pid: int, mp: int, blocked: int, rules: DuelRules) -> Reach:
    """Every pose reachable from pose id `pid` with `mp` Move, never through the hex
    `blocked` (the enemy's; -1 for none) nor off the board."""
    if rules.move_cost == rules.turn_cost:
        return _uniform(grid, pid, mp, blocked, rules.move_cost)
    return _weighted(grid, pid, mp, blocked, rules)


def _uniform(grid: Board, pid: int, mp: int, blocked: int, cost: int) -> Reach:
    """Breadth first, a layer at a time, children in (parent, MOVES) order: the first path
    found to a pose is the first in MOVES order among its shortest."""
    step = _step_table(grid.cols, grid.rows)
    number = np.full(grid.cols * grid.rows * 6, -1, dtype=np.int64)
    number[pid] = 0
    frontier = np.asarray([pid], dtype=np.int64)
    layers = [(frontier, np.asarray([-1]), np.asarray([-1]))]
    steps_rows: list[Ints] = []
    count = 1
    spent = cost
    while spent <= mp and frontier.size:
        index = frontier // 6
        facing = (frontier % 6)[:, None]
        nf = (facing + _STEER[None, :]) % 6
        moved = step[index[:, None] * 6 + nf]
        target = np.where(_IS_MOVE[None, :], moved, index[:, None])
        valid = (target >= 0) & (target != blocked)
        child = np.where(valid, target * 6 + nf, -1)
        flat = child.ravel()
        fresh = valid.ravel() & (number[np.maximum(flat, 0)] < 0)
        candidates = flat[fresh]
        _, first = np.unique(candidates, return_index=True)
        first.sort()
        new = candidates[first]
        number[new] = np.arange(count, count + new.size)
        where = np.flatnonzero(fresh)[first]
        parents = count - frontier.size + where // len(MOVES)  # the frontier is numbered last
        layers.append((new, parents, where % len(MOVES)))
        steps_rows.append(np.where(valid, number[np.maximum(child, 0)], -1))
        count += new.size
        frontier = new
        spent += cost
    pids = np.concatenate([layer[0] for layer in layers])
    parent = np.concatenate([layer[1] for layer in layers]).astype(np.int64)
    via = np.concatenate([layer[2] for layer in layers]).astype(np.int64)
    costs = np.concatenate(
        [np.full(layer[0].size, depth * cost, dtype=np.int64) for depth, layer in enumerate(layers)]
    )
    steps = np.full((pids.size, len(MOVES)), -1, dtype=np.int64)
    if steps_rows:
        expanded = np.concatenate(steps_rows)
        steps[: expanded.shape[0]] = expanded
    return Reach(pids, costs, parent, via, steps, (cost,) * len(MOVES), number)


def _weighted(grid: Board, pid: int, mp: int, blocked: int, rules: DuelRules) -> Reach:
    """Moves and turns of different costs: cheapest first by a heap of (cost, path)."""
    cost_of = [rules.move_cost if code[0] == "m" else rules.turn_cost for code in MOVES]
    best: dict[int, tuple[int, tuple[int, ...]]] = {pid: (0, ())}
    heap: list[tuple[int, tuple[int, ...], int]] = [(0, (), pid)]
    edges: dict[int, list[tuple[int, int]]] = {}
    while heap:
        cost, path, here = heappop(heap)
        if best[here] != (cost, path) or here in edges:
            continue
        out = edges[here] = []
        for k in range(len(MOVES)):
            spent = cost + cost_of[k]
            there = _step_to(grid, here, k, blocked)
            if spent > mp or there < 0:
                continue
            out.append((there, k))
            route = (*path, k)
            old = best.get(there)
            if old is None or (spent, route) < old:
                best[there] = (spent, route)
                heappush(heap, (spent, route, there))
    order = sorted(best, key=lambda p: best[p])
    number = np.full(grid.cols * grid.rows * 6, -1, dtype=np.int64)
    number[order] = np.arange(len(order))
    parent = []
    via = []
    for p in order:
        path = best[p][1]
        before = pid
        for k in path[:-1]:
            before = _step_to(grid, before, k, blocked)
        parent.append(int(number[before]) if path else -1)
        via.append(path[-1] if path else -1)
    steps = np.full((len(order), len(MOVES)), -1, dtype=np.int64)
    for i, p in enumerate(order):
        for there, k in edges.get(p, []):
            steps[i, k] = number[there]
    return Reach(
        np.asarray(order, dtype=np.int64),
        np.asarray([best[p][0] for p in order], dtype=np.int64),
        np.asarray(parent, dtype=np.int64),
        np.asarray(via, dtype=np.int64),
        steps,
        tuple(cost_of),
        number,
    )


def _step_to(grid: Board, pid: int, k: int, blocked: int) -> int:
    """The pose id one MOVES[k] on from `pid`, or -1 if the board or the enemy stops it."""
    index, facing = divmod(pid, 6)
    nf = (facing + STEERING[MOVES[k]]) % 6
    if not _IS_MOVE[k]:
        return index * 6 + nf
    target = grid.step[index * 6 + nf]
    return -1 if target < 0 or target == blocked else target * 6 + nf
