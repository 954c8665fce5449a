"""Loading the world tables into the engine's immutable `World`, once per process.

The world is read through SQLAlchemy, in a few bulk selects, into NumPy arrays; it is cached
by the build's content hash, so a process that plays many runs reads it once. The route trees
kept for it (db/route_trees.py) come with it.

Once read, everything the process holds is frozen (`gc.freeze`): the World keeps millions of
references in its lists and dicts, which Python's cyclic collector walked at every full
collection (0.13 s each on the full world, several in a batch of voyages, landing in whatever
ran then). Frozen objects are passed by; the World holds no cycles, so a World let go (a
rebuilt one replacing it) is still freed by reference counting. Dask workers forked from the
process also leave the frozen pages unwritten.
"""

from __future__ import annotations

import gc
from typing import Any

import numpy as np
import sqlalchemy as sa

from privateer.engine.world import NODE_KINDS, Port, World

from .errors import DatabaseError
from .route_trees import read_trees

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
    gc.freeze()  # what the process holds now, the World with it, is out of the collector's way
    return world


def _read(conn: sa.Connection, content_hash: str) -> World:
    duck = conn.connection.driver_connection
    assert duck is not None

    def columns(sql: str) -> dict[str, np.ndarray]:
        """One select's columns as NumPy arrays (strings as object arrays)."""
        return dict(duck.execute(sql).fetchnumpy())

    def rows(sql: str) -> list[tuple[Any, ...]]:
        return list(duck.execute(sql).fetchall())

    nodes = columns("SELECT node_id, lon, lat, kind FROM nodes ORDER BY node_id")
    ids = np.asarray(nodes["node_id"], dtype=np.int64)
    n = len(ids)
    if n == 0 or not (ids == np.arange(n)).all():
        raise DatabaseError("the world's nodes are not numbered 0..n-1; rebuild the world")
    lon = np.asarray(nodes["lon"], dtype=np.float64)
    lat = np.asarray(nodes["lat"], dtype=np.float64)
    kind_names, kind_of = np.unique(np.asarray(nodes["kind"], dtype=object), return_inverse=True)
    kind_codes = np.array([NODE_KINDS.index(str(k)) for k in kind_names], dtype=np.int8)
    kind = kind_codes[kind_of].astype(np.int8)

    legs = columns("SELECT leg_id, a, b, nm FROM legs ORDER BY leg_id")
    leg_a = np.asarray(legs["a"], dtype=np.int32)
    leg_b = np.asarray(legs["b"], dtype=np.int32)
    leg_nm = np.asarray(legs["nm"], dtype=np.float64)
    steps = columns("SELECT leg_id, a, b FROM steps ORDER BY leg_id, step_id")
    leg_nodes, leg_start = _chain_legs(
        len(leg_a),
        leg_a,
        leg_b,
        np.asarray(steps["leg_id"], dtype=np.int64),
        np.asarray(steps["a"], dtype=np.int64),
        np.asarray(steps["b"], dtype=np.int64),
    )

    nation_rows = rows("SELECT nation, name FROM nations ORDER BY nation")
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
        for pid, name, nation, node, fortified, kind, roles in rows(
            "SELECT port_id, name, nation, node_id, fortified, kind, roles FROM ports "
            "ORDER BY port_id"
        )
    )

    current_toward = np.zeros(n)
    current_knots = np.zeros(n)
    currents = columns("SELECT node_id, toward_deg, knots FROM currents")
    current_toward[currents["node_id"]] = currents["toward_deg"]
    current_knots[currents["node_id"]] = currents["knots"]
    wind_toward = np.zeros((4, n))
    wind_knots = np.zeros((4, n))
    winds = columns("SELECT node_id, season, toward_deg, knots FROM winds")
    wind_toward[winds["season"], winds["node_id"]] = winds["toward_deg"]
    wind_knots[winds["season"], winds["node_id"]] = winds["knots"]

    water_nation = np.full(n, -1, dtype=np.int16)
    water_days = np.full(n, -1, dtype=np.int16)
    waters = columns("SELECT node_id, nation, days FROM waters")
    if len(waters["node_id"]):
        water_nation[waters["node_id"]] = [index[str(nation)] for nation in waters["nation"]]
        water_days[waters["node_id"]] = waters["days"]

    features = tuple(
        (int(node), str(kind), str(name))
        for node, kind, name in rows(
            "SELECT node_id, kind, name FROM features ORDER BY node_id, kind, name"
        )
    )
    sea_rows = rows("SELECT sea_id, name, label_lon, label_lat FROM seas ORDER BY sea_id")
    seas = tuple(str(r[1]) for r in sea_rows)
    sea_id_index = np.full(max((int(r[0]) for r in sea_rows), default=-1) + 1, -1, np.int16)
    for i, r in enumerate(sea_rows):
        sea_id_index[int(r[0])] = i
    sea_of_node = np.full(n, -1, dtype=np.int16)
    sea_nodes = columns("SELECT node_id, sea_id FROM sea_nodes")
    if len(sea_nodes["node_id"]):
        sea_of_node[sea_nodes["node_id"]] = sea_id_index[sea_nodes["sea_id"]]
    waypoint = NODE_KINDS.index("waypoint")
    graph = np.flatnonzero(kind != waypoint)
    label_nodes = []
    for i, (_, _, label_lon, label_lat) in enumerate(sea_rows):
        members = np.flatnonzero(sea_of_node == i)
        candidates = members[kind[members] != waypoint] if len(members) else graph
        if len(candidates) == 0:
            candidates = graph
        near = np.argmin((lon[candidates] - label_lon) ** 2 + (lat[candidates] - label_lat) ** 2)
        label_nodes.append(int(candidates[near]))

    drake_rows = rows("SELECT node_id, place FROM drake ORDER BY seq")
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
        stored_trees=read_trees(duck, content_hash, len(graph), len(leg_a)),
    )


