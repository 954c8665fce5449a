"""Questions asked of the run log: the read-only query runner behind `privateer sql`, and the
canned analyses of `privateer report`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
import sqlalchemy as sa

READ_STATEMENTS = {"SELECT", "EXPLAIN"}


class ReadOnlyError(ValueError):
    """A statement that would write (or do more than read)."""


def run_query(path: Path, query: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run one SELECT on a read-only connection: anything else is refused before it runs."""
    statements = duckdb.extract_statements(query)
    if len(statements) != 1:
        raise ReadOnlyError(f"give one statement, not {len(statements)}")
    kind = statements[0].type.name
    if kind not in READ_STATEMENTS:
        raise ReadOnlyError(f"refused: {kind} is not a read; `privateer sql` only reads")
    con = duckdb.connect(str(path), read_only=True)
    try:
        from .connection import spatial_extension_path

        con.execute(f"LOAD '{spatial_extension_path()}'")
        cursor = con.execute(query)
        columns = [d[0] for d in cursor.description or []]
        return columns, cursor.fetchall()
    finally:
        con.close()


REPORTS: dict[str, tuple[str, str]] = {
    "outcomes": (
        "outcome rates by bot, ship and target",
        """SELECT target, ship, coalesce(bot, 'you') AS bot, count(*) AS fights,
                  round(avg((outcome = 'destroyed')::INT), 3) AS destroyed,
                  round(avg((outcome = 'sunk')::INT), 3) AS sunk,
                  round(avg((outcome = 'fled')::INT), 3) AS fled,
                  round(avg((outcome = 'got_away')::INT), 3) AS got_away,
                  round(avg((outcome = 'parted')::INT), 3) AS parted
           FROM runs WHERE outcome IS NOT NULL
           GROUP BY ALL ORDER BY target, ship, bot""",
    ),
    "rounds": (
        "how many rounds fights last",
        """SELECT target, outcome, count(*) AS fights, round(avg(rounds), 2) AS mean_rounds,
                  min(rounds) AS fewest, quantile_cont(rounds, 0.5) AS median,
                  max(rounds) AS most
           FROM runs WHERE outcome IS NOT NULL
           GROUP BY ALL ORDER BY target, outcome""",
    ),
    "deciding_cards": (
        "which cards decided fights (the last card played before the end)",
        """WITH last_card AS (
               SELECT e.run_id, arg_max(e.payload->>'$.card', e.seq) AS card
               FROM events e
               WHERE e.payload->>'$.card' IS NOT NULL
                 AND e.seq < (SELECT max(seq) FROM events x
                              WHERE x.run_id = e.run_id AND x.kind = 'end')
               GROUP BY e.run_id)
           SELECT r.outcome, l.card, count(*) AS fights
           FROM runs r JOIN last_card l USING (run_id)
           WHERE r.outcome IS NOT NULL
           GROUP BY ALL ORDER BY r.outcome, fights DESC""",
    ),
}


def run_report(conn: sa.Connection) -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
    out = {}
    for name, (_, query) in REPORTS.items():
        result = conn.execute(sa.text(query))
        out[name] = (list(result.keys()), [tuple(row) for row in result])
    return out
