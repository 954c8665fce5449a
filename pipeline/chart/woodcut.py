"""The woodcut chart (the Privateer design document, "The chart is a woodcut"): sepia on parchment,
after the engraved charts of the century, all drawn in code. Water-lining (every coast drawn nine
times out to sea, finest by the shore), hatching across the land at one density whatever the zoom,
wave marks on the open sea, rhumb lines fanning from a rose in each ocean, the seas lettered in a
serif italic where they collide with nothing, ports as a tower (fortified) or two houses (open) in
their nation's colours, ships as hull and sail, a wind rose and a graduated border fixed to the
frame, a title cartouche, and a key under the chart.

The coast is simplified to the chart's pixel and clipped to its box, so a boxed chart holds
only what is in the box. Every layer is an SVG group with an id (`water-lines`, `hatching`,
`waves`, `rhumbs`, `seas`, `ports`, `ships`, `tracks`, `wind-rose`, `border`, `key`, ...).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
import shapely

from ..params import Box

PARCHMENT = "#f2e6c8"
LAND_FILL = "#e8d3a3"
INK = "#5a3a1c"
SEA_INK = "#6b5034"
CURRENT_INK = "#2a5f9e"  # the seed's blue arrows for the current
WIND_INK = "#6f6a62"  # and dashed grey for the wind

WATER_LINES = 9  # the seed draws the coast nine times over
WATER_LINE_PX = 2.6  # between water lines, in pixels at the chart's scale
HATCH_PX = 4.0  # between hatching strokes, in pixels: the same density at any zoom
WAVE_CELL_PX = 64.0  # about one wave mark in each square this many pixels a side of open sea
FLOW_CELL_PX = 38.0  # at most one flow arrow in each square this many pixels a side
FLOW_ARROW_PX = 22.0  # an arrow of the mean strength is drawn about this long
BORDER_PX = 30.0  # the graduated border round the chart
KEY_PX = 96.0  # the key's band under the chart, unless its entries need more or less
RHUMB_POINTS = 32  # the rhumb lines of a rose: every point of the compass
OCEAN_ROSES = (
    (-38.0, 28.0),  # the North Atlantic
    (-25.0, -22.0),  # the South Atlantic
    (72.0, -18.0),  # the Indian Ocean
    (-140.0, 8.0),  # the South Sea, east
    (165.0, 12.0),  # the South Sea, west
)
"""Where a rose sits in each ocean, its rhumb lines fanning out over the chart."""
NM_PER_DEGREE = 60.0
DAY_HOURS = 24.0


@dataclass(frozen=True, slots=True)
class Frame:
    """Where the map lies in the picture, in pixels: the map is `width` by `height`, with the
    border all round it and the key's band under it."""

    box: Box
    scale: float  # pixels per degree
    key_px: float = KEY_PX  # the key's band under the border

    @property
    def width(self) -> float:
        return (self.box.east - self.box.west) * self.scale

    @property
    def height(self) -> float:
        return (self.box.north - self.box.south) * self.scale

    @property
    def figure_width(self) -> float:
        return self.width + 2 * BORDER_PX

    @property
    def figure_height(self) -> float:
        return self.height + 2 * BORDER_PX + self.key_px

    def map_rect(self) -> tuple[float, float, float, float]:
        """The map's axes in figure fractions."""
        fw, fh = self.figure_width, self.figure_height
        bottom = (BORDER_PX + self.key_px) / fh
        return (BORDER_PX / fw, bottom, self.width / fw, self.height / fh)

    def to_px(self, lon: float, lat: float) -> tuple[float, float]:
        return (lon - self.box.west) * self.scale, (lat - self.box.south) * self.scale

    def on_figure(self, x: float, y: float) -> tuple[float, float]:
        """A point in the map's pixels, in the whole picture's pixels."""
        return BORDER_PX + x, BORDER_PX + self.key_px + y


# --- colours that read on the parchment -------------------------------------------------------

READABLE = 3.0  # the least contrast (WCAG's ratio) a nation's mark keeps against the parchment


def luminance(colour: str) -> float:
    """WCAG's relative luminance of a colour."""
    from matplotlib.colors import to_rgb

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in to_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def darkened(colour: str, against: str = PARCHMENT, least: float = READABLE) -> str:
    """`colour` darkened in steps, its hue kept, until it stands out from `against` by
    `least` (a dark colour unchanged)."""
    from matplotlib.colors import to_hex, to_rgb

    r, g, b = to_rgb(colour)
    for step in range(40):
        keep = 1.0 - step * 0.025
        shade = to_hex((r * keep, g * keep, b * keep))
        if contrast(shade, against) >= least:
            return shade
    return INK


