"""What each field of a rules object may hold, declared once beside it, and one reader that
holds a value to it: so a study's dial, a `--set`, a captain's spec and a logged run's changes
meet the same bounds, and no value outside them reaches the rules (a day count below nothing,
a chance past a thousand per mille, a route's weight below nothing, a number past what a
save or a 64-bit column holds, a draw that would never end).

A field declares its bound in its metadata (`storm_days: int = rule(120, Int(1, ODDS_MAX))`)
with engine/schema.py's kinds (`Int`, `Bool`, `Text`) and, for what only rules hold, those here
(`Float`, `Name`, `Tup`, `Table`, `Instance`); a table made by `field()` says
`metadata=bounded(kind)`. A field may also say where its number comes from
(`rule(120, ODDS, "seed: about one day in 120")`, read back by `source_of`), as the Tribes'
and the fight's rules do for every field. An `Int` bound may name another integer field of the
same rules (`morale_start: int = rule(7, Int(0, "morale_max"))`). `check_rules` (each rules
object's `__post_init__`) refuses the first field out of its bound in one line naming the
field, its value and the bound (`storm_days -1 is outside 1..1000000`); `read_rule` reads one
value as a user writes it and holds it to its field's bound before any rules are made (a named
bound is then taken at its widest: the named field's own).

>>> @dataclass(frozen=True)
... class Odds:
...     chance: int = rule(100, PER_MILLE)
...     least: int = rule(1, Int(0, "most"))
...     most: int = rule(3, Int(0, 10))
>>> read_rule(Odds, "chance", "250"), read_rule(Odds, "least", "10")
(250, 10)
>>> def refusal(make):
...     try:
...         make()
...     except RuleError as error:
...         return str(error)
>>> refusal(lambda: read_rule(Odds, "chance", "1001"))
'chance 1001 is outside 0..1000'
>>> refusal(lambda: check_rules(Odds(least=5)))
'least 5 is outside 0..3'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from .errors import RuleError, SaveError
from .scalars import read_scalar
from .schema import Bool, Int, Kind, Limits, Text, show

T = TypeVar("T")

RULE = "rule"  # the metadata key a rules field declares its bound under
SOURCE = "source"  # ... and where its number comes from (a seed's words, or why it was chosen)
PER_MILLE = Int(0, 1000)  # a chance or a share, per mille
ODDS_MAX = 1_000_000  # "one day in N": far past any rule, and well inside a 32-bit draw
SPAN_DAYS = 1_000  # a span a state keeps as a day to come: a save holds 1,000 past its last day


@dataclass(frozen=True, slots=True)
class Float:
    """A finite number (a whole one too) in low..high, both inclusive."""

    low: float
    high: float

    def read(self, value: Any, path: str, limits: Limits) -> float:
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or (isinstance(value, float) and not math.isfinite(value)):
            raise SaveError(f"{path} must be a finite number, not {show(value)}")
        if not self.low <= value <= self.high:
            raise SaveError(f"{path} {show(value)} is outside {self.low:g}..{self.high:g}")
        return float(value)


@dataclass(frozen=True, slots=True)
class Name:
    """A name of at most `max_len` characters (a port's, a nation's; nothing, where a rule
    says what nothing means): whether the world has it is the world's to say."""

    max_len: int = 100

    def read(self, value: Any, path: str, limits: Limits) -> str:
        if not isinstance(value, str):
            raise SaveError(f"{path} must be a name, not {show(value)}")
        if len(value) > self.max_len:
            raise SaveError(
                f"{path} is a name of {self.max_len} characters at most, not {len(value)}"
            )
        return value


NAME = Name(2_000)  # a ruleset's name, a variant's with its changes


@dataclass(frozen=True, slots=True)
class Tup:
    """A tuple of `least` to `most` items, each of `item`."""

    item: Kind
    least: int
    most: int

    def read(self, value: Any, path: str, limits: Limits) -> tuple[Any, ...]:
        if not isinstance(value, tuple):
            raise SaveError(f"{path} must be a tuple, not {show(value)}")
        if not self.least <= len(value) <= self.most:
            wanted = self.least if self.least == self.most else f"{self.least}..{self.most}"
            raise SaveError(f"{path} must have {wanted} items, not {len(value)}")
        return tuple(self.item.read(v, f"{path}[{i}]", limits) for i, v in enumerate(value))


@dataclass(frozen=True, slots=True)
class Table:
    """A table by name (prices by ship), each entry of `item`."""

    item: Kind

    def read(self, value: Any, path: str, limits: Limits) -> dict[str, Any]:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise SaveError(f"{path} must be a table by name, not {show(value)}")
        return {k: self.item.read(v, f"{path}.{k}", limits) for k, v in value.items()}


@dataclass(frozen=True, slots=True)
class Instance:
    """An object of a type of its own (a captain's reckoning), checked where it is made."""

    kind: type

    def read(self, value: Any, path: str, limits: Limits) -> Any:
        if not isinstance(value, self.kind):
            raise SaveError(f"{path} must be a {self.kind.__name__}, not {show(value)}")
        return value


def rule(default: T, kind: Kind, source: str = "") -> T:
    """A rules field with its default and its bound: `storm_days: int = rule(120, ...)`, and
    where its number comes from, if the rules say so in their fields (`source_of`)."""
    made: T = field(default=default, metadata=bounded(kind, source))
    return made


