"""`privateer sql` reads the database and nothing else: no statement that writes, no
EXPLAIN ANALYZE (which runs what it explains), no file or network outside the database unless
asked (and then only to read), data printed literally, and no database created or migrated."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from privateer.cli.app import app

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
    pivot = sql(logged_db, "PIVOT runs ON outcome USING count(*) GROUP BY bot", "--json")
    assert pivot.exit_code == 0, pivot.output
    assert len(json.loads(pivot.stdout)) == 5
    explained = sql(logged_db, "EXPLAIN SELECT count(*) FROM runs")
    assert explained.exit_code == 0


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
