"""The README's first voyage is played as printed: the lines after `>` piped into `privateer
play` on the full world, and every other line shown (but `...`) found in what it prints, in
that order. A change that moves the session shows here, and the README is played again."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world")]
README = Path(__file__).resolve().parents[1] / "README.md"
PROMPT = re.compile(r"^\[[^\]]*\] > ?")  # "[day 2/730 alongside; hull 10/10 ...] > "


def session() -> tuple[list[str], list[str], list[str]]:
    """The first voyage's command's arguments, the lines typed, and the lines shown."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Your first voyage", 1)[1]
    block = section.split("```text\n", 1)[1].split("\n```", 1)[0].splitlines()
    command = shlex.split(block[0].removeprefix("$ "))
    assert command[0] == "privateer"
    typed = [line[2:] for line in block[1:] if line.startswith("> ")]
    shown = [line for line in block[1:] if not line.startswith("> ") and line != "..."]
    return command[1:], typed, shown


def printed(output: str) -> list[str]:
    """What a person sees, a line each: the prompt taken off; a y/N question's answer, piped,
    continues its line, which a terminal would have broken."""
    lines = output.replace("[y/N] ", "[y/N]\n").splitlines()
    return [PROMPT.sub("", line).rstrip() for line in lines]


def test_the_readme_first_voyage_plays_as_printed(world_db_copy: Path) -> None:
    arguments, typed, shown = session()
    assert len(typed) >= 8 and len(shown) >= 12
    result = CliRunner().invoke(
        app, ["--db", str(world_db_copy), *arguments], input="\n".join(typed) + "\n"
    )
    assert result.exit_code == 0, result.output
    lines = printed(result.stdout)
    at = 0
    for line in shown:
        found = next((i for i in range(at, len(lines)) if lines[i] == line.rstrip()), None)
        assert found is not None, f"not printed (after line {at}): {line!r}"
        at = found + 1
