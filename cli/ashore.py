"""Whether a point typed for a course is on land: asked of the land the world was built from
(its source file, or the default Natural Earth layer where that file is gone, as the chart draws
it), read only when a person types LON,LAT. A database with no world built from a source (the
tests' synthetic sea) cannot say: None, and the course is not checked against land."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from privateer.db.run_store import RunStore

WINDOW_DEG = 0.1  # the land read round a point: enough to hold the polygon it lies in


def land_reader(store: RunStore) -> Callable[[float, float], bool | None]:
    """`on_land(lon, lat)` for the world of `store`'s database: True on land, False at sea,
    None if the land is not known. The source's path is read once."""
    found: list[Path | None] = []

    def on_land(lon: float, lat: float) -> bool | None:
        if not found:
            found.append(_source(store))
        path = found[0]
        return None if path is None else _on_land(path, lon, lat)

    return on_land


def _source(store: RunStore) -> Path | None:
    """The land the world was built from (None: no world built from a source here)."""
    from privateer.db.world_read import world_source
    from privateer.pipeline.errors import SourceError
    from privateer.pipeline.source import default_source

    with store.reading() as conn:
        source = world_source(conn)
    if not source:
        return None
    path = Path(source)
    if path.exists():
        return path
    try:
        return default_source()
    except SourceError:
        return None


def _on_land(path: Path, lon: float, lat: float) -> bool | None:
    import shapely

    from privateer.pipeline.errors import SourceError
    from privateer.pipeline.params import Box
    from privateer.pipeline.source import read_source

    box = Box(
        max(-180.0, lon - WINDOW_DEG),
        max(-90.0, lat - WINDOW_DEG),
        min(180.0, lon + WINDOW_DEG),
        min(90.0, lat + WINDOW_DEG),
    )
    try:
        polygons = read_source(path, box, margin_deg=0.0).polygons
    except SourceError:
        return None
    return bool(len(polygons)) and bool(shapely.contains_xy(polygons, lon, lat).any())
