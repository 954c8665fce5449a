"""Agents played through the environments, and the same bots played outside them: a random
agent (uniform over the legal indices), and a mode's own bot choosing for the state the
environment holds, its action handed back as its index. The bench (`privateer envs bench`)
prints what they win and how fast; a bot's games through an environment are the games the same
seeds give outside it, state hash for state hash, which is what shows the environment adds
nothing and hides nothing of the game."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from privateer.engine.record import play

from .match import Match
from .single import GameEnv
from .table import TableEnv

Env = GameEnv | TableEnv
Agent = Callable[[Env, Any, dict[str, Any]], int]
"""Chooses an index for the side to act, from the environment, its observation and info."""
AgentMaker = Callable[[Env, int], Agent]
"""An agent for an episode from `seed`."""

RANDOM = "random"
OUTSIDE_ACTIONS = 10_000_000  # a safety net for a bot's game outside (every game ends first)


def random_agent(env: Env, seed: int) -> Agent:
    """Uniform over the indices the mask opens, from its own generator seeded by the episode's
    seed (so an episode is the same every time)."""
    generator = np.random.default_rng(seed)

    def choose(_: Env, observation: Any, info: dict[str, Any]) -> int:
        mask = _mask(observation, info)
        return int(generator.choice(np.flatnonzero(mask)))

    return choose


def _mask(observation: Any, info: dict[str, Any]) -> Any:
    if isinstance(observation, dict) and "action_mask" in observation:
        return observation["action_mask"]
    return info["action_mask"]


def bot_agent(name: str) -> AgentMaker:
    """The mode's bot `name` as an agent: it reads the environment's state, as it reads the
    game's outside one, and its choice is handed back as its index in the legal actions."""

    def make(env: Env, seed: int) -> Agent:
        player = env.match.bots(name, seed)

        def choose(_: Env, observation: Any, info: dict[str, Any]) -> int:
            return env.match.index_of(player(env.match.state))

        return choose

    return make


@dataclass
class Tally:
    """What an agent's episodes came to: rewards by episode (side 0's), wins, steps, time."""

    episodes: int = 0
    won: int = 0
    reward: float = 0.0
    steps: int = 0
    seconds: float = 0.0
    hashes: list[str] = field(default_factory=list)
    records: list[Any] = field(default_factory=list)

    def row(self) -> dict[str, Any]:
        return {
            "episodes": self.episodes,
            "won": round(self.won / max(1, self.episodes), 4),
            "mean_reward": round(self.reward / max(1, self.episodes), 4),
            "steps": self.steps,
            "steps_per_s": round(self.steps / self.seconds) if self.seconds else None,
        }


def run_episodes(
    env: Env,
    agent: AgentMaker,
    seeds: Sequence[int],
    *,
    keep_records: bool = False,
    on_episode: Callable[[], None] | None = None,
) -> Tally:
    """Every seed's episode with `agent` at every side the environment hands out, timed;
    side 0's reward and wins counted."""
    tally = Tally()
    for seed in seeds:
        started = time.perf_counter()
        if isinstance(env, GameEnv):
            reward, steps = _single(env, agent, seed)
        else:
            reward, steps = _table(env, agent, seed)
        tally.seconds += time.perf_counter() - started
        tally.episodes += 1
        tally.reward += reward
        tally.won += reward > 0
        tally.steps += steps
        tally.hashes.append(env.match.game.state_hash(env.match.state))
        if keep_records:
            tally.records.append(env.match.record)
        if on_episode is not None:
            on_episode()
    return tally


def _single(env: GameEnv, agent: AgentMaker, seed: int) -> tuple[float, int]:
    observation, info = env.reset(seed=seed)
    choose = agent(env, seed)
    total, steps, done = 0.0, 0, False
    while not done:
        observation, reward, terminated, truncated, info = env.step(choose(env, observation, info))
        total, steps, done = total + reward, steps + 1, terminated or truncated
    return total, steps


def _table(env: TableEnv, agent: AgentMaker, seed: int) -> tuple[float, int]:
    env.reset(seed=seed)
    choose = agent(env, seed)
    steps = 0
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(choose(env, observation, info))
        steps += 1
    return (float(env.match.rewards()[0]) if env.match.over else 0.0), steps


def outside(
    mode: str, options: Mapping[str, Any] | None, world: Any, bot: str, seeds: Sequence[int]
) -> Tally:
    """The bot's games on the same seeds played by the engine alone (engine/record.py's
    `play`, every side the bot): side 0's wins and each game's final state hash."""
    match = Match(mode, options, world)
    tally = Tally()
    for seed in seeds:
        started = time.perf_counter()
        record = play(match.game, seed, match.bots(bot, seed), max_actions=OUTSIDE_ACTIONS)
        tally.seconds += time.perf_counter() - started
        match.record = record
        reward = match.rewards()[0]
        tally.episodes += 1
        tally.reward += reward
        tally.won += reward > 0
        tally.steps += len(record.actions)
        tally.hashes.append(match.game.state_hash(record.state))
    return tally
