"""The living world on the real world (built once per test run): the loader, routes through
the straits, a year of the world with its golden hash, the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.world.game import advance, create_world
from privateer.engine.world.kinds import GUARD, SHIP_KINDS
from privateer.engine.world.state import LAID_UP
from privateer.engine.world.world import World

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world")]
runner = CliRunner()

GOLDEN_REAL_365 = "2505df99d11005bfa16e564feb114df1fc8b86a959ebc8e48ea0cd014e31e495"


@pytest.fixture
def world(loaded_full_world: World) -> World:
    return loaded_full_world


def test_the_loader_gives_the_graph_the_tables_hold(world: World, full_world: object) -> None:
    counts = full_world.counts  # type: ignore[attr-defined]
    assert world.n == counts["nodes"] + counts["waypoints"]
    assert world.legs == counts["legs"] and int(world.leg_days.sum()) == counts["steps"]
    assert len(world.ports) == 111 and len(world.nations) == 20
    graph = set(world.graph_nodes.tolist())
    assert all(p.node in graph for p in world.ports)
    for leg in range(0, world.legs, 97):  # every leg's path runs a..b a step at a time
        path = world.leg_path(leg)
        assert path[0] == world.leg_a[leg] and path[-1] == world.leg_b[leg]
    assert world.wind_knots.shape == (4, world.n) and (world.wind_knots > 0).all()
    assert (world.water_nation >= 0).sum() == counts["protected_nodes"]


def route(db: Path, *args: str) -> object:
    return runner.invoke(app, ["--db", str(db), "route", *args])


def test_a_deep_draught_keeps_off_the_banks(full_world_db: Path, world: World) -> None:
    """`route --draught deep` (the Privateer design document: "Banks keep deep keels off") goes
    round the banks, and refuses a place on one with the one-line error of no way."""
    from privateer.engine.voyage.shore import banks_closed

    shallow = route(full_world_db, "Plymouth", "2.5,55", "--json")
    assert shallow.exit_code == 0, shallow.output
    deep = route(full_world_db, "--draught", "deep", "Plymouth", "2.5,55")
    assert deep.exit_code == 1
    why = "for a deep keel (2.5,55 is on the Dogger Bank)"
    assert deep.stderr == f"error: no route from Plymouth to 2.5,55 {why}\n"
    across = json.loads(route(full_world_db, "Havana", "Cádiz", "--json").stdout)
    around = json.loads(
        route(full_world_db, "Havana", "Cádiz", "--draught", "deep", "--json").stdout
    )
    banks = banks_closed(world)
    lonlat = {(round(float(world.lon[n]), 4), round(float(world.lat[n]), 4)) for n in banks}
    assert {tuple(p) for p in across["path"]} & lonlat  # the shallow way crosses a bank
    assert not {tuple(p) for p in around["path"]} & lonlat
    assert around["draught"] == "deep" and around["cost"] > across["cost"]


def test_routes_through_the_straits(full_world_db: Path) -> None:
    malacca = route(full_world_db, "Malacca", "Macau", "--json")
    assert malacca.exit_code == 0, malacca.output
    data = json.loads(malacca.stdout)
    assert data["nm"] < 1900 and data["passages"] == ["Strait of Malacca"]
    assert set(data) >= {"from", "to", "season", "rig", "steps", "nm", "cost", "passages", "path"}
    assert len(data["path"]) == data["steps"] + 1
    bantam = json.loads(route(full_world_db, "Bantam", "Malacca", "--json").stdout)
    assert bantam["nm"] < 900
    venice = json.loads(route(full_world_db, "Lisbon", "Venice", "--json").stdout)
    assert venice["passages"] == ["Strait of Gibraltar"]
    forced = json.loads(
        route(
            full_world_db, "London", "Venice", "--via", "dover", "--via", "gibraltar", "--json"
        ).stdout
    )
    assert forced["passages"] == ["Strait of Dover", "Strait of Gibraltar"]


def test_a_closed_strait_is_never_sailed_and_no_way_says_so(full_world_db: Path) -> None:
    shut = route(full_world_db, "Lisbon", "Venice", "--avoid", "gibraltar")
    assert shut.exit_code == 1
    assert shut.stderr.strip() == (
        "error: no route from Lisbon to Venice with Strait of Gibraltar closed"
    )
    around = json.loads(
        route(full_world_db, "Malacca", "Macau", "--avoid", "malacca", "--json").stdout
    )
    assert "Strait of Malacca" not in around["passages"] and around["nm"] > 1900
    bad = route(full_world_db, "Lisbon", "Venice", "--via", "panama")
    assert bad.exit_code == 2 and "is no strait" in bad.stderr


def test_a_year_of_the_world_keeps_its_rules_and_its_golden_hash(world: World) -> None:
    state, events = create_world(world, 2026)
    for _ in range(365):
        events += advance(world, state)
    ships = state.ships
    for ship in range(state.ship_count):
        if ships["kind"][ship] == GUARD and ships["task"][ship] != LAID_UP:
            assert int(world.water_nation[ships["node"][ship]]) in (-1, ships["flag"][ship])
    kinds = {e.kind for e in events}
    assert {"corsair_raid", "fleet_arrived"} <= kinds
    assert state.voyages[SHIP_KINDS.index("merchant")] > 100
    assert state.state_hash() == GOLDEN_REAL_365


def test_world_sim_prints_the_summary_and_logs_a_run_that_replays(world_db_copy: Path) -> None:
    base = ["--db", str(world_db_copy)]
    first = runner.invoke(app, [*base, "world", "sim", "--days", "120", "--seed", "5", "--json"])
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert set(data) >= {
        "seed", "days", "state_hash", "events_by_kind", "wars", "ships_by_kind",
        "voyages_completed",
    }  # fmt: skip
    again = runner.invoke(
        app, [*base, "world", "sim", "--days", "120", "--seed", "5", "--json", "--log"]
    )
    logged = json.loads(again.stdout)
    assert logged["state_hash"] == data["state_hash"]
    replayed = runner.invoke(app, [*base, "runs", "replay", str(logged["run_id"]), "--json"])
    assert json.loads(replayed.stdout)["identical"] == 1, replayed.output


def test_the_chart_draws_the_worlds_traffic(full_world_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "traffic.svg"
    result = runner.invoke(
        app,
        ["--db", str(full_world_db), "chart", str(out), "--turns", "40", "--box", "-90,10,-60,30"],
    )
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert 'id="tracks"' in text
    assert "tracks" in result.stderr
