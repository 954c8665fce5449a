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
from privateer.db.schema_head import SCHEMA_HEAD
from tests.head_db import at_head


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
    at_head(db_path)
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


def test_the_tables_at_head_are_the_schemas_and_an_upgrade_makes_them(db_path: Path) -> None:
    from privateer.db.schema_head import HEAD_TABLES
    from privateer.db.tables import metadata

    assert set(metadata.tables) == HEAD_TABLES
    open_database(db_path, notify=lambda _: None).dispose()
    with duckdb.connect(str(db_path), read_only=True) as con:
        made = {
            name
            for (name,) in con.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = 'main' AND table_type = 'BASE TABLE'"
            ).fetchall()
        }
    assert made == HEAD_TABLES | {"alembic_version"}


# Each command below reaches the database by its own road: the quick peek at the revision
# (`runs list`, `db current`), a RunStore (`saves list`, `play`), open_db (`world info`).
COMMANDS = (["saves", "list"], ["play", "--new"], ["runs", "list"], ["db", "current"],
            ["world", "info"], ["db", "upgrade"])  # fmt: skip


@pytest.mark.parametrize("table", ["saves", "runs", "sweep_results", "nodes"])
def test_a_database_at_head_missing_a_table_is_refused_as_damaged_in_one_line(
    db_path: Path, table: str
) -> None:
    from typer.testing import CliRunner

    from privateer.cli.app import app

    at_head(db_path)
    with duckdb.connect(str(db_path)) as con:
        con.execute("DROP VIEW IF EXISTS event_facts")  # a view over events and runs
        con.execute(f"DROP TABLE {table}")
    before = db_path.read_bytes()
    said = (
        f"error: cannot use {db_path}: it is damaged, not as its revision {SCHEMA_HEAD} says: "
        f"it has no table {table}; restore it from a copy or use another --db"
    )
    for command in COMMANDS:
        result = CliRunner().invoke(app, ["--db", str(db_path), *command], input="")
        assert result.exit_code == 2, (command, result.output)
        assert result.stderr.strip().splitlines() == [said], command
    assert db_path.read_bytes() == before
    with pytest.raises(DatabaseError, match=f"damaged.*no table {table}"):
        open_database(db_path, notify=lambda _: None)


def test_a_database_name_too_long_for_the_system_is_one_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from privateer.cli.app import app

    long = tmp_path / ("a" * 300 + ".duckdb")
    for command in COMMANDS:
        for args, env in (
            (["--db", str(long), *command], {}),
            (command, {"PRIVATEER_DB": str(long)}),
        ):
            result = CliRunner().invoke(app, args, input="", env=env)
            assert result.exit_code == 2, (args, result.output)
            assert result.stderr.strip().splitlines() == [
                f"error: cannot use {long}: File name too long"
            ], args
    with pytest.raises(DatabaseError, match="File name too long"):
        open_database(long, notify=lambda _: None)
    assert list(tmp_path.iterdir()) == []
