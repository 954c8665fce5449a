"""What `privateer tune` is asked: the figures to land, each in an interval (`won=0.02:0.21`),
and the dials it may turn, each over a range or a list (`treasury=15:30`, `dilemmas=true,false`).

A figure is one of a study point's figures (db/sweeps.py), by a short name; how far a point
misses an interval is counted in the interval's own widths, so a share and a day weigh alike,
and a search minimises the misses' sum: zero when every figure lands. A figure may be asked at
a dial turned from the trial's setting (`won[treasury=20]=0.048:0.162`: the wins with a town's
treasury at 20), so a search can land a figure and the way a dial moves it together, as the
design document's cliffs are told: each trial then plays its setting and each turn of it.

>>> target = parse_target("won=2%:21%")
>>> (target.low, target.high), target.distance(0.10), round(target.distance(0.40), 3)
((0.02, 0.21), 0.0, 1.0)
>>> cliff = parse_target("won[treasury=20]=4.8%:16.2%")
>>> cliff.name, cliff.figure, cliff.at
('won[treasury=20]', 'won', (('treasury', 20),))
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from privateer.cli.tune.figures import FIGURES, MISSING, SUNK_BY, figure_names
from privateer.engine.voyage import Dial, find_dial, parse_dial, read_range

Turn = tuple[tuple[str, Any], ...]
"""Dials turned from a trial's setting, each (name, value), in the order written (() none)."""


@dataclass(frozen=True, slots=True)
class Target:
    """A figure to land, and the interval it should lie in (both ends in); `at`: the dials
    turned from the trial's setting for the point it is read off (none: the setting's own)."""

    name: str  # as written before the interval: `won`, `won[treasury=20]`
    low: float
    high: float
    figure: str = ""  # the figure's short name (`won`); the name's, when not given
    at: Turn = ()

    def __post_init__(self) -> None:
        if not self.figure:
            object.__setattr__(self, "figure", self.name)

    @property
    def share(self) -> bool:
        return self.figure.startswith(SUNK_BY) or FIGURES[self.figure][2]

    def value(self, figures: Mapping[str, Any]) -> float | None:
        """The figure as a point has it (None when it has none)."""
        if self.figure.startswith(SUNK_BY):
            return float(figures["sunk_by"].get(self.figure.removeprefix(SUNK_BY), 0.0))
        found = figures.get(FIGURES[self.figure][0])
        return None if found is None else float(found)

    def distance(self, value: float | None) -> float:
        """How far `value` lies outside the interval, in the interval's widths (0 inside)."""
        if value is None:
            return MISSING
        width = max(self.high - self.low, 1e-9)
        return max(0.0, self.low - value, value - self.high) / width


_AT = re.compile(r"\s*([^\[\]=]*?)\s*\[([^\[\]]*)\]\s*=(.*)")


def parse_target(text: str) -> Target:
    """`NAME=LOW:HIGH`, a share written as a fraction or a percentage (`0.25` or `25%`);
    `NAME[DIAL=VALUE,...]=LOW:HIGH` for the figure with those dials turned from the trial's
    setting (each a `sweep` dial and one value of it)."""
    at: Turn = ()
    turned = _AT.fullmatch(text)
    if turned:
        name, dials, interval = turned.groups()
        at = _turn(name, dials)
        sep = "="
    else:
        name, sep, interval = text.partition("=")
        name = name.strip()
    if not sep or ":" not in interval:
        raise ValueError(f"{text!r}: write FIGURE=LOW:HIGH, as won=0.02:0.21 or home=300:440")
    if name not in FIGURES and not (name.startswith(SUNK_BY) and len(name) > len(SUNK_BY)):
        raise ValueError(f"no figure {name!r} to land: one of {figure_names()}")
    label = name if not at else f"{name}[{','.join(f'{d}={_shown(v)}' for d, v in at)}]"
    parts = interval.split(":")
    if len(parts) != 2:
        raise ValueError(f"{name}: an interval is LOW:HIGH")
    low, high = (_number(name, part) for part in parts)
    if low > high:
        raise ValueError(f"{name}: the interval {interval} is empty (LOW is above HIGH)")
    target = Target(label, low, high, name, at)
    if target.share and not (low >= 0.0 and high <= 1.0):
        raise ValueError(f"{name} is a share: its interval lies in 0-1 (or 0%-100%)")
    return target


