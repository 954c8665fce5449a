"""A game of several sides taking turns, as a PettingZoo AEC environment: the tabletop's 2-4
seats (hidden hands: each agent observes its own seat's view, the others' hands only by their
sizes), the hex duel's two captains. Agent `player_i` is the game's side i (the tabletop's
i-th nation of `players`; the duel's Red, then Blue); `agent_selection` is always the side the
game says is to act.

- An observation is PettingZoo's classic form: `{"observation": the side's view encoded by
  its mode (flat, or a dict by feature), "action_mask": 1 for each index open now}`; an
  action is an index into the legal actions in the game's fixed order (the mask's 1s).
- Rewards come when the game ends: +1 the winner, -1 every other side; 0 all round when nobody
  won. An index the mask rules out ends the game for every agent, -1 to the one that took it
  and 0 to the rest (PettingZoo's classic rule for an illegal move).
- `reset(seed=s)` opens the game a run from seed `s` opens; `max_steps` truncates it.
- `record` is the episode's record, logged and replayed like any run.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from privateer.engine.schema import SEED_MAX

from .match import LOSS, Match
from .spaces import action_space, check_form, encode, mask_space, observation_space


def agent_name(side: int) -> str:
    return f"player_{side}"


class TableEnv(AECEnv[str, Any, Any]):  # type: ignore[misc]
    metadata: dict[str, Any] = {"render_modes": [], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        mode: str,
        options: Mapping[str, Any] | None = None,
        *,
        world: Any = None,
        observation: str = "flat",
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        self.match = Match(mode, options, world)
        if self.match.sides < 2:
            raise ValueError(f"mode {mode!r} has one side to play: use GameEnv")
        self.metadata = {**self.metadata, "name": f"privateer_{mode}_v0"}
        self.form, self.max_steps = check_form(observation), max_steps
        encoding = self.match.encoding
        self.possible_agents = [agent_name(s) for s in range(self.match.sides)]
        self._observation_space = spaces.Dict(
            {
                "observation": observation_space(encoding, self.form),
                "action_mask": mask_space(self.match.actions),
            }
        )
        self._action_space = action_space(self.match.actions)
        self._generator = np.random.default_rng()
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    @property
    def record(self) -> Any:
        return self.match.record

    @property
    def state(self) -> Any:
        """The game's state (what a bot reads); AEC's global `state()` is not offered."""
        return self.match.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._generator = np.random.default_rng(seed)
        game_seed = seed if seed is not None else int(self._generator.integers(0, SEED_MAX))
        self.match.start(game_seed)
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self.match.to_act)
        self._fill_infos()

    def observe(self, agent: str) -> dict[str, Any]:
        side = self.possible_agents.index(agent)
        mask = self.match.mask() if self._open_to(side) else np.zeros(self.match.actions, np.int8)
        return {
            "observation": encode(self.match.encoding, self.match.view(side), self.form),
            "action_mask": mask,
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._steps += 1
        if not self.match.play(int(action)):
            self.rewards[agent] = LOSS
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"illegal": int(action)} if a == agent else {} for a in self.agents}
        elif self.match.over:
            for side, reward in enumerate(self.match.rewards()):
                self.rewards[agent_name(side)] = reward
            self.terminations = dict.fromkeys(self.agents, True)
            self._fill_infos()
        else:
            if self.max_steps is not None and self._steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = agent_name(self.match.to_act)
            self._fill_infos()
        self._accumulate_rewards()

    def _open_to(self, side: int) -> bool:
        return (
            self.match.record is not None
            and not self.match.over
            and self.match.to_act == side
            and not any(self.terminations.values())
        )

    def _fill_infos(self) -> None:
        """Each agent's info: the legal actions in words for the one to act, and the outcome
        once the game is over."""
        for side, agent in enumerate(self.possible_agents):
            info: dict[str, Any] = {}
            if self._open_to(side):
                info["legal"] = self.match.legal_text()
            if self.match.over:
                info["outcome"] = self.match.outcome_text()
            self.infos[agent] = info

    def close(self) -> None:
        return None