def on_parchment(field: str | None, border: str | None) -> tuple[str, str]:
    """A nation's fill and edge as the chart draws them: its own colours, the one that
    stands out more darkened where needed so that it reads on the parchment (READABLE)."""
    fill, edge = field or "#ffffff", border or "#000000"
    if max(contrast(fill, PARCHMENT), contrast(edge, PARCHMENT)) >= READABLE:
        return fill, edge
    if contrast(fill, PARCHMENT) >= contrast(edge, PARCHMENT):
        return darkened(fill), edge
    return fill, darkened(edge)


def ink_of(field: str | None, border: str | None) -> str:
    """A nation's colour for a line (a wake): whichever of its two reads better."""
    fill, edge = on_parchment(field, border)
    return fill if contrast(fill, PARCHMENT) >= contrast(edge, PARCHMENT) else edge


# --- the land and the sea ---------------------------------------------------------------------


def chart_land(parts: Sequence[shapely.Geometry], frame: Frame) -> shapely.Geometry:
    """The land as one shape, simplified to a pixel and clipped to the box; specks smaller
    than a few pixels are left out."""
    tolerance = 0.6 / frame.scale
    simple = shapely.simplify(np.asarray(parts, dtype=object), tolerance)
    big = simple[shapely.area(simple) >= (1.5 / frame.scale) ** 2]
    box = frame.box
    margin = (WATER_LINES + 1) * WATER_LINE_PX / frame.scale
    clipped = shapely.clip_by_rect(
        shapely.MultiPolygon(list(shapely.get_parts(big))) if len(big) else shapely.Polygon(),
        box.west - margin,
        box.south - margin,
        box.east + margin,
        box.north + margin,
    )
    return shapely.make_valid(clipped)


def water_lines(land: shapely.Geometry, frame: Frame) -> list[list[np.ndarray]]:
    """The coast drawn again and again out to sea: for each of WATER_LINES rings outward, its
    lines (each grown from the one inside it, simplified to half a pixel, clipped to the box)."""
    step = WATER_LINE_PX / frame.scale
    ring = land
    out: list[list[np.ndarray]] = []
    for _ in range(WATER_LINES):
        ring = shapely.simplify(shapely.buffer(ring, step, quad_segs=2), 0.5 / frame.scale)
        out.append(lines_in_box(shapely.boundary(ring), frame.box))
    return out


def hatching(land: shapely.Geometry, frame: Frame) -> list[np.ndarray]:
    """Strokes across the land at 45 degrees, HATCH_PX apart on the chart whatever its scale."""
    box = frame.box
    land = shapely.clip_by_rect(land, box.west, box.south, box.east, box.north)
    if land.is_empty:
        return []
    gap = HATCH_PX / frame.scale * math.sqrt(2.0)
    rise = box.north - box.south
    starts = np.arange(box.west - rise, box.east + gap, gap)
    strokes = shapely.linestrings(
        np.stack(
            [
                np.column_stack([starts, np.full_like(starts, box.south)]),
                np.column_stack([starts + rise, np.full_like(starts, box.north)]),
            ],
            axis=1,
        )
    )
    return lines_in_box(shapely.intersection(shapely.MultiLineString(list(strokes)), land), box)


def wave_marks(offshore: shapely.Geometry, frame: Frame) -> list[np.ndarray]:
    """Little waves scattered on the open sea, about one in each WAVE_CELL_PX square beyond
    the water lines, each placed the same way every time (the chart draws no randomness of
    its own)."""
    box = frame.box
    cell = WAVE_CELL_PX / frame.scale
    xs = np.arange(box.west + cell / 2, box.east, cell)
    ys = np.arange(box.south + cell / 2, box.north, cell)
    gx, gy = np.meshgrid(xs, ys)
    jitter = np.random.default_rng(1588).uniform(-0.35, 0.35, size=(2, *gx.shape)) * cell
    x, y = (gx + jitter[0]).ravel(), (gy + jitter[1]).ravel()
    at_sea = ~shapely.contains_xy(offshore, x, y)
    half = 5.0 / frame.scale  # a mark is 10 pixels wide
    t = np.linspace(-1.0, 1.0, 9)
    marks = []
    for cx, cy in zip(x[at_sea], y[at_sea], strict=True):
        marks.append(
            np.column_stack([cx + t * half, cy + np.abs(np.sin(t * math.pi)) * half * 0.35])
        )
    return marks


