"""Events at sea (seed 000, "Events at sea", "Uncharted islands"), once a day while nobody is
fighting: the crew's morale and mutiny, wages, good omens, storms, new land sighted and the
anchorage off a charted island.
"""

from __future__ import annotations

from ..events import Event
from ..rng import below
from ..world.game import season_of
from ..world.rules import WorldRules
from ..world.world import World
from .course import nearby
from .dilemmas import ask
from .rules import VoyageRules
from .state import VoyageState

OMENS = (
    "birds over the bow",
    "a spring on an island",
    "Saint Elmo's fire",
    "porpoises under the bow",
)
ANTILLES = (-90.0, 9.0, -58.0, 28.0)  # the hurricane waters (W, S, E, N): chosen
INDIAN_SEAS = (40.0, -10.0, 100.0, 25.0)  # the monsoon's seas: chosen
AUTUMN, SUMMER = 2, 1


def _roll(state: VoyageState, per: int) -> bool:
    value, state.rng = below(state.rng, per)
    return value == 0


def _inside(lon: float, lat: float, box: tuple[float, float, float, float]) -> bool:
    west, south, east, north = box
    return west <= lon <= east and south <= lat <= north


def storm_odds(world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules) -> int:
    """One day in how many a storm blows here and now."""
    lon, lat = float(world.lon[state.node]), float(world.lat[state.node])
    season = season_of(wrules, state.day)
    days = rules.storm_days
    if (season == AUTUMN and _inside(lon, lat, ANTILLES)) or (
        season == SUMMER and _inside(lon, lat, INDIAN_SEAS)
    ):
        days //= rules.storm_season_factor
    if abs(lat) > rules.storm_high_latitude:
        days //= 2
    return max(1, days)


def morale_day(state: VoyageState, rules: VoyageRules) -> list[Event]:
    """The crew sour from 30 days after the last prize, a point every 10 days; at nothing it
    is mutiny: a hand of note hanged as a ringleader or gone at the next landfall with his
    cards, or with nobody of note aboard the strongroom broken open and 30% of the gold gone.
    Afterwards morale is 4 and the clock starts again."""
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


def wages(state: VoyageState, rules: VoyageRules) -> list[Event]:
    """Every 60 days each hand of note is paid from the purse; short of it, morale -2."""
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


def at_sea_day(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> list[Event]:
    """A day at sea: new land, the anchorage, morale, wages, an omen, a storm."""
    day = state.day
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
                day,
                {"node": island, "paid": wrules.island_charting_pay, "stop": True},
            )
        )
        if rules.dilemmas and _roll(state, max(1, 1000 // max(1, rules.castaway_per_mille))):
            events += ask(state, rules, "castaway")
    if any(c and n == state.node for n, c in zip(ws.islands, ws.charted, strict=True)):
        state.hull = min(state.max_hull(), state.hull + rules.anchor_mend)
        state.morale = min(rules.morale_max, state.morale + rules.anchor_morale)
        events.append(Event("at_anchor", day, {"hull": state.hull, "morale": state.morale}))
    events += morale_day(state, rules)
    events += wages(state, rules)
    if state.pending:
        return events
    if _roll(state, rules.omen_days):
        state.morale = min(rules.morale_max, state.morale + rules.omen_morale)
        state.tally["omens"] += 1
        which, state.rng = below(state.rng, len(OMENS))
        events.append(Event("omen", day, {"omen": OMENS[which], "morale": state.morale}))
    if _roll(state, storm_odds(world, state, rules, wrules)):
        state.tally["storms"] += 1
        if rules.dilemmas:
            events += ask(state, rules, "storm")
        else:
            events += storm_toll(state, rules)
    return events


def storm_toll(state: VoyageState, rules: VoyageRules) -> list[Event]:
    """A storm that takes its own toll (the rules before dilemmas): 1 to 3 hull, or, half the
    time, a fifth of the purse."""
    day = state.day
    which, state.rng = below(state.rng, 2)
    if which and state.gold > 0:
        lost = max(1, state.gold * rules.storm_gold_per_mille // 1000)
        state.gold -= lost
        return [Event("storm", day, {"gold_lost": lost, "gold": state.gold, "stop": True})]
    loss, state.rng = below(state.rng, rules.storm_hull_max)
    state.hull = max(0, state.hull - (loss + 1))
    events = [Event("storm", day, {"hull_lost": loss + 1, "hull": state.hull, "stop": True})]
    if state.hull == 0:
        state.outcome, state.cause = "sunk", "storm"
        events.append(Event("sunk", day, {"by": "storm", "node": state.node, "stop": True}))
    return events
