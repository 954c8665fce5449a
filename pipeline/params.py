"""The build's parameters: every number that shapes the world, in one frozen record.

The defaults reproduce the seed's world (about 6,954 nodes, 3,213 on the coast, 24,331 steps,
from Natural Earth 1:10m); `privateer world build` records them in world_build.params, and the
content hash depends on them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .errors import WorldBuildError

CHART_SCALE_MIN, CHART_SCALE_MAX = 0.5, 200.0
"""The pixels per degree a chart is drawn at: from a thumbnail of the world (180 pixels wide)
to a port's approaches (the whole world would be 72,000 pixels wide)."""


@dataclass(frozen=True, slots=True)
class Box:
    """A lon/lat window, west < east, south < north, in degrees."""

    west: float
    south: float
    east: float
    north: float

    @classmethod
    def parse(cls, text: str) -> Box:
        """Parse 'W,S,E,N'.

        >>> Box.parse("-10,35,5,45")
        Box(west=-10.0, south=35.0, east=5.0, north=45.0)
        """
        parts = text.split(",")
        try:
            w, s, e, n = (float(p) for p in parts)
        except ValueError:
            raise WorldBuildError(f"box {text!r} is not four numbers W,S,E,N") from None
        box = cls(w, s, e, n)
        box.validate()
        return box

    def validate(self) -> None:
        if not (-180 <= self.west < self.east <= 180):
            raise WorldBuildError(
                f"box {self.as_text()} is empty: west must be less than east, within ±180"
            )
        if not (-90 <= self.south < self.north <= 90):
            raise WorldBuildError(
                f"box {self.as_text()} is empty: south must be less than north, within ±90"
            )

    def as_text(self) -> str:
        return f"{self.west:g},{self.south:g},{self.east:g},{self.north:g}"


@dataclass(frozen=True, slots=True)
class BuildParams:
    """Every figure the stages use. Distances in nautical miles, angles in degrees."""

    # Stage 1, the coast: nodes every day's coasting along a line this far offshore.
    day_nm: float = 60.0
    # A day's run on the open ocean, a leg between two ocean nodes (stage 6): chosen so that
    # the century's great passages take the days they took (docs/figures/world.md, "The
    # century's passages"). The Privateer design document's "a 300-mile ocean leg is five" days
    # is a coasting pace (2.5 knots); the century's ships ran 5 to 7 knots before the trades and
    # the westerlies, and its crossings took as long as that makes them ("Ocean crossings take as
    # long as they did"). The coast keeps its 60, and so do the equatorial calms within
    # `calms_lat` of the line, where the trades die and the carreira da India lost its weeks.
    ocean_day_nm: float = 150.0
    calms_lat: float = 5.0
    offshore_deg: float = 0.25  # about 15 nm: open water a few miles out
    coast_simplify_deg: float = 0.05  # the offshore line ignores coastal detail finer than this
    coast_min_gap_nm: float = 35.0  # coast nodes closer than this merge
    # Stage 2, the ocean: spacing grows with distance d from the coast,
    # spacing = clip(ocean_min_nm + ocean_growth * (d - ocean_start_nm), ocean_min_nm, max).
    ocean_min_nm: float = 45.0
    ocean_start_nm: float = 45.0
    ocean_growth: float = 0.65
    ocean_max_nm: float = 300.0
    # Stage 3, pruning the triangulation.
    spit_nm: float = 6.0  # an edge may cross this much land, and no more
    land_sample_nm: float = 3.0  # how finely an edge is checked for land
    long_edge_ratio: float = 1.1  # longer than this times both other sides of a triangle: dropped
    # Stage 4, the ice.
    south_limit: float = -62.0
    north_limit: float = 72.0
    # Stage 5, the straits: how far a strait's ends reach for the graph.
    passage_join_nm: float = 120.0
    passage_join_count: int = 3
    # ... and every chain node reaches the coast nodes on either side within a day's sail,
    # on a line that crosses no land (as finely as land_sample_nm sees), so a port beside a
    # long strait can enter it where it lies, not only at its ends.
    passage_side_nm: float = 60.0
    passage_side_count: int = 4  # the nearest this many coast nodes in reach, at most
    box: Box | None = None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["box"] = self.box.as_text() if self.box else None
        return data
