"""The duel's state: two ships, the wind, whose activation it is, the RNG, and how it ended.

A state is plain data (slots dataclasses of ints, bools and short texts) that `act` mutates in
place; `copy()` is cheap. `to_dict` is its canonical form and `from_dict` rebuilds it,
checking every bound, size and type and naming the first problem; `state_hash()` is the
SHA-256 of the canonical JSON.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import orjson

from ..errors import SaveError
from ..schema import (
    SEED_MAX,
    Bool,
    Int,
    Limits,
    Maybe,
    Nested,
    Seq,
    Text,
    not_an_object,
    read_fields,
    saved,
    show,
)
from .rules import REPAIRABLE, RULESETS, SHOTS, DuelRules, first_in_round

SAVE_VERSION = 1
"""The shape of a saved duel state; bump it (with a migration) when to_dict changes."""
RED, BLUE = 0, 1
SIDES = ("red", "blue")
PERSONALITIES = ("cautious", "steady", "bold")
"""The CPU captain's personalities (the hex-duel design document); "" in a state's captains
means a person."""
RNG_LIMIT = 1 << 32


class Termination(Enum):
    SUNK = "sunk"  # a hull reached 0: the other side won
    STRUCK = "struck"  # a crew reached 0 and she struck her colours: the other side won
    FLED = "fled"  # a ship escaped: undefeated, nobody won
    ROUND_LIMIT = "round_limit"  # rules.max_rounds passed and the ships parted: nobody won


@dataclass(frozen=True, slots=True)
class DuelOutcome:
    """How a duel ended: winner and fled are sides (0 red, 1 blue) or None."""

    termination: Termination
    winner: int | None
    fled: int | None
    rounds: int


@dataclass(slots=True)
class ShipState:
    """Each saved field declares what it may hold (engine/schema.py), within the rules."""

    col: int = field(metadata=saved(Int(0, "col")))
    row: int = field(metadata=saved(Int(0, "row")))
    facing: int = field(metadata=saved(Int(0, 5)))
    hull: int = field(metadata=saved(Int(0, "hull")))
    sails: int = field(metadata=saved(Int(0, "sails")))
    crew: int = field(metadata=saved(Int(0, "crew")))
    # "ball", "chain", "grape", or "" when the gun is empty
    loaded: str = field(metadata=saved(Text((*SHOTS, ""))))
    # the repair that lands at her next activation: "hull", "sails" or ""
    pending: str = field(metadata=saved(Text((*REPAIRABLE, ""))))
    hurt: bool = field(metadata=saved(Bool()))  # took damage this round (no fleeing)

    @property
    def cell(self) -> tuple[int, int]:
        return self.col, self.row

    def copy(self) -> ShipState:
        return ShipState(
            self.col,
            self.row,
            self.facing,
            self.hull,
            self.sails,
            self.crew,
            self.loaded,
            self.pending,
            self.hurt,
        )

    @classmethod
    def read(cls, data: Any, path: str, limits: Limits) -> ShipState:
        return cls(**read_fields(cls, data, path, limits)[0])

    def to_dict(self) -> dict[str, Any]:
        return {
            "col": self.col,
            "row": self.row,
            "facing": self.facing,
            "hull": self.hull,
            "sails": self.sails,
            "crew": self.crew,
            "loaded": self.loaded,
            "pending": self.pending,
            "hurt": self.hurt,
        }


def _read_rules(data: Any, path: str, limits: Limits) -> DuelRules:
    try:
        rules = DuelRules.from_dict(data)
    except (TypeError, ValueError) as error:
        raise SaveError(str(error)) from None
    if rules.name.split("+")[0] not in RULESETS:  # a preset, or a sweep's variant of one
        raise SaveError(f"{path}.name {show(rules.name)} is not one this code knows")
    return rules


def _rules_limits(rules: DuelRules) -> dict[str, int]:
    """What the rules bound: the board, a ship's stats, the rounds, an activation's Move."""
    return {
        "col": rules.cols - 1,
        "row": rules.rows - 1,
        "hull": rules.hull,
        "sails": rules.sails,
        "crew": rules.crew,
        "max_rounds": rules.max_rounds,
        "mp": rules.sails + rules.with_wind,
    }


_SIDE = Int(0, 1)


@dataclass(slots=True)
class DuelState:
    """Each saved field declares what it may hold (engine/schema.py); the rules bound the
    rest."""

    rules: DuelRules = field(metadata=saved(Nested(_read_rules), gives=_rules_limits))
    seed: int = field(metadata=saved(Int(0, SEED_MAX)))
    # personality by side; "" for a side a person commands
    captains: list[str] = field(metadata=saved(Seq(Text(("", *PERSONALITIES)), length=2)))
    # by side: red, blue
    ships: list[ShipState] = field(metadata=saved(Seq(Nested(ShipState.read), length=2)))
    round: int = field(metadata=saved(Int(1, "max_rounds")))
    # the facing the wind blows towards (downwind); kept while calm
    wind: int = field(metadata=saved(Int(0, 5)))
    calm: bool = field(metadata=saved(Bool()))
    side: int = field(metadata=saved(_SIDE))  # whose activation it is
    # 0 for the round's first activation, 1 for its second
    turn: int = field(metadata=saved(Int(0, 1)))
    mp: int = field(metadata=saved(Int(0, "mp")))  # Movement Points left in this activation
    # moved or turned in this activation (no repair after that)
    moved: bool = field(metadata=saved(Bool()))
    # took this activation's action (fire, reload, repair, flee)
    acted: bool = field(metadata=saved(Bool()))
    rng: int = field(metadata=saved(Int(0, RNG_LIMIT - 1)))
    result: Termination | None = field(
        default=None, metadata=saved(Maybe(Text(tuple(t.value for t in Termination))))
    )
    winner: int | None = field(default=None, metadata=saved(Maybe(_SIDE)))
    fled: int | None = field(default=None, metadata=saved(Maybe(_SIDE)))

    def copy(self) -> DuelState:
        return DuelState(
            self.rules,
            self.seed,
            self.captains[:],
            [ship.copy() for ship in self.ships],
            self.round,
            self.wind,
            self.calm,
            self.side,
            self.turn,
            self.mp,
            self.moved,
            self.acted,
            self.rng,
            self.result,
            self.winner,
            self.fled,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "captains": list(self.captains),
            "ships": [ship.to_dict() for ship in self.ships],
            "round": self.round,
            "wind": self.wind,
            "calm": self.calm,
            "side": self.side,
            "turn": self.turn,
            "mp": self.mp,
            "moved": self.moved,
            "acted": self.acted,
            "rng": self.rng,
            "result": self.result.value if self.result else None,
            "winner": self.winner,
            "fled": self.fled,
        }

    @classmethod
    def from_dict(cls, data: Any) -> DuelState:
        """Rebuild a state from to_dict's output, checked by the fields' declarations;
        SaveError naming the first problem.

        >>> try:
        ...     DuelState.from_dict({"version": 1})
        ... except SaveError as error:
        ...     print(error)
        not a duel state: rules is missing
        """
        try:
            return _read(data)
        except SaveError as error:
            raise SaveError(f"not a duel state: {error}") from None

    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON (sorted keys, no spaces), by orjson."""
        return hashlib.sha256(orjson.dumps(self.to_dict(), option=orjson.OPT_SORT_KEYS)).hexdigest()


