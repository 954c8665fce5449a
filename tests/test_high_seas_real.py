"""Routes that keep to the century's latitudes, and rumors' clouds that hold her as often as
they say, on the real world (built once per test run): the rules switched on against off."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import Result
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.world.chart_worth import chart_worth
from privateer.engine.world.kinds import SQUARE
from privateer.engine.world.routes import CALM, HighSeas, high_seas, route
from privateer.engine.world.rules import SEED_000
from privateer.engine.world.world import World

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world-b")]
runner = CliRunner()

HIGH_SEAS = high_seas(SEED_000.with_changes(route_storm_days=0.5, route_ice_days_per_degree=1.0))
AZORES = (-27.2, 38.7)  # Angra on Terceira
FLORIDA_STRAIT = (-81.5, 23.0, -79.0, 27.5)  # W, S, E, N: between the Keys, Cuba and Bahamas


@pytest.fixture
def world(loaded_full_world: World) -> World:
    return loaded_full_world


def port(world: World, name: str) -> int:
    return next(p.node for p in world.ports if p.name == name)


def path(world: World, a: str, b: str, season: int, seas: HighSeas) -> tuple[np.ndarray, ...]:
    found = route(world, port(world, a), port(world, b), season, SQUARE, seas=seas)
    nodes = np.array(found.nodes)
    return world.lon[nodes], world.lat[nodes]


def passes(lon: np.ndarray, lat: np.ndarray, box: tuple[float, float, float, float]) -> bool:
    west, south, east, north = box
    return bool(((lon >= west) & (lon <= east) & (lat >= south) & (lat <= north)).any())


def near_azores(lon: np.ndarray, lat: np.ndarray) -> bool:
    return passes(lon, lat, (AZORES[0] - 5, AZORES[1] - 4, AZORES[0] + 5, AZORES[1] + 4))


def test_the_high_seas_are_calm_by_default() -> None:
    assert high_seas(SEED_000) is CALM and CALM.calm and not HIGH_SEAS.calm


def test_the_tornaviaje_keeps_to_the_centurys_latitudes(world: World) -> None:
    # the wind and current alone take the Manila galleon's return past 50N in summer
    _, lat = path(world, "Manila", "Acapulco", 1, CALM)
    assert lat.max() > 50.0
    for season in range(4):  # weighed for storms past 40 and ice past 45: about 35-45N
        _, lat = path(world, "Manila", "Acapulco", season, HIGH_SEAS)
        assert 35.0 <= lat.max() <= 45.5, (season, lat.max())


def test_the_volta_do_mar_and_the_flota_still_hold(world: World) -> None:
    # out to Cape Verde with the trades, home by the Azores
    lon, lat = path(world, "Lisbon", "Ribeira Grande", 0, HIGH_SEAS)
    assert lat.max() <= 39.0 and lon.min() > -26.0
    lon, lat = path(world, "Ribeira Grande", "Lisbon", 0, HIGH_SEAS)
    assert near_azores(lon, lat) and lon.min() < -27.0
    # the flota home from Havana: through the Florida Strait, by the Azores, short of 47N
    for season in (0, 1):
        lon, lat = path(world, "Havana", "Cádiz", season, HIGH_SEAS)
        assert passes(lon, lat, FLORIDA_STRAIT) and near_azores(lon, lat), season
        assert lat.max() < 47.0, (season, lat.max())
    _, lat = path(world, "Havana", "Cádiz", 1, CALM)
    assert lat.max() > 53.0  # without the weighing, up with the westerlies to 54N


@pytest.mark.fidelity
def test_clouds_that_follow_her_voyages_hold_her_as_often_as_they_say(world: World) -> None:
    """Hit rates over 300 rumors (9 s): the long step's."""
    # a world whose merchants sail on, its rumors' clouds sailed as before and by her voyages
    living = SEED_000.with_changes(merchant_sails_on=True)
    before = chart_worth(world, rumors=150, rules=living)
    after = chart_worth(world, rumors=150, rules=living.with_changes(cloud_voyages=True))
    hit = {(r["chart"], r["age_days"]): r["hit_rate"] for r in before}
    now = {(r["chart"], r["age_days"]): r["hit_rate"] for r in after}
    for age in (8, 12):  # as before the cloud is too sure of itself: she has sailed on
        assert hit["whole sea", age] < 0.6, hit
        assert now["whole sea", age] > hit["whole sea", age] + 0.1, (now, hit)
    assert all(0.6 <= now["whole sea", age] <= 0.8 for age in (2, 4, 8, 12)), now


def test_route_and_rumors_take_a_world_rule_and_refuse_others(full_world_db: Path) -> None:
    def invoke(*args: str) -> Result:
        return runner.invoke(app, ["--db", str(full_world_db), *args])

    on = ("--set", "route_storm_days=0.5", "--set", "route_ice_days_per_degree=1")
    found = invoke("route", "Manila", "Acapulco", "--season", "1", *on, "--json")
    assert found.exit_code == 0, found.output
    assert max(lat for _, lat in json.loads(found.stdout)["path"]) <= 45.5
    for bad, says in (
        (("rumors", "--set", "dilemmas=true"), "dilemmas is a voyage's rule"),
        (("route", "Manila", "Acapulco", "--set", "route_storm_days=1,2"), "give one value"),
        (("route", "Manila", "Acapulco", "--set", "route_storm_days"), "NAME=VALUES"),
    ):
        refused = invoke(*bad)
        assert refused.exit_code == 2 and refused.output.startswith("error: "), refused.output
        assert says in refused.output
