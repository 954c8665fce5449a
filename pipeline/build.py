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
from .geo import round_coords, to_lonlat, to_xyz
from .hashing import content_hash
from .land import Dissolve, Land
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


@dataclass(frozen=True, slots=True)
class _Inputs:
    """The hand-authored files of data/, read."""

    traces: list[passages.Passage]
    nation_list: list[ports.Nation]
    port_list: list[ports.Port]
    streams: list[grain.Stream]
    rivers: list[grain.River]
    banks: list[places.Named]
    seas: list[places.Named]
    drake: list[places.Place]


@dataclass(frozen=True, slots=True)
class _Graph:
    """The sea graph as a stage leaves it: each node's lon, lat, kind and strait (None where
    it is in none), each leg's ends, length in nm and traced path (None: straight)."""

    lon: np.ndarray
    lat: np.ndarray
    kind: np.ndarray
    strait: np.ndarray
    edges: np.ndarray
    length: np.ndarray
    traces: list[np.ndarray | None]

    @property
    def traced(self) -> dict[int, np.ndarray]:
        """The traced legs' paths (xyz), by leg."""
        return {i: trace for i, trace in enumerate(self.traces) if trace is not None}


def _day_runs(graph: _Graph, node_xyz: np.ndarray, land: Land, params: BuildParams) -> np.ndarray:
    """Each leg's day's run in nm: `ocean_day_nm` on a straight leg between two ocean nodes
    outside the equatorial calms whose waypoints at that run all lie at sea (as every leg's
    at `day_nm` do), else `day_nm`: the coast, the straits, the legs that reach them and the
    calms keep a day a coasting step."""
    runs = np.full(len(graph.edges), params.day_nm)
    a, b = graph.edges[:, 0], graph.edges[:, 1]
    open_ocean = (graph.kind[a] == "ocean") & (graph.kind[b] == "ocean")
    open_ocean &= (np.abs(graph.lat[a]) > params.calms_lat) & (
        np.abs(graph.lat[b]) > params.calms_lat
    )
    open_ocean &= np.array([trace is None for trace in graph.traces], dtype=bool)
    legs = np.flatnonzero(open_ocean)
    if len(legs) == 0 or params.ocean_day_nm == params.day_nm:
        return runs
    at_sea = land.waypoints_at_sea(
        node_xyz[a[legs]],
        node_xyz[b[legs]],
        days.days_for(graph.length[legs], params.ocean_day_nm),
        (params.south_limit, params.north_limit),
    )
    runs[legs[at_sea]] = params.ocean_day_nm
    return runs


