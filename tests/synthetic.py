"""Small synthetic worlds for the stage tests: islands and straits made of squares."""

from __future__ import annotations

import numpy as np
import shapely

from privateer.pipeline.land import Land


def square(lon: float, lat: float, half: float) -> shapely.Polygon:
    return shapely.box(lon - half, lat - half, lon + half, lat + half)


def land_of(*polygons: shapely.Polygon) -> Land:
    return Land.from_polygons(np.asarray(polygons, dtype=object))
