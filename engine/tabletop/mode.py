"""The Privateers design document's card game as a mode of the one protocol (engine/protocol.py):
`TabletopGame` is a table of 2-4 nations by a ruleset; `sides` is the number of seats,
`current_side` the seat to act (the turn's, or the one whose response window it is). Actions are
logged with the seat's nation ("england:play 12")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import SaveError
from ..events import Event
from ..figures import RunFigures
from ..protocol import BotMaker, Game, Mode, Outcome, Tally
from ..schema import Record, Seq, Text
from .actions import IllegalTabletopAction, TabletopAction
from .bots import BOTS, bot_chooser
from .encoding import ENCODING
from .events import TABLETOP_EVENTS
from .game import ENGINE_VERSION, act, check_players, current_side, legal_actions, new_game
from .reachable import check_reachable
from .rules import (
    EARLIER_READINGS,
    NATIONS,
    RULESETS,
    TabletopRules,
    find_tabletop_rules,
    read_by,
)
from .state import TabletopState
from .view import describe, observe

if TYPE_CHECKING:
    from ..world.world import World

from enum import Enum

OPTIONS = Record(
    {"players": Seq(Text(NATIONS), max_len=4, unique=True), "bots": Record({}, extra=True),
     "rules": Text()},
    optional=frozenset({"bots", "rules"}),
    extra=True,
)  # fmt: skip
"""What a tabletop run's logged options may hold (engine/schema.py)."""
DEFAULT_PLAYERS = ("spain", "england")


def options_game(options: Mapping[str, Any]) -> tuple[TabletopRules, list[str]]:
    """The rules and the nations a run's options name."""
    rules = find_tabletop_rules(str(options.get("rules") or "seed-003"))
    return rules, list(options.get("players") or DEFAULT_PLAYERS)


class Termination(Enum):
    GOLD = "gold"  # a nation reached the goal's gold: she won
    ROUND_LIMIT = "round_limit"  # rules.round_limit passed: the most gold won (a tie: nobody)


class TabletopGame(Game[TabletopState, TabletopAction]):
    """A table of `players` (nations, in seat order) playing by `rules` (the Privateers design
    document's)."""

    mode = "tabletop"
    checkpoint_every = 25

    def __init__(
        self, rules: TabletopRules | None = None, players: Sequence[str] = DEFAULT_PLAYERS
    ) -> None:
        self.rules = rules or TabletopRules()
        self.players = check_players(self.rules, players)
        self.sides = len(self.players)  # type: ignore[misc]

    def new_initial_state(self, seed: int) -> tuple[TabletopState, list[Event]]:
        return new_game(self.rules, self.players, seed)

    def current_side(self, state: TabletopState) -> int:
        return current_side(state)

    def legal_actions(self, state: TabletopState) -> list[TabletopAction]:
        return legal_actions(state)

    def act(self, state: TabletopState, action: TabletopAction) -> list[Event]:
        return act(state, action)

    def outcome(self, state: TabletopState) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(Termination(state.result), state.winner)

    def observe(self, state: TabletopState, side: int = 0) -> dict[str, Any]:
        return observe(state, side)

    def describe(self, state: TabletopState, action: TabletopAction) -> str:
        return describe(state, action)

    def parse_action(self, text: str) -> TabletopAction:
        """An action's text, or "nation:text" as the log keeps it (the nation is checked by
        `read_logged`, against the seat to act)."""
        return TabletopAction.from_str(str(text).rpartition(":")[2])

    def side_name(self, state: TabletopState) -> str:
        return state.players[current_side(state)]

    def tally(self, state: TabletopState, side: int = 0) -> Tally:
        """Its turns and the nation at `side`; once over, +1 if it won, -1 if not, 0 if
        nobody did."""
        score = None
        if state.result is not None:
            score = 0 if state.winner is None else (1 if state.winner == side else -1)
        return Tally(state.turn, None, score, state.players[side])

    def table_tally(self, state: TabletopState) -> Tally:
        """Its rounds; once won, the winner's gold and nation."""
        if state.winner is None:
            return Tally(state.round)
        return Tally(state.round, None, state.gold[state.winner], state.players[state.winner])

    def log_text(self, state: TabletopState, action: TabletopAction) -> str:
        """ "england:play 12": the action with the nation of the seat to act."""
        return f"{state.players[current_side(state)]}:{action.to_str()}"

    def read_logged(self, state: TabletopState, text: str) -> TabletopAction:
        """ "nation:text" (or the bare text): refused if logged for a seat not to act."""
        nation, sep, words = str(text).rpartition(":")
        action = TabletopAction.from_str(words)
        to_act = state.players[current_side(state)]
        if sep and nation != to_act:
            raise IllegalTabletopAction(f"{words}: logged for {nation}, but {to_act} is to act")
        return action

    def serialise(self, state: TabletopState) -> dict[str, Any]:
        return state.to_dict()

    def deserialise(self, data: Any) -> TabletopState:
        state = TabletopState.from_dict(data)
        self.check_reachable(state)
        return state

    def check_reachable(self, state: TabletopState) -> None:
        try:
            check_reachable(state, self.rules, self.players)
        except SaveError as error:
            raise SaveError(f"not a tabletop state: {error}") from None


def _game(
    options: Mapping[str, Any], world: World | None, engine_version: str | None = None
) -> TabletopGame:
    rules, players = options_game(options)
    return TabletopGame(read_by(rules, engine_version), players)


def _table_bot(name: str) -> BotMaker:
    return lambda game, seed: bot_chooser(game, [name] * game.sides, seed)  # type: ignore[arg-type]


BOT_PLAYERS: dict[str, BotMaker] = {name: _table_bot(name) for name in BOTS}
"""The tabletop's bots, one at every seat, each decision's numbers drawn from the game's seed
and the decisions made so far (engine/tabletop/sim.py's tables seat them so too)."""

MODE = Mode(
    name="tabletop",
    run_modes=("tabletop",),
    engine_version=ENGINE_VERSION,
    earlier_versions=tuple(EARLIER_READINGS),
    needs_world=False,
    options=OPTIONS,
    game=_game,
    example={"players": ["spain", "england", "france"], "rules": "seed-003"},
    events=TABLETOP_EVENTS,
    # the target's result: your nation's in a game you played, the winner's gold in a sim
    figures=RunFigures(results=("lost", "nobody won", "won"), rounds="turns"),
    rules=TabletopRules,
    rulesets=RULESETS,
    encoding=ENCODING,
    bots=BOT_PLAYERS,
)
