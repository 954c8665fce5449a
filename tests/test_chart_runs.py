"""Pictures of logged runs (`privateer chart --run`, `--where`): a voyage's track has a vertex
where she began and one for each day she sailed, each thing that befell her is marked where
it happened, where captains fought is ringed node by node, and bad requests are one line."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import sqlalchemy as sa
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.db import open_database
from privateer.pipeline.chart.runs import voyage_picture

runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"
VERTEX = re.compile(r"[ML] [-0-9.e]+ [-0-9.e]+")


def test_a_voyages_picture_marks_what_befell_her_where_it_happened() -> None:
    run = {"run_id": 7, "seed": 6, "outcome": "sunk", "options": {"rules": "classic"}}
    events = [
        (0, "voyage_start", {"node": 10}),
        (1, "sailed", {"node": 11}),
        (2, "sailed", {"node": 12}),
        (2, "arrived", {"node": 12}),
        (4, "sailed", {"node": 13}),
        (5, "storm", {"hull_lost": 2}),  # no node: where she was that day
        (6, "fight_over", {"target": "merchant", "outcome": "destroyed", "node": 13}),
        (7, "fight_over", {"target": "town", "outcome": "destroyed", "node": 13}),
        (8, "fight_over", {"target": "fortified_port", "outcome": "sunk", "node": 14}),
        (8, "sunk", {"by": "fortified_port", "node": 14}),
    ]
    picture = voyage_picture(run, events, {10: "Plymouth", 12: "Brest"})
    assert picture.start == 10 and picture.track == (11, 12, 13)
    kinds = [(m.kind, m.node) for m in picture.marks]
    assert kinds == [
        ("start", 10), ("port", 12), ("storm", 13), ("taken", 13), ("sacked", 13),
        ("repulsed", 14), ("sunk", 14),
    ]  # fmt: skip
    assert "Brest" in [m.label for m in picture.marks] and "sunk" in picture.title
    with pytest.raises(ValueError, match="no voyage_start"):
        voyage_picture(run, events[1:], {})


@pytest.fixture(scope="module")
def logged(full_world_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The full world and three logged captain-bot voyages of 150 days."""
    import shutil

    path = tmp_path_factory.mktemp("chart-runs") / "world.duckdb"
    shutil.copyfile(full_world_db, path)
    result = runner.invoke(
        app, ["--db", str(path), "voyage", "--runs", "3", "--days", "150", "--workers", "1",
              "--log", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return path


def _count(db: Path, sql: str) -> int:
    engine = open_database(db, notify=lambda _: None)
    with engine.connect() as conn:
        found = int(conn.execute(sa.text(sql)).scalar_one())
    engine.dispose()
    return found


def _group(svg: Path, gid: str) -> ET.Element:
    found = ET.parse(svg).getroot().find(f".//{SVG}g[@id='{gid}']")
    assert found is not None, f"no group {gid!r}"
    return found


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
def test_chart_run_draws_a_vertex_for_every_day_sailed_and_every_fight(
    logged: Path, tmp_path: Path
) -> None:
    out = tmp_path / "run.svg"
    result = runner.invoke(app, ["--db", str(logged), "chart", str(out), "--run", "1"])
    assert result.exit_code == 0, result.output
    sailed = _count(logged, "SELECT count(*) FROM events WHERE run_id = 1 AND kind = 'sailed'")
    path = _group(out, "tracks").find(f"{SVG}path")
    assert path is not None
    assert len(VERTEX.findall(path.get("d", ""))) == sailed + 1  # where she began, then a day each
    fights = _count(logged, "SELECT count(*) FROM events WHERE run_id = 1 AND kind = 'fight_over'")
    marked = sum(
        len(_group(out, f"marks-{kind}").findall(f".//{SVG}use"))
        for kind in ("taken", "escaped", "lost", "sacked", "repulsed")
        if f"marks_{kind}" in result.output
    )
    assert marked == fights
    assert len(_group(out, "marks-start").findall(f".//{SVG}use")) == 1
    assert _group(out, "key") is not None and "Run 1" in out.read_text()
    region = _count(logged, "SELECT count(*) FROM events WHERE run_id = 1 AND kind = 'letter'")
    assert region >= 1  # the full rules send her out under a letter, its water drawn dashed
    assert 'id="letter-region:' in out.read_text()


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
def test_chart_where_rings_every_place_captains_fought(logged: Path, tmp_path: Path) -> None:
    out = tmp_path / "fights.svg"
    result = runner.invoke(
        app, ["--db", str(logged), "chart", str(out), "--where", "fights", "--box=-30,20,40,65"]
    )
    assert result.exit_code == 0, result.output
    places = _count(
        logged,
        "SELECT count(DISTINCT payload->>'$.node') FROM events WHERE kind = 'fight_over' "
        "AND (payload->>'$.target') NOT IN ('town', 'fortified_port')",
    )
    assert places > 0
    assert len(_group(out, "where").findall(f"{SVG}path")) == places  # a ring a place


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--run", "99"], "no run 99"),
        (["--run", "1", "--where", "sunk"], "choose one"),
        (["--where", "storms"], "--where 'storms'"),
        (["--where", "fights", "--mode", "fight"], "only voyages"),
        (["--day", "5"], "give its --run too"),
        (["--run", "1", "--day", "9999"], "day 9999: run 1 ended on day"),
    ],
)
def test_bad_pictures_are_one_line(
    logged: Path, tmp_path: Path, args: list[str], says: str
) -> None:
    out = tmp_path / "bad.svg"
    result = runner.invoke(app, ["--db", str(logged), "chart", str(out), *args])
    assert result.exit_code == 2 and says in result.output
    assert len(result.output.strip().splitlines()) == 1 and not out.exists()


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
def test_a_fight_run_is_not_a_voyage_and_an_unwritable_chart_is_refused(
    full_world_db: Path, tmp_path: Path
) -> None:
    import shutil

    db = tmp_path / "fights.duckdb"
    shutil.copyfile(full_world_db, db)
    logged = runner.invoke(app, ["--db", str(db), "sim", "--fights", "2", "--log", "--json"])
    assert logged.exit_code == 0, logged.output
    result = runner.invoke(app, ["--db", str(db), "chart", str(tmp_path / "x.svg"), "--run", "1"])
    assert result.exit_code == 2 and "only a voyage sails the chart" in result.output
    nowhere = runner.invoke(app, ["--db", str(db), "chart", str(tmp_path), "--run", "1"])
    assert nowhere.exit_code == 2 and len(nowhere.output.strip().splitlines()) == 1


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
def test_chart_run_on_a_day_shows_what_she_had_seen_and_her_track_so_far(
    logged: Path, tmp_path: Path
) -> None:
    out = tmp_path / "day.svg"
    result = runner.invoke(
        app, ["--db", str(logged), "chart", str(out), "--run", "1", "--day", "40"]
    )
    assert result.exit_code == 0, result.output
    sailed = _count(
        logged, "SELECT count(*) FROM events WHERE run_id = 1 AND kind = 'sailed' AND day <= 40"
    )
    path = _group(out, "tracks").find(f"{SVG}path")
    assert path is not None and len(VERTEX.findall(path.get("d", ""))) == sailed + 1
    waters = _count(
        logged,
        "SELECT count(DISTINCT json_extract(payload, '$.node')) FROM events"
        " WHERE run_id = 1 AND kind = 'sailed' AND day <= 40",
    )
    # her chart so far: at least every water she sailed through
    assert len(_group(out, "seen").findall(f".//{SVG}use")) >= waters > 0
    assert len(_group(out, "ships").findall(f".//{SVG}path")) >= 1  # her own ship at least
    assert "day 40" in out.read_text()


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
def test_drakes_route_is_on_every_chart_unless_left_off(logged: Path, tmp_path: Path) -> None:
    """The Privateer design document: "Drake's route is traced through the graph on every
    chart"; `--no-drake` leaves it off."""
    box = ["--box=-12,35,0,52", "--style", "plain"]
    drawn, bare = tmp_path / "drake.svg", tmp_path / "bare.svg"
    result = runner.invoke(app, ["--db", str(logged), "chart", str(drawn), *box])
    assert result.exit_code == 0, result.output
    assert " drake" in result.output and _group(drawn, "drake") is not None
    left_off = runner.invoke(app, ["--db", str(logged), "chart", str(bare), *box, "--no-drake"])
    assert left_off.exit_code == 0, left_off.output
    assert " drake" not in left_off.output
    assert ET.parse(bare).getroot().find(f".//{SVG}*[@id='drake']") is None
