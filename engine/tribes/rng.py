"""splitmix32, the only randomness of Tribes (the Tribes design document: mapgen, threat placement,
battle variance, each in a fixed order). The generator is the engine's standard one (engine/rng.py);
this wraps it as an object whose whole state is one 32-bit integer, so it serialises as that integer
and a copy made from it draws the same sequence.

>>> r = SplitMix32(42)
>>> r.next_u32(), r.state
(939911724, 2654435811)
>>> SplitMix32(r.state).rng(101) == r.rng(101)
True
"""

from __future__ import annotations

from ..rng import MASK, next_rng


class SplitMix32:
    """splitmix32: state += 0x9E3779B9; then the two xor-shift-multiply rounds and a final
    xor-shift, all modulo 2^32."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK

    def next_u32(self) -> int:
        """The next 32-bit output."""
        value, self.state = next_rng(self.state)
        return value

    def rng(self, n: int) -> int:
        """A draw in 0..n-1: one next_u32() taken modulo n, as the seed's `rng(101)` reads
        (exactly one output consumed per draw, so the draw count is the call count; the modulo
        bias, below 3e-8 for n <= 101, is the seed's)."""
        if n <= 0:
            raise ValueError(f"rng() needs a positive bound, not {n}")
        return self.next_u32() % n

    def to_json(self) -> int:
        """The state, as the hashed game state keeps it."""
        return self.state

    @classmethod
    def from_json(cls, state: int) -> SplitMix32:
        """The generator a serialised state resumes."""
        return cls(state)
