"""Saves: a run in progress, stored after every card so it can be picked up where it was.

A save carries the shape of its state (`save_version`). One of another version is refused,
never loaded half-understood; one that makes no sense (a hull of 999, an empty hand, an rng
past 32 bits) or that no play of its run's game reaches (a fight on other terms than its run's,
of another seed, already over: the engine's `Game.resume`) is refused in one line, naming what
is wrong, and left as it is.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from privateer.engine.errors import SaveError
from privateer.engine.protocol import Mode
from privateer.engine.schema import Record, read_record

from .errors import DatabaseError
from .runlog import Statement, now


def drop_save_statement(run_id: int) -> Statement:
    return ("DELETE FROM saves WHERE run_id = ?", [run_id])


@dataclass(frozen=True)
class StoredSave:
    """A save as stored, checked for its version and engine but not yet read as a state."""

    run_id: int
    data: Any
    next_event_seq: int
    actions: list[str]
    options: dict[str, Any]
    engine_version: str = ""  # the engine the run was played with
    seed: int = 0  # the run's seed: a save of another is not its run's
    world_hash: str | None = None  # the world it was played on (None: it was played on none)


def load_stored_save(
    conn: sa.Connection,
    run_id: int | None,
    *,
    mode: str,
    save_version: int,
    engine_version: str | tuple[str, ...],
    start_with: str,
    options: Record,
) -> StoredSave:
    """The save of a `mode` run in progress (the newest, unless run_id says which): one of
    another save version or engine is refused, never loaded half-understood. The run's options
    are read by the mode's declaration of them (`options`), and refused in one line if they
    are not what it says."""
    sql = (
        "SELECT s.run_id, s.save_version, s.state, r.engine_version, r.options, r.seed, "
        "r.world_hash "
        "FROM saves s "
        f"JOIN runs r USING (run_id) WHERE r.mode = '{mode}'"
    )
    if run_id is not None:
        row = conn.execute(sa.text(sql + " AND s.run_id = :r"), {"r": run_id}).first()
        if row is None:
            raise DatabaseError(
                f"no {mode} in progress is saved for run {run_id} (see `privateer saves list`)"
            )
    else:
        row = conn.execute(
            sa.text(sql + " ORDER BY s.updated_at DESC, s.run_id DESC LIMIT 1")
        ).first()
        if row is None:
            raise DatabaseError(f"no {mode} in progress is saved; start one with `{start_with}`")
    found_run, version, state_json, run_engine, options_json, run_seed, world_hash = row
    if version != save_version:
        newer = "newer than this privateer" if version > save_version else "not one this code knows"
        raise DatabaseError(
            f"run {found_run}'s save is version {version}, {newer} (it reads {save_version}); "
            "it is left as it is"
        )
    plays = (engine_version,) if isinstance(engine_version, str) else engine_version
    if run_engine not in plays:
        raise DatabaseError(
            f"run {found_run} was played with engine {run_engine}; this is {plays[-1]}, "
            "so it cannot be picked up (`privateer saves drop` lets it go)"
        )
    data = state_json
    if isinstance(data, str):
        # A bare string (as DuckDB hands back a JSON text value) is not JSON: refused later
        # (so is JSON that Python will not read, a number of 5,000 digits).
        with contextlib.suppress(ValueError):
            data = json.loads(data)
    seq = conn.execute(
        sa.text("SELECT coalesce(max(seq) + 1, 0) FROM events WHERE run_id = :r"), {"r": found_run}
    ).scalar_one()
    actions = [
        str(a)
        for (a,) in conn.execute(
            sa.text("SELECT action FROM actions WHERE run_id = :r ORDER BY seq"), {"r": found_run}
        )
    ]
    return StoredSave(
        int(found_run),
        data,
        int(seq),
        actions,
        _read_options(found_run, options_json, options),
        str(run_engine),
        int(run_seed),
        None if world_hash is None else str(world_hash),
    )


def _read_options(run_id: int, stored: Any, declared: Record) -> dict[str, Any]:
    """A run's options as its mode declares them; DatabaseError in one line otherwise."""
    value = stored
    try:
        if isinstance(value, str):
            value = json.loads(value)
        return read_record(declared, {} if value is None else value, "options", {})[0]
    except SaveError as error:
        problem = str(error)
    except ValueError:
        problem = "they are not JSON"
    raise DatabaseError(f"run {run_id}'s options cannot be used: {problem}")


