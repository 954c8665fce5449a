"""Looking at what a database holds, for `db tables` and the Quick start's main job."""

from __future__ import annotations

import sqlalchemy as sa


def table_counts(engine: sa.Engine) -> dict[str, int]:
    """Row counts of every table in the main schema, by name."""
    with engine.connect() as conn:
        names = sa.inspect(conn).get_table_names()
        return {
            name: int(conn.execute(sa.text(f'SELECT count(*) FROM "{name}"')).scalar_one())
            for name in sorted(names)
        }
