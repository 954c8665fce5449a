"""The world build on a small region: deterministic, written whole or not at all, and bad
input refused with one line and the database as it was."""

from __future__ import annotations

from pathlib import Path

import duckdb
import geopandas as gpd
import numpy as np
import pyarrow as pa
import pytest
import shapely
import sqlalchemy as sa

from privateer.db import open_database
from privateer.db.world_store import replace_world
from privateer.pipeline.build import build_world, write_world
from privateer.pipeline.errors import SourceError, WorldBuildError
from privateer.pipeline.geo import distance_nm, to_xyz
from privateer.pipeline.land import Land
from privateer.pipeline.params import Box, BuildParams
from privateer.pipeline.source import default_source, read_source

IBERIA = Box(-14.0, 32.0, 6.0, 44.0)  # both sides of Gibraltar


@pytest.fixture(scope="module")
def iberia() -> object:
    return build_world(None, BuildParams(box=IBERIA))


def _dump(engine: sa.Engine) -> dict[str, list[tuple[object, ...]]]:
    out = {}
    with engine.connect() as conn:
        for table, key in (("nodes", "node_id"), ("legs", "leg_id"), ("steps", "step_id")):
            out[table] = conn.execute(
                sa.text(f"SELECT * EXCLUDE (geom), ST_AsText(geom) FROM {table} ORDER BY {key}")
            ).all()
    return out


def test_two_builds_give_identical_tables_and_hash(iberia: object, db_path: Path) -> None:
    again = build_world(None, BuildParams(box=IBERIA))
    assert again.content_hash == iberia.content_hash  # type: ignore[attr-defined]
    for name, table in iberia.tables.items():  # type: ignore[attr-defined]
        assert table.equals(again.tables[name]), name
    first = open_database(db_path, notify=lambda _: None)
    write_world(first, iberia)  # type: ignore[arg-type]
    dump_one = _dump(first)
    write_world(first, again)
    assert _dump(first) == dump_one
    first.dispose()


def test_the_region_is_one_sea_with_no_node_on_land(iberia: object) -> None:
    tables = iberia.tables  # type: ignore[attr-defined]
    nodes = tables["nodes"].to_pandas()
    land = Land.from_polygons(read_source(default_source(), IBERIA).polygons)
    assert not land.contains(nodes.lon.to_numpy(), nodes.lat.to_numpy()).any()
    steps = tables["steps"].to_pandas()
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    n = len(nodes)
    graph = coo_matrix((np.ones(len(steps)), (steps.a, steps.b)), shape=(n, n))
    assert connected_components(graph, directed=False)[0] == 1
    # Gibraltar joins the Atlantic and the Alboran Sea.
    assert (nodes.kind == "passage").sum() >= 2
    features = tables["features"].to_pandas()
    assert set(features[features.kind == "strait"].name) == {"Strait of Gibraltar"}
    assert ((nodes.lon.between(-3.0, 6.0)) & (nodes.lat.between(35.5, 43.0))).any()


def test_every_step_is_at_most_a_day_and_legs_add_up(iberia: object) -> None:
    steps = iberia.tables["steps"].to_pandas()  # type: ignore[attr-defined]
    legs = iberia.tables["legs"].to_pandas()  # type: ignore[attr-defined]
    nodes = iberia.tables["nodes"].to_pandas().set_index("node_id")  # type: ignore[attr-defined]
    params = BuildParams()
    assert steps.nm.max() <= params.ocean_day_nm + 1e-3
    # a step longer than a day's coasting only on a leg between two ocean nodes, off the calms
    long = legs.set_index("leg_id").loc[steps[steps.nm > params.day_nm + 1e-3].leg_id.unique()]
    assert len(long) > 0
    for end in ("a", "b"):
        assert (nodes.loc[long[end], "kind"] == "ocean").all()
        assert (nodes.loc[long[end], "lat"].abs() > params.calms_lat).all()
    per_leg = steps.groupby("leg_id").nm.sum()
    np.testing.assert_allclose(per_leg.to_numpy(), legs.nm.to_numpy(), atol=0.01)
    assert (steps.groupby("leg_id").size().to_numpy() == legs.days.to_numpy()).all()


