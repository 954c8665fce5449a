"""Saves: a run in progress, stored after every card so it can be picked up where it was.

A save carries the shape of its state (`save_version`). One of another version is refused,
never loaded half-understood; one that makes no sense (a hull of 999, an empty hand, an rng
past 32 bits, a fight already over) is refused in one line, naming what is wrong.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from privateer.engine.combat.encounter import ENGINE_VERSION, SAVE_VERSION, Encounter

from .errors import DatabaseError
from .runlog import Statement, now

FIGHT_MODES = ("fight",)


def save_statement(run_id: int, state: Encounter) -> Statement:
    """An upsert of the run's save, for `write(..., extra=...)`."""
    return (
        "INSERT OR REPLACE INTO saves (run_id, save_version, state, updated_at) "
        "VALUES (?, ?, ?, ?)",
        [run_id, SAVE_VERSION, json.dumps(state.to_dict(), sort_keys=True), now()],
    )


def drop_save_statement(run_id: int) -> Statement:
    return ("DELETE FROM saves WHERE run_id = ?", [run_id])


@dataclass(frozen=True)
class LoadedSave:
    run_id: int
    state: Encounter
    next_event_seq: int
    actions: list[str]


def load_save(conn: sa.Connection, run_id: int | None = None) -> LoadedSave:
    """The save of a fight in progress (the newest, unless run_id says which), checked."""
    sql = (
        "SELECT s.run_id, s.save_version, s.state, r.engine_version FROM saves s "
        "JOIN runs r USING (run_id) WHERE r.mode IN ('fight')"
    )
    if run_id is not None:
        row = conn.execute(sa.text(sql + " AND s.run_id = :r"), {"r": run_id}).first()
        if row is None:
            raise DatabaseError(
                f"no fight in progress is saved for run {run_id} (see `privateer saves list`)"
            )
    else:
        row = conn.execute(
            sa.text(sql + " ORDER BY s.updated_at DESC, s.run_id DESC LIMIT 1")
        ).first()
        if row is None:
            raise DatabaseError("no fight in progress is saved; start one with `privateer fight`")
    found_run, version, state_json, engine_version = row
    if version != SAVE_VERSION:
        newer = "newer than this privateer" if version > SAVE_VERSION else "not one this code knows"
        raise DatabaseError(
            f"run {found_run}'s save is version {version}, {newer} (it reads {SAVE_VERSION}); "
            "it is left as it is"
        )
    if engine_version != ENGINE_VERSION:
        raise DatabaseError(
            f"run {found_run} was played with engine {engine_version}; this is {ENGINE_VERSION}, "
            "so it cannot be picked up (`privateer saves drop` lets it go)"
        )
    data = state_json
    if isinstance(data, str):
        # A bare string (as DuckDB hands back a JSON text value) is not JSON: refused below.
        with contextlib.suppress(json.JSONDecodeError):
            data = json.loads(data)
    try:
        state = Encounter.from_dict(data)
    except ValueError as error:
        raise DatabaseError(f"run {found_run}'s save cannot be used: {error}") from None
    if state.result is not None:
        raise DatabaseError(
            f"run {found_run}'s save is of a fight already over ({state.result.value}); "
            "`privateer saves drop` clears it"
        )
    seq = conn.execute(
        sa.text("SELECT coalesce(max(seq) + 1, 0) FROM events WHERE run_id = :r"), {"r": found_run}
    ).scalar_one()
    actions = [
        str(a)
        for (a,) in conn.execute(
            sa.text("SELECT action FROM actions WHERE run_id = :r ORDER BY seq"), {"r": found_run}
        )
    ]
    return LoadedSave(int(found_run), state, int(seq), actions)


def list_saves(conn: sa.Connection) -> list[dict[str, Any]]:
    """Every save, newest first: whose run, what mode, how far it got."""
    rows = conn.execute(
        sa.text(
            "SELECT s.run_id, r.mode, s.save_version, r.seed, r.target, r.ship, r.rounds, "
            "r.days, r.started_at, s.updated_at FROM saves s LEFT JOIN runs r USING (run_id) "
            "ORDER BY s.updated_at DESC, s.run_id DESC"
        )
    ).mappings()
    return [dict(r) for r in rows]


def drop_save(conn: sa.Connection, run_id: int) -> None:
    """Let a run in progress go: its save is deleted and its run marked abandoned (its events
    stay, and replay)."""
    found = conn.execute(sa.text("SELECT 1 FROM saves WHERE run_id = :r"), {"r": run_id}).first()
    if found is None:
        raise DatabaseError(f"run {run_id} has no save (see `privateer saves list`)")
    conn.execute(sa.text("DELETE FROM saves WHERE run_id = :r"), {"r": run_id})
    conn.execute(
        sa.text(
            "UPDATE runs SET outcome = 'abandoned', finished_at = now() "
            "WHERE run_id = :r AND outcome IS NULL"
        ),
        {"r": run_id},
    )
