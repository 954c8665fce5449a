"""Rules of issue 21 on the synthetic sea, each switched on against off: routes weighed by the
high latitudes' storms and ice, merchants that sail on from the port they lie in, and rumors'
clouds that follow her voyages."""

from __future__ import annotations

import numpy as np
import pytest

from privateer.engine.world.charting import charted
from privateer.engine.world.game import advance, create_world
from privateer.engine.world.kinds import GUARD, MERCHANT, SQUARE, TREASURE
from privateer.engine.world.routes import CALM, HighSeas, high_seas, leg_costs, route, toward
from privateer.engine.world.rules import SEED_000
from privateer.engine.world.rumors import (
    Rumor,
    clouds_ahead,
    destinations,
    search_area,
    voyages,
)
from privateer.engine.world.sailing import step
from privateer.engine.world.state import SAILING
from tests.world_fixtures import COLS, synthetic_world

WORLD = synthetic_world()
STORMY = HighSeas(storm_latitude=2.5, storm_days=3.0)  # the grid's rows past 2.5 are "high"


def node(c: int, r: int) -> int:
    return r * COLS + c


def test_the_high_seas_cost_a_storms_days_past_its_latitude_and_ice_by_the_degree() -> None:
    seas = HighSeas(40.0, 0.5, 45.0, 1.0)
    lat = np.array([39.0, 41.0, -41.0, 47.0, -50.0])
    assert seas.costs(lat).tolist() == [0.0, 0.5, 0.5, 2.5, 5.5]  # south as north
    assert high_seas(SEED_000) is CALM and CALM.costs(lat).tolist() == [0.0] * 5
    on = SEED_000.with_changes(route_storm_days=0.5, route_ice_days_per_degree=1.0)
    assert high_seas(on) == seas


def test_a_route_keeps_south_of_the_storms_and_calm_seas_change_nothing() -> None:
    calm_forward, _ = leg_costs(WORLD, 1, SQUARE)
    stormy_forward, _ = leg_costs(WORLD, 1, SQUARE, STORMY)
    high = WORLD.lat[WORLD.leg_a] > 2.5
    extra = (stormy_forward - calm_forward)[high] / WORLD.leg_days[high]
    assert np.allclose(extra, 3.0) and np.array_equal(stormy_forward[~high], calm_forward[~high])
    # along row 3 the current runs east: calm, she rides it; stormy, she keeps to row 2
    start, end = node(0, 3), node(COLS - 1, 3)
    calm = route(WORLD, start, end, 1, SQUARE)
    assert all(WORLD.lat[n] == 3.0 for n in calm.nodes)
    stormy = route(WORLD, start, end, 1, SQUARE, seas=STORMY)
    assert max(WORLD.lat[n] for n in stormy.nodes[2:-2]) <= 2.5
    assert toward(WORLD, end, 1, SQUARE, STORMY)[start] == node(0, 2)


def test_the_worlds_ships_sail_the_weighed_routes() -> None:
    state, _ = create_world(WORLD, 1)
    ships = state.ships
    ship = 0
    ships["node"][ship], ships["dest"][ship] = node(0, 3), node(COLS - 1, 3)
    ships["leg"][ship], ships["task"][ship], ships["rig"][ship] = -1, SAILING, SQUARE
    stormy = state.copy()
    step(WORLD, state, ship, 1, keep_out=False)
    step(WORLD, stormy, ship, 1, keep_out=False, seas=STORMY)
    assert state.ships["node"][ship] == node(1, 3)
    assert WORLD.lat[stormy.ships["node"][ship]] < 3.0  # bound south, off the stormy row


def stalled(on: bool) -> tuple[int, int]:
    rules = SEED_000.with_changes(merchant_sails_on=on)
    state, _ = create_world(WORLD, 1, rules)
    for _ in range(200):
        advance(WORLD, state, rules=rules)
    ships = state.ships
    count = sum(
        1
        for s in range(state.ship_count)
        if ships["kind"][s] == MERCHANT
        and ships["task"][s] == SAILING
        and ships["leg"][s] < 0
        and ships["dest"][s] == ships["node"][s]
    )
    return count, state.voyages[MERCHANT]