def bounded(kind: Kind, source: str = "") -> dict[str, Any]:
    """A rules field's metadata declaring its bound (and its source, if given), where the
    field is made by `field()` (a table, a new one for each rules object)."""
    return {RULE: kind, SOURCE: source} if source else {RULE: kind}


def source_of(cls: type, name: str) -> str:
    """Where field `name` of rules class `cls` says its number comes from ("seed: ...",
    "chosen: ..."), or "" if it does not say; KeyError for a field it has not."""
    for f in fields(cls):
        if f.name == name:
            return str(f.metadata.get(SOURCE, ""))
    raise KeyError(f"{cls.__name__} has no field {name!r}")


def bound_of(cls: type, name: str) -> Kind:
    """The bound field `name` of rules class `cls` declares; KeyError for a field it has not."""
    try:
        return declared(cls)[name]
    except KeyError:
        raise KeyError(f"{cls.__name__} has no field {name!r}") from None


_DECLARED: dict[type, tuple[dict[str, Kind], dict[str, Kind], tuple[str, ...]]] = {}


def _declarations(cls: type) -> tuple[dict[str, Kind], dict[str, Kind], tuple[str, ...]]:
    """A rules class's bounds, the same at their widest, and its whole-number fields: read
    once a class (a rules object checks itself each time one is made)."""
    found = _DECLARED.get(cls)
    if found is None:
        kinds: dict[str, Kind] = {}
        for f in fields(cls):
            if RULE not in f.metadata:  # a declaration's mistake, said at once
                raise TypeError(f"{cls.__name__}.{f.name} declares no bound (see rule())")
            kinds[f.name] = f.metadata[RULE]
        wide = {name: _widest(kinds, cls, kind) for name, kind in kinds.items()}
        whole = tuple(name for name, kind in kinds.items() if isinstance(kind, Int))
        found = _DECLARED[cls] = (kinds, wide, whole)
    return found


def declared(cls: type) -> dict[str, Kind]:
    """Every field of `cls` with its bound, in order: each field declares one (TypeError for
    one that does not)."""
    return _declarations(cls)[0]


def check_rules(rules: Any) -> None:
    """Refuse (RuleError, one line) the first field of a rules object outside its bound: each
    field first at its widest (so a field that is itself out of bounds is named, not one whose
    bound it is), then every bound that names another field at that field's value here."""
    kinds, wide, whole = _declarations(type(rules))
    values = {name: getattr(rules, name) for name in kinds}
    limits = {name: values[name] for name in whole}
    try:
        for name, kind in wide.items():
            kind.read(values[name], name, {})
        for name, kind in kinds.items():
            if kind is not wide[name]:  # a bound naming another field
                kind.read(values[name], name, limits)
    except SaveError as error:
        raise RuleError(str(error)) from None


def widest(cls: type, kind: Kind) -> Kind:
    """A bound with each field it names taken at that field's own widest (a value checked
    before the rules it goes into are made)."""
    return _widest(declared(cls), cls, kind)


def _widest(kinds: dict[str, Kind], cls: type, kind: Kind) -> Kind:
    if not isinstance(kind, Int) or not any(isinstance(end, str) for end in (kind.low, kind.high)):
        return kind  # the very object: check_rules knows a bound that names no field by it
    low, high = kind.low, kind.high
    while isinstance(low, str):
        low = _int_bound(kinds, cls, low).low
    while isinstance(high, str):
        high = _int_bound(kinds, cls, high).high
    return Int(low, high)


def _int_bound(kinds: dict[str, Kind], cls: type, name: str) -> Int:
    kind = kinds.get(name)
    if not isinstance(kind, Int):
        raise TypeError(f"{cls.__name__}.{name} is named as a bound but is no whole number")
    return kind


SCALAR_OF: dict[type, type] = {Int: int, Float: float, Bool: bool, Text: str, Name: str}
"""The type a value of each kind is written as (engine/scalars.py reads it)."""


def read_rule(cls: type, name: str, text: str, *, key: str | None = None, label: str = "") -> Any:
    """`text` read as a value of field `name` of rules class `cls` (or of its table's entry
    `key`), held to the field's bound at its widest; RuleError in one line naming `label` (the
    field by default) and what is wanted."""
    kind = bound_of(cls, name)
    label = label or (name if key is None else f"{name}.{key}")
    if key is not None:
        if not isinstance(kind, Table | Tup):
            raise TypeError(f"{cls.__name__}.{name} is no table")
        kind = kind.item
    scalar = SCALAR_OF.get(type(kind))
    if scalar is None:
        raise RuleError(f"{label} is not a number, switch or name one can set")
    value = read_scalar(label, scalar, text)
    return check_value(cls, name, value, key=key, label=label)


def check_value(
    cls: type, name: str, value: Any, *, key: str | None = None, label: str = ""
) -> Any:
    """`value` held to field `name`'s bound at its widest (its table's or tuple's entry's, with
    `key`)."""
    kind = widest(cls, bound_of(cls, name))
    if key is not None and isinstance(kind, Table | Tup):
        kind = kind.item
    try:
        kind.read(value, label or (name if key is None else f"{name}.{key}"), {})
    except SaveError as error:
        raise RuleError(str(error)) from None
    return value
