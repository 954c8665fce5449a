"""Events at sea (the Privateer design document, "Events at sea", "Uncharted islands"), once a day
while nobody is fighting: new land sighted (and, by the island_folk rule, its islanders come out)
and the anchorage off a charted island, the crew's morale and mutiny, wages, good omens and storms,
and (by rules with it) a hostile fort's shot.

Each is declared once in `SEA_EVENTS`, in the order a day takes them: its name, how often it
comes (one day in how many, drawn from the voyage's RNG; or None for one that checks its own
conditions every day), whether it waits for a day when nothing else waits on her, and what it
does. `at_sea_day` reads the table and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..events import Event
from ..registry import Registry
from ..rng import below
from ..world.game import season_of
from ..world.rules import WorldRules
from ..world.world import World, nearby
from .dilemmas import ask
from .fights import begin_fight
from .islanders import canoes_come_out
from .rules import VoyageRules
from .shore import fort_fire
from .state import VoyageState
from .weather import storm_odds, storm_takes_toll

Happening = Callable[[World, VoyageState, VoyageRules, WorldRules], list[Event]]
Odds = Callable[[World, VoyageState, VoyageRules, WorldRules], int]


@dataclass(frozen=True, slots=True)
class SeaEvent:
    name: str
    happens: Happening
    odds: Odds | None = None  # one day in how many it comes; None: it checks its own every day
    quiet_days_only: bool = False  # only on a day nothing waits on her (no question, no ship)


SEA_EVENTS: Registry[SeaEvent] = Registry("sea event", lambda e: e.name)


def _roll(state: VoyageState, per: int) -> bool:
    value, state.rng = below(state.rng, per)
    return value == 0


def at_sea_day(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> list[Event]:
    """A day at sea: each sea event in turn, as declared."""
    events: list[Event] = []
    for sea_event in SEA_EVENTS:
        if sea_event.quiet_days_only and state.pending is not None:
            continue
        if sea_event.odds is not None and not _roll(
            state, sea_event.odds(world, state, rules, wrules)
        ):
            continue
        events += sea_event.happens(world, state, rules, wrules)
    return events


# --- new land, and the anchorage --------------------------------------------------------------


def land_sighted(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> list[Event]:
    """An uncharted island within sight goes on the chart and pays; half the time a man on its
    beach asks to come aboard."""
    events: list[Event] = []
    ws = state.world
    reach = 1 + (1 if "navigator" in state.crew else 0)
    near = nearby(world, state.node, reach)
    for i, island in enumerate(ws.islands):
        if ws.charted[i] or island not in near:
            continue
        ws.charted[i] = 1
        state.gold += wrules.island_charting_pay
        state.tally["islands"] += 1
        events.append(
            Event(
                "land_sighted",
                state.day,
                {"node": island, "paid": wrules.island_charting_pay, "stop": True},
            )
        )
        if rules.dilemmas and _roll(state, max(1, 1000 // max(1, rules.castaway_per_mille))):
            events += ask(state, rules, "castaway")
        if rules.island_folk and state.pending is None:
            events += island_folk(world, state, rules, island)
    return events


def island_folk(world: World, state: VoyageState, rules: VoyageRules, island: int) -> list[Event]:
    """New land sighted (the island_folk rule): sometimes its islanders come out, to trade
    provisions (a question: trade or wave them off) or, as at a native harbour, in war
    canoes (a fight; beating them off costs no standing)."""
    roll, state.rng = below(state.rng, 1000)
    if roll >= rules.island_folk_per_mille:
        return []
    canoes = canoes_come_out(state, rules, raided=False)
    met = Event("islanders", state.day, {"node": island, "canoes": canoes, "stop": True})
    if canoes:
        return [
            met,
            *begin_fight(world, state, rules, "war_canoes", fired_first=False, why="canoes"),
        ]
    return [met, *ask(state, rules, "islanders")]


def at_anchor(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> list[Event]:
    """Off a charted island the hull mends and the crew's spirits rise, a point a day."""
    ws = state.world
    if not any(c and n == state.node for n, c in zip(ws.islands, ws.charted, strict=True)):
        return []
    state.hull = min(state.max_hull(), state.hull + rules.anchor_mend)
    state.morale = min(rules.morale_max, state.morale + rules.anchor_morale)
    return [Event("at_anchor", state.day, {"hull": state.hull, "morale": state.morale})]


# --- the crew ---------------------------------------------------------------------------------


