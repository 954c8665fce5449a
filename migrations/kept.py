"""What a downgrade sets aside so the upgrade can give it back exactly.

A downgrade that must take something away from older code (a column, a table, a save that
version cannot read) moves it to a side table named `_kept_<revision>...`, which older code
never reads; the same revision's upgrade puts it back where what it was kept from is unchanged,
and drops the side table. A downgrade to base drops side tables with everything else.

Revisions call these helpers, so they change only in ways that keep every caller's meaning.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

PREFIX = "_kept_"


def exists(conn: sa.Connection, table: str) -> bool:
    return bool(
        conn.execute(
            sa.text(
                "SELECT count(*) FROM information_schema.tables "
                "WHERE table_schema = 'main' AND table_name = :t"
            ),
            {"t": table},
        ).scalar_one()
    )


def kept_tables(conn: sa.Connection) -> list[str]:
    """Every side table in the database, by name."""
    rows = conn.execute(
        sa.text(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = 'main' AND starts_with(table_name, :p) ORDER BY table_name"
        ),
        {"p": PREFIX},
    )
    return [str(name) for (name,) in rows]


def drop(conn: sa.Connection, *tables: str) -> None:
    for table in tables:
        conn.execute(sa.text(f'DROP TABLE IF EXISTS "{table}"'))


def set_aside_saves(conn: sa.Connection, table: str, run_ids: list[int]) -> None:
    """Move these runs' saves to `table`, each with its run's outcome and finish as they were;
    a run in progress is marked abandoned (older code finds no save for it), and `table` notes
    how the run was left, so the upgrade knows whether older code has touched it since."""
    conn.execute(  # the saves' own column types, so what comes back is what went
        sa.text(
            f'CREATE TABLE IF NOT EXISTS "{table}" AS SELECT s.*, r.outcome, r.finished_at, '
            "true AS had_run, r.outcome AS left_outcome, r.finished_at AS left_finished_at "
            "FROM saves s, runs r WHERE false"
        )
    )
    stamp = datetime.now(UTC).replace(tzinfo=None)
    for run_id in run_ids:
        conn.execute(
            sa.text(
                f'INSERT INTO "{table}" SELECT s.run_id, s.save_version, s.state, s.updated_at, '
                "r.outcome, r.finished_at, r.run_id IS NOT NULL, NULL, NULL "
                "FROM saves s LEFT JOIN runs r USING (run_id) WHERE s.run_id = :r"
            ),
            {"r": run_id},
        )
        conn.execute(
            sa.text(
                "UPDATE runs SET outcome = 'abandoned', finished_at = :t "
                "WHERE run_id = :r AND outcome IS NULL"
            ),
            {"r": run_id, "t": stamp},
        )
        left = conn.execute(
            sa.text("SELECT outcome, finished_at FROM runs WHERE run_id = :r"), {"r": run_id}
        ).first()
        conn.execute(
            sa.text(
                f'UPDATE "{table}" SET left_outcome = :o, left_finished_at = :f WHERE run_id = :r'
            ),
            {"r": run_id, "o": left[0] if left else None, "f": left[1] if left else None},
        )
        conn.execute(sa.text("DELETE FROM saves WHERE run_id = :r"), {"r": run_id})


def restore_saves(conn: sa.Connection, table: str) -> None:
    """Put back the saves `table` holds, and their runs' outcome and finish, where the run is
    still as the downgrade left it and older code has saved nothing for it since; drop
    `table`."""
    if not exists(conn, table):
        return
    kept = conn.execute(
        sa.text(
            "SELECT run_id, outcome, finished_at, had_run, left_outcome, left_finished_at "
            f'FROM "{table}" ORDER BY run_id'
        )
    ).all()
    for run_id, outcome, finished_at, had_run, *left in kept:
        run = conn.execute(
            sa.text("SELECT outcome, finished_at FROM runs WHERE run_id = :r"), {"r": run_id}
        ).first()
        saved = conn.execute(
            sa.text("SELECT count(*) FROM saves WHERE run_id = :r"), {"r": run_id}
        ).scalar_one()
        as_left = run is None if not had_run else run is not None and list(run) == left
        if saved or not as_left:
            continue  # older code ended, replaced or saved this run anew: its word stands
        if had_run:
            conn.execute(
                sa.text("UPDATE runs SET outcome = :o, finished_at = :f WHERE run_id = :r"),
                {"r": run_id, "o": outcome, "f": finished_at},
            )
        conn.execute(  # in SQL: the state's text as it was, not re-cast from a parameter
            sa.text(
                "INSERT INTO saves (run_id, save_version, state, updated_at) "
                f'SELECT run_id, save_version, state, updated_at FROM "{table}" WHERE run_id = :r'
            ),
            {"r": run_id},
        )
    drop(conn, table)
