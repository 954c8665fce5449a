"""The sphere: unit vectors, great-circle distances in nautical miles, interpolation.

Everything that measures or triangulates works on unit vectors in 3-D, so nothing is distorted
near the poles or split at the antimeridian; lon/lat is only for input and output.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

EARTH_RADIUS_NM = 3440.065
"""Mean Earth radius in nautical miles (6371.0088 km / 1.852)."""

COORD_DECIMALS = 6
"""Coordinates are rounded to 1e-6 degrees (about 0.1 m) where a stage hands them on, so
the last bits of a platform's trigonometry never reach the tables or the content hash."""

Array = npt.NDArray[np.float64]


def to_xyz(lon: Array, lat: Array) -> Array:
    """Unit vectors, shape (n, 3), for degrees of longitude and latitude."""
    lo = np.radians(np.asarray(lon, dtype=np.float64))
    la = np.radians(np.asarray(lat, dtype=np.float64))
    cos_la = np.cos(la)
    return np.column_stack([cos_la * np.cos(lo), cos_la * np.sin(lo), np.sin(la)])


def to_lonlat(xyz: Array) -> tuple[Array, Array]:
    """Degrees of longitude in [-180, 180] and latitude, for (not necessarily unit) vectors."""
    v = np.asarray(xyz, dtype=np.float64)
    norm = np.linalg.norm(v, axis=1)
    lon = np.degrees(np.arctan2(v[:, 1], v[:, 0]))
    lat = np.degrees(np.arcsin(np.clip(v[:, 2] / norm, -1.0, 1.0)))
    return lon, lat


def round_coords(values: Array) -> Array:
    out: Array = np.round(np.asarray(values, dtype=np.float64), COORD_DECIMALS).astype(np.float64)
    out[out == 0.0] = 0.0  # no negative zeros
    return out


def chord_of_nm(nm: float | Array) -> float | Array:
    """The straight-line distance between unit vectors that lie `nm` apart on the surface."""
    return 2.0 * np.sin(np.asarray(nm) / EARTH_RADIUS_NM / 2.0)


def nm_of_chord(chord: Array) -> Array:
    return 2.0 * np.arcsin(np.clip(np.asarray(chord) / 2.0, 0.0, 1.0)) * EARTH_RADIUS_NM


def distance_nm(a: Array, b: Array) -> Array:
    """Great-circle distances between rows of unit vectors a and b."""
    return nm_of_chord(np.linalg.norm(np.asarray(a) - np.asarray(b), axis=-1))


def slerp(a: Array, b: Array, t: Array) -> Array:
    """Points a fraction t of the way along the great circles from rows a to rows b."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    t = np.asarray(t, dtype=np.float64)[:, None]
    dot = np.clip(np.sum(a * b, axis=1), -1.0, 1.0)[:, None]
    omega = np.arccos(dot)
    sin_omega = np.sin(omega)
    near = sin_omega[:, 0] < 1e-9
    safe = np.where(near[:, None], 1.0, sin_omega)
    out = (np.sin((1.0 - t) * omega) * a + np.sin(t * omega) * b) / safe
    lerp = (1.0 - t) * a + t * b
    out[near] = lerp[near]
    result: Array = out / np.linalg.norm(out, axis=1)[:, None]
    return result


def wrap_lon(lon: Array) -> Array:
    """Longitudes folded into [-180, 180)."""
    wrapped: Array = (np.asarray(lon, dtype=np.float64) + 180.0) % 360.0 - 180.0
    return wrapped


def split_polyline(xyz: Array, pieces: int) -> tuple[Array, list[Array]]:
    """Cut a polyline of unit vectors into `pieces` of equal length along it.

    Returns the pieces+1 cut points (the ends included) and each piece's vertices.
    """
    points, cumulative, cuts = _cut_points(xyz, pieces)
    # The vertices strictly inside each piece: cumulative never falls, so they are a run.
    first = np.searchsorted(cumulative, cuts[:-1], side="right")
    last = np.maximum(first, np.searchsorted(cumulative, cuts[1:], side="left"))
    shapes = [
        np.vstack([points[k : k + 1], xyz[first[k] : last[k]], points[k + 1 : k + 2]])
        for k in range(pieces)
    ]
    return points, shapes


def split_points(xyz: Array, pieces: int) -> Array:
    """The pieces+1 cut points of split_polyline alone (without the pieces' vertices)."""
    return _cut_points(xyz, pieces)[0]


def _cut_points(xyz: Array, pieces: int) -> tuple[Array, Array, Array]:
    """The cut points of a polyline into `pieces` of equal length, with the cumulative
    length at each vertex and at each cut."""
    segment = distance_nm(xyz[:-1], xyz[1:])
    cumulative = np.concatenate([[0.0], np.cumsum(segment)])
    total = float(cumulative[-1])
    cuts = np.linspace(0.0, total, pieces + 1)
    index = np.clip(np.searchsorted(cumulative, cuts, side="right") - 1, 0, len(segment) - 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        t = np.where(segment[index] > 0, (cuts - cumulative[index]) / segment[index], 0.0)
    points = slerp(xyz[index], xyz[index + 1], np.clip(t, 0.0, 1.0))
    points[0], points[-1] = xyz[0], xyz[-1]
    return points, cumulative, cuts


def initial_bearing(a: Array, b: Array) -> Array:
    """Degrees clockwise from north of the great circle from each row of a toward b."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    north = np.array([0.0, 0.0, 1.0])
    east_dir = np.cross(north, a)
    east_norm = np.linalg.norm(east_dir, axis=1)
    east_dir = east_dir / np.where(east_norm > 0, east_norm, 1.0)[:, None]
    north_dir = np.cross(a, east_dir)
    d = b - a
    bearing = np.degrees(np.arctan2(np.sum(d * east_dir, axis=1), np.sum(d * north_dir, axis=1)))
    out: Array = np.mod(bearing, 360.0)
    return out
