"""One game played through an environment, for any mode: the game its options describe, its
record (engine/record.py, so an episode is logged and replayed like any run), the legal
actions as indices, bots for the sides no agent plays, and the rewards when it ends. What the
Gymnasium and the PettingZoo environments share."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from privateer.engine.encoding import Encoding
from privateer.engine.errors import IllegalActionError
from privateer.engine.modes import MODES
from privateer.engine.protocol import Game, Mode, Player
from privateer.engine.record import GameRecord, advance, begin

WIN, LOSS, NOBODY = 1.0, -1.0, 0.0


def environment_mode(name: str) -> tuple[Mode, Encoding]:
    """The mode named and its encoding; ValueError (one line) for a mode with none."""
    mode = MODES.get(name)
    if mode is None:
        raise ValueError(f"no mode {name!r}: one of {', '.join(MODES.names())}")
    if mode.encoding is None:
        having = ", ".join(m.name for m in MODES if m.encoding is not None)
        raise ValueError(f"mode {name!r} has no environment: one of {having}")
    return mode, mode.encoding


class Match:
    """A game of `mode` by `options` (the mode's example where None) on `world`, played an
    action at a time by index into the legal actions."""

    def __init__(
        self, mode: str, options: Mapping[str, Any] | None = None, world: Any = None
    ) -> None:
        self.mode, self.encoding = environment_mode(mode)
        self.options = dict(self.mode.example if options is None else options)
        if self.mode.needs_world and world is None:
            raise ValueError(f"mode {mode!r} sails on a world: give one (db's load_world)")
        self.game: Game[Any, Any] = self.mode.game(self.options, world)
        self.record: GameRecord[Any, Any] | None = None
        self._legal: list[Any] = []
        self.catalogue = self.encoding.open_actions
        self.listed = self.encoding.most_actions
        self.actions = self.listed + (self.catalogue.size(self.game) if self.catalogue else 0)
        """Every index an action may have: the listed legal actions', then the catalogue's."""

    @property
    def sides(self) -> int:
        return int(self.game.sides)

    def start(self, seed: int) -> None:
        self.record = begin(self.game, seed)
        self._legal = []

    @property
    def state(self) -> Any:
        assert self.record is not None, "reset first"
        return self.record.state

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None

    @property
    def to_act(self) -> int:
        return int(self.game.current_side(self.state))

    def legal(self) -> list[Any]:
        """The actions open now, in the game's fixed order (cached until the next action)."""
        if not self._legal and not self.over:
            self._legal = list(self.game.legal_actions(self.state))
        return self._legal

    def legal_text(self) -> list[str]:
        return [a.to_str() for a in self.legal()]

    def play(self, index: int) -> bool:
        """The action at `index` played into the record (the `index`-th legal action listed,
        or the catalogue's entry `index - listed`); False (nothing played) if the mask does
        not open that index, or the game refuses it."""
        legal = self.legal()
        if 0 <= index < len(legal):
            action = legal[index]
        elif self.catalogue is not None and self.listed <= index < self.actions:
            entry = index - self.listed
            if self.over or not self.catalogue.open(self.game, self.state)[entry]:
                return False
            action = self.game.parse_action(self.catalogue.text(entry))
        else:
            return False
        assert self.record is not None
        try:
            advance(self.record, action)
        except IllegalActionError:  # refused, changing nothing
            return False
        self._legal = []
        return True

    def index_of(self, action: Any) -> int:
        """The index an action open now has (a bot's choice, handed back to the env)."""
        legal = self.legal()
        if action in legal:
            return legal.index(action)
        entry = self.catalogue.index_of(action.to_str()) if self.catalogue else None
        if entry is None:
            raise ValueError(f"{action.to_str()!r} has no index in the {self.mode.name} env")
        return self.listed + entry

    def mask(self) -> np.ndarray[Any, Any]:
        """1 for each index open now: the listed legal actions', then the catalogue's."""
        mask = np.zeros(self.actions, np.int8)
        if self.record is None or self.over:
            return mask
        legal = self.legal()
        if len(legal) > self.listed:
            raise RuntimeError(
                f"{self.mode.name}: {len(legal)} legal actions, more than the {self.listed} "
                "its encoding declares"
            )
        mask[: len(legal)] = 1
        if self.catalogue is not None:
            mask[self.listed :] = np.asarray(self.catalogue.open(self.game, self.state), np.int8)
        return mask

    def play_bots(self, players: Mapping[int, Player], until: int | None = None) -> None:
        """The bots' moves for their sides, until the game ends or a side without one (or
        `until`) is to act."""
        while not self.over and self.to_act != until and self.to_act in players:
            action = players[self.to_act](self.state)
            assert self.record is not None
            advance(self.record, action)
            self._legal = []

    def bots(self, name: str, seed: int) -> Player:
        """The mode's bot `name`, seated at this game for the run from `seed`."""
        if name not in self.mode.bots:
            raise ValueError(
                f"no bot {name!r} for {self.mode.name}: one of {', '.join(self.mode.bots)}"
            )
        return self.mode.bots[name](self.game, seed)

    def view(self, side: int) -> dict[str, Any]:
        return self.game.observe(self.state, side)

    def rewards(self) -> list[float]:
        """Each side's reward once the game is over: +1 the winner, -1 every other side, 0
        all round when nobody won (a voyage not won, a duel called off); 0 while it goes on."""
        done = self.game.outcome(self.state)
        if done is None or done.winner is None:
            return [NOBODY] * self.sides
        return [WIN if side == done.winner else LOSS for side in range(self.sides)]

    def outcome_text(self) -> str | None:
        done = self.game.outcome(self.state)
        return None if done is None else done.reason
