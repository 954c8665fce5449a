"""The numbers commands take, each with both its bounds: seeds, run ids, counts and floats.

Every integer and float option or argument of every command is made here, so none is
unbounded: a seed or run id too big for the database's BIGINT, a count that would run for hours
or fill the memory, or a float that is nan or infinite is refused by click before any work,
in the one line every other mistake gives (a test walks the command tree to check). Each range
shows in the command's help, as click writes it ("[1<=x<=1000000]").
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import click
import typer

from privateer.cli.common import fail

if TYPE_CHECKING:
    from privateer.engine.world import WorldRules
    from privateer.pipeline.params import Box

SEED_MAX = 2**62  # any seed of every mode; the runs table keeps seeds in a BIGINT
RUN_ID_MAX = 2**63 - 1  # runs.run_id is a BIGINT
# Every count or date of days a command takes (`--days`, `--day`, `--turns`, `--nights`) stops
# here, the voyage's and the world's alike: the longest run the engine plays (its voyage
# MAX_DAYS), some 55 years, a few seconds of the world alone.
DAYS_MAX = 20_000


def _number(value: float | None) -> str:
    """A bound as the help shows it: a power of two (less one) as such, the rest as written."""
    if isinstance(value, int) and value >= 2**32:
        for power in range(32, 64):
            if value == 2**power:
                return f"2^{power}"
            if value == 2**power - 1:
                return f"2^{power}-1"
    return f"{value}"


class Bounded(click.IntRange):
    """An integer between two bounds, both given (click's IntRange allows one or none)."""

    def __init__(self, low: int, high: int) -> None:
        super().__init__(min=low, max=high)

    def _describe_range(self) -> str:
        return f"{_number(self.min)}<=x<={_number(self.max)}"


class Finite(click.FloatRange):
    """A float between two bounds, never nan or infinite (click's FloatRange lets nan through:
    nan compares false with both bounds)."""

    def __init__(self, low: float, high: float, *, low_open: bool = False) -> None:
        super().__init__(min=low, max=high, min_open=low_open)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value} is not a finite number.", param, ctx)
        return number


SEASONS = ("spring", "summer", "autumn", "winter")  # 0-3, as the winds and `world sim` number them


class Season(Bounded):
    """A season of the year: 0-3 from spring, or its name. 4 (a count from 1) is refused
    saying how seasons are numbered."""

    def __init__(self) -> None:
        super().__init__(0, len(SEASONS) - 1)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "0-3|NAME"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        text = str(value).strip().casefold()
        if text in SEASONS:
            return SEASONS.index(text)
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            numbered = ", ".join(f"{i} {name}" for i, name in enumerate(SEASONS))
            self.fail(f"{value!r} is no season: seasons are numbered 0-3 from spring ({numbered})")


def season_option(help: str) -> Any:
    """`--season`: 0-3 from spring, or the season's name; spring by default."""
    return typer.Option(0, "--season", click_type=Season(), help=help)


def seed_option(help: str, default: int = 0) -> Any:
    """`--seed`: 0 to 2^62, as every mode takes it."""
    return typer.Option(default, "--seed", click_type=Bounded(0, SEED_MAX), help=help)


def run_option(help: str, name: str = "--run") -> Any:
    """A run id as an option (default none)."""
    return typer.Option(None, name, click_type=Bounded(1, RUN_ID_MAX), help=help)


def run_argument(help: str, default: Any = ...) -> Any:
    """A run id as the argument RUN_ID."""
    return typer.Argument(default, click_type=Bounded(1, RUN_ID_MAX), help=help, metavar="RUN_ID")


def int_option(default: int | None, name: str, low: int, high: int, help: str) -> Any:
    """An integer between `low` and `high`. For a count (fights, games, days, runs, events) the
    upper bound is what a long but sensible run of the command needs, so no typo runs for
    days or fills the memory."""
    return typer.Option(default, name, click_type=Bounded(low, high), help=help)


def float_option(
    default: float | None, name: str, low: float, high: float, help: str, *, low_open: bool = False
) -> Any:
    """A float between `low` and `high` (above `low` with low_open), finite."""
    return typer.Option(default, name, click_type=Finite(low, high, low_open=low_open), help=help)


def parse_box(text: str | None) -> Box | None:
    """`--box W,S,E,N` as a Box, or None when not given; anything else, an empty text too, is
    refused in one line (an empty box is a mistake, not the whole world)."""
    if text is None:
        return None
    from privateer.pipeline.errors import WorldBuildError
    from privateer.pipeline.params import Box

    try:
        return Box.parse(text)
    except WorldBuildError as error:
        fail(str(error))


def world_rules_option(example: str) -> Any:
    """`--set RULE=VALUE` (repeatable): a world rule changed for this command."""
    return typer.Option(
        [],
        "--set",
        metavar="RULE=VALUE",
        help=f"Change a world rule for this command (repeatable), as {example}.",
    )


def world_rules_set(setting: list[str]) -> WorldRules:
    """The world's rules (the century's, every voyage's) with `--set`'s changes (named by
    them); a bad one: one line, exit 2."""
    from privateer.engine.voyage import FULL, parse_dial, turned
    from privateer.engine.world import CENTURY

    changes: dict[str, Any] = {}
    try:
        for text in setting:
            dial, values = parse_dial(text)
            if dial.owner != "world":
                what = "the captain bot" if dial.owner == "captain" else "a voyage's rule"
                raise ValueError(f"--set {text}: {dial.name} is {what}, not the world's")
            if len(values) != 1:
                raise ValueError(f"--set {text}: give one value")
            changes[dial.name] = values[0]
        return turned(FULL, CENTURY, changes)[1]  # each rule within its bound (engine/bounds.py)
    except ValueError as error:
        fail(str(error))
