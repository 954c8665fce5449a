"""the world tables and the run tables

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from privateer.db.tables import Geometry
from privateer.migrations import kept

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _id(name: str) -> sa.Column[int]:
    return sa.Column(name, sa.Integer, primary_key=True, autoincrement=False)


# What a downgrade to base drops: everything (and what later downgrades set aside, below).
DOWNGRADE_DROPS = (
    "world_build",
    "nodes",
    "legs",
    "steps",
    "ports",
    "currents",
    "winds",
    "waters",
    "features",
    "seas",
    "sea_nodes",
    "runs",
    "events",
    "actions",
    "checkpoints",
    "saves",
)


def downgrade_losses(connection: sa.Connection) -> list[str]:
    """The side tables later downgrades left (kept for their upgrades), which base drops."""
    losses = []
    for table in kept.kept_tables(connection):
        count = connection.execute(sa.text(f'SELECT count(*) FROM "{table}"')).scalar_one()
        if count:
            losses.append(f"table {table} ({count} rows)")
    return losses


def upgrade() -> None:
    op.create_table(
        "world_build",
        _id("build_id"),
        sa.Column("source_path", sa.String, nullable=False),
        sa.Column("source_sha256", sa.String(64), nullable=False),
        sa.Column("params", sa.JSON, nullable=False),
        sa.Column("code_version", sa.String, nullable=False),
        sa.Column("content_hash", sa.String(64), nullable=False),
        sa.Column("counts", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "nodes",
        _id("node_id"),
        sa.Column("lon", sa.Float(53), nullable=False),
        sa.Column("lat", sa.Float(53), nullable=False),
        sa.Column("kind", sa.String, nullable=False),
        sa.Column("geom", Geometry, nullable=False),
    )
    op.create_table(
        "legs",
        _id("leg_id"),
        sa.Column("a", sa.Integer, nullable=False),
        sa.Column("b", sa.Integer, nullable=False),
        sa.Column("nm", sa.Float(53), nullable=False),
        sa.Column("days", sa.Integer, nullable=False),
        sa.Column("geom", Geometry, nullable=False),
    )
    op.create_table(
        "steps",
        _id("step_id"),
        sa.Column("a", sa.Integer, nullable=False),
        sa.Column("b", sa.Integer, nullable=False),
        sa.Column("nm", sa.Float(53), nullable=False),
        sa.Column("leg_id", sa.Integer, nullable=False),
        sa.Column("geom", Geometry, nullable=False),
    )
    op.create_table(
        "ports",
        _id("port_id"),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("nation", sa.String, nullable=False),
        sa.Column("lon", sa.Float(53), nullable=False),
        sa.Column("lat", sa.Float(53), nullable=False),
        sa.Column("node_id", sa.Integer, nullable=False),
        sa.Column("fortified", sa.Boolean, nullable=False),
        sa.Column("kind", sa.String, nullable=False),
    )
    op.create_table(
        "currents",
        _id("node_id"),
        sa.Column("toward_deg", sa.Float(53), nullable=False),
        sa.Column("knots", sa.Float(53), nullable=False),
        sa.Column("stream", sa.String, nullable=False),
    )
    op.create_table(
        "winds",
        sa.Column("node_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("season", sa.SmallInteger, primary_key=True, autoincrement=False),
        sa.Column("toward_deg", sa.Float(53), nullable=False),
        sa.Column("knots", sa.Float(53), nullable=False),
    )
    op.create_table(
        "waters",
        _id("node_id"),
        sa.Column("nation", sa.String, nullable=False),
        sa.Column("fort_port_id", sa.Integer, nullable=False),
        sa.Column("days", sa.Integer, nullable=False),
    )
    op.create_table(
        "features",
        sa.Column("node_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String, primary_key=True),
        sa.Column("name", sa.String, primary_key=True),
    )
    op.create_table(
        "seas",
        _id("sea_id"),
        sa.Column("name", sa.String, nullable=False, unique=True),
        sa.Column("label_lon", sa.Float(53), nullable=False),
        sa.Column("label_lat", sa.Float(53), nullable=False),
    )
    op.create_table(
        "sea_nodes",
        _id("node_id"),
        sa.Column("sea_id", sa.Integer, nullable=False),
    )
    op.create_table(
        "runs",
        _id("run_id"),
        sa.Column("mode", sa.String, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("world_hash", sa.String(64)),
        sa.Column("engine_version", sa.String, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("outcome", sa.String),
        sa.Column("score", sa.Integer),
        sa.Column("days", sa.Integer),
        sa.Column("started_at", sa.DateTime, nullable=False),
        sa.Column("finished_at", sa.DateTime),
    )
    op.create_table(
        "events",
        sa.Column("run_id", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("day", sa.Integer, nullable=False),
        sa.Column("kind", sa.String, nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("run_id", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("side", sa.String, nullable=False),
        sa.Column("action", sa.String, nullable=False),
    )
    op.create_table(
        "checkpoints",
        sa.Column("run_id", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("state_hash", sa.String(64), nullable=False),
    )
    op.create_table(
        "saves",
        _id("run_id"),
        sa.Column("save_version", sa.Integer, nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    kept.drop(op.get_bind(), *kept.kept_tables(op.get_bind()))
    for name in (
        "saves",
        "checkpoints",
        "actions",
        "events",
        "runs",
        "sea_nodes",
        "seas",
        "features",
        "waters",
        "winds",
        "currents",
        "ports",
        "steps",
        "legs",
        "nodes",
        "world_build",
    ):
        op.drop_table(name)