@dataclass(frozen=True, slots=True)
class _Forts:
    """The fortified ports, their protected waters and the nodes under their guns."""

    fortified: np.ndarray  # one a port attached: is she fortified
    nations: list[str]
    names: list[str]
    port_ids: np.ndarray
    protected: waters.Waters
    guns: list[tuple[int, int]]  # (node, fort index)


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
    inputs = _read_inputs(data)

    stages.next()
    dissolve = Dissolve(read.polygons)

    stages.next()  # on the coverage's union while the check that it is right goes on
    coast_lon, coast_lat = coast.coast_nodes(dissolve.land, params)
    land = dissolve.settled()
    if land is not dissolve.land:  # the polygons overlap: the coast of their full union
        coast_lon, coast_lat = coast.coast_nodes(land, params)

    stages.next()
    ocean_lon, ocean_lat = ocean.ocean_nodes(coast_lon, coast_lat, land, params)

    stages.next()
    graph = _triangulated(coast_lon, coast_lat, ocean_lon, ocean_lat, land, params)

    stages.next()
    is_coast = graph.kind == "coast"
    threaded = passages.thread_passages(graph.lon, graph.lat, inputs.traces, land, params, is_coast)
    graph = _with_straits(graph, threaded)

    stages.next()
    graph = _one_sea(graph)

    stages.next()
    node_xyz = to_xyz(graph.lon, graph.lat)
    leg_days, steps = days.split_legs(
        node_xyz, graph.edges, graph.length, graph.traced, _day_runs(graph, node_xyz, land, params)
    )
    all_lon = np.concatenate([graph.lon, steps.waypoint_lon])
    all_lat = np.concatenate([graph.lat, steps.waypoint_lat])
    hop_graph = waters.step_graph(len(all_lon), steps.a, steps.b)

    stages.next()
    attached = ports.attach_ports(
        inputs.port_list, data / "ports.csv", graph.lon, graph.lat, land, params.box
    )
    port_ids = np.array([inputs.port_list.index(p) for p in attached.ports], dtype=np.int64)

    stages.next()
    forts = _forts(attached, port_ids, hop_graph)

    stages.next()
    currents = grain.assign_currents(all_lon, all_lat, inputs.streams, inputs.rivers)
    winds = grain.winds_by_season(all_lon, all_lat)

    stages.next()
    bank_members = places.nodes_in(inputs.banks, all_lon, all_lat, places.BANK_MARGIN_DEG)
    sea_of = places.sea_of_nodes(inputs.seas, all_lon, all_lat)
    nm_graph = weighted_graph(len(all_lon), steps.a, steps.b, steps.nm)
    graph_ids = np.arange(len(graph.lon))
    drake_route = places.trace_route(inputs.drake, nm_graph, all_lon, all_lat, graph_ids)

    stages.next()
    tables = {
        "nodes": _node_table(graph, steps),
        "legs": _leg_table(graph, leg_days),
        "steps": _step_table(graph, steps),
        "features": _feature_table(
            _feature_rows(graph, forts, currents, inputs.banks, bank_members)
        ),
        "nations": _nation_table(inputs.nation_list),
        "ports": _port_table(attached, port_ids, forts.fortified),
        "waters": _water_table(forts),
        "currents": _current_table(currents),
        "winds": _wind_table(winds),
        "seas": _sea_table(inputs.seas),
        "sea_nodes": _sea_node_table(sea_of),
        "drake": _drake_table(drake_route),
    }
    counts = _counts(graph, steps, attached, forts, currents, inputs.seas, drake_route)
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


def _counts(
    graph: _Graph,
    steps: days.DaySteps,
    attached: ports.Attached,
    forts: _Forts,
    currents: grain.Currents,
    seas: list[places.Named],
    drake_route: list[tuple[int, str | None]],
) -> dict[str, int]:
    """What the build holds, by kind: the world_build record's counts."""
    return {
        "nodes": len(graph.lon),
        "coast": int((graph.kind == "coast").sum()),
        "ocean": int((graph.kind == "ocean").sum()),
        "passage": int((graph.kind == "passage").sum()),
        "waypoints": len(steps.waypoint_lon),
        "legs": len(graph.edges),
        "steps": len(steps.a),
        "ports": len(attached.ports),
        "protected_nodes": len(forts.protected.node),
        "current_nodes": len(currents.node),
        "seas": len(seas),
        "drake_places": sum(1 for _, place in drake_route if place),
    }


def _read_inputs(data: Path) -> _Inputs:
    """data/'s files, each checked as it is read (DataFileError names the file and row)."""
    traces = passages.load_passages(data / "passages.geojson")
    nation_list = ports.load_nations(data / "nations.csv")
    port_list = ports.load_ports(data / "ports.csv", nation_list)
    streams = grain.load_streams(data / "currents.geojson")
    rivers = grain.load_rivers(data / "rivers.csv")
    banks = places.load_banks(data / "banks.geojson")
    seas = places.load_seas(data / "seas.geojson")
    drake_places = places.load_drake(data / "drake.csv")
    return _Inputs(traces, nation_list, port_list, streams, rivers, banks, seas, drake_places)


