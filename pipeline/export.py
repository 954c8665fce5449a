"""Exporting the world for a GIS (QGIS opens every format here): every world table a layer
(db/world_read.py's EXPORT_LAYERS): the graph's nodes as points and legs and steps as lines,
ports at their place, seas at their label, and the tables kept by node (protected waters,
features, currents, winds, Drake's route) at their node.

The format follows the file's extension (.geojson or .json, .parquet, .gpkg), and `--format`
overrides it. GeoJSON and GeoParquet hold the layers in one collection with a `layer` column; a
GeoPackage holds one layer per table. Each feature keeps its own id column (node_id, leg_id,
step_id, port_id, ...), never a shared `id`, so a reader sees no repeated feature ids; an id is
an integer in every format (a GeoJSON feature carries only its own layer's properties, and
GeoParquet's columns are nullable integers where another layer has none).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from privateer.db.world_read import EXPORT_LAYERS

from .errors import WorldBuildError

FORMATS = {"geojson": "GeoJSON", "geoparquet": "GeoParquet", "gpkg": "GeoPackage"}
EXTENSIONS = {".geojson": "geojson", ".json": "geojson", ".parquet": "geoparquet", ".gpkg": "gpkg"}
LAYERS = tuple(EXPORT_LAYERS)
CRS84 = {"type": "name", "properties": {"name": "urn:ogc:def:crs:OGC:1.3:CRS84"}}


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


def chosen_layers(text: str) -> list[str]:
    """The layers `--layers` names (comma-separated, or `all`), in the order asked."""
    names = [s.strip() for s in text.split(",") if s.strip()]
    layers = list(LAYERS) if names == ["all"] else list(dict.fromkeys(names))
    check_layers(layers)
    return layers


def check_layers(layers: list[str]) -> None:
    unknown = [layer for layer in layers if layer not in LAYERS]
    if unknown:
        raise WorldBuildError(
            f"unknown layer {unknown[0]!r}; choose from {', '.join(LAYERS)} (or all)"
        )
    if not layers:
        raise WorldBuildError(f"no layers asked for; choose from {', '.join(LAYERS)} (or all)")


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
    count = sum(len(f) for f in frames.values())
    if fmt == "gpkg":
        if path.exists():
            path.unlink()  # a GeoPackage would otherwise gain layers beside the old ones
        for layer, frame in frames.items():
            frame.to_file(path, layer=layer, driver="GPKG")
    elif fmt == "geojson":
        path.write_text(_geojson(frames), encoding="utf-8")
    else:
        nullable = [_nullable(f.assign(layer=layer)) for layer, f in frames.items()]
        data = gpd.GeoDataFrame(pd.concat(nullable, ignore_index=True), crs="EPSG:4326")
        columns = ["layer", *[c for c in data.columns if c not in ("layer", "geometry")]]
        data[[*columns, "geometry"]].to_parquet(path)
    return count


def _geojson(frames: dict[str, Any]) -> str:
    """One FeatureCollection of every layer, each feature with its layer and its own
    properties (integers as integers), in WGS 84 longitude and latitude."""
    features = []
    for layer, frame in frames.items():
        ordered = frame.assign(layer=layer)[["layer", *frame.columns]]
        features += ordered.to_geo_dict(drop_id=True)["features"]
    collection = {"type": "FeatureCollection", "crs": CRS84, "features": features}
    return json.dumps(collection, ensure_ascii=False, separators=(",", ":"))


def _nullable(frame: Any) -> Any:
    """Integer and true/false columns as pandas' nullable kinds, so a column one layer lacks
    stays integer (not float with NaN) when the layers are stacked in one table."""
    kinds = {"i": "Int64", "u": "Int64", "b": "boolean"}
    return frame.astype(
        {c: kinds[t.kind] for c, t in frame.dtypes.items() if getattr(t, "kind", "") in kinds}
    )
