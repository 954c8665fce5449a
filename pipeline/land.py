"""Land: the source's polygons dissolved, and the questions the stages ask of it (is this point
on land, how much land does this edge cross)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely

from .geo import Array, distance_nm, to_lonlat, wrap_lon


@dataclass(frozen=True)
class Land:
    """Dissolved land polygons, and one prepared MultiPolygon of them for point tests."""

    parts: np.ndarray  # of shapely Polygons, in a deterministic order
    mask: shapely.MultiPolygon

    @classmethod
    def from_polygons(cls, polygons: np.ndarray) -> Land:
        """Dissolve polygons (a coverage, such as countries, or disjoint land) into land.

        coverage_union_all is five times faster than union_all, and right for inputs whose
        polygons only touch; overlapping inputs fall back to union_all.
        """
        polygons = shapely.make_valid(polygons)
        polygons = polygons[~shapely.is_empty(polygons)]
        if len(polygons) == 0:
            dissolved = shapely.MultiPolygon()
        elif bool(shapely.coverage_is_valid(polygons)):
            dissolved = shapely.coverage_union_all(polygons)
        else:
            dissolved = shapely.union_all(polygons)
        parts = shapely.get_parts(dissolved)
        parts = parts[shapely.get_type_id(parts) == 3]  # polygons only
        return cls.from_parts(parts)

    @classmethod
    def from_parts(cls, parts: np.ndarray) -> Land:
        parts = np.asarray(parts, dtype=object)
        mask = shapely.multipolygons(parts) if len(parts) else shapely.MultiPolygon()
        shapely.prepare(mask)
        return cls(parts=parts, mask=mask)

    def contains(self, lon: Array, lat: Array) -> np.ndarray:
        """Whether each point is on land (longitudes are wrapped first)."""
        if len(self.parts) == 0:
            return np.zeros(len(np.asarray(lon)), dtype=bool)
        return np.asarray(shapely.contains_xy(self.mask, wrap_lon(lon), np.asarray(lat)))

    def land_nm(self, a: Array, b: Array, sample_nm: float) -> Array:
        """About how many miles of land each great-circle edge from a[i] to b[i] crosses.

        Each edge is sampled every `sample_nm`; the land samples' share of its length is the
        answer. Cheap and good to a sample's width, which is all "a spit of land" needs.
        """
        length = distance_nm(a, b)
        n = np.maximum(1, np.ceil(length / sample_nm).astype(np.int64))
        edge = np.repeat(np.arange(len(a)), n + 1)
        start = np.repeat(np.concatenate([[0], np.cumsum(n + 1)[:-1]]), n + 1)
        t = (np.arange(len(edge)) - start) / np.repeat(n, n + 1)
        points = a[edge] * (1.0 - t)[:, None] + b[edge] * t[:, None]
        lon, lat = to_lonlat(points)
        on_land = self.contains(lon, lat).astype(np.float64)
        share: Array = np.bincount(edge, weights=on_land, minlength=len(a)) / (n + 1)
        return share * length

    def crosses_at_most(self, a: Array, b: Array, limit_nm: float, sample_nm: float) -> np.ndarray:
        """Whether each edge crosses at most `limit_nm` of land: measured every `sample_nm`,
        and again six times finer for edges whose coarse measure is within a sample of the
        limit, so the answer is right to a sixth of a sample without paying for it everywhere.
        """
        coarse = self.land_nm(a, b, sample_nm)
        unsure = np.flatnonzero(np.abs(coarse - limit_nm) <= sample_nm)
        if len(unsure):
            coarse[unsure] = self.land_nm(a[unsure], b[unsure], sample_nm / 6.0)
        return np.asarray(coarse <= limit_nm)

    def waypoints_at_sea(
        self,
        a: Array,
        b: Array,
        days: np.ndarray,
        lat_limits: tuple[float, float] = (-90.0, 90.0),
    ) -> np.ndarray:
        """Whether every waypoint of each edge (split into `days` equal steps along the great
        circle) lies at sea and within the latitude limits, so a ship resting between days is
        never on land nor in the ice."""
        from .geo import slerp

        days = np.asarray(days, dtype=np.int64)
        at_sea = np.ones(len(a), dtype=bool)
        multi = np.flatnonzero(days > 1)
        if len(multi) == 0:
            return at_sea
        counts = days[multi] - 1
        edge = np.repeat(multi, counts)
        start = np.repeat(np.concatenate([[0], np.cumsum(counts)[:-1]]), counts)
        t = (np.arange(len(edge)) - start + 1) / np.repeat(days[multi], counts)
        lon, lat = to_lonlat(slerp(a[edge], b[edge], t))
        wet = ~self.contains(lon, lat) & (lat >= lat_limits[0]) & (lat <= lat_limits[1])
        at_sea[multi] = np.bincount(edge, weights=~wet, minlength=len(a))[multi] == 0
        return at_sea
