"""Reading runs back: listing them, one run's events, and replaying a run to check that the
engine gives the same events and state hashes from the same seed and actions."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from privateer.engine.encounter import ENGINE_VERSION
from privateer.engine.outfit import Outfit
from privateer.engine.replay import replay_fight

from .errors import DatabaseError
from .runlog import payload_json

RUN_FIELDS = (
    "run_id",
    "mode",
    "seed",
    "target",
    "ship",
    "bot",
    "outcome",
    "score",
    "rounds",
    "engine_version",
    "world_hash",
    "started_at",
    "finished_at",
)


def list_runs(conn: sa.Connection, limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
    rows = (
        conn.execute(
            sa.text(
                f"SELECT {', '.join(RUN_FIELDS)} FROM runs ORDER BY run_id DESC "
                "LIMIT :limit OFFSET :offset"
            ),
            {"limit": limit, "offset": offset},
        )
        .mappings()
        .all()
    )
    return [dict(r) for r in rows]


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


@dataclass(frozen=True)
class ReplayResult:
    run_id: int
    identical: bool
    events: int
    checkpoints: int
    divergence: dict[str, Any] | None = None  # the first difference, both sides


def replay_run(conn: sa.Connection, run_id: int) -> ReplayResult:
    """Re-run the engine from the run's seed and logged actions and compare every event and
    checkpoint hash with the log."""
    get_run(conn, run_id)  # an unknown run says so
    return replay_runs(conn, [run_id])[0]


def replay_runs(conn: sa.Connection, run_ids: list[int]) -> list[ReplayResult]:
    """Replay many runs, reading the log in a few bulk queries rather than per run."""
    if not run_ids:
        return []
    current_world = conn.execute(
        sa.text("SELECT content_hash FROM world_build ORDER BY build_id DESC LIMIT 1")
    ).scalar()
    wanted = ", ".join(str(int(r)) for r in run_ids)
    runs = {
        r["run_id"]: r
        for r in conn.execute(
            sa.text(
                f"SELECT run_id, seed, engine_version, world_hash, options, outcome "
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
    logged: dict[int, list[tuple[int, str, Any]]] = {}
    for run_id, seq, kind, payload in conn.execute(
        sa.text(
            f"SELECT run_id, seq, kind, payload FROM events WHERE run_id IN ({wanted}) "
            "ORDER BY run_id, seq"
        )
    ):
        logged.setdefault(run_id, []).append((seq, kind, payload))
    checks: dict[int, list[tuple[int, str]]] = {}
    for run_id, seq, digest in conn.execute(
        sa.text(
            f"SELECT run_id, seq, state_hash FROM checkpoints WHERE run_id IN ({wanted}) "
            "ORDER BY run_id, seq"
        )
    ):
        checks.setdefault(run_id, []).append((seq, digest))
    results = []
    for run_id in run_ids:
        run = runs.get(run_id)
        if run is None:
            raise DatabaseError(f"no run {run_id} (see `privateer runs list`)")
        if run["engine_version"] != ENGINE_VERSION:
            raise DatabaseError(
                f"run {run_id} was recorded with engine {run['engine_version']}; this "
                f"privateer runs {ENGINE_VERSION}, so a replay would not be a check"
            )
        if run["world_hash"] is not None and run["world_hash"] != current_world:
            raise DatabaseError(
                f"run {run_id} was recorded on world {run['world_hash'][:12]}; the database "
                f"holds world {str(current_world)[:12]}"
            )
        results.append(
            _compare(run, actions.get(run_id, []), logged.get(run_id, []), checks.get(run_id, []))
        )
    return results


def _compare(
    run: Any, actions: list[str], logged: list[tuple[int, str, Any]], checks: list[tuple[int, str]]
) -> ReplayResult:
    run_id = run["run_id"]
    options = run["options"]
    if isinstance(options, str):
        options = json.loads(options)
    outfit = Outfit(
        options["ship"],
        tuple(options["crew"]),
        tuple(options["upgrades"]),
        tuple(options["prizes"]),
        options["hull"],
    )
    record = replay_fight(options["target"], outfit, int(run["seed"]), actions)
    replayed = [(i, e.kind, payload_json(e)) for i, e in enumerate(record.events)]
    if run["outcome"] is None:  # in progress: the log holds no settlement yet
        replayed = [r for r in replayed if r[1] not in ("settled", "rumor")]
    for (seq, kind, payload), mine in zip(logged, replayed, strict=False):
        text = payload if isinstance(payload, str) else json.dumps(payload)
        if (seq, kind) != mine[:2] or json.loads(text) != json.loads(mine[2]):
            return ReplayResult(
                run_id,
                False,
                len(logged),
                len(checks),
                {
                    "seq": seq,
                    "logged": {"kind": kind, "payload": json.loads(text)},
                    "replayed": {"kind": mine[1], "payload": json.loads(mine[2])},
                },
            )
    if len(logged) != len(replayed):
        seq = min(len(logged), len(replayed))
        return ReplayResult(
            run_id,
            False,
            len(logged),
            len(checks),
            {"seq": seq, "logged": f"{len(logged)} events", "replayed": f"{len(replayed)} events"},
        )
    mine_checks = dict(record.checkpoints)
    for seq, digest in checks:
        if mine_checks.get(seq) != digest:
            return ReplayResult(
                run_id,
                False,
                len(logged),
                len(checks),
                {"checkpoint": seq, "logged": digest, "replayed": mine_checks.get(seq)},
            )
    return ReplayResult(run_id, True, len(logged), len(checks))


def all_run_ids(conn: sa.Connection) -> list[int]:
    return [r for (r,) in conn.execute(sa.text("SELECT run_id FROM runs ORDER BY run_id"))]
