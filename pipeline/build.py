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

from . import coast, connect, days, grain, ocean, passages, places, ports, triangulate, waters
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
    "placing ports and flags",
    "protected waters",
    "currents and winds",
    "banks, seas and Drake's route",
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
    data_dir: Path | None = None,
    on_stage: OnStage | None = None,
) -> BuiltWorld:
    """Build the sea graph and what it holds, in memory, from the land `source` and the
    hand-authored files in `data_dir` (default: the package's data/). Raises WorldBuildError
    (one line) on bad input."""
    params = params or BuildParams()
    if params.box is not None:
        params.box.validate()
    stages = _Stages(on_stage)

    stages.next()
    source_path = source if source is not None else default_source()
    read = read_source(source_path, params.box)
    data = data_dir or DATA_DIR
    traces = passages.load_passages(data / "passages.geojson")
    nation_list = ports.load_nations(data / "nations.csv")
    port_list = ports.load_ports(data / "ports.csv", nation_list)
    streams = grain.load_streams(data / "currents.geojson")
    rivers = grain.load_rivers(data / "rivers.csv")
    banks = places.load_banks(data / "banks.geojson")
    seas = places.load_seas(data / "seas.geojson")
    drake_places = places.load_drake(data / "drake.csv")

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
    threaded = passages.thread_passages(lon, lat, traces, land, params, kind == "coast")
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

    all_lon = np.concatenate([lon, steps.waypoint_lon])
    all_lat = np.concatenate([lat, steps.waypoint_lat])
    graph_ids = np.arange(len(lon))
    hop_graph = waters.step_graph(len(all_lon), steps.a, steps.b)

    stages.next()
    attached = ports.attach_ports(port_list, data / "ports.csv", lon, lat, land, params.box)
    port_ids = np.array([port_list.index(p) for p in attached.ports], dtype=np.int64)

    stages.next()
    fortified = np.array([p.fortified for p in attached.ports], dtype=bool)
    fort_nodes = attached.node[fortified]
    fort_port_ids = port_ids[fortified]
    fort_nations = [p.nation for p, f in zip(attached.ports, fortified, strict=True) if f]
    fort_names = [p.name for p, f in zip(attached.ports, fortified, strict=True) if f]
    protected = waters.protected_waters(hop_graph, fort_nodes)
    guns = waters.under_the_guns(hop_graph, fort_nodes)

    stages.next()
    currents = grain.assign_currents(all_lon, all_lat, streams, rivers)
    winds = grain.winds_by_season(all_lon, all_lat)

    stages.next()
    bank_members = places.nodes_in(banks, all_lon, all_lat, places.BANK_MARGIN_DEG)
    sea_of = places.sea_of_nodes(seas, all_lon, all_lat)
    nm_graph = weighted_graph(len(all_lon), steps.a, steps.b, steps.nm)
    drake_route = places.trace_route(drake_places, nm_graph, all_lon, all_lat, graph_ids)

    stages.next()
    tables = _tables(lon, lat, kind, strait, edges, length, leg_days, steps, traced)
    feature_rows = [(int(n), "strait", str(strait[n])) for n in np.flatnonzero(strait != None)]  # noqa: E711
    feature_rows += [(n, "fort_guns", fort_names[i]) for n, i in guns]
    feature_rows += [(n, "river_mouth", name) for n, name in currents.river_mouths]
    for bank, members in zip(banks, bank_members, strict=True):
        feature_rows += [(int(n), "bank", bank.name) for n in members]
    tables["features"] = _feature_table(feature_rows)
    tables["nations"] = pa.table(
        {
            "nation": [n.nation for n in nation_list],
            "name": [n.name for n in nation_list],
            "field": [n.field for n in nation_list],
            "border": [n.border for n in nation_list],
        }
    )
    tables["ports"] = pa.table(
        {
            "port_id": pa.array(port_ids, pa.int32()),
            "name": [p.name for p in attached.ports],
            "nation": [p.nation for p in attached.ports],
            "lon": pa.array([p.lon for p in attached.ports], pa.float64()),
            "lat": pa.array([p.lat for p in attached.ports], pa.float64()),
            "node_id": pa.array(attached.node, pa.int32()),
            "fortified": pa.array(fortified.tolist(), pa.bool_()),
            "kind": [p.kind for p in attached.ports],
            "roles": [";".join(p.roles) for p in attached.ports],
        }
    )
    tables["waters"] = pa.table(
        {
            "node_id": pa.array(protected.node, pa.int32()),
            "nation": [fort_nations[i] for i in protected.fort],
            "fort_port_id": pa.array(fort_port_ids[protected.fort], pa.int32()),
            "days": pa.array(protected.days, pa.int32()),
        }
    )
    tables["currents"] = pa.table(
        {
            "node_id": pa.array(currents.node, pa.int32()),
            "toward_deg": pa.array(currents.toward_deg, pa.float64()),
            "knots": pa.array(currents.knots, pa.float64()),
            "stream": currents.stream,
        }
    )
    tables["winds"] = pa.table(
        {
            "node_id": pa.array(winds[0], pa.int32()),
            "season": pa.array(winds[1], pa.int16()),
            "toward_deg": pa.array(winds[2], pa.float64()),
            "knots": pa.array(winds[3], pa.float64()),
        }
    )
    tables["seas"] = pa.table(
        {
            "sea_id": pa.array(np.arange(len(seas)), pa.int32()),
            "name": [sea.name for sea in seas],
            "label_lon": pa.array([sea.label[0] if sea.label else 0.0 for sea in seas]),
            "label_lat": pa.array([sea.label[1] if sea.label else 0.0 for sea in seas]),
        }
    )
    in_a_sea = np.flatnonzero(sea_of >= 0)
    tables["sea_nodes"] = pa.table(
        {
            "node_id": pa.array(in_a_sea, pa.int32()),
            "sea_id": pa.array(sea_of[in_a_sea], pa.int32()),
        }
    )
    tables["drake"] = pa.table(
        {
            "seq": pa.array(np.arange(len(drake_route)), pa.int32()),
            "node_id": pa.array([n for n, _ in drake_route], pa.int32()),
            "place": pa.array([p for _, p in drake_route], pa.string()),
        }
    )
    counts = {
        "nodes": len(lon),
        "coast": int((kind == "coast").sum()),
        "ocean": int((kind == "ocean").sum()),
        "passage": int((kind == "passage").sum()),
        "waypoints": len(steps.waypoint_lon),
        "legs": len(edges),
        "steps": len(steps.a),
        "ports": len(attached.ports),
        "protected_nodes": len(protected.node),
        "current_nodes": len(currents.node),
        "seas": len(seas),
        "drake_places": sum(1 for _, place in drake_route if place),
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
    return {"nodes": nodes, "legs": legs, "steps": step_table}


def _feature_table(rows: list[tuple[int, str, str]]) -> pa.Table:
    """Features, one row per (node, kind, name), sorted."""
    unique = sorted(set(rows))
    return pa.table(
        {
            "node_id": pa.array([r[0] for r in unique], pa.int32()),
            "kind": pa.array([r[1] for r in unique], pa.string()),
            "name": pa.array([r[2] for r in unique], pa.string()),
        }
    )


def weighted_graph(n: int, a: np.ndarray, b: np.ndarray, weight: np.ndarray) -> Any:
    from scipy.sparse import coo_matrix

    return coo_matrix((weight, (a, b)), shape=(n, n)).tocsr()


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