def _triangulated(
    coast_lon: np.ndarray,
    coast_lat: np.ndarray,
    ocean_lon: np.ndarray,
    ocean_lat: np.ndarray,
    land: Land,
    params: BuildParams,
) -> _Graph:
    """The coast and ocean nodes joined by the pruned triangulation: no strait yet."""
    lon = np.concatenate([coast_lon, ocean_lon])
    lat = np.concatenate([coast_lat, ocean_lat])
    kind = np.array(["coast"] * len(coast_lon) + ["ocean"] * len(ocean_lon), dtype=object)
    edges, length = triangulate.triangulate(lon, lat, land, params)
    return _Graph(lon, lat, kind, np.full(len(kind), None), edges, length, [None] * len(edges))


def _with_straits(graph: _Graph, threaded: passages.Threaded) -> _Graph:
    """The graph with the straits' chain nodes and their legs added after its own."""
    traces = list(graph.traces)
    for path_lon, path_lat in threaded.paths:
        traces.append(to_xyz(path_lon, path_lat) if len(path_lon) > 2 else None)
    kind = np.concatenate([graph.kind, np.array(["passage"] * len(threaded.lon), dtype=object)])
    return _Graph(
        lon=np.concatenate([graph.lon, threaded.lon]),
        lat=np.concatenate([graph.lat, threaded.lat]),
        kind=kind,
        strait=np.concatenate([graph.strait, threaded.names]),
        edges=np.vstack([graph.edges, threaded.edges]) if len(threaded.edges) else graph.edges,
        length=np.concatenate([graph.length, threaded.length]),
        traces=traces,
    )


def _one_sea(graph: _Graph) -> _Graph:
    """The largest connected sea alone, its nodes renumbered and its legs sorted by ends."""
    keep = connect.largest_component(len(graph.lon), graph.edges)
    if not keep.any() or len(graph.edges) == 0:
        raise WorldBuildError("the build found no sea to sail (is the box all land?)")
    edges, stays = connect.renumber(keep, graph.edges)
    length = graph.length[stays]
    traces_kept = [t for t, s in zip(graph.traces, stays, strict=True) if s]
    order = np.lexsort((edges[:, 1], edges[:, 0]))
    return _Graph(
        lon=graph.lon[keep],
        lat=graph.lat[keep],
        kind=graph.kind[keep],
        strait=graph.strait[keep],
        edges=edges[order],
        length=length[order],
        traces=[traces_kept[j] for j in order],
    )


def _forts(attached: ports.Attached, port_ids: np.ndarray, hop_graph: Any) -> _Forts:
    """The fortified ports among those attached, the waters they protect and the nodes under
    their guns."""
    fortified = np.array([p.fortified for p in attached.ports], dtype=bool)
    fort_nodes = attached.node[fortified]
    return _Forts(
        fortified=fortified,
        nations=[p.nation for p, f in zip(attached.ports, fortified, strict=True) if f],
        names=[p.name for p, f in zip(attached.ports, fortified, strict=True) if f],
        port_ids=port_ids[fortified],
        protected=waters.protected_waters(hop_graph, fort_nodes),
        guns=waters.under_the_guns(hop_graph, fort_nodes),
    )


def _feature_rows(
    graph: _Graph,
    forts: _Forts,
    currents: grain.Currents,
    banks: list[places.Named],
    bank_members: list[np.ndarray],
) -> list[tuple[int, str, str]]:
    """(node, kind, name) for the straits, the forts' guns, the river mouths and the banks."""
    strait = graph.strait
    rows = [(int(n), "strait", str(strait[n])) for n in np.flatnonzero(strait != None)]  # noqa: E711
    rows += [(n, "fort_guns", forts.names[i]) for n, i in forts.guns]
    rows += [(n, "river_mouth", name) for n, name in currents.river_mouths]
    for bank, members in zip(banks, bank_members, strict=True):
        rows += [(int(n), "bank", bank.name) for n in members]
    return rows


