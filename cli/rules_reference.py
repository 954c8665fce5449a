"""The rules' reference as a Markdown page, read off the rules classes themselves: every field
of every mode's rules with its default, its bound and what it is (its declared source, or the
comment the code gives it), and each named ruleset by what it changes. `privateer docs rules`
writes it to docs/rules.md, and a test fails when the page and the code part ways."""

from __future__ import annotations

import inspect
import io
import re
import tokenize
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from privateer.engine.bounds import declared, source_of
from privateer.engine.schema import Bool, Int, Text
from privateer.engine.variants import shown

HEADER = (
    "# Rules reference\n\n"
    "<!-- Written by `privateer docs rules --force` from the rules classes: do not edit;\n"
    "     change the rules and run it again (a test fails while this is stale). -->\n\n"
    "Every mode plays by a rules object: its fields below, each with its default, the values it\n"
    "may take, and where it comes from. A named ruleset (`--rules NAME`) is the defaults with\n"
    "the changes listed under it; a variant is named for its own (`full[storm_days=60]`).\n"
)


@dataclass(frozen=True)
class RuleBook:
    """One mode's rules: its title, its rules class and its named rulesets."""

    title: str
    cls: type
    rulesets: Mapping[str, Any]


TITLES = {
    "voyage": "The voyage",
    "world": "The living world",
    "fight": "Card fights",
    "duel": "The hex duel",
    "tabletop": "The tabletop game",
    "tribes": "Tribes",
}
"""The page's heading for each mode's rules (another mode's is its name)."""


def rule_books() -> list[RuleBook]:
    """Every mode's rules, as its entry in the registry declares them, in the docs' order."""
    from privateer.engine.modes import MODES

    order = {name: at for at, name in enumerate(TITLES)}
    return [
        RuleBook(TITLES.get(mode.name, mode.name), mode.rules, mode.rulesets)
        for mode in sorted(MODES, key=lambda mode: order.get(mode.name, len(order)))
        if mode.rules is not None
    ]


def reference(books: Sequence[RuleBook]) -> str:
    """The page for `books`."""
    return "\n".join([HEADER, *(_book(book) for book in books)])


def _book(book: RuleBook) -> str:
    notes = _comments(book.cls)
    kinds = declared(book.cls)
    lines = [f"## {book.title}", "", f"`{book.cls.__name__}`: {len(kinds)} fields.", ""]
    lines += ["| field | default | values | what it is |", "|---|---|---|---|"]
    base = book.cls()  # the defaults
    for f in fields(book.cls):
        default = getattr(base, f.name)
        what = source_of(book.cls, f.name) or notes.get(f.name, "")
        row = (f"`{f.name}`", _cell(shown(default)), _cell(_values(kinds[f.name])), _cell(what))
        lines.append("| " + " | ".join(row) + " |")
    lines += ["", "Named rulesets:", ""]
    for name, rules in book.rulesets.items():
        changed = [
            f"`{f.name}={_short(shown(getattr(rules, f.name)))}`"
            for f in fields(book.cls)
            if f.name != "name" and getattr(rules, f.name) != getattr(base, f.name)
        ]
        said = ", ".join(changed) if changed else "the defaults"
        lines.append(f"- `{name}`: {said}")
    return "\n".join(lines) + "\n"


def _values(kind: Any) -> str:
    """What a bound lets a field be, in a few words."""
    if isinstance(kind, Bool):
        return "true or false"
    if isinstance(kind, Int):
        return f"{kind.low} to {kind.high}"
    if isinstance(kind, Text):
        choices = kind.choices
        if isinstance(choices, tuple | list | dict) and 0 < len(choices) <= 12:
            return "one of " + ", ".join(str(c) for c in choices)
        return "text"
    return type(kind).__name__.lower()


def _short(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."


def _cell(text: str) -> str:
    """Text a table cell holds: one line, no bar, no `<` read as HTML."""
    one = " ".join(str(text).split()).replace("|", "\\|")
    return re.sub(r"<(?=[A-Za-z/!?])", "&lt;", one)


def _comments(cls: type) -> dict[str, str]:
    """What the code says of each field in comments: the lines just above it (a section's
    `# --- ...` heading left out) and the one after it on its line."""
    source = inspect.getsource(cls)
    said: dict[str, str] = {}
    above: list[str] = []
    current: str | None = None
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    field_line = re.compile(r"^    (\w+): ")
    lines = source.splitlines()
    for token in tokens:
        if token.type == tokenize.COMMENT:
            text = token.string.lstrip("#").strip()
            line = lines[token.start[0] - 1]
            owner = field_line.match(line)
            if owner and line.index("#") > 0 and line.strip()[0] != "#":
                said[owner.group(1)] = _join(said.get(owner.group(1), ""), text)
            elif text.startswith("---"):
                above = []
            else:
                above.append(text)
        elif token.type == tokenize.NL and not lines[token.start[0] - 1].strip():
            above = []
        elif token.type == tokenize.NAME and token.start[1] == 4:
            owner = field_line.match(lines[token.start[0] - 1])
            if owner and owner.group(1) == token.string:
                current = token.string
                if above:
                    said[current] = _join(" ".join(above), said.get(current, ""))
                above = []
    return said


def _join(first: str, second: str) -> str:
    return f"{first} {second}".strip()
