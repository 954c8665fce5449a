"""Fixtures shared by the tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database path in a fresh directory; the file does not exist yet."""
    return tmp_path / "test.duckdb"


@pytest.fixture(autouse=True)
def _no_env_db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Keep a developer's $PRIVATEER_DB out of the tests, and any command run without --db
    away from the working directory."""
    monkeypatch.setenv("PRIVATEER_DB", str(tmp_path / "default.duckdb"))


@pytest.fixture
def locked_db(db_path: Path) -> Iterator[Path]:
    """A database at head, held open for writing by another process while the test runs."""
    import subprocess
    import sys

    from privateer.db import open_database

    open_database(db_path, notify=lambda _: None).dispose()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('held', flush=True);"
            " time.sleep(60)",
            str(db_path),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield db_path
    finally:
        holder.kill()
        holder.wait()
