"""What happened: the one event record every game mode emits, and how it is read and logged.

The same events drive the terminal renderer, the database log and the analysis; if something
happened, there is an event for it. An event is a kind, the round (or day) it happened in, and
what it was about.

Kinds that happen by the hundred thousand (a fight's cards) declare their fields once with
`define_kind` and carry their values as a flat tuple of integers in that order: a card as its
code, a side as 0 or 1, a choice of words as its index. Recording a fight then costs little
more than playing it, and the log turns the integers into its JSON payload in DuckDB (each
field type knows its SQL), with no per-event work in Python at all. `Event.fields()` reads the
same values back by name for a renderer or a replay. Rarer kinds may carry a dict instead.

>>> define_vocabulary("example_side", ("you", "them"))
>>> define_kind("example_hit", "side:example_side landed:d works:b hull:d*2")
>>> e = Event("example_hit", 3, (1, 2, 1, 7, 12))
>>> e.fields()
{'side': 'them', 'landed': 2, 'works': True, 'hull': [7, 12]}
>>> e.payload()
{'round': 3, 'side': 'them', 'landed': 2, 'works': True, 'hull': [7, 12]}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

RawEvent = tuple[str, int, Any]
"""An event as the hot paths record it: (kind, round, values). `Event` is its named form."""


class Event(NamedTuple):
    """Something that happened: kind, round, and its values (a flat tuple of integers in the
    order its kind declares its fields, or a dict for kinds that declare none)."""

    kind: str
    round: int
    data: Any = ()

    def fields(self) -> dict[str, Any]:
        """The values by name, as a reader sees them (a card by its name, not its code)."""
        if isinstance(self.data, dict):
            return self.data
        return KINDS[self.kind].read(self.data)

    def payload(self) -> dict[str, Any]:
        """The event as the run log stores it: its round and its fields."""
        return {"round": self.round, **self.fields()}

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.payload()}


@dataclass(frozen=True, slots=True)
class FieldType:
    """How one stored integer is read back (`read`), and the same in DuckDB SQL (`sql`, with
    {x} for the column)."""

    read: Callable[[int], Any]
    sql: str


def sql_words(words: Sequence[str]) -> str:
    """A DuckDB list literal of the words (quotes doubled), to index with a stored integer.

    >>> sql_words(["you", "the escort's"])
    "['you', 'the escort''s']"
    """
    quoted = ["'" + word.replace("'", "''") + "'" for word in words]
    return "[" + ", ".join(quoted) + "]"


FIELD_TYPES: dict[str, FieldType] = {
    "d": FieldType(int, "{x}"),  # a whole number
    "b": FieldType(bool, "({x} <> 0)"),  # 0 or 1, read as false or true
}


def define_field_type(name: str, read: Callable[[int], Any], sql: str) -> None:
    """A field type of a mode's own: how its integer reads, in Python and in SQL."""
    if name in ("d", "b"):
        raise ValueError(f"field type {name!r} is built in")
    FIELD_TYPES[name] = FieldType(read, sql)


def define_vocabulary(name: str, words: Sequence[str]) -> None:
    """A field type that stores an index into `words` and reads as the word."""
    table = tuple(words)
    define_field_type(name, table.__getitem__, f"{sql_words(table)}[{{x}} + 1]")


@dataclass(frozen=True, slots=True)
class EventKind:
    name: str
    names: tuple[str, ...]
    fields: tuple[tuple[str, FieldType, int], ...]  # name, type, how many values (a list if > 1)
    width: int  # values in all

    def read(self, values: Sequence[int]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        at = 0
        for name, kind, count in self.fields:
            if count == 1:
                out[name] = kind.read(values[at])
            else:
                out[name] = [kind.read(v) for v in values[at : at + count]]
            at += count
        return out

    def sql(self, column: Callable[[int], str]) -> str:
        """The DuckDB expression of the payload, the i-th value read from `column(i)`."""
        parts = ['"round" := "round"']
        at = 0
        for name, kind, count in self.fields:
            cells = [kind.sql.format(x=column(at + i)) for i in range(count)]
            parts.append(f'"{name}" := ' + (cells[0] if count == 1 else f"[{', '.join(cells)}]"))
            at += count
        return f"to_json(struct_pack({', '.join(parts)}))"


KINDS: dict[str, EventKind] = {}


def define_kind(name: str, spec: str) -> None:
    """Declare an event kind's fields, "name:type ...", in payload order; "name:type*n" is a
    list of n values.

    Declaring the same kind again with the same fields is harmless; with others, an error.
    """
    fields = []
    for item in spec.split():
        field, _, kind = item.partition(":")
        kind, _, times = kind.partition("*")
        if kind not in FIELD_TYPES or not field or (times and not times.isdigit()):
            raise ValueError(f"event kind {name}: bad field {item!r}")
        fields.append((field, FIELD_TYPES[kind], int(times or 1)))
    names = tuple(f for f, _, _ in fields)
    if name in KINDS:
        if KINDS[name].names != names:
            raise ValueError(f"event kind {name} is already defined with other fields")
        return
    KINDS[name] = EventKind(name, names, tuple(fields), sum(n for _, _, n in fields))


MAX_VALUES = 8
"""The most integers a declared kind carries (the log has a column for each)."""
