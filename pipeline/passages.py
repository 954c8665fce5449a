"""Stage 5, the straits: narrow passages traced by hand (data/passages.geojson), which the
coastal spacing would miss, threaded into the graph as chains of 'passage' nodes.

A chain's nodes sit at most a day's sail apart along the trace, its legs follow the trace
(their length and geometry are the trace's, not a straight line's), and each end is joined to
the nearest graph nodes it can reach without crossing more than a spit of land. Every node of
the chain is also joined to the coast nodes on either side within a day's sail, where the
line crosses no land: a chain joined only at its ends would make a port beside a long strait
(Malacca, the Dardanelles, Hormuz, Sunda) sail out to one end of it and back.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.spatial import cKDTree

from .datafiles import lonlat_pairs, read_features
from .days import days_for
from .geo import Array, distance_nm, nm_of_chord, round_coords, split_polyline, to_lonlat, to_xyz
from .land import Land
from .params import BuildParams


@dataclass(frozen=True)
class Passage:
    name: str
    lon: Array
    lat: Array

    def inside(self, west: float, south: float, east: float, north: float) -> bool:
        return bool(
            (self.lon >= west).all()
            and (self.lon <= east).all()
            and (self.lat >= south).all()
            and (self.lat <= north).all()
        )


def load_passages(path: Path) -> list[Passage]:
    """The traced straits, checked: a FeatureCollection of named LineStrings of lon/lat."""
    passages = []
    for feature in read_features(path, ("name",), ("LineString",)):
        pairs = list(lonlat_pairs(feature, feature.coordinates))
        if len(pairs) < 2:
            raise feature.row.fail("a strait needs two or more [lon, lat] pairs")
        lon, lat = np.array(pairs).T
        passages.append(Passage(name=feature.row.text("name"), lon=lon, lat=lat))
    return passages


@dataclass(frozen=True)
class Threaded:
    """Passage nodes (numbered after the graph's) and the legs that chain and join them."""

    lon: Array
    lat: Array
    names: list[str]  # the strait each passage node belongs to
    edges: np.ndarray  # (m, 2) node ids, a < b
    length: Array  # nm along the trace (or straight, for joins)
    paths: list[tuple[Array, Array]]  # each edge's geometry, as lon and lat from a to b
    skipped: list[str]  # straits outside the box or that found nothing to join


def thread_passages(
    graph_lon: Array,
    graph_lat: Array,
    passages: list[Passage],
    land: Land,
    params: BuildParams,
    coast: np.ndarray | None = None,
) -> Threaded:
    """Chain each strait's nodes and join both ends to the graph (nodes 0..n-1 given), and
    each chain node to the coast nodes beside it (`coast`: which graph nodes are coast)."""
    n = len(graph_lon)
    graph_xyz = to_xyz(graph_lon, graph_lat)
    tree = cKDTree(graph_xyz) if n else None
    coast_ids = np.flatnonzero(coast) if coast is not None else np.arange(0)
    coast_tree = cKDTree(graph_xyz[coast_ids]) if len(coast_ids) else None
    lon_out: list[float] = []
    lat_out: list[float] = []
    names: list[str] = []
    edges: list[tuple[int, int]] = []
    lengths: list[float] = []
    paths: list[tuple[Array, Array]] = []
    skipped: list[str] = []
    box = params.box
    for passage in passages:
        if box is not None and not passage.inside(box.west, box.south, box.east, box.north):
            skipped.append(passage.name)
            continue
        trace = to_xyz(passage.lon, passage.lat)
        trace_nm = float(distance_nm(trace[:-1], trace[1:]).sum())
        cut, shapes = split_polyline(trace, max(1, int(np.ceil(trace_nm / params.day_nm - 1e-9))))
        joins = [_joins(cut[i], graph_xyz, tree, land, params) for i in (0, -1)]
        if tree is None or not joins[0] or not joins[1]:
            skipped.append(passage.name)
            continue
        first = n + len(lon_out)
        cut_lon, cut_lat = to_lonlat(cut)
        lon_out.extend(cut_lon.tolist())
        lat_out.extend(cut_lat.tolist())
        names.extend([passage.name] * len(cut))
        for k, shape in enumerate(shapes):
            edges.append((first + k, first + k + 1))
            lengths.append(float(distance_nm(shape[:-1], shape[1:]).sum()))
            paths.append(to_lonlat(shape))
        joined: set[tuple[int, int]] = set()
        sides = [
            _side_joins(cut[k], graph_xyz, coast_ids, coast_tree, land, params)
            for k in range(len(cut))
        ]
        for end, node_ids in [(0, joins[0]), (len(cut) - 1, joins[1]), *enumerate(sides)]:
            for node in node_ids:  # graph ids are below passage ids, so a = node
                if (node, end) in joined:
                    continue
                joined.add((node, end))
                pair = np.vstack([graph_xyz[node], cut[end]])
                edges.append((node, first + end))
                lengths.append(float(distance_nm(pair[:1], pair[1:])[0]))
                paths.append(to_lonlat(pair))
    edge_array = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    return Threaded(
        lon=round_coords(np.asarray(lon_out)),
        lat=round_coords(np.asarray(lat_out)),
        names=names,
        edges=edge_array,
        length=np.asarray(lengths, dtype=np.float64),
        paths=paths,
        skipped=skipped,
    )


def _side_joins(
    node: Array,
    graph_xyz: Array,
    coast_ids: np.ndarray,
    coast_tree: cKDTree | None,
    land: Land,
    params: BuildParams,
) -> list[int]:
    """The coast nodes a chain node can sail to in a day, straight and over no land."""
    if coast_tree is None:
        return []
    k = min(len(coast_ids), params.passage_side_count * 3)
    chord, index = coast_tree.query(node, k=k)
    chord, index = np.atleast_1d(chord), np.atleast_1d(index)
    index = coast_ids[index[nm_of_chord(chord) <= params.passage_side_nm]]
    if len(index) == 0:
        return []
    starts = np.repeat(node[None, :], len(index), axis=0)
    dry = land.crosses_at_most(starts, graph_xyz[index], 0.0, params.land_sample_nm)
    return sorted(int(i) for i in index[dry][: params.passage_side_count])


def _joins(
    end: Array, graph_xyz: Array, tree: cKDTree | None, land: Land, params: BuildParams
) -> list[int]:
    """The nearest graph nodes an end can sail to straight, crossing at most a spit of land."""
    if tree is None:
        return []
    k = min(len(graph_xyz), params.passage_join_count * 4)
    chord, index = tree.query(end, k=k)
    chord, index = np.atleast_1d(chord), np.atleast_1d(index)
    near = nm_of_chord(chord) <= params.passage_join_nm
    index = index[near]
    if len(index) == 0:
        return []
    ends = np.repeat(end[None, :], len(index), axis=0)
    wet = land.crosses_at_most(ends, graph_xyz[index], params.spit_nm, params.land_sample_nm)
    days = days_for(distance_nm(ends, graph_xyz[index]), params.day_nm)
    wet &= land.waypoints_at_sea(ends, graph_xyz[index], days)
    chosen = [int(i) for i in index[wet][: params.passage_join_count]]
    return sorted(chosen)
