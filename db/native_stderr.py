"""What a library DuckDB loads writes straight to the process's stderr, caught.

A C library inside an extension (shapelib in spatial, for one) may print its own line on file
descriptor 2 before DuckDB raises; a command that promises one line on stderr would then show
two. While a query runs, descriptor 2 goes to a temporary file, and the lines found there are
handed back for the caller to fold into its one line. Descriptor 2 is put back however the block
ends (an error, Ctrl-C).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def native_stderr() -> Iterator[list[str]]:
    """Catch what is written to descriptor 2 inside the block; the list yielded holds its
    non-blank lines, stripped, once the block ends (read it after the `with`, or in an
    `except` around it)."""
    said: list[str] = []
    sys.stderr.flush()  # Python's own pending text goes out first, not into the catch
    saved = os.dup(2)
    try:
        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield said
            finally:
                os.dup2(saved, 2)
                sink.seek(0)
                text = sink.read().decode("utf-8", errors="replace")
                said.extend(line.strip() for line in text.splitlines() if line.strip())
    finally:
        os.close(saved)
