"""The run log: events round-trip, replays verify (and catch a tampered log), saves resume and
migrate, a killed logger leaves whole batches, and the CLI reads it all back."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest
import sqlalchemy as sa
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.db import migrate, open_database
from privateer.db.errors import DatabaseError
from privateer.db.runlog import RunBuffer, load_save, next_run_id, write
from privateer.db.runs import replay_run, replay_runs, run_events
from privateer.db.sim_writer import Fight, SimWriter
from privateer.engine.bots import BOTS
from privateer.engine.encounter import create_encounter
from privateer.engine.outfit import Outfit
from privateer.engine.replay import record_fight
from privateer.engine.sim import play

runner = CliRunner()


def _log_fights(db_path: Path, seeds: range, target: str = "merchant") -> None:
    open_database(db_path, notify=lambda _: None).dispose()
    with SimWriter(db_path, batch_fights=25) as writer:
        for bot in ("balanced", "runner"):
            for seed in seeds:
                actions: list[str] = []
                state = play(BOTS[bot], target, Outfit(), seed, actions)
                writer.add(Fight(bot, target, Outfit(), seed, actions, state.result.value))
    assert writer.runs == 2 * len(seeds)


def test_events_round_trip(db_path: Path) -> None:
    engine = open_database(db_path, notify=lambda _: None)
    record = record_fight(
        "treasure_fleet", Outfit("brigantine", crew=("pilot",)), 9, BOTS["careful"].choose
    )
    raw = engine.raw_connection()
    buffer = RunBuffer()
    buffer.add_fight(next_run_id(raw.driver_connection), "sim", record, "careful")
    write(raw.driver_connection, buffer)
    raw.close()
    with engine.connect() as conn:
        logged = run_events(conn, 1)
    engine.dispose()
    assert [e["kind"] for e in logged] == [e.kind for e in record.events]
    assert [e["payload"] for e in logged] == [{"round": e.round, **e.data} for e in record.events]
    assert [e["seq"] for e in logged] == list(range(len(record.events)))


def test_replays_are_identical_over_many_seeds_and_a_tampered_event_is_caught(
    db_path: Path,
) -> None:
    _log_fights(db_path, range(150))
    engine = open_database(db_path, notify=lambda _: None)
    with engine.connect() as conn:
        ids = [r for (r,) in conn.execute(sa.text("SELECT run_id FROM runs ORDER BY run_id"))]
        results = replay_runs(conn, ids)
    assert len(results) == 300 and all(r.identical for r in results)
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "UPDATE events SET payload = json_merge_patch(payload, '{\"landed\": 9}') "
                "WHERE run_id = 7 AND seq = (SELECT min(seq) FROM events "
                "WHERE run_id = 7 AND kind = 'hit')"
            )
        )
    with engine.connect() as conn:
        tampered = replay_run(conn, 7)
        untouched = replay_run(conn, 8)
    engine.dispose()
    assert not tampered.identical and untouched.identical
    assert tampered.divergence is not None
    assert tampered.divergence["logged"]["payload"]["landed"] == 9
    assert tampered.divergence["replayed"]["payload"]["landed"] != 9


def test_a_run_from_another_engine_version_is_refused(db_path: Path) -> None:
    _log_fights(db_path, range(2))
    engine = open_database(db_path, notify=lambda _: None)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE runs SET engine_version = 'combat-0' WHERE run_id = 1"))
    with engine.connect() as conn, pytest.raises(DatabaseError, match=r"combat-0.*combat-1"):
        replay_run(conn, 1)
    with engine.connect() as conn, pytest.raises(DatabaseError, match="no run 99"):
        replay_run(conn, 99)
    engine.dispose()


def _v1_state(state_v2: dict[str, object]) -> dict[str, object]:
    """A saved state in the shape of save version 1: cards as catalogue positions."""
    import importlib

    shore = importlib.import_module("privateer.migrations.versions.0004_saves_name_their_cards")
    old = dict(state_v2)
    old["deck"] = [shore._code(c) for c in state_v2["deck"]]  # type: ignore[attr-defined,union-attr]
    old["hand"] = [shore._code(c) for c in state_v2["hand"]]  # type: ignore[attr-defined,union-attr]
    old["discard"] = [[shore._code(c) for c in pile] for pile in state_v2["discard"]]  # type: ignore[attr-defined,union-attr]
    return old


def test_a_version_1_save_is_migrated_then_resumed_and_played_to_the_end(
    db_path: Path,
) -> None:
    # A fight begun on this code, two keeps in: its log as it stands.
    result = runner.invoke(app, ["--db", str(db_path), "fight", "--seed", "21"], input="12\n12\n")
    assert result.exit_code == 0 and "run 1 is saved at round 3" in result.stdout
    engine = open_database(db_path, notify=lambda _: None)
    with engine.connect() as conn:
        stored = conn.execute(sa.text("SELECT state FROM saves")).scalar_one()
        state_v2 = json.loads(stored) if isinstance(stored, str) else stored
    # Rewind the database to revision 0003 and store the save in version 1's shape.
    with engine.begin() as conn:
        migrate.downgrade(conn, "0003")
        conn.execute(
            sa.text("UPDATE saves SET state = :s, save_version = 1"),
            {"s": json.dumps(_v1_state(state_v2))},
        )
        assert migrate.current_revision(conn) == "0003"
    engine.dispose()
    # Opening it upgrades to head, which migrates the save; resume and play to the end.
    result = runner.invoke(app, ["--db", str(db_path), "fight", "--resume"], input="12\n" * 40)
    assert result.exit_code == 0, result.output
    assert "upgraded" in result.stderr and "resuming run 1 at round 3" in result.stdout
    assert "settled:" in result.stdout
    engine = open_database(db_path, notify=lambda _: None)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM saves")).scalar_one() == 0
        outcome = conn.execute(sa.text("SELECT outcome FROM runs WHERE run_id = 1")).scalar()
        assert outcome is not None
        assert replay_run(conn, 1).identical
    engine.dispose()


def test_a_save_of_a_newer_version_is_refused(db_path: Path) -> None:
    runner.invoke(app, ["--db", str(db_path), "fight", "--seed", "2"], input="12\n")
    engine = open_database(db_path, notify=lambda _: None)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE saves SET save_version = 99"))
    with engine.connect() as conn, pytest.raises(DatabaseError, match="version 99, newer"):
        load_save(conn)
    engine.dispose()
    result = runner.invoke(app, ["--db", str(db_path), "fight", "--resume"], input="12\n")
    assert result.exit_code == 2 and "version 99" in result.stderr


def test_resume_without_a_save_says_so(db_path: Path) -> None:
    result = runner.invoke(app, ["--db", str(db_path), "fight", "--resume"])
    assert result.exit_code == 2 and "no fight in progress" in result.stderr


def test_a_killed_logger_leaves_whole_batches_that_replay(db_path: Path) -> None:
    open_database(db_path, notify=lambda _: None).dispose()
    command = [
        sys.executable,
        "-m",
        "privateer",
        "--db",
        str(db_path),
        "sim",
        "--log",
        "--log-batch",
        "100",
        "--fights",
        "5000",
        "--json",
    ]
    process = subprocess.Popen(
        command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    # Kill once a few batches are committed (the write-ahead log has grown three times),
    # whatever the speed of the machine.
    wal = db_path.with_name(db_path.name + ".wal")
    sizes: set[int] = set()
    deadline = time.monotonic() + 120
    while len(sizes - {0}) < 3 and time.monotonic() < deadline:
        assert process.poll() is None, "the simulation finished before it could be killed"
        sizes.add(wal.stat().st_size if wal.exists() else 0)
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    time.sleep(0.5)
    engine = open_database(db_path, notify=lambda _: None)
    with engine.connect() as conn:
        runs = conn.execute(sa.text("SELECT count(*) FROM runs")).scalar_one()
        assert runs > 0 and runs % 100 == 0  # whole batches only
        ended = conn.execute(
            sa.text("SELECT count(DISTINCT run_id) FROM events WHERE kind = 'settled'")
        ).scalar_one()
        orphans = conn.execute(
            sa.text("SELECT count(*) FROM events WHERE run_id NOT IN (SELECT run_id FROM runs)")
        ).scalar_one()
        assert ended == runs and orphans == 0
        ids = [r for (r,) in conn.execute(sa.text("SELECT run_id FROM runs ORDER BY run_id"))]
        results = []
        for start in range(0, len(ids), 2000):
            results.extend(replay_runs(conn, ids[start : start + 2000]))
    engine.dispose()
    assert all(r.identical for r in results)
    result = runner.invoke(
        app, ["--db", str(db_path), "runs", "list", "--json", "--limit", "100000"]
    )
    assert len(json.loads(result.stdout)) == runs


def test_a_database_locked_by_another_process_gets_a_message(locked_db: Path) -> None:
    result = runner.invoke(app, ["--db", str(locked_db), "runs", "list"])
    assert result.exit_code == 2 and "in use by another process" in result.stderr
    result = runner.invoke(app, ["--db", str(locked_db), "sim", "--log", "--fights", "5"])
    assert result.exit_code == 2 and "in use by another process" in result.stderr


def test_the_cli_reads_the_log(db_path: Path) -> None:
    base = ["--db", str(db_path)]
    result = runner.invoke(app, [*base, "sim", "--log", "--fights", "30", "--json"])
    assert result.exit_code == 0, result.output
    assert "logged 150 runs" in result.stderr
    listed = json.loads(runner.invoke(app, [*base, "runs", "list", "--json"]).stdout)
    assert len(listed) == 50 and listed[0]["run_id"] == 150
    shown = json.loads(
        runner.invoke(app, [*base, "runs", "show", "3", "--events", "--json"]).stdout
    )
    assert shown["run_id"] == 3 and shown["events"] == len(shown["event_list"]) > 5
    text = runner.invoke(app, [*base, "runs", "show", "3", "--events"]).stdout
    assert "settled" in text
    replayed = json.loads(runner.invoke(app, [*base, "runs", "replay", "--all", "--json"]).stdout)
    assert replayed == {"replayed": 150, "identical": 150, "diverged": []}
    assert "identical" in runner.invoke(app, [*base, "runs", "replay", "4"]).stdout
    missing = runner.invoke(app, [*base, "runs", "show", "999"])
    assert missing.exit_code == 2 and "no run 999" in missing.stderr
    both = runner.invoke(app, [*base, "runs", "replay"])
    assert both.exit_code == 2
    rows = json.loads(
        runner.invoke(
            app,
            [
                *base,
                "sql",
                "SELECT bot, count(*) AS n FROM runs GROUP BY bot ORDER BY bot",
                "--json",
            ],
        ).stdout
    )
    assert rows == [{"bot": b, "n": 30} for b in sorted(BOTS)]
    csv_text = runner.invoke(app, [*base, "sql", "SELECT 1 AS one, 'a' AS letter", "--csv"]).stdout
    assert csv_text.splitlines() == ["one,letter", "1,a"]
    for statement in (
        "DELETE FROM runs",
        "CREATE TABLE x (a INT)",
        "SELECT 1; SELECT 2",
        "COPY runs TO '/tmp/x.csv'",
    ):
        refused = runner.invoke(app, [*base, "sql", statement])
        assert refused.exit_code == 2, statement
    bad = runner.invoke(app, [*base, "sql", "SELECT nonsense FROM nowhere"])
    assert bad.exit_code == 2 and len(bad.stderr.strip().splitlines()) == 1
    report = json.loads(runner.invoke(app, [*base, "report", "--json"]).stdout)
    assert {"outcomes", "rounds", "deciding_cards"} <= set(report)
    assert sum(r["fights"] for r in report["outcomes"]) == 150
    assert runner.invoke(app, [*base, "report"]).exit_code == 0
    with duckdb.connect(str(db_path), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM runs").fetchone() == (150,)


def test_a_finished_fight_keeps_its_run_and_drops_its_save(db_path: Path) -> None:
    base = ["--db", str(db_path)]
    result = runner.invoke(app, [*base, "fight", "--seed", "8"], input="12\n" * 40)
    assert "settled:" in result.stdout
    shown = json.loads(runner.invoke(app, [*base, "runs", "show", "1", "--json"]).stdout)
    assert shown["mode"] == "fight" and shown["outcome"] is not None and shown["events"] > 5
    engine = open_database(db_path, notify=lambda _: None)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM saves")).scalar_one() == 0
        assert replay_run(conn, 1).identical
    engine.dispose()


def test_bench_log_prints_both_rates() -> None:
    result = runner.invoke(
        app, ["bench", "log", "--events", "20000", "--sim-fights", "0", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["events"] == 20000
    assert data["events_per_second"] > 0 and data["duckdb_events_per_second"] > 0


def test_states_unknown_cards_in_a_save_are_refused() -> None:
    state, _ = create_encounter("merchant", Outfit(), 1)
    data = state.to_dict()
    data["deck"] = ["kraken:you"]
    from privateer.engine.encounter import Encounter

    with pytest.raises(ValueError, match="unknown card 'kraken:you'"):
        Encounter.from_dict(data)
