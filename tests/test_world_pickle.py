"""A World crosses to and from dask's workers pickled as its fields alone: what was derived on
it stays behind (a worker's logged records hold their game and its World, while the worker's
other threads fill that World's caches: pickled whole it failed, and was 170 MB)."""

from __future__ import annotations

import pickle
from dataclasses import fields

import numpy as np

from tests.world_fixtures import synthetic_world


def test_a_world_pickles_as_its_fields_without_what_was_derived_on_it() -> None:
    world = synthetic_world()
    bare = len(pickle.dumps(world))
    assert world.port_nodes and world.port_by_name and world.caches is world.caches
    assert "port_nodes" in vars(world)  # derived and kept on it
    again = pickle.loads(pickle.dumps(world))
    assert len(pickle.dumps(world)) == bare
    assert not {"port_nodes", "port_by_name", "caches"} & set(vars(again))
    for field in fields(world):
        mine, theirs = getattr(world, field.name), getattr(again, field.name)
        if isinstance(mine, np.ndarray):  # bytes alike (NaN where there is no value)
            assert mine.dtype == theirs.dtype and mine.tobytes() == theirs.tobytes()
        else:
            assert repr(mine) == repr(theirs)  # a Port is equal only to itself
    assert again.port_nodes == world.port_nodes  # derived again where it lands