def _chain_legs(
    count: int,
    leg_a: np.ndarray,
    leg_b: np.ndarray,
    step_leg: np.ndarray,
    step_a: np.ndarray,
    step_b: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Each leg's nodes from a to b, back to back, from its steps (stored in step order, each
    step's a and b in either direction).

    A build stores each leg's steps a to b in order, so a leg's nodes are its a and then its
    steps' b; a leg whose steps do not run so is chained step by step."""
    per_leg = np.bincount(step_leg, minlength=count)[:count] if len(step_leg) else np.zeros(count)
    per_leg = per_leg.astype(np.int64)
    if len(step_leg) and (step_leg.min() < 0 or step_leg.max() >= count):
        raise DatabaseError("a step names a leg the world does not hold; rebuild the world")
    first = np.concatenate([[0], np.cumsum(per_leg)])
    before = np.empty(len(step_a), dtype=np.int64)  # the node each step should leave from
    before[1:] = step_b[:-1]
    opens = first[:-1][per_leg > 0]
    before[opens] = leg_a[per_leg > 0]
    broken = np.zeros(count, dtype=bool)
    broken[step_leg[step_a != before]] = True
    ends = first[1:][per_leg > 0] - 1
    broken[per_leg > 0] |= step_b[ends] != leg_b[per_leg > 0]
    broken |= (per_leg == 0) & (leg_a != leg_b)
    chained: dict[int, list[int]] = {}
    for bad in np.flatnonzero(broken):  # raises for the first leg that does not chain
        span = slice(first[bad], first[bad + 1])
        pieces = list(zip(step_a[span], step_b[span], strict=True))
        chained[int(bad)] = _chain_one(int(bad), int(leg_a[bad]), int(leg_b[bad]), pieces)
    starts = np.concatenate([[0], np.cumsum(per_leg + 1)])  # a chain is its steps and one
    nodes = np.empty(starts[-1], dtype=np.int64)
    # Each leg's a at its start, then its steps' b: step k of a leg at its start + 1 + k.
    nodes[starts[:-1]] = leg_a
    nodes[starts[step_leg] + 1 + (np.arange(len(step_leg)) - first[step_leg])] = step_b
    for leg, path in chained.items():
        nodes[starts[leg] : starts[leg + 1]] = path
    return nodes.astype(np.int32), starts.astype(np.int32)


def _chain_one(leg: int, a: int, b: int, pieces: list[tuple[Any, Any]]) -> list[int]:
    """One leg's nodes, its steps taken in turn as they chain from its a (either direction)."""
    path = [a]
    remaining = [(int(x), int(y)) for x, y in pieces]
    while remaining:
        here = path[-1]
        for i, (x, y) in enumerate(remaining):
            if x == here or y == here:
                path.append(y if x == here else x)
                del remaining[i]
                break
        else:
            raise DatabaseError(f"leg {leg}'s steps do not chain; rebuild the world")
    if path[-1] != b:
        raise DatabaseError(f"leg {leg}'s steps do not reach its end; rebuild the world")
    return path
