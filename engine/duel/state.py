"""The duel's state: two ships, the wind, whose activation it is, the RNG, and how it ended.

A state is plain data (slots dataclasses of ints, bools and short texts) that `act` mutates in
place; `copy()` is cheap. `to_dict` is its canonical form and `from_dict` rebuilds it,
checking every bound, size and type and naming the first problem; `state_hash()` is the
SHA-256 of the canonical JSON.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import Enum
from typing import Any

import orjson

from .hexes import board
from .rules import REPAIRABLE, SHOTS, DuelRules, first_in_round

SAVE_VERSION = 1
"""The shape of a saved duel state; bump it (with a migration) when to_dict changes."""
RED, BLUE = 0, 1
SIDES = ("red", "blue")
PERSONALITIES = ("cautious", "steady", "bold")
"""The CPU captain's personalities (seed 001); "" in a state's captains means a person."""
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
    col: int
    row: int
    facing: int
    hull: int
    sails: int
    crew: int
    loaded: str  # "ball", "chain", "grape", or "" when the gun is empty
    pending: str  # the repair that lands at her next activation: "hull", "sails" or ""
    hurt: bool  # took damage this round (no fleeing)

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


@dataclass(slots=True)
class DuelState:
    rules: DuelRules
    seed: int
    captains: list[str]  # personality by side; "" for a side a person commands
    ships: list[ShipState]  # by side: red, blue
    round: int
    wind: int  # the facing the wind blows towards (downwind); kept while calm
    calm: bool
    side: int  # whose activation it is
    turn: int  # 0 for the round's first activation, 1 for its second
    mp: int  # Movement Points left in this activation
    moved: bool  # moved or turned in this activation (no repair after that)
    acted: bool  # took this activation's action (fire, reload, repair, flee)
    rng: int
    result: Termination | None = None
    winner: int | None = None
    fled: int | None = None

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
        """Rebuild a state from to_dict's output; ValueError naming the first problem.

        >>> DuelState.from_dict({"version": 1})
        Traceback (most recent call last):
        ...
        ValueError: not a duel state: missing 'rules'
        """
        return _from_dict(data)

    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON (sorted keys, no spaces), by orjson."""
        return hashlib.sha256(orjson.dumps(self.to_dict(), option=orjson.OPT_SORT_KEYS)).hexdigest()


def _fail(problem: str) -> ValueError:
    return ValueError(f"not a duel state: {problem}")


def _get(data: dict[str, Any], key: str, kind: type, where: str = "") -> Any:
    if key not in data:
        raise _fail(f"missing {where}{key!r}")
    value = data[key]
    wrong_int = kind is int and (isinstance(value, bool) or not isinstance(value, int))
    if wrong_int or not isinstance(value, kind):
        raise _fail(f"{where}{key} must be {kind.__name__}, not {type(value).__name__}")
    return value


def _int_in(data: dict[str, Any], key: str, low: int, high: int, where: str = "") -> int:
    value: int = _get(data, key, int, where)
    if not low <= value <= high:
        raise _fail(f"{where}{key} {value} is outside {low}..{high}")
    return value


def _optional_side(data: dict[str, Any], key: str) -> int | None:
    if key not in data:
        raise _fail(f"missing {key!r}")
    if data[key] is None:
        return None
    return _int_in(data, key, 0, 1)