def _read(data: Any) -> DuelState:
    if not isinstance(data, dict):
        raise not_an_object(data, "")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(f"version {show(data.get('version'))} is not {SAVE_VERSION}")
    values, _ = read_fields(DuelState, data)
    if values["result"] is not None:
        values["result"] = Termination(values["result"])
    state = DuelState(**values)
    if state.ships[0].cell == state.ships[1].cell:
        raise SaveError("both ships on one hex")
    if state.side != (first_in_round(state.rules, state.round) + state.turn) % 2:
        raise SaveError(
            f"side {state.side} cannot hold activation {state.turn} of round {state.round}"
        )
    _check_result(state)
    return state


def _check_result(state: DuelState) -> None:
    won = state.result in (Termination.SUNK, Termination.STRUCK)
    if won != (state.winner is not None):
        raise SaveError(f"winner {state.winner} does not fit result {state.result}")
    if (state.result is Termination.FLED) != (state.fled is not None):
        raise SaveError(f"fled {state.fled} does not fit result {state.result}")
    if won and state.winner is not None:
        loser = state.ships[1 - state.winner]
        beaten = loser.hull == 0 if state.result is Termination.SUNK else loser.crew == 0
        if not beaten:
            raise SaveError(
                f"result {state.result.value if state.result else ''} but the loser floats"
            )
    if state.result is None and any(s.hull == 0 or s.crew == 0 for s in state.ships):
        raise SaveError("a ship is sunk or struck but the duel goes on")
