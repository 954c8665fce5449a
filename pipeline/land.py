"""Land: the source's polygons dissolved, and the questions the stages ask of it (is this point
on land, how much land does this edge cross)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cached_property

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
        """Dissolve polygons (a coverage, such as countries, or disjoint land) into land
        (`Dissolve`, waited for)."""
        return Dissolve(polygons).settled()

    @classmethod
    def from_dissolved(cls, dissolved: shapely.Geometry) -> Land:
        """The land of a dissolved geometry: its polygons (points and lines left out)."""
        parts = shapely.get_parts(dissolved)
        return cls.from_parts(parts[shapely.get_type_id(parts) == 3])

    @classmethod
    def from_parts(cls, parts: np.ndarray) -> Land:
        parts = np.asarray(parts, dtype=object)
        mask = shapely.multipolygons(parts) if len(parts) else shapely.MultiPolygon()
        shapely.prepare(mask)
        return cls(parts=parts, mask=mask)

    def contains(self, lon: Array, lat: Array) -> np.ndarray:
        """Whether each point is on land (longitudes are wrapped first).

        The answer is the prepared mask's, point for point; the grid only spares asking it
        for the points whose cell no coastline comes near (see _Grid).
        """
        if len(self.parts) == 0:
            return np.zeros(len(np.asarray(lon)), dtype=bool)
        x = wrap_lon(lon)
        y = np.asarray(lat, dtype=np.float64)
        state = self._grid.state_of(x, y)
        out: np.ndarray = state == _INSIDE
        ask = np.flatnonzero(state == _MIXED)
        if len(ask):
            out[ask] = shapely.contains_xy(self.mask, x[ask], y[ask])
        return out

    @cached_property
    def _grid(self) -> _Grid:
        return _Grid.of(self.parts, self.mask)

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


class Dissolve:
    """Polygons dissolved into land, the answer given before it is sure.

    coverage_union_all is five times faster than union_all, and right for inputs whose
    polygons only touch; overlapping inputs need union_all. Whether they only touch
    (coverage_is_valid) is the longer question, 1.07 s of the bundled countries against the
    union's 0.5 s, so it is asked on a thread of its own (shapely lets go of the GIL) while the
    coverage's union is made, and `land` is that union at once: the world build lays its coast
    on it while the check goes on, and asks `settled` after. For every input that is a
    coverage (the bundled countries, Natural Earth's land) the two are the same object, so
    nothing is done twice; for one that is not, `settled` is the full union and the build
    lays its coast again on it."""

    def __init__(self, polygons: np.ndarray) -> None:
        polygons = shapely.make_valid(polygons)
        self._polygons = polygons[~shapely.is_empty(polygons)]
        self._beside = ThreadPoolExecutor(1, thread_name_prefix="coverage check")
        self._only_touching = self._beside.submit(_only_touching, self._polygons)
        self.land = Land.from_dissolved(
            shapely.coverage_union_all(self._polygons) if len(self._polygons) else EMPTY
        )

    def settled(self) -> Land:
        """The land for certain: `land` itself if the polygons only touch, else their full
        union (waits for the check)."""
        try:
            only_touching = self._only_touching.result()
        finally:
            self._beside.shutdown()
        if only_touching:
            return self.land
        return Land.from_dissolved(shapely.union_all(self._polygons))


EMPTY = shapely.MultiPolygon()


def _only_touching(polygons: np.ndarray) -> bool:
    """Whether the polygons only touch, never overlap (none: they do not)."""
    return bool(shapely.coverage_is_valid(polygons)) if len(polygons) else True


_OUTSIDE, _INSIDE, _MIXED = 0, 1, 2
_CELL_DEG = 0.25  # a power of two: the cells' edges are exact


@dataclass(frozen=True)
class _Grid:
    """Cells of _CELL_DEG over lon/lat, each known to lie wholly at sea, wholly on land, or
    near a coastline (mixed: its points are put to the mask one by one).

    A cell is mixed when the bounding box of a segment of any ring, grown by a cell each way,
    covers it. The other cells' closed boxes meet no ring, so each 4-connected region of them
    lies wholly inside or wholly outside the land, and one point of it, put to the mask, says
    which."""

    x_edges: Array
    y_edges: Array
    state: np.ndarray  # int8, (rows, columns)

    @classmethod
    def of(cls, parts: np.ndarray, mask: shapely.MultiPolygon) -> _Grid:
        from scipy import ndimage

        x_edges = np.arange(-180.0, 180.0 + _CELL_DEG / 2, _CELL_DEG)
        y_edges = np.arange(-90.0, 90.0 + _CELL_DEG / 2, _CELL_DEG)
        rows, columns = len(y_edges) - 1, len(x_edges) - 1
        coords, ring = shapely.get_coordinates(shapely.get_rings(parts), return_index=True)
        same = ring[1:] == ring[:-1]  # a segment joins two vertices of one ring
        cx = cls._cell(x_edges, coords[:, 0])  # the cell of a segment's box's corner is the
        cy = cls._cell(y_edges, coords[:, 1])  # least (greatest) of its ends' cells
        x0 = np.minimum(cx[:-1], cx[1:])[same] - 1
        x1 = np.maximum(cx[:-1], cx[1:])[same] + 1
        y0 = np.minimum(cy[:-1], cy[1:])[same] - 1
        y1 = np.maximum(cy[:-1], cy[1:])[same] + 1
        x0, y0 = np.clip(x0, 0, columns), np.clip(y0, 0, rows)
        x1, y1 = np.clip(x1 + 1, 0, columns), np.clip(y1 + 1, 0, rows)  # exclusive ends
        # Each segment's box of cells, +1 at two corners and -1 at the others: summed along
        # both axes, a cell's count is how many boxes cover it.
        size = (rows + 1) * (columns + 1)
        width = columns + 1
        marks = np.bincount(np.concatenate([y0 * width + x0, y1 * width + x1]), minlength=size)
        marks -= np.bincount(np.concatenate([y0 * width + x1, y1 * width + x0]), minlength=size)
        covers = marks.reshape(rows + 1, columns + 1).cumsum(axis=0).cumsum(axis=1)
        mixed = covers[:rows, :columns] > 0
        labels, count = ndimage.label(~mixed)
        one = np.zeros(count + 1, dtype=np.int64)
        one[labels.ravel()] = np.arange(labels.size)  # a cell of each region, by label
        row, column = np.divmod(one[1:], columns)
        centre_x = (x_edges[column] + x_edges[column + 1]) / 2
        centre_y = (y_edges[row] + y_edges[row + 1]) / 2
        inside = np.asarray(shapely.contains_xy(mask, centre_x, centre_y))
        region_state = np.concatenate([[_MIXED], np.where(inside, _INSIDE, _OUTSIDE)])
        state = region_state[labels].astype(np.int8)
        return cls(x_edges, y_edges, state)

    @staticmethod
    def _cell(edges: Array, values: Array) -> np.ndarray:
        """The cell [edges[k], edges[k+1]) each value falls in (-1 or len(edges)-1 outside)."""
        return np.searchsorted(edges, values, side="right") - 1

    def state_of(self, x: Array, y: Array) -> np.ndarray:
        """Each point's cell's state; mixed for a point outside the grid (or not a number)."""
        column = self._cell(self.x_edges, x)
        row = self._cell(self.y_edges, y)
        rows, columns = self.state.shape
        on = (column >= 0) & (column < columns) & (row >= 0) & (row < rows)
        state = np.full(len(x), _MIXED, dtype=np.int8)
        state[on] = self.state[row[on], column[on]]
        return state
