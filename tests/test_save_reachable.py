"""A save is taken back only as a state its game reaches. Random legal play of every mode that
saves (a fight, a duel, the tabletop, a voyage on the synthetic sea), its save with one field
tampered with at random, read back as the sessions read it (`Game.resume`, of the run's seed):
either it is refused in one line, or what is taken back is a state the game goes on from as
from any other: it round-trips exactly, and playing on it (random legal actions) never fails,
never reaches a state the game would refuse, and plays the same twice.

The cases the probe of issue 17 found through the CLI are pinned in tests/test_save_tampering.py;
here the engine's check (each mode's `check_reachable`) is held to what play makes."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from privateer.engine.duel.mode import DuelGame
from privateer.engine.errors import IllegalActionError
from privateer.engine.fight.mode import FightGame
from privateer.engine.protocol import Game
from privateer.engine.tabletop.mode import TabletopGame
from privateer.engine.voyage.game import VoyageGame
from privateer.engine.voyage.rules import find_voyage_rules
from tests.voyage_fixtures import WORLD

Path_ = tuple[str | int, ...]

GAMES: dict[str, Game[Any, Any]] = {
    "fight": FightGame("merchant"),
    "duel": DuelGame(),  # as `privateer duel` plays it: Blue drawn by the seed, Red a person
    "tabletop": TabletopGame(players=["spain", "england", "france"]),
    "voyage": VoyageGame(WORLD, find_voyage_rules("full"), days=120),
}
STEPS = {"fight": 6, "duel": 40, "tabletop": 60, "voyage": 60}  # the most played before saving
PLAY_ON = 25  # actions played on a save taken back
WORDS = ("", "won", "sunk", "out_of_time", "storm", "galleon", "pinnace", "town", "fight", "gold")


def leaves(data: Any, path: Path_ = ()) -> Iterator[Path_]:
    """Every field of a JSON value that holds a number, a text, true/false or null."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        if isinstance(value, dict | list):
            yield from leaves(value, (*path, key))
        elif not (path == () and key == "version"):  # the save's version: refused by its reader
            yield (*path, key)


def texts(data: Any) -> set[str]:
    if isinstance(data, dict):
        return {t for v in data.values() for t in texts(v)}
    if isinstance(data, list):
        return {t for v in data for t in texts(v)}
    return {data} if isinstance(data, str) else set()


