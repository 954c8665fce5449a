"""The world build: Natural Earth and data/ in, the world tables out.

    read the source -> dissolve land -> coast -> ocean -> triangulate and prune
    -> thread the straits -> keep one sea -> split legs into days -> tables and content hash

Each stage is a function of its inputs (see its module). `build_world` runs them in memory and
returns Arrow tables; `write_world` swaps them into the database in one transaction, so the
database holds either the old world or the new one, never half of either.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

from privateer.data import DATA_DIR

from . import coast, connect, days, ocean, passages, triangulate
from .errors import WorldBuildError
from .geo import round_coords, to_xyz
from .hashing import content_hash
from .land import Land
from .params import BuildParams
from .shapes import lines_wkb, points_wkb
from .source import default_source, read_source

PIPELINE_VERSION = "world-1"

STAGES = (
    "reading the source",
    "dissolving land",
    "laying coast nodes",
    "filling the ocean",
    "triangulating on the sphere",
    "threading the straits",
    "keeping one sea",
    "splitting legs into days",
    "making tables",
)

OnStage = Callable[[int, int, str], None]
"""Called as each stage starts: (stage number from 1, number of stages, stage name)."""


@dataclass
class BuiltWorld:
    tables: dict[str, pa.Table]
    source_path: str
    source_sha256: str
    params: dict[str, Any]
    code_version: str
    content_hash: str
    counts: dict[str, int]
    timings: list[tuple[str, float]] = field(default_factory=list)
    skipped_passages: list[str] = field(default_factory=list)


class _Stages:
    def __init__(self, on_stage: OnStage | None) -> None:
        self.on_stage = on_stage
        self.timings: list[tuple[str, float]] = []
        self._started = 0.0

    def next(self) -> None:
        now = time.perf_counter()
        if self.timings or self._started:
            self.timings[-1] = (self.timings[-1][0], now - self._started)
        index = len(self.timings)
        self.timings.append((STAGES[index], 0.0))
        self._started = now
        if self.on_stage is not None:
            self.on_stage(index + 1, len(STAGES), STAGES[index])

    def finish(self) -> list[tuple[str, float]]:
        if self.timings:
            self.timings[-1] = (self.timings[-1][0], time.perf_counter() - self._started)
        return self.timings


def code_version() -> str:
    from privateer import __version__

    return f"privateer {__version__}, {PIPELINE_VERSION}"


def build_world(
    source: Path | None = None,
    params: BuildParams | None = None,
    *,
    passages_path: Path | None = None,
    on_stage: OnStage | None = None,
) -> BuiltWorld:
    """Build the sea graph in memory. Raises WorldBuildError (one line) on bad input."""
    params = params or BuildParams()
    if params.box is not None:
        params.box.validate()
    stages = _Stages(on_stage)

    stages.next()
    source_path = source if source is not None else default_source()
    read = read_source(source_path, params.box)
    traces = passages.load_passages(passages_path or DATA_DIR / "passages.geojson")

    stages.next()
    land = Land.from_polygons(read.polygons)

    stages.next()
    coast_lon, coast_lat = coast.coast_nodes(land, params)

    stages.next()
    ocean_lon, ocean_lat = ocean.ocean_nodes(coast_lon, coast_lat, land, params)

    stages.next()
    lon = np.concatenate([coast_lon, ocean_lon])
    lat = np.concatenate([coast_lat, ocean_lat])
    kind = np.array(["coast"] * len(coast_lon) + ["ocean"] * len(ocean_lon), dtype=object)
    edges, length = triangulate.triangulate(lon, lat, land, params)

    stages.next()
    threaded = passages.thread_passages(lon, lat, traces, land, params)
    traces_by_edge: list[np.ndarray | None] = [None] * len(edges)
    for path_lon, path_lat in threaded.paths:
        traces_by_edge.append(to_xyz(path_lon, path_lat) if len(path_lon) > 2 else None)
    lon = np.concatenate([lon, threaded.lon])
    lat = np.concatenate([lat, threaded.lat])
    kind = np.concatenate([kind, np.array(["passage"] * len(threaded.lon), dtype=object)])
    strait = np.concatenate([np.full(len(kind) - len(threaded.names), None), threaded.names])
    edges = np.vstack([edges, threaded.edges]) if len(threaded.edges) else edges
    length = np.concatenate([length, threaded.length])

    stages.next()
    keep = connect.largest_component(len(lon), edges)
    if not keep.any() or len(edges) == 0:
        raise WorldBuildError("the build found no sea to sail (is the box all land?)")
    edges, stays = connect.renumber(keep, edges)
    length = length[stays]
    traces_kept = [t for t, s in zip(traces_by_edge, stays, strict=True) if s]
    lon, lat, kind, strait = lon[keep], lat[keep], kind[keep], strait[keep]
    order = np.lexsort((edges[:, 1], edges[:, 0]))
    edges, length = edges[order], length[order]
    traced = {i: traces_kept[j] for i, j in enumerate(order) if traces_kept[j] is not None}

    stages.next()
    node_xyz = to_xyz(lon, lat)
    leg_days, steps = days.split_legs(node_xyz, edges, length, traced, params.day_nm)

    stages.next()
    tables = _tables(lon, lat, kind, strait, edges, length, leg_days, steps, traced)
    counts = {
        "nodes": len(lon),
        "coast": int((kind == "coast").sum()),
        "ocean": int((kind == "ocean").sum()),
        "passage": int((kind == "passage").sum()),
        "waypoints": len(steps.waypoint_lon),
        "legs": len(edges),
        "steps": len(steps.a),
    }
    built = BuiltWorld(
        tables=tables,
        source_path=str(source_path),
        source_sha256=read.sha256,
        params=params.to_dict(),
        code_version=code_version(),
        content_hash=content_hash(tables),
        counts=counts,
        skipped_passages=threaded.skipped,
    )
    built.timings = stages.finish()
    return built


def _tables(
    lon: np.ndarray,
    lat: np.ndarray,
    kind: np.ndarray,
    strait: np.ndarray,
    edges: np.ndarray,
    length: np.ndarray,
    leg_days: np.ndarray,
    steps: days.DaySteps,
    traced: dict[int, np.ndarray],
) -> dict[str, pa.Table]:
    from .geo import to_lonlat

    all_lon = np.concatenate([lon, steps.waypoint_lon])
    all_lat = np.concatenate([lat, steps.waypoint_lat])
    all_kind = np.concatenate([kind, np.array(["waypoint"] * len(steps.waypoint_lon), object)])
    nodes = pa.table(
        {
            "node_id": pa.array(np.arange(len(all_lon)), pa.int32()),
            "lon": pa.array(all_lon, pa.float64()),
            "lat": pa.array(all_lat, pa.float64()),
            "kind": pa.array(all_kind.tolist(), pa.string()),
            "geom": pa.array(points_wkb(all_lon, all_lat), pa.binary()),
        }
    )
    leg_paths = [to_lonlat(traced[i]) if i in traced else None for i in range(len(edges))]
    legs = pa.table(
        {
            "leg_id": pa.array(np.arange(len(edges)), pa.int32()),
            "a": pa.array(edges[:, 0], pa.int32()),
            "b": pa.array(edges[:, 1], pa.int32()),
            "nm": pa.array(np.round(length, 3), pa.float64()),
            "days": pa.array(leg_days, pa.int32()),
            "geom": pa.array(
                lines_wkb(
                    lon[edges[:, 0]],
                    lat[edges[:, 0]],
                    lon[edges[:, 1]],
                    lat[edges[:, 1]],
                    leg_paths,
                ),
                pa.binary(),
            ),
        }
    )
    step_paths = [
        None if p is None else (round_coords(p[0]), round_coords(p[1])) for p in steps.paths
    ]
    step_table = pa.table(
        {
            "step_id": pa.array(np.arange(len(steps.a)), pa.int32()),
            "a": pa.array(steps.a, pa.int32()),
            "b": pa.array(steps.b, pa.int32()),
            "nm": pa.array(np.round(steps.nm, 3), pa.float64()),
            "leg_id": pa.array(steps.leg, pa.int32()),
            "geom": pa.array(
                lines_wkb(
                    all_lon[steps.a],
                    all_lat[steps.a],
                    all_lon[steps.b],
                    all_lat[steps.b],
                    step_paths,
                ),
                pa.binary(),
            ),
        }
    )
    is_strait = np.flatnonzero(strait != None)  # noqa: E711  (an object array of names)
    features = pa.table(
        {
            "node_id": pa.array(is_strait, pa.int32()),
            "kind": pa.array(["strait"] * len(is_strait), pa.string()),
            "name": pa.array([str(strait[i]) for i in is_strait], pa.string()),
        }
    )
    return {"nodes": nodes, "legs": legs, "steps": step_table, "features": features}


def write_world(engine: Any, built: BuiltWorld) -> int:
    """Swap the built world into the database in one transaction; returns the build_id."""
    from privateer.db.world_store import replace_world

    record = {
        "source_path": built.source_path,
        "source_sha256": built.source_sha256,
        "params": built.params,
        "code_version": built.code_version,
        "content_hash": built.content_hash,
        "counts": built.counts,
    }
    return replace_world(engine, built.tables, record)
