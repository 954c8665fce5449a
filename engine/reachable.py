"""What a saved state must be beyond its shape (engine/schema.py checks the shape): a state that
legal play of its game reaches. A field can be in its bounds and the state still be one no play
makes (a fight's hull not the ship's, an outcome the rules never gave, a save's rules not its
run's); each mode declares its check once (`Game.check_reachable`, asked by `deserialise`), and
these are the refusals they share, each one line naming what cannot be.

>>> from dataclasses import dataclass
>>> @dataclass
... class R:
...     name: str
...     hull: int
>>> first_difference(R("a", 1000), R("a", 6))
'hull 1000, not 6'
>>> first_difference([1, 2], [1, 2]) is None
True
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from .errors import SaveError
from .schema import show


def first_difference(got: Any, want: Any) -> str | None:
    """Where `got` differs from `want`, in words: the first field of a dataclass whose values
    differ ("hull 1000, not 6"), or the two values; None if they are equal."""
    if got == want:
        return None
    if is_dataclass(got) and type(got) is type(want):
        for f in fields(got):
            mine, theirs = getattr(got, f.name), getattr(want, f.name)
            if mine != theirs:
                return f"{f.name} {show(mine)}, not {show(theirs)}"
    return f"{show(got)}, not {show(want)}"


def same_as_game(what: str, got: Any, want: Any) -> None:
    """Refuse a state whose `what` (its rules, its players, its terms) are not the game's: a
    save is of the game its run names, and play never changes them."""
    difference = first_difference(got, want)
    if difference is not None:
        raise SaveError(f"{what} are not its run's: {difference}")
