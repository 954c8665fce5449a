"""The world's compiled daily loop (engine/world/daily.py) and the TreeStore it reads its
route trees from (engine/world/routes.py): the same draws as the RNG, the same trees found by
the loop as by Python through any number of trees let go, and the same world, to the state
hash, as the loop written out in Python gave."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
from scipy.sparse.csgraph import dijkstra

from privateer.engine.rng import below
from privateer.engine.world import advance, create_world
from privateer.engine.world.daily import below as compiled_below
from privateer.engine.world.daily import tree_row
from privateer.engine.world.routes import CALM, TREES, TreeStore, _inward, high_seas, toward
from privateer.engine.world.rules import find_world_rules
from privateer.engine.world.state import columns
from privateer.engine.world.ways import first_legs, ways
from privateer.engine.world.world import World
from tests.world_fixtures import synthetic_world

ROOT = Path(__file__).resolve().parent.parent

# The state hashes of seeds 0-3 after two years of the default world (`century`) on the full
# world, as the daily loop written out in Python gave them before it was compiled.
PYTHON_LOOP_HASHES = {
    0: "702f6ce87824c91e3c245e503abbc9d605c6fd5e93179f6779295a5be1aba275",
    1: "d5d438817416d30fa9a242d75c2faec9d66b52ac51d3221f7683001eddd2fee7",
    2: "080ed7c5cd6ed93188954ebc054a7837f179d4aec886caf35578d869e716a787",
    3: "af5efe350c2d42b07871fd8488993c423fe3ec8be61f13e7bfab2be436a1515d",
}


def test_the_compiled_draw_is_the_rngs_to_the_bit() -> None:
    chance = random.Random(7)
    for _ in range(20_000):
        state = chance.randrange(2**32)
        n = chance.choice([1, 2, 3, 7, 100, 1000, 2**31 + 5, chance.randrange(1, 2**32)])
        assert compiled_below(state, n) == below(state, n)


def test_the_loop_finds_every_kept_tree_where_python_does_through_trees_let_go() -> None:
    world = synthetic_world()
    width = len(world.graph_nodes) * np.dtype(np.int16).itemsize
    store = TreeStore(world, budget=40 * (width + 600))  # some forty rows: most trees let go
    seas = high_seas(find_world_rules("century"))
    chance = random.Random(3)
    ids = world.graph_nodes.tolist()
    put: dict[tuple[object, ...], int] = {}
    for _ in range(600):
        key = (chance.choice(ids), chance.randrange(3), chance.randrange(2))
        if chance.random() < 0.3:
            key = (*key, seas)
        legs = np.full(len(ids), chance.randrange(100), dtype=np.int16)
        if store.row(key) < 0:  # type: ignore[arg-type]
            put[key] = store.put(key, legs, {})  # type: ignore[arg-type]
        for known in put:
            numbers = (*known[:3], store.seas_id(known[3]) if len(known) > 3 else 0)  # type: ignore[arg-type]
            found = tree_row(store.slot_keys, store.slot_rows, *numbers)
            assert found == store.row_of.get(known, -1)  # type: ignore[call-overload]
    assert store.dropped > 400 and store.entries == len(store.used) == 40


def test_a_world_sim_is_the_python_loops_to_the_state_hash(loaded_full_world: World) -> None:
    for seed, hashed in PYTHON_LOOP_HASHES.items():
        state, _ = create_world(loaded_full_world, seed)
        for _ in range(730):
            advance(loaded_full_world, state)
        assert state.state_hash() == hashed, seed


def test_a_world_sim_the_same_when_the_trees_are_not_kept(loaded_full_world: World) -> None:
    """With no room for trees, every tree is worked out when a ship wants it and handed to
    the loop for that day only: the same world."""
    squeezed = dataclasses.replace(loaded_full_world)
    squeezed.memo(TREES).budget = 1
    kept, _ = create_world(loaded_full_world, 5)
    worked, _ = create_world(squeezed, 5)
    for _ in range(25):
        advance(loaded_full_world, kept)
        advance(squeezed, worked)
    assert kept.state_hash() == worked.state_hash()
    assert len(squeezed.memo(TREES)) == 0
    assert toward(squeezed, int(loaded_full_world.graph_nodes[0]), 0, 0, CALM).legs.shape == (
        len(loaded_full_world.graph_nodes),
    )


def test_a_column_put_in_anew_is_the_one_the_loop_sails(loaded_full_world: World) -> None:
    """The loop keeps its views of a run's columns from day to day; a column the state is
    given anew (a copy, the same values) is the one it sails on from then."""
    world = loaded_full_world
    kept, _ = create_world(world, 2)
    renewed, _ = create_world(world, 2)
    for day in range(40):
        if day == 20:
            for name in ("node", "dest", "task"):
                renewed.ships[name] = columns(renewed.ships[name].tolist())
        advance(world, kept)
        advance(world, renewed)
    assert renewed.state_hash() == kept.state_hash()


def _pair_table_legs(world: World, pred: np.ndarray) -> np.ndarray:
    """A tree's legs the way they were found before they were compiled: every pair of graph
    nodes a leg joins, both ways round, its first leg (np.unique's first), one searchsorted."""
    index = np.asarray(world.graph_index, dtype=np.int64)
    count = len(world.graph_nodes)
    a, b = index[world.leg_a], index[world.leg_b]
    keys, first = np.unique(np.concatenate([a * count + b, b * count + a]), return_index=True)
    pair_legs = np.concatenate([np.arange(world.legs), np.arange(world.legs)])[first]
    reached = np.flatnonzero(pred >= 0)
    at = np.searchsorted(keys, reached * count + pred[reached])
    legs = np.full(count, -1, dtype=np.int64)
    legs[reached] = pair_legs[at]
    return legs


def test_every_route_trees_legs_are_the_pair_tables(loaded_full_world: World) -> None:
    for world in (synthetic_world(), loaded_full_world):
        way = ways(world)
        inward, ids = _inward(world, 0, 0)
        places = (
            range(len(ids)) if world.n < 1_000 else random.Random(5).sample(range(len(ids)), 60)
        )
        for place in places:
            _, pred = dijkstra(inward, directed=True, indices=place, return_predecessors=True)
            legs = np.full(len(ids), -1, dtype=np.int64)
            assert first_legs(pred, ids, way.at_start, way.at_legs, way.leg_a, way.leg_b, legs)
            np.testing.assert_array_equal(legs, _pair_table_legs(world, pred))


LOADS_OFF_THE_MAIN_THREAD = """
import threading
from numba.core import event
from privateer.engine.world import advance, create_world
from privateer.engine.world import daily, ways
from tests.world_fixtures import synthetic_world

class Loads(event.Listener):
    threads = set()
    def on_start(self, happened):
        self.threads.add(threading.current_thread() is threading.main_thread())
    def on_end(self, happened):
        pass

event.register("numba:compiler_lock", Loads())
world = synthetic_world()
state, _ = create_world(world, 1)
for _ in range(30):
    advance(world, state)
kernels = (daily.sail, daily.meet_monsters, ways.first_legs)
print(sorted(Loads.threads), [len(k.dispatcher.signatures) for k in kernels])
"""


def test_the_compiled_loops_load_off_the_main_thread_where_a_ctrl_c_cannot_land() -> None:
    """In a new process, every load of a kernel's machine code (Numba's compiler lock) is
    made on compiled.py's loading thread, and the world's days call each kernel with the
    types it loaded: a Ctrl-C landing inside the load killed the process at exit."""
    done = subprocess.run(
        [sys.executable, "-c", LOADS_OFF_THE_MAIN_THREAD],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert done.stdout.split() == ["[False]", "[1,", "1,", "1]"], done.stdout + done.stderr
