"""Stage 2, the open ocean: filled in, sparser the farther from land, up to `ocean_max_nm`
apart mid-ocean.

The wanted spacing grows with the distance d from the nearest coast node. It is taken in
levels, each 15% sparser than the last; each level lays an even Fibonacci lattice of its own
spacing over the sphere and keeps the lattice points whose d falls in its band, that are at sea,
and that keep their distance from every node laid before them.
"""

from __future__ import annotations

import numpy as np
from scipy.spatial import cKDTree

from .geo import EARTH_RADIUS_NM, Array, nm_of_chord, round_coords, to_lonlat, to_xyz
from .land import Land
from .params import BuildParams

_LEVEL_STEP = 1.15
_KEEP_CLEAR = 0.8  # a new node keeps this share of its level's spacing from older nodes


def spacing_levels(params: BuildParams) -> list[float]:
    """The spacings, densest first, ending at ocean_max_nm."""
    levels = []
    spacing = params.ocean_min_nm
    while spacing < params.ocean_max_nm:
        levels.append(spacing)
        spacing *= _LEVEL_STEP
    levels.append(params.ocean_max_nm)
    return levels


def fibonacci_sphere(count: int) -> Array:
    """`count` points spread evenly over the unit sphere (a Fibonacci lattice)."""
    i = np.arange(count, dtype=np.float64) + 0.5
    z = 1.0 - 2.0 * i / count
    phi = np.pi * (1.0 + 5.0**0.5) * i
    r = np.sqrt(1.0 - z * z)
    return np.column_stack([r * np.cos(phi), r * np.sin(phi), z])


def ocean_nodes(
    coast_lon: Array, coast_lat: Array, land: Land, params: BuildParams
) -> tuple[Array, Array]:
    """Longitudes and latitudes of the ocean nodes, densest level first."""
    coast = to_xyz(coast_lon, coast_lat)
    coast_tree = cKDTree(coast) if len(coast) else None
    placed = [coast]
    out_lon: list[Array] = []
    out_lat: list[Array] = []
    levels = spacing_levels(params)
    sphere_area = 4.0 * np.pi * EARTH_RADIUS_NM**2
    for k, spacing in enumerate(levels):
        near = params.ocean_start_nm + (spacing - params.ocean_min_nm) / params.ocean_growth
        far = (
            params.ocean_start_nm + (levels[k + 1] - params.ocean_min_nm) / params.ocean_growth
            if k + 1 < len(levels)
            else np.inf
        )
        lattice = fibonacci_sphere(int(sphere_area / (spacing * spacing * 0.866)))
        lon, lat = to_lonlat(lattice)
        keep = (lat >= params.south_limit) & (lat <= params.north_limit)
        if params.box is not None:
            b = params.box
            keep &= (lon >= b.west) & (lon <= b.east) & (lat >= b.south) & (lat <= b.north)
        lattice, lon, lat = lattice[keep], lon[keep], lat[keep]
        if coast_tree is not None:
            d = nm_of_chord(coast_tree.query(lattice)[0])
        else:
            d = np.full(len(lattice), np.inf)
        keep = (d >= near) & (d < far) if k + 1 < len(levels) else d >= near
        lattice, lon, lat = lattice[keep], lon[keep], lat[keep]
        keep = ~land.contains(lon, lat)
        lattice, lon, lat = lattice[keep], lon[keep], lat[keep]
        earlier = np.vstack(placed)
        if len(earlier) and len(lattice):
            clear = nm_of_chord(cKDTree(earlier).query(lattice)[0]) >= _KEEP_CLEAR * spacing
            lattice, lon, lat = lattice[clear], lon[clear], lat[clear]
        placed.append(lattice)
        out_lon.append(lon)
        out_lat.append(lat)
    if not out_lon:
        return np.empty(0), np.empty(0)
    return round_coords(np.concatenate(out_lon)), round_coords(np.concatenate(out_lat))
