"""What a saved state may hold, declared once beside the fields it bounds, and one reader that
checks a save against the declarations to its last field.

A state's dataclass declares each saved field's kind in its metadata (`gold: int =
field(metadata=saved(Int(0, MAX_GOLD)))`); a save whose shape is not its dataclass's fields (a
fight's cards as names, a dict's keys, a list's items) is declared with the same kinds in a
table beside it.
`read_fields` (or a kind's `read`) checks a save and returns its values; the first thing wrong
raises `SaveError` naming where it is ("world.ships.node[3]") and the bad value, so a damaged
save is refused in one line, never taken in to fail later.

Bounds are numbers, or the names of limits: the world's sizes (`WORLD_LIMITS`: a node id is
below the world's node count, known only where the World is), or a figure read earlier in the
same save (a rumor's day is not after today; morale is within its rules' range), which a field
gives to those after it (`saved(..., gives=...)`). A world limit is left unchecked where no
world is given (a state's copy); any other name must be known, or the declaration is wrong.
A bound may also be a function of nothing, asked when a save is read: the size of a table that
can grow (the ship kinds, engine/world/kinds.py).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, fields
from typing import Any, Protocol

from .errors import SaveError

Limits = Mapping[str, int]

WORLD_LIMITS = frozenset({"node", "port", "nation", "leg", "steps", "ports", "nations"})
"""The limits only a World knows: the largest node, port, nation and leg id, the most steps in a
leg, and how many ports and nations there are."""

SEED_MAX = 2**62  # the CLI's --seed range: a run is started with a seed in 0..2^62
RNG_MAX = 0xFFFFFFFF  # the RNG's whole state is one 32-bit integer (engine/rng.py)
LIST_MAX = 100_000  # no list in a save comes near this; a bound keeps a damaged one cheap


class Kind(Protocol):
    def read(self, value: Any, path: str, limits: Limits) -> Any:
        """The value as the state holds it (lists and dicts copied), or SaveError."""
        ...


Bound = int | str | Callable[[], int]


def show(value: Any) -> str:
    """A value as an error message shows it: short, whatever it is."""
    try:
        text = repr(value)
    except ValueError:  # an integer too long to print
        return f"a number of {value.bit_length()} bits"
    return text if len(text) <= 40 else text[:37] + "..."


def not_an_object(value: Any, path: str) -> SaveError:
    """The refusal of a value that should be an object (a state's save, or one within it)."""
    if path:
        return SaveError(f"{path} must be an object, not {show(value)}")
    return SaveError(f"a {type(value).__name__}, not an object")


def limit(bound: Bound, limits: Limits) -> int | None:
    """A bound's value; None for a world limit with no world given."""
    if isinstance(bound, int):
        return bound
    if not isinstance(bound, str):
        return bound()  # as the table stands now
    if bound in limits:
        return limits[bound]
    if bound in WORLD_LIMITS:
        return None
    raise KeyError(f"no limit {bound!r} is known where it is used")  # a declaration's mistake


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Int:
    """A whole number (not a bool) in low..high, both inclusive."""

    low: Bound
    high: Bound

    def read(self, value: Any, path: str, limits: Limits) -> int:
        if not _is_int(value):
            raise SaveError(f"{path} must be a whole number, not {show(value)}")
        low, high = limit(self.low, limits), limit(self.high, limits)
        if (low is not None and value < low) or (high is not None and value > high):
            shown = f"{'' if low is None else low}..{'' if high is None else high}"
            raise SaveError(f"{path} {show(value)} is outside {shown}")
        return int(value)


@dataclass(frozen=True, slots=True)
class Bool:
    def read(self, value: Any, path: str, limits: Limits) -> bool:
        if not isinstance(value, bool):
            raise SaveError(f"{path} must be true or false, not {show(value)}")
        return value


@dataclass(frozen=True, slots=True)
class Text:
    """A text; one of `choices` where they are given (a live mapping is read as it stands)."""

    choices: Container[str] | None = None
    max_len: int = 200

    def read(self, value: Any, path: str, limits: Limits) -> str:
        if not isinstance(value, str):
            raise SaveError(f"{path} must be text, not {show(value)}")
        if len(value) > self.max_len or (self.choices is not None and value not in self.choices):
            known = list(self.choices) if isinstance(self.choices, tuple | dict) else []
            if known and len(known) <= 12:
                raise SaveError(f"{path} {show(value)} is not one of {', '.join(map(repr, known))}")
            raise SaveError(f"{path} {show(value)} is not one this code knows")
        return value


@dataclass(frozen=True, slots=True)
class Maybe:
    """Nothing (null), or a value of `kind`."""

    kind: Kind

    def read(self, value: Any, path: str, limits: Limits) -> Any:
        return None if value is None else self.kind.read(value, path, limits)


@dataclass(frozen=True, slots=True)
class Seq:
    """A list of `item`s: exactly `length` of them where it is given (a number or a limit's
    name), else at most `max_len`; `unique`: no item twice."""

    item: Kind
    length: Bound | None = None
    max_len: int = LIST_MAX
    unique: bool = False

    def read(self, value: Any, path: str, limits: Limits) -> list[Any]:
        if not isinstance(value, list):
            raise SaveError(f"{path} must be a list, not {show(value)}")
        want = None if self.length is None else limit(self.length, limits)
        if want is not None and len(value) != want:
            raise SaveError(f"{path} must have {want} items, not {len(value)}")
        if len(value) > self.max_len:
            raise SaveError(f"{path} has {len(value)} items, more than {self.max_len}")
        out = [self.item.read(v, f"{path}[{i}]", limits) for i, v in enumerate(value)]
        if self.unique and len(set(map(repr, out))) != len(out):
            raise SaveError(f"{path} holds an item twice")
        return out


@dataclass(frozen=True, slots=True)
class Row:
    """A list of fixed shape: one item of each kind, in order."""

    items: tuple[Kind, ...]

    def read(self, value: Any, path: str, limits: Limits) -> list[Any]:
        if not isinstance(value, list) or len(value) != len(self.items):
            raise SaveError(f"{path} must be a list of {len(self.items)}, not {show(value)}")
        pairs = enumerate(zip(self.items, value, strict=True))
        return [kind.read(v, f"{path}[{i}]", limits) for i, (kind, v) in pairs]


@dataclass(frozen=True, slots=True)
class Spec:
    """One field's declaration: its kind, and the limits it gives the fields read after it."""

    kind: Kind
    gives: Callable[[Any], Mapping[str, int]] | None = None


@dataclass(frozen=True)
class Record:
    """An object with exactly these keys (those in `optional` may be absent; with `extra`,
    other keys are let be and left out), read in order: each key's limits (Spec.gives) are
    known to the keys after it."""

    keys: Mapping[str, Kind | Spec]
    optional: frozenset[str] = frozenset()
    extra: bool = False

    def read(self, value: Any, path: str, limits: Limits) -> dict[str, Any]:
        return read_record(self, value, path, limits)[0]


def read_record(
    record: Record, value: Any, path: str, limits: Limits
) -> tuple[dict[str, Any], dict[str, int]]:
    """The record's values, and the limits known after it (those given and those it had)."""
    if not isinstance(value, dict):
        raise not_an_object(value, path)
    unknown = [k for k in value if k not in record.keys]
    if unknown and not record.extra:
        raise SaveError(f"{path + ' ' if path else ''}has an unknown field {show(unknown[0])}")
    known = dict(limits)
    out: dict[str, Any] = {}
    for key, declared in record.keys.items():
        spec = declared if isinstance(declared, Spec) else Spec(declared)
        if key not in value:
            if key in record.optional:
                continue
            raise SaveError(f"{path + '.' if path else ''}{key} is missing")
        out[key] = spec.kind.read(value[key], f"{path}.{key}" if path else key, known)
        if spec.gives is not None:
            known.update(spec.gives(out[key]))
    return out, known


@dataclass(frozen=True)
class Variant:
    """An object whose `tag` key says which record it is (or, with `empty`, nothing: {})."""

    tag: str
    cases: Mapping[str, Record]
    empty: bool = True

    def read(self, value: Any, path: str, limits: Limits) -> dict[str, Any]:
        if self.empty and value == {}:
            return {}
        if not isinstance(value, dict):
            raise not_an_object(value, path)
        tag = value.get(self.tag)
        case = self.cases.get(tag) if isinstance(tag, str) else None
        if case is None:
            shown = f"{show(tag)} is not one of {', '.join(self.cases)}"
            raise SaveError(f"{path}.{self.tag} {shown}")
        return case.read(value, path, limits)


@dataclass(frozen=True)
class Nested:
    """A value another reader reads (a state within a state), given the path and limits."""

    reader: Callable[[Any, str, Limits], Any]

    def read(self, value: Any, path: str, limits: Limits) -> Any:
        return self.reader(value, path, limits)


def saved(
    kind: Kind, gives: Callable[[Any], Mapping[str, int]] | None = None, *, optional: bool = False
) -> dict[str, Any]:
    """A dataclass field's metadata declaring what a save may hold in it, and the limits it
    gives the fields after it: `gold: int = field(metadata=saved(Int(0, MAX_GOLD)))`. An
    `optional` field may be absent from a save (it then takes its default): one a later
    version added, that a state without it never writes, so an earlier save reads as it was
    and hashes as it did."""
    return {"saved": Spec(kind, gives), "optional": optional}


_RECORDS: dict[type, Record] = {}


def record_of(cls: type) -> Record:
    """The record a dataclass's declared fields make, in their order. Every field of a saved
    state declares what a save may hold in it: one that does not is a mistake, said at once."""
    found = _RECORDS.get(cls)
    if found is None:
        undeclared = [f.name for f in fields(cls) if "saved" not in f.metadata]
        if undeclared:
            raise TypeError(f"{cls.__name__}.{undeclared[0]} declares nothing (see saved())")
        found = Record(
            {f.name: f.metadata["saved"] for f in fields(cls)},
            optional=frozenset(f.name for f in fields(cls) if f.metadata.get("optional")),
        )
        _RECORDS[cls] = found
    return found


def read_fields(
    cls: type, data: Any, path: str = "", limits: Limits | None = None
) -> tuple[dict[str, Any], dict[str, int]]:
    """A dataclass's saved fields read from `data` by their declarations, and the limits known
    after them. `data` may hold a "version" key too: its caller checks it."""
    record = record_of(cls)
    if isinstance(data, dict) and "version" in data:
        data = {k: v for k, v in data.items() if k != "version"}
    return read_record(record, data, path, limits or {})
