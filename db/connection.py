"""Opening the database: one DuckDB file through SQLAlchemy, the schema brought to alembic's
head before anything else touches it.

Every refusal happens before DuckDB opens the file for writing, so a file we refuse is left
exactly as it was. Opening is cheap when the database is already at head: the stored revision
is compared with `SCHEMA_HEAD` on a plain read-only connection, and alembic is imported only
when there is something to migrate. The spatial extension is loaded only for the connections
that ask for it (the world build, the chart, the export, `sql`): loading it costs a few tenths
of a second that listing runs should not pay.

DuckDB lets one process write a file (and readers wait for it). A connection that finds the
file held retries for `LOCK_WAIT_SECONDS`, saying so once, then gives up with
DatabaseLockedError; commands that wait on a person hold no connection between saves, and
their saves wait as long as it takes (`wait=math.inf`, see db/run_store.py).
"""

from __future__ import annotations

import errno
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import duckdb

from .errors import DatabaseError, DatabaseLockedError, NotADatabaseError, UnknownRevisionError
from .schema_head import HEAD_TABLES, SCHEMA_HEAD

if TYPE_CHECKING:  # SQLAlchemy is imported when an engine is made, not to peek at a revision
    import sqlalchemy as sa

DEFAULT_DB_NAME = "privateer.duckdb"
DB_ENV_VAR = "PRIVATEER_DB"
LOCK_WAIT_SECONDS = 5.0  # how long a command waits for another process's write to end
LOCK_RETRY_SECONDS = 0.1

CONNECTION_CONFIG: dict[str, Any] = {
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
}
"""The one configuration of every connection this code opens to a file. DuckDB shares one open
database between a process's connections to a file and refuses another configuration beside
it ("Can't open a connection to same database file with a different configuration"), so a
plain connection and SQLAlchemy's are opened alike (`duck_connect`), differing only in
read_only. Nothing is installed or loaded behind our back: no extension can be downloaded
here, and the spatial one is loaded by path where it is wanted."""

# A DuckDB file starts with an 8-byte checksum, then the magic bytes.
_DUCKDB_MAGIC = b"DUCK"
_MAGIC_OFFSET = 8

Notify = Callable[[str], None]

# What DuckDB says of a file cut short or with a block that fails its checksum.
_DAMAGED = ("Could not read enough bytes", "Corrupt database file", "checksum")


def _stderr(message: str) -> None:
    print(message, file=sys.stderr)


