"""A number, switch or name as a user writes it on the command line (a study's dial, a captain's
spec), read to its type with one line saying what is wanted when it is not one."""

from __future__ import annotations

import math
from typing import Any

from .errors import RuleError

SCALARS: dict[str, type] = {"int": int, "float": float, "bool": bool, "str": str}
"""The field types (as a dataclass under postponed annotations names them) read here."""


def read_scalar(name: str, kind: type, text: str) -> Any:
    """`text` as a value of `kind` for the setting `name`; RuleError saying what is wanted.

    >>> read_scalar("treasury", int, " 20"), read_scalar("raid_guard", bool, "off")
    (20, False)
    """
    word = text.strip()
    if kind is bool:
        if word.lower() in ("true", "yes", "on", "1"):
            return True
        if word.lower() in ("false", "no", "off", "0"):
            return False
        raise RuleError(f"{name} is a switch: true or false, not {word!r}")
    if kind is str:
        if not word:
            raise RuleError(f"{name} takes a name, not nothing")
        return word
    try:
        value = kind(word)
    except ValueError:
        raise RuleError(f"{name} takes {_a(kind)}, not {word!r}") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise RuleError(f"{name} takes a finite number, not {word!r}")
    return value


def _a(kind: type) -> str:
    return {int: "a whole number", float: "a number", str: "a name"}.get(kind, kind.__name__)
