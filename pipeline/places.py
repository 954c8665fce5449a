"""Named places on the sea graph: the banks that keep deep keels off (data/banks.geojson), the
named seas as the charts of the time lettered them (data/seas.geojson), and Drake's route round
the world as the places he touched (data/drake.csv), traced through the graph."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra
from scipy.spatial import cKDTree

from .datafiles import Feature, lonlat_pairs, read_csv, read_features
from .geo import Array, to_xyz

BANK_MARGIN_DEG = 0.1  # a node this close to a bank's outline is on it


def _polygon(feature: Feature) -> shapely.Geometry:
    rings = feature.coordinates
    if feature.geometry_type == "Polygon":
        rings = [rings]
    polygons = []
    for polygon in rings if isinstance(rings, list) else []:
        if not isinstance(polygon, list) or not polygon:
            raise feature.row.fail("malformed coordinates")
        shell = list(lonlat_pairs(feature, polygon[0]))
        holes = [list(lonlat_pairs(feature, ring)) for ring in polygon[1:]]
        if len(shell) < 4:
            raise feature.row.fail("a polygon needs four or more points")
        polygons.append(shapely.Polygon(shell, holes))
    if not polygons:
        raise feature.row.fail("malformed coordinates")
    shape = shapely.make_valid(shapely.MultiPolygon(polygons) if len(polygons) > 1 else polygons[0])
    return shape


@dataclass(frozen=True)
class Named:
    name: str
    shape: shapely.Geometry
    label: tuple[float, float] | None = None


def load_banks(path: Path) -> list[Named]:
    kinds = ("Polygon", "MultiPolygon")
    return [Named(f.row.text("name"), _polygon(f)) for f in read_features(path, ("name",), kinds)]


def load_seas(path: Path) -> list[Named]:
    seas = []
    seen: set[str] = set()
    columns = ("name", "label_lon", "label_lat")
    for f in read_features(path, columns, ("Polygon", "MultiPolygon")):
        name = f.row.text("name")
        if name in seen:
            raise f.row.fail(f"sea {name!r} appears twice")
        seen.add(name)
        seas.append(Named(name, _polygon(f), (f.row.lon("label_lon"), f.row.lat("label_lat"))))
    return seas


def nodes_in(shapes: list[Named], lon: Array, lat: Array, margin: float = 0.0) -> list[np.ndarray]:
    """For each shape, the nodes inside it (or within `margin` degrees of it)."""
    out = []
    for named in shapes:
        shape = shapely.buffer(named.shape, margin) if margin else named.shape
        shapely.prepare(shape)
        out.append(np.flatnonzero(shapely.contains_xy(shape, lon, lat)))
    return out


def sea_of_nodes(seas: list[Named], lon: Array, lat: Array) -> np.ndarray:
    """Each node's sea (index into seas) or -1; where seas overlap, the smaller one wins."""
    sea = np.full(len(lon), -1)
    order = sorted(range(len(seas)), key=lambda i: (-shapely.area(seas[i].shape), i))
    members = nodes_in(seas, lon, lat)
    for i in order:  # largest first, so smaller seas overwrite
        sea[members[i]] = i
    return sea


@dataclass(frozen=True)
class Place:
    name: str
    lon: float
    lat: float


def load_drake(path: Path) -> list[Place]:
    rows = read_csv(path, ("order", "place", "lon", "lat"))
    places = []
    for row in sorted(rows, key=lambda r: r.number_in("order", 0, 1e6)):
        places.append(Place(row.text("place"), row.lon(), row.lat()))
    return places


def trace_route(
    places: list[Place],
    graph: csr_matrix,
    node_lon: Array,
    node_lat: Array,
    candidates: np.ndarray,
) -> list[tuple[int, str | None]]:
    """The route through the graph: from each place's nearest node (among candidates) to the
    next by the shortest way, as (node, place name where he touched, else None)."""
    if len(places) < 2 or len(candidates) == 0:
        return []
    tree = cKDTree(to_xyz(node_lon[candidates], node_lat[candidates]))
    at = [
        int(candidates[tree.query(to_xyz(np.array([p.lon]), np.array([p.lat])))[1][0]])
        for p in places
    ]
    route: list[tuple[int, str | None]] = [(at[0], places[0].name)]
    for k in range(1, len(places)):
        _, pred = dijkstra(graph, directed=False, indices=at[k - 1], return_predecessors=True)
        path = []
        node = at[k]
        while node != at[k - 1] and node >= 0:
            path.append(node)
            node = int(pred[node])
        if node < 0:
            continue
        for node in reversed(path[1:]):
            route.append((node, None))
        if at[k] != at[k - 1]:
            route.append((at[k], places[k].name))
    return route
