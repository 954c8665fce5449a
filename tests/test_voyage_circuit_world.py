"""Drake's circuit on the real world: the captain bot's first six runs of the drake rules,
pinned (the README's figures play 200; a change that moves how the bot sails the circuit shows
here first), and the chart of a logged drake run, which draws his route under her track with
the places she touched marked."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.voyage.batch import Batch, play_batch
from privateer.db import open_database
from privateer.engine.voyage.rules import DRAKE
from privateer.engine.voyage.sim import summarise
from privateer.engine.world.rules import find_world_rules
from privateer.engine.world.world import World

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world-b")]

FIRST_SIX = [
    # seed, outcome, day, gold, places touched (of 25), in the century's world (its armadas
    # attack on sight: Spain's home armada sinks two off Iberia and the Spanish Main)
    (0, "won", 592, 168, 25),
    (1, "sunk", 19, 26, 1),
    (2, "won", 645, 159, 25),
    # 180 before voyage-10 (the corsairs out on her home stretch); 701 and 198 before voyage-12
    (3, "won", 648, 150, 25),  # (the captain lay for good off a port it meant to enter)
    (4, "sunk", 341, 44, 14),
    (5, "won", 618, 184, 25),
]


def test_the_first_six_drake_voyages(loaded_full_world: World) -> None:
    world = loaded_full_world
    wrules = find_world_rules(DRAKE.world_rules)
    played = play_batch(world, Batch(tuple(range(6)), DRAKE, wrules, DRAKE.days, False))
    results = [result for result, _ in played]
    got = [(r.seed, r.outcome, r.day, r.gold, r.circuit[0] if r.circuit else -1) for r in results]
    assert got == FIRST_SIX
    summary = summarise(results)
    assert summary["circuit_made"] == 4
    assert summary["circuit_touched"] == {"1": 1, "14": 1, "25": 4}


def test_the_chart_of_a_drake_run_draws_his_route_and_the_places_touched(
    world_db_copy: Path, tmp_path: Path
) -> None:
    runner = CliRunner()
    db = ["--db", str(world_db_copy)]
    played = runner.invoke(
        app, [*db, "voyage", "--rules", "drake", "--runs", "1", "--seed", "0", "--workers", "1",
              "--log", "--json"],
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    engine = open_database(world_db_copy, notify=lambda _: None)
    with engine.connect() as conn:
        run_id, touched = conn.exec_driver_sql(
            "SELECT run_id, count(*) FILTER (WHERE kind = 'touched') FROM events GROUP BY run_id"
        ).one()
    engine.dispose()
    assert touched == 25
    out = tmp_path / "drake.svg"
    drawn = runner.invoke(app, [*db, "chart", str(out), "--run", str(run_id)])
    assert drawn.exit_code == 0, drawn.output
    assert f"{touched} marks_drake" in drawn.output and "25 drake" in drawn.output
    svg = out.read_text()
    assert 'id="drake"' in svg and 'id="marks-drake"' in svg and 'id="tracks"' in svg
