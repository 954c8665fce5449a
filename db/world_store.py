"""Writing and reading the world tables.

A build is swapped in whole: the new rows' Arrow tables are registered with DuckDB, then one
transaction empties every world table, fills them straight from the Arrow tables (geometry
made from its WKB as it goes) and records the build. If anything fails, or the process dies,
before COMMIT, DuckDB keeps the old world.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa
import sqlalchemy as sa

from .tables import WORLD_TABLES, Geometry, world_build


def _select_list(table: sa.Table, staged: pa.Table) -> tuple[str, str]:
    names = [c.name for c in table.columns if c.name in staged.column_names]
    exprs = [
        f'ST_GeomFromWKB("{c.name}")' if isinstance(c.type, Geometry) else f'"{c.name}"'
        for c in table.columns
        if c.name in staged.column_names
    ]
    return ", ".join(f'"{n}"' for n in names), ", ".join(exprs)


def replace_world(engine: sa.Engine, tables: Mapping[str, pa.Table], record: dict[str, Any]) -> int:
    """Replace every world table's rows with `tables` (name -> Arrow table) and append the
    build record; world tables not given are emptied (their rows name the old node ids), and
    so are the route trees kept for any other world (db/route_trees.py). Returns the new
    build_id."""
    known = {t.name: t for t in WORLD_TABLES}
    unknown = set(tables) - set(known)
    if unknown:
        raise ValueError(f"not world tables: {sorted(unknown)}")
    raw = engine.raw_connection()
    try:
        duck = raw.driver_connection
        assert duck is not None
        staged_names = []
        for name, table in tables.items():
            view = f"_arrow_{name}"
            columns, exprs = _select_list(known[name], table)
            staged_names.append((name, view, columns, exprs))
            duck.register(view, table)
        duck.execute("BEGIN TRANSACTION")
        try:
            for table in reversed(WORLD_TABLES):
                duck.execute(f'DELETE FROM "{table.name}"')
            duck.execute("DELETE FROM route_trees WHERE world_hash <> ?", [record["content_hash"]])
            for name, view, columns, exprs in staged_names:
                duck.execute(f'INSERT INTO "{name}" ({columns}) SELECT {exprs} FROM {view}')
            row = duck.execute("SELECT coalesce(max(build_id), 0) + 1 FROM world_build").fetchone()
            build_id = int(row[0]) if row else 1
            duck.execute(
                "INSERT INTO world_build (build_id, source_path, source_sha256, params, "
                "code_version, content_hash, counts, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    build_id,
                    record["source_path"],
                    record["source_sha256"],
                    json.dumps(record["params"], sort_keys=True),
                    record["code_version"],
                    record["content_hash"],
                    json.dumps(record["counts"], sort_keys=True),
                    datetime.now(UTC).replace(tzinfo=None),
                ],
            )
            duck.execute("COMMIT")
        except BaseException:
            duck.execute("ROLLBACK")
            raise
        finally:
            for _, view, _, _ in staged_names:
                duck.unregister(view)
    finally:
        raw.close()
    return build_id


def latest_build(conn: sa.Connection) -> dict[str, Any] | None:
    """The newest world_build row as a dict (params and counts decoded), or None."""
    row = (
        conn.execute(sa.select(world_build).order_by(world_build.c.build_id.desc()).limit(1))
        .mappings()
        .first()
    )
    if row is None:
        return None
    out = dict(row)
    for key in ("params", "counts"):
        if isinstance(out[key], str):
            out[key] = json.loads(out[key])
    return out


def node_counts(conn: sa.Connection) -> dict[str, int]:
    rows = conn.execute(sa.text("SELECT kind, count(*) FROM nodes GROUP BY kind ORDER BY kind"))
    return {str(kind): int(n) for kind, n in rows}


def world_counts(conn: sa.Connection) -> dict[str, Any]:
    def scalar(sql: str) -> int:
        return int(conn.execute(sa.text(sql)).scalar_one())

    """What the world holds now: nodes by kind, legs, steps, features by kind."""
    by_kind = node_counts(conn)
    graph = sum(n for kind, n in by_kind.items() if kind != "waypoint")
    features = {
        str(k): int(n)
        for k, n in conn.execute(
            sa.text("SELECT kind, count(*) FROM features GROUP BY kind ORDER BY kind")
        )
    }
    ports_by_nation = {
        str(k): int(n)
        for k, n in conn.execute(
            sa.text("SELECT nation, count(*) FROM ports GROUP BY nation ORDER BY nation")
        )
    }
    waters_by_nation = {
        str(k): int(n)
        for k, n in conn.execute(
            sa.text("SELECT nation, count(*) FROM waters GROUP BY nation ORDER BY nation")
        )
    }
    return {
        "graph_nodes": graph,
        "nodes_by_kind": by_kind,
        "legs": scalar("SELECT count(*) FROM legs"),
        "steps": scalar("SELECT count(*) FROM steps"),
        "ports": scalar("SELECT count(*) FROM ports"),
        "ports_by_nation": ports_by_nation,
        "protected_nodes_by_nation": waters_by_nation,
        "current_nodes": scalar("SELECT count(*) FROM currents"),
        "seas": scalar("SELECT count(*) FROM seas"),
        "drake_places": scalar("SELECT count(place) FROM drake"),
        "features_by_kind": features,
    }
