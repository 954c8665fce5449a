"""the shore: port roles, nations and their colours, Drake's route

A downgrade keeps what it drops in `_kept_0002_*` tables, with the world build it belonged to;
the upgrade gives it back while that is still the world, and otherwise (a world built by older
code, or one built before this revision) refills it from data/.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from privateer.migrations import kept

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


# What a downgrade past this revision sets aside (`privateer db downgrade` names it).
DOWNGRADE_DROPS: tuple[str, ...] = ()
DOWNGRADE_KEEPS = ("nations", "drake", "ports.roles")
KEPT = {  # side table: what it keeps
    "_kept_0002_nations": "SELECT * FROM nations",
    "_kept_0002_drake": "SELECT * FROM drake",
    "_kept_0002_ports": "SELECT port_id, roles FROM ports",
    "_kept_0002_world": "SELECT build_id, content_hash FROM world_build",
}
WORLD = "SELECT build_id, content_hash FROM {} ORDER BY build_id"


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
    conn = op.get_bind()
    world = "_kept_0002_world"
    if kept.exists(conn, world) and (
        conn.execute(sa.text(WORLD.format(world))).all()
        == conn.execute(sa.text(WORLD.format("world_build"))).all()
    ):
        op.execute("INSERT INTO nations SELECT * FROM _kept_0002_nations")
        op.execute("INSERT INTO drake SELECT * FROM _kept_0002_drake")
        op.execute(
            "UPDATE ports SET roles = k.roles FROM _kept_0002_ports k "
            "WHERE k.port_id = ports.port_id"
        )
    else:
        _refill_from_data()
    kept.drop(conn, *KEPT)


def _refill_from_data() -> None:
    """A world built before (or kept across a downgrade to 0001) gets back what this revision
    holds, from the same hand-authored files the build reads: the nations, the ports' roles,
    and Drake's route traced through the graph as it stands. So the world and its content hash
    stay true without a rebuild."""
    conn = op.get_bind()
    if not conn.execute(sa.text("SELECT count(*) FROM nodes")).scalar():
        return
    import numpy as np

    from privateer.data import DATA_DIR
    from privateer.pipeline.build import weighted_graph
    from privateer.pipeline.places import load_drake, trace_route
    from privateer.pipeline.ports import load_nations, load_ports

    nations = load_nations(DATA_DIR / "nations.csv")
    for n in nations:
        conn.execute(
            sa.text("INSERT INTO nations VALUES (:nation, :name, :field, :border)"),
            {"nation": n.nation, "name": n.name, "field": n.field, "border": n.border},
        )
    for port in load_ports(DATA_DIR / "ports.csv", nations):
        conn.execute(
            sa.text("UPDATE ports SET roles = :roles WHERE name = :name"),
            {"roles": ";".join(port.roles), "name": port.name},
        )
    nodes = conn.execute(sa.text("SELECT node_id, lon, lat, kind FROM nodes ORDER BY node_id"))
    ids, lon, lat, kinds = (np.array(column) for column in zip(*nodes.all(), strict=True))
    steps = conn.execute(sa.text("SELECT a, b, nm FROM steps ORDER BY step_id")).all()
    a, b, nm = (np.array(column) for column in zip(*steps, strict=True))
    graph = weighted_graph(len(ids), a, b, nm)
    route = trace_route(
        load_drake(DATA_DIR / "drake.csv"), graph, lon, lat, ids[kinds != "waypoint"]
    )
    for seq, (node, place) in enumerate(route):
        conn.execute(
            sa.text("INSERT INTO drake VALUES (:seq, :node, :place)"),
            {"seq": seq, "node": node, "place": place},
        )


def downgrade() -> None:
    conn = op.get_bind()
    kept.drop(conn, *KEPT)  # ones left by older code's upgrade, which never read them
    for table, rows in KEPT.items():
        op.execute(f"CREATE TABLE {table} AS {rows}")
    op.drop_table("drake")
    op.drop_table("nations")
    op.drop_column("ports", "roles")
