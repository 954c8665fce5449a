"""alembic's environment: migrate the connection privateer.db hands over.

privateer always passes an open connection (config.attributes["connection"]), so the spatial
extension is loaded and the whole upgrade runs in that connection's transaction.
"""

from __future__ import annotations

from alembic import context

from privateer.db import migrate  # noqa: F401  (registers alembic's DuckDB implementation)
from privateer.db.tables import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("privateer migrations run through privateer.db, which passes a connection")

context.configure(connection=connection, target_metadata=metadata, compare_type=True)
with context.begin_transaction():
    context.run_migrations()
