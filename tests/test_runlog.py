"""The run log: events round-trip, replays verify (and catch a tampered log), saves resume and
migrate, and the CLI reads it all back."""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
import pytest
import sqlalchemy as sa
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.fight.commands import fight_logger
from privateer.cli.fight.session import FightSession
from privateer.db import migrate, open_database
from privateer.db.errors import DatabaseError
from privateer.db.log_writer import LogWriter
from privateer.db.run_store import RunStore
from privateer.db.runlog import RunBuffer, fight_options, next_run_id, write
from privateer.db.runs import all_run_ids, logged_runs, run_events
from privateer.engine.errors import ReplayRefusedError
from privateer.engine.events import Event
from privateer.engine.fight.bots import BOTS
from privateer.engine.fight.encounter import create_encounter
from privateer.engine.fight.mode import MODE, FightGame
from privateer.engine.fight.outfit import Outfit
from privateer.engine.fight.sim import simulate
from privateer.engine.modes import check_run
from privateer.engine.record import play
from tests.head_db import at_head

runner = CliRunner()


def log_fights(db_path: Path, seeds: range, target: str = "merchant", batch: int = 25) -> None:
    """Fights of two bots, logged the way `sim --log` logs them (sent as played, replayed by
    the writer)."""
    with LogWriter(db_path, batch_runs=batch, replays=MODE) as writer:
        for bot in ("balanced", "runner"):
            simulate(BOTS[bot], target, Outfit(), seeds, fight_logger(writer, bot))
    assert writer.runs == 2 * len(seeds)


def replay_all(engine: sa.Engine) -> list[object]:
    with engine.connect() as conn:
        return [check_run(run) for run in logged_runs(conn, all_run_ids(conn))]


def test_events_round_trip(db_path: Path) -> None:
    engine = open_database(db_path, notify=lambda _: None)
    record = play(
        FightGame("treasure_fleet", Outfit("brigantine", crew=("pilot",))),
        9,
        BOTS["careful"].choose,
        max_actions=500,
    )
    raw = engine.raw_connection()
    buffer = RunBuffer()
    options = fight_options(record, "careful")
    buffer.add_record(
        next_run_id(raw.driver_connection), MODE, record, options, run_mode="sim", bot="careful"
    )
    write(raw.driver_connection, buffer)
    raw.close()
    with engine.connect() as conn:
        logged = run_events(conn, 1)
    engine.dispose()
    events = [Event._make(e) for e in record.events]
    assert [e["kind"] for e in logged] == [e.kind for e in events]
    assert [e["payload"] for e in logged] == [e.payload() for e in events]
    assert [e["seq"] for e in logged] == list(range(len(events)))
    # Cards are logged by name, whatever the engine records them as.
    deal = next(e["payload"] for e in logged if e["kind"] == "deal")
    assert all(isinstance(card, str) for card in deal["hand"]) and len(deal["sides"]) == 3


def test_the_settlement_is_logged_in_the_fights_last_round(db_path: Path) -> None:
    record = play(
        FightGame("merchant", Outfit(crew=("quartermaster",))),
        3,
        BOTS["balanced"].choose,
        max_actions=500,
    )
    assert record.state is not None
    last_round = record.state.round
    settled = [e for e in record.events if e[0] in ("settled", "rumor")]
    assert settled and all(e[1] == last_round for e in settled)


def test_replays_are_identical_over_many_seeds_and_a_tampered_event_is_caught(
    db_path: Path,
) -> None:
    log_fights(db_path, range(150))
    engine = open_database(db_path, notify=lambda _: None)
    results = replay_all(engine)
    assert len(results) == 300 and all(r.identical for r in results)  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "UPDATE events SET payload = json_merge_patch(payload, '{\"landed\": 9}') "
                "WHERE run_id = 7 AND seq = (SELECT min(seq) FROM events "
                "WHERE run_id = 7 AND kind = 'hit')"
            )
        )
    with engine.connect() as conn:
        tampered, untouched = (check_run(r) for r in logged_runs(conn, [7, 8]))
    engine.dispose()
    assert not tampered.identical and untouched.identical
    assert tampered.divergence is not None
    assert tampered.divergence["logged"]["payload"]["landed"] == 9
    assert tampered.divergence["replayed"]["payload"]["landed"] != 9


