"""What a voyage's save must be beyond its shape: a state its rules reach (`VoyageGame` asks it
of every state it reads). Its rules and length are its game's, and its world opened as its
seed opens one (engine/world/reachable.py). Its outcome is the engine's:
afloat, she has hull, no cause of sinking and days left; won, she lies in the home port, no
pirate, with the score; out of time, the last day has come. A port she is in is where she lies.
What waits on her fits where she is and what she sails: a ship alongside or fighting her is
within a day's step (and out of port), a town she raids is the one she lies off, a fight's
terms are her outfit and hull as they stand (they change only when it is settled) and its
kind is the ship's or the town's, and a fight still on has not ended (one that ends is
settled in the same act).
"""

from __future__ import annotations

from ..errors import SaveError
from ..fight.encounter import Encounter
from ..world.reachable import check_world
from ..world.rules import WorldRules
from ..world.world import World
from .dilemmas import DILEMMAS
from .fights import strike_cards
from .letters import has_the_score
from .pending import Engagement, Meeting, Question
from .rules import VoyageRules
from .sighting import out_of_port, target_of
from .state import VoyageState

RAID = "you raided"
BY_SHIP = {"you attacked": True, "she attacked": False}  # why -> fired first
CANOES = "canoes"


def check_reachable(
    world: World, rules: VoyageRules, wrules: WorldRules, days: int, state: VoyageState
) -> None:
    """Refuse (SaveError, one line) a voyage no play of `rules` over `days` days, in the
    living world's `wrules`, reaches."""
    if state.rules != rules.name:
        raise SaveError(f"rules {state.rules!r} are not its run's ({rules.name!r})")
    if state.last_day != days:
        raise SaveError(f"last_day {state.last_day} is not its run's ({days} days)")
    if state.world.seed != state.seed:
        raise SaveError(f"world.seed {state.world.seed} is not the voyage's ({state.seed})")
    check_world(world, wrules, state.world)
    _outcome(world, rules, state)
    if state.port >= 0 and world.ports[state.port].node != state.node:
        raise SaveError(f"port {state.port} is not at node {state.node}, where she lies")
    pending = state.pending
    if isinstance(pending, Question) and pending.name not in DILEMMAS:
        raise SaveError(f"pending asks no dilemma this code knows: {pending.name!r}")
    if isinstance(pending, Meeting):
        _alongside(world, state, pending.ship, "meeting")
    if isinstance(pending, Engagement):
        assert state.fight is not None  # the state's reader pairs them
        _fight(world, rules, state, pending, state.fight)


def _outcome(world: World, rules: VoyageRules, state: VoyageState) -> None:
    """Only the engine ends a voyage, and only as its rules say."""
    if state.cause and state.outcome != "sunk":
        raise SaveError(f"cause {state.cause!r} with outcome {state.outcome!r}: a wreck's alone")
    if not state.outcome:
        if state.hull == 0:
            raise SaveError("hull 0 while she is afloat: a ship with no hull has sunk")
        if state.day >= state.last_day:
            raise SaveError(f"day {state.day} is her last ({state.last_day}) and she sails on")
    elif state.outcome == "won":
        home = state.port >= 0 and world.ports[state.port].name == rules.home_port
        if not home or state.world.pirate or not has_the_score(state, rules):
            raise SaveError(
                f"outcome 'won' but she is not in {rules.home_port}, no pirate, with the score"
            )
    elif state.outcome == "sunk" and not state.cause:
        raise SaveError("outcome 'sunk' with no cause: the engine says what sank her")
    elif state.outcome == "out_of_time" and state.day < state.last_day:
        last = state.last_day
        raise SaveError(f"outcome 'out_of_time' on day {state.day}, before her last ({last})")


def _alongside(world: World, state: VoyageState, ship: int, what: str) -> None:
    """A ship met or fought is out of port, on her node or a day's step off (met as they
    passed), and she is at sea."""
    if state.port >= 0:
        raise SaveError(f"a {what} with ship {ship} while she is in port {state.port}")
    node = state.world.ships["node"][ship]
    if node != state.node and node not in world.step_neighbours[state.node]:
        raise SaveError(f"a {what} with ship {ship} at node {node}, not by her (node {state.node})")
    if not out_of_port(world, state, ship):
        raise SaveError(f"a {what} with ship {ship}, who is not out of port")


def _fight(
    world: World, rules: VoyageRules, state: VoyageState, on: Engagement, fight: Encounter
) -> None:
    """A fight's terms are what began it: whom (a ship, a town she lies off, canoes), why,
    and her outfit and hull as they stand."""
    if fight.result is not None:
        raise SaveError(f"a fight over ({fight.result.value}) but not settled")
    if state.port >= 0:
        raise SaveError(f"a fight while she is in port {state.port}: she leaves it to fight")
    setup = fight.setup
    if setup.target != on.target:
        raise SaveError(f"fight.setup.target {setup.target!r} is not pending's {on.target!r}")
    if setup.outfit != state.outfit(state.hull):
        raise SaveError(
            f"the fight's outfit ({setup.outfit.ship}, hull {setup.outfit.hull}) is not hers "
            f"({state.ship}, hull {state.hull})"
        )
    if on.why in BY_SHIP:
        if on.ship < 0 or on.port >= 0 or on.fired_first != BY_SHIP[on.why]:
            raise SaveError(f"a fight of why {on.why!r} with ship {on.ship}, port {on.port}")
        _alongside(world, state, on.ship, "fight")
        if on.target != target_of(state, on.ship):
            raise SaveError(f"a fight with ship {on.ship} as {on.target!r}, not as what she is")
        strikes = strike_cards(rules, on.target)
    elif on.why == RAID:
        if on.port < 0 or on.ship >= 0 or not on.fired_first:
            raise SaveError(f"a raid on port {on.port} with ship {on.ship}")
        town = world.ports[on.port]
        if town.node != state.node or state.port >= 0:
            raise SaveError(f"a raid on port {on.port}, which she does not lie off")
        if on.target != ("fortified_port" if town.fortified else "town"):
            raise SaveError(f"a raid on port {on.port} as {on.target!r}, not as what it is")
        strikes = 0
    else:  # canoes: at an islanders' harbour or off new land
        if on.ship >= 0 or on.port >= 0 or on.fired_first or on.target != "war_canoes":
            raise SaveError(f"canoes that are {on.target!r}, ship {on.ship}, port {on.port}")
        strikes = 0
    if setup.strikes != strikes:
        raise SaveError(f"fight.setup.strikes {setup.strikes} is not its rules' ({strikes})")
