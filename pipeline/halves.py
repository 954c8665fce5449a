"""Elementwise geometry work in two halves, one on a thread beside the caller's: shapely lets go
of the GIL in its vectorised functions, so on two cores the halves run at once. Each geometry's
answer is its own, so the halves give the very array the whole would."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import shapely


def in_halves(
    work: Callable[..., np.ndarray], geometries: np.ndarray, *args: Any, **kwargs: Any
) -> np.ndarray:
    """`work(geometries, *args, **kwargs)` for an elementwise `work`, the geometries split
    where half their vertices lie before (the work goes with the vertices)."""
    if len(geometries) < 2:
        return work(geometries, *args, **kwargs)
    vertices = np.cumsum(shapely.get_num_coordinates(geometries))
    cut = int(np.clip(np.searchsorted(vertices, vertices[-1] / 2), 1, len(geometries) - 1))
    with ThreadPoolExecutor(1, thread_name_prefix="geometry half") as beside:
        first = beside.submit(work, geometries[:cut], *args, **kwargs)
        second = work(geometries[cut:], *args, **kwargs)
        return np.concatenate([first.result(), second])