def morale_day(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> list[Event]:
    """The crew sour from 30 days after the last prize, a point every 10 days; at nothing it
    is mutiny."""
    day = state.day
    since = day - state.last_prize_day
    if since < rules.sour_after_days or (since - rules.sour_after_days) % rules.sour_every_days:
        return []
    state.morale = max(0, state.morale - 1)
    events = [Event("morale", day, {"morale": state.morale, "why": "no prize"})]
    if state.morale == 0:
        return events + mutiny(state, rules)
    if state.morale <= rules.near_mutiny:
        events.append(Event("near_mutiny", day, {"morale": state.morale, "stop": True}))
    return events


def mutiny(state: VoyageState, rules: VoyageRules) -> list[Event]:
    """A hand of note hanged as a ringleader or gone at the next landfall with his cards, or
    with nobody of note aboard the strongroom broken open and 30% of the gold gone. Afterwards
    morale is 4 and the clock starts again."""
    day = state.day
    state.tally["mutinies"] += 1
    detail: dict[str, object] = {"stop": True}
    aboard = [h for h in state.crew if h != state.mutineer]
    if aboard:
        pick, state.rng = below(state.rng, len(aboard))
        hand = aboard[pick]
        hanged, state.rng = below(state.rng, 2)
        if hanged:
            state.crew.remove(hand)
            detail.update(hand=hand, fate="hanged as a ringleader")
        else:
            state.mutineer = hand
            detail.update(hand=hand, fate="deserts at the next landfall")
    else:
        lost = state.gold * rules.mutiny_gold_per_mille // 1000
        state.gold -= lost
        detail.update(gold_lost=lost, fate="the strongroom broken open")
    state.morale = rules.morale_after_mutiny
    state.last_prize_day = day
    return [Event("mutiny", day, detail)]


def wages(world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules) -> list[Event]:
    """Every 60 days each hand of note is paid from the purse; short of it, morale -2. By
    rules with `wages_wherever` the day itself pays them (game.sail), wherever she is."""
    if not rules.wages or not state.crew or state.day % rules.wage_days:
        return []
    due = sum(rules.wage_gold[h] for h in state.crew)
    if state.gold >= due:
        state.gold -= due
        return [Event("wages", state.day, {"paid": due, "gold": state.gold})]
    state.morale = max(0, state.morale - rules.wage_short_morale)
    events = [
        Event(
            "wages_short",
            state.day,
            {"due": due, "gold": state.gold, "morale": state.morale, "stop": True},
        )
    ]
    if state.morale == 0:
        events += mutiny(state, rules)
    return events


# --- omens and storms -------------------------------------------------------------------------

OMENS = (
    "birds over the bow",
    "a spring on an island",
    "Saint Elmo's fire",
    "porpoises under the bow",
)


def omen(world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules) -> list[Event]:
    state.morale = min(rules.morale_max, state.morale + rules.omen_morale)
    state.tally["omens"] += 1
    which, state.rng = below(state.rng, len(OMENS))
    return [Event("omen", state.day, {"omen": OMENS[which], "morale": state.morale})]


def storm(world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules) -> list[Event]:
    """A storm: the captain is asked how to meet it, or (the rules before dilemmas) it takes
    its own toll."""
    state.tally["storms"] += 1
    if rules.dilemmas:
        return ask(state, rules, "storm")
    return storm_takes_toll(state, rules)


def _omen_odds(world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules) -> int:
    return rules.omen_days


def _storm_odds(world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules) -> int:
    return storm_odds(world, state, rules, season_of(wrules, state.day))


SEA_EVENTS.add(SeaEvent("land_sighted", land_sighted))
SEA_EVENTS.add(SeaEvent("at_anchor", at_anchor))
SEA_EVENTS.add(SeaEvent("morale", morale_day))


def _wages_at_sea(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> list[Event]:
    """Wages as engines before voyage-4 paid them: only on a day at sea (see `wages`)."""
    return [] if rules.wages_wherever else wages(world, state, rules, wrules)


SEA_EVENTS.add(SeaEvent("wages", _wages_at_sea))
SEA_EVENTS.add(SeaEvent("omen", omen, odds=_omen_odds, quiet_days_only=True))
SEA_EVENTS.add(SeaEvent("storm", storm, odds=_storm_odds, quiet_days_only=True))
# by rules with fort fire: a hostile fort's shot, in the water under its guns (shore.py)
SEA_EVENTS.add(SeaEvent("fort_fire", fort_fire, quiet_days_only=True))
