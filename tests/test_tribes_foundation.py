"""Tribes (its design document), the foundation: splitmix32, largest-remainder apportionment, the
fixed-point accumulators, the seeded map with its spawn ring and fairness, and `tribes map`."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.tribes import (
    EXTRACTION_D,
    SIMPLE_D,
    TERRAIN,
    SplitMix32,
    apportion,
    apportion_permille,
    fairness,
    flow,
    generate,
    refine,
    spawn_ring,
)
from privateer.engine.tribes.mapgen import WATER, vein_caps

MASK = 0xFFFFFFFF


def _reference(seed: int, n: int) -> list[int]:
    """splitmix32 written out from the seed's description, apart from the engine's."""
    out, s = [], seed
    for _ in range(n):
        s = (s + 0x9E3779B9) % 2**32
        z = s
        z = ((z ^ (z >> 16)) * 0x85EBCA6B) % 2**32
        z = ((z ^ (z >> 13)) * 0xC2B2AE35) % 2**32
        out.append(z ^ (z >> 16))
    return out


# --- splitmix32 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "first"),
    [
        (0, [2462723854, 1020716019, 454327756, 1275600319]),
        (123456789, [1573771921, 319883699, 2742014374, 1324369493]),
    ],
)
def test_splitmix32_first_outputs(seed: int, first: list[int]) -> None:
    r = SplitMix32(seed)
    assert [r.next_u32() for _ in range(4)] == first == _reference(seed, 4)
    r = SplitMix32(seed)
    assert [r.next_u32() for _ in range(1000)] == _reference(seed, 1000)


def test_rng_is_one_output_modulo_n_and_the_state_resumes() -> None:
    r = SplitMix32(7)
    draws = [r.rng(101) for _ in range(200)]
    assert draws == [v % 101 for v in _reference(7, 200)]
    saved = r.to_json()
    assert json.loads(json.dumps(saved)) == saved == r.state
    ahead = [r.rng(6) for _ in range(20)]
    copy = SplitMix32.from_json(saved)
    assert [copy.rng(6) for _ in range(20)] == ahead
    with pytest.raises(ValueError):
        r.rng(0)


# --- apportionment ------------------------------------------------------------------------


def test_apportion_ties_go_to_the_lower_index() -> None:
    assert apportion(10, [1, 1, 1]) == [4, 3, 3]
    assert apportion(2, [1, 1, 1]) == [1, 1, 0]
    assert apportion(5, [0, 3, 3]) == [0, 3, 2]
    assert apportion(7, [2, 1]) == [5, 2]  # quotas 4.67, 2.33: the larger remainder wins


def test_apportion_sums_exactly_and_stays_within_one_of_the_quota() -> None:
    rnd = random.Random(2)
    for _ in range(2000):
        weights = [rnd.randrange(0, 1500) for _ in range(rnd.randrange(1, 12))]
        total = rnd.randrange(0, 5000)
        if sum(weights) == 0:
            continue
        parts = apportion(total, weights)
        assert sum(parts) == total
        for part, w in zip(parts, weights, strict=True):
            quota = Fraction(total * w, sum(weights))
            assert quota - 1 < part < quota + 1


def test_permille_shares_leave_the_rest_idle_and_normalise_over_1000() -> None:
    assert apportion_permille(1200, [400, 100]) == ([480, 120], 600)
    assert apportion_permille(7, [500, 200]) == ([4, 1], 2)  # 3.5, 1.4, 2.1: tie by index
    assert apportion_permille(1200, [1500, 500]) == ([900, 300], 0)  # sum 2000 normalises
    assert apportion_permille(1200, [2000, 1000]) == ([800, 400], 0)
    with pytest.raises(ValueError):
        apportion(3, [0, 0])


def test_all_zero_weights_share_nothing_and_can_share_no_unit() -> None:
    assert apportion(0, [0, 0, 0]) == [0, 0, 0]
    assert apportion(0, [0]) == [0] and apportion(0, []) == []
    for total, weights in ((3, [0, 0]), (1, [0]), (5, [])):
        with pytest.raises(ValueError, match="sum to 0"):
            apportion(total, weights)
    assert apportion_permille(0, [0, 0]) == ([0, 0], 0)  # idle weighs 1000: never all zero
    assert apportion_permille(0, [1000, 0]) == ([0, 0], 0)  # idle 0, shares 1000 and 0


def test_a_negative_total_or_weight_is_refused() -> None:
    with pytest.raises(ValueError, match="negative total"):
        apportion(-1, [1, 1])
    with pytest.raises(ValueError, match="must not be negative"):
        apportion(4, [3, -1, 2])  # sums to a positive 4: refused all the same


# --- accumulators -------------------------------------------------------------------------


@pytest.mark.parametrize("denominator", [SIMPLE_D, EXTRACTION_D])
def test_accumulator_conserves_every_unit(denominator: int) -> None:
    rnd = random.Random(denominator)
    acc, made, owed = 0, 0, 0
    for _ in range(20_000):
        base, rate = rnd.randrange(0, 1300), rnd.randrange(0, 1001)
        out, acc = flow(base, rate, acc, denominator)
        made += out
        owed += base * rate
        assert 0 <= acc < denominator
    assert made * denominator + acc == owed
    assert Fraction(owed, denominator) - made == Fraction(acc, denominator)


def test_starved_refinement_clamps_its_accumulator() -> None:
    assert refine(3, 400, 900, available=10) == flow(3, 400, 900)  # fed: the plain flow
    assert refine(10, 400, 0, available=2) == (2, 999)  # 4 made of 2: the rest does not bank
    assert refine(10, 400, 0, available=0) == (0, 999)
    assert refine(2, 400, 100, available=0) == (0, 900)  # under 1000 anyway: kept


# --- the map ------------------------------------------------------------------------------


def test_map_is_a_function_of_its_seed() -> None:
    a, b = generate(5), generate(5)
    assert a == b and a.rows == b.rows
    assert generate(6).rows != a.rows
    assert generate(5, 64, 3).spawns != a.spawns


def test_golden_map_64_seed_123456789() -> None:
    world = generate(123456789)
    assert world.spawns == ((56, 32), (32, 8), (8, 32), (32, 56))
    assert world.digest() == "c91e6fb7212814afc77d91a2f3fe6b74288392d4109a84c58e984652e6b86112"


def test_spawn_ring_is_the_16_point_circle() -> None:
    assert spawn_ring(64, 4) == [(56, 32), (32, 8), (8, 32), (32, 56)]  # E, N, W, S
    for size in (32, 64, 100, 128):
        radius = size * 3 // 8
        ring = spawn_ring(size, 16)
        assert len(set(ring)) == 16
        for x, y in ring:  # on the circle to within rounding
            assert abs((x - size // 2) ** 2 + (y - size // 2) ** 2 - radius * radius) <= 2 * radius
    assert spawn_ring(64, 8) == spawn_ring(64, 16)[::2]


@pytest.mark.parametrize("size", [32, 64, 128])
def test_every_site_is_fair_and_the_map_keeps_its_rules(size: int) -> None:
    ore_cap, gold_cap = vein_caps(size)
    arctic = 10 * size // 64
    for seed in range(20):
        for tribes in (4, 8) if size != 128 else (4,):
            world = generate(seed, size, tribes)
            assert len(world.rows) == size and all(len(row) == size for row in world.rows)
            assert set("".join(world.rows)) <= set(TERRAIN)
            assert list(world.spawns) == spawn_ring(size, tribes)
            for x, y in world.spawns:
                assert world.at(x, y) == "."
                assert fairness(world.rows, (x, y)).holds(), (seed, size, tribes, (x, y))
            for d in range(2):  # solid ocean two deep all round
                edges = world.rows[d] + world.rows[-1 - d]
                edges += "".join(row[d] + row[-1 - d] for row in world.rows)
                assert set(edges) == {"w"}
            counts = world.counts()
            assert counts["O"] <= ore_cap and counts["G"] <= gold_cap
            assert counts["v"] <= 2
            assert counts["a"] > 0 and counts["t"] > 0
            assert "a" not in world.rows[size // 2]  # the caps are at the poles
            assert "a" in world.rows[arctic - 1] or "a" in world.rows[size - arctic]


def test_size_64_has_the_seeds_features() -> None:
    world = generate(123456789)
    counts = world.counts()
    assert counts["O"] == 29 and counts["G"] == 7  # 31 drawn + the caps, some kept for sites
    assert counts["v"] >= 1 and counts["r"] > 20 and counts["f"] > 100
    assert vein_caps(64) == (35, 8)
    land = sum(n for c, n in counts.items() if c not in WATER)
    assert land > 64 * 64 // 2


def test_bad_map_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        generate(1, 31)
    with pytest.raises(ValueError):
        generate(-1)
    with pytest.raises(ValueError):
        spawn_ring(64, 0)


# --- the command --------------------------------------------------------------------------

runner = CliRunner()


def test_tribes_map_prints_the_map_with_its_sites() -> None:
    result = runner.invoke(app, ["tribes", "map", "--seed", "123456789"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    world = generate(123456789)
    drawn = lines[1:65]
    for i, (x, y) in enumerate(world.spawns):
        assert drawn[y][x] == str(i)  # the tribe's id, as the orders and `tribes run` number it
        drawn[y] = drawn[y][:x] + "." + drawn[y][x + 1 :]
    assert tuple(drawn) == world.rows
    assert f"O ore vein {world.counts()['O']}" in result.stdout
    assert sum(line.rstrip().endswith("yes") for line in lines) == 4


def test_tribes_map_json() -> None:
    result = runner.invoke(app, ["tribes", "map", "--seed", "3", "--size", "32", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    world = generate(3, 32)
    assert tuple(out["rows"]) == world.rows and out["digest"] == world.digest()
    assert [(s["x"], s["y"]) for s in out["spawns"]] == list(world.spawns)
    assert all(s["fair"] and s["plains"] >= 20 for s in out["spawns"])
    assert sum(out["counts"].values()) == 32 * 32


@pytest.mark.parametrize(
    "args",
    [["--size", "31"], ["--size", "513"], ["--tribes", "0"], ["--tribes", "9"], ["--seed", "-1"]],
)
def test_tribes_map_refuses_bad_input_in_one_line(args: list[str]) -> None:
    result = runner.invoke(app, ["tribes", "map", *args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert result.stdout == ""
