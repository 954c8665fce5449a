"""The card fight as a mode of the one protocol (engine/protocol.py): `FightGame` is a fight
against a target with an outfit, its actions the keeps ("12", "31"), and the mode's
declaration that joins the registry (runs logged as "fight" by a person, "sim" by a bot)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..events import Event
from ..figures import RunFigures
from ..protocol import Game, Mode, Outcome
from ..reachable import same_as_game
from ..schema import SaveError
from .cards import THEM, YOU
from .encounter import (
    ENGINE_VERSION,
    FIGHT_EVENTS,
    Encounter,
    Keep,
    Setup,
    Termination,
    act,
    create_encounter,
    legal_actions,
    observe,
)
from .outfit import Outfit
from .record import OPTIONS, outfit_of, replay_logged
from .rules import FIGHT, FightRules

if TYPE_CHECKING:
    from ..world.world import World

WINNER = {Termination.DESTROYED: YOU, Termination.SUNK: THEM}  # the rest: nobody won


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
        return act(state, action)

    def outcome(self, state: Encounter) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(state.result, WINNER.get(state.result))

    def observe(self, state: Encounter, side: int = YOU) -> dict[str, Any]:
        return observe(state, side)

    def parse_action(self, text: str) -> Keep:
        return Keep.from_str(text)

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
            raise ValueError(f"not an encounter state: {error}") from None
        if state.result is None and 0 in state.hull:
            raise ValueError(f"not an encounter state: hull {state.hull} and the fight goes on")

    def seed_of(self, state: Encounter) -> int:
        return state.setup.seed

    def state_hash(self, state: Encounter) -> str:
        return state.state_hash()

    def copy(self, state: Encounter) -> Encounter:
        return state.copy()


def _game(options: Mapping[str, Any], world: World | None) -> FightGame:
    return FightGame(str(options["target"]), outfit_of(options))


MODE = Mode(
    name="fight",
    run_modes=("fight", "sim"),
    engine_version=ENGINE_VERSION,
    needs_world=False,
    options=OPTIONS,
    game=_game,
    replayer=lambda world: replay_logged,
    example={"target": "merchant", "ship": "brigantine"},
    events=FIGHT_EVENTS,
    figures=RunFigures(unit="gold", rounds="rounds"),  # the payout; a fight takes no days
)
