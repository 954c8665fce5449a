"""What happened: the one event record every game mode emits, and how the run log writes it.

The same events drive the terminal renderer, the database log and the analysis; if something
happened, there is an event for it. An event is a kind, the round (or day) it happened in, and
what it was about. Kinds that happen by the hundred thousand (a fight's cards) declare their
fields once with `define_kind` and carry their values as a tuple in that order, in their
cheapest form (a card as its code): recording a fight then costs little more than playing it,
and the log writes each kind through a text template made once. Rarer kinds may carry a dict.

>>> define_kind("example_hit", "side:s landed:d works:b cards:j")
>>> e = Event("example_hit", 3, ("you", 2, True, ["a", "b"]))
>>> e.fields()
{'side': 'you', 'landed': 2, 'works': True, 'cards': ['a', 'b']}
>>> payload_json(e)
'{"round":3,"side":"you","landed":2,"works":true,"cards":["a","b"]}'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import orjson

RawEvent = tuple[str, int, Any]
"""An event as the hot paths record it: (kind, round, values). `Event` is its named form."""


class Event(NamedTuple):
    """Something that happened: kind, round, and its values (a tuple in the order its kind
    declares its fields, or a dict for kinds that declare none)."""

    kind: str
    round: int
    data: Any = ()

    def fields(self) -> dict[str, Any]:
        """The values by name, as a reader sees them (a card by its name, not its code)."""
        if isinstance(self.data, dict):
            return self.data
        kind = KINDS[self.kind]
        return {
            name: convert(value) if convert else value
            for name, convert, value in zip(kind.names, kind.readers, self.data, strict=True)
        }

    def payload(self) -> dict[str, Any]:
        """The event as the run log stores it: its round and its fields."""
        return {"round": self.round, **self.fields()}

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.payload()}


@dataclass(frozen=True, slots=True)
class FieldType:
    """How a field's value is read (None: as it is) and written into the log's JSON text."""

    read: Callable[[Any], Any] | None
    write: Callable[[Any], str] | None  # None: the value goes into the template as it is
    placeholder: str


def _bool(value: Any) -> str:
    return "true" if value else "false"


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()


# s text that needs no JSON escaping (identifiers, the catalogue's names), d an integer,
# b a boolean, j anything else JSON can hold (written by orjson). Modes add their own.
FIELD_TYPES: dict[str, FieldType] = {
    "s": FieldType(None, None, '"%s"'),
    "d": FieldType(None, None, "%d"),
    "b": FieldType(None, _bool, "%s"),
    "j": FieldType(None, _json, "%s"),
}


def define_field_type(letter: str, read: Callable[[Any], Any], *, text: bool) -> None:
    """A field type whose value is recorded in a cheap form and read through `read`: `text`
    if what it reads is text needing no escaping, else anything JSON holds."""
    if letter in "sdbj":
        raise ValueError(f"field type {letter!r} is built in")
    if text:
        FIELD_TYPES[letter] = FieldType(read, read, '"%s"')
    else:
        FIELD_TYPES[letter] = FieldType(read, lambda value: _json(read(value)), "%s")


@dataclass(frozen=True, slots=True)
class EventKind:
    name: str
    names: tuple[str, ...]
    readers: tuple[Callable[[Any], Any] | None, ...]
    render: Callable[[int, tuple[Any, ...]], str]


KINDS: dict[str, EventKind] = {}
RENDER: dict[str, Callable[[int, tuple[Any, ...]], str]] = {}
"""Each declared kind's payload template, by kind: the log's hot path looks it up directly."""


def define_kind(name: str, spec: str) -> None:
    """Declare an event kind's fields, "name:type ...", in payload order.

    Declaring the same kind again with the same fields is harmless; with others, an error.
    """
    pairs = [field.split(":") for field in spec.split()]
    if any(len(p) != 2 or p[1] not in FIELD_TYPES for p in pairs):
        raise ValueError(f"event kind {name}: bad field spec {spec!r}")
    names = tuple(n for n, _ in pairs)
    if name in KINDS:
        if KINDS[name].names != names:
            raise ValueError(f"event kind {name} is already defined with other fields")
        return
    types = [FIELD_TYPES[t] for _, t in pairs]
    body = ",".join(f'"{n}":{t.placeholder}' for n, t in zip(names, types, strict=True))
    template = '{"round":%d' + ("," + body if body else "") + "}"
    writers = [(i, t.write) for i, t in enumerate(types) if t.write is not None]

    if not writers:

        def render(round_: int, values: tuple[Any, ...]) -> str:
            return template % (round_, *values)

    else:

        def render(round_: int, values: tuple[Any, ...]) -> str:
            cells = list(values)
            for i, write in writers:
                cells[i] = write(cells[i])
            return template % (round_, *cells)

    KINDS[name] = EventKind(name, names, tuple(t.read for t in types), render)
    RENDER[name] = render


def payload_json(event: RawEvent) -> str:
    """The event's payload as the log's JSON text: its round, then its fields in order."""
    kind, round_, data = event
    if data.__class__ is dict:
        return orjson.dumps({"round": round_, **data}).decode()
    return RENDER[kind](round_, data)


def payloads_json(events: Sequence[RawEvent]) -> list[str]:
    """payload_json for many events at once (the run log's buffer)."""
    render = RENDER
    dumps = orjson.dumps
    return [
        dumps({"round": r, **d}).decode() if d.__class__ is dict else render[k](r, d)
        for k, r, d in events
    ]
