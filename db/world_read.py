"""Reading the world tables for the chart and the export, as data frames.

SQL lives in db/: the pipeline's chart and export ask these readers for what they draw or
write, and never query the tables themselves.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import sqlalchemy as sa

Bounds = tuple[float, float, float, float]  # west, south, east, north


def _frame(conn: sa.Connection, sql: str, **params: Any) -> pd.DataFrame:
    result = conn.execute(sa.text(sql), params)
    rows = [tuple(row) for row in result.fetchall()]  # plain tuples: pandas reads them 3x faster
    return pd.DataFrame(rows, columns=list(result.keys()))


def _box(bounds: Bounds) -> dict[str, float]:
    west, south, east, north = bounds
    return {"w": west, "s": south, "e": east, "n": north}


def world_source(conn: sa.Connection) -> str | None:
    """The source the newest world was built from, or None if no world is built."""
    row = conn.execute(
        sa.text("SELECT source_path FROM world_build ORDER BY build_id DESC LIMIT 1")
    ).first()
    return None if row is None else str(row[0])


def node_bounds(conn: sa.Connection) -> Bounds | None:
    """The box round the world's nodes (west, south, east, north), or None with no nodes."""
    row = conn.execute(sa.text("SELECT min(lon), min(lat), max(lon), max(lat) FROM nodes")).first()
    if row is None or row[0] is None:
        return None
    return float(row[0]), float(row[1]), float(row[2]), float(row[3])


def nodes(conn: sa.Connection) -> pd.DataFrame:
    return _frame(conn, "SELECT node_id, lon, lat, kind FROM nodes ORDER BY node_id")


def steps(conn: sa.Connection) -> pd.DataFrame:
    return _frame(conn, "SELECT a, b FROM steps ORDER BY step_id")


def ports_in(conn: sa.Connection, bounds: Bounds) -> pd.DataFrame:
    """Ports inside the box, with their nation's colours."""
    return _frame(
        conn,
        "SELECT p.name, p.lon, p.lat, p.node_id, p.fortified, p.nation, n.field, n.border "
        "FROM ports p LEFT JOIN nations n USING (nation) "
        "WHERE p.lon BETWEEN :w AND :e AND p.lat BETWEEN :s AND :n ORDER BY p.port_id",
        **_box(bounds),
    )


def protected_waters(conn: sa.Connection) -> pd.DataFrame:
    """Every graph node of protected water, with its nation and colour."""
    return _frame(
        conn,
        "SELECT w.nation, n.field, x.lon, x.lat FROM waters w JOIN nodes x USING (node_id) "
        "LEFT JOIN nations n USING (nation) WHERE x.kind <> 'waypoint' ORDER BY w.node_id",
    )


def seas_in(conn: sa.Connection, bounds: Bounds) -> pd.DataFrame:
    return _frame(
        conn,
        "SELECT name, label_lon, label_lat FROM seas "
        "WHERE label_lon BETWEEN :w AND :e AND label_lat BETWEEN :s AND :n ORDER BY sea_id",
        **_box(bounds),
    )


def currents(conn: sa.Connection) -> pd.DataFrame:
    return _frame(
        conn,
        "SELECT x.lon, x.lat, c.toward_deg, c.knots FROM currents c "
        "JOIN nodes x USING (node_id) WHERE x.kind <> 'waypoint' ORDER BY c.node_id",
    )


def winds(conn: sa.Connection, season: int) -> pd.DataFrame:
    return _frame(
        conn,
        "SELECT x.lon, x.lat, w.toward_deg, w.knots FROM winds w "
        "JOIN nodes x USING (node_id) WHERE x.kind <> 'waypoint' AND w.season = :season "
        "ORDER BY w.node_id",
        season=season,
    )


def drake_route(conn: sa.Connection) -> pd.DataFrame:
    return _frame(
        conn,
        "SELECT x.lon, x.lat, d.place FROM drake d JOIN nodes x USING (node_id) ORDER BY d.seq",
    )


_AT_NODE = "ST_AsWKB(x.geom) AS wkb FROM {table} t JOIN nodes x USING (node_id)"

EXPORT_LAYERS = {
    "nodes": "SELECT node_id, kind, ST_AsWKB(geom) AS wkb FROM nodes ORDER BY node_id",
    "legs": "SELECT leg_id, a, b, nm, days, ST_AsWKB(geom) AS wkb FROM legs ORDER BY leg_id",
    "steps": "SELECT step_id, a, b, nm, leg_id, ST_AsWKB(geom) AS wkb FROM steps ORDER BY step_id",
    "ports": "SELECT port_id, name, nation, node_id, fortified, kind, roles, "
    "ST_AsWKB(ST_Point(lon, lat)) AS wkb FROM ports ORDER BY port_id",
    "waters": "SELECT t.node_id, t.nation, t.fort_port_id, t.days, "
    + _AT_NODE.format(table="waters")
    + " ORDER BY t.node_id",
    "seas": "SELECT s.sea_id, s.name, count(n.node_id)::INTEGER AS nodes, "
    "ST_AsWKB(ST_Point(s.label_lon, s.label_lat)) AS wkb FROM seas s "
    "LEFT JOIN sea_nodes n USING (sea_id) GROUP BY ALL ORDER BY s.sea_id",
    "features": "SELECT t.node_id, t.kind, t.name, "
    + _AT_NODE.format(table="features")
    + " ORDER BY t.node_id, t.kind, t.name",
    "currents": "SELECT t.node_id, t.toward_deg, t.knots, t.stream, "
    + _AT_NODE.format(table="currents")
    + " ORDER BY t.node_id",
    "winds": "SELECT t.node_id, t.season, t.toward_deg, t.knots, "
    + _AT_NODE.format(table="winds")
    + " ORDER BY t.node_id, t.season",
    "drake": "SELECT t.seq, t.node_id, t.place, "
    + _AT_NODE.format(table="drake")
    + " ORDER BY t.seq",
}
"""Every world table a GIS can draw, each as a layer: the graph's own geometry, a port at its
place, a sea at its label (with how many nodes lie in it), and the tables kept by node (waters,
features, currents, winds, Drake's route) at their node."""


def export_layer(conn: sa.Connection, layer: str) -> pd.DataFrame:
    """One world layer with its geometry as WKB (needs the spatial extension)."""
    return _frame(conn, EXPORT_LAYERS[layer])


def port_waters(conn: sa.Connection, name: str) -> tuple[int, int]:
    """The protected waters a port's fort guards: how many nodes, and the farthest in days
    from the fort ((0, 0) for a port that guards none)."""
    row = conn.execute(
        sa.text(
            "SELECT count(*), coalesce(max(w.days), 0) FROM waters w "
            "JOIN ports p ON p.port_id = w.fort_port_id WHERE p.name = :name"
        ),
        {"name": name},
    ).one()
    return int(row[0]), int(row[1])
