"""The hex duel of the hex-duel design document as a mode of the one protocol (engine/protocol.py):
`DuelGame` is a duel by a ruleset between Red (a person, or a CPU personality) and Blue's CPU
captain, two sides taking activations in turn; its actions are the short codes ("m0", "f", "e"),
logged with the side that took them ("red:m0")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import SaveError
from ..events import Event
from ..figures import RunFigures
from ..protocol import BotMaker, Game, Mode, Outcome, Tally
from ..reachable import same_as_game
from ..schema import Maybe, Record, Text
from .actions import DuelAction, IllegalDuelAction
from .captain import Captains
from .encoding import ENCODING
from .events import DUEL_EVENTS
from .game import (
    ENGINE_VERSION,
    act,
    create_duel,
    current_side,
    drawn_captain,
    legal_actions,
    observe,
)
from .rules import RULESETS, DuelRules, find_duel_rules
from .state import BLUE, PERSONALITIES, SAVE_VERSION, SIDES, DuelState

if TYPE_CHECKING:
    from ..world.world import World

OPTIONS = Record(
    {
        "captain": Maybe(Text(PERSONALITIES)),  # None: drawn by the seed
        "red": Maybe(Text(("", *PERSONALITIES))),  # "" or None: a person commands Red
        "rules": Text(),
    },
    optional=frozenset({"captain", "red", "rules"}),
    extra=True,
)
"""What a duel run's logged options may hold (engine/schema.py): read so on resume."""


class DuelGame(Game[DuelState, DuelAction]):
    """A duel by `rules` (the hex-duel design document's, by default); `captain` is Blue's
    personality (None: the seed draws it), `red` a CPU personality for Red (None: a person commands
    her)."""

    mode = "duel"
    sides = 2

    def __init__(
        self, rules: DuelRules | None = None, captain: str | None = None, red: str | None = None
    ) -> None:
        self.rules = rules or DuelRules()
        self.captain = captain
        self.red = red

    def new_initial_state(self, seed: int) -> tuple[DuelState, list[Event]]:
        return create_duel(seed, self.captain, self.rules, red=self.red)

    def current_side(self, state: DuelState) -> int:
        return current_side(state)

    def legal_actions(self, state: DuelState) -> list[DuelAction]:
        return legal_actions(state)

    def act(self, state: DuelState, action: DuelAction) -> list[Event]:
        return act(state, action)

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(state.result, state.winner)

    def observe(self, state: DuelState, side: int = 0) -> dict[str, Any]:
        return observe(state, side)

    def parse_action(self, text: str) -> DuelAction:
        """An action's code, or "side:code" as the log keeps it (the side is not checked
        here: `read_logged` checks it against whose activation it is)."""
        return DuelAction.from_str(str(text).rpartition(":")[2])

    def side_name(self, state: DuelState) -> str:
        return SIDES[state.side]

    def tally(self, state: DuelState, side: int = 0) -> Tally:
        """Its rounds and Blue's captain; once over, +1 if `side` won, -1 if it lost, 0."""
        score = None
        if state.result is not None:
            score = 0 if state.winner is None else (1 if state.winner == side else -1)
        return Tally(state.round, None, score, state.captains[BLUE])

    def log_text(self, state: DuelState, action: DuelAction) -> str:
        """ "red:m0": the action with the side whose activation it is."""
        return f"{SIDES[state.side]}:{action.to_str()}"

    def read_logged(self, state: DuelState, text: str) -> DuelAction:
        """ "side:code" (or a bare code): refused if logged for the side not to act."""
        side, sep, code = str(text).rpartition(":")
        action = DuelAction.from_str(code)
        if sep and side != SIDES[state.side]:
            raise IllegalDuelAction(
                f"{code}: logged for {side}, but it is {SIDES[state.side]}'s activation"
            )
        return action

    def serialise(self, state: DuelState) -> dict[str, Any]:
        return state.to_dict()

    def deserialise(self, data: Any) -> DuelState:
        state = DuelState.from_dict(data)
        self.check_reachable(state)
        return state

    def check_reachable(self, state: DuelState) -> None:
        """The duel is by this game's rules (a save's are its run's preset, and play never
        changes them), between its captains: Red's as the game has her (a person: ""), Blue's
        as asked or, if not, as the seed draws."""
        blue = self.captain or drawn_captain(state.seed)
        try:
            same_as_game("rules", state.rules, self.rules)
            same_as_game("captains", state.captains, [self.red or "", blue])
        except SaveError as error:
            raise SaveError(f"not a duel state: {error}") from None


def _game(
    options: Mapping[str, Any], world: World | None, engine_version: str | None = None
) -> DuelGame:
    return DuelGame(
        find_duel_rules(str(options.get("rules", "seed-001"))),
        options.get("captain") or None,
        options.get("red") or None,
    )


BOT_PLAYERS: dict[str, BotMaker] = {"captain": lambda game, seed: Captains()}
"""The duel's bot: each side's CPU captain, of the personality the game's options give her."""

MODE = Mode(
    name="duel",
    run_modes=("duel",),
    engine_version=ENGINE_VERSION,
    needs_world=False,
    options=OPTIONS,
    game=_game,
    save_version=SAVE_VERSION,
    example={"captain": "bold"},
    events=DUEL_EVENTS,
    figures=RunFigures(results=("Red lost", "nobody won", "Red won"), rounds="rounds"),
    rules=DuelRules,
    rulesets=RULESETS,
    encoding=ENCODING,
    bots=BOT_PLAYERS,
)