def test_merchants_sail_on_from_the_port_they_lie_in() -> None:
    off, voyages_off = stalled(False)  # as before: one that draws her own port lies there
    on, voyages_on = stalled(True)
    assert off > 0 and on == 0 and voyages_on > 2 * voyages_off


@pytest.mark.parametrize("kind", [MERCHANT, TREASURE, GUARD])
def test_a_cloud_that_follows_her_voyages_keeps_its_mass(kind: int) -> None:
    rules = SEED_000.with_changes(cloud_voyages=True, merchant_sails_on=True)
    state, _ = create_world(WORLD, 2, rules)
    state.courses.append([3, 4])  # a Spanish fleet's course, Cadiz to Havana
    masks = [charted(WORLD, state, s) for s in range(4)]
    rumor = Rumor(kind, WORLD.nations.index("spain"), node(6, 5), 0, 900, "bar", 0)
    plan = voyages(WORLD, state, rules, rumor)
    assert plan.onward is not None and abs(sum(s for _, s in plan.bound) - 1.0) < 1e-9
    for mass in clouds_ahead(WORLD, state, rules, rumor, [1, 5, 20, 40], masks):
        assert abs(mass.sum() - 1.0) < 1e-9 and (mass >= 0).all()


def test_her_onward_voyages_are_her_kinds() -> None:
    rules = SEED_000.with_changes(cloud_voyages=True)
    state, _ = create_world(WORLD, 2, rules)
    spain = WORLD.nations.index("spain")
    merchant = voyages(WORLD, state, rules, Rumor(MERCHANT, spain, node(6, 5), 0, 900, "bar", 0))
    places = [n for n, _ in merchant.bound]
    assert places == [n for n, _ in destinations(WORLD, state, rules, Rumor(
        MERCHANT, spain, node(6, 5), 0, 900, "bar", 0))]  # fmt: skip
    assert merchant.onward is not None
    for i, ahead in enumerate(merchant.onward):  # on from each port to any other
        assert sorted(j for j, _ in ahead) == [j for j in range(len(places)) if j != i]
    state.courses.append([3, 4])
    fleet = voyages(WORLD, state, rules, Rumor(TREASURE, spain, node(10, 1), 0, 900, "bar", 0))
    assert [n for n, _ in fleet.bound] == [WORLD.ports[3].node, WORLD.ports[4].node]
    assert fleet.onward == (((1, 1.0),), ((0, 1.0),))  # Cadiz on to Havana, and back
    assert [s for _, s in fleet.bound] == [0.0, 1.0]  # just left Cadiz, her nearest port
    guard = voyages(WORLD, state, rules, Rumor(GUARD, spain, node(10, 1), 0, 900, "bar", 0))
    assert guard.onward is not None and guard.onward[1:] == (
        (((0, 1.0),),) * (len(guard.bound) - 1)
    )
    off = voyages(WORLD, state, SEED_000, Rumor(MERCHANT, spain, node(6, 5), 0, 900, "bar", 0))
    assert off.onward is None  # as before


def test_a_cloud_that_follows_her_voyages_lets_her_leave_port() -> None:
    """Off, a merchant's cloud keeps her for good in the ports she was bound for; on, she lies
    her rest there and sails on, so forty days later the cloud is out at sea again."""
    state, _ = create_world(WORLD, 2)
    masks = [charted(WORLD, state, s) for s in range(4)]
    rumor = Rumor(MERCHANT, WORLD.nations.index("spain"), node(6, 5), 0, 900, "bar", 0)
    ports = sorted(WORLD.port_nodes)
    on = SEED_000.with_changes(cloud_voyages=True)
    kept = clouds_ahead(WORLD, state, SEED_000, rumor, [40], masks)[0][ports].sum()
    sailed = clouds_ahead(WORLD, state, on, rumor, [40], masks)[0][ports].sum()
    assert kept > 0.99 and sailed < 0.8
    assert len(search_area(clouds_ahead(WORLD, state, on, rumor, [40], masks)[0])) > 1
