"""The `privateer` command's entry point (the console script and `python -m privateer`): the
command line imported, then run. Ctrl-C while the program is still being imported (a few tenths
of a second, longer on a busy machine) is the one line and exit 130 that Ctrl-C gives anywhere
else, not a traceback of whatever import it landed in."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sys import UnraisableHookArgs

INTERRUPTED_EXIT = 130  # cli/common.py's, not imported: this module imports nothing first


def main() -> None:
    sys.unraisablehook = redelivering(sys.unraisablehook)
    try:
        _imported_and_run()
    except SystemExit as done:
        if done.code == INTERRUPTED_EXIT:
            forget_unhandled_interrupt()
        raise


def _imported_and_run() -> None:
    """The command line imported and run; a Ctrl-C no later handler took (one landing in the
    import, or between it and the command line's own handler) is the one line and 130."""
    try:
        from privateer.cli.app import main as run

        run()
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(INTERRUPTED_EXIT) from None


def redelivering(
    hook: Callable[[UnraisableHookArgs], object],
) -> Callable[[UnraisableHookArgs], None]:
    """`hook`, but a Ctrl-C that Python could not raise where it landed (in a weak reference's
    callback or a finaliser, as the import system's module locks have) is sent again, to land
    at the next line the program runs, instead of being printed and lost."""

    def hooked(unraisable: UnraisableHookArgs) -> None:
        if unraisable.exc_type is KeyboardInterrupt:
            import _thread

            _thread.start_new_thread(_interrupt_soon, ())  # raised in here, it is lost again
            return
        hook(unraisable)

    return hooked


def _interrupt_soon() -> None:
    """SIGINT to this process a moment from now: after the hook has returned (a thread's
    start is not waited for, nor the signal sent while the hook still runs)."""
    import os
    import signal
    import time

    time.sleep(0.05)
    os.kill(os.getpid(), signal.SIGINT)


def forget_unhandled_interrupt() -> None:
    """Let a Ctrl-C we caught end the process with our 130. CPython (3.11) marks a
    KeyboardInterrupt raised inside an exec() of text as unhandled even when it is caught (a
    dataclass makes its methods so as its module is imported, so a Ctrl-C during an import
    lands there), and under `python -m` the interpreter then ends by killing itself with
    SIGINT instead of exiting 130. Each exec() of text clears the mark as it begins: an empty
    one clears it for good."""
    exec("")