def rose_centres(land: shapely.Geometry, frame: Frame) -> list[tuple[float, float]]:
    """The ocean roses that fall in the box; with none, one at the open water farthest from
    the land (on a coarse grid)."""
    box = frame.box
    inside = [
        (x, y) for x, y in OCEAN_ROSES if box.west < x < box.east and box.south < y < box.north
    ]
    if inside:
        return inside
    xs = np.linspace(box.west, box.east, 24)[1:-1]
    ys = np.linspace(box.south, box.north, 16)[1:-1]
    gx, gy = (a.ravel() for a in np.meshgrid(xs, ys))
    if land.is_empty:
        return [((box.west + box.east) / 2, (box.south + box.north) / 2)]
    far = shapely.distance(shapely.points(gx, gy), land)
    best = int(np.argmax(far))
    return [(float(gx[best]), float(gy[best]))]


def rhumb_lines(centres: list[tuple[float, float]], frame: Frame) -> list[np.ndarray]:
    """RHUMB_POINTS lines from each rose to the edge of the box."""
    box = frame.box
    reach = math.hypot(box.east - box.west, box.north - box.south)
    rays: list[np.ndarray] = []
    for cx, cy in centres:
        for point in range(RHUMB_POINTS):
            angle = 2 * math.pi * point / RHUMB_POINTS
            rays.append(
                np.array([[cx, cy], [cx + reach * math.sin(angle), cy + reach * math.cos(angle)]])
            )
    return lines_in_box(shapely.MultiLineString(rays), box) if rays else []


def lines_in_box(geometry: shapely.Geometry, box: Box) -> list[np.ndarray]:
    clipped = shapely.clip_by_rect(geometry, box.west, box.south, box.east, box.north)
    out = []
    for part in shapely.get_parts(shapely.line_merge(clipped) if not clipped.is_empty else clipped):
        if part.geom_type in ("LineString", "LinearRing") and len(part.coords) > 1:
            out.append(np.asarray(part.coords))
        elif part.geom_type == "MultiLineString":
            out += [np.asarray(p.coords) for p in part.geoms if len(p.coords) > 1]
    return out


# --- flows that read ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FlowArrows:
    shafts: list[np.ndarray]  # each [[lon, lat], [lon, lat]], tail to head
    days: int  # an arrow is this many days' drift
    dropped_at_coast: int


