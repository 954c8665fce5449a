"""The random number generator: splitmix32, after seeds/002. Its whole state is one integer,
kept in the game state; every draw is a pure function of it.

>>> value, state = next_rng(42)
>>> value, state
(939911724, 2654435811)
"""

from __future__ import annotations

MASK = 0xFFFFFFFF
GOLDEN = 0x9E3779B9


def seed_state(seed: int) -> int:
    """The RNG state for a user's seed (any int; folded to 32 bits)."""
    return seed & MASK


def next_rng(state: int) -> tuple[int, int]:
    """One 32-bit draw and the next state."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 16)) * 0x85EBCA6B) & MASK
    z = ((z ^ (z >> 13)) * 0xC2B2AE35) & MASK
    return z ^ (z >> 16), state


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) and the next state (rejection sampling, no modulo bias)."""
    if n <= 0:
        raise ValueError(f"below() needs a positive bound, not {n}")
    limit = (MASK + 1) - ((MASK + 1) % n)
    while True:
        value, state = next_rng(state)
        if value < limit:
            return value % n, state


def shuffle(items: list[int], state: int) -> int:
    """Fisher-Yates shuffle of `items` in place; returns the next state."""
    for i in range(len(items) - 1, 0, -1):
        j, state = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
