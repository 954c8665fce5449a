"""Saves migrate (the Privateer design document: "Saves migrate"): revision 0005 gives a fight's
save the voyage's terms (save version 2 -> 3), and a downgrade past it writes them back as version 2
and sets voyages in progress aside (older code cannot read them) until the upgrade gives them
back."""

from __future__ import annotations

import json
from pathlib import Path

import sqlalchemy as sa
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.db import migrate, open_database

runner = CliRunner()


def stored(db: Path) -> tuple[int, dict[str, object]]:
    engine = open_database(db, upgrade=False, notify=lambda _: None)
    with engine.connect() as conn:
        version, state = conn.execute(sa.text("SELECT save_version, state FROM saves")).one()
    engine.dispose()
    return version, json.loads(state) if isinstance(state, str) else state


def test_a_version_2_fight_save_is_migrated_then_resumed(db_path: Path) -> None:
    result = runner.invoke(app, ["--db", str(db_path), "fight", "--seed", "5"], input="12\n")
    assert result.exit_code == 0, result.output
    version, state = stored(db_path)
    setup = state["setup"]
    assert version == 3 and setup["walls"] == 0 and setup["outfit"]["struck"] == []  # type: ignore[index]
    engine = open_database(db_path, notify=lambda _: None)
    with engine.begin() as conn:
        migrate.downgrade(conn, "0004")
    engine.dispose()
    version, state = stored(db_path)
    assert version == 2 and "walls" not in state["setup"]  # type: ignore[operator]
    assert "struck" not in state["setup"]["outfit"]  # type: ignore[index]
    resumed = runner.invoke(app, ["--db", str(db_path), "fight", "--resume"], input="12\n" * 40)
    assert resumed.exit_code == 0, resumed.output
    assert "upgraded" in resumed.stderr and "resuming run 1 at round 2" in resumed.stdout
    replay = runner.invoke(app, ["--db", str(db_path), "runs", "replay", "1"])
    assert replay.exit_code == 0 and "identical" in replay.stdout


def test_a_downgrade_past_0005_sets_voyages_in_progress_aside_until_the_upgrade(
    db_path: Path,
) -> None:
    engine = open_database(db_path, notify=lambda _: None)
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO runs (run_id, mode, seed, engine_version, options, started_at) "
                "VALUES (7, 'voyage', 1, 'voyage-1', '{}', now())"
            )
        )
        conn.execute(
            sa.text(
                "INSERT INTO saves (run_id, save_version, state, updated_at) "
                "VALUES (7, 1, '{\"day\": 3}', now())"
            )
        )
        before = conn.execute(sa.text("SELECT * FROM saves")).all()
        assert migrate.downgrade_keeps(conn, "0005", "0004") == [
            "saves of 1 voyages in progress (runs marked abandoned)"
        ]
        assert migrate.downgrade_losses(conn, "0005", "0004") == []
        migrate.downgrade(conn, "0004")
        assert conn.execute(sa.text("SELECT count(*) FROM saves")).scalar_one() == 0
        outcome = conn.execute(sa.text("SELECT outcome FROM runs WHERE run_id = 7")).scalar()
        assert outcome == "abandoned"
        migrate.upgrade(conn, "head")
        assert conn.execute(sa.text("SELECT * FROM saves")).all() == before
        run = conn.execute(sa.text("SELECT outcome, finished_at FROM runs")).one()
    engine.dispose()
    assert tuple(run) == (None, None)
