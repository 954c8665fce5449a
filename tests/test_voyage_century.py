"""The century's world: every ruleset's since engine voyage-4 (the full rules with the shore in
play, in the world rules `century`); a voyage names the world's rules it is played in, and a
logged run replays in them, a run of voyage-3 in the world it named then."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.dials import DIALS
from privateer.engine.voyage.game import VoyageGame, create_voyage
from privateer.engine.voyage.mode import game_for
from privateer.engine.voyage.rules import LEGACY_RULESETS, find_voyage_rules
from privateer.engine.world.rules import CENTURY, CENTURY_2, SEED_000, find_world_rules
from tests.voyage_fixtures import WORLD

SHORE = ("fort_fire", "banks", "guam_islanders", "island_folk", "strike_colours")
runner = CliRunner()


def test_voyage_3s_century_put_the_shore_in_play_in_world_2s_century() -> None:
    century = find_voyage_rules("century", "voyage-3")
    assert all(getattr(century, switch) for switch in SHORE)
    assert century.letters and century.world_rules == "century"
    world = find_world_rules("century", "world-2")
    assert world == CENTURY_2 and world.merchant_sails_on and world.route_storm_days > 0
    assert world.corsair_ocean_range_days > SEED_000.corsair_range_days
    for name, rules in LEGACY_RULESETS["voyage-3"].items():
        if name != "century":  # the rest played in the seed's worlds without the shore
            assert rules.world_rules == ("balanced" if name == "classic" else "seed-000"), name
            assert not any(getattr(rules, switch) for switch in SHORE), name


def test_a_voyage_opens_the_world_its_rules_name() -> None:
    state, _ = create_voyage(WORLD, 3, find_voyage_rules("full"), days=30)
    assert state.world.rules == "century"
    assert VoyageGame(WORLD, find_voyage_rules("full")).wrules is CENTURY
    old = game_for(WORLD, {"rules": "full", "days": 30}, "voyage-3")
    assert old.new_initial_state(3)[0].world.rules == "seed-000"


def test_a_logged_run_is_replayed_in_the_world_its_rules_name() -> None:
    assert game_for(WORLD, {"rules": "full"}).wrules is CENTURY
    assert game_for(WORLD, {"rules": "century"}, "voyage-3").wrules is CENTURY_2
    assert game_for(WORLD, {"rules": "full"}, "voyage-3").wrules is SEED_000
    turned = game_for(WORLD, {"rules": "full", "changes": {"treasury": 20}}).wrules
    assert turned.treasury == 20 and turned.merchant_sails_on and turned.monsters_attack_ships


def test_which_world_a_voyage_is_played_in_is_not_a_dial() -> None:
    assert "world_rules" not in DIALS


@pytest.mark.slow
@pytest.mark.xdist_group("full-world")
def test_voyages_name_the_centurys_world_and_replay(world_db_copy: Path) -> None:
    args = ["--db", str(world_db_copy), "voyage", "--runs", "2"]
    result = runner.invoke(app, [*args, "--days", "90", "--workers", "1", "--log", "--json"])
    assert result.exit_code == 0, result.output
    said = json.loads(result.stdout)
    assert (said["rules"], said["world_rules"]) == ("full", "century")
    replay = runner.invoke(app, ["--db", str(world_db_copy), "runs", "replay", "--all", "--json"])
    assert json.loads(replay.stdout)["identical"] == 2
    retired = runner.invoke(app, [*args, "--rules", "century"])
    assert retired.exit_code == 2 and "no voyage rules 'century'" in retired.output
