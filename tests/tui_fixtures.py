"""Driving a full-screen game headless (Textual's Pilot) as a person would: keys pressed, the
command line typed into, a question's dialog answered; and the screen as plain text, for the
snapshots."""

from __future__ import annotations

import difflib
import io
import os
from pathlib import Path
from typing import Any

from rich.console import Console

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
UPDATE = "PRIVATEER_UPDATE_SNAPSHOTS"  # set to write the snapshots afresh


async def settle(app: Any, pilot: Any, seconds: float = 60.0) -> None:
    """Wait until the screen is idle: no command at work, nothing being read."""
    waited = 0.0
    while app.busy or any(not w.is_finished for w in app.workers):
        await pilot.pause(0.01)
        waited += 0.01
        assert waited < seconds, "the screen never came back"
    await pilot.pause()


async def asked(app: Any, pilot: Any, seconds: float = 30.0) -> str:
    """Wait for a question's dialog; its question."""
    from privateer.cli.tui.question import Question

    waited = 0.0
    while not isinstance(app.screen, Question):
        await pilot.pause(0.05)
        waited += 0.05
        assert waited < seconds, "no question was asked"
    return str(app.screen.question)


async def typed(app: Any, pilot: Any, line: str) -> None:
    """A line typed on the command line (opened by `:`), entered, and back to the keys."""
    await pilot.press("colon")
    await pilot.press(*[{" ": "space"}.get(c, c) for c in line])
    await pilot.press("enter")
    await settle(app, pilot)
    await pilot.press("escape")


async def completed(app: Any, pilot: Any, start: str, whole: str) -> None:
    """`start` typed on the command line, the rest taken from its completion (Right), the
    line checked to be `whole`, and entered."""
    await pilot.press("colon")
    await pilot.press(*[{" ": "space"}.get(c, c) for c in start], "right")
    assert app.query_one("#command").value == whole
    await pilot.press("enter")
    await settle(app, pilot)
    await pilot.press("escape")


async def keys(app: Any, pilot: Any, *pressed: str) -> None:
    """Keys pressed on the screen, each left to finish before the next."""
    for key in pressed:
        await pilot.press(key)
        await settle(app, pilot)


def screen_text(app: Any) -> str:
    """The screen as a person reads it, without colour: one line a row."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), force_terminal=True, record=True
    )
    console.print(app.screen._compositor.render_update(full=True, screen_stack=[]))
    return "\n".join(line.rstrip() for line in console.export_text(styles=False).splitlines())


def log_text(app: Any) -> str:
    """Every line of the screen's log."""
    return "\n".join(strip.text for strip in app.query_one("#log").lines)


def matches_snapshot(name: str, text: str) -> bool:
    """Whether `text` is what the snapshot `name` holds (an AssertionError with the lines that
    differ, if not); with $PRIVATEER_UPDATE_SNAPSHOTS set, the snapshot is written afresh from
    it (a maintainer's step, read in review)."""
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get(UPDATE):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    assert path.exists(), f"no snapshot {path.name}: write it with {UPDATE}=1"
    held = path.read_text(encoding="utf-8")
    differs = difflib.unified_diff(
        held.splitlines(), text.splitlines(), "snapshot", "screen", lineterm=""
    )
    assert held == text + "\n", f"{path.name} differs:\n" + "\n".join(differs)
    return True
