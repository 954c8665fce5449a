"""The docs' measured figures as pages a command writes (`privateer docs figures NAME`): each
page runs its commands (whole `privateer` processes, `--json`), tabulates what they print, and
names the commands and the commit it ran on, so no figure in the docs is typed by hand. The
commands are seeded, so the same code writes the same page."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from privateer.cli.fight.commands import SIM_FIGURES, SIM_RATES


@dataclass(frozen=True)
class FigurePage:
    """A page of figures: its commands (privateer's arguments, each printing a JSON array of
    rows), the columns shown, and a line on what moves them."""

    name: str
    title: str
    about: str
    commands: tuple[tuple[str, ...], ...]
    columns: tuple[str, ...]
    rates: frozenset[str] = frozenset()  # columns that are fractions: shown as percentages


FIGHTS = FigurePage(
    name="fights",
    title="Card fights, measured",
    about=(
        "Every card bot against a target, 2,000 fights each (seeds 0-1,999), as `privateer sim`"
        " prints them. What moves them: the decks (engine/fight/ships.py, the targets' and the"
        " outfits' cards), the rules' way and wounds (engine/fight/rules.py), and how each bot"
        " keeps its cards (engine/fight/bots.py)."
    ),
    commands=tuple(
        ("sim", "--target", target, "--ship", ship, "--fights", "2000", "--json")
        for ship, target in (
            ("pinnace", "merchant"),
            ("pinnace", "armada"),
            ("brigantine", "armada"),
            ("pinnace", "treasure_fleet"),
        )
    ),
    columns=("ship", "target", "bot", *SIM_FIGURES),
    rates=frozenset(SIM_RATES),
)

PAGES = {page.name: page for page in (FIGHTS,)}
"""Every page of figures, by name."""

Run = Callable[[Sequence[str]], list[dict[str, Any]]]


def run_privateer(arguments: Sequence[str]) -> list[dict[str, Any]]:
    """`privateer ARGUMENTS` as a process of its own; the JSON rows it prints (OSError with its
    last line if it fails)."""
    done = subprocess.run(
        [sys.executable, "-m", "privateer", *arguments], capture_output=True, text=True
    )
    if done.returncode != 0:
        said = (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
        raise OSError(f"privateer {' '.join(arguments)}: {said}")
    rows = orjson.loads(done.stdout)
    return list(rows) if isinstance(rows, list) else [rows]


def commit(folder: Path) -> str:
    """The commit the code here is at (with "+ changes" if the tree differs from it), or
    "no commit" outside a git checkout."""

    def git(*words: str) -> str:
        return subprocess.run(
            ["git", "-C", str(folder), *words], capture_output=True, text=True, check=True
        ).stdout.strip()

    try:
        head = git("rev-parse", "--short=12", "HEAD")
        changed = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.CalledProcessError):
        return "no commit"
    return f"{head} + changes" if changed else head


def write_page(page: FigurePage, at: str, run: Run = run_privateer) -> str:
    """The page's Markdown: its commands run by `run`, at commit `at`."""
    rows = [row for command in page.commands for row in run(command)]
    lines = [
        f"# {page.title}",
        "",
        f"<!-- Written by `privateer docs figures {page.name} --force`: do not edit; run it",
        "     again when the code changes. -->",
        "",
        f"Measured at commit `{at}` by:",
        "",
        *(f"- `privateer {' '.join(command)}`" for command in page.commands),
        "",
        page.about,
        "",
        "| " + " | ".join(page.columns) + " |",
        "|" + "---|" * len(page.columns),
        *(
            "| " + " | ".join(_cell(row.get(c), c in page.rates) for c in page.columns) + " |"
            for row in rows
        ),
    ]
    return "\n".join(lines) + "\n"


def _cell(value: Any, rate: bool) -> str:
    if value is None:
        return ""
    if rate:
        return f"{float(value):.1%}"
    return str(value)
