"""Reading runs back (their listing is in run_list.py): one run and its events, and a run's
whole log as the engine's `LoggedRun`, for a replay (the engine's business, not the
database's)."""

from __future__ import annotations

import json
from typing import Any

import orjson
import sqlalchemy as sa

from privateer.engine.replay import LoggedRun

from .errors import DatabaseError
from .run_list import RUN_FIELDS


def get_run(conn: sa.Connection, run_id: int) -> dict[str, Any]:
    row = (
        conn.execute(
            sa.text(f"SELECT {', '.join(RUN_FIELDS)}, options FROM runs WHERE run_id = :r"),
            {"r": run_id},
        )
        .mappings()
        .first()
    )
    if row is None:
        raise DatabaseError(f"no run {run_id} (see `privateer runs list`)")
    run = dict(row)
    if isinstance(run["options"], str):
        run["options"] = json.loads(run["options"])
    run["events"] = conn.execute(
        sa.text("SELECT count(*) FROM events WHERE run_id = :r"), {"r": run_id}
    ).scalar_one()
    run["actions"] = conn.execute(
        sa.text("SELECT count(*) FROM actions WHERE run_id = :r"), {"r": run_id}
    ).scalar_one()
    return run


def run_events(conn: sa.Connection, run_id: int) -> list[dict[str, Any]]:
    rows = conn.execute(
        sa.text("SELECT seq, day, kind, payload FROM events WHERE run_id = :r ORDER BY seq"),
        {"r": run_id},
    ).all()
    return [
        {
            "seq": seq,
            "day": day,
            "kind": kind,
            "payload": json.loads(p) if isinstance(p, str) else p,
        }
        for seq, day, kind, p in rows
    ]


def logged_runs(conn: sa.Connection, run_ids: list[int]) -> list[LoggedRun]:
    """The log of each run, read in a few bulk queries rather than run by run. Each carries
    the hash of the world it sailed: the replay (engine/replay.py `check_world`) refuses a
    run recorded on another world than the one the database holds now."""
    if not run_ids:
        return []
    wanted = ", ".join(str(int(r)) for r in run_ids)
    runs = {
        r["run_id"]: r
        for r in conn.execute(
            sa.text(
                "SELECT run_id, mode, seed, engine_version, world_hash, options, outcome "
                f"FROM runs WHERE run_id IN ({wanted})"
            )
        ).mappings()
    }
    actions: dict[int, list[str]] = {}
    for run_id, action in conn.execute(
        sa.text(
            f"SELECT run_id, action FROM actions WHERE run_id IN ({wanted}) ORDER BY run_id, seq"
        )
    ):
        actions.setdefault(run_id, []).append(action)
    logged: dict[int, list[tuple[int, str, dict[str, Any]]]] = {}
    for run_id, seq, kind, payload in conn.execute(
        sa.text(
            f"SELECT run_id, seq, kind, payload FROM events WHERE run_id IN ({wanted}) "
            "ORDER BY run_id, seq"
        )
    ):
        logged.setdefault(run_id, []).append(
            (seq, kind, orjson.loads(payload) if isinstance(payload, str | bytes) else payload)
        )
    checks: dict[int, list[tuple[int, str]]] = {}
    for run_id, seq, digest in conn.execute(
        sa.text(
            f"SELECT run_id, seq, state_hash FROM checkpoints WHERE run_id IN ({wanted}) "
            "ORDER BY run_id, seq"
        )
    ):
        checks.setdefault(run_id, []).append((seq, digest))
    out = []
    for run_id in run_ids:
        run = runs.get(run_id)
        if run is None:
            raise DatabaseError(f"no run {run_id} (see `privateer runs list`)")
        options = run["options"]
        out.append(
            LoggedRun(
                run_id=run_id,
                mode=run["mode"],
                seed=int(run["seed"]),
                options=json.loads(options) if isinstance(options, str) else options,
                finished=run["outcome"] is not None,
                actions=actions.get(run_id, []),
                events=logged.get(run_id, []),
                checkpoints=checks.get(run_id, []),
                engine_version=run["engine_version"],
                world_hash=run["world_hash"],
            )
        )
    return out


def all_run_ids(conn: sa.Connection) -> list[int]:
    return [r for (r,) in conn.execute(sa.text("SELECT run_id FROM runs ORDER BY run_id"))]


def needs_world(conn: sa.Connection, run_ids: list[int]) -> bool:
    """Whether any of the runs is of a mode that replays on the world (a world run)."""
    from privateer.engine.modes import MODES

    if not run_ids:
        return False
    wanted = ", ".join(str(int(r)) for r in run_ids)
    modes = ", ".join(f"'{m}'" for m in MODES.run_modes(needs_world=True))
    found = conn.execute(
        sa.text(f"SELECT count(*) FROM runs WHERE run_id IN ({wanted}) AND mode IN ({modes})")
    ).scalar_one()
    return bool(found)


def voyage_track(conn: sa.Connection, run_id: int) -> list[int]:
    """The nodes a logged voyage sailed through, day by day (its "sailed" events)."""
    from .event_fields import declared, field

    rows = conn.execute(
        sa.text(
            f"SELECT {field('voyage', 'sailed', 'node', table='')}::INT FROM events "
            f"WHERE run_id = :r AND kind = {declared('voyage', 'sailed')} ORDER BY seq"
        ),
        {"r": run_id},
    )
    return [int(node) for (node,) in rows]


def run_world_hash(conn: sa.Connection, run_id: int) -> str | None:
    """The content hash of the world a run was played on (None: a run that sails no world)."""
    found = conn.execute(
        sa.text("SELECT world_hash FROM runs WHERE run_id = :r"), {"r": run_id}
    ).scalar()
    return None if found is None else str(found)
