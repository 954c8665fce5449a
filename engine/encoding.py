"""A mode's observation as a fixed row of numbers, for learning agents (the envs' observation
spaces): each mode declares, once, the features it reads off its own `observe(state, side)` (the
fog-filtered view every front end draws), each named, bounded and said in words, and the most
actions its games ever offer at once (the envs' action space: an action is an index into the
state's legal actions, in their fixed order). Written as plain data over the view, so the
engine's modes declare it and the envs read it without knowing a mode.

>>> enc = Encoding((number("hull", "her hull", high=20), one_hot("side", "whose", ("you", "them"))),
...                most_actions=6)
>>> enc.width, enc.names()
(3, ['hull', 'side=you', 'side=them'])
>>> enc.encode({"hull": 25, "side": "them"})
[20.0, 0.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

View = Mapping[str, Any]
"""What `Game.observe` gives a side: the only thing a feature reads."""


@dataclass(frozen=True, slots=True)
class Feature:
    """Some numbers read off a view: `read` gives `len(labels)` of them (one label each), each
    held to [low, high] (a figure past its bound, gold say, reads as the bound)."""

    name: str
    about: str
    read: Callable[[View], Sequence[float]]
    labels: tuple[str, ...]
    low: float = 0.0
    high: float = 1.0


@dataclass(frozen=True, slots=True)
class OpenActions:
    """Actions a mode takes beyond those its `legal_actions` lists, as a fixed catalogue a
    game's (a voyage's course may be set to any node of the sea; the list offers the ports):
    how many entries a game has, each entry's text, the entry an action's text is (None: not
    one of them), and which entries are open in a state (a sequence of 0/1, one an entry)."""

    about: str
    size: Callable[[Any], int]
    text: Callable[[int], str]
    index_of: Callable[[str], int | None]
    open: Callable[[Any, Any], Any]  # a sequence (or array) of 0/1, one an entry


@dataclass(frozen=True, slots=True)
class Encoding:
    """A mode's features in order, the most legal actions any of its states lists, and the
    catalogue of actions it takes beyond the list (None: the list is all)."""

    features: tuple[Feature, ...]
    most_actions: int
    open_actions: OpenActions | None = None

    @property
    def width(self) -> int:
        return sum(len(f.labels) for f in self.features)

    def names(self) -> list[str]:
        """Every number's name, in the row's order."""
        return [label for f in self.features for label in f.labels]

    def bounds(self) -> tuple[list[float], list[float]]:
        """Each number's lowest and highest value, in the row's order."""
        lows = [f.low for f in self.features for _ in f.labels]
        highs = [f.high for f in self.features for _ in f.labels]
        return lows, highs

    def encode(self, view: View) -> list[float]:
        """The row for `view`, each number held to its feature's bounds."""
        row: list[float] = []
        for feature in self.features:
            values = feature.read(view)
            if len(values) != len(feature.labels):
                raise ValueError(
                    f"feature {feature.name} read {len(values)} numbers, not {len(feature.labels)}"
                )
            low, high = feature.low, feature.high
            row.extend(float(min(high, max(low, float(v)))) for v in values)
        return row

    def split(self, row: Sequence[float]) -> dict[str, list[float]]:
        """The row cut into its features by name (the envs' dict observation)."""
        out: dict[str, list[float]] = {}
        at = 0
        for feature in self.features:
            out[feature.name] = list(row[at : at + len(feature.labels)])
            at += len(feature.labels)
        return out


def at(view: View, path: str) -> Any:
    """The value at a dotted path of the view (None where any step is missing)."""
    value: Any = view
    for key in path.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(key)
    return value


def number(path: str, about: str, *, low: float = 0.0, high: float = 1.0) -> Feature:
    """The number at `path` (a flag reads 0 or 1; a missing one, 0)."""
    return Feature(path, about, lambda v: [float(at(v, path) or 0)], (path,), low, high)


def numbers(
    path: str, about: str, labels: Sequence[str], *, low: float = 0.0, high: float = 1.0
) -> Feature:
    """The list of numbers at `path`, one per label (a list shorter is padded with 0)."""
    size = len(labels)

    def read(view: View) -> list[float]:
        values = [float(x or 0) for x in (at(view, path) or [])][:size]
        return values + [0.0] * (size - len(values))

    return Feature(path, about, read, tuple(f"{path}[{label}]" for label in labels), low, high)


def one_hot(path: str, about: str, choices: Sequence[Any]) -> Feature:
    """1 for the choice the view's value at `path` is, 0 for the rest (all 0: none of them)."""
    options = tuple(choices)

    def read(view: View) -> list[float]:
        value = at(view, path)
        return [1.0 if value == choice else 0.0 for choice in options]

    return Feature(path, about, read, tuple(f"{path}={c}" for c in options))


def derived(
    name: str,
    about: str,
    read: Callable[[View], Sequence[float]],
    labels: Sequence[str] | None = None,
    *,
    low: float = 0.0,
    high: float = 1.0,
) -> Feature:
    """Numbers a mode works out of the view itself (counts, sums, a seat's own first)."""
    return Feature(name, about, read, tuple(labels) if labels is not None else (name,), low, high)


def nested(path: str, about: str, encoding: Encoding) -> tuple[Feature, ...]:
    """Another encoding's features, read off the view at `path` (all 0 while it is absent):
    a voyage's fight is the fight's own view, read as the fight reads it."""

    def inner(feature: Feature) -> Feature:
        zeros = [0.0] * len(feature.labels)

        def read(view: View) -> Sequence[float]:
            part = at(view, path)
            return feature.read(part) if isinstance(part, Mapping) else zeros

        labels = tuple(f"{path}.{label}" for label in feature.labels)
        return Feature(
            f"{path}.{feature.name}",
            f"{about}: {feature.about}",
            read,
            labels,
            feature.low,
            feature.high,
        )

    present = derived(path, f"whether {about} is on", lambda v: [float(at(v, path) is not None)])
    return (present, *(inner(f) for f in encoding.features))
