"""How a page of figures is made (`privateer docs figures NAME`): its tables' commands run as
whole `privateer` processes printing JSON, what they print tabulated, the design documents'
own figures set beside ours with their 95% intervals, and the commands and the commit named at
the top, so no figure in the docs is typed by hand. The commands are seeded: the same code
writes the same page."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from privateer.cli.figures.rows import Command, Rows, Run, read
from privateer.cli.figures.targets import TargetTable, commands, target_rows


@dataclass(frozen=True)
class Table:
    """Rows as commands print them: `columns` are keys of each row (a dotted key reads into a
    nested object); `labels`, one a command, fill a first column named `label` when the rows
    do not say which command they came from."""

    heading: str
    about: str
    commands: tuple[Command, ...]
    columns: tuple[str, ...]
    rates: frozenset[str] = frozenset()  # columns that are fractions: shown as percentages
    label: str = ""
    labels: tuple[str, ...] = ()
    rows_at: str = ""  # the key whose list holds the rows, where a command prints an object


@dataclass(frozen=True)
class DesignFigure:
    """One figure a design document quotes, and ours: `ours` reads it off the rows `command`
    printed. A share out of `runs` of the document's has the document's own 95% interval; one
    whose sample the document does not give is held to ours (`our_runs`)."""

    words: str
    figure: float
    command: Command
    ours: Callable[[Rows], float]
    runs: int | None = None
    our_runs: int | None = None
    share: bool = True
    moved_by: str = ""  # the rule or choice that moves ours (a column when any figure says)


@dataclass(frozen=True)
class DesignTable:
    """The document's figures beside ours. A share is held to its 95% interval; a mean the
    document gives without a spread (days, raids, storms) to `slack` either way of it, the
    slack `privateer tune` is asked for the day home; with `slack` None (counts that are not
    outcomes, such as a graph's nodes) it is set beside ours only."""

    heading: str
    about: str
    figures: tuple[DesignFigure, ...]
    slack: float | None = 0.2  # a fifth either way


@dataclass(frozen=True)
class Passage:
    """A passage the century made, its days as the record has them (`low` to `high`, and where
    that is from), and ours: `ours` reads them off the rows `command` printed. Held within
    `slack` either way of the century's range."""

    words: str
    low: int
    high: int
    source: str
    command: Command
    ours: Callable[[Rows], float]


@dataclass(frozen=True)
class PassageTable:
    heading: str
    about: str
    passages: tuple[Passage, ...]
    slack: float = 0.2  # a fifth either way


@dataclass(frozen=True)
class DesignMove:
    """A dial the design document turned and a figure it moved, from `before` to `after`; ours
    read off the rows two commands printed (`ours_before`, `ours_after`). Shares are of the
    document's `runs` and of our `our_runs`; a mean (`share=False`) comes without a spread."""

    words: str
    before: float
    after: float
    command_before: Command
    ours_before: Callable[[Rows], float]
    command_after: Command
    ours_after: Callable[[Rows], float]
    runs: int | None = None
    our_runs: int | None = None
    share: bool = True
    moved_by: str = ""  # what in ours the dial turns (a column when any move says)


@dataclass(frozen=True)
class DesignMoves:
    heading: str
    about: str
    moves: tuple[DesignMove, ...]


Section = Table | DesignTable | PassageTable | DesignMoves | TargetTable


@dataclass(frozen=True)
class FigurePage:
    """A page: what it measures, what moves its figures, and its sections in order."""

    name: str
    title: str
    about: str
    sections: tuple[Section, ...]
    needs_world: bool = False
    timed: bool = False  # figures of time: the machine and its load are named with them
    commands: tuple[Command, ...] = field(init=False)

    def __post_init__(self) -> None:
        every: list[Command] = []
        for section in self.sections:
            if isinstance(section, Table):
                wanted = section.commands
            elif isinstance(section, DesignTable):
                wanted = tuple(f.command for f in section.figures)
            elif isinstance(section, DesignMoves):
                wanted = tuple(
                    c for m in section.moves for c in (m.command_before, m.command_after)
                )
            elif isinstance(section, TargetTable):
                wanted = tuple(commands(section))
            else:
                wanted = tuple(p.command for p in section.passages)
            every.extend(c for c in wanted if c not in every)
        object.__setattr__(self, "commands", tuple(every))


def run_privateer(arguments: Sequence[str]) -> Rows:
    """`privateer ARGUMENTS` as a process of its own (on this process's database, as the
    person's `--db` or $PRIVATEER_DB named it); the JSON it prints, as rows (OSError with its
    last line if it fails)."""
    done = subprocess.run(
        [sys.executable, "-m", "privateer", *arguments],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        said = (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
        raise OSError(f"privateer {' '.join(arguments)}: {said}")
    rows = orjson.loads(done.stdout)
    return list(rows) if isinstance(rows, list) else [rows]


EXCLUDED = ":(exclude)docs/figures"


def commit(folder: Path) -> str:
    """The commit the code here is at (with "+ changes" if the tree differs from it outside
    docs/figures/), or "no commit" outside a git checkout."""

    def git(*words: str) -> str:
        return subprocess.run(
            ["git", "-C", str(folder), *words], capture_output=True, text=True, check=True
        ).stdout.strip()

    try:
        head = git("rev-parse", "--short=12", "HEAD")
        # the pages of figures are what this writes, not the code it measures
        changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", EXCLUDED)
    except (OSError, subprocess.CalledProcessError):
        return "no commit"
    return f"{head} + changes" if changed else head


def write_page(
    page: FigurePage, at: str, run: Run = run_privateer, said: Callable[[str], None] = print
) -> str:
    """The page's Markdown: each of its commands run once by `run` (saying which on `said`),
    at commit `at`."""
    machine = _machine() if page.timed else ""
    printed: dict[Command, Rows] = {}
    for number, command in enumerate(page.commands, 1):
        said(f"[{number}/{len(page.commands)}] privateer {' '.join(command)}")
        printed[command] = run(command)
    lines = [
        f"# {page.title}",
        "",
        f"<!-- Written by `privateer docs figures {page.name} --force`: do not edit; run it",
        "     again when the code changes. -->",
        "",
        f"Measured at commit `{at}`{machine} by:",
        "",
        *(f"- `privateer {' '.join(command)}`" for command in page.commands),
        "",
        page.about,
    ]
    for section in page.sections:
        lines += ["", f"## {section.heading}", "", section.about, ""]
        if isinstance(section, Table):
            lines += _table(section, printed)
        elif isinstance(section, DesignTable):
            lines += _design_table(section, printed)
        elif isinstance(section, DesignMoves):
            lines += _moves_table(section, printed)
        elif isinstance(section, TargetTable):
            lines += _target_table(section, printed)
        else:
            lines += _passage_table(section, printed)
    return "\n".join(lines) + "\n"


def _table(table: Table, printed: Mapping[Command, Rows]) -> list[str]:
    header = ((table.label,) if table.labels else ()) + table.columns
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for index, command in enumerate(table.commands):
        first = (table.labels[index],) if table.labels else ()
        rows = printed[command]
        if table.rows_at:
            rows = [row for printed_row in rows for row in printed_row[table.rows_at]]
        for row in rows:
            cells = [*first, *(_cell(read(row, c), c in table.rates) for c in table.columns)]
            lines.append("| " + " | ".join(cells) + " |")
    return lines


def _design_table(table: DesignTable, printed: Mapping[Command, Rows]) -> list[str]:
    why = any(figure.moved_by for figure in table.figures)
    lines = [
        "| the design document | its figure | its 95% interval | ours | our 95% interval | |"
        + _said(why, "what moves ours"),
        "|---|---|---|---|---|---|" + ("---|" if why else ""),
    ]
    verdicts = []
    for figure in table.figures:
        ours = figure.ours(printed[figure.command])
        shown = _share if figure.share else _number
        theirs_band = ours_band = "none given"
        held = "-"
        if figure.share and figure.runs:
            low, high, theirs_band = _band(figure.figure, figure.runs)
            held = _held(ours, low, high)
        if figure.share and figure.our_runs:
            low, high, ours_band = _band(ours, figure.our_runs)
            if not figure.runs:
                held = _held(figure.figure, low, high)
        if not figure.share and table.slack is not None:
            held = _near(ours, figure.figure, table.slack)
        of = f" of {figure.runs:,}" if figure.runs else ""
        verdicts.append(held)
        lines.append(
            f"| {figure.words} | {shown(figure.figure)}{of} | {theirs_band} | {shown(ours)} |"
            f" {ours_band} | {held} |" + _said(why, figure.moved_by)
        )
    judged = [v for v in verdicts if v != "-"]
    if not judged:
        return lines
    held_count = sum(v == "in" or v.startswith("within") for v in judged)
    any_mean = any(not figure.share for figure in table.figures)
    means = f", a mean within {table.slack:.0%}" if any_mean and table.slack is not None else ""
    return [*lines, "", f"**{held_count} of the {len(judged)} figures held**: a share in its"
            f" interval{means}."]  # fmt: skip


def _band(share: float, runs: int) -> tuple[float, float, str]:
    """A share's Wilson interval over `runs`, and as the tables print it."""
    low, high = wilson(share, runs)
    return low, high, f"{low:.1%}-{high:.1%}"


def _said(why: bool, text: str) -> str:
    """An optional last column: `text` as a cell when the table has it, else nothing."""
    return f" {text} |" if why else ""


def _target_table(table: TargetTable, printed: Mapping[Command, Rows]) -> list[str]:
    lines = ["| the figure | ours | the target | |", "|---|---|---|---|"]
    for row in target_rows(table, dict(printed)):
        verdict = row["verdict"] if row["met"] else f"**{row['verdict']}**"
        lines.append(f"| {row['figure']} | {row['shown']} | {row['target']} | {verdict} |")
    return lines


def _moves_table(table: DesignMoves, printed: Mapping[Command, Rows]) -> list[str]:
    why = any(move.moved_by for move in table.moves)
    lines = [
        "| the dial turned | the design document's | its 95% interval after | ours |"
        " our 95% interval after | after, in its interval | which way ours moved |"
        + _said(why, "what it turns in ours"),
        "|---|---|---|---|---|---|---|" + ("---|" if why else ""),
    ]
    ways, helds = [], []
    for move in table.moves:
        before = move.ours_before(printed[move.command_before])
        after = move.ours_after(printed[move.command_after])
        shown = _share if move.share else _number
        theirs_band = ours_band = "none given"
        held = "-"
        if move.share and move.runs:
            low, high, theirs_band = _band(move.after, move.runs)
            held = _held(after, low, high)
        if move.share and move.our_runs:
            ours_band = _band(after, move.our_runs)[2]
        way = _way(move, before, after)
        ways.append(way)
        helds.append(held)
        lines.append(
            f"| {move.words} | {shown(move.before)} → {shown(move.after)} | {theirs_band} |"
            f" {shown(before)} → {shown(after)} | {ours_band} | {held} |"
            f" {way} |" + _said(why, move.moved_by)
        )
    its_way = [w for w in ways if w.startswith("the document's way")]
    noise = sum("within the noise" in w for w in its_way)
    judged = [h for h in helds if h != "-"]
    return [*lines, "", f"**{len(its_way)} of the {len(ways)} moves the document's way** ({noise}"
            f" of them within the noise); **{judged.count('in')} of the {len(judged)} settings"
            " after** in the document's interval."]  # fmt: skip


def _way(move: DesignMove, before: float, after: float) -> str:
    """Whether ours moved the document's way: the same sign of change, and, for shares,
    whether the change stands out of the noise of our runs (two standard errors of the
    difference of two shares, taken as independent: the runs share their seeds, so this
    errs toward calling a move noise)."""
    theirs, ours = move.after - move.before, after - before
    if ours == 0:
        return "**not at all**"
    way = "the document's way" if (ours > 0) == (theirs > 0) else "**the other way**"
    if move.share and move.our_runs:
        n = move.our_runs
        noise = 1.959964 * math.sqrt(before * (1 - before) / n + after * (1 - after) / n)
        if abs(ours) <= noise:
            return f"{way}, within the noise ({100 * ours:+.1f} points)"
        return f"{way} ({100 * ours:+.1f} points)"
    return way


def _passage_table(table: PassageTable, printed: Mapping[Command, Rows]) -> list[str]:
    fifth = f"within {table.slack:.0%}"
    lines = [
        f"| passage | ours (days) | the century's (days) | {fifth} | | the century's, from |",
        "|---|---|---|---|---|---|",
    ]
    for passage in table.passages:
        ours = passage.ours(printed[passage.command])
        low, high = passage.low * (1 - table.slack), passage.high * (1 + table.slack)
        century = f"{passage.low}-{passage.high}" if passage.high != passage.low else passage.low
        off = max(low - ours, ours - high)
        days = f"{off:.0f} day" + ("" if round(off) == 1 else "s")
        held = "in" if off <= 0 else f"**out** by {days}"
        lines.append(
            f"| {passage.words} | {_number(ours)} | {century} | {low:.0f}-{high:.0f} | {held} |"
            f" {passage.source} |"
        )
    return lines


def _near(ours: float, theirs: float, slack: float) -> str:
    """`within` `slack` of the document's mean, or **out** by how far ours is over or under it,
    as a share of it.

    >>> _near(438.3, 368, 0.2), _near(6.04, 11, 0.2), _near(2, 0, 0.2)
    ('within 20%', '**out**: 45% under', '-')
    """
    if theirs == 0:
        return "-"
    off = (ours - theirs) / theirs
    if abs(off) <= slack:
        return f"within {slack:.0%}"
    return f"**out**: {abs(off):.0%} {'over' if off > 0 else 'under'}"


def _held(value: float, low: float, high: float) -> str:
    """`in`, or how many points out of the interval."""
    if low <= value <= high:
        return "in"
    return f"**out** by {100 * (low - value if value < low else value - high):.1f} points"


def _machine() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f" on {os.cpu_count()} cores (load average {load:.2f} at the start)"


def wilson(share: float, runs: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a share seen in `runs` trials."""
    z = 1.959964
    centre = share + z * z / (2 * runs)
    spread = z * math.sqrt(share * (1 - share) / runs + z * z / (4 * runs * runs))
    scale = 1 + z * z / runs
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def _share(value: float) -> str:
    return f"{value:.1%}"


def _number(value: float) -> str:
    return f"{value:,.1f}" if value != int(value) else f"{int(value):,}"


def _cell(value: Any, rate: bool) -> str:
    if value is None:
        return ""
    if isinstance(value, dict):
        return ", ".join(f"{k} {_cell(v, rate)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_cell(v, rate) for v in value)
    if rate:
        return f"{float(value):.1%}"
    if isinstance(value, float):
        return f"{value:,.4g}" if abs(value) < 1000 else f"{value:,.0f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)
