"""A command started as a person's shell starts it, for tests that Ctrl-C one.

A child inherits an ignored SIGINT, and Python then leaves it ignored: a suite run as a
background job (`pytest &` in a script, where the shell ignores SIGINT for it), or from a
test runner's worker that set it so, would see a command shrug off a Ctrl-C no terminal
would. The child gets Python's own handler back before it starts."""

from __future__ import annotations

import signal


def ctrl_c_as_a_terminal_sends_it() -> None:
    """`preexec_fn` for a command a test interrupts: SIGINT at its default disposition."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
