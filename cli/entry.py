"""The `privateer` command's entry point (the console script and `python -m privateer`): the
command line imported, then run. Ctrl-C while the program is still being imported (a few tenths
of a second, longer on a busy machine) is the one line and exit 130 that Ctrl-C gives anywhere
else, not a traceback of whatever import it landed in."""

from __future__ import annotations

import sys

INTERRUPTED_EXIT = 130  # cli/common.py's, not imported: this module imports nothing first


def main() -> None:
    try:
        from .app import main as run
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(INTERRUPTED_EXIT) from None
    run()