def at(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data


@st.composite
def other_value(draw: st.DrawFn, value: Any, words: list[str]) -> Any:
    """A value for a field other than the one it holds, of a kind a save might hold there."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        step = draw(st.sampled_from([-1, 1, -1, 1, -2, 2, -5, 5, -100, 100, 1000]))
        return draw(st.sampled_from([value + step, value + step, -value - 1, 0 if value else 1]))
    if isinstance(value, str):
        return draw(st.sampled_from([w for w in words if w != value]))
    return draw(st.sampled_from([0, 1, "", "won"]))  # null


@st.composite
def tampered(draw: st.DrawFn, mode: str) -> tuple[int, dict[str, Any], Path_]:
    """A save made by random legal play from a random seed, one field changed."""
    game = GAMES[mode]
    seed = draw(st.integers(0, 40))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    state, _ = game.new_initial_state(seed)
    for _ in range(draw(st.integers(0, STEPS[mode]))):
        legal = game.legal_actions(state)
        if not legal:
            break
        trial = game.copy(state)
        game.act(trial, rnd.choice(legal))
        if game.outcome(trial) is not None:
            break  # a game that ends has its save dropped: saves are of games going on
        state = trial
    data = json.loads(json.dumps(game.serialise(state)))
    path = draw(st.sampled_from(list(leaves(data))))
    words = sorted(texts(data) | set(WORDS))
    changed = copy.deepcopy(data)
    at(changed, path[:-1])[path[-1]] = draw(other_value(at(data, path), words))
    return seed, changed, path


def plays_on(game: Game[Any, Any], state: Any, seed: int) -> str:
    """Random legal play from `state`: every state reached is one the game takes back, and the
    same actions from a copy give the same state. The final state's hash."""
    rnd = random.Random(seed)
    twin = game.copy(state)
    for _ in range(PLAY_ON):
        if game.outcome(state) is not None:
            assert list(game.legal_actions(state)) == []
            break
        legal = list(game.legal_actions(state))
        assert legal, "a game that goes on offers an action"
        action = rnd.choice(legal)
        game.act(state, action)
        game.act(twin, action)
        saved = json.loads(json.dumps(game.serialise(state)))
        assert game.serialise(game.deserialise(saved)) == saved
    assert game.state_hash(twin) == game.state_hash(state)
    return str(game.state_hash(state))


@pytest.mark.parametrize("mode", list(GAMES))
def test_a_tampered_save_is_refused_in_one_line_or_plays_on_as_a_legal_state(mode: str) -> None:
    game = GAMES[mode]

    @settings(
        max_examples=40,
        deadline=None,
        derandomize=True,  # the same cases every run: a failure here is one to fix, not luck
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(tampered(mode))
    def check(case: tuple[int, dict[str, Any], Path_]) -> None:
        seed, data, path = case
        try:
            state = game.resume(data, seed)
        except ValueError as error:
            words = str(error)
            assert words and "\n" not in words, (path, words)
            assert not isinstance(error, IllegalActionError), (path, words)
            return
        assert game.serialise(state) == data, path
        plays_on(game, state, seed)

    check()


@pytest.mark.parametrize("mode", list(GAMES))
def test_every_state_of_random_play_is_taken_back_and_an_ended_one_is_not_resumed(
    mode: str,
) -> None:
    """The check refuses nothing play makes: each state along random games (to their end for
    all but the voyage) reads back through `deserialise`, and resumes while it goes on; an
    ended one is read but not resumed (its save is dropped), nor one of another seed."""
    game = GAMES[mode]
    ended = 0
    for seed in range(3):
        rnd = random.Random(seed)
        state, _ = game.new_initial_state(seed)
        for _ in range(400):
            data = json.loads(json.dumps(game.serialise(state)))
            assert game.serialise(game.deserialise(data)) == data
            if game.outcome(state) is not None:
                with pytest.raises(ValueError, match="already over"):
                    game.resume(data, seed)
                ended += 1
                break
            assert game.serialise(game.resume(data, seed)) == data
            with pytest.raises(ValueError, match=f"is not its run's \\({seed + 1}\\)"):
                game.resume(data, seed + 1)
            game.act(state, rnd.choice(list(game.legal_actions(state))))
    assert ended > 0


def test_a_voyages_world_keeps_the_ships_its_seed_mustered_where_sailing_puts_them() -> None:
    """Who a ship of the world is (her kind, flag, home) never changes after the muster, and
    where she is fits the leg she sails: a save saying otherwise is refused, naming it."""
    game = GAMES["voyage"]
    state, _ = game.new_initial_state(3)
    while not any(leg >= 0 for leg in state.world.ships["leg"]):
        game.act(state, game.parse_action("sail"))  # a day in port: the world sails
    base = json.loads(json.dumps(game.serialise(state)))
    ships = base["world"]["ships"]
    sailing = ships["leg"].index(next(leg for leg in ships["leg"] if leg >= 0))
    for column, ship, value, words in (
        ("kind", 0, (ships["kind"][0] + 1) % 3, "world.ships.kind[0] 1 is not the seed's"),
        ("flag", 0, (ships["flag"][0] + 1) % len(WORLD.nations), "ships.flag[0] 3 is not the"),
        ("home", 0, (ships["home"][0] + 1) % len(WORLD.ports), "ships.home[0] 1 is not the"),
        ("node", sailing, WORLD.n - 1 - ships["node"][sailing], f"world.ships.node[{sailing}]"),
        ("pos", sailing, 0, f"world.ships.pos[{sailing}] 0 is not part way along leg"),
    ):
        changed = copy.deepcopy(base)
        changed["world"]["ships"][column][ship] = value
        with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
            game.resume(changed, 3)
