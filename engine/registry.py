"""An ordered table of declarations by name (the modes, the sea's events, the dilemmas): each
declared once, read by everything that needs it, in the order declared. A new entry is one
declaration added to its table; `extra` adds one for the length of a `with` block, which is how
tests show an entry is all it takes.

>>> table: Registry[str] = Registry("greeting", lambda g: g.split()[0])
>>> table.add("ahoy there")
>>> with table.extra("avast ye"):
...     list(table)
['ahoy there', 'avast ye']
>>> table["ahoy"], len(table)
('ahoy there', 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

T = TypeVar("T")


class Registry(Generic[T]):
    def __init__(self, what: str, name_of: Callable[[T], str]) -> None:
        self.what = what
        self._name_of = name_of
        self._entries: dict[str, T] = {}
        self._order: tuple[T, ...] = ()  # the entries in order, kept for iterating cheaply

    def add(self, entry: T) -> None:
        """Declare `entry`; a second entry of the same name is a mistake, said at once."""
        name = self._name_of(entry)
        if name in self._entries:
            raise ValueError(f"{self.what} {name!r} is declared twice")
        self._entries[name] = entry
        self._order = tuple(self._entries.values())

    def remove(self, name: str) -> None:
        del self._entries[name]
        self._order = tuple(self._entries.values())

    @contextmanager
    def extra(self, entry: T) -> Iterator[T]:
        """`entry` declared for the length of the block (a test's own)."""
        self.add(entry)
        try:
            yield entry
        finally:
            self.remove(self._name_of(entry))

    def __getitem__(self, name: str) -> T:
        try:
            return self._entries[name]
        except KeyError:
            raise KeyError(f"no {self.what} {name!r}: one of {', '.join(self._entries)}") from None

    def get(self, name: str) -> T | None:
        return self._entries.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[T]:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._entries)

    def names(self) -> tuple[str, ...]:
        return tuple(self._entries)
