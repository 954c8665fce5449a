"""`privateer runs export`: the run tables as hive-partitioned Parquet and the world beside
them, read back without privateer (polars, DuckDB, geopandas) and matched with the database:
rows per table and per mode, payloads, the partition column, the geometry as GeoParquet; the
filters (--mode, --since); the folder's refusals, --force, and an export that fails halfway.

One small database serves the module: a box of the Channel and Biscay (Plymouth in it, so a
voyage sails), fights, a world run and a voyage logged into it; the module's tests share one
xdist worker, so it is made once a run."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import duckdb
import polars as pl
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.db.run_export import EXPORT_FOLDERS, RUN_EXPORT_TABLES, WORLD_EXPORT_TABLES

pytestmark = pytest.mark.xdist_group("runs-export")
runner = CliRunner()
BOX = "-10,43,5,52"  # the box conftest.py's channel_built is built in (CHANNEL_BOX)
GEOMETRY_TABLES = ("nodes", "legs", "steps")


def cli(db: Path, *args: str) -> Any:
    return runner.invoke(app, ["--db", str(db), *args])


@pytest.fixture(scope="module")
def logged(channel_built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("export") / "runs.duckdb"
    shutil.copyfile(channel_built, db)  # `world build --box BOX`: conftest.py's, once a run
    for args in (
        ("sim", "--log", "--fights", "3"),
        ("world", "sim", "--log", "--days", "30"),
        ("voyage", "--runs", "1", "--days", "30", "--workers", "1", "--log"),
        ("voyage", "--runs", "1", "--days", "5", "--workers", "1", "--rules", "classic", "--log"),
        ("sweep", "run", "captain=raider12", "--runs", "1", "--days", "5", "--workers", "1",
         "--log", "-q"),
        ("sweep", "run", "treasury=20", "--rules", "classic", "--runs", "1", "--days", "5",
         "--workers", "1", "--log", "-q"),
    ):  # fmt: skip
        result = cli(db, *args)
        assert result.exit_code == 0, (args, result.output)
    return db


def query(db: Path, sql: str) -> list[tuple[Any, ...]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql).fetchall()


def db_counts(db: Path, table: str, where: str = "TRUE") -> dict[str, int]:
    """Rows of a run table by its run's mode, in the database."""
    sql = (
        f"SELECT r.mode, count(*) FROM {table} t JOIN runs r ON r.run_id = t.run_id "
        f"WHERE {where} GROUP BY r.mode"
    )
    return {m: n for m, n in query(db, sql)}


def polars_counts(folder: Path, table: str) -> dict[str, int]:
    frame = pl.scan_parquet(folder / table, hive_partitioning=True).collect()
    return {m: n for m, n in frame.group_by("mode").len().iter_rows()}


def duckdb_counts(folder: Path, table: str) -> dict[str, int]:
    files = str(folder / table / "**" / "*.parquet")
    rows = duckdb.sql(
        f"SELECT mode, count(*) FROM read_parquet('{files}', hive_partitioning = true) "
        "GROUP BY mode"
    ).fetchall()
    return {m: n for m, n in rows}


def export(db: Path, folder: Path, *args: str) -> list[dict[str, Any]]:
    result = cli(db, "runs", "export", str(folder), "-q", "--json", *args)
    assert result.exit_code == 0, result.output
    summary: list[dict[str, Any]] = json.loads(result.stdout)
    return summary


@pytest.fixture(scope="module")
def exported(logged: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Any]]:
    folder = tmp_path_factory.mktemp("out") / "study"
    return folder, export(logged, folder)


