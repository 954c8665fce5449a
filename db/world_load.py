"""Loading the world tables into the engine's immutable `World`, once per process.

The world is read through SQLAlchemy, in a few bulk selects, into NumPy arrays; it is cached
by the build's content hash, so a process that plays many runs reads it once.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import sqlalchemy as sa

from privateer.engine.world.world import NODE_KINDS, Port, World

from .errors import DatabaseError

_LOADED: dict[str, World] = {}


def _rows(conn: sa.Connection, sql: str) -> list[Any]:
    return list(conn.execute(sa.text(sql)).all())


def world_hash(conn: sa.Connection) -> str | None:
    row = conn.execute(
        sa.text("SELECT content_hash FROM world_build ORDER BY build_id DESC LIMIT 1")
    ).first()
    return None if row is None else str(row[0])


def load_world(engine: sa.Engine) -> World:
    """The world the database holds, as the engine's World (cached by content hash)."""
    with engine.connect() as conn:
        content_hash = world_hash(conn)
        if content_hash is None:
            raise DatabaseError("the database holds no world yet; run `privateer world build`")
        cached = _LOADED.get(content_hash)
        if cached is not None:
            return cached
        world = _read(conn, content_hash)
    _LOADED.clear()  # one world a process: a rebuilt world replaces the last
    _LOADED[content_hash] = world
    return world


def _read(conn: sa.Connection, content_hash: str) -> World:
    nodes = _rows(conn, "SELECT node_id, lon, lat, kind FROM nodes ORDER BY node_id")
    n = len(nodes)
    ids = np.array([r[0] for r in nodes], dtype=np.int64)
    if n == 0 or not (ids == np.arange(n)).all():
        raise DatabaseError("the world's nodes are not numbered 0..n-1; rebuild the world")
    lon = np.array([r[1] for r in nodes], dtype=np.float64)
    lat = np.array([r[2] for r in nodes], dtype=np.float64)
    kind = np.array([NODE_KINDS.index(r[3]) for r in nodes], dtype=np.int8)

    legs = _rows(conn, "SELECT leg_id, a, b, nm FROM legs ORDER BY leg_id")
    leg_a = np.array([r[1] for r in legs], dtype=np.int32)
    leg_b = np.array([r[2] for r in legs], dtype=np.int32)
    leg_nm = np.array([r[3] for r in legs], dtype=np.float64)
    steps = _rows(conn, "SELECT leg_id, a, b FROM steps ORDER BY leg_id, step_id")
    leg_nodes, leg_start = _chain_legs(len(legs), leg_a, leg_b, steps)

    nation_rows = _rows(conn, "SELECT nation, name FROM nations ORDER BY nation")
    nations = tuple(str(r[0]) for r in nation_rows)
    index = {key: i for i, key in enumerate(nations)}
    ports = tuple(
        Port(
            int(pid),
            str(name),
            index[str(nation)],
            int(node),
            bool(fortified),
            str(kind) == "native",
            frozenset(r for r in str(roles or "").split(";") if r),
        )
        for pid, name, nation, node, fortified, kind, roles in _rows(
            conn,
            "SELECT port_id, name, nation, node_id, fortified, kind, roles FROM ports "
            "ORDER BY port_id",
        )
    )

    current_toward = np.zeros(n)
    current_knots = np.zeros(n)
    for node, toward, knots in _rows(conn, "SELECT node_id, toward_deg, knots FROM currents"):
        current_toward[node], current_knots[node] = toward, knots
    wind_toward = np.zeros((4, n))
    wind_knots = np.zeros((4, n))
    for node, season, toward, knots in _rows(
        conn, "SELECT node_id, season, toward_deg, knots FROM winds"
    ):
        wind_toward[season, node], wind_knots[season, node] = toward, knots

    water_nation = np.full(n, -1, dtype=np.int16)
    water_days = np.full(n, -1, dtype=np.int16)
    for node, nation, days in _rows(conn, "SELECT node_id, nation, days FROM waters"):
        water_nation[node], water_days[node] = index[str(nation)], days

    features = tuple(
        (int(node), str(kind), str(name))
        for node, kind, name in _rows(
            conn, "SELECT node_id, kind, name FROM features ORDER BY node_id, kind, name"
        )
    )
    sea_rows = _rows(conn, "SELECT sea_id, name, label_lon, label_lat FROM seas ORDER BY sea_id")
    seas = tuple(str(r[1]) for r in sea_rows)
    sea_id_index = {int(r[0]): i for i, r in enumerate(sea_rows)}
    sea_of_node = np.full(n, -1, dtype=np.int16)
    for node, sea in _rows(conn, "SELECT node_id, sea_id FROM sea_nodes"):
        sea_of_node[node] = sea_id_index[int(sea)]
    graph = np.flatnonzero(kind != NODE_KINDS.index("waypoint"))
    label_nodes = []
    for i, (_, _, label_lon, label_lat) in enumerate(sea_rows):
        members = np.flatnonzero(sea_of_node == i)
        candidates = np.intersect1d(members, graph) if len(members) else graph
        if len(candidates) == 0:
            candidates = graph
        near = np.argmin((lon[candidates] - label_lon) ** 2 + (lat[candidates] - label_lat) ** 2)
        label_nodes.append(int(candidates[near]))

    drake_rows = _rows(conn, "SELECT node_id, place FROM drake ORDER BY seq")
    drake = np.array([r[0] for r in drake_rows], dtype=np.int32)
    places = tuple((i, str(r[1])) for i, r in enumerate(drake_rows) if r[1] is not None)
    return World(
        content_hash=content_hash,
        lon=lon,
        lat=lat,
        kind=kind,
        leg_a=leg_a,
        leg_b=leg_b,
        leg_nm=leg_nm,
        leg_nodes=leg_nodes,
        leg_start=leg_start,
        nations=nations,
        nation_names=tuple(str(r[1]) for r in nation_rows),
        ports=ports,
        current_toward=current_toward,
        current_knots=current_knots,
        wind_toward=wind_toward,
        wind_knots=wind_knots,
        water_nation=water_nation,
        water_days=water_days,
        features=features,
        seas=seas,
        sea_label_node=np.array(label_nodes, dtype=np.int32),
        sea_of_node=sea_of_node,
        drake=drake,
        drake_places=places,
    )


def _chain_legs(
    count: int, leg_a: np.ndarray, leg_b: np.ndarray, steps: list[Any]
) -> tuple[np.ndarray, np.ndarray]:
    """Each leg's nodes from a to b, back to back, from its steps (stored in step order, each
    step's a and b in either direction)."""
    by_leg: list[list[tuple[int, int]]] = [[] for _ in range(count)]
    for leg, a, b in steps:
        by_leg[leg].append((int(a), int(b)))
    nodes: list[int] = []
    starts = [0]
    for leg in range(count):
        path = [int(leg_a[leg])]
        pieces = by_leg[leg]
        remaining = list(pieces)
        while remaining:
            here = path[-1]
            for i, (a, b) in enumerate(remaining):
                if a == here or b == here:
                    path.append(b if a == here else a)
                    del remaining[i]
                    break
            else:
                raise DatabaseError(f"leg {leg}'s steps do not chain; rebuild the world")
        if path[-1] != int(leg_b[leg]):
            raise DatabaseError(f"leg {leg}'s steps do not reach its end; rebuild the world")
        nodes.extend(path)
        starts.append(len(nodes))
    return np.array(nodes, dtype=np.int32), np.array(starts, dtype=np.int32)
