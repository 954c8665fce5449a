"""The full-screen terminal game (Textual): the voyage as a roguelike screen, with the chart,
the ship, what is in sight and the log in view, acting on keys or a command line. It drives the
same session and runs the same commands as the line mode (cli/voyage/screen.py), so a run
started on one front end goes on in any other; the duel and the tabletop likewise run their
line mode's own loop on a full screen (loop_app.py)."""

from __future__ import annotations

import sys


def full_screen() -> bool:
    """Whether a game may take the whole screen: both ends a terminal (a pipe plays a line at
    a time, as every script and test does)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


PLAIN_HELP = "A line at a time even in a terminal (piped input always plays so): no full screen."
