"""Exporting the graph for a GIS (QGIS opens both formats): nodes as points, legs and steps
as lines, one file, a `layer` column saying which is which."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import geopandas as gpd
import pandas as pd
import shapely
import sqlalchemy as sa

from .errors import WorldBuildError

LAYERS = {
    "nodes": "SELECT 'nodes' AS layer, node_id AS id, kind, NULL::INTEGER AS a, "
    "NULL::INTEGER AS b, NULL::DOUBLE AS nm, ST_AsWKB(geom) AS wkb FROM nodes ORDER BY node_id",
    "legs": "SELECT 'legs' AS layer, leg_id AS id, NULL AS kind, a, b, nm, ST_AsWKB(geom) AS wkb "
    "FROM legs ORDER BY leg_id",
    "steps": "SELECT 'steps' AS layer, step_id AS id, NULL AS kind, a, b, nm, "
    "ST_AsWKB(geom) AS wkb FROM steps ORDER BY step_id",
}
FORMATS = ("geojson", "geoparquet")


def export_world(engine: Any, path: Path, fmt: str, layers: list[str]) -> int:
    """Write the chosen layers to `path` in `fmt`; returns the number of features."""
    if fmt not in FORMATS:
        raise WorldBuildError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    unknown = [layer for layer in layers if layer not in LAYERS]
    if unknown:
        raise WorldBuildError(f"unknown layer {unknown[0]!r}; choose from {', '.join(LAYERS)}")
    if not path.parent.is_dir():
        raise WorldBuildError(f"cannot write {path}: directory {path.parent} does not exist")
    frames = []
    with engine.connect() as conn:
        for layer in layers:
            frames.append(pd.DataFrame(conn.execute(sa.text(LAYERS[layer])).mappings().all()))
    frame = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    if frame.empty:
        raise WorldBuildError("the database holds no world yet; run `privateer world build`")
    geometry = shapely.from_wkb(frame.pop("wkb").map(bytes).to_numpy())
    data = gpd.GeoDataFrame(frame, geometry=geometry, crs="EPSG:4326")
    if fmt == "geojson":
        data.to_file(path, driver="GeoJSON")
    else:
        data.to_parquet(path)
    return len(data)
