"""Migrations lose nothing: a database holding a world and a run of every kind, taken from head
down to every older revision, and from every other revision one step down (a longer way down
from below head chains those steps), and back up, holds every row of every table exactly as it
did (the schema too), at that revision and again at head, where the report and the replays are
unchanged. A downgrade sets aside what older code cannot hold, and names it; base drops all.

The world is a box of the Channel and Biscay (Plymouth and London in it, so voyages sail), built
once a run (conftest.py's channel_built); each pair copies a database already at its upper
revision. The module's tests share one xdist worker, so that database and each revision of it
are made once a run."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import pytest
import sqlalchemy as sa
from click.testing import Result
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.db import migrate, open_database, world_load

pytestmark = pytest.mark.xdist_group("migrations-round-trip")
runner = CliRunner()

REVISIONS = [r.revision for r in migrate.history()]  # oldest first
HEAD = REVISIONS[-1]
# Every way down from head (where a person's database is when older code is wanted again), and
# each revision's own step down on the data made at it: a way down from below head is these
# steps run one after another, each of which is a pair here (15 pairs of the 36 there are).
# The suite takes head's own step down and head to base (every downgrade in turn); the long
# step takes every pair.
LOWER = {up: ["base", *REVISIONS[:i]] for i, up in enumerate(REVISIONS)}
PAIRS = [
    (up, down) for up in REVISIONS for down in LOWER[up] if up == HEAD or down == LOWER[up][-1]
]
IN_THE_SUITE = {(HEAD, REVISIONS[-2]), (HEAD, "base")}
UNORDERED = ("JSON", "GEOMETRY", "BLOB")
RELIABILITY = (pytest.mark.reliability,)


def cli(db: Path, *args: str, input: str | None = None, code: int = 0) -> Result:
    result = runner.invoke(app, ["--db", str(db), *args], input=input)
    assert result.exit_code == code, (args, result.output)
    return result


def snapshot(db: Path) -> dict[str, Any]:
    """The schema and every row of every table, in key order (saves' states parsed)."""
    with duckdb.connect(str(db), read_only=True) as con:
        main = "schema_name = 'main'"
        out: dict[str, Any] = {
            "columns": con.execute(
                "SELECT table_name, column_index, column_name, data_type, is_nullable, "
                f"column_default FROM duckdb_columns() WHERE {main} ORDER BY ALL"
            ).fetchall(),
            "indexes": con.execute(
                f"SELECT table_name, index_name, sql FROM duckdb_indexes() WHERE {main} "
                "ORDER BY ALL"
            ).fetchall(),
            "views": con.execute(
                f"SELECT view_name, sql FROM duckdb_views() WHERE {main} AND NOT internal "
                "ORDER BY ALL"
            ).fetchall(),
            "constraints": con.execute(
                "SELECT table_name, constraint_type, constraint_text FROM duckdb_constraints() "
                f"WHERE {main} ORDER BY ALL"
            ).fetchall(),
        }
        tables = con.execute(
            f"SELECT table_name FROM duckdb_tables() WHERE {main} ORDER BY 1"
        ).fetchall()
        for (table,) in tables:
            columns = con.execute(
                "SELECT column_name, data_type FROM duckdb_columns() "
                f"WHERE {main} AND table_name = ? ORDER BY column_index",
                [table],
            ).fetchall()
            keys = ", ".join(f'"{c}"' for c, kind in columns if kind not in UNORDERED)
            rows = con.execute(f'SELECT * FROM "{table}" ORDER BY {keys}').fetchall()
            if table == "saves" or (table.startswith("_kept_") and "state" in dict(columns)):
                at = [c for c, _ in columns].index("state")
                rows = [(*r[:at], json.loads(r[at]), *r[at + 1 :]) for r in rows]
            out[table] = rows
    return out


def tables_of(shot: dict[str, Any]) -> set[str]:
    return {t for t in shot if t not in ("columns", "indexes", "views", "constraints")}


def migrate_to(db: Path, revision: str) -> None:
    engine = open_database(db, upgrade=False, notify=lambda _: None)
    try:
        with engine.begin() as conn:
            current = migrate.current_revision(conn)
            if current is None or REVISIONS.index(revision) > REVISIONS.index(current):
                migrate.upgrade(conn, revision)
            elif revision != current:
                migrate.downgrade(conn, revision)
    finally:
        engine.dispose()


def outputs(db: Path) -> dict[str, Any]:
    """What a person reads from the database at head: the report and every replay."""
    return {
        "report": json.loads(cli(db, "report", "--json").stdout),
        "replay": json.loads(cli(db, "runs", "replay", "--all", "--json").stdout),
    }


@pytest.fixture(scope="module")
def populated(channel_built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small world and a run of every kind: sim fights, a fight played out and one in
    progress, a duel in progress, a world run, captain-bot voyages and one played by hand, in
    progress (saves of a fight, a duel and a voyage)."""
    db = tmp_path_factory.mktemp("round-trip") / "db.duckdb"
    shutil.copyfile(channel_built, db)  # `world build` of the Channel (conftest.py's, once a run)
    world_load._LOADED.clear()  # read as a new process reads it: its route trees kept here
    cli(db, "sim", "--log", "--fights", "2")
    cli(db, "fight", "--seed", "7", input="12\n")
    cli(db, "fight", "--seed", "8", "--target", "corsair", input="12\n" * 12)
    cli(db, "duel", "--seed", "3", input="3m0 e\n3m0 e\n")
    cli(db, "world", "sim", "--days", "100", "--log")
    cli(db, "voyage", "--log", "--runs", "3", "--days", "200", "--workers", "1")
    cli(db, "play", "--seed", "5", input="course London\nsail\nsail\n")
    cli(db, "sweep", "treasury=10,30", "--runs", "2", "--days", "60", "--workers", "1", "--log")
    with duckdb.connect(str(db), read_only=True) as con:
        modes = con.execute("SELECT DISTINCT mode FROM runs").fetchall()
        saved = con.execute("SELECT DISTINCT mode FROM saves JOIN runs USING (run_id)").fetchall()
        bots = con.execute("SELECT DISTINCT bot FROM runs WHERE mode = 'voyage'").fetchall()
        trees = con.execute("SELECT count(*) FROM route_trees").fetchone()
    assert trees is not None and trees[0] > 0
    assert {m for (m,) in modes} == {"sim", "fight", "duel", "world", "voyage"}
    assert {m for (m,) in saved} == {"fight", "duel", "voyage"}
    assert {b for (b,) in bots} == {"captain", None}
    return db


@pytest.fixture(scope="module")
def at(
    populated: Path, tmp_path_factory: pytest.TempPathFactory
) -> Callable[[str], tuple[Path, dict[str, Any]]]:
    """The populated database taken down to a revision (once each), and its snapshot there."""
    folder = tmp_path_factory.mktemp("revisions")
    made: dict[str, tuple[Path, dict[str, Any]]] = {}

    def get(revision: str) -> tuple[Path, dict[str, Any]]:
        if revision not in made:
            db = folder / f"{revision}.duckdb"
            shutil.copyfile(populated, db)
            migrate_to(db, revision)
            made[revision] = (db, snapshot(db))
        return made[revision]

    return get


@pytest.fixture(scope="module")
def head_outputs(at: Callable[[str], tuple[Path, dict[str, Any]]]) -> dict[str, Any]:
    db, shot = at(HEAD)
    shown = outputs(db)
    assert shown["replay"]["identical"] == shown["replay"]["replayed"] == len(shot["runs"])
    return shown


@pytest.mark.parametrize(
    ("upper", "lower"),
    [
        pytest.param(u, d, id=f"{u}-{d}", marks=() if (u, d) in IN_THE_SUITE else RELIABILITY)
        for u, d in PAIRS
    ],
)
def test_down_and_back_up_keeps_every_row_of_every_table(
    at: Callable[[str], tuple[Path, dict[str, Any]]],
    head_outputs: dict[str, Any],
    tmp_path: Path,
    upper: str,
    lower: str,
) -> None:
    source, before = at(upper)
    db = tmp_path / "db.duckdb"
    shutil.copyfile(source, db)
    cli(db, "db", "downgrade", lower, "--yes")
    revision = json.loads(cli(db, "db", "current", "--json").stdout)["revision"]
    assert revision == (None if lower == "base" else lower)
    migrate_to(db, upper)
    after = snapshot(db)
    if lower == "base":  # everything dropped: the schema comes back, empty, nothing set aside
        assert {t for t in tables_of(after) if after[t]} == {"alembic_version"}
        assert tables_of(after) == {t for t in tables_of(before) if not t.startswith("_kept_")}
        assert after["columns"] == [c for c in before["columns"] if not c[0].startswith("_kept_")]
        for key in ("indexes", "views", "constraints"):  # of what was not set aside
            assert after[key] == [c for c in before[key] if not c[0].startswith("_kept_")], key
        return
    for key in sorted(set(before) | set(after)):
        assert after.get(key) == before.get(key), key
    if upper != HEAD:  # and on up to head, as it was there
        migrate_to(db, HEAD)
        head, after = at(HEAD)[1], snapshot(db)
        for key in sorted(set(head) | set(after)):
            assert after.get(key) == head.get(key), key
    else:  # what a person reads is the same (once for each revision gone down to)
        assert outputs(db) == head_outputs


def test_a_downgrade_names_what_it_sets_aside_and_base_what_it_drops(
    at: Callable[[str], tuple[Path, dict[str, Any]]], tmp_path: Path
) -> None:
    source, head = at(HEAD)
    db = tmp_path / "db.duckdb"
    shutil.copyfile(source, db)
    runs, saves = len(head["runs"]), len(head["saves"])
    targets = sum(r[11] is not None for r in head["runs"])
    refused = cli(db, "db", "downgrade", "base", code=2)
    for table in (f"table runs ({runs} rows)", f"table saves ({saves} rows)", "table nodes"):
        assert table in refused.stderr, table
    for table in ("table events", "table nations", "table drake", "--yes"):
        assert table in refused.stderr, table
    assert json.loads(cli(db, "db", "current", "--json").stdout)["revision"] == HEAD
    # Down to 0001 loses nothing: it names what it sets aside, and needs no --yes.
    done = cli(db, "db", "downgrade", "0001")
    assert "drops" not in done.stderr
    for kept in (
        "table sweeps (1 rows)",
        "table sweep_points (2 rows)",
        "table sweep_results (4 rows)",
        f"column runs.target ({targets} rows)",
        "saves of 1 voyages in progress",
        "table nations",
        "column ports.roles",
    ):
        assert kept in done.stderr, kept
    # From there base drops the side tables too, and says so.
    refused = cli(db, "db", "downgrade", "base", code=2)
    assert f"table _kept_0003 ({runs} rows)" in refused.stderr
    assert "table _kept_0005 (1 rows)" in refused.stderr


def test_runs_logged_while_downgraded_get_what_they_hold(
    at: Callable[[str], tuple[Path, dict[str, Any]]], tmp_path: Path
) -> None:
    """Older code at 0002 logs runs (copies of each kind, as it would write them) and plays on
    a kept fight: the upgrade derives their columns from what each run holds (a fight's and a
    duel's, not a voyage's or a world run's days), and keeps the rest as they were."""
    source, _ = at("0002")
    head = {r[0]: r for r in at(HEAD)[1]["runs"]}
    db = tmp_path / "db.duckdb"
    shutil.copyfile(source, db)
    engine = open_database(db, upgrade=False, notify=lambda _: None)
    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO runs SELECT run_id + 1000, * EXCLUDE (run_id) FROM runs"))
        conn.execute(
            sa.text("INSERT INTO events SELECT run_id + 1000, * EXCLUDE (run_id) FROM events")
        )
        fight = conn.execute(
            sa.text(
                "SELECT run_id, max(seq) FROM events JOIN runs USING (run_id) "
                "WHERE mode = 'fight' AND outcome IS NULL AND run_id < 1000 GROUP BY run_id"
            )
        ).one()
        conn.execute(  # its last event again, a round on
            sa.text(
                "INSERT INTO events SELECT run_id, seq + 1, day, kind, "
                "json_merge_patch(payload, '{\"round\": 9}') FROM events "
                "WHERE run_id = :r AND seq = :s"
            ),
            {"r": fight[0], "s": fight[1]},
        )
    engine.dispose()
    migrate_to(db, HEAD)
    with duckdb.connect(str(db), read_only=True) as con:
        runs = {r[0]: r for r in con.execute("SELECT * FROM runs").fetchall()}
    for run_id, row in head.items():
        mode, columns = row[1], row[11:]
        copy = runs[run_id + 1000][11:]
        if mode in ("fight", "sim", "duel"):
            assert copy == columns, (run_id, mode)
        else:
            assert copy == (None, None, None, None), (run_id, mode)
        if run_id == fight[0]:
            assert runs[run_id][11:] == (*columns[:3], 9)  # played on: its rounds derived
        else:
            assert runs[run_id] == row, run_id  # untouched: kept exactly


def test_the_shore_comes_back_as_kept_while_the_world_is_the_same(
    at: Callable[[str], tuple[Path, dict[str, Any]]], tmp_path: Path
) -> None:
    """The shore set aside at 0001 comes back as kept (even a nation's name data/ spells
    otherwise); a world rebuilt meanwhile gets its shore from data/ instead."""
    source, _ = at("0001")
    names = {}
    for rebuilt in (False, True):
        db = tmp_path / f"{rebuilt}.duckdb"
        shutil.copyfile(source, db)
        with duckdb.connect(str(db)) as con:
            con.execute("UPDATE _kept_0002_nations SET name = 'Albion' WHERE nation = 'england'")
            if rebuilt:
                con.execute("UPDATE world_build SET content_hash = repeat('0', 64)")
        migrate_to(db, HEAD)
        with duckdb.connect(str(db), read_only=True) as con:
            names[rebuilt] = con.execute(
                "SELECT name FROM nations WHERE nation = 'england'"
            ).fetchall()
            assert con.execute("SELECT count(*) FROM drake").fetchone() != (0,)
    assert names == {False: [("Albion",)], True: [("England",)]}


def test_a_save_older_code_cannot_read_is_set_aside_and_given_back(db_path: Path) -> None:
    """A fight's save holding a card version 1 never had goes aside past 0004 (its run marked
    abandoned) and comes back exactly; one whose run older code ended meanwhile stays ended."""
    cli(db_path, "fight", "--seed", "7", input="12\n")
    cli(db_path, "fight", "--seed", "9", input="12\n")
    with duckdb.connect(str(db_path)) as con:
        for run_id in (1, 2):
            (stored,) = con.execute("SELECT state FROM saves WHERE run_id = ?", [run_id]).fetchall()
            state = json.loads(stored[0])
            state["deck"].append("great_gun:you")  # a prize card, later than version 1
            con.execute(
                "UPDATE saves SET state = ? WHERE run_id = ?",
                [json.dumps(state, sort_keys=True), run_id],
            )
    before = snapshot(db_path)
    cli(db_path, "db", "downgrade", "0003")
    with duckdb.connect(str(db_path)) as con:
        assert con.execute("SELECT count(*) FROM saves").fetchone() == (0,)
        outcomes = con.execute("SELECT outcome FROM runs ORDER BY run_id").fetchall()
        assert outcomes == [("abandoned",), ("abandoned",)]
        con.execute("UPDATE runs SET outcome = 'fled' WHERE run_id = 2")  # older code ends it
    cli(db_path, "db", "upgrade")
    after = snapshot(db_path)
    assert after["saves"] == before["saves"][:1]
    assert after["runs"][0] == before["runs"][0]
    assert after["runs"][1][6] == "fled"
    assert not [t for t in tables_of(after) if t.startswith("_kept_")]
