"""The World's caches: a Memo keeps what has been worked out within a budget of bytes, letting
the least recently used go first, and what it hands back is the same whether it kept it or
worked it out again."""

from __future__ import annotations

import dataclasses
import sys
from array import array

import numpy as np
import pytest
from scipy.sparse import csr_matrix

from privateer.engine.world.game import advance, create_world
from privateer.engine.world.routes import TREES, banks_closed, high_seas, keel_seas, toward
from privateer.engine.world.rules import find_world_rules
from privateer.engine.world.rumors import split_by_source, step_cloud_everywhere, step_sparse
from privateer.engine.world.world import (
    BUDGETS,
    CACHES_BYTES,
    ENTRY_BYTES,
    HOPS,
    HOPS_NARROW,
    Cache,
    Memo,
    WorldCaches,
    footprint,
    narrowest,
)
from tests.world_fixtures import synthetic_world


def block(kilobytes: int) -> np.ndarray:
    return np.zeros(kilobytes * 1000, dtype=np.uint8)


def test_a_memo_lets_the_least_recently_used_go_by_bytes_and_never_holds_more() -> None:
    memo: Memo[str, np.ndarray] = Memo(10_000 + 3 * ENTRY_BYTES)
    memo.put("a", block(4))
    memo.put("b", block(3))
    memo.put("c", block(3))
    assert len(memo) == 3 and memo.held == 10_000 + 3 * ENTRY_BYTES
    assert memo.get("a") is not None  # used: "b" is now the least recently used
    memo.put("d", block(2))
    assert sorted(memo.known) == ["a", "c", "d"] and memo.dropped == 1
    memo.put("e", block(7))  # room for it once "c" and then "a" are gone, the oldest first
    assert list(memo.known) == ["d", "e"] and memo.dropped == 3
    assert memo.held == 9_000 + 2 * ENTRY_BYTES <= memo.budget
    assert memo.get("b") is None


def test_a_memo_keeps_nothing_bigger_than_its_budget_and_replaces_a_key_in_place() -> None:
    memo: Memo[str, np.ndarray] = Memo(5_000)
    big = block(6)
    assert memo.put("big", big) is big  # handed back, not kept
    assert len(memo) == 0 and memo.held == 0
    memo.put("x", block(2))
    memo.put("x", block(1))
    assert len(memo) == 1 and memo.held == 1_000 + ENTRY_BYTES


def test_a_memo_held_to_its_budget_whatever_is_put_in_it() -> None:
    rng = np.random.default_rng(7)
    memo: Memo[int, np.ndarray] = Memo(50_000)
    for _ in range(2_000):
        key = int(rng.integers(60))
        if memo.get(key) is None:
            memo.put(key, block(int(rng.integers(1, 12))))
        assert memo.held <= memo.budget
        assert memo.held == sum(footprint(v) + ENTRY_BYTES for v in memo.known.values())
    assert memo.dropped > 0


def test_footprints_count_what_a_value_holds() -> None:
    assert footprint(np.zeros(100, dtype=np.int16)) == 200
    matrix = csr_matrix(np.eye(10))
    assert footprint(matrix) == 10 * 8 + 10 * 4 + 11 * 4
    ints = list(range(250, 260))  # the last four are objects of their own
    assert footprint(ints) == sys.getsizeof(ints) + 3 * sys.getsizeof(300)
    assert footprint((np.zeros(3), np.zeros(2))) == sys.getsizeof((1, 2)) + 40
    assert footprint(array("h", [1, 2, 3])) == sys.getsizeof(array("h", [1, 2, 3]))
    with pytest.raises(TypeError):
        footprint(object())


def test_the_budgets_of_a_worlds_caches_add_up_to_at_most_the_bound() -> None:
    # each declared by the module that keeps it, all of them once the world's face is in
    assert set(BUDGETS) == {
        *("hops", "hops_avoiding", "closed_step_graphs"),  # world.py
        *("leg_costs", "leg_graphs", "inward", "trees", "keels"),  # routes.py
        *("step_costs", "true_next", "split_by_source", "uniform_split", "lingering"),  # rumors
        *("patrol_beats", "cruise_beats", "home_hops", "trading_reach"),  # game
        *("downstream", "fleets_compiled", "runs", "hunter_ships"),  # game.py, pursuit.py
        "daily_ways",  # ways.py
    }
    assert sum(BUDGETS.values()) <= CACHES_BYTES == 100_000_000
    caches = WorldCaches()
    assert set(caches.memos()) == set(BUDGETS)
    assert all(memo.budget == BUDGETS[name] for name, memo in caches.memos().items())