def unusable(run_id: int, error: ValueError) -> DatabaseError:
    """The one line refusing a run's save that its game will not take (it is left as it is)."""
    return DatabaseError(f"run {run_id}'s save cannot be used: {error}")


def state_save_statement(run_id: int, save_version: int, state: dict[str, Any]) -> Statement:
    """An upsert of a run's save from its state's dict, for `write(..., extra=...)`."""
    return (
        "INSERT OR REPLACE INTO saves (run_id, save_version, state, updated_at) "
        "VALUES (?, ?, ?, ?)",
        [run_id, save_version, json.dumps(state, sort_keys=True), now()],
    )


def replace_save_statements(
    run_id: int, save_version: int, state: dict[str, Any]
) -> list[Statement]:
    """A run's save replaced by its state's dict (the row state_save_statement writes): the
    old row deleted, the new one inserted. On a connection just opened, as each save's is,
    DuckDB does the two in a third of the time of one INSERT OR REPLACE."""
    return [
        drop_save_statement(run_id),
        (
            "INSERT INTO saves (run_id, save_version, state, updated_at) VALUES (?, ?, ?, ?)",
            [run_id, save_version, json.dumps(state, sort_keys=True), now()],
        ),
    ]


def list_saves(
    conn: sa.Connection, run_mode: str | None = None, modes: Iterable[Mode] = ()
) -> list[dict[str, Any]]:
    """Every save (of `run_mode`'s runs, if given), newest first: whose run, what mode, how
    far it got, and what the `modes` handed in show of theirs beyond that
    (`Mode.save_progress`: a voyage's rules, day, gold and where she lies). The caller names
    the modes it asks, as importing the registry imports every mode (NumPy and SciPy too)."""
    progress_of = {run: m.save_progress for m in modes for run in m.run_modes}
    sql = (
        "SELECT s.run_id, r.mode, s.save_version, r.seed, r.target, r.ship, r.rounds, "
        "r.days, r.started_at, s.updated_at, r.options, s.state FROM saves s "
        "LEFT JOIN runs r USING (run_id)"
    )
    where = "" if run_mode is None else " WHERE r.mode = :mode"
    order = " ORDER BY s.updated_at DESC, s.run_id DESC"
    rows = conn.execute(sa.text(sql + where + order), {"mode": run_mode}).mappings()
    ports: list[str] = []

    def port_name(port: int) -> str:
        if not ports:  # read once, in the order the world loader numbers them
            ports.extend(str(n) for (n,) in conn.execute(sa.text(PORT_NAMES)))
        return ports[port] if port < len(ports) else f"port {port}"

    out = []
    for row in rows:
        listed = {k: v for k, v in row.items() if k not in ("options", "state")}
        progress = progress_of.get(row["mode"])
        if progress is not None:
            listed.update(progress(_json(row["options"]), _json(row["state"]), port_name))
        out.append(listed)
    return out


PORT_NAMES = "SELECT name FROM ports ORDER BY port_id"
"""The ports' names by the index a voyage's state numbers them with (db/world_load.py's order)."""


def _json(value: Any) -> Any:
    """A JSON column's value as Python (DuckDB hands JSON back as text); None if unreadable."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return None
    return value


def saves_in_progress(
    conn: sa.Connection, mode: Mode, seed: int, **shown: Any
) -> list[dict[str, Any]]:
    """The saves of `mode`'s runs of `seed` in progress whose listing shows `shown` (a
    voyage's rules), newest first, as `list_saves` gives them: what a game asks about before
    starting the same one again."""
    return [
        s
        for s in list_saves(conn, mode.run_modes[0], [mode])
        if s["seed"] == seed and all(s.get(k) == v for k, v in shown.items())
    ]


def abandon_statements(run_id: int) -> list[Statement]:
    """What `drop_save` does, as statements for `write(..., extra=...)`: the save deleted, the
    run marked abandoned (its events stay, and replay)."""
    return [
        drop_save_statement(run_id),
        (
            "UPDATE runs SET outcome = 'abandoned', finished_at = ? "
            "WHERE run_id = ? AND outcome IS NULL",
            [now(), run_id],
        ),
    ]


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


def run_seed_and_options(conn: sa.Connection, run_id: int) -> tuple[int, Any]:
    """A run's seed and its options as logged (JSON text, unread: the caller checks them)."""
    sql = "SELECT seed, options FROM runs WHERE run_id = :r"
    seed, options = conn.execute(sa.text(sql), {"r": run_id}).one()
    return int(seed), options
