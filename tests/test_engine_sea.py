"""How current and wind weigh a leg (engine/sea.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from privateer.engine.sea import Flow, angle_between, leg_cost


def test_nothing_charted_weighs_every_leg_the_same() -> None:
    assert leg_cost(0.0) == leg_cost(123.0) == 1.0


def test_running_with_the_wind_beats_reaching_beats_beating() -> None:
    wind = Flow(90.0, 12.0)
    running, reaching, beating = (
        leg_cost(90.0, wind=wind),
        leg_cost(0.0, wind=wind),
        leg_cost(270.0, wind=wind),
    )
    assert running < reaching < beating


def test_a_fair_current_helps_and_a_foul_one_hinders() -> None:
    gulf_stream = Flow(45.0, 3.0)
    assert leg_cost(45.0, current=gulf_stream) < 1.0 < leg_cost(225.0, current=gulf_stream)
    assert leg_cost(135.0, current=gulf_stream) == pytest.approx(1.0)


def test_a_weatherly_hunter_works_to_windward_better_than_a_square_rigger() -> None:
    wind = Flow(0.0, 12.0)
    square = leg_cost(180.0, wind=wind)
    hunter = leg_cost(180.0, wind=wind, weatherly=True)
    assert hunter < square
    assert leg_cost(0.0, wind=wind) < leg_cost(0.0, wind=wind, weatherly=True)


@given(
    heading=st.floats(0, 360),
    toward=st.floats(0, 360),
    knots=st.floats(0, 40),
    current=st.floats(0, 5),
)
def test_costs_are_positive_and_bounded(
    heading: float, toward: float, knots: float, current: float
) -> None:
    cost = leg_cost(heading, Flow(toward, current), Flow(toward, knots))
    assert 0.0 < cost <= 2.5 / 0.6 + 1e-9


@given(st.floats(-720, 720), st.floats(-720, 720))
def test_angles_are_between_0_and_180(a: float, b: float) -> None:
    assert 0.0 <= angle_between(a, b) <= 180.0
