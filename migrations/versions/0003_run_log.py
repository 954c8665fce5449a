"""the run log: columns analysis asks for often, and the indexes it needs

Runs gain what was fought (target, ship, bot) and how long it lasted, as columns, with indexes:
runs are few and queried by these. Events keep their JSON payload; the fields asked for most
(side, card, hull, gold, node, nation, ship kind) are one DuckDB JSON function away, and the
view `event_facts` spells them out as columns. Events carry no ART index and no extracted
columns: they are appended in run order, so DuckDB's zone maps already prune by run_id, and
anything more would tax every bulk append.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

RUN_COLUMNS = (
    ("target", sa.String),
    ("ship", sa.String),
    ("bot", sa.String),
    ("rounds", sa.Integer),
)
EVENT_FACTS = """
CREATE VIEW event_facts AS
SELECT e.run_id, e.seq, e.day, e.kind, e.payload,
       CAST(e.payload->>'$.round' AS INTEGER) AS round,
       e.payload->>'$.side' AS side,
       e.payload->>'$.card' AS card,
       TRY_CAST(e.payload->>'$.hull' AS INTEGER) AS hull,
       TRY_CAST(coalesce(e.payload->>'$.gold', e.payload->>'$.payout') AS INTEGER) AS gold,
       TRY_CAST(e.payload->>'$.node_id' AS INTEGER) AS node_id,
       e.payload->>'$.nation' AS nation,
       coalesce(e.payload->>'$.ship', r.ship) AS ship,
       r.mode, r.target, r.bot, r.outcome
FROM events e JOIN runs r USING (run_id)
"""


# What a downgrade past this revision drops (refilled by the upgrade, from each run's options
# and events).
DOWNGRADE_DROPS = ("runs.target", "runs.ship", "runs.bot", "runs.rounds")


def upgrade() -> None:
    for name, kind in RUN_COLUMNS:
        op.add_column("runs", sa.Column(name, kind))
    op.create_index("runs_by_fight", "runs", ["mode", "target", "ship", "bot"])
    op.create_index("runs_by_outcome", "runs", ["outcome"])
    op.execute(EVENT_FACTS)
    # (After the indexes: DuckDB cannot index a table with updates outstanding.) Runs logged
    # before (or kept across a downgrade) get their columns back: what was fought
    # from the options each run keeps, how far it got from its events.
    op.execute(
        """UPDATE runs SET target = options->>'$.target', ship = options->>'$.ship',
                  bot = options->>'$.bot',
                  rounds = (SELECT max(TRY_CAST(e.payload->>'$.round' AS INTEGER))
                            FROM events e WHERE e.run_id = runs.run_id)"""
    )


def downgrade() -> None:
    op.execute("DROP VIEW event_facts")
    op.drop_index("runs_by_outcome", table_name="runs")
    op.drop_index("runs_by_fight", table_name="runs")
    # DuckDB will not drop a column from a table that had indexes in the same transaction:
    # rebuild runs without the columns instead.
    keep = ", ".join(
        (
            "run_id",
            "mode",
            "seed",
            "world_hash",
            "engine_version",
            "options",
            "outcome",
            "score",
            "days",
            "started_at",
            "finished_at",
        )
    )
    op.execute(f"CREATE TABLE runs_before_0003 AS SELECT {keep} FROM runs")
    op.drop_table("runs")
    op.create_table(
        "runs",
        sa.Column("run_id", sa.Integer, primary_key=True, autoincrement=False),
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
    op.execute(f"INSERT INTO runs ({keep}) SELECT {keep} FROM runs_before_0003")
    op.drop_table("runs_before_0003")
