"""The captain's rumor clouds, kept for the run and sailed on from where they were left
(engine/voyage/sailed_clouds.py), are the world's clouds sailed afresh from the rumor's day, to
the last bit: whatever the chart gained between looks, on any day, and whatever the world's
state did to where she may be bound; and a voyage's captain sees the same clouds."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from privateer.engine.voyage import sailed_clouds
from privateer.engine.voyage.captain import CAPTAIN, WORLD_CAPTAIN
from privateer.engine.voyage.captained import play_captained
from privateer.engine.voyage.game import VoyageGame
from privateer.engine.voyage.rules import find_voyage_rules
from privateer.engine.world.charting import charted, sight
from privateer.engine.world.game import create_world
from privateer.engine.world.kinds import GUARD, MERCHANT, TREASURE
from privateer.engine.world.rules import SEED_000
from privateer.engine.world.rumors import Rumor, cloud, clouds_ahead
from tests.voyage_fixtures import WORLD


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    node=st.integers(0, WORLD.n - 1),
    kind=st.sampled_from([MERCHANT, TREASURE, GUARD]),
    looks=st.lists(
        st.tuples(st.integers(0, 6), st.lists(st.integers(0, WORLD.n - 1), max_size=4)),
        min_size=1,
        max_size=6,
    ),
    war=st.booleans(),
)
def test_a_cloud_sailed_on_is_the_cloud_sailed_afresh_to_the_last_bit(
    seed: int, node: int, kind: int, looks: list[tuple[int, list[int]]], war: bool
) -> None:
    state, _ = create_world(WORLD, seed)
    state.courses.append([3, 4])  # a Spanish fleet's course, Cadiz to Havana
    rumor = Rumor(kind, WORLD.nations.index("spain"), node, 2, 500 + seed % 500, "bar", 0)
    kept = sailed_clouds.SailedClouds().for_run(("test",))
    today = rumor.day - 1  # a look before the rumor's day: her cloud as told
    for step, sighted in looks:
        today += step
        for n in sighted:  # the chart gains water between looks, anywhere
            sight(WORLD, state, n, (today // SEED_000.season_days) % 4)
        if war and step % 2:  # and the world changes where she may be bound
            state.courses.append([4, 3])
        chart = [charted(WORLD, state, s) for s in range(4)]
        mass = kept.cloud(WORLD, state, SEED_000, rumor, today, chart)
        fresh = cloud(WORLD, state, SEED_000, rumor, today, chart)
        assert mass.tobytes() == fresh.tobytes()


@pytest.mark.parametrize("captain", [CAPTAIN, WORLD_CAPTAIN])
def test_the_captains_clouds_in_a_voyage_are_the_worlds(
    captain: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    looks: list[bool] = []
    kept = sailed_clouds.SailedClouds.cloud

    def both(
        self: Any, world: Any, state: Any, rules: Any, rumor: Any, today: int, chart: Any
    ) -> Any:
        mass = kept(self, world, state, rules, rumor, today, chart)
        looks.append(np.array_equal(mass, cloud(world, state, rules, rumor, today, chart)))
        return mass

    monkeypatch.setattr(sailed_clouds.SailedClouds, "cloud", both)
    game = VoyageGame(WORLD, find_voyage_rules("full"), days=240)
    for seed in range(4):
        play_captained(game, seed, captain.choose)
    assert looks and all(looks)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    node=st.integers(0, WORLD.n - 1),
    kind=st.sampled_from([MERCHANT, TREASURE]),
    first=st.integers(0, 30),
)
def test_a_track_read_in_part_then_on_is_the_track_worked_out_whole(
    seed: int, node: int, kind: int, first: int
) -> None:
    state, _ = create_world(WORLD, seed)
    rumor = Rumor(kind, WORLD.nations.index("spain"), node, 3, 500 + seed % 500, "bar", 0)
    chart = [charted(WORLD, state, s) for s in range(4)]
    at_sea = np.ones(WORLD.n, dtype=bool)
    at_sea[list(WORLD.port_nodes)] = False
    days = list(range(rumor.day, rumor.day + 40))
    whole = [
        (day, int(np.argmax(np.where(at_sea, mass, 0.0))))
        for day, mass in zip(
            days, clouds_ahead(WORLD, state, SEED_000, rumor, days, chart), strict=True
        )
        if np.any(mass[at_sea] > 0)
    ]
    track = sailed_clouds.Track(WORLD, state, SEED_000, rumor, 40, chart, at_sea)
    read = [place for _, place in zip(range(first), track, strict=False)]
    sight(WORLD, state, node, 0)  # the chart gains water after it was begun: no matter
    assert read == whole[:first]
    assert track.whole() == whole