def test_no_step_crosses_more_than_a_spit(iberia: object) -> None:
    tables = iberia.tables  # type: ignore[attr-defined]
    steps = tables["steps"].to_pandas()
    land = Land.from_polygons(read_source(default_source(), IBERIA).polygons)
    geometry = shapely.from_wkb(steps.geom.to_numpy())
    straight = shapely.get_num_coordinates(geometry) == 2
    coords = shapely.get_coordinates(geometry[straight]).reshape(-1, 2, 2)
    a = to_xyz(coords[:, 0, 0], coords[:, 0, 1])
    b = to_xyz(coords[:, 1, 0], coords[:, 1, 1])
    assert land.land_nm(a, b, 1.0).max() <= BuildParams().spit_nm + 1.0
    assert distance_nm(a, b).max() <= BuildParams().ocean_day_nm + 1e-3


def test_a_failed_write_leaves_the_old_world(iberia: object, db_path: Path) -> None:
    engine = open_database(db_path, notify=lambda _: None)
    write_world(engine, iberia)  # type: ignore[arg-type]
    before = _dump(engine)
    broken = dict(iberia.tables)  # type: ignore[attr-defined]
    steps = broken["steps"]
    broken["steps"] = steps.set_column(
        steps.column_names.index("nm"), "nm", pa.array([None] * steps.num_rows, pa.float64())
    )
    record = {
        "source_path": "x",
        "source_sha256": "0" * 64,
        "params": {},
        "code_version": "x",
        "content_hash": "0" * 64,
        "counts": {},
    }
    with pytest.raises(duckdb.ConstraintException, match=r"NOT NULL constraint failed: .*nm"):
        replace_world(engine, broken, record)
    assert _dump(engine) == before
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM world_build")).scalar_one() == 1
    engine.dispose()


def test_a_reprojected_source_gives_the_same_kind_of_world(tmp_path: Path) -> None:
    islands = gpd.GeoDataFrame(
        geometry=[shapely.box(-3, -1, -1, 1), shapely.box(1, -1, 3, 1)], crs="EPSG:4326"
    ).to_crs("EPSG:3857")
    path = tmp_path / "islands.gpkg"
    islands.to_file(path)
    read = read_source(path)
    # Read back in degrees: the two islands, where they were drawn, not in metres.
    assert len(read.polygons) == 2
    assert sorted(p.bounds for p in read.polygons) == [
        pytest.approx((-3, -1, -1, 1), abs=1e-6),
        pytest.approx((1, -1, 3, 1), abs=1e-6),
    ]
    # And the world built from them rings both islands with coast nodes, in degrees.
    world = build_world(path, BuildParams(box=Box(-10.0, -8.0, 10.0, 8.0)))
    nodes = world.tables["nodes"].to_pandas()
    coast = nodes[nodes.kind == "coast"]
    assert len(coast) >= 8
    west, east = coast[coast.lon < 0], coast[coast.lon > 0]
    assert len(west) >= 4 and len(east) >= 4
    assert coast.lon.abs().max() < 5.0 and coast.lat.abs().max() < 3.0


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d / "missing.shp", "no such file"),
        (lambda d: _write(d / "notes.geojson", "this is not GeoJSON"), "not vector data"),
        (lambda d: _points(d / "points.geojson"), "holds no polygons"),
        (lambda d: _projected_without_crs(d / "meters.shp"), "no CRS"),
    ],
)
def test_bad_sources_are_refused(tmp_path: Path, make: object, message: str) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    with pytest.raises(SourceError, match=message):
        build_world(path, BuildParams(box=IBERIA))


def test_an_empty_box_is_refused() -> None:
    with pytest.raises(WorldBuildError, match="empty"):
        build_world(None, BuildParams(box=Box(10.0, 0.0, 5.0, 5.0)))
    with pytest.raises(WorldBuildError, match="no sea"):
        build_world(None, BuildParams(box=Box(10.0, 48.0, 10.5, 48.5)))  # inland Bavaria


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def _points(path: Path) -> Path:
    gpd.GeoDataFrame(geometry=[shapely.Point(0, 0)], crs="EPSG:4326").to_file(path)
    return path


def _projected_without_crs(path: Path) -> Path:
    gpd.GeoDataFrame(geometry=[shapely.box(1e6, 1e6, 2e6, 2e6)]).to_file(path)
    return path


def test_a_bad_data_file_stops_the_build_and_names_file_and_row(tmp_path: Path) -> None:
    import shutil

    from privateer.data import DATA_DIR
    from privateer.pipeline.errors import DataFileError

    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    ports = data / "ports.csv"
    lines = ports.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace(lines[3].split(",")[1], "atlantis", 1)
    ports.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        build_world(None, BuildParams(box=IBERIA), data_dir=data)
    message = str(caught.value)
    assert str(ports) in message and "row 3" in message and "unknown nation 'atlantis'" in message
