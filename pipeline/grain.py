"""The grain of the sea on every node: the current it lies in (data/currents.geojson, pushed
aside near the great rivers of data/rivers.csv), and the wind of each season (winds.py).

A stream is a centre line drawn the way the water flows, with a strength and a width; a node
within half the width of the line lies in it and runs the way the line runs at its nearest
point, at full strength on the line and half at the edge. Where streams overlap, the one whose
line is nearest (for its width) wins. Most of the sea has no current.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.spatial import cKDTree

from privateer.engine.winds import wind

from .datafiles import lonlat_pairs, read_csv, read_features
from .geo import (
    Array,
    chord_of_nm,
    distance_nm,
    initial_bearing,
    nm_of_chord,
    split_points,
    to_xyz,
)

_SAMPLE_NM = 2.0  # fine enough that the nearest sample is within a mile of the line


@dataclass(frozen=True)
class Stream:
    name: str
    knots: float
    width_nm: float
    lon: Array
    lat: Array


@dataclass(frozen=True)
class River:
    name: str
    lon: float
    lat: float
    toward_deg: float
    knots: float
    reach_nm: float


def load_streams(path: Path) -> list[Stream]:
    streams = []
    for feature in read_features(path, ("name", "knots", "width_nm"), ("LineString",)):
        row = feature.row
        pairs = list(lonlat_pairs(feature, feature.coordinates))
        if len(pairs) < 2:
            raise row.fail("a stream needs two or more points")
        lon, lat = np.array(pairs).T
        streams.append(
            Stream(
                row.text("name"),
                row.number_in("knots", 0.0, 10.0),
                row.number_in("width_nm", 1.0, 2000.0),
                lon,
                lat,
            )
        )
    return streams


def load_rivers(path: Path) -> list[River]:
    columns = ("name", "lon", "lat", "toward_deg", "knots", "reach_nm")
    return [
        River(
            row.text("name"),
            row.lon(),
            row.lat(),
            row.number_in("toward_deg", 0.0, 360.0),
            row.number_in("knots", 0.0, 10.0),
            row.number_in("reach_nm", 1.0, 1000.0),
        )
        for row in read_csv(path, columns)
    ]


@dataclass(frozen=True)
class Currents:
    node: np.ndarray
    toward_deg: Array
    knots: Array
    stream: list[str]
    river_mouths: list[tuple[int, str]]  # (node, river) within a river's reach


def _stream_samples(stream: Stream) -> tuple[Array, Array]:
    """Points every couple of miles along a stream, with the course there."""
    xyz = to_xyz(stream.lon, stream.lat)
    length = float(distance_nm(xyz[:-1], xyz[1:]).sum())
    points = split_points(xyz, max(1, int(np.ceil(length / _SAMPLE_NM))))
    course = initial_bearing(points[:-1], points[1:])
    return points, np.append(course, course[-1])


def assign_currents(
    node_lon: Array, node_lat: Array, streams: list[Stream], rivers: list[River]
) -> Currents:
    nodes = to_xyz(node_lon, node_lat)
    n = len(nodes)
    score = np.full(n, np.inf)  # distance from the line as a share of the half-width
    toward = np.zeros(n)
    knots = np.zeros(n)
    which = np.full(n, -1)
    for s, stream in enumerate(streams):
        samples, course = _stream_samples(stream)
        half = stream.width_nm / 2.0
        chord, nearest = cKDTree(samples).query(
            nodes, distance_upper_bound=float(chord_of_nm(half))
        )
        inside = np.isfinite(chord)
        share = np.full(n, np.inf)
        share[inside] = nm_of_chord(chord[inside]) / half
        better = share < score
        score[better] = share[better]
        toward[better] = course[nearest[better]]
        knots[better] = stream.knots * (1.0 - 0.5 * share[better])
        which[better] = s
    names = [stream.name for stream in streams]
    river_mouths: list[tuple[int, str]] = []
    for river in rivers:
        mouth = to_xyz(np.array([river.lon]), np.array([river.lat]))
        d = distance_nm(nodes, np.repeat(mouth, n, axis=0))
        near = np.flatnonzero(d <= river.reach_nm)
        strength = river.knots * (1.0 - d[near] / river.reach_nm)
        wins = strength >= knots[near]
        for node in near[wins]:
            which[node] = len(names)
        toward[near[wins]] = river.toward_deg
        knots[near[wins]] = strength[wins]
        names.append(river.name)
        river_mouths.extend((int(node), river.name) for node in near)
    has = np.flatnonzero((which >= 0) & (knots > 0))
    return Currents(
        node=has,
        toward_deg=np.round(toward[has], 3),
        knots=np.round(knots[has], 3),
        stream=[names[which[i]] for i in has],
        river_mouths=river_mouths,
    )


def winds_by_season(
    node_lon: Array, node_lat: Array
) -> tuple[np.ndarray, np.ndarray, Array, Array]:
    """(node, season, toward_deg, knots) rows for every node and each of the four seasons."""
    node = np.arange(len(node_lon))
    rows = [wind(node_lon, node_lat, season) for season in range(4)]
    return (
        np.tile(node, 4),
        np.repeat(np.arange(4), len(node)),
        np.concatenate([r[0] for r in rows]),
        np.concatenate([r[1] for r in rows]),
    )
