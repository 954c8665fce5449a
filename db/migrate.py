"""alembic, driven from code: the config that points at migrations/, and the few operations the
CLI and open_database need (current revision, head, upgrade, downgrade, history).

alembic ships no DuckDB implementation; DuckDB speaks PostgreSQL's DDL dialect closely enough
for alembic's operations, and runs DDL inside transactions, so a migration is all or nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.ddl.postgresql import PostgresqlImpl
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

import privateer.migrations as _migrations_pkg


class DuckDBImpl(PostgresqlImpl):
    """alembic's operations for the 'duckdb' dialect (registered by subclassing)."""

    __dialect__ = "duckdb"
    transactional_ddl = True


MIGRATIONS_DIR = Path(_migrations_pkg.__file__).resolve().parent


def alembic_config(connection: sa.Connection | None = None) -> Config:
    """An alembic Config for our migrations; with a connection, env.py migrates on it."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def script_directory() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    head = script_directory().get_current_head()
    assert head is not None, "migrations/versions holds no revision"
    return head


def known_revisions() -> set[str]:
    return {rev.revision for rev in script_directory().walk_revisions()}


def current_revision(connection: sa.Connection) -> str | None:
    """The revision the database is at, or None for a database alembic never touched."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(connection: sa.Connection, target: str = "head") -> None:
    command.upgrade(alembic_config(connection), target)


def downgrade(connection: sa.Connection, target: str) -> None:
    command.downgrade(alembic_config(connection), target)


def downgrade_losses(connection: sa.Connection, current: str | None, target: str) -> list[str]:
    """What going from `current` down to `target` would drop for good, as words: each
    revision undone names its tables and columns (DOWNGRADE_DROPS), and those with rows are
    counted; a revision that drops rows rather than tables says so itself (its
    `downgrade_losses(connection)`). Base drops what the others set aside, too."""
    words = _downgrade_words(connection, current, target, "DOWNGRADE_DROPS", "downgrade_losses")
    if target == "base":
        words += _downgrade_words(connection, current, target, "DOWNGRADE_KEEPS", "")
    return words


def downgrade_keeps(connection: sa.Connection, current: str | None, target: str) -> list[str]:
    """What going from `current` down to `target` would set aside for the upgrade to give
    back (tables and columns in DOWNGRADE_KEEPS, rows in `downgrade_keeps(connection)`), as
    words. A downgrade to base drops them with everything else."""
    if target == "base":
        return []
    return _downgrade_words(connection, current, target, "DOWNGRADE_KEEPS", "downgrade_keeps")


def _downgrade_words(
    connection: sa.Connection, current: str | None, target: str, names: str, own_words: str
) -> list[str]:
    if current is None:
        return []
    script = script_directory()
    stop = None if target == "base" else target
    undone = [
        rev for rev in script.iterate_revisions(current, stop or "base") if rev.revision != stop
    ]
    present = {
        (str(t), str(c))
        for t, c in connection.execute(
            sa.text(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = 'main'"
            )
        )
    }
    tables = {t for t, _ in present}
    words = []
    for rev in undone:
        own = getattr(rev.module, own_words, None) if own_words else None
        if own is not None:
            words.extend(own(connection))
        for item in getattr(rev.module, names, ()):
            table, _, column = item.partition(".")
            if table not in tables or (column and (table, column) not in present):
                continue
            where = f' WHERE "{column}" IS NOT NULL' if column else ""
            rows = connection.execute(sa.text(f'SELECT count(*) FROM "{table}"{where}'))
            count = int(rows.scalar_one())
            if count:
                what = f"column {item}" if column else f"table {table}"
                words.append(f"{what} ({count} rows)")
    return words


@dataclass(frozen=True, slots=True)
class RevisionInfo:
    revision: str
    down_revision: str | None
    message: str
    is_head: bool


def history() -> list[RevisionInfo]:
    """Every revision, oldest first."""
    revisions = list(script_directory().walk_revisions())  # newest first
    revisions.reverse()
    out = []
    for rev in revisions:
        down = rev.down_revision
        out.append(
            RevisionInfo(
                revision=rev.revision,
                down_revision=down if isinstance(down, str) or down is None else ",".join(down),
                message=(rev.doc or "").strip(),
                is_head=rev.is_head,
            )
        )
    return out
