"""The schema: alembic's revisions create exactly the tables db.tables declares, and upgrades
and downgrades behave."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from privateer.db import migrate, open_database
from privateer.db.tables import metadata


def _tables(engine: sa.Engine) -> set[str]:
    with engine.connect() as conn:
        return set(sa.inspect(conn).get_table_names()) - {"alembic_version"}


def test_upgrading_a_fresh_database_creates_every_table(db_path: Path) -> None:
    notes: list[str] = []
    engine = open_database(db_path, notify=notes.append)
    assert _tables(engine) == set(metadata.tables)
    with engine.connect() as conn:
        assert migrate.current_revision(conn) == migrate.head_revision()
    engine.dispose()
    assert notes == [f"upgraded {db_path} from an empty database to {migrate.head_revision()}"]


def test_the_migrations_match_the_table_definitions(db_path: Path) -> None:
    engine = open_database(db_path, notify=lambda _: None)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    engine.dispose()
    assert diff == []


def test_upgrading_twice_changes_nothing(db_path: Path) -> None:
    open_database(db_path, notify=lambda _: None).dispose()
    before = db_path.read_bytes()
    notes: list[str] = []
    engine = open_database(db_path, notify=notes.append)
    with engine.begin() as conn:
        migrate.upgrade(conn, "head")
    engine.dispose()
    assert notes == []
    assert db_path.read_bytes() == before


def test_downgrade_to_base_then_upgrade_again(db_path: Path) -> None:
    engine = open_database(db_path, notify=lambda _: None)
    with engine.begin() as conn:
        migrate.downgrade(conn, "base")
    assert _tables(engine) == set()
    with engine.connect() as conn:
        assert migrate.current_revision(conn) is None
    with engine.begin() as conn:
        migrate.upgrade(conn, "head")
    assert _tables(engine) == set(metadata.tables)
    engine.dispose()


def test_an_older_database_is_upgraded_on_open(db_path: Path) -> None:
    engine = open_database(db_path, notify=lambda _: None)
    with engine.begin() as conn:
        migrate.downgrade(conn, "base")
    engine.dispose()
    notes: list[str] = []
    open_database(db_path, notify=notes.append).dispose()
    assert len(notes) == 1 and notes[0].startswith(f"upgraded {db_path}")


def test_the_spatial_extension_answers(db_path: Path) -> None:
    engine = open_database(db_path, spatial=True, notify=lambda _: None)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT ST_AsText(ST_Point(1, 2))")).scalar_one() == (
            "POINT (1 2)"
        )
    engine.dispose()


def test_the_path_comes_from_the_environment_when_not_given(
    tmp_path: Path, monkeypatch: object
) -> None:
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    from privateer.db import resolve_db_path

    target = tmp_path / "env.duckdb"
    monkeypatch.setenv("PRIVATEER_DB", str(target))
    assert resolve_db_path(None) == target
    assert resolve_db_path(tmp_path / "explicit.duckdb") == tmp_path / "explicit.duckdb"
    monkeypatch.delenv("PRIVATEER_DB")
    assert resolve_db_path(None) == Path("privateer.duckdb")