def test_a_days_weighing_of_the_seas_is_one_object_a_ruleset_and_a_world() -> None:
    """The route trees are keyed by the weighing: the same object every day finds them by
    identity (made afresh each day, every lookup compared the banks node by node)."""
    bare = synthetic_world()
    bank = next(n for n in range(bare.n) if n not in bare.port_nodes)
    world = dataclasses.replace(bare, features=(*bare.features, (bank, "bank", "a bank")))
    rules = find_world_rules("century")
    seas = high_seas(rules)
    assert high_seas(find_world_rules("century")) is seas
    keel = keel_seas(world, rules, seas)
    assert keel_seas(world, rules, high_seas(rules)) is keel
    assert keel == dataclasses.replace(seas, closed=banks_closed(world))
    assert keel.closed == banks_closed(world) == {bank}
    assert hash(keel) == hash(dataclasses.replace(seas, closed=banks_closed(world)))
    assert keel_seas(dataclasses.replace(world), rules, seas) is not keel  # a World's own


def test_a_cache_is_declared_by_one_module() -> None:
    assert Cache.declare("privateer.engine.world.routes", "trees", 14_000_000) == TREES
    with pytest.raises(ValueError, match=r"'trees' is privateer\.engine\.world\.routes's"):
        Cache.declare("privateer.engine.world.game", "trees", 1)
    assert BUDGETS["trees"] == 14_000_000


def test_hops_are_narrow_where_they_fit_and_the_same_worked_out_again_in_a_tiny_budget() -> None:
    world = synthetic_world()
    first = [world.hops_from([n]).copy() for n in range(world.n)]
    assert (
        all(h.dtype == np.int16 for h in first) and max(int(h.max()) for h in first) < HOPS_NARROW
    )
    several = world.hops_from([0, 40, 90])
    assert several.dtype == np.int16
    np.testing.assert_array_equal(several, np.minimum(np.minimum(first[0], first[40]), first[90]))
    tiny = dataclasses.replace(world)  # a World of its own: its own caches
    tiny.memo(HOPS).budget = 3 * (first[0].nbytes + ENTRY_BYTES)
    for n in [*range(world.n), *range(world.n - 1, -1, -1), 5, 50, 5]:
        np.testing.assert_array_equal(tiny.hops_from([n]), first[n])
        assert tiny.memo(HOPS).held <= tiny.memo(HOPS).budget
    assert tiny.memo(HOPS).dropped == 2 * (world.n - 3) + 2  # the last three of each pass hit


def test_the_narrowest_integers() -> None:
    assert narrowest(32_767) is np.int16 and narrowest(32_768) is np.int32
    assert narrowest(2**31) is np.int64


def test_route_trees_and_cloud_steps_the_same_when_their_caches_let_them_go() -> None:
    world = synthetic_world()
    tiny = dataclasses.replace(world)
    for name in ("trees", "true_next", "split_by_source", "hops"):
        tiny.caches.memos()[name].budget = 1  # nothing kept at all
    charted = np.zeros(world.n, dtype=bool)
    charted[::3] = True
    linger = np.full(world.n, 0.25)
    for dest in (0, 17, 50, 95):
        for node in range(world.n):
            assert toward(world, dest, 0, 0)[node] == toward(tiny, dest, 0, 0)[node]
        cloud = np.zeros(world.n)
        cloud[[3, 30, 60]] = [0.5, 0.25, 0.25]
        kept = step_sparse(world, (np.array([3, 30, 60]), cloud[[3, 30, 60]]), dest, 0, 0,
                           charted, linger)  # fmt: skip
        again = step_sparse(tiny, (np.array([3, 30, 60]), cloud[[3, 30, 60]]), dest, 0, 0,
                            charted, linger)  # fmt: skip
        for a, b in zip(kept, again, strict=True):
            assert a.tobytes() == b.tobytes()
        whole = step_cloud_everywhere(world, cloud, dest, 0, 0, charted, linger)
        assert whole[kept[0]].tobytes() == kept[1].tobytes()
        split = split_by_source(world, dest)
        assert split.rows.dtype == np.int16 and split.ways.dtype == np.uint8
    assert len(tiny.memo(TREES)) == 0 and tiny.memo(TREES).held == 0


def test_a_world_sim_the_same_with_its_caches_kept_tiny() -> None:
    world = synthetic_world()
    tiny = dataclasses.replace(world)
    for memo in tiny.caches.memos().values():
        memo.budget = 20_000  # a few entries of each at most
    hashes = []
    for w in (world, tiny):
        state, _ = create_world(w, 3)
        for _ in range(120):
            advance(w, state)
        hashes.append(state.state_hash())
    assert hashes[0] == hashes[1]
    assert sum(memo.dropped for memo in tiny.caches.memos().values()) > 0
