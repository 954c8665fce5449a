"""Runs logged by earlier engines replay and resume exactly (the LEGACY rulesets: a run's rules
name means what it meant to the engine that logged it). tests/logged/ holds runs logged on the
synthetic sea by the code before each engine change: earlier-engines.json.gz by the code before
engine voyage-4 and world-3 (commit bb72d14): the captain's first year from seed 7 by voyage-3's
`full`, `classic` and `century`, and a year of the world from seed 42 by world-2's `seed-000`
and `century`; voyage-4.json.gz by the code before voyage-5 (commit 5e0a627): the captain's
first year from seeds 0 and 1 by `late`, past a renown step and a dozen privateers;
voyage-5.json.gz by the code before voyage-6 (commit d5db32e): the raider's first year from
seeds 1 and 4 by `classic`, raiding open towns of the card engine's 14 hull from a pinnace;
voyage-6.json.gz by the code before voyage-7 (commit dd8f0fe): the captain's first year from
seeds 3, 5 and 8 by `full` (the synthetic sea has no letter regions of its own: the letters'
first reward, voyage-7's change, is the playthrough voyage-6-full's, on the sea's regions);
voyage-7.json.gz by the code before voyage-8 (commit c6a8b00): the raider's first year from
seed 13 by `classic`, past seven payouts a crew might have soured at, and the captain's from
seed 7 by `dilemmas`, asked its crew's shares six times; voyage-8.json.gz by the code before
voyage-9 (commit 09f859b): the captain's first year from seeds 3 and 5 by `full` (its change,
the second letter's deadline and grace, is the playthrough voyage-8-full's, on the sea's
regions); voyage-9.json.gz by the code before voyage-10 (commit f4f399d): the captain's first
year from seeds 1, 6 and 9 by `late`, each meeting a corsair (the synthetic sea pays too little
for a home stretch in a year: its change, the corsairs called out on the home stretch, is
tests/test_voyage_renown.py's); voyage-10.json.gz by the code before voyage-11 (commit
33e8be4): the raider's first year from seeds 2 and 6 by `classic`, paid a bounty for each of
the enemy privateers it sank (20 between them); voyage-12.json.gz by the code before voyage-13
(commit ab3c95b): the raider's first year from seeds 0 and 1 by `classic`, each buying a
brigantine for 45 gold;
tribes-2.json.gz by the code before tribes-3 (commit cb2c6de): the Tribes golden scenario
(1,000 ticks, harvest rites) and seed 11's grower and scholar over 2,000 ticks (crop rotation
researched by both); tabletop-1.json.gz by the code before tabletop-2 (commit 19dd751): two
bot games to 100 gold (three seats and two); each with its actions, events, checkpoints and
final state hash."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from privateer.engine.modes import MODES, check_run
from privateer.engine.replay import LoggedRun
from privateer.engine.voyage.rules import RULESETS
from tests.voyage_fixtures import WORLD


def _read(name: str) -> dict[str, Any]:
    logged = json.loads(gzip.decompress((Path(__file__).parent / "logged" / name).read_bytes()))
    assert isinstance(logged, dict)
    return logged


LOGS: dict[str, tuple[str, set[str]]] = {
    "earlier-engines.json.gz": ("bb72d14", {"voyage-3", "world-2"}),
    "voyage-4.json.gz": ("5e0a627", {"voyage-4"}),
    "voyage-5.json.gz": ("d5db32e", {"voyage-5"}),
    "voyage-6.json.gz": ("dd8f0fe", {"voyage-6"}),
    "voyage-7.json.gz": ("c6a8b00", {"voyage-7"}),
    "voyage-8.json.gz": ("09f859b", {"voyage-8"}),
    "voyage-9.json.gz": ("f4f399d", {"voyage-9"}),
    "voyage-10.json.gz": ("33e8be4", {"voyage-10"}),
    "voyage-12.json.gz": ("ab3c95b", {"voyage-12"}),
    "tribes-2.json.gz": ("cb2c6de", {"tribes-2"}),
    "tabletop-1.json.gz": ("19dd751", {"tabletop-1"}),
}
"""Each log: the commit that logged it, and the engines its runs were played by."""
LOGGED = {name: _read(name) for name in LOGS}
RUNS: list[dict[str, Any]] = [run for logged in LOGGED.values() for run in logged["runs"]]


def _name(run: dict[str, Any]) -> str:
    rules = run["options"].get("rules", "seed")
    return f"{run['engine_version']}-{rules}-{run['seed']}"


def _logged(run: dict[str, Any]) -> LoggedRun:
    return LoggedRun(
        1,
        run["mode"],
        run["seed"],
        run["options"],
        True,
        run["actions"],
        [(seq, kind, payload) for seq, kind, payload in run["events"]],
        [(played, hashed) for played, hashed in run["checkpoints"]],
        engine_version=run["engine_version"],
    )


@pytest.mark.parametrize("name", LOGS)
def test_the_logs_are_of_each_earlier_engine(name: str) -> None:
    commit, engines = LOGS[name]
    runs = LOGGED[name]["runs"]
    assert LOGGED[name]["logged_by"] == commit
    assert {run["engine_version"] for run in runs} == engines
    assert all(MODES[run["mode"]].engine_version != run["engine_version"] for run in runs)


@pytest.mark.parametrize("run", RUNS, ids=_name)
def test_a_run_of_an_earlier_engine_replays_event_for_event(run: dict[str, Any]) -> None:
    result = check_run(_logged(run), WORLD)
    assert result.identical, result.divergence
    assert result.events == len(run["events"]) and result.checkpoints == len(run["checkpoints"])


@pytest.mark.parametrize("run", [r for r in RUNS if r["mode"] == "voyage"], ids=_name)
def test_a_save_of_an_earlier_engine_resumes_in_it(run: dict[str, Any]) -> None:
    """Saved halfway and picked up again, it plays on by the rules it was made in, to the
    state hash its engine logged; this engine's rules of the same name (if it has them: its
    `full` is voyage-3's `century` in the century's world, under one name) part from it."""
    game = MODES["voyage"].game(run["options"], WORLD, run["engine_version"])
    state, _ = game.new_initial_state(run["seed"])
    half = len(run["actions"]) // 2
    for text in run["actions"][:half]:
        game.act(state, game.parse_action(text))
    saved = json.loads(json.dumps(game.serialise(state)))
    resumed = game.deserialise(saved)
    for text in run["actions"][half:]:
        game.act(resumed, game.parse_action(text))
    assert game.state_hash(resumed) == run["state_hash"]
    if run["options"]["rules"] in RULESETS:
        now = MODES["voyage"].game(run["options"], WORLD)
        assert (now.rules, now.wrules) != (game.rules, game.wrules)


def test_an_earlier_world_run_ends_where_its_engine_left_it() -> None:
    for run in (r for r in RUNS if r["mode"] == "world"):
        game = MODES["world"].game(run["options"], WORLD, run["engine_version"])
        state, _ = game.new_initial_state(run["seed"])
        for _ in range(run["options"]["days"]):
            game.act(state, game.parse_action("day"))
        assert game.state_hash(state) == run["state_hash"], _name(run)


def test_an_earlier_tribes_run_ends_where_its_engine_left_it_and_this_one_parts() -> None:
    """tribes-2's readings (the farm's bonuses added to its rate, no counters in the frames)
    play its runs to their logged end; this engine's part from them."""
    from privateer.engine.record import replay

    for run in (r for r in RUNS if r["mode"] == "tribes"):
        then = MODES["tribes"].game(run["options"], None, run["engine_version"])
        played = replay(then, run["seed"], run["actions"])
        assert then.state_hash(played.state) == run["state_hash"]
        now = MODES["tribes"].game(run["options"], None)
        again = replay(now, run["seed"], run["actions"])
        assert now.state_hash(again.state) != run["state_hash"]


def test_an_earlier_tabletop_game_ends_where_its_engine_left_it() -> None:
    """tabletop-1's rules (no target strengthened by its owner in a raid) play its games to
    their logged end, in the state form it logged (its hash); this engine's form differs."""
    from privateer.engine.record import replay

    for run in (r for r in RUNS if r["mode"] == "tabletop"):
        then = MODES["tabletop"].game(run["options"], None, run["engine_version"])
        played = replay(then, run["seed"], run["actions"])
        assert then.state_hash(played.state) == run["state_hash"]
        assert not then.rules.defender_reinforces
        now = MODES["tabletop"].game(run["options"], None)
        assert now.rules.defender_reinforces
        assert now.state_hash(replay(now, run["seed"], run["actions"]).state) != run["state_hash"]
