"""The Tribes commands through the CLI: `tribes run` (its JSON, a logged run that `runs replay`
finds identical), `tribes view` of a logged run at a tick, `tribes chart` to PNG and SVG,
`tribes bench` with tiny numbers, and bad input refused in one line, exit 2, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.db.connection import open_database
from privateer.db.runs import logged_runs

runner = CliRunner()
SMALL = ["--tribes", "2", "--size", "32", "--ticks", "120", "--seed", "5"]


def invoke(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def logged_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding one logged Tribes run (run 1)."""
    path = tmp_path_factory.mktemp("tribes") / "runs.duckdb"
    result = runner.invoke(app, ["--db", str(path), "tribes", "run", *SMALL, "--log", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["run_id"] == 1
    return path


def test_run_json_gives_each_tribe_and_the_metrics_at_intervals() -> None:
    result = invoke("tribes", "run", *SMALL, "--every", "50", "--json")
    out = json.loads(result.stdout)
    assert out["tick"] == 120 and out["result"] == "tick_cap"
    assert out["setup"] == {"tribes": 2, "size": 32, "ticks": 120}
    assert [t["tribe"] for t in out["tribes"]] == [0, 1]
    assert all(t["population"] > 0 and t["settlements"] == 1 for t in out["tribes"])
    assert [m["tick"] for m in out["metrics"]] == [50, 100, 120]  # every 50, and the end
    assert out["checkpoints"][0][0] == 0 and len(out["checkpoints"]) == 3
    assert out["run_id"] is None
    again = json.loads(invoke("tribes", "run", *SMALL, "--json").stdout)
    assert again["state_hash"] == out["state_hash"]


def test_run_prints_a_table_by_tribe() -> None:
    text = invoke("tribes", "run", *SMALL).stdout
    assert "Aurochs" in text and "Boar" in text and "result: tick_cap" in text


def test_a_logged_run_replays_identical(logged_db: Path) -> None:
    result = invoke("--db", str(logged_db), "runs", "replay", "1")
    assert "run 1: identical" in result.stdout


def test_view_shows_a_tribe_at_a_tick(logged_db: Path) -> None:
    result = invoke("--db", str(logged_db), "tribes", "view", "1", "--tribe", "1", "--tick", "55")
    assert "tick 55" in result.stdout and "Boar" in result.stdout
    seen = json.loads(
        invoke("--db", str(logged_db), "tribes", "view", "1", "--tribe", "0", "--json").stdout
    )
    assert json.dumps(seen)


def test_chart_writes_a_png_and_an_svg(logged_db: Path, tmp_path: Path) -> None:
    png, svg = tmp_path / "map.png", tmp_path / "map.svg"
    invoke("--db", str(logged_db), "tribes", "chart", str(png), "--run", "1", "--tick", "40")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    invoke("tribes", "chart", str(svg), "--seed", "2", "--size", "32", "--tribes", "3")
    text = svg.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "Aurochs" in text and "Crane" in text


def test_bench_with_tiny_numbers() -> None:
    out = json.loads(
        invoke("tribes", "bench", "--tribes", "2", "--ticks", "30", "--size", "32", "--json").stdout
    )
    assert out["ticks_run"] == 30 and out["wall_seconds"] > 0
    assert {"take_orders", "extract", "consume", "close_tick"} <= set(out["phases"])
    assert sum(out["phases"].values()) <= out["wall_seconds"] + 1e-3


@pytest.mark.parametrize(
    "args",
    [
        ["tribes", "run", "--tribes", "9"],
        ["tribes", "run", "--size", "31"],
        ["tribes", "run", "--policy", "no_such_policy", "--ticks", "10"],
        ["tribes", "view", "1"],  # no database
        ["tribes", "chart", "out.gif"],
        ["tribes", "chart", "out.png", "--tick", "5"],  # --tick without --run
        ["tribes", "bench", "--ticks", "0"],
        ["tribes", "run", "--every", "25"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], tmp_path: Path) -> None:
    db = tmp_path / "none.duckdb"
    result = runner.invoke(app, ["--db", str(db), *args])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert not db.exists() and not (tmp_path / "out.png").exists()


def test_a_scripted_policy_file_plays_its_orders(tmp_path: Path) -> None:
    """The file's tick-0 orders are queued as tribe 0's actions (tribe 1 plays grower)."""
    script = tmp_path / "script.json"
    orders = {"0": ["research brewing", "build 0 house 2"]}
    script.write_text(json.dumps({"policy": "scripted", "orders": orders}), encoding="utf-8")
    db = tmp_path / "runs.duckdb"
    result = invoke(
        "--db", str(db), "tribes", "run", *SMALL, "--policy", str(script),
        "--policy", "grower", "--log", "--json",
    )  # fmt: skip
    out = json.loads(result.stdout)
    engine = open_database(db, notify=lambda _: None)
    with engine.connect() as conn:
        (run,) = logged_runs(conn, [out["run_id"]])
    engine.dispose()
    assert run.actions[:2] == ["0:research brewing", "0:build 0 house 2"]
    assert run.options["policies"] == ["script.json", "grower"]


@pytest.mark.parametrize("content", ["{not json", '{"policy": "scripted", "orders": {"5": ["x"]}}'])
def test_a_bad_scripted_policy_is_one_line_and_exit_2(tmp_path: Path, content: str) -> None:
    script = tmp_path / "bad.json"
    script.write_text(content, encoding="utf-8")
    db = tmp_path / "runs.duckdb"
    result = runner.invoke(
        app, ["--db", str(db), "tribes", "run", *SMALL, "--policy", str(script), "--log"]
    )
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: --policy") and len(result.stderr.splitlines()) == 1
    assert not db.exists()


def test_a_bad_tick_or_tribe_for_a_logged_run_is_refused(logged_db: Path) -> None:
    for args in (["--tick", "500"], ["--tribe", "5"]):
        result = runner.invoke(app, ["--db", str(logged_db), "tribes", "view", "1", *args])
        assert result.exit_code == 2 and result.stderr.startswith("error: "), result.output


# --- one numbering of tribes, and a key to every grid (issue 35, finding 8) ----------------

SEED_TERRAIN = dict(
    zip(".fhmwrstavOG?", ["plains", "forest", "hills", "mountain", "ocean", "river", "swamp",
                          "steppe", "arctic", "volcano", "ore vein", "gold vein", "unexplored"],
        strict=True)
)  # fmt: skip
"""The seed's terrain characters as its text names them, and the fog's `?`."""


def test_every_command_numbers_a_tribe_as_the_orders_do() -> None:
    """`tribes map` draws and lists each founding site as the tribe's id, the number
    `tribes run` prints, `tribes view --tribe` takes and an order `T:ORDER` is queued for."""
    from privateer.engine.tribes.game import TribesAction
    from privateer.engine.tribes.setup import new_world

    mapped = json.loads(invoke("tribes", "map", "--seed", "5", "--size", "32",
                               "--tribes", "2", "--json").stdout)  # fmt: skip
    ran = json.loads(invoke("tribes", "run", *SMALL, "--json").stdout)
    assert [s["tribe"] for s in mapped["spawns"]] == [t["tribe"] for t in ran["tribes"]] == [0, 1]
    assert [s["name"] for s in mapped["spawns"]] == [t["name"] for t in ran["tribes"]]
    world = new_world(5, 2, 32, 1)
    home = {s.tribe: (s.x, s.y) for s in world.settlements}
    assert {s["tribe"]: (s["x"], s["y"]) for s in mapped["spawns"]} == home
    assert TribesAction.from_str("1:research milling").tribe == 1 == world.tribes[1].id
    text = invoke("tribes", "map", "--seed", "5", "--size", "32", "--tribes", "2").stdout
    grid = text.splitlines()[1:33]
    assert [grid[y][x] for _, (x, y) in sorted(home.items())] == ["0", "1"]
    assert "(sites as 0-1)" in text and "0 Aurochs" in text and "1 Boar" in text


def test_view_prints_a_key_to_its_grid_and_its_settlements_as_their_tribe(
    logged_db: Path,
) -> None:
    out = invoke("--db", str(logged_db), "tribes", "view", "1", "--tribe", "1").stdout
    lines = out.splitlines()
    seen = json.loads(
        invoke("--db", str(logged_db), "tribes", "view", "1", "--tribe", "1", "--json").stdout
    )
    first = lines.index(next(line for line in lines if line.startswith("explored: "))) + 1
    grid = [line[2:] for line in lines[first : first + seen["size"]]]
    for s in seen["settlements"]:
        assert grid[s["y"]][s["x"]] == "1"
    start = first + seen["size"]
    assert lines[start].startswith("key: ")
    key = " ".join(lines[start : start + 3])
    for c in set("".join(grid)) - {"1"}:
        assert f"{c} {SEED_TERRAIN[c]}" in key
    assert "1: a settlement of that tribe" in key