def resolve_db_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The database path: the explicit one (--db), else $PRIVATEER_DB, else ./privateer.duckdb.
    A path the system cannot even look up (a name too long, a folder we may not enter) is a
    DatabaseError here, not an OSError from the first check that touches it."""
    path = Path(explicit or os.environ.get(DB_ENV_VAR) or DEFAULT_DB_NAME)
    try:
        os.stat(path)
    except OSError as error:
        if error.errno not in (errno.ENOENT, errno.ENOTDIR, errno.ELOOP):
            raise DatabaseError(f"cannot use {path}: {error.strerror or error}") from None
    return path


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


def is_lock_error(error: BaseException) -> bool:
    text = str(error).lower()
    return "lock" in text and ("conflicting" in text or "could not set lock" in text)


def locked_error(path: Path) -> DatabaseLockedError:
    """The one line every command gives for a database another process holds."""
    return DatabaseLockedError(
        f"{path} is in use by another process (DuckDB allows one writer); "
        "wait for it to finish or use another --db"
    )


def waiting_note(path: Path) -> str:
    """What a connection says, once, when it finds the file held and starts to wait."""
    return f"waiting for {path}: another process is using it"


def duck_connect(
    path: Path, *, read_only: bool = False, config: dict[str, Any] | None = None
) -> duckdb.DuckDBPyConnection:
    """A DuckDB connection to the file in the process's one configuration (CONNECTION_CONFIG,
    and `config` on top for a process that opens the file only one way, as `sql` does):
    every connection to a file, plain or through SQLAlchemy, is made here."""
    if not read_only:  # a listing's read-only connection gives no parameters, and starts fast
        import_what_duckdb_imports()
    chosen = {**CONNECTION_CONFIG, **(config or {})}
    return duckdb.connect(str(path), read_only=read_only, config=chosen)


def import_what_duckdb_imports() -> None:
    """Import pandas (and with it NumPy and pyarrow) before DuckDB does, with Ctrl-C held.

    DuckDB imports them itself, from its C++ code, the first time a statement is given
    parameters (to ask whether a value is one of their types), and takes any error in that
    import to mean they are missing: a Ctrl-C landing there (the import takes most of a
    second, several on a busy machine) was swallowed, and the command went on as if no key
    had been pressed. Imported here, a Ctrl-C waits for the import to end and is then raised
    where the command can say what it kept; a Ctrl-C inside NumPy's own loading would
    otherwise break it into an ImportError. Every connection that may write does it (the
    games', the writers', every SQLAlchemy one); the listings' plain read-only ones do not,
    as they give no parameters and `runs list` is meant to start without pandas."""
    if "pandas" in sys.modules:
        return
    from .interrupts import held

    with held():
        import pandas  # noqa: F401


def connect_waiting(
    path: Path,
    *,
    read_only: bool = False,
    notify: Notify = _stderr,
    wait: float | None = None,
    config: dict[str, Any] | None = None,
) -> duckdb.DuckDBPyConnection:
    """A plain DuckDB connection, waiting for another process's lock up to `wait` seconds
    (None: LOCK_WAIT_SECONDS; math.inf: until it is free)."""
    connection: duckdb.DuckDBPyConnection = _waiting(
        path, notify, lambda: duck_connect(path, read_only=read_only, config=config), wait
    )
    return connection


def _waiting(
    path: Path, notify: Notify, connect: Callable[[], Any], wait: float | None = None
) -> Any:
    """`connect()`, retried while another process holds the file: said once, given up after
    `wait` seconds (LOCK_WAIT_SECONDS, read now so tests can shorten it). Any other failure to
    open it (a truncated file, a block whose checksum fails) is a DatabaseError, so every
    command that opens the file, by whatever road, says one line."""
    deadline = time.monotonic() + (LOCK_WAIT_SECONDS if wait is None else wait)
    said = False
    while True:
        try:
            return connect()
        except duckdb.Error as error:
            if not is_lock_error(error):  # a damaged or unreadable file: one line, not DuckDB's
                raise translate(path, error) from error
            if time.monotonic() >= deadline:
                raise locked_error(path) from None
            if not said:
                notify(waiting_note(path))
                said = True
            time.sleep(LOCK_RETRY_SECONDS)


def create_db_engine(
    path: Path,
    *,
    read_only: bool = False,
    spatial: bool = False,
    pooled: bool = True,
    notify: Notify = _stderr,
    wait: float | None = None,
) -> sa.Engine:
    """A SQLAlchemy engine over the DuckDB file. Each new connection waits out another
    process's lock (`wait` seconds, by default a few, then DatabaseLockedError) and, with
    `spatial`, loads the spatial extension. `pooled=False` closes each connection when it is
    returned, so a session that waits on a person holds nothing between its saves.

    No checks and no migration: callers want open_database.
    """
    import sqlalchemy as sa
    from duckdb_sqlalchemy import ConnectionWrapper

    extension = spatial_extension_path() if spatial else None
    engine = sa.create_engine(
        f"duckdb:///{path}",
        poolclass=sa.pool.QueuePool if pooled else sa.pool.NullPool,
        **({"pool_size": 1, "max_overflow": 4} if pooled else {}),
    )

    @sa.event.listens_for(engine, "do_connect")
    def _connect(_dialect: Any, _record: object, _cargs: Any, _cparams: Any) -> Any:
        # the dialect's own connect adds its user agent to the configuration; ours is the one
        # every connection to the file shares (its wrapper is all the dialect adds besides)
        import_what_duckdb_imports()  # read-only too: SQLAlchemy's statements take parameters
        opened = _waiting(path, notify, lambda: duck_connect(path, read_only=read_only), wait)
        return ConnectionWrapper(opened)

    if extension is not None:

        @sa.event.listens_for(engine, "connect")
        def _load_spatial(dbapi_connection: Any, _record: object) -> None:
            dbapi_connection.execute(f"LOAD '{extension}'")

    return engine


def check_writable(path: Path, notify: Notify = _stderr, wait: float | None = None) -> None:
    """Open the file for writing once (waiting out another process's lock as every connection
    does, then DatabaseLockedError) and let it go: a long job asks this before it starts, not
    after. A plain DuckDB connection: the question needs neither SQLAlchemy nor the spatial
    extension, whose loading alone takes 0.15 s a connection."""
    _waiting(path, notify, lambda: duck_connect(path), wait).close()


def translate(path: Path, error: Exception) -> DatabaseError:
    """A DuckDB or SQLAlchemy error as the one line a user reads."""
    if isinstance(error, DatabaseError):
        return error
    if is_lock_error(error):
        return locked_error(path)
    text = str(error)
    orig = getattr(error, "orig", None)  # SQLAlchemy's DBAPIError wraps DuckDB's
    if orig is not None:
        text = str(orig)
    first_line = text.strip().splitlines()[0] if text.strip() else type(error).__name__
    if any(sign in first_line for sign in _DAMAGED):
        return DatabaseError(f"cannot use {path}: the file is damaged or cut short ({first_line})")
    return DatabaseError(f"cannot use {path}: {first_line}")


def peek_revision(path: Path, notify: Notify = _stderr, wait: float | None = None) -> str | None:
    """The revision of an existing database, read on a plain read-only DuckDB connection
    (no extension to load, nothing written)."""
    con = connect_waiting(path, read_only=True, notify=notify, wait=wait)
    try:
        revision = _revision(con)
        if revision == SCHEMA_HEAD:
            _check_tables(path, con)
        return revision
    except duckdb.Error as error:  # the catalog read from a damaged file
        raise translate(path, error) from error
    finally:
        con.close()


T = TypeVar("T")


def read_at_head(
    path: Path,
    read: Callable[[duckdb.DuckDBPyConnection], T],
    notify: Notify = _stderr,
    wait: float | None = None,
) -> tuple[bool, T | None]:
    """(True, `read(con)`) when an existing database is at head (its tables whole), read on the
    very read-only connection that checked it: a listing command opens the file once, not once
    to check and again to read (DuckDB's open is most of such a command's time); (False, None),
    nothing read, when it is not at head."""
    con = connect_waiting(path, read_only=True, notify=notify, wait=wait)
    try:
        if _revision(con) != SCHEMA_HEAD:
            return False, None
        _check_tables(path, con)
        return True, read(con)
    except duckdb.Error as error:  # the catalog or the rows read from a damaged file
        raise translate(path, error) from error
    finally:
        con.close()


def _revision(con: duckdb.DuckDBPyConnection) -> str | None:
    found = con.execute(
        "SELECT count(*) FROM information_schema.tables "
        "WHERE table_schema = 'main' AND table_name = 'alembic_version'"
    ).fetchone()
    if not found or not found[0]:
        return None
    row = con.execute("SELECT version_num FROM alembic_version LIMIT 1").fetchone()
    return str(row[0]) if row else None


def _check_tables(path: Path, con: duckdb.DuckDBPyConnection) -> None:
    """A database at head lacking a table head has (dropped by hand or another tool) is not
    what its revision says: one line here, not a catalog error deep inside a command."""
    present = {
        str(name)
        for (name,) in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"
        ).fetchall()
    }
    missing = sorted(HEAD_TABLES - present)
    if missing:
        raise DatabaseError(
            f"cannot use {path}: it is damaged, not as its revision {SCHEMA_HEAD} says: it has "
            f"no table {', '.join(missing)}; restore it from a copy or use another --db"
        )


def open_database(
    path: str | os.PathLike[str] | None = None,
    *,
    upgrade: bool = True,
    read_only: bool = False,
    spatial: bool = False,
    pooled: bool = True,
    must_exist: bool = False,
    notify: Notify = _stderr,
    wait: float | None = None,
) -> sa.Engine:
    """Open (creating if need be) the database and return its engine, at alembic's head.
    Another process's lock is waited for `wait` seconds (None: LOCK_WAIT_SECONDS).

    An empty or older database is upgraded, and `notify` is told. A database at a revision this
    code does not know is refused with UnknownRevisionError; a file that is not DuckDB with
    NotADatabaseError; a file another process holds with DatabaseLockedError. With
    upgrade=False an older database is opened as it is (for `db current`). With
    must_exist=True nothing is created or migrated: a missing database or one below head is
    refused, pointing at `privateer db upgrade` (for `sql`, which only reads).
    """
    db_path = resolve_db_path(path)
    check_path(db_path)
    try:
        existed = db_path.exists()
        if must_exist and not existed:
            raise DatabaseError(
                f"no database at {db_path}; `privateer db upgrade` creates one "
                "(`privateer world build` fills it)"
            )
        revision = peek_revision(db_path, notify, wait) if existed else None
        if revision != SCHEMA_HEAD:
            from . import migrate

            if revision is not None and revision not in migrate.known_revisions():
                raise UnknownRevisionError(
                    f"{db_path} is at revision {revision}, which this privateer does not know "
                    f"(its head is {SCHEMA_HEAD}); it was written by newer code"
                )
            if must_exist:
                raise DatabaseError(
                    f"{db_path} is at revision {revision or 'none'}, older than this "
                    f"privateer's {SCHEMA_HEAD}; `privateer db upgrade` brings it up to date"
                )
            if upgrade:
                if read_only and not existed:
                    raise DatabaseError(f"{db_path} does not exist")
                writer = create_db_engine(
                    db_path, spatial=True, pooled=False, notify=notify, wait=wait
                )
                try:
                    with writer.begin() as conn:
                        migrate.upgrade(conn, "head")
                finally:
                    writer.dispose()
                was = "an empty database" if revision is None else f"revision {revision}"
                notify(f"upgraded {db_path} from {was} to {SCHEMA_HEAD}")
        return create_db_engine(
            db_path,
            read_only=read_only,
            spatial=spatial,
            pooled=pooled,
            notify=notify,
            wait=wait,
        )
    except DatabaseError:
        raise
    except Exception as error:
        import sqlalchemy as sa

        if isinstance(error, duckdb.Error | sa.exc.DBAPIError):
            raise translate(db_path, error) from error
        raise
