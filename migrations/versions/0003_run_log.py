"""the run log: columns analysis asks for often, and the indexes it needs

Runs gain what was fought (target, ship, bot) and how long it lasted, as columns, with indexes:
runs are few and queried by these. Events keep their JSON payload; the fields asked for most
(side, card, hull, gold, node, nation, ship kind) are one DuckDB JSON function away, and the
view `event_facts` spells them out as columns. Events carry no ART index and no extracted
columns: they are appended in run order, so DuckDB's zone maps already prune by run_id, and
anything more would tax every bulk append.

A downgrade keeps each run's four columns in `_kept_0003`, with the rest of its row and its
event count, and the upgrade gives them back to every run older code has left as it was. A run
logged (or played on) by older code gets them from what it holds: a fight's from its options
and events, a duel's captain and rounds from its events; a voyage's and a world run's stay
unknown, since nothing a run keeps says them.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from privateer.migrations import kept

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


KEPT = "_kept_0003"
OTHER_COLUMNS = (
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
EVENT_COUNTS = "SELECT run_id, count(*) AS n_events FROM events GROUP BY run_id"
# What each run's columns are, from what it holds: a fight's options say what was fought; a
# duel's first event names the captains (Blue's is the target); fights and duels number their
# rounds in their events. (A voyage's or world run's events number days, not rounds.)
DERIVED = """
SELECT r.run_id,
       CASE WHEN r.mode IN ('fight', 'sim') THEN r.options->>'$.target'
            WHEN r.mode = 'duel' THEN (SELECT e.payload->>'$.captains[1]' FROM events e
                                       WHERE e.run_id = r.run_id AND e.kind = 'duel_start'
                                       LIMIT 1) END AS target,
       CASE WHEN r.mode IN ('fight', 'sim') THEN r.options->>'$.ship' END AS ship,
       CASE WHEN r.mode IN ('fight', 'sim') THEN r.options->>'$.bot' END AS bot,
       CASE WHEN r.mode IN ('fight', 'sim', 'duel')
            THEN (SELECT max(TRY_CAST(e.payload->>'$.round' AS INTEGER)) FROM events e
                  WHERE e.run_id = r.run_id) END AS rounds
FROM runs r
"""


def _unchanged(a: str, b: str) -> str:
    """SQL: run rows `a` and `b` agree on every column older code has."""
    return " AND ".join(
        f"CAST({a}.{c} AS VARCHAR) IS NOT DISTINCT FROM CAST({b}.{c} AS VARCHAR)"
        if c == "options"
        else f"{a}.{c} IS NOT DISTINCT FROM {b}.{c}"
        for c in OTHER_COLUMNS
    )


# What a downgrade past this revision sets aside in _kept_0003 (the upgrade restores it).
DOWNGRADE_DROPS: tuple[str, ...] = ()
DOWNGRADE_KEEPS = ("runs.target", "runs.ship", "runs.bot", "runs.rounds")


def upgrade() -> None:
    for name, kind in RUN_COLUMNS:
        op.add_column("runs", sa.Column(name, kind))
    op.create_index("runs_by_fight", "runs", ["mode", "target", "ship", "bot"])
    op.create_index("runs_by_outcome", "runs", ["outcome"])
    op.execute(EVENT_FACTS)
    # (After the indexes: DuckDB cannot index a table with updates outstanding.) Each run gets
    # its columns back: as kept, if older code has not touched the run since the downgrade
    # (the same row, the same number of events); else from what the run holds.
    conn = op.get_bind()
    restored = DERIVED
    if kept.exists(conn, KEPT):
        restored = f"""
SELECT d.run_id,
       CASE WHEN k.run_id IS NULL THEN d.target ELSE k.target END AS target,
       CASE WHEN k.run_id IS NULL THEN d.ship ELSE k.ship END AS ship,
       CASE WHEN k.run_id IS NULL THEN d.bot ELSE k.bot END AS bot,
       CASE WHEN k.run_id IS NULL THEN d.rounds ELSE k.rounds END AS rounds
FROM ({DERIVED}) d
JOIN runs r USING (run_id)
LEFT JOIN ({EVENT_COUNTS}) c USING (run_id)
LEFT JOIN {KEPT} k ON k.run_id = r.run_id AND {_unchanged("k", "r")}
                   AND k.n_events = coalesce(c.n_events, 0)
"""
    op.execute(
        f"""UPDATE runs SET target = x.target, ship = x.ship, bot = x.bot, rounds = x.rounds
            FROM ({restored}) x WHERE x.run_id = runs.run_id"""
    )
    kept.drop(conn, KEPT)


def downgrade() -> None:
    conn = op.get_bind()
    kept.drop(conn, KEPT)  # one left by older code's upgrade, which never read it
    op.execute(
        f"""CREATE TABLE {KEPT} AS
            SELECT r.*, coalesce(c.n_events, 0) AS n_events
            FROM runs r LEFT JOIN ({EVENT_COUNTS}) c USING (run_id)"""
    )
    op.execute("DROP VIEW event_facts")
    op.drop_index("runs_by_outcome", table_name="runs")
    op.drop_index("runs_by_fight", table_name="runs")
    # DuckDB will not drop a column from a table that had indexes in the same transaction:
    # rebuild runs without the columns instead.
    keep = ", ".join(OTHER_COLUMNS)
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
