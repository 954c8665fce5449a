"""A study's logged voyages are viewed by day like any other: their rules are named for the
study's dials (`full[storm_days=60]`, `seed-000[treasury=20]`), and read back from those names
(engine/variants.py), each value held to its bound, so `chart --run --day` and the web's
`/api/runs/RUN/days/D` replay them. (Both failed on every day: `no voyage rules
'full[storm_days=60]'`, a traceback and a 500.)"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.web.app import create_app
from privateer.engine.dials import turned
from privateer.engine.voyage.rules import RULESETS, find_voyage_rules
from privateer.engine.world.rules import SEED_000, find_world_rules

runner = CliRunner()


@pytest.fixture(scope="module")
def swept(channel_world_db: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """The Channel's small world with a study's voyage logged: a voyage's dial and a world's."""
    path = tmp_path_factory.mktemp("swept") / "world.duckdb"
    shutil.copyfile(channel_world_db, path)
    result = runner.invoke(
        app, ["--db", str(path), "sweep", "run", "storm_days=60", "treasury=20", "--runs", "1",
              "--days", "30", "--log", "--workers", "1", "-q"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    with duckdb.connect(str(path), read_only=True) as con:
        found = con.execute("SELECT run_id FROM runs WHERE options->>'$.sweep' IS NOT NULL")
        ((run_id,),) = found.fetchall()
    return path, int(run_id)


def test_a_studys_rules_are_read_back_from_their_names() -> None:
    rules, wrules = turned(
        RULESETS["full"], SEED_000, {"storm_days": 60, "ship_gold.frigate": 90, "treasury": 20}
    )
    assert rules.name == "full[storm_days=60,ship_gold.frigate=90]"
    assert find_voyage_rules(rules.name) == rules and find_world_rules(wrules.name) == wrules
    assert find_voyage_rules(rules.name).ship_gold["galleon"] == 160
    for name, says in (
        ("full[storm_days=-1]", "storm_days -1 is outside 1..1000000"),
        ("full[storm_days=60", "a variant is NAME[RULE=VALUE,...]"),
        ("full[treasury=20]", "VoyageRules has no rule 'treasury'"),
        ("full[ship_gold.yacht=5]", "VoyageRules has no rule 'ship_gold.yacht'"),
        ("modern[storm_days=60]", "no voyage rules 'modern[storm_days=60]'"),
        ("full[morale_start=12]", "morale_start 12 is outside 0..10"),
    ):
        with pytest.raises(ValueError, match=re.escape(says)):
            find_voyage_rules(name)
    with pytest.raises(ValueError, match=re.escape("no world rules named 'seed-001[treasury")):
        find_world_rules("seed-001[treasury=20]")
    with pytest.raises(ValueError, match=re.escape("treasury 20000 is outside 0..10000")):
        find_world_rules("seed-000[treasury=20000]")


def test_chart_run_on_a_day_of_a_studys_voyage(swept: tuple[Path, int], tmp_path: Path) -> None:
    db, run_id = swept
    out = tmp_path / "day.svg"
    result = runner.invoke(
        app, ["--db", str(db), "chart", str(out), "--run", str(run_id), "--day", "5"]
    )
    assert result.exit_code == 0, result.output
    assert out.exists() and f"Run {run_id} · day 5" in out.read_text()


@pytest.fixture(scope="module")
def client(
    swept: tuple[Path, int], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[TestClient]:
    cache = tmp_path_factory.mktemp("web-cache")
    made = create_app(swept[0], cache_dir=cache, draw_at_start=False)
    with TestClient(made, base_url="http://localhost") as found:
        yield found


def test_every_day_of_a_studys_voyage_answers_on_the_web(
    client: TestClient, swept: tuple[Path, int]
) -> None:
    _, run_id = swept
    voyage = client.get(f"/api/runs/{run_id}")
    assert voyage.status_code == 200, voyage.text
    last = voyage.json()["voyage"]["last_day"]
    assert last >= 5
    for day in range(last + 1):
        found = client.get(f"/api/runs/{run_id}/days/{day}")
        assert found.status_code == 200, (day, found.text)
        assert found.json()["day"] == day and {"node", "in_sight", "rumors"} <= set(found.json())


def test_a_run_whose_logged_changes_are_past_their_bounds_is_refused_in_one_line(
    swept: tuple[Path, int], tmp_path: Path
) -> None:
    """A study's run whose options were changed by hand past a bound (storm_days -1) is not
    replayed, drawn or served by day: one line, the bound named (never a traceback or a 500)."""
    db, run_id = swept
    tampered = tmp_path / "tampered.duckdb"
    shutil.copyfile(db, tampered)
    with duckdb.connect(str(tampered)) as con:
        con.execute(
            'UPDATE runs SET options = json_merge_patch(options, \'{"changes": '
            '{"storm_days": -1}}\') WHERE run_id = ?',
            [run_id],
        )
    says = "storm_days -1 is outside 1..1000000"
    replayed = runner.invoke(app, ["--db", str(tampered), "runs", "replay", str(run_id)])
    assert replayed.exit_code == 2 and replayed.stderr == f"error: run {run_id}: {says}\n"
    every = runner.invoke(app, ["--db", str(tampered), "runs", "replay", "--all"])
    assert (
        every.exit_code == 0 and "1 skipped (options no rules of this engine play)" in every.stdout
    )
    drawn = runner.invoke(
        app, ["--db", str(tampered), "chart", str(tmp_path / "x.svg"), "--run", str(run_id),
              "--day", "5"],
    )  # fmt: skip
    assert drawn.exit_code == 2 and says in drawn.stderr and drawn.stderr.count("\n") == 1
    made = create_app(tampered, cache_dir=tmp_path / "cache", draw_at_start=False)
    with TestClient(made, base_url="http://localhost") as client:
        page = client.get(f"/api/runs/{run_id}")
        assert page.status_code == 200 and page.json()["voyage"] is None
        assert says in page.json()["run"]["not_replayed"]
        day = client.get(f"/api/runs/{run_id}/days/5")
        assert day.status_code == 404 and says in day.json()["error"]