def _turn(name: str, dials: str) -> Turn:
    """`DIAL=VALUE,...` inside a figure's brackets: each a dial and one value of it."""
    turn: list[tuple[str, Any]] = []
    for part in dials.split(","):
        if "=" not in part:
            raise ValueError(f"{name}[{dials}]: write DIAL=VALUE in the brackets, as [treasury=20]")
        dial, values = parse_dial(part.strip())
        if len(values) != 1:
            raise ValueError(f"{name}[{dials}]: {dial.name} takes one value there")
        if any(dial.name == known for known, _ in turn):
            raise ValueError(f"{name}[{dials}]: {dial.name} is turned twice")
        turn.append((dial.name, values[0]))
    return tuple(turn)


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def turns(targets: list[Target]) -> list[Turn]:
    """Every turn the targets ask for, each once, in the order first asked: what each trial
    plays besides its own setting."""
    found: list[Turn] = []
    for target in targets:
        if target.at and target.at not in found:
            found.append(target.at)
    return found


def turned_setting(setting: Mapping[str, Any], turn: Turn) -> dict[str, Any]:
    """The trial's setting with the turn's dials set (a turn names no dial the search turns)."""
    return {**setting, **dict(turn)}


def _number(name: str, text: str) -> float:
    word = text.strip()
    scale = 0.01 if word.endswith("%") else 1.0
    try:
        value = float(word.removesuffix("%")) * scale
    except ValueError:
        raise ValueError(f"{name}: {text!r} is not a number") from None
    if not math.isfinite(value):
        raise ValueError(f"{name}: {text!r} is not a finite number")
    return round(value, 9)


@dataclass(frozen=True, slots=True)
class SearchDial:
    """A dial and the values a search may give it: a range (`low`..`high`, by `step` if one is
    given, else any value of the dial's type between) or a list of `choices`."""

    dial: Dial
    written: str  # as the user wrote it after `=`: the search's record of it
    low: Any = None
    high: Any = None
    step: Any = None
    choices: tuple[Any, ...] = ()

    @property
    def name(self) -> str:
        return self.dial.name

    def suggest(self, trial: Any) -> Any:
        """The dial's value in an optuna trial."""
        if self.choices:
            return trial.suggest_categorical(self.name, list(self.choices))
        if self.dial.kind is int:
            return trial.suggest_int(self.name, self.low, self.high, step=self.step or 1)
        return trial.suggest_float(self.name, self.low, self.high, step=self.step)

    def distribution(self) -> Any:
        """The optuna distribution of `suggest`: how a kept trial is given back to a search."""
        from optuna.distributions import (
            CategoricalDistribution,
            FloatDistribution,
            IntDistribution,
        )

        if self.choices:
            return CategoricalDistribution(list(self.choices))
        if self.dial.kind is int:
            return IntDistribution(self.low, self.high, step=self.step or 1)
        return FloatDistribution(self.low, self.high, step=self.step)

    def holds(self, value: Any) -> bool:
        """Whether `value` is one this dial's search could give."""
        if self.choices:
            return bool(value in self.choices)
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        if not self.low <= value <= self.high:
            return False
        if self.step is None:
            return self.dial.kind is float or float(value).is_integer()
        steps = (value - self.low) / self.step
        return bool(abs(steps - round(steps)) < 1e-9)


def parse_search_dial(text: str) -> SearchDial:
    """`NAME=LOW:HIGH[:STEP]` for a number, or `NAME=A,B,...` for any dial (a switch, a name,
    a captain; one value holds the dial there, as `captain=seed` plays every trial by the
    document's bot), read as `sweep` reads them (engine/dials.py): each value of the dial's type and
    within its bound."""
    name, sep, values = text.partition("=")
    if not sep:
        raise ValueError(f"{text!r}: write NAME=LOW:HIGH or NAME=A,B, as treasury=15:30")
    dial = find_dial(name)
    if ":" in values and dial.kind in (int, float):
        low, high, step = read_range(dial, values)
        if low >= high:
            raise ValueError(f"{dial.name}: the range {values} holds one value or none")
        return SearchDial(dial, values, low=low, high=high, step=step)
    _, choices = parse_dial(text)  # one value: the dial held there at every trial
    return SearchDial(dial, values, choices=choices)


def objective(
    targets: list[Target],
    figures: Mapping[str, Any],
    turned: Mapping[Turn, Mapping[str, Any]] | None = None,
) -> float:
    """The sum of every target's miss (0 when all land): each read off the trial's own
    `figures`, or those of its turn in `turned`."""
    return round(sum(t.distance(t.value(figures_of(t, figures, turned))) for t in targets), 6)


def figures_of(
    target: Target,
    figures: Mapping[str, Any],
    turned: Mapping[Turn, Mapping[str, Any]] | None = None,
) -> Mapping[str, Any]:
    """The figures `target` is read off: the trial's own, or its turn's."""
    return figures if not target.at else (turned or {})[target.at]