def _ship_from_dict(raw: Any, rules: DuelRules, where: str) -> ShipState:
    if not isinstance(raw, dict):
        raise _fail(f"{where} must be a mapping")
    grid = board(rules.cols, rules.rows)
    ship = ShipState(
        col=_int_in(raw, "col", 0, grid.cols - 1, where),
        row=_int_in(raw, "row", 0, grid.rows - 1, where),
        facing=_int_in(raw, "facing", 0, 5, where),
        hull=_int_in(raw, "hull", 0, rules.hull, where),
        sails=_int_in(raw, "sails", 0, rules.sails, where),
        crew=_int_in(raw, "crew", 0, rules.crew, where),
        loaded=_get(raw, "loaded", str, where),
        pending=_get(raw, "pending", str, where),
        hurt=_get(raw, "hurt", bool, where),
    )
    if ship.loaded not in (*SHOTS, ""):
        raise _fail(f"{where}loaded {ship.loaded!r} is not one of {SHOTS} or ''")
    if ship.pending not in (*REPAIRABLE, ""):
        raise _fail(f"{where}pending {ship.pending!r} is not one of {REPAIRABLE} or ''")
    extra = sorted(set(raw) - set(ship.to_dict()))
    if extra:
        raise _fail(f"{where}unknown field {extra[0]!r}")
    return ship


def _from_dict(data: Any) -> DuelState:
    if not isinstance(data, dict):
        raise _fail("a state is a mapping")
    version = _get(data, "version", int)
    if version != SAVE_VERSION:
        raise _fail(f"version {version} is not {SAVE_VERSION}")
    if "rules" not in data:
        raise _fail("missing 'rules'")
    try:
        rules = DuelRules.from_dict(data["rules"])
    except (TypeError, ValueError) as error:
        raise _fail(str(error)) from None
    captains = _get(data, "captains", list)
    if len(captains) != 2 or any(c not in (*PERSONALITIES, "") for c in captains):
        raise _fail(f"captains must be two of {PERSONALITIES} or '', not {captains!r}")
    ships_raw = _get(data, "ships", list)
    if len(ships_raw) != 2:
        raise _fail(f"ships must be two, not {len(ships_raw)}")
    ships = [_ship_from_dict(raw, rules, f"ships[{i}].") for i, raw in enumerate(ships_raw)]
    if ships[0].cell == ships[1].cell:
        raise _fail("both ships on one hex")
    result_raw = data.get("result", "missing")
    if result_raw == "missing":
        raise _fail("missing 'result'")
    try:
        result = None if result_raw is None else Termination(result_raw)
    except ValueError:
        raise _fail(f"result {result_raw!r} is not a termination") from None
    turn = _int_in(data, "turn", 0, 1)
    side = _int_in(data, "side", 0, 1)
    round_ = _int_in(data, "round", 1, rules.max_rounds)
    if side != (first_in_round(rules, round_) + turn) % 2:
        raise _fail(f"side {side} cannot hold activation {turn} of round {round_}")
    state = DuelState(
        rules=rules,
        seed=_get(data, "seed", int),
        captains=[str(c) for c in captains],
        ships=ships,
        round=round_,
        wind=_int_in(data, "wind", 0, 5),
        calm=_get(data, "calm", bool),
        side=side,
        turn=turn,
        mp=_int_in(data, "mp", 0, rules.sails + rules.with_wind),
        moved=_get(data, "moved", bool),
        acted=_get(data, "acted", bool),
        rng=_int_in(data, "rng", 0, RNG_LIMIT - 1),
        result=result,
        winner=_optional_side(data, "winner"),
        fled=_optional_side(data, "fled"),
    )
    _check_result(state)
    extra = sorted(set(data) - set(state.to_dict()))
    if extra:
        raise _fail(f"unknown field {extra[0]!r}")
    return state


def _check_result(state: DuelState) -> None:
    won = state.result in (Termination.SUNK, Termination.STRUCK)
    if won != (state.winner is not None):
        raise _fail(f"winner {state.winner} does not fit result {state.result}")
    if (state.result is Termination.FLED) != (state.fled is not None):
        raise _fail(f"fled {state.fled} does not fit result {state.result}")
    if won and state.winner is not None:
        loser = state.ships[1 - state.winner]
        beaten = loser.hull == 0 if state.result is Termination.SUNK else loser.crew == 0
        if not beaten:
            raise _fail(f"result {state.result.value if state.result else ''} but the loser floats")
    if state.result is None and any(s.hull == 0 or s.crew == 0 for s in state.ships):
        raise _fail("a ship is sunk or struck but the duel goes on")
