"""The run log's payload fields as SQL, named through the modes' event declarations (each
mode's `events`, engine/modes.py): a query reads `payload->>'$.node'` of a "sunk" event only if
the voyage declares that field, so renaming or dropping one fails here, at once, not as an
empty picture."""

from __future__ import annotations

from privateer.engine.events import field_names
from privateer.engine.modes import MODES


def declared(mode: str, kind: str) -> str:
    """A kind the mode declares, quoted for SQL."""
    if kind not in MODES[mode].events:
        raise KeyError(f"the {mode} mode declares no event kind {kind!r}")
    return f"'{kind}'"


def field(mode: str, kind: str, name: str, table: str = "e") -> str:
    """`(table.payload->>'$.name')` for a field the mode declares on that kind."""
    declared(mode, kind)
    if name not in field_names(MODES[mode].events[kind]):
        raise KeyError(f"the {mode} mode's {kind!r} events declare no field {name!r}")
    prefix = f"{table}." if table else ""
    return f"({prefix}payload->>'$.{name}')"
