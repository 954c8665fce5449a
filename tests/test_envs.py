"""The learning environments (privateer.envs) checked by their libraries' own checkers
(Gymnasium's check_env, PettingZoo's api_test and seed_test), a mode's bot through an
environment playing the same games as outside it, the mask's promises kept, an illegal index
ending the episode, hidden hands staying hidden, and an episode logged and replayed."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.modes import MODES
from privateer.envs.baselines import bot_agent, outside, random_agent, run_episodes
from privateer.envs.match import Match
from privateer.envs.single import GameEnv
from privateer.envs.table import TableEnv

runner = CliRunner()
FIGHT = {"target": "merchant", "ship": "pinnace"}
DUEL = {"captain": "bold", "red": "cautious"}
TABLES = [
    ("duel", DUEL),
    ("tabletop", {"players": ["spain", "england"]}),
    ("tabletop", {"players": ["spain", "england", "france"]}),
    ("tabletop", {"players": ["spain", "england", "france", "holland"]}),
]


def checked(env: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its note that an env made without `make` has no spec
        check_env(env, skip_render_check=True)


@pytest.mark.parametrize("form", ["flat", "dict"])
@pytest.mark.parametrize(("mode", "options"), [("fight", FIGHT), ("duel", DUEL)])
def test_gymnasium_checks_the_one_agent_environments(mode: str, options: Any, form: str) -> None:
    checked(GameEnv(mode, options, observation=form))


@pytest.mark.parametrize("form", ["flat", "dict"])
@pytest.mark.parametrize(("mode", "options"), TABLES)
def test_pettingzoo_checks_the_tables(mode: str, options: Any, form: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its notes on a Dict space and no render()
        api_test(TableEnv(mode, options, observation=form), num_cycles=200)
        seed_test(lambda: TableEnv(mode, options, observation=form), num_cycles=100)


@pytest.mark.parametrize(
    ("env", "mode", "options", "bot"),
    [
        (lambda: GameEnv("fight", FIGHT), "fight", FIGHT, "balanced"),
        (lambda: GameEnv("duel", DUEL), "duel", DUEL, "captain"),
        (lambda: TableEnv("duel", DUEL), "duel", DUEL, "captain"),
        (lambda: TableEnv("tabletop", TABLES[2][1]), "tabletop", TABLES[2][1], "raider"),
    ],
)
def test_a_bot_through_an_environment_plays_the_games_it_plays_outside(
    env: Any, mode: str, options: Any, bot: str
) -> None:
    seeds = range(12)
    through = run_episodes(env(), bot_agent(bot), seeds)
    alone = outside(mode, options, None, bot, seeds)
    assert through.hashes == alone.hashes
    assert (through.won, through.reward) == (alone.won, alone.reward)  # steps: the agent's


def test_a_random_agent_is_the_same_every_time_from_a_seed() -> None:
    first = run_episodes(TableEnv("tabletop", TABLES[1][1]), random_agent, range(5))
    again = run_episodes(TableEnv("tabletop", TABLES[1][1]), random_agent, range(5))
    assert first.hashes == again.hashes and len(set(first.hashes)) == 5


def test_an_index_the_mask_rules_out_ends_the_episode_as_a_loss() -> None:
    env = GameEnv("fight", FIGHT)
    _, info = env.reset(seed=4)
    shut = int(np.flatnonzero(info["action_mask"] == 0)[0]) if 0 in info["action_mask"] else 99
    before = env.record.actions[:]
    _, reward, terminated, truncated, info = env.step(shut if shut < 6 else 6)
    assert (reward, terminated, truncated) == (-1.0, True, False) and "illegal" in info
    assert env.record.actions == before  # the game took nothing
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    table = TableEnv("tabletop", TABLES[1][1])
    table.reset(seed=1)
    first = table.agent_selection
    table.step(table.match.actions - 1)
    assert table.rewards[first] == -1.0 and all(table.terminations.values())
    assert all(r == 0.0 for a, r in table.rewards.items() if a != first)


def test_a_seat_sees_no_other_hand() -> None:
    """Two tables that differ only in the cards of the other seats' hands (as many each)
    look the same to seat 0, and not to the seat whose hand changed."""
    env = TableEnv("tabletop", TABLES[2][1])
    env.reset(seed=7)
    state = env.match.state
    other = env.match.game.copy(state)
    other.hands[1], other.deck[: len(state.hands[1])] = (
        list(state.deck[: len(state.hands[1])]),
        list(state.hands[1]),
    )
    encoding = env.match.encoding
    game = env.match.game
    assert encoding.encode(game.observe(state, 0)) == encoding.encode(game.observe(other, 0))
    assert encoding.encode(game.observe(state, 1)) != encoding.encode(game.observe(other, 1))


def test_modes_without_a_turn_to_take_have_no_environment() -> None:
    for mode in ("tribes", "world", "chess"):
        with pytest.raises(ValueError, match=r"environment|no mode"):
            Match(mode)
    assert [m.name for m in MODES if m.encoding is not None] == [
        "fight",
        "voyage",
        "duel",
        "tabletop",
    ]


def test_episodes_through_environments_are_logged_and_replay(db_path: Path) -> None:
    base = ["--db", str(db_path)]
    result = runner.invoke(
        app,
        [*base, "envs", "bench", "--episodes", "3", "--only", "fight", "--only", "duel-table",
         "--log", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [(r["env"], r["agent"]) for r in rows] == [
        ("fight", "random"),
        ("fight", "balanced"),
        ("duel-table", "random"),
        ("duel-table", "captain"),
    ]
    assert all(r["same_games"] == 3 for r in rows if "same_games" in r)
    listed = json.loads(runner.invoke(app, [*base, "runs", "list", "--json"]).stdout)
    assert sorted({r["bot"] for r in listed}) == ["env:balanced", "env:captain", "env:random"]
    replayed = json.loads(runner.invoke(app, [*base, "runs", "replay", "--all", "--json"]).stdout)
    assert replayed["identical"] == replayed["replayed"] == 12


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["envs", "bench", "--only", "chess"], "no environment 'chess'"),
        (["envs", "bench", "--episodes", "0"], "--episodes"),
        (["envs", "features", "tribes"], "no environment for 'tribes'"),
    ],
)
def test_bad_envs_commands_say_why_in_a_line(db_path: Path, words: list[str], said: str) -> None:
    result = runner.invoke(app, ["--db", str(db_path), *words])
    assert result.exit_code != 0 and said in result.output


def test_features_lists_every_number_of_the_row() -> None:
    result = runner.invoke(app, ["envs", "features", "tabletop", "--json"])
    described = json.loads(result.stdout)
    encoding = MODES["tabletop"].encoding
    assert encoding is not None
    assert described["width"] == encoding.width == len(described["names"])
    assert sum(f["numbers"] for f in described["features"]) == encoding.width


@pytest.mark.slow
def test_the_voyage_environment_on_the_full_world(loaded_full_world: Any) -> None:
    """check_env on the voyage; the classic captain through it plays the games it plays
    outside; every course the mask opens is one the game takes."""
    options, full_world = {"rules": "classic"}, loaded_full_world
    env = GameEnv("voyage", options, world=full_world)
    checked(env)
    seeds = range(2)
    through = run_episodes(env, bot_agent("raider10"), seeds)
    assert through.hashes == outside("voyage", options, full_world, "raider10", seeds).hashes
    _, info = env.reset(seed=3)
    match = env.match
    listed = [a.to_str() for a in match.game.legal_actions(match.state)]
    shared = {p.node for p in full_world.ports if p.name in ("Dunkirk", "Vlissingen")}
    assert len(shared) == 1 and listed.count(f"course {shared.pop()}") == 1  # a node, once
    assert len(set(listed)) == len(listed)
    opened = np.flatnonzero(info["action_mask"][match.listed :])
    assert len(opened) > 1000  # any node of the sea, not only the ports
    picks = np.random.default_rng(0).choice(opened, 40, replace=False)
    for node in picks:
        state = match.game.copy(match.state)
        match.game.act(state, match.game.parse_action(f"course {int(node)}"))
    shut = np.flatnonzero(info["action_mask"][match.listed :] == 0)
    if len(shut):
        assert not match.play(match.listed + int(shut[0]))