def test_a_run_from_another_engine_version_is_refused(db_path: Path) -> None:
    log_fights(db_path, range(2))
    engine = open_database(db_path, notify=lambda _: None)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE runs SET engine_version = 'combat-0' WHERE run_id = 1"))
    with engine.connect() as conn:
        (run,) = logged_runs(conn, [1])
        with pytest.raises(ReplayRefusedError, match=r"combat-0.*combat-2"):
            check_run(run)
        with pytest.raises(DatabaseError, match="no run 99"):
            logged_runs(conn, [99])
    engine.dispose()
    result = runner.invoke(app, ["--db", str(db_path), "runs", "replay", "1"])
    assert result.exit_code == 2 and "combat-0" in result.stderr


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
        # An unfinished run says how far it has got.
        assert conn.execute(sa.text("SELECT rounds FROM runs")).scalar_one() == 3
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
    assert all(r.identical for r in replay_all(engine))  # type: ignore[attr-defined]
    engine.dispose()


def test_a_save_of_a_newer_version_is_refused(db_path: Path) -> None:
    runner.invoke(app, ["--db", str(db_path), "fight", "--seed", "2"], input="12\n")
    engine = open_database(db_path, notify=lambda _: None)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE saves SET save_version = 99"))
    engine.dispose()
    store = RunStore(db_path, notify=lambda _: None)
    with pytest.raises(DatabaseError, match="version 99, newer"):
        FightSession.pick_up(store)
    result = runner.invoke(app, ["--db", str(db_path), "fight", "--resume"], input="12\n")
    assert result.exit_code == 2 and "version 99" in result.stderr


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        ("json_object('hull', 1)", "not an encounter state"),
        ("to_json('just text')", "a str, not an object"),
        ("json_merge_patch(state, '{\"hull\": [999, 12]}')", "hull\\[0\\] 999 is outside"),
        ("json_merge_patch(state, '{\"hand\": []}')", "a hand of 0 cards"),
        ("json_merge_patch(state, '{\"rng\": 4294967296}')", "rng 4294967296 is outside"),
        ('json_merge_patch(state, \'{"result": "sunk"}\')', "already over"),
    ],
)
def test_a_damaged_save_is_refused_in_one_line(db_path: Path, damage: str, words: str) -> None:
    at_head(db_path)
    runner.invoke(app, ["--db", str(db_path), "fight", "--seed", "5"], input="12\n")
    with duckdb.connect(str(db_path)) as con:
        con.execute(f"UPDATE saves SET state = {damage}")
    result = runner.invoke(app, ["--db", str(db_path), "fight", "--resume"], input="12\n")
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1
    assert re.search(words, result.stderr), result.stderr


def test_resume_without_a_save_says_so(db_path: Path) -> None:
    result = runner.invoke(app, ["--db", str(db_path), "fight", "--resume"])
    assert result.exit_code == 2 and "no fight in progress" in result.stderr


def test_run_picks_up_that_runs_fight_and_resume_refuses_new_fight_options(db_path: Path) -> None:
    base = ["--db", str(db_path)]
    runner.invoke(app, [*base, "fight", "--seed", "1"], input="12\n")
    runner.invoke(app, [*base, "fight", "--seed", "2"], input="12\n")
    picked = runner.invoke(app, [*base, "fight", "--run", "1"], input="")
    assert picked.exit_code == 0 and "resuming run 1" in picked.stdout
    mixed = runner.invoke(app, [*base, "fight", "--resume", "--target", "armada"])
    assert mixed.exit_code == 2 and "--resume" in mixed.stderr


def test_saves_are_listed_and_dropped(db_path: Path) -> None:
    base = ["--db", str(db_path)]
    for seed in (1, 2):
        runner.invoke(app, [*base, "fight", "--seed", str(seed)], input="12\n")
    listed = json.loads(runner.invoke(app, [*base, "saves", "list", "--json"]).stdout)
    assert sorted(s["run_id"] for s in listed) == [1, 2]
    dropped = runner.invoke(app, [*base, "saves", "drop", "1"])
    assert dropped.exit_code == 0
    listed = json.loads(runner.invoke(app, [*base, "saves", "list", "--json"]).stdout)
    assert [s["run_id"] for s in listed] == [2]
    shown = json.loads(runner.invoke(app, [*base, "runs", "show", "1", "--json"]).stdout)
    assert shown["outcome"] == "abandoned"
    again = runner.invoke(app, [*base, "saves", "drop", "1"])
    assert again.exit_code == 2 and "has no save" in again.stderr
    replayed = json.loads(runner.invoke(app, [*base, "runs", "replay", "1", "--json"]).stdout)
    assert replayed["identical"] == 1


