"""Fixtures shared by the tests."""

from __future__ import annotations

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
