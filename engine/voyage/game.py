"""The voyage as a game (the Privateer design document, "playing"): a privateer out of Plymouth in a
pinnace with 20 gold; bring 150 home to London and the run is won; sink and it is over.

`VoyageGame` plays it by the one protocol (engine/protocol.py): bound to a World and its rules,
it opens a run from a seed, lists the legal actions, acts, and says how it ended. Actions are
typed (engine/voyage/actions.py) and round-trip through short text ("sail", "course 1234",
"keep 0 2", ...), so a run's actions log as text and replay exactly. Time passes only by
sailing: a day of the world, your ship a step along her course (or a day in port). The world
waits while something is pending (engine/voyage/pending.py): a ship alongside, a fight, a
prize's cards, a question.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

from ..errors import SaveError
from ..events import Event
from ..fight.encounter import Keep
from ..fight.encounter import act as play_card
from ..fight.encounter import legal_actions as fight_actions
from ..fight.encounter import observe as fight_view
from ..fight.ships import CREW, KIND_INDEX, SHIPS, UPGRADES
from ..protocol import Game, Outcome, Tally
from ..rng import seed_state
from ..world import wars
from ..world.game import advance, create_world, season_of
from ..world.routes import high_seas
from ..world.rules import WorldRules, find_world_rules
from ..world.rumors import Rumor, alive, describe, strength
from ..world.world import World
from . import circuit, letters, renown
from . import port as harbour
from .actions import (
    Attack,
    Berth,
    Bribe,
    BuyRound,
    BuyShip,
    Choose,
    Course,
    Hire,
    IllegalVoyageAction,
    KeepCards,
    LetPass,
    Pardon,
    Provisions,
    Raid,
    Reading,
    Repair,
    Sail,
    Strike,
    TakePrize,
    Upgrade,
    VoyageAction,
)
from .captives import raid_is_news
from .course import look_out, next_step
from .dilemmas import answer, options
from .fights import begin_fight, strike_cards
from .islanders import can_take_provisions, islanders_port
from .late import LateState
from .location import location
from .meet import attack, settle_fight
from .pending import Engagement, Meeting, PrizeOffer, Question
from .reachable import check_reachable
from .rules import LEGACY_RULESETS, VoyageRules, find_voyage_rules
from .scout import read_ship
from .sea_events import at_sea_day, wages
from .sheet import ship_sheet
from .shore import keel_refusal
from .sighting import (
    describe_ship,
    hostile_in_sight,
    in_sight,
    meeting,
    sightings,
    target_of,
)
from .state import VoyageState

ENGINE_VERSION = "voyage-13"
"""voyage-2: the late game (renown, the home stretch, captives, the lookout, letters of marque);
voyage-3: `classic` in the world balanced for the seed's outcomes (world rules `balanced`);
voyage-4: every ruleset in the century's world with the shore in play, wages every 60 days
wherever she is, a round's cheer every visit; voyage-5: an enemy privateer better found for your
renown, as a warship is; voyage-6: an open town's walls of its own, so a raid's end is the
shuffle's (rules.py's `town_walls`); voyage-7: the first letter of marque pays 20, not 30
(rules.py's `letter_reward`); voyage-8: the crew's shares are of the prize that brought the
question, and without dilemmas a crew that would have asked sours in silence (rules.py's
`shares_of_prize`, `crew_sours`); voyage-9: the second letter of marque is due in 200 days, not
270, and a missed deadline's grace is 45 days, not 90 (rules.py's `letter_days`,
`letter_extension_days`); voyage-10: on the home stretch the Barbary corsairs come for you with
the privateers, whatever the range (rules.py's `home_stretch_corsairs`); voyage-11: `classic`'s
enemy privateers pay no bounty (rules.py's `CLASSIC_FIGHT`); voyage-12: the captain bots stand
off and come back in to a port they lie off (a town they raided, from the boats; a yard across
the water from it), where they had lain for good: the rules are voyage-11's, and the version
keeps studies of the bots before apart (a study's points are kept by engine version); voyage-13:
`classic`'s brigantine costs 58 gold, not 45 (rules.py's `CLASSIC_SHIP_GOLD`), so a poorer town
is the seed's cliff. An earlier run replays and resumes under the rules it was played by
(`LEGACY_RULESETS`): a voyage-1 run with every rule of voyage-2 beyond them switched off, a
voyage-2 `classic` in the seed's first world, a voyage-3 run in the seed's first world with the
shore off, a voyage-4 run meeting privateers as their kind is, a voyage-5 run raiding the card
engine's open town, a voyage-6 run paid 30 for its first letter, a voyage-7 run paying shares
out of the purse, a voyage-8 run given 270 days for its second letter and 90 of grace, a
voyage-9 run met by no corsair on its home stretch, a voyage-10 `classic` run paid a bounty for
a privateer, a voyage-11 or voyage-12 `classic` run buying its brigantine for 45."""
ACCEPTED_VERSIONS = (*LEGACY_RULESETS, ENGINE_VERSION)  # every engine's runs this one plays


class VoyageEnd(Enum):
    WON = "won"  # home to London with the score
    SUNK = "sunk"
    OUT_OF_TIME = "out_of_time"  # afloat on the run's last day


def create_voyage(
    world: World,
    seed: int,
    rules: VoyageRules | None = None,
    wrules: WorldRules | None = None,
    days: int | None = None,
) -> tuple[VoyageState, list[Event]]:
    """Day 0: the world as a run from `seed` opens it (by `wrules`, the world's rules the
    voyage's rules name by default), and you in Plymouth in a pinnace. The run lasts `days`
    (the rules' figure by default) unless it is won or sunk first."""
    rules = rules or find_voyage_rules("full")
    wrules = wrules or find_world_rules(rules.world_rules)
    ws, events = create_world(world, seed, wrules)
    by_name = world.port_by_name
    if rules.start_port not in by_name or rules.home_port not in by_name:
        raise ValueError(f"this world has no {rules.start_port} or no {rules.home_port}")
    start = by_name[rules.start_port]
    port = world.ports.index(start)
    state = VoyageState(
        rules=rules.name,
        seed=seed,
        world=ws,
        rng=seed_state(seed ^ 0x0B0A7),
        ship=rules.start_ship,
        crew=[],
        upgrades=[],
        prizes=[],
        struck=[],
        hull=SHIPS[rules.start_ship].hull,
        gold=rules.start_gold,
        morale=rules.morale_start,
        node=start.node,
        port=port,
        course=-1,
        last_prize_day=0,
        mutineer="",
        provisions_day=-1,
        round_port=-1,
        raided_natives=[],
        let_pass=[],
        rumors=[],
        last_day=rules.days if days is None else days,
        late=LateState() if rules.late_game else None,
    )
    look_out(world, state, 0, rules)
    events.append(
        Event(
            "voyage_start",
            0,
            {
                "seed": seed,
                "rules": rules.name,
                "port": start.name,
                "ship": state.ship,
                "gold": state.gold,
                "node": state.node,
            },
        )
    )
    if rules.letters:
        events += letters.issue(world, state, rules, 1)
    if rules.circuit:
        events += circuit.begin(world, state, rules)
    return state, events


def voyage_rules(state: VoyageState) -> VoyageRules:
    return find_voyage_rules(state.rules)


def world_rules(state: VoyageState) -> WorldRules:
    return find_world_rules(state.world.rules)


# --- what may be done now -------------------------------------------------------------------


def legal_actions(
    world: World,
    state: VoyageState,
    rules: VoyageRules | None = None,
    wrules: WorldRules | None = None,
) -> list[VoyageAction]:
    """Every action open now, in a fixed order, each once. A course may be set to any node
    of the sea; the list offers the ports' nodes (once a node, where two ports share one)."""
    if state.over:
        return []
    rules = rules or voyage_rules(state)
    pending = state.pending
    if isinstance(pending, Engagement):
        assert state.fight is not None
        return [KeepCards(k.first, k.second) for k in fight_actions(state.fight)]
    if isinstance(pending, Meeting):
        return [Attack(), LetPass()]
    if isinstance(pending, PrizeOffer):
        return [*(TakePrize(c) for c in pending.cards), TakePrize(None)]
    if isinstance(pending, Question):
        return [Choose(i) for i, o in enumerate(options(state, rules)) if o.barred is None]
    out: list[VoyageAction] = [Sail()]
    ports = dict.fromkeys(p.node for p in world.ports if p.node != state.node)
    out += [Course(node) for node in ports]
    if state.port >= 0:
        out += [
            Berth(i) for i, p in enumerate(world.ports) if p.node == state.node and i != state.port
        ]
        out += port_actions(world, state, rules, wrules or world_rules(state))
    return out


def port_actions(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> list[VoyageAction]:
    """What the port offers you now: a raid, the islanders' provisions, the pardon and bribes,
    the bar and the yard."""
    out: list[VoyageAction] = []
    port = state.port
    p = world.ports[port]
    ws = state.world
    if harbour.raid_refusal(world, state, rules, wrules, port) is None:
        out.append(Raid())
    if islanders_port(world, rules, port):
        if can_take_provisions(state, rules) is None:
            out.append(Provisions())
        return out
    england_pirate = p.nation == world.nation("england") and bool(ws.pirate)
    if england_pirate and state.gold >= rules.pardon_gold:
        out.append(Pardon())
    if harbour.refusal(world, state, rules, port) is not None:
        cost = harbour.bribe_cost(state, rules, p.nation)
        if ws.standing[p.nation] < 0 and not england_pirate and 0 < cost <= state.gold:
            out.append(Bribe())
        return out
    if state.gold >= rules.round_gold:
        out.append(BuyRound())
    out += [Hire(h) for h in CREW if harbour.can_hire(state, rules, h) is None]
    missing = state.max_hull() - state.hull
    affordable = min(missing, state.gold // rules.repair_gold)
    if affordable > 0:
        out.append(Repair(affordable))
    out += [Upgrade(u) for u in UPGRADES if harbour.can_upgrade(state, rules, u) is None]
    out += [
        BuyShip(s)
        for s in harbour.ships_for_sale(world, state, rules)
        if state.gold >= rules.ship_gold[s]
    ]
    deck = state.outfit().deck()
    names = sorted({key for key, index in KIND_INDEX.items() if index in deck})
    out += [Strike(k) for k in names if harbour.can_strike(state, rules, k) is None]
    return out


# --- doing it -------------------------------------------------------------------------------


def act(
    world: World,
    state: VoyageState,
    action: VoyageAction,
    rules: VoyageRules | None = None,
    wrules: WorldRules | None = None,
) -> list[Event]:
    """Do `action`; the events of what happened. An action not open now raises
    IllegalVoyageAction and changes nothing."""
    if state.over:
        raise IllegalVoyageAction(f"the voyage is over ({state.outcome})")
    rules = rules or voyage_rules(state)
    wrules = wrules or world_rules(state)
    pending = state.pending
    if pending is not None:
        return _ANSWERS[type(pending)](world, state, rules, wrules, action)
    if isinstance(action, Sail):
        return sail(world, state, rules, wrules)
    if isinstance(action, Course):
        return _course(world, state, rules, action.node)
    deal = _IN_PORT.get(type(action))
    if state.port < 0:
        raise IllegalVoyageAction(f"{action.to_str()!r}: only in port (at sea: sail, course)")
    if deal is None:
        raise IllegalVoyageAction(f"{action.to_str()!r} is not open here")
    if isinstance(action, Berth):  # across the harbour to another port on the same water
        if action not in legal_actions(world, state, rules, wrules):
            raise IllegalVoyageAction("berth I: another port at this same anchorage")
    elif isinstance(action, Repair):  # any number of points up to what is missing and affordable
        most = min(state.max_hull() - state.hull, state.gold // rules.repair_gold)
        if not 1 <= action.points <= most or harbour.refusal(world, state, rules, state.port):
            raise IllegalVoyageAction(_why_not(world, state, rules, wrules, action))
    elif action not in port_actions(world, state, rules, wrules):
        raise IllegalVoyageAction(_why_not(world, state, rules, wrules, action))
    return deal(world, state, rules, wrules, action)


Deal = Callable[[World, VoyageState, VoyageRules, WorldRules, Any], list[Event]]


def _pardon(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, action: Pardon
) -> list[Event]:
    return harbour.pardon(world, state, rules) + harbour.check_won(world, state, rules)


_IN_PORT: dict[type[VoyageAction], Deal] = {
    Berth: lambda w, s, r, wr, a: harbour.enter_port(w, s, r, wr, a.port),
    BuyRound: lambda w, s, r, wr, a: harbour.buy_round(w, s, r, wr),
    Hire: lambda w, s, r, wr, a: harbour.hire(s, r, a.hand),
    Repair: lambda w, s, r, wr, a: harbour.repair(s, r, a.points),
    Upgrade: lambda w, s, r, wr, a: harbour.upgrade(s, r, a.refit),
    BuyShip: lambda w, s, r, wr, a: harbour.buy_ship(s, r, a.ship),
    Strike: lambda w, s, r, wr, a: harbour.strike(s, r, a.card),
    Bribe: lambda w, s, r, wr, a: harbour.bribe(w, s, r),
    Pardon: _pardon,
    Provisions: lambda w, s, r, wr, a: harbour.provisions(s, r),
    Raid: lambda w, s, r, wr, a: harbour.raid(w, s, r, wr),
}
"""What each port action does (checked first against what the port offers)."""


def _why_not(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, action: VoyageAction
) -> str:
    port = state.port
    refused = harbour.refusal(world, state, rules, port)
    if isinstance(action, Raid):
        return harbour.raid_refusal(world, state, rules, wrules, port) or "no raid"
    if isinstance(action, BuyRound | Hire | Repair | Upgrade | BuyShip | Strike) and refused:
        return refused
    if isinstance(action, Hire):
        return harbour.can_hire(state, rules, action.hand) or "not now"
    if isinstance(action, Upgrade):
        return harbour.can_upgrade(state, rules, action.refit) or "not now"
    if isinstance(action, Strike):
        return harbour.can_strike(state, rules, action.card) or "not now"
    if isinstance(action, Repair):
        most = min(state.max_hull() - state.hull, state.gold // rules.repair_gold)
        return (
            f"repair 1 to {most} (a gold a point, up to full hull)"
            if most
            else "nothing to mend, or no gold"
        )
    if isinstance(action, BuyShip):
        return "not sold here, or not enough gold"
    if isinstance(action, BuyRound):
        return "not enough gold"
    return f"{action.verb!r} is not open here"


def _course(world: World, state: VoyageState, rules: VoyageRules, node: int) -> list[Event]:
    if not 0 <= node < world.n:
        raise IllegalVoyageAction(f"no node {node}")
    if node != state.node and world.hops_from([node])[state.node] < 0:
        raise IllegalVoyageAction(f"no way by sea to node {node}")
    refused = keel_refusal(world, state, rules, node) if rules.banks else None
    if refused is not None:
        raise IllegalVoyageAction(refused)
    state.course = -1 if node == state.node else node
    return [Event("course", state.day, {"to": node, "from": state.node})]


# --- answering what waits ---------------------------------------------------------------------

FIGHT_USAGE = "in a fight: keep I J (two of the hand, 0-2, in order)"


def _keep(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, action: VoyageAction
) -> list[Event]:
    fight = state.fight
    assert fight is not None
    if not isinstance(action, KeepCards):
        raise IllegalVoyageAction(FIGHT_USAGE)
    keep = Keep(action.first, action.second)
    if keep not in fight_actions(fight):
        raise IllegalVoyageAction(FIGHT_USAGE)
    events = play_card(fight, keep)  # a card's events keep the fight's round
    if fight.result is not None:
        events += settle_fight(world, state, rules, wrules)
    return events


def _meet(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, action: VoyageAction
) -> list[Event]:
    alongside = state.pending
    assert isinstance(alongside, Meeting)
    if isinstance(action, Attack):
        state.pending = None
        return attack(world, state, rules, wrules, alongside.ship)
    if isinstance(action, LetPass):
        state.pending = None
        state.let_pass.append([alongside.ship, state.day + rules.let_pass_days])
        return [Event("let_pass", state.day, {"ship": alongside.ship})]
    raise IllegalVoyageAction("a ship is alongside: attack or pass")


def _prize(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, action: VoyageAction
) -> list[Event]:
    offer = state.pending
    assert isinstance(offer, PrizeOffer)
    if not isinstance(action, TakePrize) or (
        action.card is not None and action.card not in offer.cards
    ):
        raise IllegalVoyageAction(
            "a prize's cards: prize CARD (one of " + ", ".join(offer.cards) + ") or prize none"
        )
    state.pending = None
    if action.card is None:
        return [Event("prize_left", state.day, {"cards": list(offer.cards)})]
    state.prizes.append(action.card)
    return [Event("prize_kept", state.day, {"card": action.card})]


def _choose(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, action: VoyageAction
) -> list[Event]:
    offered = options(state, rules)
    if not isinstance(action, Choose) or not 0 <= action.option < len(offered):
        raise IllegalVoyageAction(f"choose 0-{len(offered) - 1}")
    barred = offered[action.option].barred
    if barred is not None:
        raise IllegalVoyageAction(f"barred: {barred}")
    return answer(world, state, rules, wrules, action.option)


_ANSWERS: dict[type, Deal] = {
    Engagement: _keep,
    Meeting: _meet,
    PrizeOffer: _prize,
    Question: _choose,
}
"""How each thing the world waits on is answered."""


# --- a day --------------------------------------------------------------------------------


def sail(world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules) -> list[Event]:
    """A day: your ship a step along her course (leaving port if she is in one and bound
    away), the world a day on (its hunters hearing what your name has carried: renown, the
    home stretch), then what the day brings: a ship that meets you, arrival, events at sea.
    Events that should stop a captain sailing on carry "stop"."""
    ws = state.world
    events: list[Event] = renown.word_out(state, rules)
    was = state.node
    if state.course >= 0 and state.course != state.node:
        if state.port >= 0:
            events.append(Event("left_port", ws.day, {"port": world.ports[state.port].name}))
            state.port = -1
            if rules.round_every_visit:
                state.round_port = -1  # the next port's first round cheers them, even this one's
        state.node = next_step(world, state, season_of(wrules, ws.day), rules)
    before = list(ws.ships["node"])
    at_sea = state.port < 0
    orders = {
        "player_node": state.node if at_sea else -1,
        "leave_be": [ship for ship, until in state.let_pass if until > ws.day],
    }
    if state.late is not None:
        orders.update(renown.orders(state, rules))
    world_events = advance(world, ws, orders, rules=wrules)
    day = ws.day
    for e in world_events:
        data = dict(e.data) if isinstance(e.data, dict) else e.data
        if e.kind == "war" and "england" in data["nations"]:
            data["stop"] = True  # a war declared on England: news worth heaving to for
        elif e.kind == "corsair_raid" and raid_is_news(rules, data):
            data["stop"] = True  # an English town stripped for captives
        events.append(Event(e.kind, day, data))
    if at_sea:
        state.tally["days_at_sea"] += 1
        events.append(Event("sailed", day, {"node": state.node}))
    if rules.wages_wherever:  # "every 60 days", in port or at sea, whatever else comes
        events += wages(world, state, rules, wrules)
    state.let_pass = [p for p in state.let_pass if p[1] > day]
    state.rumors = [r for r in state.rumors if rumor_kept(Rumor.from_list(r), day, wrules)]
    look_out(world, state, season_of(wrules, day), rules)
    if state.circuit is not None:  # before she makes port: his last place is home
        events += circuit.touch(world, state, rules)
    if rules.letters:
        events += letters.letter_day(world, state, rules, wrules)
    if at_sea:
        events += _at_sea(world, state, rules, wrules, before, was)
    if not state.over and day >= state.last_day:
        state.outcome = "out_of_time"
        events.append(Event("out_of_time", day, {"gold": state.gold, "stop": True}))
    return events


def _at_sea(
    world: World,
    state: VoyageState,
    rules: VoyageRules,
    wrules: WorldRules,
    before: list[int],
    was: int,
) -> list[Event]:
    """The day's end at sea: a ship meets her, or she arrives, then the sea's events, then
    hostile sails newly in sight."""
    day = state.day
    events: list[Event] = []
    ship = meeting(world, state, before, was)
    if ship >= 0:
        events += _alongside(world, state, rules, ship)
    elif state.course >= 0 and state.node == state.course:
        state.course = -1
        events.append(Event("arrived", day, {"node": state.node, "stop": True}))
        port = _port_at(world, state.node)
        if port >= 0:
            events += harbour.enter_port(world, state, rules, wrules, port)
    if state.pending is None and not state.over and state.port < 0:
        events += at_sea_day(world, state, rules, wrules)
    if not state.over and state.pending is None and state.port < 0:
        sails = hostile_in_sight(world, state, rules, before, was)
        how: list[dict[str, Any]] = [{} for _ in sails]
        if sails and rules.lookout:  # how far off, and whether she is bearing down
            how = sightings(world, state, rules, sails, season_of(wrules, day), high_seas(wrules))
        events += [
            Event("hostile_in_sight", day, {**describe_ship(world, state, s), **h, "stop": True})
            for s, h in zip(sails, how, strict=True)
        ]
    return events


def rumor_kept(rumor: Rumor, day: int, wrules: WorldRules) -> bool:
    """A rumor stays while its marker lasts; the Admiralty's word till fresher word comes."""
    return rumor.source == letters.ADMIRALTY or alive(rumor, day, wrules)


def _port_at(world: World, node: int) -> int:
    for i, p in enumerate(world.ports):
        if p.node == node:
            return i
    return -1


def _alongside(world: World, state: VoyageState, rules: VoyageRules, ship: int) -> list[Event]:
    day = state.day
    seen = describe_ship(world, state, ship)
    if rules.lookout:
        seen["read"] = read_ship(world, state, rules, ship)
    if seen["hostile"]:
        target = target_of(state, ship)
        return [
            Event("attacked", day, {**seen, "stop": True}),
            *begin_fight(
                world,
                state,
                rules,
                target,
                ship=ship,
                fired_first=False,
                why="she attacked",
                walls=renown.hull_bonus(world, state, rules, ship),
                strikes=strike_cards(rules, target),
            ),
        ]
    state.pending = Meeting(ship)
    return [Event("alongside", day, {**seen, "stop": True})]


# --- what you see ---------------------------------------------------------------------------


def observe(
    world: World,
    state: VoyageState,
    rules: VoyageRules | None = None,
    wrules: WorldRules | None = None,
) -> dict[str, Any]:
    """What the captain sees: the ship sheet, where she is and is bound (and the location
    panel: whose waters, which strait, bank or river mouth, a fort's guns, an anchorage, the
    named sea), what is in sight, the rumors she holds (their markers' strength), politics
    (with your name, in the late game), her letters of marque and Drake's circuit (by rules
    with them), what waits on her, and a fight's cards and hulls while one is on."""
    rules = rules or voyage_rules(state)
    wrules = wrules or world_rules(state)
    ws = state.world
    day = ws.day
    england = world.nation("england")
    out: dict[str, Any] = {
        "day": day,
        "season": season_of(wrules, day),
        "node": state.node,
        "lon": round(float(world.lon[state.node]), 3),
        "lat": round(float(world.lat[state.node]), 3),
        "port": world.ports[state.port].name if state.port >= 0 else None,
        "course": state.course if state.course >= 0 else None,
        "sheet": ship_sheet(state, rules),
        "in_sight": _in_sight(world, state, rules, wrules, season_of(wrules, day)),
        "rumors": [
            {**describe(world, r, day), "marker": round(strength(r, day, wrules) / 1000, 3)}
            for r in (Rumor.from_list(x) for x in state.rumors)
        ],
        "politics": {
            "at_war_with_england": [
                world.nations[n] for n in range(len(world.nations)) if wars.at_war(ws, n, england)
            ],
            "standing": {world.nations[i]: v for i, v in enumerate(ws.standing) if v},
            "strain": {world.nations[i]: v for i, v in enumerate(ws.strain) if v},
            "pirate": bool(ws.pirate),
            "wars": [[world.nations[a], world.nations[b]] for a, b in ws.wars],
        },
        "pending": state.pending.to_dict() if state.pending is not None else {},
        "outcome": state.outcome or None,
        "location": location(world, state, rules),
    }
    if state.late is not None and (rules.renown or rules.home_stretch):
        out["politics"]["name"] = renown.name_sheet(state, rules)
    if state.late is not None and rules.letters:
        out["letters"] = letters.letter_sheet(world, state)
    if state.circuit is not None:
        out["circuit"] = circuit.circuit_sheet(world, state)
    if state.port >= 0:
        out["port_sheet"] = harbour.port_sheet(world, state, rules, wrules)
    if isinstance(state.pending, Question):
        out["options"] = _options_seen(state, rules)
    if state.fight is not None:
        out["fight"] = fight_view(state.fight)
    return out


def _options_seen(state: VoyageState, rules: VoyageRules) -> list[dict[str, Any]]:
    """The question's options as observe() shows them (none when no question waits)."""
    if not isinstance(state.pending, Question):
        return []
    return [o.as_dict() for o in options(state, rules)]


def _in_sight(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, season: int
) -> list[dict[str, Any]]:
    """The ships her lookout sees; with the lookout rule, each with how far off she is,
    whether she is bearing down, and the read of her."""
    ships = in_sight(world, state, rules)
    seen = [describe_ship(world, state, s) for s in ships]
    if not rules.lookout:
        return seen
    how = sightings(world, state, rules, ships, season, high_seas(wrules))
    return [
        {**d, **h, "read": read_ship(world, state, rules, s)}
        for s, d, h in zip(ships, seen, how, strict=True)
    ]


# --- the protocol ---------------------------------------------------------------------------


class VoyageGame(Game[VoyageState, VoyageAction]):
    """The voyage by the one protocol, on `world` by `rules` (the full rules by default) in
    the living world's `wrules` (those the rules name, by default) for `days` days (the
    rules' own, by default)."""

    mode = "voyage"

    def __init__(
        self,
        world: World,
        rules: VoyageRules | None = None,
        wrules: WorldRules | None = None,
        days: int | None = None,
    ) -> None:
        self.world = world
        self.rules = rules or find_voyage_rules("full")
        self.wrules = wrules or find_world_rules(self.rules.world_rules)
        self.days = self.rules.days if days is None else days

    def new_initial_state(self, seed: int) -> tuple[VoyageState, list[Event]]:
        return create_voyage(self.world, seed, self.rules, self.wrules, self.days)

    def legal_actions(self, state: VoyageState) -> list[VoyageAction]:
        return legal_actions(self.world, state, self.rules, self.wrules)

    def act(self, state: VoyageState, action: VoyageAction) -> list[Event]:
        return act(self.world, state, action, self.rules, self.wrules)

    def outcome(self, state: VoyageState) -> Outcome | None:
        if not state.over:
            return None
        end = VoyageEnd(state.outcome)
        return Outcome(end, 0 if end is VoyageEnd.WON else None)

    def observe(self, state: VoyageState, side: int = 0) -> dict[str, Any]:
        return observe(self.world, state, self.rules, self.wrules)

    def parse_action(self, text: str) -> VoyageAction:
        return VoyageAction.from_str(text)

    def reading(self, state: VoyageState, place: Callable[[int], str]) -> Reading:
        """What the actions' words are read from now (VoyageAction.said), a node named by
        `place` as the front end's screen names it: the bribe's cost in port, and the question's
        options as observe() gives them."""
        rules, here = self.rules, state.port
        bribe = harbour.bribe_cost(state, rules, self.world.ports[here].nation) if here >= 0 else 0
        return Reading(state, rules, self.world, place, bribe, _options_seen(state, rules))

    def clock(self, state: VoyageState) -> int:
        return state.day

    def tally(self, state: VoyageState, side: int = 0) -> Tally:
        """Her days, her gold (the score) and her ship."""
        return Tally(None, state.day, state.gold, None, state.ship)

    def checkpoint_due(
        self, state: VoyageState, action: VoyageAction, clock_before: int, played: int
    ) -> bool:
        """When a `checkpoint_days` day has just come, and when the voyage ends."""
        day = state.day
        return state.over or (day != clock_before and day % self.rules.checkpoint_days == 0)

    def serialise(self, state: VoyageState) -> dict[str, Any]:
        return state.to_dict()

    def deserialise(self, data: Any) -> VoyageState:
        """A saved voyage, checked to its last field against this World and a state these
        rules reach."""
        return self.checked(VoyageState.from_dict(data, self.world))

    def checked(self, state: VoyageState) -> VoyageState:
        """A voyage read from a save, checked for what only the game knows: a state its rules
        and length reach (engine/voyage/reachable.py)."""
        self.check_reachable(state)
        return state

    def check_reachable(self, state: VoyageState) -> None:
        try:
            check_reachable(self.world, self.rules, self.wrules, self.days, state)
        except SaveError as error:
            raise SaveError(f"not a voyage: {error}") from None
