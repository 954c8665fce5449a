"""`privateer sql` reads the database and nothing else: DuckDB's parser decides, and only one
SELECT or an EXPLAIN of one (never EXPLAIN ANALYZE, which runs what it explains) passes, with
or without --allow-files; no file or network outside the database unless asked (and then only
to read), data printed literally, and no database created or migrated."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.common import Format
from privateer.db.queries import REFUSED_FUNCTIONS, ReadOnlyError, check_read_only

runner = CliRunner()
pytestmark = pytest.mark.xdist_group("sql-readonly")  # one worker: its database made once a run


@pytest.fixture(scope="module")
def logged_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sql") / "runs.duckdb"
    result = runner.invoke(app, ["--db", str(path), "sim", "--log", "--fights", "4"])
    assert result.exit_code == 0, result.output
    return path


def sql(db: Path, query: str, *flags: str) -> object:
    return runner.invoke(app, ["--db", str(db), "sql", query, *flags])


@pytest.mark.parametrize(
    "query",
    [
        "DELETE FROM runs",
        "CREATE TABLE x (a INT)",
        "SELECT 1; SELECT 2",
        "COPY runs TO '/tmp/x.csv'",
        "EXPLAIN ANALYZE COPY (SELECT 'x') TO '{db}' (HEADER false)",
        "explain  /* hidden */ analyze SELECT 1",
        "EXPLAIN ANALYZE SET threads = 1",
        "EXPLAIN ANALYZE PRAGMA version",
        "EXPLAIN ANALYZE CALL pragma_version()",
        "EXPLAIN ANALYZE CHECKPOINT",
        "EXPLAIN ANALYZE INSTALL httpfs",
        "SET enable_external_access = true",
        "INSTALL httpfs",
        "ATTACH '/tmp/other.duckdb'",
    ],
)
def test_what_is_not_a_read_is_refused_and_the_database_is_untouched(
    logged_db: Path, query: str
) -> None:
    before = logged_db.read_bytes()
    result = sql(logged_db, query.format(db=logged_db))
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1
    assert logged_db.read_bytes() == before


@pytest.mark.parametrize(
    "query",
    [
        "SELECT * FROM read_csv('/etc/passwd')",
        "SELECT * FROM read_text('/etc/hostname')",
        "SELECT * FROM read_blob('/etc/hostname')",
        "SELECT * FROM glob('/etc/*')",
        "SELECT * FROM read_parquet('/tmp/anything.parquet')",
    ],
)
def test_files_outside_the_database_are_out_of_reach(logged_db: Path, query: str) -> None:
    result = sql(logged_db, query)
    assert result.exit_code == 2
    assert "disabled by configuration" in result.stderr or "Permission" in result.stderr


def test_allow_files_reads_a_local_file_but_writes_nothing(logged_db: Path, tmp_path: Path) -> None:
    data = tmp_path / "ports.csv"
    data.write_text("name,guns\nHavana,40\nCartagena,30\n")
    result = sql(
        logged_db, f"SELECT sum(guns) AS guns FROM read_csv('{data}')", "--allow-files", "--json"
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [{"guns": 70}]
    out = tmp_path / "out.csv"
    result = sql(logged_db, f"COPY (SELECT 1) TO '{out}'", "--allow-files")
    assert result.exit_code == 2 and not out.exists()


def test_ordinary_reads_spatial_functions_the_view_and_pivot_work(logged_db: Path) -> None:
    rows = json.loads(
        sql(
            logged_db, "SELECT bot, count(*) AS n FROM runs GROUP BY bot ORDER BY bot", "--json"
        ).stdout
    )
    assert [r["n"] for r in rows] == [4] * 5
    point = json.loads(sql(logged_db, "SELECT ST_AsText(ST_Point(1, 2)) AS p", "--json").stdout)
    assert point == [{"p": "POINT (1 2)"}]
    facts = json.loads(
        sql(logged_db, "SELECT count(*) AS n FROM event_facts WHERE kind = 'hit'", "--json").stdout
    )
    assert facts[0]["n"] > 0
    pivot = sql(
        logged_db,
        "PIVOT runs ON outcome IN ('destroyed', 'sunk') USING count(*) GROUP BY bot",
        "--json",
    )
    assert pivot.exit_code == 0, pivot.output
    assert len(json.loads(pivot.stdout)) == 5
    assert set(json.loads(pivot.stdout)[0]) == {"bot", "destroyed", "sunk"}
    explained = sql(logged_db, "EXPLAIN SELECT count(*) FROM runs")
    assert explained.exit_code == 0
    explained = sql(logged_db, "EXPLAIN (FORMAT json) SELECT 1", "--allow-files", "--json")
    assert explained.exit_code == 0, explained.output
    assert json.loads(json.loads(explained.stdout)[0]["explain_value"])[0]["name"] == "PROJECTION"


def test_data_is_printed_literally(logged_db: Path) -> None:
    result = sql(logged_db, "SELECT 'a:x:b [bold]hi[/bold]' AS s")
    assert result.exit_code == 0
    assert "a:x:b [bold]hi[/bold]" in result.stdout
    result = sql(logged_db, 'SELECT 1 AS "[/]"')
    assert result.exit_code == 0, result.output
    assert "[/]" in result.stdout
    csv_text = sql(logged_db, "SELECT 1 AS one, 'a' AS letter", "--csv").stdout
    assert csv_text.splitlines() == ["one,letter", "1,a"]


def test_sql_never_creates_or_migrates_a_database(tmp_path: Path) -> None:
    missing = tmp_path / "none.duckdb"
    result = sql(missing, "SELECT 1")
    assert result.exit_code == 2 and "db upgrade" in result.stderr
    assert not missing.exists()
    old = tmp_path / "old.duckdb"
    runner.invoke(app, ["--db", str(old), "db", "upgrade"])
    with duckdb.connect(str(old)) as con:
        con.execute("UPDATE alembic_version SET version_num = '0003'")
    before = old.read_bytes()
    result = sql(old, "SELECT 1")
    assert result.exit_code == 2 and "db upgrade" in result.stderr and "0003" in result.stderr
    assert old.read_bytes() == before


def test_a_bad_query_is_one_line(logged_db: Path) -> None:
    result = sql(logged_db, "SELECT nonsense FROM nowhere")
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1


# --- the escapes found by the outside probe (issue 17, items 1 and 2), verbatim ------------


@pytest.mark.parametrize(
    "args",
    [
        # item 1: with --allow-files, a second statement after a PIVOT, and EXPLAIN (ANALYZE)
        [
            "--allow-files",
            "PIVOT runs ON mode IN ('sim') USING count(*); COPY (SELECT 'gone') TO "
            "'privateer.duckdb' (FORMAT csv, HEADER false)",
        ],
        ["--allow-files", "PIVOT runs ON mode IN ('sim') USING count(*); EXPORT DATABASE 'dump'"],
        ["--allow-files", "EXPLAIN (ANALYZE) COPY (SELECT * FROM runs) TO 'out.csv'"],
        # item 2: the same without --allow-files, and what else ran on the read-only connection
        ["EXPLAIN (ANALYZE) SELECT 1"],
        ["PIVOT runs ON mode IN ('sim') USING count(*); CREATE TEMP TABLE t AS SELECT 1"],
        ["CHECKPOINT"],
        ["CREATE TEMP MACRO twice(x) AS x * 2"],
        ["ATTACH 'privateer.duckdb' AS again"],
        # and their neighbours, with files allowed
        ["--allow-files", "CHECKPOINT"],
        ["--allow-files", "FORCE CHECKPOINT"],
        ["--allow-files", "CREATE TEMP MACRO twice(x) AS x * 2"],
        ["--allow-files", "ATTACH 'privateer.duckdb' AS again"],
        ["--allow-files", "ATTACH 'other.duckdb' AS other"],
        ["--allow-files", "EXPORT DATABASE 'dump'"],
        ["--allow-files", "COPY (SELECT * FROM runs) TO 'out.csv'"],
        ["--allow-files", "COPY runs TO 'privateer.duckdb' (FORMAT csv)"],
        ["--allow-files", "EXPLAIN (ANALYZE false) SELECT 1"],
        ["--allow-files", "EXPLAIN (\"analyze\") COPY (SELECT 1) TO 'out.csv'"],
        ["--allow-files", "EXPLAIN (FORMAT json, ANALYZE) SELECT 1"],
        ["--allow-files", "EXPLAIN COPY (SELECT 1) TO 'out.csv'"],
        ["--allow-files", "SELECT 1; COPY (SELECT 1) TO 'out.csv'"],
        ["--allow-files", "PIVOT runs ON mode USING count(*)"],
        ["--allow-files", "PRAGMA enable_profiling = 'json'"],
        ["--allow-files", "SET profiling_output = 'out.json'"],
        ["--allow-files", "INSTALL httpfs"],
        ["--allow-files", "IMPORT DATABASE 'dump'"],
    ],
)
def test_the_probes_escapes_are_refused_and_touch_nothing(
    logged_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """As the probe ran them: the default database in the working directory, no --db."""
    monkeypatch.delenv("PRIVATEER_DB")
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "privateer.duckdb"
    shutil.copyfile(logged_db, db)
    before, files = db.read_bytes(), sorted(tmp_path.iterdir())
    result = runner.invoke(app, ["sql", *args])
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith("error: ")
    assert db.read_bytes() == before
    assert sorted(tmp_path.iterdir()) == files


def test_a_pivot_without_its_values_is_refused_with_the_way_to_write_it(logged_db: Path) -> None:
    for query in (
        "PIVOT runs ON mode USING count(*)",
        "SELECT * FROM (PIVOT runs ON mode USING count(*))",
        "EXPLAIN PIVOT runs ON mode USING count(*)",
    ):
        result = sql(logged_db, query)
        assert result.exit_code == 2, result.output
        assert len(result.stderr.strip().splitlines()) == 1
        assert "IN list" in result.stderr and "IN ('a', 'b')" in result.stderr


@pytest.mark.parametrize(
    ("query", "rows"),
    [
        (
            "PIVOT runs ON mode IN ('sim') USING count(*) GROUP BY target",
            [{"target": "merchant", "sim": 20}],
        ),
        ("UNPIVOT (SELECT 1 AS a, 2 AS b) ON a, b INTO NAME k VALUE v", [{"k": "a", "v": 1}]),
        ("WITH n AS (SELECT count(*) AS n FROM runs) SELECT n FROM n", [{"n": 20}]),
        ("FROM runs SELECT count(*) AS n", [{"n": 20}]),
        ("VALUES (7)", [{"col0": 7}]),
        ("SELECT column_name FROM (DESCRIBE runs) WHERE column_name = 'seed'", None),
        ("SUMMARIZE runs", None),
        ("DESCRIBE runs", None),
        ("SHOW TABLES", None),
        ("PRAGMA table_info('runs')", None),
        ("EXPLAIN SELECT count(*) FROM runs", None),
        ("EXPLAIN (SELECT count(*) FROM runs)", None),
        ("EXPLAIN (FORMAT json) SELECT count(*) FROM runs", None),
        ("EXPLAIN PIVOT runs ON mode IN ('sim') USING count(*)", None),
    ],
)
def test_reads_of_every_shape_pass_and_run(
    logged_db: Path, query: str, rows: list[dict[str, object]] | None
) -> None:
    """Checked as `sql` checks them, with and without files, and the checked statement run on
    a read-only connection (the command's own connection is tested above, once: loading the
    spatial extension costs a third of a second a query)."""
    statement = check_read_only(query)
    assert check_read_only(query, allow_files=True).query == statement.query
    with duckdb.connect(str(logged_db), read_only=True) as con:
        cursor = con.execute(statement)
        columns = [d[0] for d in cursor.description or []]
        out = [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]
    assert out
    if rows is not None:
        assert out[: len(rows)] == rows


def test_select_shaped_side_effects_leave_the_file_alone(logged_db: Path) -> None:
    """checkpoint() is a table function, so DuckDB types the statement SELECT: the check
    refuses it by name, and the file stays byte for byte."""
    before = logged_db.read_bytes()
    for query in ("SELECT * FROM checkpoint()", "SELECT * FROM force_checkpoint()"):
        for flags in ((), ("--allow-files",)):
            result = sql(logged_db, query, *flags)
            assert result.exit_code == 2, result.output
            assert "writes the database file" in result.stderr
            assert logged_db.read_bytes() == before


# --- every statement type DuckDB has ------------------------------------------------------

# One statement of each type, as DuckDB's parser types it (the test checks that it does).
SAMPLES = {
    "SELECT": "SELECT 1",
    "INSERT": "INSERT INTO runs (run_id) VALUES (1)",
    "UPDATE": "UPDATE runs SET seed = 1",
    "CREATE": "CREATE TEMP MACRO twice(x) AS x * 2",
    "DELETE": "DELETE FROM runs",
    "PREPARE": "PREPARE p AS SELECT 1",
    "EXECUTE": "EXECUTE p",
    "ALTER": "ALTER TABLE runs RENAME TO gone",
    "TRANSACTION": "BEGIN TRANSACTION",
    "COPY": "COPY (SELECT 1) TO 'out.csv'",
    "ANALYZE": "ANALYZE",  # parses as VACUUM: see test_types_that_text_never_parses_to
    "VARIABLE_SET": "SET VARIABLE x = 1",  # parses as SET
    "CREATE_FUNC": "CREATE FUNCTION twice(x) AS x * 2",  # parses as CREATE
    "EXPLAIN": "EXPLAIN SELECT 1",
    "DROP": "DROP TABLE runs",
    "EXPORT": "EXPORT DATABASE 'dump'",
    "PRAGMA": "PRAGMA enable_profiling",
    "VACUUM": "VACUUM",
    "CALL": "CHECKPOINT",
    "SET": "SET threads = 1",
    "LOAD": "LOAD spatial",
    "ATTACH": "ATTACH 'other.duckdb' AS other",
    "DETACH": "DETACH other",
    "COPY_DATABASE": "COPY FROM DATABASE memory TO other",
    "MERGE_INTO": "MERGE INTO runs USING runs AS r ON runs.run_id = r.run_id WHEN MATCHED "
    "THEN DELETE",
}
# Types no text parses to in DuckDB 1.5, each checked below where it can be.
NOT_FROM_TEXT = {
    "INVALID": "the type of no statement",
    "RELATION": "a statement built by the relation API, never parsed",
    "LOGICAL_PLAN": "a plan handed in by C++ code, never parsed",
    "MULTI": "the parser hands out the parts of a multi-statement one by one",
    "EXTENSION": "needs a parser extension loaded; extension auto-loading is off",
}
# Reads, and more of each kind that does not read (a few types have several spellings).
READS = {"SELECT 1", "EXPLAIN SELECT 1"}
MORE = [
    "CREATE TEMP TABLE t AS SELECT 1",
    "CREATE TABLE t AS SELECT 1",
    "CREATE VIEW v AS SELECT 1",
    "CREATE SECRET (TYPE s3)",
    "CREATE SEQUENCE s",
    "INSERT OR REPLACE INTO runs (run_id) VALUES (1)",
    "TRUNCATE runs",
    "DEALLOCATE p",
    "COMMENT ON TABLE runs IS 'x'",
    "COPY runs FROM 'in.csv'",
    "ANALYZE runs",
    "FORCE CHECKPOINT",
    "CALL pragma_version()",
    "PRAGMA threads = 1",
    "PRAGMA force_checkpoint",
    "RESET threads",
    "USE memory",
    "SET enable_external_access = true",
    "SET lock_configuration = false",
    "INSTALL httpfs",
    "FORCE INSTALL httpfs",
    "UPDATE EXTENSIONS",  # a type the Python enum does not name
    "ROLLBACK",
    "COMMIT",
    "PIVOT runs ON mode USING count(*)",
    "SELECT 1; SELECT 2",
    "ALTER TABLE runs ADD COLUMN c INT DEFAULT random()",
    "EXPLAIN ANALYZE SELECT 1",
    "EXPLAIN (ANALYZE) SELECT 1",
    "EXPLAIN (ANALYZE false) SELECT 1",
    "EXPLAIN (FORMAT json, ANALYSE) SELECT 1",
]


def types_of(text: str) -> list[str]:
    with duckdb.connect(":memory:") as parser:
        return [s.type.name for s in parser.extract_statements(text)]


def test_every_statement_type_is_sampled() -> None:
    assert set(duckdb.StatementType.__members__) == set(SAMPLES) | set(NOT_FROM_TEXT)
    assert not set(SAMPLES) & set(NOT_FROM_TEXT)
    for kind, text in SAMPLES.items():
        if kind not in ("ANALYZE", "VARIABLE_SET", "CREATE_FUNC"):
            assert kind in types_of(text), (kind, text)


def test_types_that_text_never_parses_to() -> None:
    """Where DuckDB's own spellings of these types land, so a DuckDB that starts typing them
    differently fails here (and the list above must be looked at again)."""
    assert types_of("ANALYZE") == types_of("ANALYZE runs") == ["VACUUM"]
    assert types_of("SET VARIABLE x = 1") == types_of("RESET VARIABLE x") == ["SET"]
    assert types_of("CREATE FUNCTION f(x) AS x") == types_of("CREATE MACRO f(x) AS x") == ["CREATE"]
    # what is one multi-statement inside DuckDB comes out as its parts, never as MULTI
    assert types_of("ALTER TABLE runs ADD COLUMN c INT DEFAULT random()") == [
        "TRANSACTION",
        "ALTER",
        "UPDATE",
        "ALTER",
        "TRANSACTION",
    ]
    assert types_of("PIVOT runs ON mode USING count(*)") == ["CREATE", "SELECT"]
    assert types_of("COPY FROM DATABASE memory TO other") == [
        "TRANSACTION",
        "COPY_DATABASE",
        "COPY_DATABASE",
        "TRANSACTION",
    ]
    assert types_of("UPDATE EXTENSIONS") == ["???"]


@pytest.mark.parametrize("allow_files", [False, True], ids=["no-files", "allow-files"])
@pytest.mark.parametrize("text", [*SAMPLES.values(), *MORE])
def test_only_one_select_or_an_explain_of_one_passes(text: str, allow_files: bool) -> None:
    if text in READS:
        statement = check_read_only(text, allow_files=allow_files)
        assert statement.type.name in ("SELECT", "EXPLAIN")
    else:
        with pytest.raises(ReadOnlyError):
            check_read_only(text, allow_files=allow_files)
    if text not in READS:  # and explaining it changes nothing
        with pytest.raises(ReadOnlyError):
            check_read_only(f"EXPLAIN {text}", allow_files=allow_files)


def test_what_runs_is_the_statement_that_was_checked() -> None:
    """The parsed statement is handed to DuckDB, not the text again: a PRAGMA that DuckDB
    rewrites into a select runs as that select."""
    statement = check_read_only("PRAGMA table_info('runs')")
    assert statement.type.name == "SELECT" and "pragma_table_info" in statement.query
    with duckdb.connect(":memory:") as con:
        con.execute("CREATE TABLE runs (run_id INT)")
        assert con.execute(statement).fetchall()[0][1] == "run_id"


# --- every type prints, in every format (issue 18, item 8) ---------------------------------


@pytest.mark.parametrize("fmt", [f.value for f in Format])
def test_every_duckdb_type_prints_in_every_output_format(logged_db: Path, fmt: str) -> None:
    """DuckDB's own sample of every type (its extremes and NULLs), and a time of day with and
    without a zone, which once raised `'sep' is an invalid keyword argument for isoformat()`."""
    result = sql(
        logged_db,
        "SELECT TIME '12:00:00' AS t, TIMETZ '12:00:00+02' AS tz, "
        "TIMESTAMP '2024-05-06 07:08:09' AS ts, * FROM test_all_types()",
        f"--{fmt}",
    )
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    if fmt == "json":
        rows = json.loads(result.stdout)
    elif fmt == "nl":
        rows = [json.loads(line) for line in result.stdout.splitlines()]
    elif fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(result.stdout)))
    else:
        lines = result.stdout.splitlines()
        assert len(lines) == 2 + 3  # header, rule, DuckDB's three rows
        assert "12:00:00  12:00:00+02:00  2024-05-06 07:08:09" in lines[2]
        return
    assert len(rows) == 3
    assert {(r["t"], r["tz"], r["ts"]) for r in rows} == {
        ("12:00:00", "12:00:00+02:00", "2024-05-06 07:08:09")
    }
    assert [r["time"] for r in rows][:2] == ["00:00:00", "24:00:00"]
    assert rows[0]["time_tz"] == "00:00:00+15:59:59"


def _strict(text: str) -> object:
    """JSON as any reader takes it: NaN and Infinity are not JSON."""

    def refuse(constant: str) -> object:
        raise ValueError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("fmt", ["json", "nl", "csv"])
def test_not_a_number_is_nothing_and_a_blob_is_duckdbs_text_in_every_format(
    logged_db: Path, fmt: str
) -> None:
    query = (
        "SELECT 'nan'::DOUBLE AS x, '-inf'::DOUBLE AS y, '\\x5Ca\\xAA'::BLOB AS b,"
        " ['nan'::DOUBLE, 1.5] AS l, {'k': 'inf'::DOUBLE} AS s,"
        " '\\x5Ca\\xAA'::BLOB::VARCHAR AS duckdb_text"
    )
    result = sql(logged_db, query, f"--{fmt}")
    assert result.exit_code == 0, result.output
    if fmt == "csv":
        (row,) = csv.DictReader(io.StringIO(result.stdout))
        assert (row["x"], row["y"]) == ("", "")
        assert row["b"] == row["duckdb_text"] == "\\x5Ca\\xAA"
        return
    (row,) = _strict(result.stdout) if fmt == "json" else [_strict(result.stdout)]
    assert row == {
        "x": None, "y": None, "b": "\\x5Ca\\xAA", "l": [None, 1.5], "s": {"k": None},
        "duckdb_text": "\\x5Ca\\xAA",
    }  # fmt: skip


# --- functions a SELECT may call that do more than read (issue 18, item 11) ------------------

SIDE_EFFECTS = [
    "SELECT * FROM checkpoint()",
    "SELECT * FROM force_checkpoint()",
    "SELECT * FROM checkpoint('memory')",
    "SELECT * FROM enable_logging(storage='file', storage_path='logs')",
    "SELECT * FROM enable_logging()",
    "SELECT * FROM disable_logging()",
    "SELECT * FROM truncate_duckdb_logs()",
    "SELECT * FROM enable_profiling(save_location='profile.json', format='json')",
    "SELECT * FROM disable_profiling()",
    "SELECT write_log('x')",
    "SELECT setseed(0.5)",
    "SELECT nextval('s')",
    "SELECT * FROM query('SELECT * FROM checkpoint()')",
    "SELECT * FROM json_execute_serialized_sql(json_serialize_sql('SELECT 1'))",
    # wherever it stands, however it is spelled
    'SELECT * FROM system.main."CHECKPOINT"()',
    "SELECT * FROM Enable_Logging()",
    "SELECT (SELECT count(*) FROM checkpoint()) AS n",
    "WITH c AS (FROM truncate_duckdb_logs()) SELECT * FROM c",
    "SELECT * FROM runs WHERE run_id IN (SELECT 1 FROM disable_logging())",
    "SELECT [write_log('x') for x in [1]]",
    "SELECT list_transform([1], x -> setseed(0.1))",
    "SELECT s.nextval() FROM (SELECT 'seq' AS s)",
    "DESCRIBE SELECT * FROM checkpoint()",
    "SUMMARIZE SELECT * FROM enable_profiling()",
    "EXPLAIN SELECT * FROM checkpoint()",
    "EXPLAIN (FORMAT json) SELECT * FROM enable_logging()",
    "FROM checkpoint()",
    "SELECT 1 UNION ALL SELECT * FROM force_checkpoint()",
]


@pytest.mark.parametrize("allow_files", [False, True], ids=["no-files", "allow-files"])
@pytest.mark.parametrize("query", SIDE_EFFECTS)
def test_functions_that_do_more_than_read_are_refused(query: str, allow_files: bool) -> None:
    with pytest.raises(ReadOnlyError, match=r"^refused: \w+\(\) .*; privateer sql only reads$"):
        check_read_only(query, allow_files=allow_files)


@pytest.mark.parametrize(
    "query",
    [
        "SELECT * FROM checkpoint()",
        "SELECT * FROM enable_logging(storage='file', storage_path='logs')",
        "SELECT * FROM enable_profiling(save_location='profile.json', format='json')",
        "SELECT * FROM truncate_duckdb_logs()",
    ],
)
def test_the_probes_side_effects_are_refused_by_the_command(
    logged_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, query: str
) -> None:
    """As the probe ran them (it saw "Success"), with files allowed: one line, exit 2, the
    database and the folder as they were."""
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "runs.duckdb"
    shutil.copyfile(logged_db, db)
    before, files = db.read_bytes(), sorted(tmp_path.iterdir())
    result = sql(db, query, "--allow-files")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("error: refused: ")
    assert len(result.stderr.splitlines()) == 1
    assert db.read_bytes() == before and sorted(tmp_path.iterdir()) == files


@pytest.mark.parametrize(
    "query",
    [
        "SELECT 1 AS checkpoint",  # a name, not a call
        "SELECT 'checkpoint()' AS s",
        "SELECT {'function_name': 'checkpoint'} AS s",
        "SELECT * FROM duckdb_logs()",
        "SELECT * FROM duckdb_settings() WHERE name = 'enable_profiling'",
        "SELECT * FROM query_table('runs')",
        "SELECT current_setting('threads') AS t",
        "SELECT random() < 2 AS r",
        "SELECT * FROM duckdb_profiling_settings()",
    ],
)
def test_reads_that_look_like_them_pass(query: str) -> None:
    assert check_read_only(query).type.name == "SELECT"


# Every table function DuckDB 1.5 has (spatial loaded): refused above, or a read. A DuckDB that
# brings a new one fails here until someone looks it up and puts it on one side or the other.
TABLE_READS = {
    *("duckdb_approx_database_count", "duckdb_columns", "duckdb_connection_count"),
    *("duckdb_constraints", "duckdb_coordinate_systems", "duckdb_databases"),
    *("duckdb_dependencies", "duckdb_extensions", "duckdb_external_file_cache"),
    *("duckdb_functions", "duckdb_indexes", "duckdb_keywords", "duckdb_log_contexts"),
    *("duckdb_logs", "duckdb_memory", "duckdb_optimizers", "duckdb_prepared_statements"),
    *("duckdb_schemas", "duckdb_secret_types", "duckdb_secrets", "duckdb_sequences"),
    *("duckdb_settings", "duckdb_table_sample", "duckdb_tables", "duckdb_temporary_files"),
    *("duckdb_types", "duckdb_variables", "duckdb_views", "generate_series", "glob"),
    *("icu_calendar_names", "json_each", "json_tree", "parquet_bloom_probe"),
    *("parquet_file_metadata", "parquet_full_metadata", "parquet_kv_metadata"),
    *("parquet_metadata", "parquet_scan", "parquet_schema", "pg_timezone_names"),
    *("pragma_collations", "pragma_database_size", "pragma_metadata_info", "pragma_platform"),
    *("pragma_rtree_index_info", "pragma_show", "pragma_storage_info", "pragma_table_info"),
    *("pragma_user_agent", "pragma_version", "query_table", "range", "read_blob", "read_csv"),
    *("read_csv_auto", "read_duckdb", "read_json", "read_json_auto", "read_json_objects"),
    *("read_json_objects_auto", "read_ndjson", "read_ndjson_auto", "read_ndjson_objects"),
    *("read_parquet", "read_text", "repeat", "repeat_row", "rtree_index_dump"),
    *("rtree_index_scan", "seq_scan", "shapefile_meta", "sniff_csv", "summary"),
    *("test_all_types", "test_vector_types", "unnest", "which_secret", "st_drivers"),
    *("st_generatepoints", "st_read", "st_readosm", "st_readshp", "st_read_meta"),
    *("duckdb_logs_parsed", "duckdb_profiling_settings", "histogram", "histogram_values"),
}
# Scalars DuckDB marks has_side_effects that only read or draw: the rest are refused.
SCALAR_READS = {
    *("current_connection_id", "current_query", "current_query_id", "current_transaction_id"),
    *("currval", "error", "gen_random_uuid", "random", "sleep_ms", "stats", "uuid", "uuidv4"),
    "uuidv7",
}


@pytest.fixture(scope="module")
def functions() -> list[tuple[str, str, bool, str | None, str | None]]:
    from privateer.db.connection import spatial_extension_path

    with duckdb.connect(":memory:") as con:
        con.execute(f"LOAD '{spatial_extension_path()}'")
        return con.execute(
            "SELECT DISTINCT function_type, lower(function_name), has_side_effects, "
            "lower(alias_of), lower(macro_definition) FROM duckdb_functions()"
        ).fetchall()


def test_every_table_function_is_refused_or_a_read(functions: list[tuple]) -> None:
    tables = {name for kind, name, *_ in functions if kind in ("table", "table_macro")}
    refused = {name for name in tables if name in REFUSED_FUNCTIONS}
    assert refused | TABLE_READS == tables, (tables - TABLE_READS - refused, TABLE_READS - tables)
    assert not refused & TABLE_READS


def test_scalars_with_side_effects_are_refused_or_only_read(functions: list[tuple]) -> None:
    marked = {name for kind, name, side, *_ in functions if kind == "scalar" and side}
    assert marked - SCALAR_READS <= set(REFUSED_FUNCTIONS), marked - SCALAR_READS
    assert marked >= SCALAR_READS


def test_no_alias_or_builtin_macro_reaches_a_refused_function(functions: list[tuple]) -> None:
    """An alias of a refused function would pass under its other name; a built-in macro that
    called one would hide the call from the parse tree."""
    for _, name, _, alias_of, macro in functions:
        if alias_of in REFUSED_FUNCTIONS:
            assert name in REFUSED_FUNCTIONS, (name, alias_of)
        for refused in REFUSED_FUNCTIONS:
            assert not re.search(rf"\b{refused}\s*\(", macro or ""), (name, macro)
    known = {name for _, name, *_ in functions}
    assert set(REFUSED_FUNCTIONS) <= known  # each still exists by that name


# --- the connection `sql` runs on, read back from inside it (issue 18, item 12) ------------


@pytest.mark.parametrize("allow_files", [False, True], ids=["no-files", "allow-files"])
def test_the_query_runs_read_only_with_extensions_and_the_world_locked_out(
    logged_db: Path, allow_files: bool
) -> None:
    settings = (
        "access_mode",
        "autoinstall_known_extensions",
        "autoload_known_extensions",
        "enable_external_access",
        "python_enable_replacements",
        "lock_configuration",
        "allow_unsigned_extensions",
    )
    query = ", ".join(f"current_setting('{s}') AS {s}" for s in settings)
    query += ", (SELECT readonly FROM duckdb_databases() WHERE database_name = current_database())"
    query += " AS database_read_only"
    flags = ["--allow-files"] if allow_files else []
    result = sql(logged_db, f"SELECT {query}", "--json", *flags)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [
        {
            "access_mode": "read_only",
            "autoinstall_known_extensions": False,
            "autoload_known_extensions": False,
            "enable_external_access": allow_files,
            "python_enable_replacements": False,
            "lock_configuration": True,
            "allow_unsigned_extensions": False,
            "database_read_only": True,
        }
    ]


def test_the_check_parses_with_no_file_reachable_unless_asked(tmp_path: Path) -> None:
    """IMPORT DATABASE reads its folder's files while DuckDB parses it: by default the parse
    may not touch them, with `allow_files` it may (and the statement is refused either way)."""
    dump = tmp_path / "dump"
    dump.mkdir()
    (dump / "schema.sql").write_text("CREATE TABLE x (a INT);\n")
    (dump / "load.sql").write_text("\n")
    with pytest.raises(ReadOnlyError, match="disabled by configuration"):
        check_read_only(f"IMPORT DATABASE '{dump}'")
    with pytest.raises(ReadOnlyError, match=r"^refused: CREATE is not a read"):
        check_read_only(f"IMPORT DATABASE '{dump}'", allow_files=True)


# --- a library's own line on stderr, folded into the one (issue 18, item 8) ----------------


def test_a_librarys_stderr_line_is_folded_into_the_one_line(
    logged_db: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """shapelib prints "Unable to open ..." on the process's stderr before DuckDB raises; the
    person sees one line that holds both, and nothing else reaches descriptor 2."""
    missing = tmp_path / "none.shp"
    for flags in ((), ("--allow-files",)):
        capfd.readouterr()
        result = sql(logged_db, f"SELECT * FROM ST_ReadSHP('{missing}')", *flags)
        assert result.exit_code == 2, result.output
        assert len(result.stderr.splitlines()) == 1, result.stderr
        assert f"Failed to open SHP file {missing}; Unable to open {missing}" in result.stderr
        assert "rb mode" in result.stderr
        assert capfd.readouterr().err == ""


def test_native_stderr_catches_descriptor_2_and_puts_it_back(
    capfd: pytest.CaptureFixture[str],
) -> None:
    import os

    from privateer.db.native_stderr import native_stderr

    with native_stderr() as said:
        os.write(2, b"Warning 1: a library speaks\n\n  and again  \n")
    assert said == ["Warning 1: a library speaks", "and again"]
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"
    with pytest.raises(KeyError), native_stderr() as said:
        os.write(2, b"before the failure\n")
        raise KeyError("x")
    assert said == ["before the failure"]
    os.write(2, b"restored\n")
    assert capfd.readouterr().err == "restored\n"


# What each refusal tells the person: why that function is not a read.
WHY = {
    "checkpoint": "writes the database",
    "force_checkpoint": "writes the database",
    "enable_logging": "logging settings",
    "disable_logging": "logging settings",
    "truncate_duckdb_logs": "empties DuckDB's log",
    "write_log": "writes to DuckDB's log",
    "enable_profiling": "profiling settings",
    "disable_profiling": "profiling settings",
    "setseed": "random seed",
    "nextval": "advances a sequence",
    "query": "SQL text",
    "json_execute_serialized_sql": "runs SQL",
    "arrow_scan": "memory at an address",
    "arrow_scan_dumb": "memory at an address",
    "pandas_scan": "memory at an address",
    "python_map_function": "Python code at an address",
}


def test_each_refusal_says_why() -> None:
    assert set(WHY) == set(REFUSED_FUNCTIONS)
    for name, why in WHY.items():
        with pytest.raises(ReadOnlyError) as refused:
            check_read_only(f"SELECT * FROM {name}()")
        assert str(refused.value).startswith(f"refused: {name}() ")
        assert why in str(refused.value)


def test_a_select_the_check_cannot_look_through_is_refused() -> None:
    """Fail closed: were DuckDB unable to hand over a SELECT's parse tree, the query would
    not run unseen (here shown with text that is no SELECT, which it will not serialize)."""
    from privateer.db.queries import _check_calls

    with duckdb.connect(":memory:") as parser:
        _check_calls(parser, "SELECT abs(-1)")
        with pytest.raises(ReadOnlyError, match=r"could not see what this query calls \(Only"):
            _check_calls(parser, "CHECKPOINT")


def test_run_query_defaults_to_no_files_and_says_failures_in_one_line(logged_db: Path) -> None:
    from privateer.db.queries import QueryFailed, run_query

    columns, rows, said = run_query(
        logged_db,
        "SELECT current_setting('enable_external_access') AS files, count(*) AS n FROM runs",
    )
    assert (columns, rows, said) == (["files", "n"], [(False, 20)], [])
    with pytest.raises(QueryFailed) as failed:
        run_query(logged_db, "SELECT nothing FROM nowhere")
    assert str(failed.value).startswith("Catalog Error: Table with name nowhere does not exist")
    assert "\n" not in str(failed.value)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("DELETE FROM runs", "refused: DELETE is not a read; "),
        ("CHECKPOINT", "refused: CHECKPOINT (a CALL statement) is not a read; "),
        ("UPDATE EXTENSIONS", "refused: UPDATE EXTENSIONS is not a read; "),
        ("UPDATE EXTENSIONS (httpfs)", "refused: UPDATE EXTENSIONS is not a read; "),
        ("EXPLAIN CHECKPOINT", "refused: EXPLAIN of CHECKPOINT (a CALL statement); "),
        ("EXPLAIN UPDATE EXTENSIONS", "refused: EXPLAIN of UPDATE EXTENSIONS; "),
        ("SELECT 1; SELECT 2", "give one statement, not 2"),
        ("CREATE TABLE t (a INT); SELECT 1", "give one statement, not 2"),  # not a PIVOT's
        ("EXPLAIN ANALYZE SELECT 1", "refused: EXPLAIN ANALYZE runs what it explains; "),
        ("EXPLAIN (ANALYZE) SELECT 1", "refused: EXPLAIN (ANALYZE) runs what it explains; "),
    ],
)
def test_a_refusal_names_what_it_refused(query: str, message: str) -> None:
    """The words the person typed, and DuckDB's type for them where that differs."""
    with pytest.raises(ReadOnlyError) as refused:
        check_read_only(query)
    assert str(refused.value).startswith(message)
    if message.endswith("; ") and "ANALYZE" not in message:
        assert str(refused.value).endswith("privateer sql runs one SELECT (or EXPLAIN of one)")
