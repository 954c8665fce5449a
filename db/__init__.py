"""The database: DuckDB through SQLAlchemy, schema owned by alembic."""

from .connection import open_database, resolve_db_path
from .errors import DatabaseError

__all__ = ["DatabaseError", "open_database", "resolve_db_path"]