def test_every_run_table_reads_back_with_polars_and_duckdb_mode_by_mode(
    logged: Path, exported: tuple[Path, list[Any]]
) -> None:
    folder, summary = exported
    assert set(db_counts(logged, "events")) == {"sim", "world", "voyage"}  # the test's premise
    rows = {s["table"]: s["rows"] for s in summary}
    for table in RUN_EXPORT_TABLES:
        expected = (
            {m: n for m, n in query(logged, "SELECT mode, count(*) FROM runs GROUP BY mode")}
            if table == "runs"
            else db_counts(logged, table)
        )
        assert polars_counts(folder, table) == expected, table
        assert duckdb_counts(folder, table) == expected, table
        assert rows[table] == sum(expected.values()), table
        assert sorted(p.name for p in (folder / table).iterdir()) == sorted(
            f"mode={m}" for m in expected
        )
    # the columns keep their database names (mode moves to the folder names), the ruleset after
    frame = pl.read_parquet(folder / "runs", hive_partitioning=True)
    database = [c for (c,) in query(logged, "SELECT column_name FROM (DESCRIBE runs)")]
    assert frame.columns == [*[c for c in database if c != "mode"], "rules", "mode"]


def test_the_ruleset_and_the_captain_as_its_flag_names_it_are_columns(
    logged: Path, exported: tuple[Path, list[Any]]
) -> None:
    folder, _ = exported
    runs = pl.read_parquet(folder / "runs", hive_partitioning=True).sort("run_id")
    voyages = runs.filter(pl.col("mode") == "voyage")
    # `voyage` (ours), `voyage --rules classic` (its raider10), a study of captain=raider12 and
    # one of classic's treasury (played by classic's own captain): as --captain names them
    assert voyages["bot"].to_list() == ["ours", "raider10", "raider12", "raider10"]
    assert voyages["rules"].to_list() == ["full", "classic", "full", "classic"]
    stored = query(logged, "SELECT bot FROM runs WHERE mode = 'voyage' ORDER BY run_id")
    assert [b for (b,) in stored] == ["captain", "captain-raider10", "captain", "captain"]
    for run, rules, options in runs.select("run_id", "rules", "options").iter_rows():
        assert rules == json.loads(options).get("rules"), run
    sims = runs.filter(pl.col("mode") == "sim")  # another mode's bots as logged
    assert set(sims["bot"]) == {
        b for (b,) in query(logged, "SELECT bot FROM runs WHERE mode = 'sim'")
    }
    assert set(runs.filter(pl.col("mode") == "world")["rules"]) == {"century"}


def test_payloads_and_options_are_json_text_equal_to_the_database(
    logged: Path, exported: tuple[Path, list[Any]]
) -> None:
    folder, _ = exported
    events = pl.read_parquet(folder / "events", hive_partitioning=True)
    assert events.schema["payload"] == pl.String
    stored = {
        (run, seq): json.loads(payload)
        for run, seq, payload in query(logged, "SELECT run_id, seq, payload FROM events")
    }
    sample = events.filter((pl.int_range(pl.len()) % 7 == 0) | (pl.col("seq") == 0))
    assert len(sample) > 50 and set(sample["mode"]) == {"sim", "voyage", "world"}
    for run, seq, payload in sample.select("run_id", "seq", "payload").iter_rows():
        assert json.loads(payload) == stored[(run, seq)]
    runs = pl.read_parquet(folder / "runs", hive_partitioning=True)
    options = dict(query(logged, "SELECT run_id, options FROM runs"))
    for run, text in runs.select("run_id", "options").iter_rows():
        assert json.loads(text) == json.loads(options[run])
    # each partition's rows in key order: the same database gives the same files
    keyed = events.filter(pl.col("mode") == "sim").select("run_id", "seq")
    assert keyed.equals(keyed.sort("run_id", "seq"))


