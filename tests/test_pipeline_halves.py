"""Elementwise geometry work in two halves gives the array the whole would."""

from __future__ import annotations

import numpy as np
import shapely

from privateer.pipeline.halves import in_halves


def test_the_halves_give_what_the_whole_gives_in_order() -> None:
    shapes = np.asarray([shapely.Point(i, i % 3).buffer(0.2 + i / 50) for i in range(21)])
    whole = shapely.buffer(shapes, 0.1, quad_segs=4)
    halves = in_halves(shapely.buffer, shapes, 0.1, quad_segs=4)
    assert len(halves) == len(shapes)
    assert all(shapely.equals_exact(whole, halves, tolerance=0.0))


def test_the_cut_follows_the_vertices_not_the_count() -> None:
    """One big polygon and many small ones: each half holds about half the vertices, and
    neither is empty."""
    big = shapely.Point(0, 0).buffer(1.0, quad_segs=256)
    small = [shapely.box(i, 0, i + 0.5, 0.5) for i in range(10)]
    seen: list[int] = []

    def counted(geometries: np.ndarray) -> np.ndarray:
        seen.append(len(geometries))
        return shapely.get_num_coordinates(geometries)

    counts = in_halves(counted, np.asarray([big, *small]))
    assert sorted(seen) == [1, 10]
    assert counts.tolist() == shapely.get_num_coordinates(np.asarray([big, *small])).tolist()
    assert len(in_halves(counted, np.asarray([big]))) == 1  # one geometry: no halves
