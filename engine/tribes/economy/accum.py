"""The fixed-point accumulators of the Tribes design document: a fractional flow banks its remainder
in the hashed state, so no unit is ever gained or lost to rounding.

    out = (base*rate + acc) div D;  acc' = (base*rate + acc) mod D

D is 1000 for simple flows (rate per-mille of base) and 1,000,000 for extraction (worker
per-mille times a per-mille rate). Refinement starved of input makes only what its input
allows and its accumulator is clamped below 1000: the starved capacity is lost, not banked.

>>> flow(3, 400, 0)
(1, 200)
>>> flow(3, 400, 200)
(1, 400)
>>> refine(10, 400, 0, available=2)
(2, 999)
"""

from __future__ import annotations

SIMPLE_D = 1000
EXTRACTION_D = 1_000_000
REFINE_D = SIMPLE_D


def flow(base: int, rate: int, acc: int, denominator: int = SIMPLE_D) -> tuple[int, int]:
    """(out, acc') of one step of a flow of `base` at `rate`/`denominator`."""
    if base < 0 or rate < 0 or not 0 <= acc < denominator:
        raise ValueError(f"bad flow: base {base}, rate {rate}, acc {acc} / {denominator}")
    return divmod(base * rate + acc, denominator)


def refine(workers: int, rate: int, acc: int, available: int) -> tuple[int, int]:
    """(out, acc') of refinement: `workers` at `rate`‰ make up to (workers*rate + acc) div
    1000 units, no more than the `available` input allows; when input is short the
    accumulator keeps what is left but below 1000 (starved capacity does not bank). When input
    suffices this is exactly `flow`."""
    if available < 0:
        raise ValueError(f"available input cannot be negative ({available})")
    capacity, _ = flow(workers, rate, acc, REFINE_D)
    out = min(capacity, available)
    return out, min(workers * rate + acc - out * REFINE_D, REFINE_D - 1)