def flow_arrows(arrows: pd.DataFrame, land: shapely.Geometry, frame: Frame) -> FlowArrows:
    """The flow thinned to at most one arrow in each FLOW_CELL_PX square (the strongest), each
    as long as the drift of a whole number of days (the same for every arrow, told in the key),
    and none crossing land: an arrow that would is shortened, by halves, until it does not,
    or left out."""
    box = frame.box
    inside = arrows[
        arrows.lon.between(box.west, box.east)
        & arrows.lat.between(box.south, box.north)
        & (arrows.knots > 0)
    ]
    if inside.empty:
        return FlowArrows([], 1, 0)
    cell = FLOW_CELL_PX / frame.scale
    col = ((inside.lon - box.west) // cell).astype(int)
    row = ((inside.lat - box.south) // cell).astype(int)
    chosen = (
        inside.assign(cell=row * 100_000 + col)
        .sort_values(["cell", "knots", "lon", "lat"], ascending=[True, False, True, True])
        .drop_duplicates("cell")
    )
    drift_deg = chosen.knots.to_numpy(float) * DAY_HOURS / NM_PER_DEGREE  # a day's drift
    days = max(1, round(FLOW_ARROW_PX / frame.scale / float(np.mean(drift_deg))))
    rad = np.radians(chosen.toward_deg.to_numpy(float))
    lon, lat = chosen.lon.to_numpy(float), chosen.lat.to_numpy(float)
    length = drift_deg * days
    dx, dy = np.sin(rad) * length, np.cos(rad) * length
    heads = _clear_of_land(lon, lat, dx, dy, land)
    kept = np.flatnonzero(~np.isnan(heads[:, 0]))
    shafts = [np.array([[lon[i], lat[i]], heads[i]]) for i in kept]
    return FlowArrows(shafts, days, len(lon) - len(kept))


def _clear_of_land(
    lon: np.ndarray, lat: np.ndarray, dx: np.ndarray, dy: np.ndarray, land: shapely.Geometry
) -> np.ndarray:
    """Each arrow's head (NaN where none): at (lon + dx, lat + dy), or, where that shaft
    crosses land, halved up to three times until it does not; all arrows asked at once."""
    heads = np.full((len(lon), 2), np.nan)
    if land.is_empty:
        heads[:, 0], heads[:, 1] = lon + dx, lat + dy
        return heads
    ux, uy = dx.copy(), dy.copy()
    pending = np.arange(len(lon))
    for _ in range(4):
        if not len(pending):
            break
        tails = np.column_stack([lon[pending], lat[pending]])
        tips = np.column_stack([tails[:, 0] + ux[pending], tails[:, 1] + uy[pending]])
        crossing = shapely.intersects(shapely.linestrings(np.stack([tails, tips], axis=1)), land)
        heads[pending[~crossing]] = tips[~crossing]
        pending = pending[crossing]
        ux[pending], uy[pending] = ux[pending] / 2, uy[pending] / 2
    return heads


def arrow_heads(shafts: list[np.ndarray], size: float) -> list[np.ndarray]:
    """A small triangle at each shaft's head, `size` degrees long."""
    heads = []
    for shaft in shafts:
        (x0, y0), (x1, y1) = shaft
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        back_x, back_y = x1 - ux * size, y1 - uy * size
        heads.append(
            np.array(
                [
                    [x1, y1],
                    [back_x - uy * size * 0.45, back_y + ux * size * 0.45],
                    [back_x + uy * size * 0.45, back_y - ux * size * 0.45],
                ]
            )
        )
    return heads


# --- marks: ports, ships, roses ----------------------------------------------------------------


def tower_path() -> Any:
    """A fortified port: a tower with battlements."""
    from matplotlib.path import Path as MPath

    return MPath(
        [
            (-0.5, -0.6),
            (-0.5, 0.35),
            (-0.62, 0.35),
            (-0.62, 0.6),
            (-0.38, 0.6),
            (-0.38, 0.48),
            (-0.12, 0.48),
            (-0.12, 0.6),
            (0.12, 0.6),
            (0.12, 0.48),
            (0.38, 0.48),
            (0.38, 0.6),
            (0.62, 0.6),
            (0.62, 0.35),
            (0.5, 0.35),
            (0.5, -0.6),
            (-0.5, -0.6),
        ],
        closed=True,
    )


def houses_path() -> Any:
    """An open town: two houses, the second taller."""
    from matplotlib.path import Path as MPath

    verts = [
        (-0.65, -0.5),
        (-0.65, 0.1),
        (-0.35, 0.4),
        (-0.05, 0.1),
        (-0.05, -0.5),
        (-0.65, -0.5),
        (0.0, -0.5),
        (0.0, 0.25),
        (0.33, 0.6),
        (0.66, 0.25),
        (0.66, -0.5),
        (0.0, -0.5),
    ]
    codes = [MPath.MOVETO] + [MPath.LINETO] * 4 + [MPath.CLOSEPOLY]
    return MPath(verts, codes + codes)


def ship_path() -> Any:
    """A ship: a hull and a sail."""
    from matplotlib.path import Path as MPath

    verts = [
        (-0.6, -0.25),
        (0.6, -0.25),
        (0.4, -0.55),
        (-0.45, -0.55),
        (-0.6, -0.25),
        (-0.05, -0.2),
        (-0.05, 0.65),
        (0.45, -0.1),
        (-0.05, -0.2),
    ]
    codes = [MPath.MOVETO] + [MPath.LINETO] * 3 + [MPath.CLOSEPOLY]
    return MPath(verts, [*codes, MPath.MOVETO, MPath.LINETO, MPath.LINETO, MPath.CLOSEPOLY])


def star(cx: float, cy: float, radius: float, points: int = 16) -> list[np.ndarray]:
    """A compass star of `points` points, as triangles (every other one to be filled)."""
    out = []
    for i in range(points):
        a = 2 * math.pi * i / points
        r = radius if i % 4 == 0 else radius * (0.62 if i % 2 == 0 else 0.4)
        half = math.pi / points
        inner = radius * 0.16
        out.append(
            np.array(
                [
                    [cx, cy],
                    [cx + inner * math.sin(a - half), cy + inner * math.cos(a - half)],
                    [cx + r * math.sin(a), cy + r * math.cos(a)],
                    [cx + inner * math.sin(a + half), cy + inner * math.cos(a + half)],
                ]
            )
        )
    return out


def graduation_step(scale: float) -> int:
    """Degrees between the border's marks: the first step at least 32 pixels long."""
    for step in (1, 2, 5, 10, 15, 30, 45):
        if step * scale >= 32.0:
            return step
    return 90


def degrees(value: int, positive: str, negative: str) -> str:
    return f"{abs(value)}°{positive if value > 0 else negative if value < 0 else ''}"


Progress = Callable[[str], None]


def title_for(box: Box, whole: bool) -> tuple[str, str]:
    if whole:
        return "A New and Exact Chart of the Whole World", "laid down from the sea graph of 16XX"
    return "A Chart of the Sea", (
        f"from {degrees(round(box.west), 'E', 'W')} to {degrees(round(box.east), 'E', 'W')}, "
        f"{degrees(round(box.south), 'N', 'S')} to {degrees(round(box.north), 'N', 'S')}"
    )
