"""Stage 1, the coast: a node offshore every day's coasting along every coast and island.

The offshore line is the outline of the land grown by `offshore_deg`. Growing the whole land at
once (a buffer and a union) takes 16 s at 1:10m, so each land polygon is simplified and grown on
its own, and the outline is what of those rings lies no nearer any land than the growth: a
sample of one island's ring that falls inside another's grown shape is not on the outline.
Nodes are then laid along each stretch of outline, one per day's sail, and nodes that end up
closer than `coast_min_gap_nm` (where stretches meet) are merged.
"""

from __future__ import annotations

import numpy as np
import shapely
from scipy.spatial import cKDTree

from .geo import Array, chord_of_nm, distance_nm, round_coords, to_xyz, wrap_lon
from .halves import in_halves
from .land import Land
from .params import BuildParams

_SAMPLE_DEG = 0.08  # the outline is sampled about every 5 nm
_TURN = np.array([360.0, 0.0])  # a shift of one turn of longitude


def coast_nodes(land: Land, params: BuildParams) -> tuple[Array, Array]:
    """Longitudes and latitudes of the coast nodes, in a deterministic order."""
    if len(land.parts) == 0:
        return np.empty(0), np.empty(0)
    simplify, tolerance = shapely.simplify, params.coast_simplify_deg
    simplified = in_halves(simplify, land.parts, tolerance, preserve_topology=True)
    grown = in_halves(shapely.buffer, simplified, params.offshore_deg, quad_segs=4)
    rings, owner = _rings(grown)
    rings = shapely.segmentize(rings, _SAMPLE_DEG)
    coords, ring_of = shapely.get_coordinates(rings, return_index=True)
    lon = wrap_lon(coords[:, 0])
    lat = coords[:, 1]
    outline = _on_outline(lon, lat, owner[ring_of], grown)
    outline &= (lat >= params.south_limit) & (lat <= params.north_limit)
    node_lon, node_lat = _lay_nodes(lon, lat, ring_of, outline, params.day_nm)
    node_lon, node_lat = _merge_close(node_lon, node_lat, params.coast_min_gap_nm)
    keep = ~land.contains(node_lon, node_lat)
    if params.box is not None:
        b = params.box
        keep &= (node_lon >= b.west) & (node_lon <= b.east)
        keep &= (node_lat >= b.south) & (node_lat <= b.north)
    return round_coords(node_lon[keep]), round_coords(node_lat[keep])


def _rings(grown: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every exterior and interior ring of the grown polygons, with the polygon each came from."""
    rings: list[shapely.LinearRing] = []
    owner: list[int] = []
    for index, shape in enumerate(grown):
        for polygon in shapely.get_parts(shape):
            count = shapely.get_num_interior_rings(polygon)
            rings.append(shapely.get_exterior_ring(polygon))
            rings.extend(shapely.get_interior_ring(polygon, range(count)))
            owner.extend([index] * (count + 1))
    return np.asarray(rings, dtype=object), np.asarray(owner, dtype=np.int64)


def _on_outline(lon: Array, lat: Array, owner: np.ndarray, grown: np.ndarray) -> np.ndarray:
    """Whether each ring sample lies on the outline: inside no other grown polygon.

    Polygons that reach past ±180 are also tested shifted by 360°, so the far side of the
    antimeridian counts.
    """
    shapes = list(grown)
    shape_owner = list(range(len(grown)))
    shifted = [False] * len(grown)
    bounds = shapely.bounds(grown)
    for index in np.flatnonzero(bounds[:, 2] > 180):
        shapes.append(shapely.transform(grown[index], lambda c: c - _TURN))
        shape_owner.append(int(index))
        shifted.append(True)
    for index in np.flatnonzero(bounds[:, 0] < -180):
        shapes.append(shapely.transform(grown[index], lambda c: c + _TURN))
        shape_owner.append(int(index))
        shifted.append(True)
    tests = np.asarray(shapes, dtype=object)
    test_owner = np.asarray(shape_owner)
    test_shifted = np.asarray(shifted)
    shapely.prepare(tests)
    points = shapely.points(lon, lat)
    point_index, test_index = shapely.STRtree(tests).query(points)
    other = (test_owner[test_index] != owner[point_index]) | test_shifted[test_index]
    point_index, test_index = point_index[other], test_index[other]
    inside = shapely.contains_xy(tests[test_index], lon[point_index], lat[point_index])
    covered = np.zeros(len(lon), dtype=bool)
    covered[point_index[inside]] = True
    return ~covered


def _lay_nodes(
    lon: Array, lat: Array, ring_of: np.ndarray, outline: np.ndarray, day_nm: float
) -> tuple[Array, Array]:
    """One node per day's sail along each stretch of outline, evenly spaced within it."""
    xyz = to_xyz(lon, lat)
    starts = np.searchsorted(ring_of, np.arange(ring_of.max() + 1 if len(ring_of) else 0))
    ends = np.append(starts[1:], len(ring_of))
    chosen: list[int] = []
    for start, end in zip(starts, ends, strict=True):
        if end - start < 2:
            continue
        idx = np.arange(start, end)
        kept = outline[idx]
        if kept.all():
            chosen.extend(_spread(idx, xyz, day_nm, closed=True))
            continue
        for stretch in _stretches(idx, kept):
            chosen.extend(_spread(stretch, xyz, day_nm, closed=False))
    pick = np.asarray(chosen, dtype=np.int64)
    return lon[pick], lat[pick]


def _stretches(idx: np.ndarray, kept: np.ndarray) -> list[np.ndarray]:
    """Runs of kept samples along a closed ring; a run over the ring's seam is joined up."""
    runs: list[np.ndarray] = []
    edges = np.diff(np.concatenate([[0], kept.astype(np.int8), [0]]))
    begins = np.flatnonzero(edges == 1)
    finishes = np.flatnonzero(edges == -1)
    for b, f in zip(begins, finishes, strict=True):
        runs.append(idx[b:f])
    if len(runs) > 1 and kept[0] and kept[-1]:
        runs[0] = np.concatenate([runs.pop(), runs[0]])
    return runs


def _spread(stretch: np.ndarray, xyz: Array, day_nm: float, *, closed: bool) -> list[int]:
    """Samples about a day apart along a stretch; a stretch under a third of a day gets none."""
    segment = distance_nm(xyz[stretch[:-1]], xyz[stretch[1:]])
    length = float(segment.sum())
    count = round(length / day_nm)
    if count == 0:
        if closed or length >= day_nm / 3:
            count = 1
        else:
            return []
    along = np.concatenate([[0.0], np.cumsum(segment)])
    targets = (np.arange(count) + 0.5) * length / count
    at = np.clip(np.searchsorted(along, targets) - 1, 0, len(stretch) - 1)
    return [int(i) for i in stretch[at]]


def _merge_close(lon: Array, lat: Array, gap_nm: float) -> tuple[Array, Array]:
    """Drop each node that lies within gap_nm of an earlier kept node."""
    if len(lon) == 0:
        return lon, lat
    tree = cKDTree(to_xyz(lon, lat))
    pairs = tree.query_pairs(float(chord_of_nm(gap_nm)), output_type="ndarray")
    keep = np.ones(len(lon), dtype=bool)
    if len(pairs):
        pairs = pairs[np.lexsort((pairs[:, 1], pairs[:, 0]))]
        for a, b in pairs:
            if keep[a] and keep[b]:
                keep[b] = False
    return lon[keep], lat[keep]
