"""Listing runs, the command people type most, quickly: on a plain read-only DuckDB
connection, without SQLAlchemy (whose import alone takes longer than the rest of the command),
so `privateer runs list` starts about as fast as `privateer --version`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb

from privateer.engine.figures import figures_of

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
    "days",
    "engine_version",
    "world_hash",
    "started_at",
    "finished_at",
)


def _dicts(cursor: Any) -> list[dict[str, Any]]:
    """A cursor's rows as dicts by column name, each run's score, rounds and days only where
    its mode has such a figure (a fight's days, 0, are none: engine/figures.py)."""
    names = [d[0] for d in cursor.description or []]
    rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    for row in rows:
        if "mode" in row:
            row.update(figures_of(row["mode"]).shown(row))
    return rows


def with_words(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows with their figures in words, as each one's mode means them: `score_words` ("9
    gold", "Red won"), `length_words` ("7 rounds", "180 days"); None where it has none."""
    out = []
    for row in rows:
        figures = figures_of(row["mode"])
        words = {
            "score_words": figures.score_words(row.get("score")),
            "length_words": figures.length_words(row.get("rounds"), row.get("days")),
        }
        out.append({**row, **words})
    return out


def list_runs(path: Path, limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
    """Runs, newest first, read on a plain read-only DuckDB connection.

    The bounds are written into the statement as integers because DuckDB's
    Python binding imports pandas to bind any parameter.
    """
    con = connect_waiting(path, read_only=True)
    try:
        return runs_on(con, limit, offset)
    except duckdb.Error as error:  # a damaged block met by the read
        raise translate(path, error) from error
    finally:
        con.close()


def runs_on(con: Any, limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
    """`list_runs` on a connection already open (read-only will do)."""
    cursor = con.execute(
        f"SELECT {', '.join(RUN_FIELDS)} FROM runs ORDER BY run_id DESC "
        f"LIMIT {int(limit)} OFFSET {int(offset)}"
    )
    return _dicts(cursor)


PAGE_FIELDS = (
    "run_id",
    "mode",
    "seed",
    "target",
    "outcome",
    "days",
    "rounds",
    "score",
    "ship",
    "bot",
    "started_at",
)


def _where(mode: str | None, outcome: str | None) -> str:
    """A filter on mode and outcome, each a plain word (checked here: written into the SQL)."""
    terms = []
    for column, value in (("mode", mode), ("outcome", outcome)):
        if value is None:
            continue
        if not value.replace("_", "").isalnum() or not value.isascii():
            raise ValueError(f"{column} {value!r}: a plain word")
        terms.append(f"{column} = '{value}'" if value != "in_progress" else f"{column} IS NULL")
    return f"WHERE {' AND '.join(terms)}" if terms else ""


def list_runs_page(
    path: Path,
    *,
    mode: str | None = None,
    outcome: str | None = None,
    limit: int = 50,
    offset: int = 0,
) -> tuple[list[dict[str, Any]], int]:
    """A page of runs, newest first, of one mode and outcome if given ('in_progress': no
    outcome yet), their figures in words beside the numbers, and how many there are in all;
    on a plain read-only connection."""
    where = _where(mode, outcome)
    con = connect_waiting(path, read_only=True)
    try:
        cursor = con.execute(
            f"SELECT {', '.join(PAGE_FIELDS)} FROM runs {where} ORDER BY run_id DESC "
            f"LIMIT {int(limit)} OFFSET {int(offset)}"
        )
        rows = with_words(_dicts(cursor))
        found = con.execute(f"SELECT count(*) FROM runs {where}").fetchone()
        return rows, int(found[0]) if found else 0
    except duckdb.Error as error:
        raise translate(path, error) from error
    finally:
        con.close()


def run_kinds(path: Path) -> tuple[list[str], list[str]]:
    """The modes and the outcomes the runs have ('in_progress' for none yet), for filters."""
    con = connect_waiting(path, read_only=True)
    try:
        modes = [
            str(r[0]) for r in con.execute("SELECT DISTINCT mode FROM runs ORDER BY 1").fetchall()
        ]
        outcomes = [
            "in_progress" if r[0] is None else str(r[0])
            for r in con.execute("SELECT DISTINCT outcome FROM runs ORDER BY 1").fetchall()
        ]
        return modes, outcomes
    except duckdb.Error as error:
        raise translate(path, error) from error
    finally:
        con.close()


def newest_finished_run(path: Path, mode: str) -> int | None:
    """The newest finished run of `mode` (a plain word), or None if there is none or the
    database holds no run tables yet."""
    if not mode.isidentifier():
        raise ValueError(f"a run mode is a plain word, not {mode!r}")
    con = connect_waiting(path, read_only=True)
    try:
        row = con.execute(
            f"SELECT max(run_id) FROM runs WHERE mode = '{mode}' AND outcome IS NOT NULL"
        ).fetchone()
    except duckdb.Error:
        return None
    finally:
        con.close()
    return None if row is None or row[0] is None else int(row[0])
