"""The engine's exceptions, declared once: the kinds a caller tells apart, each saying who raises
it and what a caller does with it. Every one is a ValueError, so a caller that takes any bad
value the same way (a command's one line and exit 2) still catches them all. A mode's refusal
of an action is its own subclass of `IllegalActionError`, declared in the mode
(`IllegalVoyageAction`); an exception defined anywhere else in the engine derives from a kind
here (tests/test_errors.py holds that). A value refused for no reason a caller tells apart is a
plain ValueError."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that is not open now (or not an action at all), in any mode; the message says
    which and why. A Game's `parse_action` and `act` raise it, having changed nothing, as the
    mode's own subclass (IllegalFightAction, IllegalDuelAction, IllegalTabletopAction,
    IllegalTribesAction, IllegalVoyageAction, IllegalWorldAction; Tribes' order texts, read and
    ruled in its orders.py and rulings.py, raise this class itself). A player's screen shows
    the message and asks again; a replay stops where the log and the engine part ways."""


class SaveError(ValueError):
    """A save (or a run's logged options) that is not what its declarations say, or not a state
    its game reaches; the message names the field and the value. Every state's reader raises it
    (engine/schema.py's kinds, a state's `from_dict`, `Game.resume`). A caller refuses the save
    in one line and leaves it as it is (db/saves.py)."""


class RuleError(ValueError):
    """Rules that cannot be made as written: a ruleset, rule or captain there is none of, a
    change (a `--set`, a study's dial, a variant's name, a captain's spec) that does not read,
    or a value outside its field's declared bound (engine/bounds.py); the message names it. A
    command refuses it in one line; a voyage's replay refuses the run (UNPLAYABLE_OPTIONS)."""


class ReplayRefusedError(ValueError):
    """A run this engine cannot check: another engine version, another world than the one at
    hand (or none), an unknown mode, options no rules of this engine play. `reason` is one of
    engine/replay.py's names for these: `runs check --all` skips the run and counts it by it."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class NoRouteError(ValueError):
    """No way between the two places with the straits as asked (engine/world/routes.py); the
    route command says which of its restrictions closed the way."""


class NegativeWeightError(ValueError):
    """A leg weighed below nothing (or not a number): Dijkstra's shortest way over it is no way
    at all (scipy's runs on, and its predecessors may go round in a circle). The routes raise it
    before scipy runs."""


class OutfitError(ValueError):
    """An outfit that cannot be: an unknown ship, hand or upgrade, or too many hands
    (engine/fight/outfit.py); the fight command refuses it in one line."""
