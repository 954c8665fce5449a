"""route_trees: the route trees worked out on a world, kept for the next process

A route tree (for every graph node, the leg a ship takes toward one destination, in one
weather, for one rig, over one weighing of the seas) is a pure function of the world and the
code; a first voyage on the full world works out some 800 of them (1.4 s). `route_trees` keeps
them by the world's content hash, each with the fingerprint of the graph it was worked out
on, so a later process reads them (db/route_trees.py). A cache: nothing else reads it.

A downgrade sets the table aside as `_kept_0008_route_trees` (older code never reads it); the
upgrade puts it back as it was, or creates it empty.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from privateer.migrations import kept

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

DOWNGRADE_DROPS: tuple[str, ...] = ()
DOWNGRADE_KEEPS = ("route_trees",)
_KEPT = f"{kept.PREFIX}0008_route_trees"


def upgrade() -> None:
    conn = op.get_bind()
    if kept.exists(conn, _KEPT):
        op.execute(f'ALTER TABLE "{_KEPT}" RENAME TO "route_trees"')
        return
    op.create_table(
        "route_trees",
        sa.Column("world_hash", sa.String(64), primary_key=True),
        sa.Column("destination", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("weather", sa.SmallInteger, primary_key=True, autoincrement=False),
        sa.Column("rig", sa.SmallInteger, primary_key=True, autoincrement=False),
        # '' the calm seas; else [storm_latitude, storm_days, ice_latitude, ice_days, [closed]]
        sa.Column("seas", sa.String, primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("legs", sa.LargeBinary, nullable=False),  # per graph node, little-endian
        sa.Column("ahead", sa.JSON, nullable=False),  # [[neighbour, next node], ...]
    )


def downgrade() -> None:
    conn = op.get_bind()
    kept.drop(conn, _KEPT)
    op.execute(f'ALTER TABLE "route_trees" RENAME TO "{_KEPT}"')
