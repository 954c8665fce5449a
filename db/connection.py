"""Opening the database: one DuckDB file through SQLAlchemy, the spatial extension loaded on
every connection, the schema brought to alembic's head before anything else touches it.

Every refusal happens before DuckDB opens the file for writing, so a file we refuse is left
exactly as it was.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import duckdb
import sqlalchemy as sa

from . import migrate
from .errors import DatabaseError, DatabaseLockedError, NotADatabaseError, UnknownRevisionError

DEFAULT_DB_NAME = "privateer.duckdb"
DB_ENV_VAR = "PRIVATEER_DB"

# A DuckDB file starts with an 8-byte checksum, then the magic bytes.
_DUCKDB_MAGIC = b"DUCK"
_MAGIC_OFFSET = 8


def resolve_db_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The database path: the explicit one (--db), else $PRIVATEER_DB, else ./privateer.duckdb."""
    if explicit:
        return Path(explicit)
    from_env = os.environ.get(DB_ENV_VAR)
    if from_env:
        return Path(from_env)
    return Path(DEFAULT_DB_NAME)


def spatial_extension_path() -> Path:
    """The spatial extension that the duckdb-extension-spatial wheel ships for our DuckDB.

    DuckDB cannot download extensions here, so it is loaded by path; the file is signed, so
    unsigned extensions stay disallowed.
    """
    import duckdb_extension_spatial

    root = Path(duckdb_extension_spatial.__file__).resolve().parent / "extensions"
    path = root / f"v{duckdb.__version__}" / "spatial.duckdb_extension"
    if not path.is_file():
        found = sorted(p.parent.name for p in root.glob("*/spatial.duckdb_extension"))
        raise DatabaseError(
            f"no spatial extension for DuckDB {duckdb.__version__} "
            f"(duckdb-extension-spatial has {', '.join(found) or 'none'}); reinstall privateer"
        )
    return path


def check_path(path: Path) -> None:
    """Refuse, without touching it, a path that cannot be or does not hold a DuckDB database."""
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise DatabaseError(f"cannot create database {path}: directory {parent} does not exist")
    if path.is_dir():
        raise NotADatabaseError(f"{path} is a directory, not a DuckDB database")
    if path.exists():
        with path.open("rb") as f:
            head = f.read(_MAGIC_OFFSET + len(_DUCKDB_MAGIC))
        if head[_MAGIC_OFFSET:] != _DUCKDB_MAGIC:
            raise NotADatabaseError(f"{path} is not a DuckDB database")


def create_db_engine(path: Path, *, read_only: bool = False) -> sa.Engine:
    """A SQLAlchemy engine over the DuckDB file with spatial loaded on each connection.

    No checks and no migration: callers want open_database.
    """
    extension = spatial_extension_path()
    engine = sa.create_engine(
        f"duckdb:///{path}",
        connect_args={"read_only": read_only},
        poolclass=sa.pool.QueuePool,
        pool_size=1,
        max_overflow=4,
    )

    @sa.event.listens_for(engine, "connect")
    def _load_spatial(dbapi_connection: duckdb.DuckDBPyConnection, _record: object) -> None:
        dbapi_connection.execute(f"LOAD '{extension}'")

    return engine


def _translate(path: Path, error: Exception) -> DatabaseError:
    text = str(error)
    if "lock" in text.lower():
        return DatabaseLockedError(
            f"{path} is in use by another process (DuckDB allows one writer); "
            "wait for it to finish or use another --db"
        )
    if isinstance(error, sa.exc.DBAPIError) and error.orig is not None:
        text = str(error.orig)
    first_line = text.strip().splitlines()[0] if text.strip() else type(error).__name__
    return DatabaseError(f"cannot open {path}: {first_line}")


def _peek_revision(path: Path) -> str | None:
    """The revision of an existing database, read on a plain read-only DuckDB connection
    (no extension to load, nothing written)."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        found = con.execute(
            "SELECT count(*) FROM information_schema.tables "
            "WHERE table_schema = 'main' AND table_name = 'alembic_version'"
        ).fetchone()
        if not found or not found[0]:
            return None
        row = con.execute("SELECT version_num FROM alembic_version LIMIT 1").fetchone()
        return str(row[0]) if row else None
    finally:
        con.close()


Notify = Callable[[str], None]


def _stderr(message: str) -> None:
    print(message, file=sys.stderr)


def open_database(
    path: str | os.PathLike[str] | None = None,
    *,
    upgrade: bool = True,
    read_only: bool = False,
    notify: Notify = _stderr,
) -> sa.Engine:
    """Open (creating if need be) the database and return its engine, at alembic's head.

    An empty or older database is upgraded, and `notify` is told. A database at a revision this
    code does not know is refused with UnknownRevisionError; a file that is not DuckDB with
    NotADatabaseError; a file another process holds with DatabaseLockedError. With
    upgrade=False an older database is opened as it is (for `db current`).
    """
    db_path = resolve_db_path(path)
    check_path(db_path)
    try:
        existed = db_path.exists()
        revision = _peek_revision(db_path) if existed else None
        if revision is not None and revision not in migrate.known_revisions():
            raise UnknownRevisionError(
                f"{db_path} is at revision {revision}, which this privateer does not know "
                f"(its head is {migrate.head_revision()}); it was written by newer code"
            )
        head = migrate.head_revision()
        needs_upgrade = upgrade and revision != head
        if needs_upgrade:
            if read_only and not existed:
                raise DatabaseError(f"{db_path} does not exist")
            writer = create_db_engine(db_path)
            try:
                with writer.begin() as conn:
                    migrate.upgrade(conn, "head")
            finally:
                writer.dispose()
            was = "an empty database" if revision is None else f"revision {revision}"
            notify(f"upgraded {db_path} from {was} to {head}")
        return create_db_engine(db_path, read_only=read_only)
    except DatabaseError:
        raise
    except (duckdb.Error, sa.exc.DBAPIError) as error:
        raise _translate(db_path, error) from error
