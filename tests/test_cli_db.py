"""`privateer db ...` and the root options, through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
from typer.testing import CliRunner

from privateer import __version__
from privateer.cli.app import app
from privateer.db import migrate
from privateer.db.tables import metadata

runner = CliRunner()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"privateer {__version__}"


def test_help_lists_every_area_and_the_global_options() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    listed = {line.split()[1] for line in result.stdout.splitlines() if line.startswith("│ ")}
    for area in ("db", "world", "runs", "saves", "bench", "chart", "fight", "sim", "sql"):
        assert area in listed, area
    assert "--db" in listed and "--version" in listed


def test_upgrade_then_current_shows_head(db_path: Path) -> None:
    head = migrate.head_revision()
    result = runner.invoke(app, ["--db", str(db_path), "db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == head
    assert f"upgraded {db_path}" in result.stderr
    result = runner.invoke(app, ["--db", str(db_path), "db", "current"])
    assert result.stdout.strip() == f"{head} (head)"
    result = runner.invoke(app, ["--db", str(db_path), "db", "current", "--json"])
    assert json.loads(result.stdout) == {"revision": head, "head": head, "is_head": True}
    # A plain DuckDB connection sees the tables.
    con = duckdb.connect(str(db_path), read_only=True)
    names = {row[0] for row in con.execute("SHOW TABLES").fetchall()}
    con.close()
    assert set(metadata.tables) <= names


def test_the_database_path_comes_from_the_environment(db_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("PRIVATEER_DB", str(db_path))
    result = runner.invoke(app, ["db", "upgrade"])
    assert result.exit_code == 0
    assert db_path.exists()


def test_current_on_an_empty_database_does_not_create_tables(db_path: Path) -> None:
    duckdb.connect(str(db_path)).close()  # a DuckDB file with no tables in it
    result = runner.invoke(app, ["--db", str(db_path), "db", "current", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["revision"] is None


def test_commands_that_only_read_refuse_a_missing_database_and_make_none(tmp_path: Path) -> None:
    """A mistyped --db is not a new, empty database: a command that only reads says there is
    none (one line, exit 2) and leaves no file behind; one that writes still creates it."""
    missing = tmp_path / "mistyped.duckdb"
    readers = [
        ["runs", "list"],
        ["runs", "show", "1"],
        ["runs", "replay", "--all"],
        ["saves", "list"],
        ["saves", "drop", "1"],
        ["report"],
        ["sql", "SELECT 1"],
        ["db", "current"],
        ["db", "tables"],
        ["db", "downgrade", "base", "--yes"],
        ["world", "info"],
        ["world", "export", str(tmp_path / "w.geojson")],
        ["world", "sim", "--days", "1"],
        ["chart", str(tmp_path / "c.svg")],
        ["route", "Plymouth", "London"],
        ["bar", "Plymouth"],
        ["rumors"],
        ["voyage", "--runs", "1", "--log"],
        ["bench", "load"],
    ]
    for command in readers:
        result = runner.invoke(app, ["--db", str(missing), *command])
        assert result.exit_code == 2, (command, result.output)
        assert result.stderr.startswith("error: no database at "), (command, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1, (command, result.stderr)
        assert not missing.exists(), command
    written = runner.invoke(app, ["--db", str(missing), "sim", "--fights", "1", "--log"])
    assert written.exit_code == 0, written.output
    assert missing.exists()


def test_history_lists_every_revision(db_path: Path) -> None:
    result = runner.invoke(app, ["db", "history", "--json"])
    assert result.exit_code == 0
    revisions = json.loads(result.stdout)
    assert [r["revision"] for r in revisions] == [r.revision for r in migrate.history()]
    assert revisions[0]["down_revision"] is None and revisions[-1]["head"] is True
    table = runner.invoke(app, ["db", "history"])
    assert table.exit_code == 0 and revisions[0]["revision"] in table.stdout


def test_tables_counts_rows(db_path: Path) -> None:
    assert runner.invoke(app, ["--db", str(db_path), "db", "upgrade"]).exit_code == 0
    result = runner.invoke(app, ["--db", str(db_path), "db", "tables", "--json"])
    assert result.exit_code == 0
    counts = {row["table"]: row["rows"] for row in json.loads(result.stdout)}
    assert counts["alembic_version"] == 1
    assert counts["nodes"] == 0
    assert set(metadata.tables) <= set(counts)


def test_downgrade_to_base_and_back(db_path: Path) -> None:
    runner.invoke(app, ["--db", str(db_path), "db", "upgrade"])
    result = runner.invoke(app, ["--db", str(db_path), "db", "downgrade", "base"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["--db", str(db_path), "db", "current", "--json"])
    assert json.loads(result.stdout)["revision"] is None
    result = runner.invoke(app, ["--db", str(db_path), "db", "downgrade", "nonsense"])
    assert result.exit_code == 2
    assert "unknown revision" in result.stderr


def test_a_downgrade_names_what_it_sets_aside_and_one_that_drops_data_needs_yes(
    db_path: Path,
) -> None:
    base = ["--db", str(db_path)]
    runner.invoke(app, [*base, "sim", "--log", "--fights", "2"])
    refused = runner.invoke(app, [*base, "db", "downgrade", "base"])
    assert refused.exit_code == 2
    assert "drops: " in refused.stderr and "table runs (10 rows)" in refused.stderr
    assert "--yes" in refused.stderr
    assert (
        json.loads(runner.invoke(app, [*base, "db", "current", "--json"]).stdout)["revision"]
        == migrate.head_revision()
    )
    # Down to 0002 drops nothing for good: it says what it sets aside, and needs no --yes.
    done = runner.invoke(app, [*base, "db", "downgrade", "0002"])
    assert done.exit_code == 0 and "downgraded to 0002" in done.stderr
    assert "sets aside, for the upgrade: column runs.target (10 rows)" in done.stderr
    assert "drops" not in done.stderr


def test_the_stored_head_is_alembics() -> None:
    from privateer.db.schema_head import SCHEMA_HEAD

    assert migrate.head_revision() == SCHEMA_HEAD


def test_bad_databases_give_one_line_and_exit_2(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "x.duckdb"
    result = runner.invoke(app, ["--db", str(missing), "db", "upgrade"])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: cannot create database {missing}: directory " + (
        f"{missing.parent} does not exist"
    )
    text = tmp_path / "notes.duckdb"
    text.write_text("not a database\n")
    result = runner.invoke(app, ["--db", str(text), "db", "upgrade"])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert text.read_text() == "not a database\n"


def test_unknown_revision_exit_2_and_untouched(db_path: Path) -> None:
    runner.invoke(app, ["--db", str(db_path), "db", "upgrade"])
    con = duckdb.connect(str(db_path))
    con.execute("UPDATE alembic_version SET version_num = 'ffff'")
    con.close()
    before = db_path.read_bytes()
    for command in (["db", "upgrade"], ["db", "current"], ["db", "tables"]):
        result = runner.invoke(app, ["--db", str(db_path), *command])
        assert result.exit_code == 2
        assert "ffff" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert db_path.read_bytes() == before
