"""Land: point tests and how much land an edge crosses."""

from __future__ import annotations

import numpy as np
import pytest

from privateer.pipeline.geo import to_xyz
from tests.synthetic import land_of, square


def test_countries_that_share_a_border_dissolve_into_one_land() -> None:
    import shapely

    left = shapely.box(0, 0, 1, 1)
    right = shapely.box(1, 0, 2, 1)
    land = land_of(left, right)
    assert len(land.parts) == 1
    assert land.parts[0].area == pytest.approx(2.0)


def test_overlapping_polygons_are_dissolved_by_the_full_union() -> None:
    """Not a coverage: the coverage's union would keep both squares whole (area 8, invalid);
    the check made beside it sends them to the full union."""
    import shapely

    land = land_of(shapely.box(0, 0, 2, 2), shapely.box(1, 1, 3, 3))
    assert len(land.parts) == 1
    assert land.parts[0].area == pytest.approx(7.0)
    assert shapely.is_valid(land.parts[0])


def test_a_dissolve_hands_out_the_coverages_union_and_settles_on_it_only_for_a_coverage() -> None:
    """The world build lays its coast on `land` before the check is done: for a coverage the
    settled land is that very object (nothing is laid twice); for overlapping polygons it is
    another, the full union, and the build lays its coast again."""
    import shapely

    from privateer.pipeline.land import Dissolve

    touching = Dissolve(np.asarray([shapely.box(0, 0, 1, 1), shapely.box(1, 0, 2, 1)]))
    assert touching.settled() is touching.land
    overlapping = Dissolve(np.asarray([shapely.box(0, 0, 2, 2), shapely.box(1, 1, 3, 3)]))
    settled = overlapping.settled()
    assert settled is not overlapping.land
    assert [part.area for part in settled.parts] == pytest.approx([7.0])
    assert len(Dissolve(np.asarray([], dtype=object)).settled().parts) == 0


def test_contains_wraps_longitudes() -> None:
    land = land_of(square(179.5, 0.0, 0.4))
    assert land.contains(np.array([179.5, -180.5, 0.0]), np.array([0.0, 0.0, 0.0])).tolist() == [
        True,
        True,
        False,
    ]


def test_land_along_an_edge_is_measured() -> None:
    land = land_of(square(0.0, 0.0, 0.5))  # a degree across: about 60 nm
    a = to_xyz(np.array([-2.0, -2.0]), np.array([0.0, 3.0]))
    b = to_xyz(np.array([2.0, 2.0]), np.array([0.0, 3.0]))
    crossed = land.land_nm(a, b, sample_nm=1.0)
    assert crossed[0] == pytest.approx(60.0, abs=3.0)
    assert crossed[1] == 0.0
