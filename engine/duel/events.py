"""What a duel tells (the hex-duel design document): each event kind and the fields its payload
carries, declared once; `side` is "red" or "blue". (`redact_event` blanks what the other side may
not see: a reload's shot, Blue's personality.)"""

from __future__ import annotations

from typing import TypedDict


class DuelStart(TypedDict):
    seed: int
    rules: str
    captains: list[str]
    drawn: bool
    red: list[int]  # col, row, facing
    blue: list[int]


class Wind(TypedDict):
    roll: int
    change: str
    to: int
    calm: bool


class Activation(TypedDict):
    side: str
    mp: int
    wind_modifier: int


class Repaired(TypedDict):
    side: str
    stat: str
    value: int


class Drift(TypedDict):
    side: str
    col: int
    row: int
    blocked: bool


class Steered(TypedDict):
    """A move or a turn: where she is and faces after it, and the Move left."""

    side: str
    action: str
    col: int
    row: int
    facing: int
    mp: int


class Repair(TypedDict):
    side: str
    stat: str
    mp: int


class Fire(TypedDict):
    side: str
    shot: str
    range: int
    through: str
    damage: int
    stat: str
    left: int


class Reload(TypedDict):
    side: str
    shot: str | None  # None: hidden from the other side


class Escape(TypedDict):
    side: str
    distance: int


class Pass(TypedDict):
    side: str
    auto: bool


class DuelEnd(TypedDict):
    outcome: str
    winner: str | None
    fled: str | None
    hull: list[int]
    sails: list[int]
    crew: list[int]


DUEL_EVENTS: dict[str, type] = {
    "duel_start": DuelStart,
    "wind": Wind,
    "activation": Activation,
    "repaired": Repaired,
    "drift": Drift,
    "move": Steered,
    "turn": Steered,
    "repair": Repair,
    "fire": Fire,
    "reload": Reload,
    "escape": Escape,
    "pass": Pass,
    "duel_end": DuelEnd,
}
"""Every event kind of the duel, by name: its payload's declared fields."""
