"""A list of runs shows a figure only where the run's mode has one, in that mode's words: a
fight's payout in gold and its rounds (no days), a voyage's gold and days, who won a duel or a
tabletop game (never "gold -1"). Each mode declares its figures in the registry; the plain copy
`runs list` reads without importing the modes is kept equal to it here."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.web.app import create_app
from privateer.engine.figures import LOGGED, RunFigures
from privateer.engine.modes import MODES

runner = CliRunner()


def test_the_plain_copy_is_the_registrys_declarations() -> None:
    declared = {run_mode: mode.figures for mode in MODES for run_mode in mode.run_modes}
    assert dict(LOGGED) == declared, "engine/figures.py's LOGGED must copy each Mode's figures"
    assert all(f != RunFigures() for f in declared.values())  # every mode says what it keeps


def _tabletop_lost(path: Path) -> None:
    """A tabletop game played to its end and lost, its row as the session writes it."""
    from privateer.db.run_store import RunStore
    from privateer.db.runlog import RunBuffer, finish_run_statement

    def rows(run_id: int) -> tuple[RunBuffer, list[tuple[str, list[object]]]]:
        buffer = RunBuffer()
        options = {"players": ["spain", "england"], "bots": {"spain": "raider"}}
        buffer.add_run(
            run_id,
            "tabletop",
            7,
            options,
            engine_version="tabletop-1",
            rounds=9,
            target="england",
            bot="spain=raider",
            finished=False,
        )
        return buffer, [finish_run_statement(run_id, "gold", -1, 9)]

    RunStore(path).start(rows)


@pytest.fixture(scope="module")
def runs_of_every_kind(channel_world_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small world's logged voyage, a fight, a duel and a tabletop game lost."""
    path = tmp_path_factory.mktemp("figures") / "runs.duckdb"
    shutil.copy(channel_world_db, path)
    base = ["--db", str(path)]
    fought = runner.invoke(app, [*base, "sim", "--log", "--fights", "1"])
    assert fought.exit_code == 0, fought.output
    dueled = runner.invoke(
        app, [*base, "duel", "--seed", "1", "--captain", "bold"], input="e\n" * 200
    )
    assert dueled.exit_code == 0, dueled.output
    _tabletop_lost(path)
    return path


def _by_mode(rows: list[dict[str, object]]) -> dict[str, dict[str, object]]:
    return {str(r["mode"]): r for r in rows}


def test_runs_list_says_each_figure_as_its_mode_means_it(runs_of_every_kind: Path) -> None:
    base = ["--db", str(runs_of_every_kind)]
    listed = _by_mode(json.loads(runner.invoke(app, [*base, "runs", "list", "--json"]).stdout))
    fight, voyage, duel, tabletop = (listed[m] for m in ("sim", "voyage", "duel", "tabletop"))
    assert fight["days"] is None and isinstance(fight["rounds"], int) and fight["rounds"] > 0
    assert voyage["days"] == 30 and voyage["rounds"] is None and isinstance(voyage["score"], int)
    assert duel["score"] in (-1, 0, 1) and duel["days"] is None
    assert tabletop["score"] == -1 and tabletop["rounds"] == 9
    table = runner.invoke(app, [*base, "runs", "list"]).stdout
    lines = {line.split()[1]: line for line in table.splitlines()[2:]}
    assert lines["tabletop"].rstrip().endswith("lost      9 turns")
    assert f"{fight['score']} gold" in lines["sim"] and f"{fight['rounds']} rounds" in lines["sim"]
    assert f"{voyage['score']} gold" in lines["voyage"] and "30 days" in lines["voyage"]
    said = {1: "Red won", 0: "nobody won", -1: "Red lost"}[int(str(duel["score"]))]
    assert said in lines["duel"] and "-1" not in lines["duel"] and " 0 days" not in table
    assert table.splitlines()[0].split()[-2:] == ["score", "length"]


def test_the_runs_page_says_the_same(runs_of_every_kind: Path, tmp_path: Path) -> None:
    with TestClient(
        create_app(runs_of_every_kind, cache_dir=tmp_path), base_url="http://localhost"
    ) as client:
        client.app.state.chart_drawing.join()  # type: ignore[attr-defined]
        page = client.get("/runs").text
        listed = _by_mode(client.get("/api/runs").json()["runs"])
    assert "<th>score</th>" in page and '<th class="num">gold</th>' not in page
    assert "<td>lost</td>" in page and "9 turns" in page
    assert listed["sim"]["days"] is None and listed["sim"]["length_words"].endswith(" rounds")
    assert listed["duel"]["score_words"] in ("Red won", "nobody won", "Red lost")
    assert listed["voyage"]["score_words"] == f"{listed['voyage']['score']} gold"
    assert listed["voyage"]["length_words"] == "30 days"
