"""The database schema as a Markdown page, read off the table definitions (db/tables.py, which
alembic's revisions are held to): every table with a line on what it holds, every column with
its type, whether it may be empty and what it names, and a diagram of how the tables refer to
one another. `privateer docs schema` writes it to docs/schema.md; a test fails while it is
stale."""

from __future__ import annotations

import sqlalchemy as sa
from duckdb_sqlalchemy import Dialect

from privateer.db.schema_head import SCHEMA_HEAD
from privateer.db.tables import (
    ABOUT,
    CACHE_TABLES,
    REFERENCES,
    RUN_TABLES,
    WORLD_TABLES,
    metadata,
    world_build,
)

HEADER = (
    "# The database schema\n\n"
    "<!-- Written by `privateer docs schema --force` from db/tables.py: do not edit;\n"
    "     change the tables and run it again (a test fails while this is stale). -->\n\n"
    "The tables of one privateer database, at schema revision `{head}` (`privateer db current`\n"
    "says a file's; `privateer db upgrade` brings it here). The world tables are a contract other\n"
    "tools may read; the run tables hold every run of every mode; the study tables hold\n"
    "`privateer sweep`'s balance studies; what a process worked out on a world is kept for the\n"
    "next. DuckDB keeps no foreign keys here, so what a column names in another table is\n"
    "declared beside the tables and shown below.\n"
)


def groups() -> list[tuple[str, tuple[sa.Table, ...]]]:
    """The tables by what they are for, in the order a reader meets them."""
    grouped = {world_build, *WORLD_TABLES, *RUN_TABLES, *CACHE_TABLES}
    studies = tuple(t for t in metadata.sorted_tables if t not in grouped)
    return [
        ("The world", (world_build, *WORLD_TABLES)),
        ("Runs", RUN_TABLES),
        ("Balance studies", studies),
        ("Worked out once, kept for the next process", CACHE_TABLES),
    ]


def column_type(column: sa.Column[object]) -> str:
    spec = getattr(column.type, "get_col_spec", None)
    if spec is not None:
        return str(spec())
    return str(column.type.compile(dialect=Dialect()))


def diagram() -> list[str]:
    """A Mermaid entity-relationship diagram: each table, each reference a line."""
    lines = ["```mermaid", "erDiagram"]
    for (table, column), target in sorted(REFERENCES.items(), key=lambda item: item[1]):
        named, _ = target.split(".")
        lines.append(f'    {named} ||--o{{ {table} : "{column}"')
    lines.append("```")
    return lines


def reference() -> str:
    lines = [HEADER.format(head=SCHEMA_HEAD), *diagram()]
    for title, tables in groups():
        lines += ["", f"## {title}"]
        for table in tables:
            keys = {c.name for c in table.primary_key.columns}
            lines += [
                "",
                f"### `{table.name}`",
                "",
                ABOUT[table.name][0].upper() + ABOUT[table.name][1:] + ".",
                "",
                "| column | type | empty | key | names |",
                "|---|---|---|---|---|",
            ]
            for column in table.columns:
                target = REFERENCES.get((table.name, column.name), "")
                lines.append(
                    f"| `{column.name}` | {column_type(column)} |"
                    f" {'may be' if column.nullable else 'never'} |"
                    f" {'primary' if column.name in keys else ''} |"
                    f" {f'`{target}`' if target else ''} |"
                )
            for index in sorted(table.indexes, key=lambda i: str(i.name)):
                named = ", ".join(f"`{c.name}`" for c in index.columns)
                lines += ["", f"Indexed on {named}."]
    return "\n".join(lines) + "\n"
