"""Every command explains itself in --help and is in the docs' commands at a glance
(docs/commands.md; the full reference, docs/cli.md, is written from the commands)."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

from privateer.cli.app import app

GLANCE = Path(__file__).resolve().parent.parent / "docs" / "commands.md"
COMMANDS_PAGE = GLANCE.read_text(encoding="utf-8")


def _commands(group: object, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for name, command in sorted(group.commands.items()):  # type: ignore[attr-defined]
        path = (*prefix, name)
        if command.hidden:  # an old name kept for scripts, not listed
            continue
        if hasattr(command, "commands"):  # a group of commands
            out.extend(_commands(command, path))
        else:
            out.append(path)
    return out


COMMANDS = _commands(typer.main.get_command(app))


def test_there_are_commands_to_check() -> None:
    assert ("world", "build") in COMMANDS and ("runs", "replay") in COMMANDS
    assert len(COMMANDS) >= 18


def test_every_command_has_help_and_is_in_the_commands_page() -> None:
    runner = CliRunner()
    for path in COMMANDS:
        result = runner.invoke(app, [*path, "--help"])
        assert result.exit_code == 0, path
        lines = [line.strip() for line in result.stdout.splitlines()]
        usage = next(i for i, line in enumerate(lines) if line.startswith("Usage:"))
        assert any(lines[usage + 1 :]), f"{' '.join(path)} has no help text"
        named = f"privateer {' '.join(path)}"
        assert named in COMMANDS_PAGE, f"{named} is not in docs/commands.md"


def test_usage_lines_name_arguments_plainly_and_flags_take_no_value() -> None:
    runner = CliRunner()
    for path in COMMANDS:
        text = runner.invoke(app, [*path, "--help"]).stdout
        usage = next(line for line in text.splitlines() if "Usage:" in line)
        assert "{" not in usage, usage
        assert "<bool>" not in text and "<str>" not in text, path


def test_every_argument_says_what_it_is() -> None:
    """Arguments carry help text in the listing (a dependency once dropped it silently)."""
    command = typer.main.get_command(app)
    runner = CliRunner()
    for path in COMMANDS:
        node = command
        for name in path:
            node = node.commands[name]  # type: ignore[attr-defined]
        text = " ".join(runner.invoke(app, [*path, "--help"]).stdout.split())
        for param in node.params:  # type: ignore[attr-defined]
            if param.param_type_name == "argument":
                assert param.help and " ".join(param.help.split()[:4]) in text, (path, param.name)


def test_the_crew_help_lists_every_hand() -> None:
    from privateer.engine.fight.ships import CREW

    text = " ".join(CliRunner().invoke(app, ["fight", "--help"]).stdout.split())
    for hand in CREW:
        assert hand in text, hand
