"""Rumors and the bar (the Privateer design document): what the room tells you round by round, how
stale and how true, the marker that fades, the cloud of where her ship is now, and what a chart is
worth."""

from __future__ import annotations

import dataclasses
import statistics

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from privateer.engine.world.bar import _talk, question_prisoner, stand_a_round
from privateer.engine.world.charting import chart_everything, charted, sight
from privateer.engine.world.game import advance, create_world
from privateer.engine.world.kinds import MERCHANT, TREASURE
from privateer.engine.world.rules import SEED_000
from privateer.engine.world.rumors import (
    Rumor,
    alive,
    cloud,
    destinations,
    lingering,
    report_spread,
    search_area,
    step_cloud,
    step_cloud_everywhere,
    strength,
)
from privateer.engine.world.state import WAKE_DAYS, WorldState
from tests.world_fixtures import synthetic_world

WORLD = synthetic_world()
PORT = 4  # Havana


def nights(seed: int, count: int) -> list[list[Rumor | None]]:
    state, _ = create_world(WORLD, seed)
    for _ in range(20):
        advance(WORLD, state)
    out = []
    for _ in range(count):
        advance(WORLD, state)  # the room turns over overnight
        out.append([stand_a_round(WORLD, state, SEED_000, PORT) for _ in range(5)])
    return out


def test_the_room_gets_drunker_round_by_round() -> None:
    heard = [night for seed in (1, 2, 3) for night in nights(seed, 150)]
    first = [n[0] for n in heard]
    fifth = [n[4] for n in heard]
    first_rate = sum(r is not None for r in first) / len(first)
    fifth_rate = sum(r is not None for r in fifth) / len(fifth)
    assert 0.85 <= first_rate <= 0.92, first_rate
    assert fifth_rate < 0.40, fifth_rate
    first_trust = statistics.mean(r.reliability for r in first if r) / 1000
    fifth_trust = statistics.mean(r.reliability for r in fifth if r) / 1000
    assert 0.70 <= first_trust <= 0.80, first_trust
    assert 0.45 <= fifth_trust <= 0.55, fifth_trust


def test_sightings_are_at_most_twelve_days_old_about_five_on_average() -> None:
    ages = []
    state, _ = create_world(WORLD, 5)
    for _ in range(20):
        advance(WORLD, state)
    for _ in range(300):
        advance(WORLD, state)
        rumor = stand_a_round(WORLD, state, SEED_000, PORT)
        if rumor:
            ages.append(state.day - rumor.day)
    assert max(ages) <= 12 and min(ages) >= 0
    assert 4.0 <= statistics.mean(ages) <= 6.0


def test_a_treasure_fleet_is_talked_of_five_times_a_merchant_at_the_same_distance() -> None:
    state, _ = create_world(WORLD, 1)
    merchant = next(s for s, k in enumerate(state.ships["kind"]) if k == MERCHANT)
    for column in state.ships:  # a treasure fleet where that merchant is
        state.ships[column].append(state.ships[column][merchant])
    state.ships["kind"][-1] = TREASURE
    state.wakes.append(list(state.wakes[merchant]))
    ships, weights, _ = _talk(WORLD, state, WORLD.ports[PORT].node, 30, 12)
    assert weights[ships.index(state.ship_count - 1)] == 5 * weights[ships.index(merchant)]


def test_a_rumor_is_right_with_its_reliability_else_off_a_step_or_two_or_three() -> None:
    right = total = 0
    for seed in range(4):
        state, _ = create_world(WORLD, seed)
        for _ in range(40):
            advance(WORLD, state)
            for _ in range(5):
                rumor = stand_a_round(WORLD, state, SEED_000, PORT)
                if rumor is None:
                    continue
                truth = state.wakes[rumor.ship][rumor.day % 13]
                off = int(WORLD.hops_from([truth])[rumor.node])
                assert off in ((0, 1) if rumor.reliability >= 600 else (0, 2, 3))
                total += 1
                right += off == 0
    assert 0.55 < right / total < 0.8  # about the reliabilities told


def test_a_prisoner_tells_of_a_ship_seen_near_the_fight() -> None:
    state, _ = create_world(WORLD, 2)
    for _ in range(30):
        advance(WORLD, state)
    rumor = question_prisoner(WORLD, state, WORLD.ports[PORT].node)
    assert rumor is not None and rumor.source == "prisoner"
    assert state.day - rumor.day <= 3 and rumor.reliability == 800


def test_a_marker_fades_by_a_fifth_a_day_and_a_ninety_lasts_ten_days() -> None:
    rumor = Rumor(MERCHANT, 0, 0, 100, 900, "bar", 0)
    assert [alive(rumor, 100 + d) for d in (0, 9, 10)] == [True, True, False]
    assert strength(rumor, 101) == 720
    weak = Rumor(MERCHANT, 0, 0, 100, 400, "bar", 0)
    assert not alive(weak, 107)


