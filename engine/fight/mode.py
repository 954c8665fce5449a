"""The card fight as a mode of the one protocol (engine/protocol.py): `FightGame` is a fight
against a target with an outfit, its actions the keeps ("12", "31"), and the mode's
declaration that joins the registry (runs logged as "fight" by a person, "sim" by a bot)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import SaveError
from ..events import Event, RawEvent
from ..figures import RunFigures
from ..protocol import BotMaker, Game, Mode, Outcome, Tally
from ..reachable import same_as_game
from ..schema import Int, Maybe, Record, Seq, Text
from .bots import BOTS, Bot
from .cards import THEM, YOU
from .encoding import ENCODING
from .encounter import (
    ENGINE_VERSION,
    FIGHT_EVENTS,
    SAVE_VERSION,
    Encounter,
    Keep,
    Setup,
    Termination,
    create_encounter,
    legal_actions,
    observe,
    play_keep,
)
from .outfit import Outfit
from .rules import FIGHT, RULESETS, FightRules
from .settle import payout, settled_events
from .ships import CREW, KIND_INDEX, SHIPS, TARGETS, UPGRADES

if TYPE_CHECKING:
    from ..world.world import World

WINNER = {Termination.DESTROYED: YOU, Termination.SUNK: THEM}  # the rest: nobody won
OPTIONS = Record(
    {
        "target": Text(TARGETS),
        "ship": Text(SHIPS),
        "crew": Seq(Text(CREW)),
        "upgrades": Seq(Text(UPGRADES)),
        "prizes": Seq(Text(KIND_INDEX)),
        "hull": Maybe(Int(1, 10_000)),
        "bot": Maybe(Text()),
        "walls": Int(0, 100),  # hull over her kind's (a voyage's open town: `sim --walls`)
    },
    optional=frozenset({"crew", "upgrades", "prizes", "hull", "bot", "walls"}),
    extra=True,
)
"""What a fight run's logged options may hold (engine/schema.py): read so on resume."""
_TEXT = [[Keep(i, j).to_str() for j in range(3)] for i in range(3)]  # a keep's text, by index


_KEEP = {text: Keep(i, j) for i, row in enumerate(_TEXT) for j, text in enumerate(row)}
"""A keep by its text as logged (a replay reads thousands): any other text is parsed."""


def keep_text(keep: Keep) -> str:
    """A keep as the log writes it (`FightGame.log_text`), without the game."""
    return _TEXT[keep.first][keep.second]


MAX_ROUNDS = 200  # a safety net: every fight ends long before (the deck runs dry)


def outfit_of(options: Mapping[str, Any]) -> Outfit:
    """The outfit a run's logged options describe."""
    return Outfit(
        str(options["ship"]),
        tuple(options.get("crew", ())),
        tuple(options.get("upgrades", ())),
        tuple(options.get("prizes", ())),
        options.get("hull"),
    )


class FightGame(Game[Encounter, Keep]):
    """A fight against `target` in `outfit` (a pinnace, by default), on a voyage's terms, by
    `rules` (the seed's, by default)."""

    mode = "fight"
    sides = 2

    def __init__(
        self,
        target: str,
        outfit: Outfit | None = None,
        *,
        hold: int | None = None,
        walls: int = 0,
        relief_sooner: int = 0,
        rules: FightRules = FIGHT,
    ) -> None:
        self.target = target
        self.outfit = outfit or Outfit()
        self.hold, self.walls, self.relief_sooner = hold, walls, relief_sooner
        self.rules = rules

    def new_initial_state(self, seed: int) -> tuple[Encounter, list[Event]]:
        return create_encounter(
            self.target,
            self.outfit,
            seed,
            hold=self.hold,
            walls=self.walls,
            relief_sooner=self.relief_sooner,
            rules=self.rules,
        )

    def legal_actions(self, state: Encounter) -> list[Keep]:
        return legal_actions(state)

    def act(self, state: Encounter, action: Keep) -> list[Event]:
        """The keep's events, and the settlement's when it ends the fight."""
        raw: list[RawEvent] = []
        self.act_into(state, action, raw)
        return [Event._make(e) for e in raw]

    def act_into(self, state: Encounter, action: Keep, events: list[RawEvent]) -> None:
        """`act` as plain tuples (a logged simulation's path: no Event made)."""
        play_keep(state, action, events)
        if state.result is not None:
            events.extend(settled_events(state))

    def outcome(self, state: Encounter) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(state.result, WINNER.get(state.result))

    def observe(self, state: Encounter, side: int = YOU) -> dict[str, Any]:
        return observe(state, side)

    def parse_action(self, text: str) -> Keep:
        return _KEEP.get(text) or Keep.from_str(text)

    def tally(self, state: Encounter, side: int = YOU) -> Tally:
        """Its rounds (a fight takes no days), what it was against and in; once over, the
        payout (its score)."""
        setup = state.setup
        score = payout(state) if state.result is not None else None
        return Tally(state.round, 0, score, setup.target, setup.outfit.ship)

    def log_text(self, state: Encounter, action: Keep) -> str:
        return keep_text(action)

    def checkpoint_due(
        self, state: Encounter, action: Keep, clock_before: int, played: int
    ) -> bool:
        return state.result is not None or played % self.checkpoint_every == 0

    def serialise(self, state: Encounter) -> dict[str, Any]:
        return state.to_dict()

    def deserialise(self, data: Any) -> Encounter:
        state = Encounter.from_dict(data)
        self.check_reachable(state)
        return state

    def check_reachable(self, state: Encounter) -> None:
        """The fight is on this game's terms (its target, outfit, hold, walls, relief and
        rules; no strike-colours card, which only a voyage deals), and one going on has both
        hulls."""
        setup = state.setup
        terms = Setup(
            self.target,
            self.outfit,
            setup.seed,
            self.hold,
            self.walls,
            self.relief_sooner,
            rules=self.rules,
        )
        try:
            same_as_game("the fight's terms", setup, terms)
        except SaveError as error:
            raise SaveError(f"not an encounter state: {error}") from None
        if state.result is None and 0 in state.hull:
            raise SaveError(f"not an encounter state: hull {state.hull} and the fight goes on")

    def seed_of(self, state: Encounter) -> int:
        return state.setup.seed


def _game(
    options: Mapping[str, Any], world: World | None, engine_version: str | None = None
) -> FightGame:
    return FightGame(str(options["target"]), outfit_of(options), walls=int(options.get("walls", 0)))


def _fight_bot(bot: Bot) -> BotMaker:
    return lambda game, seed: bot.choose


BOT_PLAYERS: dict[str, BotMaker] = {name: _fight_bot(bot) for name, bot in BOTS.items()}
"""The card bots (engine/fight/bots.py) as the registry seats them."""

MODE = Mode(
    name="fight",
    run_modes=("fight", "sim"),
    engine_version=ENGINE_VERSION,
    needs_world=False,
    options=OPTIONS,
    game=_game,
    save_version=SAVE_VERSION,
    example={"target": "merchant", "ship": "brigantine"},
    events=FIGHT_EVENTS,
    figures=RunFigures(unit="gold", rounds="rounds"),  # the payout; a fight takes no days
    rules=FightRules,
    rulesets=RULESETS,
    encoding=ENCODING,
    bots=BOT_PLAYERS,
)
