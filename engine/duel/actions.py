"""What a captain can do in an activation, as short text that round-trips (UCI-like).

| code | action |
|---|---|
| `m0` | move into the hex ahead |
| `ml` / `mr` | move into the forward-left / forward-right hex (bow -60 / +60), and face it |
| `tl` / `tr` | turn 60 degrees in place, to port (counterclockwise) / starboard |
| `ph` / `ps` | repair hull / sails (declared before moving; the action) |
| `f` | fire the loaded gun (the action) |
| `rb` / `rc` / `rg` | reload with ball / chain / grape (the action) |
| `x` | flee: leave the skirmish (the action) |
| `e` | end the activation |

>>> DuelAction.from_str(" ML ")
DuelAction(code='ml')
>>> DuelAction("rg").to_str(), DuelAction("rg").kind, DuelAction("rg").shot
('rg', 'reload', 'grape')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalActionError


class IllegalDuelAction(IllegalActionError):
    """An action that is not legal in this state (or not an action at all); the message
    names it."""


_KINDS = {
    "m0": "move",
    "ml": "move",
    "mr": "move",
    "tl": "turn",
    "tr": "turn",
    "ph": "repair",
    "ps": "repair",
    "f": "fire",
    "rb": "reload",
    "rc": "reload",
    "rg": "reload",
    "x": "flee",
    "e": "end",
}
STEERING = {"m0": 0, "ml": -1, "mr": 1, "tl": -1, "tr": 1}
"""How many 60-degree steps clockwise each move or turn changes the facing by."""
RELOADS = {"rb": "ball", "rc": "chain", "rg": "grape"}
REPAIRS = {"ph": "hull", "ps": "sails"}
ACTION_WORDS = {
    "m0": "move ahead",
    "ml": "move forward-left",
    "mr": "move forward-right",
    "tl": "turn to port",
    "tr": "turn to starboard",
    "f": "fire",
    "rb": "reload ball",
    "rc": "reload chain",
    "rg": "reload grape",
    "ph": "repair hull",
    "ps": "repair sails",
    "x": "flee",
    "e": "end activation",
}


@dataclass(frozen=True, slots=True, order=True)
class DuelAction:
    """One step of an activation, named by its code; ordering is by code (alphabetical)."""

    code: str

    def __post_init__(self) -> None:
        if self.code not in _KINDS:
            raise IllegalDuelAction(
                f"{self.code!r} is not a duel action; one of {', '.join(sorted(_KINDS))}"
            )

    @property
    def kind(self) -> str:
        """move, turn, repair, fire, reload, flee or end."""
        return _KINDS[self.code]

    @property
    def shot(self) -> str | None:
        """The shot a reload loads."""
        return RELOADS.get(self.code)

    @property
    def stat(self) -> str | None:
        """The stat a repair mends."""
        return REPAIRS.get(self.code)

    def to_str(self) -> str:
        return self.code

    @classmethod
    def from_str(cls, text: str) -> DuelAction:
        """Parse a code, ignoring case and surrounding space."""
        return cls(str(text).strip().lower())


ALL_ACTIONS = tuple(DuelAction(code) for code in sorted(_KINDS))
"""Every action, in the order legal_actions lists them."""
