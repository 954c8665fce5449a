"""Geometry for the tables: points and lines as WKB, lines split where they cross ±180° so
that a GIS draws them the short way round."""

from __future__ import annotations

import numpy as np
import shapely

from .geo import Array


def points_wkb(lon: Array, lat: Array) -> list[bytes]:
    return list(shapely.to_wkb(shapely.points(lon, lat)))


def _unwrap(lon: Array) -> Array:
    """Longitudes made continuous along a line (steps of more than 180° taken the short way)."""
    step = np.diff(lon)
    step = (step + 180.0) % 360.0 - 180.0
    return np.concatenate([lon[:1], lon[0] + np.cumsum(step)])


def line_shape(lon: Array, lat: Array) -> shapely.Geometry:
    """A LineString, or a MultiLineString cut at the antimeridian."""
    x = _unwrap(np.asarray(lon, dtype=np.float64))
    y = np.asarray(lat, dtype=np.float64)
    if x.min() >= -180.0 and x.max() <= 180.0:
        return shapely.linestrings(np.column_stack([x, y]))
    shift = 360.0 if x.min() < -180.0 else -360.0
    edge = -180.0 if shift > 0 else 180.0
    pieces: list[list[tuple[float, float]]] = [[(float(x[0]), float(y[0]))]]
    for i in range(1, len(x)):
        x0, y0, x1, y1 = x[i - 1], y[i - 1], x[i], y[i]
        if (x0 - edge) * (x1 - edge) < 0:
            t = (edge - x0) / (x1 - x0)
            yc = float(y0 + t * (y1 - y0))
            pieces[-1].append((edge, yc))
            pieces.append([(edge, yc)])
        pieces[-1].append((float(x1), float(y1)))
    lines = []
    for piece in pieces:
        coords = np.asarray(piece)
        if coords[:, 0].min() < -180.0 or coords[:, 0].max() > 180.0:
            coords[:, 0] += shift
        lines.append(shapely.linestrings(coords))
    return shapely.multilinestrings(lines)


def lines_wkb(
    start_lon: Array,
    start_lat: Array,
    end_lon: Array,
    end_lat: Array,
    paths: list[tuple[Array, Array] | None] | None = None,
) -> list[bytes]:
    """WKB lines from start to end, or along paths[i] where one is given."""
    n = len(start_lon)
    crossing = np.abs(np.asarray(end_lon) - np.asarray(start_lon)) > 180.0
    coords = np.empty((2 * n, 2))
    coords[0::2, 0], coords[0::2, 1] = start_lon, start_lat
    coords[1::2, 0], coords[1::2, 1] = end_lon, end_lat
    shapes = shapely.linestrings(coords, indices=np.repeat(np.arange(n), 2)) if n else []
    out = list(shapely.to_wkb(shapes)) if n else []
    for i in range(n):
        path = paths[i] if paths is not None else None
        if path is not None:
            out[i] = shapely.to_wkb(line_shape(path[0], path[1]))
        elif crossing[i]:
            out[i] = shapely.to_wkb(
                line_shape(
                    np.array([start_lon[i], end_lon[i]]), np.array([start_lat[i], end_lat[i]])
                )
            )
    return out
