"""Listing runs, the command people type most, quickly: on a plain read-only DuckDB
connection, without SQLAlchemy (whose import alone takes longer than the rest of the command),
so `privateer runs list` starts about as fast as `privateer --version`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb

from .connection import connect_waiting, translate

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


def list_runs(path: Path, limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
    """Runs, newest first, read on a plain read-only DuckDB connection.

    The bounds are written into the statement as integers because DuckDB's
    Python binding imports pandas to bind any parameter.
    """
    con = connect_waiting(path, read_only=True)
    try:
        cursor = con.execute(
            f"SELECT {', '.join(RUN_FIELDS)} FROM runs ORDER BY run_id DESC "
            f"LIMIT {int(limit)} OFFSET {int(offset)}"
        )
        names = [d[0] for d in cursor.description or []]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    except duckdb.Error as error:  # a damaged block met by the read
        raise translate(path, error) from error
    finally:
        con.close()