def test_the_cli_reads_the_log(db_path: Path) -> None:
    base = ["--db", str(db_path)]
    result = runner.invoke(app, [*base, "sim", "--log", "--fights", "30", "--json"])
    assert result.exit_code == 0, result.output
    assert "logged 150 runs" in result.stderr
    listed = json.loads(runner.invoke(app, [*base, "runs", "list", "--json"]).stdout)
    assert len(listed) == 50 and listed[0]["run_id"] == 150
    events = json.loads(
        runner.invoke(app, [*base, "runs", "show", "3", "--events", "--json"]).stdout
    )
    shown = json.loads(runner.invoke(app, [*base, "runs", "show", "3", "--json"]).stdout)
    assert shown["run_id"] == 3 and shown["events"] == len(events) > 5
    assert events[-1]["kind"] in ("settled", "rumor")
    text = runner.invoke(app, [*base, "runs", "show", "3", "--events"]).stdout
    assert "settled" in text
    replayed = json.loads(runner.invoke(app, [*base, "runs", "replay", "--all", "--json"]).stdout)
    assert replayed == {
        "replayed": 150,
        "identical": 150,
        "skipped": 0,
        "skipped_by": {},
        "diverged": [],
    }
    assert "identical" in runner.invoke(app, [*base, "runs", "replay", "4"]).stdout
    missing = runner.invoke(app, [*base, "runs", "show", "999"])
    assert missing.exit_code == 2 and "no run 999" in missing.stderr
    both = runner.invoke(app, [*base, "runs", "replay"])
    assert both.exit_code == 2
    csv_text = runner.invoke(app, [*base, "runs", "list", "--csv", "--limit", "2"]).stdout
    assert csv_text.splitlines()[0].startswith("run_id,mode,seed")
    assert len(csv_text.splitlines()) == 3
    nl = runner.invoke(app, [*base, "runs", "list", "--nl", "--limit", "3"]).stdout
    assert [json.loads(line)["run_id"] for line in nl.splitlines()] == [150, 149, 148]
    two = runner.invoke(app, [*base, "runs", "list", "--csv", "--json"])
    assert two.exit_code == 2 and "just one of" in two.stderr
    report = json.loads(runner.invoke(app, [*base, "report", "--json"]).stdout)
    assert {"outcomes", "rounds", "deciding_cards"} <= set(report)
    assert sum(r["fights"] for r in report["outcomes"]) == 150
    table = runner.invoke(app, [*base, "report"]).stdout
    assert "%" in table  # rates read as percentages in tables, as in `sim`
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
    assert all(r.identical for r in replay_all(engine))  # type: ignore[attr-defined]
    engine.dispose()


