"""sweeps: balance studies kept, each setting of the dials a point, each run's result

A study (`privateer sweep`) turns one or more dials of the rules over values and plays the same
seeds at every setting. `sweeps` records the study (its dials and values, base rules, seeds,
days, engine and world), `sweep_points` each setting of it (`point_key` names the setting, its
seeds, days, rules version and world, so an identical point of a later study reuses the
results), and `sweep_results` the result of every run played at a point, from which the
point's figures are computed (with polars, by `db/sweeps.py`).

A downgrade sets the three tables aside as `_kept_0006_*` (older code never reads them); the
upgrade puts them back as they were, or creates them empty.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from privateer.migrations import kept

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

TABLES = ("sweeps", "sweep_points", "sweep_results")
DOWNGRADE_DROPS: tuple[str, ...] = ()
DOWNGRADE_KEEPS = TABLES


def _kept(table: str) -> str:
    return f"{kept.PREFIX}0006_{table}"


def upgrade() -> None:
    conn = op.get_bind()
    for table in TABLES:
        if kept.exists(conn, _kept(table)):
            op.execute(f'ALTER TABLE "{_kept(table)}" RENAME TO "{table}"')
    if not kept.exists(conn, "sweeps"):
        op.create_table(
            "sweeps",
            sa.Column("sweep_id", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("dials", sa.JSON, nullable=False),  # [[name, [values...]], ...]
            sa.Column("rules", sa.String, nullable=False),  # the voyage rules turned
            sa.Column("first_seed", sa.BigInteger, nullable=False),
            sa.Column("runs", sa.Integer, nullable=False),  # a point
            sa.Column("days", sa.Integer, nullable=False),
            sa.Column("engine_version", sa.String, nullable=False),
            sa.Column("world_hash", sa.String(64), nullable=False),
            sa.Column("created_at", sa.DateTime, nullable=False),
        )
    if not kept.exists(conn, "sweep_points"):
        op.create_table(
            "sweep_points",
            sa.Column("sweep_id", sa.Integer, nullable=False),
            sa.Column("point", sa.Integer, nullable=False),
            sa.Column("setting", sa.JSON, nullable=False),  # {dial: value}
            sa.Column("point_key", sa.String(64), nullable=False),
            sa.Column("figures", sa.JSON, nullable=False),
            sa.PrimaryKeyConstraint("sweep_id", "point"),
        )
    if not kept.exists(conn, "sweep_results"):
        op.create_table(
            "sweep_results",
            sa.Column("point_key", sa.String(64), nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=False),
            sa.Column("outcome", sa.String, nullable=False),
            sa.Column("cause", sa.String, nullable=False),
            sa.Column("day", sa.Integer, nullable=False),
            sa.Column("gold", sa.Integer, nullable=False),
            sa.Column("raids", sa.Integer, nullable=False),
            sa.Column("prizes", sa.Integer, nullable=False),
            sa.Column("storms", sa.Integer, nullable=False),
            sa.Column("seas", sa.JSON, nullable=False),  # the named seas she sailed in
            sa.Column("run_id", sa.Integer),  # the logged run, if the study logged its runs
        )


def downgrade() -> None:
    conn = op.get_bind()
    for table in TABLES:
        kept.drop(conn, _kept(table))
        op.execute(f'ALTER TABLE "{table}" RENAME TO "{_kept(table)}"')
