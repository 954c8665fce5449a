"""A game one agent plays, as a Gymnasium environment: the voyage, a card fight, the hex duel
against a CPU captain. The agent plays `side` (0: the captain, "you", Red); every other side
that ever acts is played by the mode's bot `opponent`, inside `step`.

- `reset(seed=s)` opens the game a run from seed `s` opens (so the same seed is the same game
  as `privateer voyage`/`sim`/`duel` play it); without one, a seed drawn from the
  environment's own generator.
- An action is an index into the legal actions, in the game's fixed order; `info["action_mask"]`
  marks the indices open now and `info["legal"]` says each in the game's own words. An index
  the mask rules out ends the episode as a loss (reward -1, `info["illegal"]`), as PettingZoo's
  classic games do: the game itself never takes an illegal action.
- The reward is 0 until the game ends: then +1 if the agent's side won, -1 if another did, 0
  when nobody did (a voyage not won, a duel called off).
- `max_steps` truncates an episode after that many of the agent's actions.
- The observation is the agent's side's view (`Game.observe`, fog-filtered as every front end
  shows it), encoded by the mode (engine/encoding.py): flat, or a dict by feature.
- `record` is the episode's record: logged and replayed like any run (cli's `envs` commands).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np

from privateer.engine.schema import SEED_MAX

from .match import LOSS, Match
from .spaces import action_space, check_form, encode, observation_space


class GameEnv(gymnasium.Env[Any, np.int64]):
    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's own)

    def __init__(
        self,
        mode: str,
        options: Mapping[str, Any] | None = None,
        *,
        world: Any = None,
        side: int = 0,
        opponent: str | None = None,
        observation: str = "flat",
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.match = Match(mode, options, world)
        if not 0 <= side < self.match.sides:
            raise ValueError(f"side {side}: {mode} has sides 0-{self.match.sides - 1}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: None or ansi")
        bots = self.match.mode.bots
        self.opponent = opponent if opponent is not None else next(iter(bots), None)
        if self.opponent is not None and self.opponent not in bots:
            raise ValueError(f"no bot {self.opponent!r} for {mode}: one of {', '.join(bots)}")
        self.side, self.form = side, check_form(observation)
        self.max_steps, self.render_mode = max_steps, render_mode
        encoding = self.match.encoding
        self.observation_space = observation_space(encoding, self.form)
        self.action_space = action_space(self.match.actions)
        self._others: dict[int, Any] = {}
        self._steps = 0
        self._ended_illegally = False

    @property
    def record(self) -> Any:
        """The episode's record (engine/record.py's GameRecord)."""
        return self.match.record

    @property
    def state(self) -> Any:
        """The game's state (what a bot reads: `policy` plays one through the environment)."""
        return self.match.state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(0, SEED_MAX))
        self.match.start(game_seed)
        self._steps, self._ended_illegally = 0, False
        self._others = {}
        if self.opponent is not None:
            bot = self.match.bots(self.opponent, game_seed)
            self._others = {s: bot for s in range(self.match.sides) if s != self.side}
        self.match.play_bots(self._others, until=self.side)
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self.match.record is None:
            raise RuntimeError("reset the environment before a step")
        if self.match.over or self._ended_illegally:
            raise RuntimeError("the episode is over: reset the environment")
        self._steps += 1
        if not self.match.play(int(action)):
            self._ended_illegally = True
            info = {**self._info(), "illegal": int(action)}
            return self._observe(), LOSS, True, False, info
        self.match.play_bots(self._others, until=self.side)
        over = self.match.over
        reward = self.match.rewards()[self.side] if over else 0.0
        truncated = not over and self.max_steps is not None and self._steps >= self.max_steps
        return self._observe(), reward, over, truncated, self._info()

    def legal(self) -> list[Any]:
        """The legal actions now, in the order their indices name them."""
        return [] if self.match.over else self.match.legal()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        view = self.match.view(self.side)
        lines = [f"{key}: {value}" for key, value in view.items() if not isinstance(value, dict)]
        return "\n".join([*lines, "legal: " + ", ".join(self.match.legal_text())])

    def _observe(self) -> Any:
        return encode(self.match.encoding, self.match.view(self.side), self.form)

    def _info(self) -> dict[str, Any]:
        ended = self.match.over or self._ended_illegally
        legal = [] if ended else self.match.legal()
        mask = self.match.mask() if not ended else np.zeros(self.match.actions, np.int8)
        info: dict[str, Any] = {"action_mask": mask, "legal": [a.to_str() for a in legal]}
        if self.match.over:
            info["outcome"] = self.match.outcome_text()
        return info
