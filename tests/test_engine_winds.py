"""The wind model says what the seed says (engine/winds.py)."""

from __future__ import annotations

import numpy as np
import pytest

from privateer.engine.winds import belt_wind, season_of_day, wind

SPRING, SUMMER, AUTUMN, WINTER = range(4)


def _at(lon: float, lat: float, season: int) -> tuple[float, float]:
    toward, knots = wind(np.array([lon]), np.array([lat]), season)
    return float(toward[0]), float(knots[0])


def test_trades_blow_toward_the_west_and_the_equator_hardest_about_14() -> None:
    toward, knots = _at(-40.0, 14.0, SPRING)
    assert 180.0 < toward < 270.0  # west and south: toward the equator from the north
    south_toward, _ = _at(-20.0, -14.0, SPRING)
    assert 270.0 < south_toward < 360.0  # west and north in the south
    lats = np.arange(0.0, 30.0, 0.5)
    _, profile = belt_wind(lats, SPRING)
    assert lats[int(np.argmax(profile))] == pytest.approx(14.0, abs=0.5)
    assert _at(-30.0, 1.0, SPRING)[1] < knots / 4  # the doldrums are slack


def test_westerlies_blow_toward_the_east_and_the_pole_harder_in_the_south() -> None:
    north_toward, north_knots = _at(-30.0, 48.0, SPRING)
    south_toward, south_knots = _at(-30.0, -48.0, SPRING)
    assert 0.0 < north_toward < 90.0 and 90.0 < south_toward < 180.0
    assert south_knots == pytest.approx(1.4 * north_knots)
    lats = np.arange(30.0, 66.0, 0.5)
    _, profile = belt_wind(lats, SPRING)
    assert lats[int(np.argmax(profile))] == pytest.approx(48.0, abs=0.5)


def test_the_belts_follow_the_sun_four_degrees() -> None:
    lats = np.arange(-60.0, 60.0, 0.5)
    spring = belt_wind(lats, SPRING)
    summer = belt_wind(lats + 4.0, SUMMER)
    winter = belt_wind(lats - 4.0, WINTER)
    np.testing.assert_allclose(summer[1], spring[1])
    np.testing.assert_allclose(winter[1], spring[1])
    np.testing.assert_allclose(summer[0], spring[0])


def test_the_monsoon_in_the_arabian_sea() -> None:
    summer_toward, _ = _at(65.0, 15.0, SUMMER)
    winter_toward, _ = _at(65.0, 15.0, WINTER)
    assert summer_toward == 45.0  # from the south-west
    assert winter_toward == 225.0  # from the north-east
    # Outside the monsoon seas, the trades go on: the same latitude in the Atlantic.
    assert _at(-40.0, 15.0, SUMMER)[0] != 45.0


def test_seasons_are_91_days() -> None:
    assert [season_of_day(d) for d in (0, 90, 91, 181, 182, 273, 364, 365)] == [
        0,
        0,
        1,
        1,
        2,
        3,
        0,
        0,
    ]
