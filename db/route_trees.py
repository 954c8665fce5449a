"""The route trees a world's ships and captains worked out, kept in the database
(`route_trees`), so the next process on the same world reads them instead of working them out
again: on the full world that is some 800 trees and 1.4 s of a first voyage, in every
process, every Dask worker and the first game a server plays.

A cache: a tree is a pure function of the world, its key and the code (engine/world/
stored_trees.py). Each row carries the fingerprint of the graph it was worked out on, and the
engine takes a kept tree only where the fingerprint is the one it would use, so a run is the
same, event for event, with or without them. Trees are written when a command that worked
some out ends well (cli/worlds.py), only if nobody else holds the file at that moment (a cache
never waits for a lock), in one transaction; a world rebuilt takes the last world's trees
with it. At most KEPT_MOST trees a world (some 14 kB each on the full world).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import duckdb
import numpy as np
import orjson

from privateer.engine.world import HighSeas, StoredTrees, World, mark_kept, narrowest, trees_to_keep

from .connection import connect_waiting
from .errors import DatabaseError

KEPT_MOST = 2_000  # trees a world: a ruleset needs at most ~1,300 (destinations x 3 x 2)


def seas_text(key: tuple[Any, ...]) -> str:
    """A tree key's weighing of the seas as the table keeps it: '' for the calm seas' short
    key, else JSON [storm_latitude, storm_days, ice_latitude, ice_days_per_degree, [closed]]
    (floats as JSON writes them, which read back to the same floats)."""
    if len(key) < 4:
        return ""
    seas: HighSeas = key[3]
    return orjson.dumps(
        [
            seas.storm_latitude,
            seas.storm_days,
            seas.ice_latitude,
            seas.ice_days_per_degree,
            sorted(seas.closed),
        ]
    ).decode()


def _key(destination: int, weather: int, rig: int, seas: str) -> tuple[Any, ...]:
    if not seas:
        return (destination, weather, rig)
    storm_latitude, storm_days, ice_latitude, ice_days, closed = orjson.loads(seas)
    weighing = HighSeas(storm_latitude, storm_days, ice_latitude, ice_days, frozenset(closed))
    return (destination, weather, rig, weighing)


def read_trees(
    duck: duckdb.DuckDBPyConnection, world_hash: str, graph_nodes: int, legs: int
) -> StoredTrees | None:
    """The trees kept for the world `world_hash` (None if none, or none of this world's
    shape: `graph_nodes` wide, in the narrowest integers that hold `legs` leg ids)."""
    try:
        rows = duck.execute(
            "SELECT destination, weather, rig, seas, fingerprint, legs, ahead FROM route_trees "
            "WHERE world_hash = ? ORDER BY destination, weather, rig, seas",
            [world_hash],
        ).fetchall()
    except duckdb.CatalogException:  # a database below the revision that keeps them
        return None
    dtype = np.dtype(narrowest(legs))
    width = graph_nodes * dtype.itemsize
    rows = [row for row in rows if len(row[5]) == width]
    if not rows:
        return None
    keys = {_key(*row[:4]): at for at, row in enumerate(rows)}
    trees = np.frombuffer(b"".join(row[5] for row in rows), dtype=dtype.newbyteorder("<"))
    aheads: tuple[Mapping[int, int], ...] = tuple(
        {int(node): int(nxt) for node, nxt in orjson.loads(row[6])} for row in rows
    )
    return StoredTrees(
        rows=keys,
        fingerprints=tuple(str(row[4]) for row in rows),
        legs=trees.astype(dtype, copy=False).reshape(len(rows), graph_nodes),
        aheads=aheads,
    )


def keep_trees(path: Path, world: World) -> int:
    """Write the trees this process worked out on `world` and holds, not kept yet: how many.
    0 without a word if they cannot be written (another process holds the file: a cache does
    not wait; a full disk, a file not writable: the next command works them out again) or the
    world already has KEPT_MOST."""
    try:
        return _keep(path, world)
    except (DatabaseError, duckdb.Error, OSError):
        return 0


def _keep(path: Path, world: World) -> int:
    trees = trees_to_keep(world)
    if not trees:
        return 0
    import pyarrow as pa

    con = connect_waiting(path, wait=0.0, notify=lambda _: None)
    try:
        kept = con.execute(
            "SELECT count(*) FROM route_trees WHERE world_hash = ?", [world.content_hash]
        ).fetchone()
        room = KEPT_MOST - (int(kept[0]) if kept else 0)
        chosen = trees[: max(room, 0)]
        if chosen:
            table = pa.table(
                {
                    "world_hash": [world.content_hash] * len(chosen),
                    "destination": [int(key[0]) for key, *_ in chosen],
                    "weather": [int(key[1]) for key, *_ in chosen],
                    "rig": [int(key[2]) for key, *_ in chosen],
                    "seas": [seas_text(key) for key, *_ in chosen],
                    "fingerprint": [fingerprint for _, fingerprint, _, _ in chosen],
                    "legs": pa.array(
                        [
                            legs.astype(legs.dtype.newbyteorder("<")).tobytes()
                            for *_, legs, _ in chosen
                        ],
                        type=pa.binary(),
                    ),
                    "ahead": [orjson.dumps(sorted(ahead.items())).decode() for *_, ahead in chosen],
                }
            )
            con.register("_trees", table)
            con.execute("BEGIN TRANSACTION")
            try:
                con.execute("DELETE FROM route_trees WHERE world_hash <> ?", [world.content_hash])
                con.execute(
                    "INSERT OR REPLACE INTO route_trees (world_hash, destination, weather, rig, "
                    "seas, fingerprint, legs, ahead) SELECT world_hash, destination, weather, "
                    "rig, seas, fingerprint, legs, ahead FROM _trees"
                )
                con.execute("COMMIT")
            except BaseException:
                con.execute("ROLLBACK")
                raise
    finally:
        con.close()
    mark_kept(world, [key for key, *_ in trees])  # those past KEPT_MOST too: not asked again
    return len(chosen)