def test_a_cloud_keeps_its_mass_and_sails_toward_where_she_is_bound() -> None:
    state, _ = create_world(WORLD, 3)
    masks = [charted(WORLD, state, s) for s in range(4)]
    rumor = Rumor(MERCHANT, WORLD.nations.index("spain"), 2 * 12 + 2, 0, 900, "bar", 0)
    start = report_spread(WORLD, rumor)
    assert abs(start.sum() - 1.0) < 1e-9 and start[rumor.node] == 0.9
    bound = [d for d, _ in destinations(WORLD, state, SEED_000, rumor)]
    later = cloud(WORLD, state, SEED_000, rumor, 10, masks)
    assert abs(later.sum() - 1.0) < 1e-9
    hops_then = sum(start[n] * min(WORLD.hops_from([d])[n] for d in bound) for n in range(WORLD.n))
    hops_now = sum(later[n] * min(WORLD.hops_from([d])[n] for d in bound) for n in range(WORLD.n))
    assert hops_now < hops_then  # nearer, on the whole, to the ports she may be bound for


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    node=st.integers(0, WORLD.n - 1),
    dest=st.integers(0, WORLD.n - 1),
    kind=st.sampled_from([MERCHANT, TREASURE]),
    days=st.integers(1, 14),
    half_charted=st.booleans(),
)
def test_stepping_only_where_the_cloud_is_gives_the_whole_seas_step_to_the_last_bit(
    seed: int, node: int, dest: int, kind: int, days: int, half_charted: bool
) -> None:
    chart = np.zeros(WORLD.n, dtype=bool)
    if half_charted:
        chart[np.random.default_rng(seed).random(WORLD.n) < 0.5] = True
    linger = lingering(WORLD, SEED_000, kind)
    mass = report_spread(WORLD, Rumor(kind, 0, node, 0, 500 + seed % 500, "bar", 0))
    for day in range(days):
        fast = step_cloud(WORLD, mass, dest, day % 2, kind % 2, chart, linger)
        whole = step_cloud_everywhere(WORLD, mass, dest, day % 2, kind % 2, chart, linger)
        assert np.array_equal(fast, whole)
        mass = fast


def test_sailing_charts_the_water_a_step_out() -> None:
    state, _ = create_world(WORLD, 1)
    node = 3 * 12 + 5
    sight(WORLD, state, node, season=2)
    seen = set(state.charted_currents)
    assert node in seen and set(WORLD.step_neighbours[node]) <= seen
    assert charted(WORLD, state, 2)[node] and not charted(WORLD, state, 1)[node]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), days=st.integers(4, 12))
def test_a_chart_of_the_whole_sea_tightens_a_treasure_fleets_cloud(seed: int, days: int) -> None:
    """Over rumors from every node: one rumor may come out looser with the sea known (on the
    blank chart her cloud reaches port by the shortest way and piles up there, while the true
    way is longer), but taken together the search areas are smaller."""
    state, _ = create_world(WORLD, seed)
    state.courses.append([3, 4])  # a Spanish fleet's course, Cadiz to Havana
    blank = [np.zeros(WORLD.n, dtype=bool)] * 4
    known: WorldState = state.copy()
    chart_everything(WORLD, known)
    whole = [charted(WORLD, known, s) for s in range(4)]
    loose = tight = 0
    for start in range(WORLD.n):
        rumor = Rumor(TREASURE, WORLD.nations.index("spain"), start, 0, 900, "bar", 0)
        loose += len(search_area(cloud(WORLD, state, SEED_000, rumor, days, blank)))
        tight += len(search_area(cloud(WORLD, state, SEED_000, rumor, days, whole)))
    assert tight < loose


def test_rumors_are_deterministic() -> None:
    assert [[r and r.to_list() for r in n] for n in nights(9, 10)] == [
        [r and r.to_list() for r in n] for n in nights(9, 10)
    ]


def test_the_bars_and_the_rumors_numbers_are_the_rules() -> None:
    """Each of them in WorldRules, as the seed gives it; a variant of the rules reaches the bar,
    the prisoners, the marker and the report's spread."""
    assert SEED_000.hear_per_mille == (880, 750, 620, 490, 360)
    assert SEED_000.reliability_per_mille == (780, 715, 655, 590, 530)
    assert SEED_000.stale_weights == tuple(20 - age for age in range(WAKE_DAYS))  # every age
    assert (SEED_000.talk_days, SEED_000.fade, SEED_000.gone_per_mille) == (30, (4, 5), 100)
    assert (SEED_000.search_share, SEED_000.good_source_per_mille) == (0.7, 600)
    deaf = dataclasses.replace(SEED_000, name="deaf", hear_per_mille=(0,))
    state, _ = create_world(WORLD, 2)
    for _ in range(30):
        advance(WORLD, state)
    assert [stand_a_round(WORLD, state, deaf, PORT) for _ in range(8)] == [None] * 8
    sure = dataclasses.replace(SEED_000, name="sure", prisoner_reliability=990)
    told = question_prisoner(WORLD, state, WORLD.ports[PORT].node, sure)
    assert told is not None and told.reliability == 990
    rumor = Rumor(MERCHANT, 0, 40, 0, 900, "bar", 0)
    halving = dataclasses.replace(SEED_000, name="halving", fade=(1, 2), gone_per_mille=500)
    assert strength(rumor, 1, halving) == 450 and not alive(rumor, 1, halving)
    wide = dataclasses.replace(SEED_000, name="wide", good_source_rings=(2,))
    off = np.flatnonzero(report_spread(WORLD, rumor, wide)).tolist()
    assert off == sorted([40, *np.flatnonzero(WORLD.hops_from([40]) == 2).tolist()])
