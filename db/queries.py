"""Questions asked of the run log: the read-only query runner behind `privateer sql`, and the
canned analyses of `privateer report`.

A read-only query tool keeps to the database. The statement is checked before it runs (one
read, or a PIVOT; EXPLAIN but never EXPLAIN ANALYZE, which runs what it explains); the
connection is read-only; and once the spatial extension is loaded, DuckDB is told to touch no
file and no network (`enable_external_access=false`, extension auto-install and auto-load off)
and the configuration is locked so the query cannot turn any of that back on. With
`allow_files`, local files may be read (read_csv, read_parquet, ...), still never written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
import sqlalchemy as sa

READ_STATEMENTS = {"SELECT", "EXPLAIN"}
_KEYWORD = duckdb.token_type.keyword
_IDENTIFIER = duckdb.token_type.identifier
_COMMENT = duckdb.token_type.comment


class ReadOnlyError(ValueError):
    """A statement that would write (or do more than read)."""


def _words(query: str) -> list[str]:
    """The statement's leading keywords and names, upper-cased, comments skipped."""
    out = []
    for start, kind in duckdb.tokenize(query):
        if kind == _COMMENT:
            continue
        if kind not in (_KEYWORD, _IDENTIFIER):
            break
        end = start
        while end < len(query) and (query[end].isalnum() or query[end] == "_"):
            end += 1
        out.append(query[start:end].upper())
        if len(out) == 3:
            break
    return out


def check_read_only(query: str) -> None:
    """Refuse, before anything runs, whatever is not one read."""
    try:
        statements = duckdb.extract_statements(query)
    except duckdb.Error as error:
        raise ReadOnlyError(str(error).strip().splitlines()[0]) from None
    words = _words(query)
    pivot = bool(words) and words[0] in ("PIVOT", "UNPIVOT")
    # DuckDB plans a PIVOT as two statements (an enum of the pivoted values, then the select).
    if len(statements) != 1 and not (pivot and len(statements) == 2):
        raise ReadOnlyError(f"give one statement, not {len(statements)}")
    if pivot:
        return
    kind = statements[0].type.name
    if kind not in READ_STATEMENTS:
        raise ReadOnlyError(f"refused: {kind} is not a read; `privateer sql` only reads")
    if kind == "EXPLAIN" and len(words) > 1 and words[1] in ("ANALYZE", "ANALYSE"):
        raise ReadOnlyError("refused: EXPLAIN ANALYZE runs what it explains; use EXPLAIN")


def run_query(
    path: Path, query: str, *, allow_files: bool = False
) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run one read on a read-only connection that can reach nothing outside the database
    (with `allow_files`: local files to read). Anything else is refused before it runs."""
    check_read_only(query)
    from .connection import connect_waiting, spatial_extension_path

    con = connect_waiting(
        path,
        read_only=True,
        config={"autoinstall_known_extensions": False, "autoload_known_extensions": False},
    )
    try:
        con.execute(f"LOAD '{spatial_extension_path()}'")
        if not allow_files:
            con.execute("SET enable_external_access = false")
        con.execute("SET lock_configuration = true")
        cursor = con.execute(query)
        columns = [d[0] for d in cursor.description or []]
        return columns, cursor.fetchall()
    finally:
        con.close()


REPORTS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "outcomes": (
        "outcome rates by bot, ship and target",
        """SELECT target, ship, coalesce(bot, 'you') AS bot, count(*) AS fights,
                  round(avg((outcome = 'destroyed')::INT), 3) AS destroyed,
                  round(avg((outcome = 'sunk')::INT), 3) AS sunk,
                  round(avg((outcome = 'fled')::INT), 3) AS fled,
                  round(avg((outcome = 'got_away')::INT), 3) AS got_away,
                  round(avg((outcome = 'parted')::INT), 3) AS parted
           FROM runs WHERE outcome IS NOT NULL AND mode IN ('fight', 'sim')
           GROUP BY ALL ORDER BY target, ship, bot""",
        ("destroyed", "sunk", "fled", "got_away", "parted"),
    ),
    "rounds": (
        "how many rounds fights last",
        """SELECT target, outcome, count(*) AS fights, round(avg(rounds), 2) AS mean_rounds,
                  min(rounds) AS fewest, quantile_cont(rounds, 0.5) AS median,
                  max(rounds) AS most
           FROM runs WHERE outcome IS NOT NULL AND mode IN ('fight', 'sim')
           GROUP BY ALL ORDER BY target, outcome""",
        (),
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
           WHERE r.outcome IS NOT NULL AND r.mode IN ('fight', 'sim')
           GROUP BY ALL ORDER BY r.outcome, fights DESC""",
        (),
    ),
    "voyages": (
        "voyages: how they ended, by rules and captain",
        """SELECT options->>'$.rules' AS rules, coalesce(bot, 'you') AS captain,
                  count(*) AS runs,
                  round(avg((outcome = 'won')::INT), 3) AS won,
                  round(avg((outcome = 'sunk')::INT), 3) AS sunk,
                  round(avg((outcome = 'out_of_time')::INT), 3) AS alive_at_end,
                  round(avg(days) FILTER (WHERE outcome = 'won'), 1) AS mean_day_home,
                  round(avg(score), 1) AS mean_gold
           FROM runs WHERE mode = 'voyage' AND outcome IS NOT NULL
             AND outcome <> 'abandoned'
           GROUP BY ALL ORDER BY rules, captain""",
        ("won", "sunk", "alive_at_end"),
    ),
    "where": (
        "where voyages fight and sink: by named sea and by whose protected water",
        """WITH fights AS (
               SELECT e.run_id, (e.payload->>'$.node')::INT AS node_id,
                      e.payload->>'$.target' AS target, e.payload->>'$.outcome' AS outcome
               FROM events e JOIN runs r USING (run_id)
               WHERE r.mode = 'voyage' AND e.kind = 'fight_over')
           SELECT coalesce(s.name, 'open ocean') AS sea,
                  coalesce(w.nation, 'nobody') AS waters,
                  count(*) AS fights,
                  count(*) FILTER (WHERE f.outcome = 'destroyed') AS taken,
                  count(*) FILTER (WHERE f.outcome = 'sunk') AS sunk,
                  round(avg((f.outcome = 'sunk')::INT), 3) AS sunk_rate
           FROM fights f
           LEFT JOIN sea_nodes sn USING (node_id) LEFT JOIN seas s USING (sea_id)
           LEFT JOIN waters w USING (node_id)
           GROUP BY ALL ORDER BY fights DESC, sea, waters""",
        ("sunk_rate",),
    ),
}


def run_report(conn: sa.Connection) -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
    out = {}
    for name, (_, query, _) in REPORTS.items():
        result = conn.execute(sa.text(query))
        out[name] = (list(result.keys()), [tuple(row) for row in result])
    return out
