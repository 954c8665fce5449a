"""The world as a process loads it (db/world_load.py): out of the cyclic collector's way once
read, and still freed when let go."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from privateer.db import open_database, world_load
from privateer.engine.world import advance, create_world


def test_a_loaded_world_is_frozen_and_freed_by_reference_counting_when_let_go(
    channel_built: Path,
) -> None:
    engine = open_database(channel_built, read_only=True, notify=lambda _: None)
    world_load._LOADED.clear()
    try:
        world = world_load.load_world(engine)
    finally:
        engine.dispose()
    tracked = {id(thing) for thing in gc.get_objects()}  # the collector's: frozen ones are not
    assert id(world) not in tracked and id(world.ports) not in tracked
    state, _ = create_world(world, 3)  # its caches filled as a run fills them
    for _ in range(30):
        advance(world, state)
    gc.unfreeze()
    gone = weakref.ref(world)
    gc.disable()  # no cycle holds it: reference counting alone frees it (a frozen cycle never is)
    try:
        del world, state
        world_load._LOADED.clear()
        assert gone() is None
    finally:
        gc.enable()
