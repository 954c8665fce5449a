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
values. A SELECT may still call a function that does more than read (`SELECT * FROM
checkpoint()`, `enable_logging(...)`, `write_log(...)`, or `query('...')`, which runs text no
check sees): every function the statement calls is read from DuckDB's own parse tree
(`json_serialize_sql`), and one in REFUSED_FUNCTIONS refuses the query.

The text is parsed on a throwaway in-memory connection with the same file access the query will
get, and the parsed statement, not the text again, is what runs: on a read-only connection
where, once the spatial extension is loaded, DuckDB is told to touch no file and no network
(`enable_external_access=false`, extension auto-install and auto-load off, Python objects not
scanned) and the configuration is locked so the query cannot turn any of that back on. With
`allow_files`, local files may be read (read_csv, read_parquet, ...); nothing that writes passes
the check either way. What a library inside an extension prints on the process's stderr while
the query runs (shapelib's "Unable to open ...") is caught and folded into the one line of a
failure.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, NamedTuple

import duckdb

_SELECT = duckdb.StatementType.SELECT
_EXPLAIN = duckdb.StatementType.EXPLAIN
_CREATE = duckdb.StatementType.CREATE
_ANALYZE_WORDS = frozenset({"analyze", "analyse"})
_TOKEN = re.compile(r'"(?:[^"]|"")*"|\w+|\S')  # a quoted name, a word, or one character
_NO_EXTENSIONS = {"autoinstall_known_extensions": False, "autoload_known_extensions": False}
READS = "privateer sql runs one SELECT (or EXPLAIN of one)"

# Functions a SELECT can call that do more than read, each with what it does. Found by going
# through every table function in duckdb_functions() (DuckDB 1.5, spatial loaded) and the scalar
# ones it marks has_side_effects; tests/test_sql_readonly.py fails when a DuckDB brings a table
# function nobody has sorted into this list or the reads beside it.
REFUSED_FUNCTIONS: dict[str, str] = {
    "checkpoint": "writes the database file",
    "force_checkpoint": "writes the database file",
    "enable_logging": "changes DuckDB's logging settings and can write log files",
    "disable_logging": "changes DuckDB's logging settings",
    "truncate_duckdb_logs": "empties DuckDB's log",
    "write_log": "writes to DuckDB's log",
    "enable_profiling": "changes the profiling settings and can write a profile file",
    "disable_profiling": "changes the profiling settings",
    "setseed": "changes the session's random seed",
    "nextval": "advances a sequence, which is a write",
    "query": "runs SQL text that this check never sees",
    "json_execute_serialized_sql": "runs SQL that this check never sees",
    "arrow_scan": "reads the process's memory at an address",
    "arrow_scan_dumb": "reads the process's memory at an address",
    "pandas_scan": "reads the process's memory at an address",
    "python_map_function": "calls Python code at an address",
}


class ReadOnlyError(ValueError):
    """A statement that would write (or do more than read)."""


class QueryFailed(ValueError):
    """A read that DuckDB refused or could not run, said in one line."""


class QueryResult(NamedTuple):
    columns: list[str]
    rows: list[tuple[Any, ...]]
    said: list[str]  # lines a library printed on stderr while the query ran (GDAL warnings)


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
            _check_calls(parser, _check_explained(parser, statement.query))
        elif statement.type != _SELECT:
            raise ReadOnlyError(f"refused: {_kind(statement)} is not a read; {READS}")
        else:
            _check_calls(parser, statement.query)
    return statement


def _check_calls(parser: duckdb.DuckDBPyConnection, select: str) -> None:
    """Refuse a SELECT that calls a function in REFUSED_FUNCTIONS, wherever it stands (FROM,
    a subquery, a lambda, DESCRIBE or SUMMARIZE of a query), in any schema or letter case."""
    ((serialized,),) = parser.execute("SELECT json_serialize_sql(?)", [select]).fetchall()
    tree = json.loads(serialized)
    if tree["error"]:  # fail closed: what cannot be looked through is not run
        why = tree.get("error_message")
        raise ReadOnlyError(f"refused: could not see what this query calls ({why}); {READS}")
    stack: list[Any] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            name = node.get("function_name")
            if isinstance(name, str) and name.lower() in REFUSED_FUNCTIONS:
                does = REFUSED_FUNCTIONS[name.lower()]
                raise ReadOnlyError(f"refused: {name.lower()}() {does}; privateer sql only reads")
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def _check_explained(parser: duckdb.DuckDBPyConnection, text: str) -> str:
    """The SELECT an EXPLAIN [ANALYZE] [(option, ...)] statement explains: it must be one, with
    no ANALYZE anywhere before it. `EXPLAIN (SELECT 1)` explains a parenthesised select, so both
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
    return inner[0].query


def run_query(path: Path, query: str, *, allow_files: bool = False) -> QueryResult:
    """Run one read on a read-only connection that can reach nothing outside the database
    (with `allow_files`: local files to read). Anything else is refused before it runs; what
    runs is the statement that was checked. A failure is a QueryFailed of one line, with what
    a library printed on stderr meanwhile folded in."""
    statement = check_read_only(query, allow_files=allow_files)
    from .connection import connect_waiting, spatial_extension_path
    from .native_stderr import native_stderr

    con = connect_waiting(path, read_only=True, config=dict(_NO_EXTENSIONS))
    try:
        with native_stderr() as said:
            con.execute(f"LOAD '{spatial_extension_path()}'")
            if not allow_files:
                con.execute("SET enable_external_access = false")
            con.execute("SET python_enable_replacements = false")  # no Python object as a table
            con.execute("SET lock_configuration = true")
            cursor = con.execute(statement)
            columns = [d[0] for d in cursor.description or []]
            rows = cursor.fetchall()
    except duckdb.Error as error:
        message = str(error).strip().splitlines()[0]
        raise QueryFailed("; ".join([message, *said])) from None
    except BaseException:
        con.interrupt()  # a Ctrl-C can leave the statement running on DuckDB's threads: close
        raise  # would wait for it to end
    finally:
        con.close()
    return QueryResult(columns, rows, said)
