"""The chart's parts that draw nothing, on the synthetic sea: the world's ships' wakes for
`chart --turns` (cli/chart_frames.py: warships as the ship-kind table says, a wake broken
where she did not sail), and the box and scale fitted to a run's picture."""

from __future__ import annotations

import math

import pytest

from privateer.cli.chart_frames import world_wakes
from privateer.engine.world.game import create_world
from privateer.engine.world.kinds import KINDS
from privateer.pipeline.chart import run_pictures
from privateer.pipeline.chart.fit import (
    BOX_CHART_PX,
    LEGIBLE_PX,
    RUN_CHART_PX,
    fitted_scale,
    legible_scale,
)
from privateer.pipeline.params import CHART_SCALE_MAX, Box
from tests.world_fixtures import synthetic_world

WORLD = synthetic_world()


def test_the_wakes_follow_the_day_graph_and_mark_the_warships_the_table_names() -> None:
    tracks, ships = world_wakes(WORLD, 40, seed=3)
    kinds, nodes = _kinds_and_nodes()
    warships = [KINDS[k].warship for k, node in zip(kinds, nodes, strict=True) if node >= 0]
    assert [war for *_, war in ships] == warships and any(warships) and not all(warships)
    placed = [(float(WORLD.lon[n]), float(WORLD.lat[n])) for n in nodes if n >= 0]
    assert [(lon, lat) for _, lon, lat, _ in ships] == placed
    assert tracks and all(len(lons) == len(lats) >= 2 for _, lons, lats in tracks)
    at = {(float(x), float(y)) for x, y in zip(WORLD.lon, WORLD.lat, strict=True)}
    for flag, lons, lats in tracks:
        assert flag in WORLD.nations or flag == ""
        placed = [(x, y) for x, y in zip(lons, lats, strict=True) if not math.isnan(x)]
        assert set(placed) <= at  # every point of a wake is a node where she was


def _kinds_and_nodes() -> tuple[list[int], list[int]]:
    """The ships' kinds, and their nodes after the same 40 days."""
    from privateer.engine.world.game import advance

    state, _ = create_world(WORLD, 3)
    for _ in range(40):
        advance(WORLD, state)
    return list(state.ships["kind"]), list(state.ships["node"])


@pytest.mark.parametrize(
    ("width", "scale"), [(10.0, 60.0), (40.0, RUN_CHART_PX / 40.0), (360.0, 6.0)]
)
def test_a_run_is_drawn_1600_pixels_wide_within_bounds(width: float, scale: float) -> None:
    assert fitted_scale(Box(-width / 2, 0.0, width / 2, 10.0)) == scale


def test_no_run_asked_for_reads_nothing_keeps_the_box_and_draws_it_legible() -> None:
    box = Box(-10.0, 35.0, 5.0, 45.0)
    nothing = run_pictures(None, run=None, day=None, where=None, box=box, scale=None, regions={})  # type: ignore[arg-type]
    assert (nothing.voyage, nothing.seen, nothing.where, nothing.sighted) == (None, None, None, ())
    assert (nothing.box, nothing.scale) == (box, legible_scale(box))
    given = run_pictures(None, run=None, day=None, where=None, box=box, scale=3.0, regions={})  # type: ignore[arg-type]
    assert given.scale == 3.0  # a scale given is kept
    unboxed = run_pictures(None, run=None, day=None, where=None, box=None, scale=None, regions={})  # type: ignore[arg-type]
    assert unboxed.scale is None


@pytest.mark.parametrize(
    ("width", "scale"), [(35.0, BOX_CHART_PX / 35.0), (150.0, 6.66), (300.0, 6.0), (2.0, 200.0)]
)
def test_a_boxed_chart_is_at_least_800_pixels_wide(width: float, scale: float) -> None:
    fitted = legible_scale(Box(-width / 2, 0.0, width / 2, 10.0))
    assert fitted == pytest.approx(scale, abs=0.01)
    assert fitted * width >= LEGIBLE_PX or fitted == CHART_SCALE_MAX
