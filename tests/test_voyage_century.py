"""The `century` rules: the full rules with the shore in play, in the century's living world
(world rules `century`); a voyage names the world's rules it is played in, and a logged run
replays in them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.dials import DIALS
from privateer.engine.voyage.game import VoyageGame, create_voyage
from privateer.engine.voyage.mode import game_for
from privateer.engine.voyage.rules import RULESETS, find_voyage_rules
from privateer.engine.world.rules import CENTURY, SEED_000, find_world_rules
from tests.voyage_fixtures import WORLD

SHORE = ("fort_fire", "banks", "guam_islanders", "island_folk", "strike_colours")
runner = CliRunner()


def test_the_century_rules_put_the_shore_in_play_in_the_century_world() -> None:
    century = find_voyage_rules("century")
    assert all(getattr(century, switch) for switch in SHORE)
    assert century.letters and century.world_rules == "century"
    world = find_world_rules("century")
    assert world.merchant_sails_on and world.cloud_voyages and world.route_storm_days > 0
    assert world.corsair_ocean_range_days > SEED_000.corsair_range_days


def test_every_other_ruleset_plays_in_the_seed_world_without_the_shore() -> None:
    for name, rules in RULESETS.items():
        if name != "century":
            # classic in the seed's world balanced for the seed's outcomes (since voyage-3)
            assert rules.world_rules == ("balanced" if name == "classic" else "seed-000"), name
            assert not any(getattr(rules, switch) for switch in SHORE), name


def test_a_voyage_opens_the_world_its_rules_name() -> None:
    state, _ = create_voyage(WORLD, 3, find_voyage_rules("century"), days=30)
    assert state.world.rules == "century"
    plain, _ = create_voyage(WORLD, 3, find_voyage_rules("full"), days=30)
    assert plain.world.rules == "seed-000"
    assert VoyageGame(WORLD, find_voyage_rules("century")).wrules is CENTURY


def test_a_logged_run_is_replayed_in_the_world_its_rules_name() -> None:
    assert game_for(WORLD, {"rules": "century"}).wrules is CENTURY
    assert game_for(WORLD, {"rules": "full"}).wrules is SEED_000
    turned = game_for(WORLD, {"rules": "century", "changes": {"treasury": 20}}).wrules
    assert turned.treasury == 20 and turned.merchant_sails_on


def test_which_world_a_voyage_is_played_in_is_not_a_dial() -> None:
    assert "world_rules" not in DIALS


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
def test_century_voyages_are_played_logged_and_replayed(world_db_copy: Path) -> None:
    args = ["--db", str(world_db_copy), "voyage", "--rules", "century", "--runs", "2"]
    result = runner.invoke(app, [*args, "--days", "90", "--workers", "1", "--log", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["rules"] == "century"
    replay = runner.invoke(app, ["--db", str(world_db_copy), "runs", "replay", "--all", "--json"])
    assert json.loads(replay.stdout)["identical"] == 2
