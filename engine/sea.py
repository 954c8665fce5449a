"""How current and wind weigh a leg: ships sail a step a turn and favour running with the sea.

Square-riggers let the sea pick their heading: they run and reach well and can hardly beat, so
they go round rather than beat. Hunters are weatherly and can work to windward. The cost of a
leg is how many days of fair sailing it is worth: below 1 with the sea, above 1 against it,
exactly 1 where nothing is known (a course set through water not yet charted weighs every leg
the same).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

FAIR_KNOTS = 2.5  # 60 nm a day: the speed a day's step assumes
FAIR_WIND_KNOTS = 12.0  # the wind that gives a ship her polar speed
MIN_SPEED_KNOTS = 0.6  # even in the worst of it a ship makes some way (or waits it out)

# Speed as a share of fair speed, by the angle between her heading and where the wind goes
# (0 = wind dead astern, 180 = dead ahead), at 0, 45, 90, 135 and 180 degrees.
_ANGLES = (0.0, 45.0, 90.0, 135.0, 180.0)
SQUARE_RIGGED = (1.05, 1.1, 0.9, 0.3, 0.15)  # she runs well before it, best on the quarter
WEATHERLY = (0.9, 1.05, 1.1, 0.75, 0.35)  # fore-and-aft: poor dead before it, good close


@dataclass(frozen=True, slots=True)
class Flow:
    """Water or air on the move: toward degrees clockwise from north, at knots."""

    toward_deg: float
    knots: float


def angle_between(a_deg: float, b_deg: float) -> float:
    """The unsigned angle between two directions, 0-180.

    >>> angle_between(350.0, 10.0)
    20.0
    """
    d = abs(a_deg - b_deg) % 360.0
    return 360.0 - d if d > 180.0 else d


def along(flow: Flow, heading_deg: float) -> float:
    """The part of a flow that runs along a heading (negative: against it)."""
    return flow.knots * math.cos(math.radians(heading_deg - flow.toward_deg))


def sail_share(heading_deg: float, wind: Flow, *, weatherly: bool = False) -> float:
    """Speed through the water, as a share of fair speed, on this heading in this wind."""
    polar = WEATHERLY if weatherly else SQUARE_RIGGED
    angle = angle_between(heading_deg, wind.toward_deg)
    i = min(int(angle // 45.0), 3)
    t = (angle - _ANGLES[i]) / 45.0
    share = polar[i] + (polar[i + 1] - polar[i]) * t
    strength = min(1.3, max(0.3, wind.knots / FAIR_WIND_KNOTS))
    return share * strength


def leg_cost(
    heading_deg: float,
    current: Flow | None = None,
    wind: Flow | None = None,
    *,
    weatherly: bool = False,
) -> float:
    """Days of fair sailing a one-day leg is worth on this heading, given what is charted.

    A fair wind dead astern speeds a square-rigger past fair speed; beating into it slows her
    to a crawl; a weatherly ship runs a little slower before it but beats far better:

    >>> leg_cost(90.0)
    1.0
    >>> round(leg_cost(90.0, wind=Flow(90.0, 12.0)), 3)
    0.952
    >>> round(leg_cost(90.0, wind=Flow(270.0, 12.0)), 3)
    4.167
    >>> round(leg_cost(90.0, wind=Flow(90.0, 12.0), weatherly=True), 3)
    1.111
    >>> round(leg_cost(90.0, wind=Flow(270.0, 12.0), weatherly=True), 3)
    2.857
    """
    if current is None and wind is None:
        return 1.0
    speed = FAIR_KNOTS * (sail_share(heading_deg, wind, weatherly=weatherly) if wind else 1.0)
    if current is not None:
        speed += along(current, heading_deg)
    return FAIR_KNOTS / max(MIN_SPEED_KNOTS, speed)


def _interp_polar(
    polar: tuple[float, ...], angle: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    i = np.minimum((angle // 45.0).astype(np.int64), 3)
    t = (angle - np.asarray(_ANGLES)[i]) / 45.0
    table = np.asarray(polar)
    share: npt.NDArray[np.float64] = table[i] + (table[i + 1] - table[i]) * t
    return share


def leg_costs(
    heading_deg: npt.NDArray[np.float64],
    current_toward: npt.NDArray[np.float64],
    current_knots: npt.NDArray[np.float64],
    wind_toward: npt.NDArray[np.float64],
    wind_knots: npt.NDArray[np.float64],
    *,
    weatherly: bool = False,
) -> npt.NDArray[np.float64]:
    """`leg_cost` for many legs at once: each heading with its current and wind (knots 0:
    none charted). The same figures, element by element.

    >>> import numpy as np
    >>> z = np.zeros(2)
    >>> leg_costs(np.array([90.0, 90.0]), z, z, np.array([90.0, 270.0]), np.full(2, 12.0)).round(3)
    array([0.952, 4.167])
    """
    polar = WEATHERLY if weatherly else SQUARE_RIGGED
    angle = np.abs(heading_deg - wind_toward) % 360.0
    angle = np.where(angle > 180.0, 360.0 - angle, angle)
    strength = np.clip(wind_knots / FAIR_WIND_KNOTS, 0.3, 1.3)
    share = np.where(wind_knots > 0, _interp_polar(polar, angle) * strength, 1.0)
    speed = FAIR_KNOTS * share
    speed = speed + current_knots * np.cos(np.radians(heading_deg - current_toward))
    cost: npt.NDArray[np.float64] = FAIR_KNOTS / np.maximum(MIN_SPEED_KNOTS, speed)
    none = (wind_knots <= 0) & (current_knots <= 0)
    return np.where(none, 1.0, cost)
