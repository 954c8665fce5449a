"""alembic's migrations: every change to the schema, and to the shape of saved state."""
