"""Questions asked of the run log: the read-only query runner behind `privateer sql`, and the
canned analyses of `privateer report`.

A read-only query tool keeps to the database, and what counts as a read is decided by DuckDB's
own parser, never by the words a query starts with. `check_read_only` parses the text as DuckDB
does (`extract_statements`) and accepts exactly one statement, of one of two kinds:

- type SELECT: a query (WITH, FROM-first, VALUES, TABLE, set operations), PIVOT and UNPIVOT
  with an IN list, SUMMARIZE, DESCRIBE, SHOW, and the PRAGMAs DuckDB rewrites into a select
  (table_info, show_tables, version, ...);
- EXPLAIN of such a statement, with options (FORMAT json, ...) but never ANALYZE or ANALYSE
  in any form or value (`EXPLAIN (ANALYZE false)` still runs the query), which runs what it
  explains.

Everything else is refused before anything runs, whatever its type: writes, DDL (temporary
objects too), ATTACH, COPY, EXPORT, CHECKPOINT, SET, PRAGMAs that are not a select, LOAD and
INSTALL, transactions, prepared statements. A PIVOT without an IN list is two statements to
DuckDB (it creates an enum type of the values first), so it is refused with a hint to name the
values. The text is parsed on a throwaway in-memory connection with the same file access the
query will get, and the parsed statement, not the text again, is what runs: on a read-only
connection where, once the spatial extension is loaded, DuckDB is told to touch no file and no
network (`enable_external_access=false`, extension auto-install and auto-load off, Python
objects not scanned) and the configuration is locked so the query cannot turn any of that back
on. With `allow_files`, local files may be read (read_csv, read_parquet, ...); nothing that
writes passes the check either way.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import duckdb

_SELECT = duckdb.StatementType.SELECT
_EXPLAIN = duckdb.StatementType.EXPLAIN
_CREATE = duckdb.StatementType.CREATE
_ANALYZE_WORDS = frozenset({"analyze", "analyse"})
_TOKEN = re.compile(r'"(?:[^"]|"")*"|\w+|\S')  # a quoted name, a word, or one character
_NO_EXTENSIONS = {"autoinstall_known_extensions": False, "autoload_known_extensions": False}
READS = "privateer sql runs one SELECT (or EXPLAIN of one)"


class ReadOnlyError(ValueError):
    """A statement that would write (or do more than read)."""


def _parse(parser: duckdb.DuckDBPyConnection, text: str) -> list[duckdb.Statement]:
    try:
        return parser.extract_statements(text)
    except duckdb.Error as error:
        raise ReadOnlyError(str(error).strip().splitlines()[0]) from None


def _kind(statement: duckdb.Statement) -> str:
    """What the statement is, for a message: its first words, and DuckDB's type for it when
    that differs (CHECKPOINT is a CALL)."""
    words = [w.upper() for _, w in _words(statement.query)[:2]]
    name = statement.type.name  # the Python enum lacks a few (UPDATE EXTENSIONS: "???")
    if not words or words[0] == name:
        return name if name.isidentifier() else "this statement"
    if not name.isidentifier():
        return " ".join(words)
    return f"{words[0]} (a {name} statement)"


def _words(text: str) -> list[tuple[int, str]]:
    """DuckDB's tokens of `text` (comments skipped), each as (offset, text)."""
    out = []
    for start, _ in duckdb.tokenize(text):
        found = _TOKEN.match(text, start)
        if found is not None:
            out.append((start, found.group()))
    return out


def _is_analyze(word: str) -> bool:
    return word.strip('"').lower() in _ANALYZE_WORDS


def check_read_only(query: str, *, allow_files: bool = False) -> duckdb.Statement:
    """The one read in `query`, parsed by DuckDB; anything else is refused with a
    ReadOnlyError before anything runs. `allow_files` parses with local files reachable, as
    the query will run (IMPORT DATABASE reads its files while it is parsed)."""
    config: dict[str, Any] = {"enable_external_access": allow_files, **_NO_EXTENSIONS}
    with duckdb.connect(":memory:", config=config) as parser:
        statements = _parse(parser, query)
        if len(statements) != 1:
            if any(s.type == _CREATE and not s.query.strip() for s in statements):
                raise ReadOnlyError(
                    "refused: a PIVOT without an IN list creates a type first; name the "
                    "values: PIVOT ... ON column IN ('a', 'b') USING ..."
                )
            raise ReadOnlyError(f"give one statement, not {len(statements)}")
        statement = statements[0]
        if statement.type == _EXPLAIN:
            _check_explained(parser, statement.query)
        elif statement.type != _SELECT:
            raise ReadOnlyError(f"refused: {_kind(statement)} is not a read; {READS}")
    return statement


def _check_explained(parser: duckdb.DuckDBPyConnection, text: str) -> None:
    """EXPLAIN [ANALYZE] [(option, ...)] statement: the statement must be a SELECT, and no
    ANALYZE anywhere before it. `EXPLAIN (SELECT 1)` explains a parenthesised select, so both
    readings of a parenthesis are parsed; exactly one may stand."""
    words = _words(text)
    if len(words) < 2 or words[0][1].upper() != "EXPLAIN":
        raise ReadOnlyError("refused: could not tell what this EXPLAIN explains")
    if _is_analyze(words[1][1]):
        raise ReadOnlyError("refused: EXPLAIN ANALYZE runs what it explains; use EXPLAIN")
    readings: list[tuple[int, list[str]]] = [(words[1][0], [])]  # no options
    if words[1][1] == "(":
        depth = 0
        for i, (_, word) in enumerate(words[1:], start=1):
            depth += {"(": 1, ")": -1}.get(word, 0)
            if depth == 0:
                if i + 1 < len(words):  # options in the parenthesis, the statement after
                    readings.append((words[i + 1][0], [w for _, w in words[2:i]]))
                break
    parsed = []
    for start, options in readings:
        try:
            inner = parser.extract_statements(text[start:])
        except duckdb.Error:
            continue
        parsed.append((inner, options))
    if len(parsed) != 1:
        raise ReadOnlyError("refused: could not tell what this EXPLAIN explains")
    inner, options = parsed[0]
    if any(_is_analyze(word) for word in options):
        raise ReadOnlyError("refused: EXPLAIN (ANALYZE) runs what it explains; use EXPLAIN")
    if len(inner) != 1 or inner[0].type != _SELECT:
        what = _kind(inner[0]) if len(inner) == 1 else f"{len(inner)} statements"
        raise ReadOnlyError(f"refused: EXPLAIN of {what}; {READS}")


def run_query(
    path: Path, query: str, *, allow_files: bool = False
) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run one read on a read-only connection that can reach nothing outside the database
    (with `allow_files`: local files to read). Anything else is refused before it runs; what
    runs is the statement that was checked."""
    statement = check_read_only(query, allow_files=allow_files)
    from .connection import connect_waiting, spatial_extension_path

    con = connect_waiting(path, read_only=True, config=dict(_NO_EXTENSIONS))
    try:
        con.execute(f"LOAD '{spatial_extension_path()}'")
        if not allow_files:
            con.execute("SET enable_external_access = false")
        con.execute("SET python_enable_replacements = false")  # no Python object as a table
        con.execute("SET lock_configuration = true")
        cursor = con.execute(statement)
        columns = [d[0] for d in cursor.description or []]
        return columns, cursor.fetchall()
    finally:
        con.close()