def test_bench_log_measures_the_append_it_made() -> None:
    result = runner.invoke(
        app, ["bench", "log", "--events", "20000", "--sim-fights", "0", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["events"] == 20000  # every synthetic event reached the table
    assert data["rounds"] == 3  # --runs: each append that often, in a fresh database
    # The rates are the events over the times measured, DuckDB's own on the same rows.
    assert data["events_per_second"] == pytest.approx(20000 / data["flush_seconds"], rel=0.01)
    assert data["share_of_duckdb"] == pytest.approx(
        data["duckdb_seconds"] / data["flush_seconds"], rel=0.01
    )


def test_states_unknown_cards_in_a_save_are_refused() -> None:
    state, _ = create_encounter("merchant", Outfit(), 1)
    data = state.to_dict()
    data["deck"] = ["kraken:you"]
    from privateer.engine.fight.encounter import Encounter

    with pytest.raises(ValueError, match="unknown card 'kraken:you'"):
        Encounter.from_dict(data)


def test_replay_all_goes_on_past_runs_sailed_on_another_world(db_path: Path) -> None:
    """Fights need no world; a world run recorded on the world built before cannot be
    checked on the one built since: it is skipped with its reason, the rest replayed."""
    base = ["--db", str(db_path)]
    built = runner.invoke(app, [*base, "world", "build", "--box", "-6,49,3,53", "-q"])
    assert built.exit_code == 0, built.output
    log_fights(db_path, range(2))
    sailed = runner.invoke(app, [*base, "world", "sim", "--days", "5", "--log", "--json"])
    assert sailed.exit_code == 0, sailed.output
    world_run = json.loads(sailed.stdout)["run_id"]
    log_fights(db_path, range(2, 4))  # runs after the world run are replayed too
    rebuilt = runner.invoke(app, [*base, "world", "build", "--box", "-10,35,-5,40", "-q"])
    assert rebuilt.exit_code == 0, rebuilt.output
    replayed = runner.invoke(app, [*base, "runs", "replay", "--all", "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.stdout) == {
        "replayed": 8,
        "identical": 8,
        "skipped": 1,
        "skipped_by": {"another world": 1},
        "diverged": [],
    }
    table = runner.invoke(app, [*base, "runs", "replay", "--all"])
    assert table.exit_code == 0, table.output
    assert table.stdout.splitlines() == [
        "8 replayed, 8 identical, 1 skipped",
        f"  1 skipped (another world), the first: run {world_run} was recorded on world "
        f"{_world_hash(db_path, world_run)[:12]}; the database holds world "
        f"{_world_hash(db_path)[:12]}",
    ]
    alone = runner.invoke(app, [*base, "runs", "replay", str(world_run)])
    assert alone.exit_code == 2 and "was recorded on world" in alone.stderr


def _world_hash(db_path: Path, run_id: int | None = None) -> str:
    """A run's world, or (None) the world the database holds."""
    sql = (
        f"SELECT world_hash FROM runs WHERE run_id = {run_id}"
        if run_id is not None
        else "SELECT content_hash FROM world_build ORDER BY build_id DESC LIMIT 1"
    )
    engine = open_database(db_path, notify=lambda _: None)
    with engine.connect() as conn:
        found = str(conn.execute(sa.text(sql)).scalar_one())
    engine.dispose()
    return found


def _logged_rows(db_path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row the log holds of its runs, but when they were written."""
    con = duckdb.connect(str(db_path), read_only=True)
    try:
        return {
            "runs": con.execute(
                "SELECT run_id, mode, seed, options, outcome, score, days, target, ship, bot, "
                "rounds FROM runs ORDER BY run_id"
            ).fetchall(),
            "events": con.execute("SELECT * FROM events ORDER BY run_id, seq").fetchall(),
            "actions": con.execute("SELECT * FROM actions ORDER BY run_id, seq").fetchall(),
            "checkpoints": con.execute("SELECT * FROM checkpoints ORDER BY run_id, seq").fetchall(),
        }
    finally:
        con.close()


def test_a_fight_sent_as_played_is_logged_as_the_one_recorded_as_it_was_played(
    tmp_path: Path,
) -> None:
    """`sim --log` sends each fight as its keeps and the writer replays it: the rows are the
    ones a fight recorded in full (its events made as it was played) gives, to the byte."""
    from privateer.db.log_writer import record_row
    from privateer.db.run_options import fight_options_json

    played, recorded = tmp_path / "played.duckdb", tmp_path / "recorded.duckdb"
    at_head(played), at_head(recorded)
    seeds = range(30)
    fights = (  # a fleet in a brigantine with a pilot; a town with its walls raised, a gunner
        ("treasure_fleet", Outfit("brigantine", crew=("pilot",)), 0, ("balanced", "careful")),
        ("town", Outfit(crew=("master_gunner",)), 3, ("balanced", "runner")),
    )
    with LogWriter(played, batch_runs=15, replays=MODE, notify=lambda _: None) as writer:
        for target, outfit, walls, bots in fights:
            for bot in bots:
                log = fight_logger(writer, bot)
                simulate(BOTS[bot], target, outfit, seeds, log, walls)
    with LogWriter(recorded, batch_runs=15, notify=lambda _: None) as writer:
        for target, outfit, walls, bots in fights:
            for bot in bots:
                options = fight_options_json(target, outfit, bot, walls)
                for seed in seeds:
                    game = FightGame(target, outfit, walls=walls)
                    record = play(game, seed, BOTS[bot].choose, max_actions=500)
                    writer.add(record_row(MODE, record, options, run_mode="sim", bot=bot))
    rows = _logged_rows(played)
    assert len(rows["runs"]) == 120 and len(rows["events"]) > 120 * 10
    assert sum('"walls":3' in str(run[3]) for run in rows["runs"]) == 60
    assert rows == _logged_rows(recorded)


def test_a_replay_that_ends_otherwise_than_the_play_is_refused_and_its_batch_not_kept(
    tmp_path: Path,
) -> None:
    """The writer replays what it is sent; a run whose replay does not end as the play did
    (here: its last keep lost on the way) stops the log, and the batch it was in is dropped
    whole. A writer not made to replay refuses a run sent as played."""
    from privateer.db.log_writer import played_row
    from privateer.db.run_options import fight_options_json
    from privateer.engine.fight.sim import play as play_fight

    path = tmp_path / "log.duckdb"
    at_head(path)
    keeps: list[str] = []
    state = play_fight(BOTS["balanced"], "merchant", Outfit(), 4, keeps=keeps)
    end = str(state.result.value) if state.result else None
    options = fight_options_json("merchant", Outfit(), "balanced", 0)
    refused = pytest.raises(DatabaseError, match=r"replay of seed 4 .* did not end as it was")
    with refused, LogWriter(path, batch_runs=2, replays=MODE, notify=lambda _: None) as writer:
        writer.add(played_row("sim", 4, options, "balanced", keeps, end))
        writer.add(played_row("sim", 4, options, "balanced", keeps[:-1], end))
    assert _logged_rows(path)["runs"] == []
    needs = pytest.raises(ValueError, match="needs a writer that replays")
    with LogWriter(path, notify=lambda _: None) as writer, needs:
        writer.add(played_row("sim", 4, options, "balanced", keeps, end))
