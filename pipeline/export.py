"""Exporting the graph for a GIS (QGIS opens every format here): nodes as points, legs and
steps as lines.

The format follows the file's extension (.geojson or .json, .parquet, .gpkg), and `--format`
overrides it. GeoJSON and GeoParquet hold the layers in one table with a `layer` column; a
GeoPackage holds one layer per table. Each feature keeps its own id column (node_id, leg_id,
step_id), never a shared `id`, so a reader sees no repeated feature ids.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import WorldBuildError

FORMATS = {"geojson": "GeoJSON", "geoparquet": "GeoParquet", "gpkg": "GeoPackage"}
EXTENSIONS = {".geojson": "geojson", ".json": "geojson", ".parquet": "geoparquet", ".gpkg": "gpkg"}
LAYERS = ("nodes", "legs", "steps")


def export_format(path: Path, fmt: str | None) -> str:
    """The format to write: `fmt` if given, else the one the extension names."""
    if fmt is not None:
        if fmt not in FORMATS:
            raise WorldBuildError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
        return fmt
    found = EXTENSIONS.get(path.suffix.lower())
    if found is None:
        raise WorldBuildError(
            f"{path}: cannot tell the format from {path.suffix or 'no extension'}; "
            f"use {', '.join(EXTENSIONS)} or --format {'|'.join(FORMATS)}"
        )
    return found


def check_layers(layers: list[str]) -> None:
    unknown = [layer for layer in layers if layer not in LAYERS]
    if unknown:
        raise WorldBuildError(f"unknown layer {unknown[0]!r}; choose from {', '.join(LAYERS)}")
    if not layers:
        raise WorldBuildError("no layers asked for; choose from nodes, legs, steps")


def export_world(engine: Any, path: Path, fmt: str, layers: list[str]) -> int:
    """Write the chosen layers to `path` in `fmt`; returns the number of features."""
    import geopandas as gpd
    import pandas as pd
    import shapely

    from privateer.db.world_read import export_layer, world_source

    check_layers(layers)
    frames = {}
    with engine.connect() as conn:
        if world_source(conn) is None:
            raise WorldBuildError("the database holds no world yet; run `privateer world build`")
        for layer in layers:
            frame = export_layer(conn, layer)
            geometry = shapely.from_wkb(frame.pop("wkb").map(bytes).to_numpy())
            frames[layer] = gpd.GeoDataFrame(frame, geometry=geometry, crs="EPSG:4326")
    if fmt == "gpkg":
        if path.exists():
            path.unlink()  # a GeoPackage would otherwise gain layers beside the old ones
        for layer, frame in frames.items():
            frame.to_file(path, layer=layer, driver="GPKG")
        return sum(len(f) for f in frames.values())
    data = gpd.GeoDataFrame(
        pd.concat([f.assign(layer=layer) for layer, f in frames.items()], ignore_index=True),
        crs="EPSG:4326",
    )
    columns = ["layer", *[c for c in data.columns if c not in ("layer", "geometry")], "geometry"]
    data = data[columns]
    if fmt == "geojson":
        data.to_file(path, driver="GeoJSON")
    else:
        data.to_parquet(path)
    return len(data)
