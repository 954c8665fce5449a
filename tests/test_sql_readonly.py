"""`privateer sql` reads the database and nothing else: DuckDB's parser decides, and only one
SELECT or an EXPLAIN of one (never EXPLAIN ANALYZE, which runs what it explains) passes, with
or without --allow-files; no file or network outside the database unless asked (and then only
to read), data printed literally, and no database created or migrated."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.db.queries import ReadOnlyError, check_read_only

runner = CliRunner()


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
    """checkpoint() is a table function, so a SELECT: the read-only connection makes it a
    no-op, and the file stays byte for byte."""
    before = logged_db.read_bytes()
    for query in ("SELECT * FROM checkpoint()", "SELECT * FROM force_checkpoint()"):
        for flags in ((), ("--allow-files",)):
            result = sql(logged_db, query, *flags)
            assert result.exit_code in (0, 2), result.output
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
