"""Every command explains itself in --help and is in the README's CLI reference."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

from privateer.cli.app import app

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def _commands(group: object, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for name, command in sorted(group.commands.items()):  # type: ignore[attr-defined]
        path = (*prefix, name)
        if hasattr(command, "commands"):  # a group of commands
            out.extend(_commands(command, path))
        else:
            out.append(path)
    return out


COMMANDS = _commands(typer.main.get_command(app))


def test_there_are_commands_to_check() -> None:
    assert ("world", "build") in COMMANDS and ("runs", "replay") in COMMANDS
    assert len(COMMANDS) >= 18


def test_every_command_has_help_and_is_in_the_readme() -> None:
    runner = CliRunner()
    for path in COMMANDS:
        result = runner.invoke(app, [*path, "--help"])
        assert result.exit_code == 0, path
        lines = [line.strip() for line in result.stdout.splitlines()]
        usage = next(i for i, line in enumerate(lines) if line.startswith("Usage:"))
        assert any(lines[usage + 1 :]), f"{' '.join(path)} has no help text"
        assert f"privateer {' '.join(path)}" in README, f"{' '.join(path)} is not in the README"
