"""the shore: port roles, nations and their colours, Drake's route

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # DuckDB cannot add a column with a NOT NULL constraint; the writer always fills it.
    op.add_column("ports", sa.Column("roles", sa.String, server_default=""))
    op.create_table(
        "nations",
        sa.Column("nation", sa.String, primary_key=True),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("field", sa.String(7), nullable=False),
        sa.Column("border", sa.String(7), nullable=False),
    )
    op.create_table(
        "drake",
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("node_id", sa.Integer, nullable=False),
        sa.Column("place", sa.String),
    )


def downgrade() -> None:
    op.drop_table("drake")
    op.drop_table("nations")
    op.drop_column("ports", "roles")
