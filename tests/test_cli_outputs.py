"""Where commands write files: an output that cannot be written is refused in one line before
any work, the export's format follows the file's extension, and every layer reads back."""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import geopandas as gpd
import pyogrio
import pytest
import typer.main
from typer.testing import CliRunner

from privateer.cli.app import app

runner = CliRunner()
pytestmark = pytest.mark.xdist_group("cli-outputs")  # one worker: its worlds made once a run
BOX = "-10,35,5,45"


@pytest.fixture(scope="module")
def world_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("outputs") / "world.duckdb"
    result = runner.invoke(app, ["--db", str(path), "world", "build", "--box", BOX, "-q"])
    assert result.exit_code == 0, result.output
    return path


def _unwritable(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    directory = tmp_path / "a-directory.png"
    directory.mkdir()
    too_long = tmp_path / ("x" * 300 + ".png")  # File name too long
    paths = [directory, Path("/proc/x.png"), tmp_path / "missing" / "x.png", too_long]
    if os.geteuid() != 0:  # root writes through a read-only mode bit
        paths.append(folder / "x.png")
    return paths


def test_a_chart_that_cannot_be_written_is_refused_before_drawing(
    world_db: Path, tmp_path: Path
) -> None:
    for out in _unwritable(tmp_path):
        started = time.perf_counter()
        result = runner.invoke(app, ["--db", str(world_db), "chart", str(out)])
        assert result.exit_code == 2, (out, result.output)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert "cannot write" in result.stderr or "directory" in result.stderr
        assert time.perf_counter() - started < 5.0  # refused, not drawn first
    wrong = runner.invoke(app, ["--db", str(world_db), "chart", str(tmp_path / "x.jpg")])
    assert wrong.exit_code == 2 and ".svg or .png" in wrong.stderr


def test_an_export_that_cannot_be_written_is_refused(world_db: Path, tmp_path: Path) -> None:
    for out in _unwritable(tmp_path):
        target = out if out.name == "a-directory.png" else out.with_suffix(".geojson")
        result = runner.invoke(
            app, ["--db", str(world_db), "world", "export", str(target), "--format", "geojson"]
        )
        assert result.exit_code == 2, (target, result.output)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_the_export_format_follows_the_extension(world_db: Path, tmp_path: Path) -> None:
    info = json.loads(runner.invoke(app, ["--db", str(world_db), "world", "info", "--json"]).stdout)
    nodes = sum(info["nodes_by_kind"].values())
    base = ["--db", str(world_db), "world", "export"]
    # GeoParquet from .parquet, with no --format.
    result = runner.invoke(app, [*base, str(tmp_path / "w.parquet"), "--layers", "nodes,steps"])
    assert result.exit_code == 0, result.output
    frame = gpd.read_parquet(tmp_path / "w.parquet")
    assert frame.layer.value_counts().to_dict() == {"steps": info["steps"], "nodes": nodes}
    # GeoJSON from .geojson and .json; no feature id is repeated.
    for name in ("w.geojson", "w.json"):
        result = runner.invoke(app, [*base, str(tmp_path / name), "--layers", "nodes,legs"])
        assert result.exit_code == 0, result.output
        assert json.loads((tmp_path / name).read_text())["type"] == "FeatureCollection"
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # pyogrio warns "Several features with id = 0"
            frame = gpd.read_file(tmp_path / name)
        assert set(frame.layer) == {"nodes", "legs"} and frame.crs.to_epsg() == 4326
    # A GeoPackage holds one layer per table.
    result = runner.invoke(app, [*base, str(tmp_path / "w.gpkg"), "--layers", "nodes,legs,steps"])
    assert result.exit_code == 0, result.output
    layers = {name for name, _ in pyogrio.list_layers(tmp_path / "w.gpkg")}
    assert layers == {"nodes", "legs", "steps"}
    assert len(gpd.read_file(tmp_path / "w.gpkg", layer="steps")) == info["steps"]
    # --format overrides the extension.
    result = runner.invoke(app, [*base, str(tmp_path / "w.data"), "--format", "geoparquet"])
    assert result.exit_code == 0 and len(gpd.read_parquet(tmp_path / "w.data")) > 0


WORLD_LAYERS = ("nodes", "legs", "steps", "ports", "waters", "seas", "features", "currents",
                "winds", "drake")  # fmt: skip
INTEGERS = ("node_id", "leg_id", "step_id", "port_id", "fort_port_id", "sea_id", "seq", "a",
            "b", "days", "season", "nodes")  # fmt: skip


def test_every_world_table_exports_in_every_format_with_integer_ids(
    world_db: Path, tmp_path: Path
) -> None:
    import duckdb
    import pyarrow.parquet as pq

    with duckdb.connect(str(world_db), read_only=True) as con:
        rows = {t: len(con.execute(f"SELECT 1 FROM {t}").fetchall()) for t in WORLD_LAYERS}
    base = ["--db", str(world_db), "world", "export"]
    for name in ("w.gpkg", "w.geojson", "w.parquet"):  # every layer by default
        result = runner.invoke(app, [*base, str(tmp_path / name)])
        assert result.exit_code == 0, result.output
        assert f"wrote {sum(rows.values())} features" in result.stderr
    for layer in WORLD_LAYERS:  # a GeoPackage: a layer a table, its ids integers
        frame = gpd.read_file(tmp_path / "w.gpkg", layer=layer)
        assert len(frame) == rows[layer] and frame.crs.to_epsg() == 4326, layer
        ids = [c for c in frame.columns if c in INTEGERS]
        assert ids and all(frame[c].dtype.kind == "i" for c in ids), (layer, frame.dtypes)
    text = (tmp_path / "w.geojson").read_text()
    assert '"node_id":0.0' not in text.replace(" ", "") and '"node_id":0,' in text.replace(" ", "")
    features = json.loads(text)["features"]
    by_layer: dict[str, int] = {}
    for feature in features:  # each with its own layer's properties, ids whole numbers
        props = feature["properties"]
        by_layer[props["layer"]] = by_layer.get(props["layer"], 0) + 1
        ids = {k: v for k, v in props.items() if k in INTEGERS}
        assert ids and all(type(v) is int for v in ids.values()), props
        assert None not in props.values() or props["layer"] == "drake", props
    assert by_layer == {layer: rows[layer] for layer in WORLD_LAYERS if rows[layer]}
    table = pq.read_table(tmp_path / "w.parquet")  # GeoParquet: nullable integer columns
    assert b"geo" in (table.schema.metadata or {})
    for column in INTEGERS:
        assert str(table.schema.field(column).type) == "int64", column
    counts = gpd.read_parquet(tmp_path / "w.parquet").layer.value_counts().to_dict()
    assert counts == {layer: rows[layer] for layer in WORLD_LAYERS if rows[layer]}
    picked = runner.invoke(app, [*base, str(tmp_path / "p.geojson"), "--layers", "ports, seas"])
    assert picked.exit_code == 0, picked.output
    layers = {
        f["properties"]["layer"]
        for f in json.loads((tmp_path / "p.geojson").read_text())["features"]
    }
    assert layers == {"ports", "seas"}


def test_an_extension_the_export_cannot_write_is_refused(world_db: Path, tmp_path: Path) -> None:
    base = ["--db", str(world_db), "world", "export"]
    for args, message in (
        ([str(tmp_path / "x.shp")], "cannot tell the format from .shp"),
        ([str(tmp_path / "x.kml"), "--format", "kml"], "unknown format"),
        ([str(tmp_path / "x.geojson"), "--layers", "ports,rivers"], "unknown layer 'rivers'"),
    ):
        result = runner.invoke(app, [*base, *args])
        assert result.exit_code == 2 and message in result.stderr, result.output
        assert not (tmp_path / "x.shp").exists()


def test_a_failure_at_the_write_itself_is_one_line(
    world_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import privateer.pipeline.chart as chart

    def disk_full(*args: object, **kwargs: object) -> dict[str, int]:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(chart, "draw_chart", disk_full)
    result = runner.invoke(app, ["--db", str(world_db), "chart", str(tmp_path / "x.svg")])
    assert result.exit_code == 2
    assert (
        result.stderr.strip()
        == f"error: cannot write {tmp_path / 'x.svg'}: No space left on device"
    )


# --- one rule for every output (cli/outputs.py) ----------------------------------------------
# Every command that writes a file: a file there is refused unless --force, and then replaced
# whole; a symbolic link is never written through; the file is written beside OUT and moved in
# when done, so a write that fails or is interrupted leaves no half file and no scratch.


@dataclass(frozen=True)
class Writer:
    """A command that writes a file, as a test drives it."""

    name: str
    args: Callable[[Path, Path], list[str]]  # (database, OUT) -> the command line
    suffix: str
    module: str  # where the command finds the function that writes (to stand in for it)
    function: str


def _study(db: Path) -> list[str]:
    return ["--db", str(db), "sweep", "treasury=10,40", "--runs", "2", "--days", "30",
            "--workers", "1", "-q"]  # fmt: skip


WRITERS = [
    Writer("world export", lambda db, out: ["--db", str(db), "world", "export", str(out)],
           ".geojson", "privateer.pipeline.export", "export_world"),
    Writer("chart", lambda db, out: ["--db", str(db), "chart", str(out), "--style", "plain",
                                     "--scale", "2"], ".png", "privateer.pipeline.chart",
           "draw_chart"),
    Writer("tribes chart", lambda db, out: ["tribes", "chart", str(out), "--size", "32"],
           ".png", "privateer.pipeline.chart.tribes_map", "draw_tribes_map"),
    Writer("sweep --plot", lambda db, out: [*_study(db), "--plot", str(out)], ".svg",
           "privateer.pipeline.chart.dials", "draw_dials"),
    Writer("sweep show --plot", lambda db, out: ["--db", str(db), "sweep", "show", "1",
                                                 "--plot", str(out)], ".svg",
           "privateer.pipeline.chart.dials", "draw_dials"),
    Writer("docs cli", lambda db, out: ["docs", "cli", "--out", str(out)], ".md",
           "privateer.cli.docs_commands", "write_page_text"),
    Writer("docs rules", lambda db, out: ["docs", "rules", "--out", str(out)], ".md",
           "privateer.cli.docs_commands", "write_page_text"),
    Writer("docs schema", lambda db, out: ["docs", "schema", "--out", str(out)], ".md",
           "privateer.cli.docs_commands", "write_page_text"),
]  # fmt: skip


@pytest.fixture(scope="module")
def study_db(world_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The box world's database with study 1 kept (played on the synthetic sea)."""
    import privateer.cli.sweep_commands as sweep_commands
    from tests.world_fixtures import synthetic_world

    db = tmp_path_factory.mktemp("study") / "study.duckdb"
    shutil.copyfile(world_db, db)
    with pytest.MonkeyPatch.context() as patch:
        world = synthetic_world()
        patch.setattr(sweep_commands, "engine_world", lambda ctx: world)
        result = runner.invoke(app, _study(db))
        assert result.exit_code == 0, result.output
        yield db


@pytest.fixture
def sea(monkeypatch: pytest.MonkeyPatch) -> None:
    """Studies played on the synthetic sea: quick, and an identical point is read back."""
    import privateer.cli.sweep_commands as sweep_commands
    from tests.world_fixtures import synthetic_world

    world = synthetic_world()
    monkeypatch.setattr(sweep_commands, "engine_world", lambda ctx: world)


def _run(writer: Writer, db: Path, out: Path, *more: str) -> Any:
    return runner.invoke(app, [*writer.args(db, out), *more])


def _error(result: Any) -> list[str]:
    """The error lines a command printed (a study says what it played first)."""
    return [line for line in result.stderr.splitlines() if line.startswith("error:")]


def _left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("writer", WRITERS, ids=lambda w: w.name)
def test_an_output_there_is_kept_unless_force_and_then_replaced_whole(
    writer: Writer, study_db: Path, tmp_path: Path, sea: None
) -> None:
    out = tmp_path / f"out{writer.suffix}"
    first = _run(writer, study_db, out)
    assert first.exit_code == 0, first.output
    made = out.read_bytes()
    assert made and _left(tmp_path) == [out.name]
    again = _run(writer, study_db, out)
    assert again.exit_code == 2 and again.stderr.strip().splitlines() == [
        f"error: {out} is there already; --force replaces it"
    ]
    assert out.read_bytes() == made
    out.write_bytes(b"an earlier file")
    inode = out.stat().st_ino
    forced = _run(writer, study_db, out, "--force")
    assert forced.exit_code == 0, forced.output
    remade = out.read_bytes()  # the same picture (an SVG's ids may differ run to run)
    assert remade[:5] == made[:5] and abs(len(remade) - len(made)) < len(made) // 10
    assert out.stat().st_ino != inode  # a new file moved in, not the old one rewritten
    assert _left(tmp_path) == [out.name]


@pytest.mark.parametrize("writer", WRITERS, ids=lambda w: w.name)
def test_an_output_that_is_a_symbolic_link_is_never_written_through(
    writer: Writer, study_db: Path, tmp_path: Path
) -> None:
    target = tmp_path / f"target{writer.suffix}"
    target.write_bytes(b"the link's target")
    link = tmp_path / f"link{writer.suffix}"
    link.symlink_to(target)
    dangling = tmp_path / f"dangling{writer.suffix}"
    dangling.symlink_to(tmp_path / f"nowhere{writer.suffix}")
    for out, more in ((link, ()), (link, ("--force",)), (dangling, ()), (dangling, ("--force",))):
        result = _run(writer, study_db, out, *more)
        assert result.exit_code == 2, (out, more, result.output)
        assert result.stderr.strip().splitlines() == [
            f"error: {out} is a symbolic link: privateer never writes through one; "
            "remove the link or name the file itself"
        ]
    assert target.read_bytes() == b"the link's target" and link.is_symlink()
    assert not (tmp_path / f"nowhere{writer.suffix}").exists()
    assert _left(tmp_path) == sorted([target.name, link.name, dangling.name])


@pytest.mark.parametrize("writer", WRITERS, ids=lambda w: w.name)
@pytest.mark.parametrize("stop", [KeyboardInterrupt, OSError(28, "No space left on device")])
def test_a_write_cut_short_leaves_no_half_file_and_the_old_one_whole(
    writer: Writer,
    stop: BaseException | type[BaseException],
    study_db: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    sea: None,
) -> None:
    def half_then_stop(*args: Any, **kwargs: Any) -> None:
        (path,) = [a for a in args if isinstance(a, Path)]
        path.write_bytes(b"half a fi")
        raise stop

    monkeypatch.setattr(importlib.import_module(writer.module), writer.function, half_then_stop)
    out = tmp_path / f"out{writer.suffix}"
    fresh = _run(writer, study_db, out)
    assert fresh.exit_code != 0 and not out.exists()
    if isinstance(stop, OSError):
        assert fresh.exit_code == 2 and _error(fresh) == [
            f"error: cannot write {out}: No space left on device"
        ]
    out.write_bytes(b"the old file")
    forced = _run(writer, study_db, out, "--force")
    assert forced.exit_code != 0 and out.read_bytes() == b"the old file"
    assert _left(tmp_path) == [out.name]  # no scratch folder left beside it


def test_every_command_that_writes_a_file_is_held_to_the_rule() -> None:
    # A command's output is a path whose help says it writes, or names OUT.
    import click

    def walk(command: click.Command, words: tuple[str, ...]) -> Iterator[tuple[str, click.Command]]:
        yield " ".join(words), command
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                yield from walk(sub, (*words, name))

    writing: set[str] = set()
    for name, command in walk(typer.main.get_command(app), ()):
        for param in command.params:
            says = (getattr(param, "help", None) or "").lower()
            if not isinstance(param.type, click.Path):
                continue
            if re.search(r"\bwrite\b|\bout\.", says):
                writing.add(f"{name} {param.name}")
                assert "force" in {p.name for p in command.params}, name
    # each one driven by the tests above (runs export: its folder's test below)
    assert writing == {
        "world export path", "chart out", "tribes chart out", "sweep run plot",
        "sweep show plot", "runs export folder", "docs cli out", "docs rules out",
        "docs schema out",
        "docs figures out",  # its own test below: a page runs commands for a minute
    }  # fmt: skip


def test_runs_export_refuses_a_folder_that_is_a_symbolic_link(
    world_db: Path, tmp_path: Path
) -> None:
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "export"
    link.symlink_to(real)
    for more in ((), ("--force",)):
        result = runner.invoke(app, ["--db", str(world_db), "runs", "export", str(link), *more])
        assert result.exit_code == 2 and result.stderr.strip().splitlines() == [
            f"error: {link} is a symbolic link: privateer never writes through one; "
            "remove the link or name the file itself"
        ]
    assert _left(real) == [] and _left(tmp_path) == ["export", "real"]


def test_plays_chart_file_keeps_a_file_there_unless_force_and_never_follows_a_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import duckdb

    import privateer.cli.voyage.commands as voyage_commands
    import privateer.pipeline.chart as chart
    from tests.head_db import at_head
    from tests.voyage_fixtures import WORLD

    db = at_head(tmp_path / "play.duckdb")
    with duckdb.connect(str(db)) as con:  # the synthetic sea's ports, as the voyage names them
        for i, port in enumerate(WORLD.ports):
            con.execute(
                "INSERT INTO ports (port_id, name, nation, lon, lat, node_id, fortified, kind) "
                "VALUES (?, ?, ?, 0, 0, ?, false, 'port')",
                [i, port.name, WORLD.nations[port.nation], port.node],
            )
    monkeypatch.setattr(voyage_commands, "engine_world", lambda ctx: WORLD)
    drawn: list[Path] = []

    def draw(engine: object, out: Path, **kwargs: object) -> dict[str, int]:
        drawn.append(out)
        if len(drawn) == 3:
            out.write_bytes(b"half")
            raise OSError(28, "No space left on device")
        out.write_bytes(f"picture {len(drawn)}".encode())
        return {}

    monkeypatch.setattr(chart, "draw_chart", draw)
    folder = tmp_path / "charts"
    folder.mkdir()
    out, target, link = folder / "here.png", folder / "target.png", folder / "link.png"
    target.write_bytes(b"the link's target")
    link.symlink_to(target)
    lines = [f"chart {out}", f"chart {out}", f"chart {out} --force", f"chart {out} --force",
             f"chart {link}", f"chart {link} --force", "quit"]  # fmt: skip
    result = runner.invoke(
        app, ["--db", str(db), "play", "--new", "--seed", "1"], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.output
    said = [line.partition(">   ")[2] for line in result.stdout.splitlines() if ">   " in line]
    refused_link = (
        f"{link} is a symbolic link: privateer never writes through one; "
        "remove the link or name the file itself"
    )
    assert said == [
        f"wrote {out}",
        f"{out} is there already; --force replaces it",
        f"wrote {out}",
        f"cannot write {out}: No space left on device",
        refused_link,
        refused_link,
    ]
    assert out.read_bytes() == b"picture 2" and target.read_bytes() == b"the link's target"
    assert _left(folder) == ["here.png", "link.png", "target.png"]
    assert all(path.parent != folder for path in drawn)  # drawn beside it, then moved in
