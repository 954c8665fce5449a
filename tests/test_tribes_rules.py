"""Tribes' rules object (engine/tribes/rules.py): every number of play is a field with a bound
and a source; the seed's rules play exactly as the engine always has (the pinned hash); a rule
turned plays differently, is named in the state, survives a copy and a save, and a logged run
names it so its replay plays it again."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.bounds import RuleError, declared, source_of
from privateer.engine.modes import check_run
from privateer.engine.record import replay
from privateer.engine.replay import LoggedRun
from privateer.engine.tribes.mode import MODE, Setup, TribesGame
from privateer.engine.tribes.orders import parse_order
from privateer.engine.tribes.policy.named import POLICIES
from privateer.engine.tribes.rules import (
    SEED,
    TribesRules,
    field_names,
    find_tribes_rules,
)
from privateer.engine.tribes.rulings import refusal
from privateer.engine.tribes.setup import new_world
from privateer.engine.tribes.sim import Played, run_world
from privateer.engine.tribes.state import TribesState
from privateer.engine.variants import vary

PLAYERS = [Played(n, POLICIES[n]) for n in ("militarist", "trader", "builder", "grower")]
SETUP = Setup(4, 40, 300)
# the state hash after 300 ticks of seed 11, computed by the engine before the rules object
# (its 172 module constants), and taken again for engine tribes-3 (its metrics frames carry
# the counters): the seed's rules must play to it exactly
PINNED = "0dd012817e04897723bafb03b427f307cf4f8192c61a9a286ee7643bca0e810a"


def test_every_field_declares_a_bound_and_its_source() -> None:
    bounds = declared(TribesRules)
    assert set(bounds) == {f.name for f in fields(TribesRules)}
    for name in bounds:
        source = source_of(TribesRules, name)
        assert source.startswith(("seed", "chosen")), f"{name}: {source!r}"
    assert len(field_names()) >= 160


def test_the_seeds_rules_play_to_the_pinned_hash_and_are_not_in_its_form() -> None:
    record = run_world(11, SETUP, PLAYERS)
    assert record.state.rules is SEED
    assert record.state.state_hash() == PINNED
    assert "rules" not in record.state.to_dict()
    assert "rules" not in SETUP.options(["grower"])


@pytest.mark.parametrize(
    "change",
    ["farm_rate=130", "birth_rate=12", "start_pop=1000", "camp_every=500", "variance_span=41"],
)
def test_a_rule_turned_plays_differently_and_is_named_in_the_state(change: str) -> None:
    name = f"seed-002[{change}]"
    record = run_world(11, Setup(4, 40, 300, name), PLAYERS)
    state = record.state
    assert state.rules is find_tribes_rules(name) and state.rules.name == name
    assert state.state_hash() != PINNED
    assert state.to_dict()["rules"] == name
    again = TribesState.from_dict(orjson.loads(state.canonical()))
    assert again.rules is state.rules and again.state_hash() == state.state_hash()
    assert state.copy().rules is state.rules


def test_a_varied_run_logged_names_its_rules_and_replays_by_them() -> None:
    setup = Setup(2, 32, 120, "seed-002[tech_cost.milling=20,found_min_distance=8]")
    record = run_world(5, setup, PLAYERS[:2])
    options = setup.options(["militarist", "trader"])
    assert options["rules"] == setup.rules
    run = LoggedRun(
        run_id=1,
        mode="tribes",
        seed=5,
        options=options,
        finished=True,
        actions=record.actions,
        events=[(i, e.kind, e.payload()) for i, e in enumerate(record.events)],
        checkpoints=list(record.checkpoints),
        engine_version=MODE.engine_version,
    )
    assert check_run(run).identical
    assert (
        replay(TribesGame(Setup.of(options)), 5, record.actions).checkpoints == record.checkpoints
    )
    assert TribesGame(Setup.of(options)).rules.tech_cost["milling"] == 20


def test_the_game_carries_its_rules() -> None:
    game = TribesGame(Setup(2, 32, 50, "seed-002[start_herds=0]"))
    state, _ = game.new_initial_state(3)
    assert state.rules is game.rules and all(s.herds == 0 for s in state.settlements)
    assert TribesGame().rules is SEED


def test_rules_out_of_bounds_or_unknown_are_refused_in_one_line() -> None:
    for name, wanted in [
        ("seed-002[tool_wear_per=0]", "tool_wear_per 0 is outside 1.."),
        ("seed-002[farm_rte=120]", "no rule 'farm_rte'"),
        ("seed-002[tech_cost.alchemy=5]", "no rule 'tech_cost.alchemy'"),
        ("seed-003", "no tribes rules 'seed-003'"),
        ("seed-002[rations_max=2500]", "rations_max 2500 is outside 0..2000"),
        ("seed-002[housing_taper_from=1000]", "housing_taper_from 1000 is outside 0..999"),
    ]:
        with pytest.raises(ValueError) as caught:
            find_tribes_rules(name)
        assert wanted in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(RuleError, match="differ from the preset"):
        TribesRules(farm_rate=5)  # a changed rule must be named for its change
    with pytest.raises(RuleError, match="building_cost names 'castle'"):
        SEED.with_changes(name="x", building_cost={**SEED.building_cost, "castle": {}})
    with pytest.raises(RuleError, match="tier_pop"):
        SEED.with_changes(name="x", tier_pop=(10, 100, 400, 1000))
    with pytest.raises(ValueError, match="no tribes rules"):
        Setup(rules="seed-3")


def test_rules_narrow_the_order_languages_ranges() -> None:
    narrow = vary(SEED, [("rations_max", 1200), ("found_min_settlers", 80)])
    state = new_world(4, 2, 32, 100, narrow)
    assert refusal(state, 0, parse_order("rations 1200")) is None
    assert refusal(state, 0, parse_order("rations 1300")) == "rations are 0..1200, not 1300"
    assert refusal(state, 0, parse_order("found 20 20 60")) == "found takes at least 80 settlers"
    assert refusal(new_world(4, 2, 32, 100), 0, parse_order("rations 1300")) is None


def test_the_cli_plays_logs_and_replays_a_variant(tmp_path: Path) -> None:
    db = tmp_path / "runs.duckdb"
    rules = "seed-002[farm_rate=130]"
    args = ["--tribes", "2", "--size", "32", "--ticks", "100", "--seed", "5"]
    result = CliRunner().invoke(
        app, ["--db", str(db), "tribes", "run", *args, "--rules", rules, "--log"]
    )
    assert result.exit_code == 0, result.output
    assert f"rules {rules}" in result.stdout
    replayed = CliRunner().invoke(app, ["--db", str(db), "runs", "replay", "1"])
    assert replayed.exit_code == 0 and "identical" in replayed.stdout, replayed.output
    bad = CliRunner().invoke(app, ["tribes", "run", *args, "--rules", "seed-002[farm_rate=-1]"])
    assert bad.exit_code == 2 and "farm_rate -1 is outside 0.." in bad.output


def test_the_docs_list_each_reading_of_the_document_where_it_is_made() -> None:
    """Where the code reads the Tribes design document one way among others, the docs'
    list of readings says which and why: the farm's bonuses, a raid's winner going home, the
    counters in the metrics frames, and the food prose that disagrees with its formula."""
    from pathlib import Path

    readings = (Path(__file__).parent.parent / "docs" / "tribes.md").read_text()
    for module, words in (
        ("economy/extraction.py", "per-milles of the farmers' yield"),
        ("military/raids.py", "a raider that won walks home"),
        ("metrics.py", "cumulative counters"),
        ("economy/consumption.py", "disagrees with itself"),
    ):
        assert f"(`{module}`" in readings, module
        assert words in " ".join(readings.split()), words
