"""An empty database at head (what `open_database` makes of a new path: the schema, no rows) for
the tests that need one only to begin with: a copy of one this process made once, since making
one runs every migration from nothing with the spatial extension loaded (a quarter of a second;
some hundreds of tests begin so). The tests of making one (the migrations, `db upgrade`, a
command run on a new path) make their own."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

_MADE: list[Path] = []


def at_head(path: Path) -> Path:
    """`path` made an empty database at head (a copy); returns it."""
    if not _MADE or not _MADE[0].exists():
        from privateer.db import open_database

        folder = Path(tempfile.mkdtemp(prefix="privateer-tests-head-"))
        atexit.register(shutil.rmtree, folder, True)
        made = folder / "head.duckdb"
        open_database(made, notify=lambda _: None).dispose()
        assert [p.name for p in folder.iterdir()] == [made.name], "not all in one file"
        _MADE[:] = [made]
    shutil.copyfile(_MADE[0], path)
    return path