def test_the_world_is_beside_the_runs_with_its_geometry_as_geoparquet(
    logged: Path, exported: tuple[Path, list[Any]]
) -> None:
    import geopandas as gpd

    folder, summary = exported
    world = folder / "world"
    assert sorted(p.name for p in world.iterdir()) == sorted(
        f"{t}.parquet" for t in WORLD_EXPORT_TABLES
    )
    for table in WORLD_EXPORT_TABLES:
        (count,) = query(logged, f"SELECT count(*) FROM {table}")[0]
        assert pl.read_parquet(world / f"{table}.parquet").height == count, table
        metadata = pq.read_schema(world / f"{table}.parquet").metadata or {}
        assert (b"geo" in metadata) == (table in GEOMETRY_TABLES), table
    geo = json.loads(pq.read_schema(world / "legs.parquet").metadata[b"geo"])
    assert geo["primary_column"] == "geom" and geo["columns"]["geom"]["encoding"] == "WKB"
    nodes = gpd.read_parquet(world / "nodes.parquet")
    assert nodes.crs.to_epsg() == 4326
    stored = dict(
        (node, (lon, lat))
        for node, lon, lat in query(logged, "SELECT node_id, lon, lat FROM nodes")
    )
    for node, point in zip(nodes["node_id"], nodes.geometry, strict=True):
        assert (point.x, point.y) == pytest.approx(stored[node])
    assert json.loads(pl.read_parquet(world / "world_build.parquet")["params"][0])["box"] == BOX
    assert sum(s["rows"] for s in summary if s["table"] in WORLD_EXPORT_TABLES) > 0


def test_the_summary_counts_what_was_written(exported: tuple[Path, list[Any]]) -> None:
    folder, summary = exported
    assert [s["table"] for s in summary] == [*RUN_EXPORT_TABLES, *WORLD_EXPORT_TABLES]
    for entry in summary:
        path = Path(entry["path"])
        assert path.is_relative_to(folder), entry
        files = sorted(path.rglob("*.parquet")) if path.is_dir() else [path]
        assert entry["files"] == len(files), entry
        assert entry["bytes"] == sum(f.stat().st_size for f in files), entry
        assert entry["rows"] == sum(pq.read_metadata(f).num_rows for f in files), entry


def test_mode_exports_only_that_modes_runs_and_their_rows(logged: Path, tmp_path: Path) -> None:
    folder = tmp_path / "sims"
    export(logged, folder, "--mode", "sim")
    for table in RUN_EXPORT_TABLES:
        assert [p.name for p in (folder / table).iterdir()] == ["mode=sim"], table
    assert polars_counts(folder, "events") == db_counts(logged, "events", "r.mode = 'sim'")
    runs = pl.read_parquet(folder / "runs", hive_partitioning=True)
    (sims,) = query(logged, "SELECT count(*) FROM runs WHERE mode = 'sim'")[0]
    assert runs.height == sims and set(runs["mode"]) == {"sim"}
    assert (folder / "world" / "nodes.parquet").is_file()


