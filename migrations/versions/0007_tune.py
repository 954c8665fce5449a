"""tune: a study can be a search; a run's result names the letters it finished

`privateer tune` searches the dials for settings that land chosen figures in their intervals.
A search is kept as a study (`sweeps`) whose `search` holds what it was asked (the figures and
their intervals, the dials' ranges, the budget); each trial is one of its points. A sweep's
`search` is null. A run's result gains `acts`, the letters of marque it finished (null for
rules without them and for results stored before), so a study can measure how many captains
reached the third letter.

A downgrade sets both columns' values aside in `_kept_0007_*` (older code never reads them);
the upgrade gives them back to the rows they came from.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from privateer.migrations import kept

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

DOWNGRADE_DROPS: tuple[str, ...] = ()
DOWNGRADE_KEEPS = ("sweeps.search", "sweep_results.acts")
KEPT = {  # side table: what it keeps
    "_kept_0007_sweeps": "SELECT sweep_id, search FROM sweeps WHERE search IS NOT NULL",
    "_kept_0007_sweep_results": (
        "SELECT point_key, seed, acts FROM sweep_results WHERE acts IS NOT NULL"
    ),
}


def upgrade() -> None:
    op.add_column("sweeps", sa.Column("search", sa.JSON))
    op.add_column("sweep_results", sa.Column("acts", sa.Integer))
    conn = op.get_bind()
    if kept.exists(conn, "_kept_0007_sweeps"):
        op.execute(
            "UPDATE sweeps SET search = k.search FROM _kept_0007_sweeps k "
            "WHERE k.sweep_id = sweeps.sweep_id"
        )
    if kept.exists(conn, "_kept_0007_sweep_results"):
        op.execute(
            "UPDATE sweep_results SET acts = k.acts FROM _kept_0007_sweep_results k "
            "WHERE k.point_key = sweep_results.point_key AND k.seed = sweep_results.seed"
        )
    kept.drop(conn, *KEPT)


def downgrade() -> None:
    conn = op.get_bind()
    kept.drop(conn, *KEPT)  # ones left by older code's upgrade, which never read them
    for table, rows in KEPT.items():
        op.execute(f"CREATE TABLE {table} AS {rows}")
    op.drop_column("sweep_results", "acts")
    op.drop_column("sweeps", "search")
