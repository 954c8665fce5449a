"""The wind and the seasons: a model of the global circulation, exactly as the Privateer design
document states it. Pure (NumPy only): the pipeline writes it into the world tables, and the voyage
asks it the season of a day.

- The trades blow toward the west and the equator, hardest about 14°, slack in the doldrums.
- The westerlies blow toward the east and the pole, hardest about 48°, and 40% harder in the
  south (the Roaring Forties).
- The belts follow the sun four degrees north and south through the year: in the northern
  summer every belt sits 4° north of where it is at the equinoxes, in the winter 4° south.
- The monsoon overrides them over the Arabian Sea, the Bay of Bengal and the South China Sea:
  from the south-west in summer, from the north-east in winter.

Seasons are 91 days: 0 spring, 1 summer, 2 autumn, 3 winter (northern hemisphere). Directions
are where the air goes, in degrees clockwise from north; speeds in knots. The figures the seed
leaves open (peak speeds, belt edges, how far the trades lean to the equator) are chosen here
and named below.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]

SEASON_DAYS = 91
SEASONS = ("spring", "summer", "autumn", "winter")
BELT_SHIFT_DEG = (0.0, 4.0, 0.0, -4.0)  # how far north the belts sit, by season

DOLDRUMS_DEG = 5.0  # within this of the (shifted) equator the trades are slack
TRADES_PEAK_DEG = 14.0
HORSE_LATITUDES_DEG = 30.0  # where trades give way to westerlies
WESTERLIES_PEAK_DEG = 48.0
POLAR_EDGE_DEG = 66.0
TRADES_PEAK_KNOTS = 15.0
WESTERLIES_PEAK_KNOTS = 16.0
SOUTHERN_WESTERLIES_FACTOR = 1.4  # the Roaring Forties
SLACK_KNOTS = 2.0
TRADES_LEAN_DEG = 30.0  # trades blow this far from due west toward the equator
WESTERLIES_LEAN_DEG = 30.0  # westerlies blow this far from due east toward the pole
MONSOON_KNOTS = 14.0

# lon/lat boxes (W, S, E, N) of the monsoon seas.
MONSOON_SEAS = {
    "Arabian Sea": (50.0, 0.0, 77.0, 26.0),
    "Bay of Bengal": (78.0, 0.0, 100.0, 23.0),
    "South China Sea": (99.0, 0.0, 122.0, 25.0),
}
MONSOON_TOWARD = {1: 45.0, 3: 225.0}  # summer from the SW, winter from the NE


def season_of_day(day: int) -> int:
    """The season (0-3) of a day counted from the start of spring.

    >>> [season_of_day(d) for d in (0, 90, 91, 182, 273, 364)]
    [0, 0, 1, 2, 3, 0]
    """
    return (day // SEASON_DAYS) % 4


def _ramp(x: Array, x0: float, y0: float, x1: float, y1: float) -> Array:
    return y0 + (y1 - y0) * np.clip((x - x0) / (x1 - x0), 0.0, 1.0)


def belt_wind(lat: Array, season: int) -> tuple[Array, Array]:
    """The planetary belts alone (no monsoon): toward_deg and knots at each latitude."""
    lat = np.asarray(lat, dtype=np.float64)
    phi = lat - BELT_SHIFT_DEG[season]  # latitude relative to the season's belts
    north = phi >= 0
    a = np.abs(phi)
    trades = a < HORSE_LATITUDES_DEG
    rising = _ramp(a, DOLDRUMS_DEG, SLACK_KNOTS, TRADES_PEAK_DEG, TRADES_PEAK_KNOTS)
    falling = _ramp(a, TRADES_PEAK_DEG, TRADES_PEAK_KNOTS, HORSE_LATITUDES_DEG, SLACK_KNOTS)
    trade_knots = np.where(a <= TRADES_PEAK_DEG, rising, falling)
    trade_knots = np.where(a < DOLDRUMS_DEG, SLACK_KNOTS, trade_knots)
    west_rising = _ramp(
        a, HORSE_LATITUDES_DEG, SLACK_KNOTS, WESTERLIES_PEAK_DEG, WESTERLIES_PEAK_KNOTS
    )
    west_falling = _ramp(
        a, WESTERLIES_PEAK_DEG, WESTERLIES_PEAK_KNOTS, POLAR_EDGE_DEG, SLACK_KNOTS * 2
    )
    west_knots = np.where(a <= WESTERLIES_PEAK_DEG, west_rising, west_falling)
    west_knots = np.where(north, west_knots, west_knots * SOUTHERN_WESTERLIES_FACTOR)
    # Toward the west and the equator; toward the east and the pole.
    trade_toward = np.where(north, 270.0 - TRADES_LEAN_DEG, 270.0 + TRADES_LEAN_DEG)
    west_toward = np.where(north, 90.0 - WESTERLIES_LEAN_DEG, 90.0 + WESTERLIES_LEAN_DEG)
    toward = np.where(trades, trade_toward, west_toward)
    knots = np.where(trades, trade_knots, west_knots)
    return toward, knots


def in_monsoon_seas(lon: Array, lat: Array) -> np.ndarray:
    lon = np.asarray(lon, dtype=np.float64)
    lat = np.asarray(lat, dtype=np.float64)
    inside = np.zeros(len(lon), dtype=bool)
    for west, south, east, north in MONSOON_SEAS.values():
        inside |= (lon >= west) & (lon <= east) & (lat >= south) & (lat <= north)
    return inside


def wind(lon: Array, lat: Array, season: int) -> tuple[Array, Array]:
    """The wind at each point in a season: toward_deg (0-360) and knots."""
    toward, knots = belt_wind(lat, season)
    if season in MONSOON_TOWARD:
        monsoon = in_monsoon_seas(lon, lat)
        toward = np.where(monsoon, MONSOON_TOWARD[season], toward)
        knots = np.where(monsoon, MONSOON_KNOTS, knots)
    toward_deg: Array = np.round(np.mod(toward, 360.0), 3).astype(np.float64)
    return toward_deg, np.round(knots, 3).astype(np.float64)
