"""What happened: the one event record every game mode emits, and how it is read and logged.

The same events drive the terminal renderer, the database log and the analysis; if something
happened, there is an event for it. An event is a kind, the round (or day) it happened in, and
what it was about.

Kinds that happen by the hundred thousand (a fight's cards) declare their fields once with
`define_kind` and carry their values as a flat tuple of integers in that order: a card as its
code, a side as 0 or 1, a choice of words as its index. Recording a fight then costs little
more than playing it. Each declared kind gets a payload writer compiled once from its fields
(a text template whose words are looked up by the stored integers), so the log writes an
event's JSON with one string format; `Event.fields()` reads the same values back by name for
a renderer or a replay. Rarer kinds may carry a dict instead.

>>> define_vocabulary("example_side", ("you", "them"))
>>> define_kind("example_hit", "side:example_side landed:d works:b hull:d*2")
>>> e = Event("example_hit", 3, (1, 2, 1, 7, 12))
>>> e.fields()
{'side': 'them', 'landed': 2, 'works': True, 'hull': [7, 12]}
>>> e.payload()
{'round': 3, 'side': 'them', 'landed': 2, 'works': True, 'hull': [7, 12]}
>>> payload_json(e)
'{"round":3,"side":"them","landed":2,"works":true,"hull":[7,12]}'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import UnionType
from typing import (
    Any,
    NamedTuple,
    NotRequired,
    TypedDict,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

import orjson

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
    """How one stored integer reads back (`read`) and is written into the log's JSON: as the
    number itself (`words` None), or as `words[index]`, the words already JSON text and the
    index an expression of the value `{x}` (the value itself, by default)."""

    read: Callable[[int], Any]
    words: tuple[str, ...] | None = None
    index: str = "{x}"


FIELD_TYPES: dict[str, FieldType] = {
    "d": FieldType(int),  # a whole number
    "b": FieldType(bool, ("false", "true")),  # 0 or 1
}


def define_field_type(
    name: str, read: Callable[[int], Any], words: Sequence[Any], index: str = "{x}"
) -> None:
    """A field type of a mode's own: how its integer reads, and the JSON of each value `read`
    can give, in the order `index` (an expression of `{x}`) picks them."""
    if name in ("d", "b"):
        raise ValueError(f"field type {name!r} is built in")
    texts = tuple(orjson.dumps(w).decode() for w in words)
    FIELD_TYPES[name] = FieldType(read, texts, index)


def define_vocabulary(name: str, words: Sequence[str]) -> None:
    """A field type that stores an index into `words` and reads as the word."""
    table = tuple(words)
    define_field_type(name, table.__getitem__, table)


@dataclass(frozen=True, slots=True)
class EventKind:
    name: str
    names: tuple[str, ...]
    fields: tuple[tuple[str, FieldType, int], ...]  # name, type, how many values (a list if > 1)
    width: int  # values in all
    render: Callable[[int, Sequence[int]], str]  # (round, values) -> the payload's JSON

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
    render = _compile(name, fields)
    KINDS[name] = EventKind(name, names, tuple(fields), sum(n for _, _, n in fields), render)
    RENDER[name] = render


def _compile(name: str, fields: list[tuple[str, FieldType, int]]) -> Any:
    """The kind's payload writer, compiled once: one %-format of a template whose words are
    looked up by the stored integers. Writing millions of events, a function made for the kind
    is several times quicker than a general encoder walking a dict."""
    template = ['{"round":%d']
    cells = []
    tables: dict[str, tuple[str, ...]] = {}
    at = 0
    for field, kind, count in fields:
        slots = []
        for i in range(count):
            value = f"v[{at + i}]"
            if kind.words is None:
                slots.append("%d")
                cells.append(value)
            else:
                table = f"t{len(tables)}"
                tables[table] = kind.words
                slots.append("%s")
                cells.append(f"{table}[{kind.index.format(x=value)}]")
        at += count
        joined = slots[0] if count == 1 else "[" + ",".join(slots) + "]"
        template.append(f'"{field}":{joined}')
    text = ",".join(template) + "}"
    source = f"def render(r, v):\n    return {text!r} % (r, {', '.join(cells)})\n"
    scope: dict[str, Any] = dict(tables)
    exec(compile(source, f"<payload of {name}>", "exec"), scope)
    return scope["render"]


RENDER: dict[str, Callable[[int, Sequence[int]], str]] = {}
"""Each declared kind's payload writer, by kind: the log's hot path looks it up directly."""


def payload_json(event: RawEvent) -> str:
    """The event's payload as the log's JSON text: its round, then its fields in order."""
    kind, round_, data = event
    if data.__class__ is dict:
        return orjson.dumps({"round": round_, **data}).decode()
    return RENDER[kind](round_, data)


MAX_VALUES = 8
"""The most integers a declared kind carries (the log has a column for each)."""


# --- declared payloads ------------------------------------------------------------------------


def _fits(value: Any, hint: Any) -> bool:
    """Whether a payload value is of a declared type (int, str, bool, float, None, X | Y,
    list[X], dict[K, V], Any, a TypedDict of such: a record within the payload)."""
    if hint is Any:
        return True
    if is_typeddict(hint):
        return isinstance(value, dict) and _stray(hint, value) is None
    origin = get_origin(hint)
    if origin in (Union, UnionType):
        return any(_fits(value, h) for h in get_args(hint))
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    if origin is dict:
        key, item = get_args(hint)
        return isinstance(value, dict) and all(
            _fits(k, key) and _fits(v, item) for k, v in value.items()
        )
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, float)
    return isinstance(value, hint)


def check_payload(declared: object, event: Event) -> None:
    """Hold an event to its kind's declaration: a declared kind's values (engine/events.py's
    `define_kind`), or a TypedDict of its payload's fields (every key declared, every required
    key there, every value of its declared type). ValueError names what does not fit."""
    kind, data = event.kind, event.data
    if isinstance(declared, EventKind):
        if not isinstance(data, tuple) or len(data) != declared.width:
            raise ValueError(f"{kind}: {declared.width} values declared, got {data!r}")
        if not all(isinstance(v, int) for v in data):
            raise ValueError(f"{kind}: its values are whole numbers, got {data!r}")
        return
    if not isinstance(data, dict):
        raise ValueError(f"{kind}: a payload of fields is declared, got {data!r}")
    stray = _stray(declared, data)
    if stray is not None:
        raise ValueError(f"{kind}: {stray}")


def _stray(declared: object, data: dict[str, Any]) -> str | None:
    """What of `data` strays from the TypedDict `declared` (a key not declared, a value not of
    its type, a required key missing); None if nothing does. A key declared NotRequired may be
    absent."""
    hints = get_type_hints(declared)
    marked = get_type_hints(declared, include_extras=True)
    # under postponed annotations Python 3.11 counts a NotRequired key among the required
    required = {
        key
        for key in getattr(declared, "__required_keys__", frozenset())
        if get_origin(marked[key]) is not NotRequired
    }
    for key, value in data.items():
        if key not in hints:
            return f"field {key!r} is not declared"
        if not _fits(value, hints[key]):
            return f"{key} = {value!r} is not {hints[key]}"
    missing = sorted(required - set(data))
    return f"declared field {missing[0]!r} is missing" if missing else None


def field_names(declared: object) -> tuple[str, ...]:
    """The fields a kind's declaration names, in order (a declared kind's, or a TypedDict's)."""
    if isinstance(declared, EventKind):
        return declared.names
    return tuple(get_type_hints(declared))


class RefusedAction(TypedDict):
    """Only in a replay, of any mode: the log and the engine part ways at this action."""

    action: str
    why: str


REPLAY_EVENTS: dict[str, type] = {"illegal_action": RefusedAction}
"""The kinds every mode's replay may make (engine/record.py), beside the mode's own."""
