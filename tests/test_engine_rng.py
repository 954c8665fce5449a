"""The engine's random numbers (engine/rng.py): splitmix32 draws, `below`'s rejection sampling
and the Fisher-Yates shuffle, each against a reference written out here from the docstrings,
apart from the engine's code, so a slip in either shows."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from privateer.engine.rng import below, next_rng, seed_state, shuffle

TWO_32 = 2**32


def _splitmix32(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B9) % TWO_32
    z = state
    z = ((z ^ (z >> 16)) * 0x85EBCA6B) % TWO_32
    z = ((z ^ (z >> 13)) * 0xC2B2AE35) % TWO_32
    return z ^ (z >> 16), state


def _below(state: int, n: int) -> tuple[int, int]:
    """Draws at or over the largest multiple of n that fits in 32 bits are thrown away."""
    while True:
        value, state = _splitmix32(state)
        if value < TWO_32 - TWO_32 % n:
            return value % n, state


def _shuffle(items: list[int], state: int) -> int:
    """Fisher-Yates from the top: position i swaps with a uniform j in 0..i."""
    for i in reversed(range(1, len(items))):
        j, state = _below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


@pytest.mark.parametrize("n", [1, 2, 6, 7, 101, 3 * 2**30, 2**31 + 1, TWO_32])
def test_below_matches_the_reference_draw_for_draw(n: int) -> None:
    # 3 * 2^30 throws away a quarter of all draws and 2^31 + 1 almost half: the rejection runs.
    state = seed_state(12345)
    mine, theirs = state, state
    for _ in range(300):
        value, mine = below(mine, n)
        expected, theirs = _below(theirs, n)
        assert value == expected and mine == theirs
        assert 0 <= value < n


def test_a_rejected_draw_is_drawn_again_not_folded() -> None:
    n = 2**31 + 1  # limit 2^31 + 1: a draw of 2^31 + 1 or more is refused
    state = next(s for s in range(10_000) if next_rng(s)[0] >= n)
    value, after = below(state, n)
    assert after != next_rng(state)[1]  # more than one draw taken
    assert (value, after) == _below(state, n)
    # A draw exactly at the limit is refused too: for a bound over 2^31 the limit is the bound.
    drawn, _ = next_rng(state)
    value, after = below(state, drawn)
    assert after != next_rng(state)[1] and (value, after) == _below(state, drawn)


@pytest.mark.parametrize("n", [0, -1, -(2**40)])
def test_below_refuses_a_bound_that_is_not_positive(n: int) -> None:
    with pytest.raises(ValueError, match="positive bound"):
        below(seed_state(1), n)


def test_shuffle_is_the_reference_fisher_yates_and_a_permutation() -> None:
    for seed in range(50):
        items, expected = list(range(10)), list(range(10))
        state = shuffle(items, seed_state(seed))
        assert state == _shuffle(expected, seed_state(seed))
        assert items == expected and sorted(items) == list(range(10))
        assert items != list(range(10))  # 1 in 3.6 million would stay put by chance
    assert shuffle([], 7) == 7 and shuffle([5], 7) == 7  # nothing to swap, nothing drawn


def test_shuffle_gives_every_order_of_three_about_equally() -> None:
    counts: Counter[tuple[int, ...]] = Counter()
    for seed in range(6000):
        items = [0, 1, 2]
        shuffle(items, seed_state(seed))
        counts[tuple(items)] += 1
    assert set(counts) == set(itertools.permutations(range(3)))
    assert all(850 < n < 1150 for n in counts.values()), counts  # 1000 each, within 10 sigma
