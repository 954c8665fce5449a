"""Where commands write files: an output that cannot be written is refused in one line before
any work, the export's format follows the file's extension, and every layer reads back."""

from __future__ import annotations

import json
import os
import time
import warnings
from pathlib import Path

import geopandas as gpd
import pyogrio
import pytest
from typer.testing import CliRunner

from privateer.cli.app import app

runner = CliRunner()
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
    paths = [directory, Path("/proc/x.png"), tmp_path / "missing" / "x.png"]
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
        target = out.with_suffix(".geojson") if not out.is_dir() else out
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
    result = runner.invoke(app, [*base, str(tmp_path / "w.parquet")])
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


def test_an_extension_the_export_cannot_write_is_refused(world_db: Path, tmp_path: Path) -> None:
    base = ["--db", str(world_db), "world", "export"]
    for args, message in (
        ([str(tmp_path / "x.shp")], "cannot tell the format from .shp"),
        ([str(tmp_path / "x.kml"), "--format", "kml"], "unknown format"),
        ([str(tmp_path / "x.geojson"), "--layers", "ports"], "unknown layer"),
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
