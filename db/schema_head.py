"""The newest schema revision this code writes, and the tables a database at it holds, known
without importing alembic or SQLAlchemy.

Opening a database compares its stored revision with this first, so a database already at
head never pays for alembic's import and script scan; one at head that lacks a table of
HEAD_TABLES (dropped by hand or by another tool) is damaged, and refused in one line. A test
checks both against alembic's head and db/tables.py.
"""

SCHEMA_HEAD = "0008"

HEAD_TABLES = frozenset(
    {
        # the world
        "world_build", "nodes", "legs", "steps", "ports", "nations", "drake", "currents",
        "winds", "waters", "features", "seas", "sea_nodes",
        # the runs, their log and saves
        "runs", "events", "actions", "checkpoints", "saves",
        # balance studies
        "sweeps", "sweep_points", "sweep_results",
        # what processes worked out on a world, kept for the next
        "route_trees",
    }
)  # fmt: skip