def test_since_exports_that_run_and_every_later_one(logged: Path, tmp_path: Path) -> None:
    ids = [r for (r,) in query(logged, "SELECT run_id FROM runs ORDER BY run_id")]
    since = ids[len(ids) // 2]
    folder = tmp_path / "later"
    export(logged, folder, "--since", str(since))
    runs = pl.read_parquet(folder / "runs", hive_partitioning=True)
    assert sorted(runs["run_id"]) == [r for r in ids if r >= since]
    events = pl.read_parquet(folder / "events", hive_partitioning=True)
    assert events["run_id"].min() == since
    assert polars_counts(folder, "events") == db_counts(logged, "events", f"t.run_id >= {since}")
    # a table none of the exported runs logged to still reads, empty, with its columns
    fights = tmp_path / "fights"
    first_sim = min(r for (r,) in query(logged, "SELECT run_id FROM runs WHERE mode = 'sim'"))
    export(logged, fights, "--mode", "sim", "--since", str(first_sim))
    assert pl.read_parquet(fights / "checkpoints", hive_partitioning=True).columns == [
        "run_id",
        "seq",
        "state_hash",
        "mode",
    ]


def _snapshot(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_refusals_are_one_line_and_write_nothing(logged: Path, tmp_path: Path) -> None:
    full = tmp_path / "full"
    full.mkdir()
    (full / "notes.txt").write_text("mine\n")
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    cases = [
        ([str(full)], "is not empty"),
        ([str(a_file)], "is a file"),
        ([str(tmp_path / "missing" / "out")], "does not exist"),
        ([str(tmp_path / "out"), "--mode", "fights"], "unknown mode 'fights'"),
        ([str(tmp_path / "out"), "--mode", "duel"], "no runs of mode duel"),
        ([str(tmp_path / "out"), "--since", "999999"], "no runs from run 999999 on"),
    ]
    before = _snapshot(tmp_path)
    for args, words in cases:
        result = cli(logged, "runs", "export", *args)
        assert result.exit_code == 2, (args, result.output)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], lines
        assert _snapshot(tmp_path) == before, args
    missing = tmp_path / "none.duckdb"
    result = cli(missing, "runs", "export", str(tmp_path / "out"))
    assert result.exit_code == 2 and result.stderr.startswith("error: no database at")
    assert _snapshot(tmp_path) == before  # no database made, no folder either


def test_force_replaces_an_earlier_export_and_keeps_other_files(
    logged: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "study"
    export(logged, folder)
    (folder / "notes.txt").write_text("mine\n")
    export(logged, folder, "--force", "--mode", "world")
    assert (folder / "notes.txt").read_text() == "mine\n"
    assert sorted(p.name for p in folder.iterdir()) == sorted([*EXPORT_FOLDERS, "notes.txt"])
    for table in RUN_EXPORT_TABLES:  # the earlier export's sim and voyage rows are gone
        assert [p.name for p in (folder / table).iterdir()] == ["mode=world"], table
    stray = folder / "events" / "mode=world" / "mine.csv"
    stray.write_text("x")
    result = cli(logged, "runs", "export", str(folder), "--force")
    assert result.exit_code == 2 and "mine.csv is not a file an export wrote" in result.stderr
    assert stray.exists() and [p.name for p in (folder / "runs").iterdir()] == ["mode=world"]


def test_an_export_that_fails_halfway_leaves_nothing(
    logged: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import privateer.db.run_export as run_export

    def broken(*args: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(run_export, "_world_table", broken)  # the run tables are written by then
    before = _snapshot(tmp_path)
    result = cli(logged, "runs", "export", str(tmp_path / "out"), "-q")
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().endswith("No space left on device")
    assert _snapshot(tmp_path) == before  # no DIR, no temporary folder beside it
    # and a DIR that held an earlier export keeps it whole
    folder = tmp_path / "kept"
    monkeypatch.undo()
    export(logged, folder)
    kept = {p: p.read_bytes() for p in folder.rglob("*.parquet")}
    monkeypatch.setattr(run_export, "_world_table", broken)
    assert cli(logged, "runs", "export", str(folder), "--force", "-q").exit_code == 2
    assert {p: p.read_bytes() for p in folder.rglob("*.parquet")} == kept
    assert sorted(os.listdir(tmp_path)) == sorted(["kept", *before])


def test_the_export_only_reads_the_database(logged: Path, tmp_path: Path) -> None:
    stamp = (logged.stat().st_mtime_ns, logged.read_bytes())
    export(logged, tmp_path / "out", "--mode", "voyage")
    assert (logged.stat().st_mtime_ns, logged.read_bytes()) == stamp


def test_ctrl_c_mid_export_says_so_exits_130_and_leaves_nothing(
    logged: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import signal

    import privateer.db.run_export as run_export

    def interrupted(*args: Any) -> Any:
        os.kill(os.getpid(), signal.SIGINT)  # as a terminal's Ctrl-C, once the runs are written
        raise AssertionError("the signal did not stop the export")

    monkeypatch.setattr(run_export, "_world_table", interrupted)
    before = _snapshot(tmp_path)
    result = cli(logged, "runs", "export", str(tmp_path / "out"), "-q")
    assert result.exit_code == 130, result.output
    assert result.stderr.strip() == f"interrupted: nothing was written to {tmp_path / 'out'}"
    assert _snapshot(tmp_path) == before
