"""The database: DuckDB through SQLAlchemy, schema owned by alembic."""

from .errors import DatabaseError
from .interrupts import held

with held():  # Ctrl-C while DuckDB's extension module initialises leaves it half made: a crash
    from .connection import open_database, resolve_db_path

__all__ = ["DatabaseError", "open_database", "resolve_db_path"]
