"""Reading the hand-authored files in data/, with errors that name the file, the row and the
reason, so a slip in a data file stops the build before anything is written."""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import DataFileError


@dataclass(frozen=True)
class Row:
    """One CSV row or GeoJSON feature's properties, with where it came from."""

    path: Path
    number: int  # 1-based data row, or feature number
    values: dict[str, Any]

    def where(self) -> str:
        return f"{self.path}, row {self.number}"

    def fail(self, reason: str) -> DataFileError:
        return DataFileError(f"{self.where()}: {reason}")

    def text(self, column: str, *, required: bool = True) -> str:
        value = self.values.get(column)
        value = "" if value is None else str(value).strip()
        if required and not value:
            raise self.fail(f"empty {column!r}")
        return value

    def number_in(self, column: str, low: float, high: float) -> float:
        raw = self.values.get(column)
        try:
            value = float(raw)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise self.fail(f"malformed {column} {raw!r}") from None
        if not math.isfinite(value) or not low <= value <= high:
            raise self.fail(f"{column} {raw!r} is outside {low:g}..{high:g}")
        return value

    def lon(self, column: str = "lon") -> float:
        return self.number_in(column, -180.0, 180.0)

    def lat(self, column: str = "lat") -> float:
        return self.number_in(column, -90.0, 90.0)

    def flag(self, column: str) -> bool:
        value = self.text(column).lower()
        if value not in ("yes", "no"):
            raise self.fail(f"{column} must be yes or no, not {value!r}")
        return value == "yes"


def read_csv(path: Path, columns: tuple[str, ...]) -> list[Row]:
    """Rows of a CSV file that has at least `columns` in its header."""
    try:
        with path.open(newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            header = reader.fieldnames or []
            missing = [c for c in columns if c not in header]
            if missing:
                raise DataFileError(f"{path}: missing column {missing[0]!r}")
            return [Row(path, i, dict(r)) for i, r in enumerate(reader, start=1)]
    except OSError as error:
        raise DataFileError(f"{path}: cannot read ({error.strerror})") from None
    except csv.Error as error:
        raise DataFileError(f"{path}: malformed CSV ({error})") from None


@dataclass(frozen=True)
class Feature:
    row: Row
    geometry_type: str
    coordinates: Any


def read_features(path: Path, columns: tuple[str, ...], geometry: tuple[str, ...]) -> list[Feature]:
    """Features of a GeoJSON FeatureCollection whose properties hold `columns` and whose
    geometry is one of the `geometry` types."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise DataFileError(f"{path}: cannot read ({error.strerror})") from None
    except json.JSONDecodeError as error:
        raise DataFileError(f"{path}: malformed JSON ({error.msg}, line {error.lineno})") from None
    features = data.get("features") if isinstance(data, dict) else None
    if not isinstance(features, list):
        raise DataFileError(f"{path}: not a GeoJSON FeatureCollection")
    out = []
    for number, feature in enumerate(features, start=1):
        properties = feature.get("properties") or {} if isinstance(feature, dict) else {}
        row = Row(path, number, properties)
        for column in columns:
            if column not in properties:
                raise row.fail(f"missing column {column!r}")
        shape = feature.get("geometry") or {}
        if shape.get("type") not in geometry:
            raise row.fail(f"geometry must be {' or '.join(geometry)}, not {shape.get('type')}")
        out.append(Feature(row, shape["type"], shape.get("coordinates")))
    return out


def lonlat_pairs(feature: Feature, coordinates: Any) -> Iterator[tuple[float, float]]:
    """The [lon, lat] pairs of a coordinate list, each checked."""
    if not isinstance(coordinates, list) or not coordinates:
        raise feature.row.fail("malformed coordinates")
    for pair in coordinates:
        if not (isinstance(pair, list) and len(pair) >= 2):
            raise feature.row.fail(f"malformed coordinate {pair!r}")
        try:
            lon, lat = float(pair[0]), float(pair[1])
        except (TypeError, ValueError):
            raise feature.row.fail(f"malformed coordinate {pair!r}") from None
        if not (-180.0 <= lon <= 180.0 and -90.0 <= lat <= 90.0):
            raise feature.row.fail(f"coordinate {pair!r} is not lon/lat")
        yield lon, lat
