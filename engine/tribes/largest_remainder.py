"""Largest-remainder apportionment (the Tribes design document: every allocation across a set; ties
broken by ascending index, so the order of `weights` is the tie order).

>>> apportion(10, [1, 1, 1])
[4, 3, 3]
>>> apportion_permille(7, [500, 200])
([4, 1], 2)
>>> apportion_permille(7, [1500, 500])
([5, 2], 0)
"""

from __future__ import annotations

from collections.abc import Sequence

PERMILLE = 1000


def apportion(total: int, weights: Sequence[int]) -> list[int]:
    """Split `total` units in proportion to `weights`: each takes the floor of its quota
    total*w/sum, and the units left go one each to the largest remainders, ties to the lower
    index. The parts sum to `total` exactly."""
    if total < 0:
        raise ValueError(f"cannot apportion a negative total {total}")
    if weights and min(weights) < 0:
        raise ValueError("weights must not be negative")
    weight_sum = sum(weights)
    if weight_sum == 0:
        if total == 0:
            return [0] * len(weights)
        raise ValueError(f"cannot apportion {total} over weights that sum to 0")
    parts = [total * w // weight_sum for w in weights]
    left = total - sum(parts)
    if not left:  # every quota whole: no remainder to hand out
        return parts
    n = len(weights)  # largest remainder first, ties to the lower index: -remainder x n + i
    order = sorted(range(n), key=lambda i: i - n * (total * weights[i] % weight_sum))
    for i in order[:left]:
        parts[i] += 1
    return parts


def apportion_permille(total: int, permilles: Sequence[int]) -> tuple[list[int], int]:
    """Split `total` by per-mille shares with the rest idle (the Tribes design document's labour
    rule): idle weighs 1000 - sum(permilles) and comes after the shares in tie order; shares summing
    over 1000 normalise (idle weighs 0 and the shares split the whole total). Returns (shares,
    idle)."""
    idle_weight = max(0, PERMILLE - sum(permilles))
    parts = apportion(total, [*permilles, idle_weight])
    return parts[:-1], parts[-1]