def _node_table(graph: _Graph, steps: days.DaySteps) -> pa.Table:
    """The graph's nodes, then the day steps' waypoints."""
    all_lon = np.concatenate([graph.lon, steps.waypoint_lon])
    all_lat = np.concatenate([graph.lat, steps.waypoint_lat])
    waypoints = np.array(["waypoint"] * len(steps.waypoint_lon), object)
    all_kind = np.concatenate([graph.kind, waypoints])
    return pa.table(
        {
            "node_id": pa.array(np.arange(len(all_lon)), pa.int32()),
            "lon": pa.array(all_lon, pa.float64()),
            "lat": pa.array(all_lat, pa.float64()),
            "kind": pa.array(all_kind.tolist(), pa.string()),
            "geom": pa.array(points_wkb(all_lon, all_lat), pa.binary()),
        }
    )


def _leg_table(graph: _Graph, leg_days: np.ndarray) -> pa.Table:
    lon, lat, edges, traced = graph.lon, graph.lat, graph.edges, graph.traced
    leg_paths = [to_lonlat(traced[i]) if i in traced else None for i in range(len(edges))]
    return pa.table(
        {
            "leg_id": pa.array(np.arange(len(edges)), pa.int32()),
            "a": pa.array(edges[:, 0], pa.int32()),
            "b": pa.array(edges[:, 1], pa.int32()),
            "nm": pa.array(np.round(graph.length, 3), pa.float64()),
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


def _step_table(graph: _Graph, steps: days.DaySteps) -> pa.Table:
    all_lon = np.concatenate([graph.lon, steps.waypoint_lon])
    all_lat = np.concatenate([graph.lat, steps.waypoint_lat])
    step_paths = [
        None if p is None else (round_coords(p[0]), round_coords(p[1])) for p in steps.paths
    ]
    return pa.table(
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


def _nation_table(nations: list[ports.Nation]) -> pa.Table:
    return pa.table(
        {
            "nation": [n.nation for n in nations],
            "name": [n.name for n in nations],
            "field": [n.field for n in nations],
            "border": [n.border for n in nations],
        }
    )


def _port_table(attached: ports.Attached, port_ids: np.ndarray, fortified: np.ndarray) -> pa.Table:
    return pa.table(
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


def _water_table(forts: _Forts) -> pa.Table:
    protected = forts.protected
    return pa.table(
        {
            "node_id": pa.array(protected.node, pa.int32()),
            "nation": [forts.nations[i] for i in protected.fort],
            "fort_port_id": pa.array(forts.port_ids[protected.fort], pa.int32()),
            "days": pa.array(protected.days, pa.int32()),
        }
    )


def _current_table(currents: grain.Currents) -> pa.Table:
    return pa.table(
        {
            "node_id": pa.array(currents.node, pa.int32()),
            "toward_deg": pa.array(currents.toward_deg, pa.float64()),
            "knots": pa.array(currents.knots, pa.float64()),
            "stream": currents.stream,
        }
    )


def _wind_table(winds: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]) -> pa.Table:
    return pa.table(
        {
            "node_id": pa.array(winds[0], pa.int32()),
            "season": pa.array(winds[1], pa.int16()),
            "toward_deg": pa.array(winds[2], pa.float64()),
            "knots": pa.array(winds[3], pa.float64()),
        }
    )


def _sea_table(seas: list[places.Named]) -> pa.Table:
    return pa.table(
        {
            "sea_id": pa.array(np.arange(len(seas)), pa.int32()),
            "name": [sea.name for sea in seas],
            "label_lon": pa.array([sea.label[0] if sea.label else 0.0 for sea in seas]),
            "label_lat": pa.array([sea.label[1] if sea.label else 0.0 for sea in seas]),
        }
    )


def _sea_node_table(sea_of: np.ndarray) -> pa.Table:
    """Which named sea each node lies in, for the nodes in one."""
    in_a_sea = np.flatnonzero(sea_of >= 0)
    return pa.table(
        {
            "node_id": pa.array(in_a_sea, pa.int32()),
            "sea_id": pa.array(sea_of[in_a_sea], pa.int32()),
        }
    )


def _drake_table(route: list[tuple[int, str | None]]) -> pa.Table:
    return pa.table(
        {
            "seq": pa.array(np.arange(len(route)), pa.int32()),
            "node_id": pa.array([n for n, _ in route], pa.int32()),
            "place": pa.array([p for _, p in route], pa.string()),
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
