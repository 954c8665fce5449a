"""Databases that cannot be used are refused with one line, and the file is left untouched."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from privateer.db import open_database
from privateer.db.errors import (
    DatabaseError,
    DatabaseLockedError,
    NotADatabaseError,
    UnknownRevisionError,
)


def test_a_path_in_a_missing_directory_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "x.duckdb"
    with pytest.raises(DatabaseError, match="does not exist"):
        open_database(path, notify=lambda _: None)
    assert not path.parent.exists()


@pytest.mark.parametrize("content", [b"", b"hello, world\n", b"x" * 4096])
def test_a_file_that_is_not_duckdb_is_refused_and_untouched(db_path: Path, content: bytes) -> None:
    db_path.write_bytes(content)
    with pytest.raises(NotADatabaseError, match="not a DuckDB database"):
        open_database(db_path, notify=lambda _: None)
    assert db_path.read_bytes() == content


def test_a_database_at_an_unknown_revision_is_refused_and_untouched(db_path: Path) -> None:
    open_database(db_path, notify=lambda _: None).dispose()
    con = duckdb.connect(str(db_path))
    con.execute("UPDATE alembic_version SET version_num = 'ffff'")
    con.close()
    before = db_path.read_bytes()
    with pytest.raises(UnknownRevisionError, match="revision ffff") as caught:
        open_database(db_path, notify=lambda _: None)
    assert "\n" not in str(caught.value)
    assert db_path.read_bytes() == before


def test_a_database_locked_by_another_process_gets_a_message(locked_db: Path) -> None:
    with pytest.raises(DatabaseLockedError, match="in use by another process"):
        open_database(locked_db, notify=lambda _: None)
