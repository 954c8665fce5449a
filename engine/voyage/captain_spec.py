"""A captain bot named as a user writes it: one of `CAPTAINS` (`raider10`), or one with some of
its numbers changed (`raider10[reserve=8,raid_margin=6]`), so a study can turn the captain's
own dials (`sweep run captain.reserve=6,8,10`) as it turns the rules', and the name travels to
dask workers and into the log as plain text.

>>> find_captain("raider10[reserve=8]").reserve
8
>>> spec_of("raider12", {"reserve": 8, "hold_past_guards": False})
'raider12[reserve=8,hold_past_guards=false]'
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from ..bounds import read_rule
from ..errors import RuleError
from ..scalars import SCALARS
from .captain import CAPTAINS, Captain

CAPTAIN_FIELDS: dict[str, type] = {
    f.name: SCALARS[str(f.type)] for f in fields(Captain) if str(f.type) in ("int", "float", "bool")
}
"""The captain's numbers and switches that a spec (and a study's `captain.FIELD` dial) may
change, with their types."""


def spec_of(name: str, changes: dict[str, Any]) -> str:
    """The spec of captain `name` with `changes` (its name alone without any)."""
    if not changes:
        return name
    words = [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in changes.items()]
    return f"{name}[{','.join(words)}]"


def find_captain(spec: str) -> Captain:
    """The captain a spec names; RuleError saying what is wrong with it."""
    name, _, rest = spec.strip().partition("[")
    if name not in CAPTAINS:
        raise RuleError(f"no captain {name!r}: one of {', '.join(CAPTAINS)}")
    if not rest:
        return CAPTAINS[name]
    if not rest.endswith("]"):
        raise RuleError(f"captain {spec!r}: write NAME[FIELD=VALUE,...]")
    changes: dict[str, Any] = {}
    for word in rest[:-1].split(","):
        field, sep, value = word.partition("=")
        field = field.strip()
        if not sep or field not in CAPTAIN_FIELDS:
            raise RuleError(
                f"captain {spec!r}: {word.strip()!r} is not FIELD=VALUE of one of "
                f"{', '.join(CAPTAIN_FIELDS)}"
            )
        changes[field] = read_value(field, value)
    return replace(CAPTAINS[name], **changes)


def read_value(field: str, text: str) -> Any:
    """A value of the captain's `field` as written, within the bound `Captain` declares for it
    (engine/bounds.py); RuleError saying what is wanted."""
    return read_rule(Captain, field, text, label=f"captain.{field}")
