"""Every number of the duel's rules, in one frozen dataclass, and the small pure functions that
read it: the wind table, the shot table, the bow-or-stern halving.

Each field names its source: "seed" quotes seeds/001, "choice" is ours where the seed is
silent. A sweep varies any field by name: `DuelRules().variant(flee_distance=12)`.

>>> rules = DuelRules()
>>> shot_damage(rules, "ball", 1), shot_damage(rules, "ball", 2), shot_damage(rules, "ball", 4)
(0, 2, 1)
>>> wind_step(rules, 0, False, 4)
(1, False, 'veer')
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ..bounds import NAME, Tup, check_rules, rule
from ..errors import RuleError, SaveError
from ..schema import Int, Text
from .hexes import COLUMN_LETTERS, MAX_ROWS, board

SHOTS = ("ball", "chain", "grape")
SHOT_HITS = {"ball": "hull", "chain": "sails", "grape": "crew"}
"""Seed: "A ball ... can penetrate a hull, a chain ... can damage sails, a grape ... crew"."""
STATS = ("hull", "sails", "crew")
REPAIRABLE = ("hull", "sails")
WIND_CHANGES = ("hold", "veer", "back", "calm")
CALM_CHANGES = ("calm", "return")
INITIATIVES = ("fixed", "alternate")
# What a rule may be (engine/bounds.py), each bound declared beside its field below; what
# one field asks of another (a wind table a face of the die each, starts on the board) is
# checked after
STAT = Int(1, 1_000)  # a ship's hull, sails or crew at the start: also a repair's cap
STAT_OR_NONE = Int(0, 100)  # the crew an act needs
POINTS = Int(0, 100)  # Move points, hexes, damage
DAMAGES = Tup(Int(0, 100), 2, 100)  # damage by range, from range 0
START = Tup(Int(0, MAX_ROWS), 3, 3)  # (col, row, facing)
MAX_SIDE = max(len(COLUMN_LETTERS), MAX_ROWS)


@dataclass(frozen=True, slots=True)
class DuelRules:
    """The rules of the open-water duel (the hex-duel design document)."""

    name: str = rule("seed-001", NAME)  # a label: a preset's name, or a variant's (see variant())
    # --- the ships
    hull: int = rule(6, STAT)  # seed: "starting stats (Hull 6, ...)"; also the cap of a repair
    sails: int = rule(4, STAT)  # seed: "(... Sails 4, ...)"
    crew: int = rule(4, STAT)  # seed: "(... Crew 4)"
    # seed: "starts the game with the cannon loaded with a ball"
    start_loaded: str = rule("ball", Text((*SHOTS, "")))
    # --- the wind
    die: int = rule(6, Int(1, 100))  # seed: "A d6 roll at the start of each round"
    # seed: 1-3 holds, 4 rotates 60 clockwise (veers), 5 counterclockwise (backs), 6 calm
    wind_table: tuple[str, ...] = rule(
        ("hold", "hold", "hold", "veer", "back", "calm"), Tup(Text(WIND_CHANGES), 1, 100)
    )
    # seed: when calm, 1-4 stays calm, 5-6 returns from the last direction
    calm_table: tuple[str, ...] = rule(
        ("calm", "calm", "calm", "calm", "return", "return"), Tup(Text(CALM_CHANGES), 1, 100)
    )
    with_wind: int = rule(1, POINTS)  # seed: "Facing exactly with the wind gives +1 Movement Point"
    against_wind: int = rule(1, POINTS)  # seed: "Facing exactly against it gives -1 Movement Point"
    # --- movement
    # seed: "the hex ahead or either adjacent forward hex ... for 1 Move"
    move_cost: int = rule(1, Int(1, 100))
    turn_cost: int = rule(1, Int(1, 100))  # seed: "Turning 60 degrees in place also costs 1 Move"
    drift: int = rule(1, POINTS)  # seed: at 0 Sails "it drifts one hex downwind"
    # --- guns: damage by range (index = range); 0 = out of range
    fire_crew: int = rule(1, STAT_OR_NONE)  # seed: "Firing needs at least 1 Crew"
    # choice: reloading is handled by the same gun crew (seed silent)
    reload_crew: int = rule(1, STAT_OR_NONE)
    # seed: 2 at range 2, 1 at 3-4, not at range 1
    ball: tuple[int, ...] = rule((0, 0, 2, 1, 1), DAMAGES)
    chain: tuple[int, ...] = rule((0, 2, 1), DAMAGES)  # seed: 2 at range 1, 1 at range 2
    grape: tuple[int, ...] = rule((0, 2), DAMAGES)  # seed: range 1, damage 2
    end_on_divisor: int = rule(2, Int(1, 100))  # seed: through bow or stern "halved, rounded down"
    end_on_minimum: int = rule(1, POINTS)  # seed: "to a minimum of 1"
    # --- repair
    repair_crew: int = rule(2, STAT_OR_NONE)  # seed: "Repair needs 2 Crew"
    # seed: "It costs 2 Move" (choice: all the Move left, if less)
    repair_move: int = rule(2, POINTS)
    repair_amount: int = rule(1, POINTS)  # seed: "+1 Hull or Sails at the start of your next turn"
    # --- fleeing
    flee_distance: int = rule(16, Int(0, 2 * MAX_SIDE))  # seed: "at least 16 hexes from the enemy"
    # --- where the seed is silent (choices, see engine/duel/__init__.py)
    # choice: 24 x 16 hexes, widest distance 31, so 16 apart is reachable
    cols: int = rule(24, Int(1, len(COLUMN_LETTERS)))
    rows: int = rule(16, Int(1, MAX_ROWS))  # choice: see cols
    # choice: (col, row, facing): F8 facing east
    red_start: tuple[int, int, int] = rule((5, 7, 0), START)
    # choice: S9 facing west, 13 hexes off
    blue_start: tuple[int, int, int] = rule((18, 8, 3), START)
    # choice: Red (the player) activates first in every round ...
    first_side: int = rule(0, Int(0, 1))
    # choice: ... ("alternate": first_side in odd rounds only)
    initiative: str = rule("fixed", Text(INITIATIVES))
    # choice: after round 60 the ships part (Termination.ROUND_LIMIT)
    max_rounds: int = rule(60, Int(1, 10_000))

    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise RuleError(f"rules {self.name!r}: {problems[0]}")

    def variant(self, **changes: Any) -> DuelRules:
        """These rules with some fields changed, named after the change (for sweeps).

        >>> DuelRules().variant(flee_distance=12).name
        'seed-001+flee_distance=12'
        """
        unknown = [k for k in changes if k not in _FIELD_NAMES or k == "name"]
        if unknown:
            raise RuleError(f"no rule named {unknown[0]!r}")
        label = "+".join(f"{k}={_label(v)}" for k, v in sorted(changes.items()))
        return replace(self, name=f"{self.name}+{label}", **changes)

    def start(self, stat: str) -> int:
        """A ship's starting value of hull, sails or crew: also the cap of a repair."""
        return int(getattr(self, stat))

    def shot_table(self, shot: str) -> tuple[int, ...]:
        return tuple(getattr(self, shot))

    def max_range(self, shot: str) -> int:
        return len(self.shot_table(shot)) - 1

    def to_dict(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DuelRules:
        """Rebuild rules from to_dict's output; SaveError naming a missing or bad field."""
        if not isinstance(data, dict):
            raise SaveError("rules must be a mapping of field to value")
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                raise SaveError(f"rules: missing field {f.name!r}")
            value = data[f.name]
            if isinstance(value, list):
                value = tuple(value)
            values[f.name] = value
        extra = sorted(set(data) - set(_FIELD_NAMES))
        if extra:
            raise SaveError(f"rules: unknown field {extra[0]!r}")
        return cls(**values)


_FIELD_NAMES = tuple(f.name for f in fields(DuelRules))


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _label(value: Any) -> str:
    return "/".join(str(v) for v in value) if isinstance(value, tuple) else str(value)


def _problems(rules: DuelRules) -> list[str]:
    """What is wrong with these rules: a field outside its bound, else what one field asks of
    another."""
    try:
        check_rules(rules)
    except ValueError as error:
        return [str(error)]
    out: list[str] = []
    if len(rules.wind_table) != rules.die:
        out.append(f"wind_table must give one of {WIND_CHANGES} for each face of the die")
    if len(rules.calm_table) != rules.die:
        out.append(f"calm_table must give one of {CALM_CHANGES} for each face of the die")
    for shot in SHOTS:
        if getattr(rules, shot)[0] != 0:
            out.append(f"{shot} must list damage by range from 0 (0 at range 0, none negative)")
    if out:
        return out
    try:
        grid = board(rules.cols, rules.rows)
    except ValueError as error:
        return [str(error)]
    starts = []
    for name in ("red_start", "blue_start"):
        start = getattr(rules, name)
        if not grid.on_board((start[0], start[1])) or not 0 <= start[2] < 6:
            out.append(f"{name} {start} is off the {rules.cols}x{rules.rows} board")
        starts.append((start[0], start[1]))
    if starts[0] == starts[1]:
        out.append("the ships cannot start on the same hex")
    if rules.flee_distance > grid.widest():
        out.append(
            f"flee_distance {rules.flee_distance} is out of reach on a {rules.cols}x{rules.rows} "
            f"board (widest {grid.widest()})"
        )
    return out


def first_in_round(rules: DuelRules, round_: int) -> int:
    """The side that activates first in a round (0 red, 1 blue).

    >>> [first_in_round(DuelRules(initiative="alternate"), r) for r in (1, 2, 3)]
    [0, 1, 0]
    """
    if rules.initiative == "alternate":
        return (rules.first_side + round_ - 1) % 2
    return rules.first_side


def shot_damage(rules: DuelRules, shot: str, distance: int) -> int:
    """Damage of `shot` at `distance` before any halving; 0 when out of its range."""
    table = rules.shot_table(shot)
    return table[distance] if 0 <= distance < len(table) else 0


def end_on(rules: DuelRules, damage: int) -> int:
    """Damage of a shot that enters through the bow or stern: halved, down, at least the
    minimum.

    >>> end_on(DuelRules(), 2), end_on(DuelRules(), 1)
    (1, 1)
    """
    return max(rules.end_on_minimum, damage // rules.end_on_divisor)


def wind_modifier(rules: DuelRules, facing: int, wind_to: int, calm: bool) -> int:
    """The Move a facing gains (or loses) from the wind; `wind_to` is where it blows.

    >>> wind_modifier(DuelRules(), 0, 0, False), wind_modifier(DuelRules(), 3, 0, False)
    (1, -1)
    """
    if calm:
        return 0
    if facing == wind_to:
        return rules.with_wind
    if facing == (wind_to + 3) % 6:
        return -rules.against_wind
    return 0


def move_points(rules: DuelRules, sails: int, facing: int, wind_to: int, calm: bool) -> int:
    """Movement Points for an activation: Sails plus the wind, never below 0; none at 0 Sails.

    >>> move_points(DuelRules(), 0, 0, 0, False), move_points(DuelRules(), 1, 3, 0, False)
    (0, 0)
    """
    if sails <= 0:
        return 0
    return max(0, sails + wind_modifier(rules, facing, wind_to, calm))


def wind_step(rules: DuelRules, wind_to: int, calm: bool, roll: int) -> tuple[int, bool, str]:
    """The wind after a round's roll (1..die): (blows to, calm, what it did: hold, veer,
    back, calm, still or return).

    A calm wind keeps its last direction, and returns from it.

    >>> wind_step(DuelRules(), 2, False, 6), wind_step(DuelRules(), 2, True, 5)
    ((2, True, 'calm'), (2, False, 'return'))
    """
    if not 1 <= roll <= rules.die:
        raise ValueError(f"a wind roll is 1..{rules.die}, not {roll}")
    if calm:
        if rules.calm_table[roll - 1] == "calm":
            return wind_to, True, "still"
        return wind_to, False, "return"
    change = rules.wind_table[roll - 1]
    if change == "veer":
        return (wind_to + 1) % 6, False, change
    if change == "back":
        return (wind_to + 5) % 6, False, change
    return wind_to, change == "calm", change


RULESETS: dict[str, DuelRules] = {"seed-001": DuelRules()}
"""Named presets; a `--rules NAME` picks one."""


def find_duel_rules(name: str) -> DuelRules:
    """A preset by name.

    >>> find_duel_rules("seed-001") == DuelRules()
    True
    """
    try:
        return RULESETS[name]
    except KeyError:
        raise RuleError(
            f"no duel rules named {name!r}; choose from {', '.join(RULESETS)}"
        ) from None
