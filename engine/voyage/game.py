"""The voyage as a game (seed 000, "playing"): a privateer out of Plymouth in a pinnace with
20 gold; bring 150 home to London and the run is won; sink and it is over.

The API has a game library's shape: `create_voyage(world, seed, rules)`, `legal_actions`,
`act(world, state, action) -> events`, `observe`. An action is a short string ("sail",
"course 1234", "round", "hire pilot", "keep 0 2", ...), so a run's actions log as they are and
replay exactly. Time passes only by "sail": a day of the world, your ship a step along her
course (or a day in port). The world waits while something is pending: a ship alongside, a
fight, a prize's cards, a question.
"""

from __future__ import annotations

from typing import Any

from ..combat.encounter import Keep
from ..combat.encounter import act as play_card
from ..combat.encounter import legal_actions as fight_actions
from ..combat.ships import CREW, KIND_INDEX, SHIPS, UPGRADES
from ..events import Event
from ..rng import seed_state
from ..world import wars
from ..world.game import advance, create_world, season_of
from ..world.rules import SEED_000, WorldRules
from ..world.rumors import Rumor, alive
from ..world.world import World
from . import port as harbour
from .course import look_out, nearby, next_step
from .dilemmas import answer, options
from .meet import attack, describe_ship, hostile, meeting, settle_fight
from .rules import VoyageRules, find_voyage_rules
from .sea_events import at_sea_day
from .state import VoyageState

ENGINE_VERSION = "voyage-1"


class IllegalVoyageAction(ValueError):
    """An action the voyage does not allow now, with why."""


def create_voyage(
    world: World,
    seed: int,
    rules: VoyageRules | None = None,
    wrules: WorldRules = SEED_000,
    days: int | None = None,
) -> tuple[VoyageState, list[Event]]:
    """Day 0: the world as a run from `seed` opens it, and you in Plymouth in a pinnace. The
    run lasts `days` (the rules' figure by default) unless it is won or sunk first."""
    rules = rules or find_voyage_rules("full")
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
    )
    look_out(world, state, 0, rules.sight_steps)
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
    return state, events


def voyage_rules(state: VoyageState) -> VoyageRules:
    return find_voyage_rules(state.rules)


def world_rules(state: VoyageState) -> WorldRules:
    from ..world.rules import find_world_rules

    return find_world_rules(state.world.rules)


# --- what may be done now -------------------------------------------------------------------


def legal_actions(world: World, state: VoyageState) -> list[str]:
    """Every action open now. A course may be set to any node of the sea; the list offers the
    ports (`course NODE` with a port's node)."""
    if state.over:
        return []
    pending = state.pending.get("kind")
    rules = voyage_rules(state)
    if pending == "fight":
        assert state.fight is not None
        return [f"keep {k.first} {k.second}" for k in fight_actions(state.fight)]
    if pending == "meeting":
        return ["attack", "pass"]
    if pending == "prize":
        return [f"prize {c}" for c in state.pending["cards"]] + ["prize none"]
    if pending == "dilemma":
        offered = options(state, rules, state.pending["name"])
        return [f"choose {i}" for i, o in enumerate(offered) if not o["barred"]]
    out = ["sail"]
    out += [f"course {p.node}" for p in world.ports if p.node != state.node]
    if state.port >= 0:
        out += [
            f"berth {i}"
            for i, p in enumerate(world.ports)
            if p.node == state.node and i != state.port
        ]
        out += _port_actions(world, state, rules)
    return out


def _port_actions(world: World, state: VoyageState, rules: VoyageRules) -> list[str]:
    out: list[str] = []
    port = state.port
    p = world.ports[port]
    wrules = world_rules(state)
    ws = state.world
    if harbour.raid_refusal(world, state, rules, wrules, port) is None:
        out.append("raid")
    if p.native:
        if state.provisions_day != ws.day and state.gold >= rules.provisions_gold:
            out.append("provisions")
        return out
    if p.nation == world.nation("england") and ws.pirate and state.gold >= rules.pardon_gold:
        out.append("pardon")
    refused = harbour.refusal(world, state, port)
    if refused is not None:
        england_pirate = p.nation == world.nation("england") and ws.pirate
        cost = harbour.bribe_cost(state, p.nation)
        if ws.standing[p.nation] < 0 and not england_pirate and 0 < cost <= state.gold:
            out.append("bribe")
        return out
    if state.gold >= rules.round_gold:
        out.append("round")
    out += [f"hire {h}" for h in CREW if harbour.can_hire(state, rules, h) is None]
    missing = state.max_hull() - state.hull
    affordable = min(missing, state.gold // rules.repair_gold)
    if affordable > 0:
        out.append(f"repair {affordable}")
    out += [f"upgrade {u}" for u in UPGRADES if harbour.can_upgrade(state, rules, u) is None]
    out += [
        f"ship {s}"
        for s in harbour.ships_for_sale(world, state, rules)
        if state.gold >= rules.ship_gold[s]
    ]
    deck = state.outfit().deck()
    names = sorted({key for key, index in KIND_INDEX.items() if index in deck})
    out += [f"strike {k}" for k in names if harbour.can_strike(state, rules, k) is None]
    return out


# --- doing it -------------------------------------------------------------------------------


def act(world: World, state: VoyageState, action: str) -> list[Event]:
    """Do `action`; the events of what happened. An action not open now raises
    IllegalVoyageAction and changes nothing."""
    if state.over:
        raise IllegalVoyageAction(f"the voyage is over ({state.outcome})")
    rules = voyage_rules(state)
    wrules = world_rules(state)
    verb, _, rest = action.strip().partition(" ")
    pending = state.pending.get("kind")
    if pending == "fight":
        return _fight(world, state, rules, wrules, verb, rest)
    if pending == "meeting":
        ship = int(state.pending["ship"])
        if verb == "attack":
            state.pending = {}
            return attack(world, state, wrules, ship)
        if verb == "pass":
            state.pending = {}
            state.let_pass.append([ship, state.day + rules.let_pass_days])
            return [Event("let_pass", state.day, {"ship": ship})]
        raise IllegalVoyageAction("a ship is alongside: attack or pass")
    if pending == "prize":
        return _prize(state, verb, rest)
    if pending == "dilemma":
        return _answer(world, state, rules, verb, rest)
    if verb == "sail":
        if rest:
            raise IllegalVoyageAction("sail takes nothing after it")
        return sail(world, state, rules, wrules)
    if verb == "course":
        return _course(world, state, rest)
    if state.port < 0:
        raise IllegalVoyageAction(f"{action!r}: only in port (at sea: sail, course)")
    if verb == "berth":  # across the harbour to another port on the same water
        if action.strip() not in legal_actions(world, state):
            raise IllegalVoyageAction("berth I: another port at this same anchorage")
        return harbour.enter_port(world, state, rules, wrules, int(rest))
    if verb == "repair":  # any number of points up to what is missing and affordable
        most = min(state.max_hull() - state.hull, state.gold // rules.repair_gold)
        if (
            not rest.isdigit()
            or not 1 <= int(rest) <= most
            or harbour.refusal(world, state, state.port)
        ):
            raise IllegalVoyageAction(_why_not(world, state, rules, wrules, verb, rest))
    elif action.strip() not in _port_actions(world, state, rules):
        raise IllegalVoyageAction(_why_not(world, state, rules, wrules, verb, rest))
    if verb == "round":
        return harbour.buy_round(world, state, rules, wrules)
    if verb == "hire":
        return harbour.hire(state, rules, rest)
    if verb == "repair":
        return harbour.repair(state, rules, int(rest))
    if verb == "upgrade":
        return harbour.upgrade(state, rules, rest)
    if verb == "ship":
        return harbour.buy_ship(state, rules, rest)
    if verb == "strike":
        return harbour.strike(state, rules, rest)
    if verb == "bribe":
        return harbour.bribe(world, state)
    if verb == "pardon":
        return harbour.pardon(world, state, rules) + harbour.check_won(world, state, rules)
    if verb == "provisions":
        return harbour.provisions(state, rules)
    if verb == "raid":
        return harbour.raid(world, state, rules, wrules)
    raise IllegalVoyageAction(f"unknown action {action!r}")


def _why_not(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, verb: str, rest: str
) -> str:
    port = state.port
    refused = harbour.refusal(world, state, port)
    if verb == "raid":
        return harbour.raid_refusal(world, state, rules, wrules, port) or "no raid"
    if verb in ("round", "hire", "repair", "upgrade", "ship", "strike") and refused:
        return refused
    if verb == "hire":
        return harbour.can_hire(state, rules, rest) or "not now"
    if verb == "upgrade":
        return harbour.can_upgrade(state, rules, rest) or "not now"
    if verb == "strike":
        return harbour.can_strike(state, rules, rest) or "not now"
    if verb == "repair":
        most = min(state.max_hull() - state.hull, state.gold // rules.repair_gold)
        return (
            f"repair 1 to {most} (a gold a point, up to full hull)"
            if most
            else "nothing to mend, or no gold"
        )
    if verb == "ship":
        return "not sold here, or not enough gold"
    if verb == "round":
        return "not enough gold"
    return f"{verb!r} is not open here"


def _course(world: World, state: VoyageState, rest: str) -> list[Event]:
    try:
        node = int(rest)
    except ValueError:
        raise IllegalVoyageAction("course takes a node number") from None
    if not 0 <= node < world.n:
        raise IllegalVoyageAction(f"no node {node}")
    if node != state.node and world.hops_from([node])[state.node] < 0:
        raise IllegalVoyageAction(f"no way by sea to node {node}")
    state.course = -1 if node == state.node else node
    return [Event("course", state.day, {"to": node, "from": state.node})]


def _fight(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules, verb: str, rest: str
) -> list[Event]:
    fight = state.fight
    assert fight is not None
    try:
        first, second = (int(x) for x in rest.split())
        keep = Keep(first, second)
    except (ValueError, TypeError):
        raise IllegalVoyageAction("in a fight: keep I J (two of the hand, 0-2, in order)") from None
    if verb != "keep" or keep not in fight_actions(fight):
        raise IllegalVoyageAction("in a fight: keep I J (two of the hand, 0-2, in order)")
    events = play_card(fight, keep)  # a card's events keep the fight's round
    if fight.result is not None:
        events += settle_fight(world, state, rules, wrules)
    return events


def _prize(state: VoyageState, verb: str, rest: str) -> list[Event]:
    cards = state.pending["cards"]
    if verb != "prize" or (rest != "none" and rest not in cards):
        raise IllegalVoyageAction(
            "a prize's cards: prize CARD (one of " + ", ".join(cards) + ") or prize none"
        )
    state.pending = {}
    if rest == "none":
        return [Event("prize_left", state.day, {"cards": cards})]
    state.prizes.append(rest)
    return [Event("prize_kept", state.day, {"card": rest})]


def _answer(
    world: World, state: VoyageState, rules: VoyageRules, verb: str, rest: str
) -> list[Event]:
    offered = options(state, rules, state.pending["name"])
    try:
        choice = int(rest)
    except ValueError:
        choice = -1
    if verb != "choose" or not 0 <= choice < len(offered):
        raise IllegalVoyageAction(f"choose 0-{len(offered) - 1}")
    if offered[choice]["barred"]:
        raise IllegalVoyageAction(f"barred: {offered[choice]['barred']}")
    return answer(world, state, rules, choice)


# --- a day --------------------------------------------------------------------------------


def sail(world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules) -> list[Event]:
    """A day: your ship a step along her course (leaving port if she is in one and bound
    away), the world a day on, then what the day brings: a ship that meets you, arrival,
    events at sea. Events that should stop a captain sailing on carry "stop"."""
    ws = state.world
    events: list[Event] = []
    was = state.node
    if state.course >= 0 and state.course != state.node:
        if state.port >= 0:
            events.append(Event("left_port", ws.day, {"port": world.ports[state.port].name}))
            state.port = -1
        state.node = next_step(world, state, season_of(wrules, ws.day))
    before = list(ws.ships["node"])
    at_sea = state.port < 0
    orders = {
        "player_node": state.node if at_sea else -1,
        "leave_be": [ship for ship, until in state.let_pass if until > ws.day],
    }
    world_events = advance(world, ws, orders)
    day = ws.day
    for e in world_events:
        data = dict(e.data) if isinstance(e.data, dict) else e.data
        if e.kind == "war" and "england" in data["nations"]:
            data["stop"] = True  # a war declared on England: news worth heaving to for
        events.append(Event(e.kind, day, data))
    if at_sea:
        state.tally["days_at_sea"] += 1
        events.append(Event("sailed", day, {"node": state.node}))
    state.let_pass = [p for p in state.let_pass if p[1] > day]
    state.rumors = [r for r in state.rumors if alive(Rumor.from_list(r), day)]
    look_out(world, state, season_of(wrules, day), rules.sight_steps)
    if at_sea:
        ship = meeting(world, state, before, was)
        if ship >= 0:
            events += _alongside(world, state, ship)
        elif state.course >= 0 and state.node == state.course:
            state.course = -1
            events.append(Event("arrived", day, {"node": state.node, "stop": True}))
            port = _port_at(world, state.node)
            if port >= 0:
                events += harbour.enter_port(world, state, rules, wrules, port)
        if not state.pending and not state.over and state.port < 0:
            events += at_sea_day(world, state, rules, wrules)
        events += _hostile_in_sight(world, state, before, was)
    if not state.over and day >= state.last_day:
        state.outcome = "out_of_time"
        events.append(Event("out_of_time", day, {"gold": state.gold, "stop": True}))
    return events


def _port_at(world: World, node: int) -> int:
    for i, p in enumerate(world.ports):
        if p.node == node:
            return i
    return -1


def _alongside(world: World, state: VoyageState, ship: int) -> list[Event]:
    from .meet import begin_fight, target_of

    day = state.day
    seen = describe_ship(world, state, ship)
    if seen["hostile"]:
        return [
            Event("attacked", day, {**seen, "stop": True}),
            *begin_fight(
                world,
                state,
                target_of(state, ship),
                ship=ship,
                fired_first=False,
                why="she attacked",
            ),
        ]
    state.pending = {"kind": "meeting", "ship": ship}
    return [Event("alongside", day, {**seen, "stop": True})]


def in_sight(world: World, state: VoyageState, node: int | None = None) -> list[int]:
    """Ships within sight of her (a step, two with a navigator), out of port."""
    from .meet import out_of_port, ships_at

    rules = voyage_rules(state)
    reach = rules.sight_steps + (1 if "navigator" in state.crew else 0)
    seen = nearby(world, state.node if node is None else node, reach)
    return [s for s in ships_at(state, seen) if out_of_port(world, state, s)]


def _hostile_in_sight(world: World, state: VoyageState, before: list[int], was: int) -> list[Event]:
    """A hostile sail newly in sight stops the ship."""
    if state.over or state.pending or state.port >= 0:
        return []
    now = [s for s in in_sight(world, state) if hostile(world, state, s)]
    if not now:
        return []
    rules = voyage_rules(state)
    reach = rules.sight_steps + (1 if "navigator" in state.crew else 0)
    seen_then = nearby(world, was, reach)
    new = [s for s in now if before[s] not in seen_then]
    return [
        Event("hostile_in_sight", state.day, {**describe_ship(world, state, s), "stop": True})
        for s in new
    ]


def blown_downwind(world: World, state: VoyageState, steps: int) -> None:
    """Running before a storm: she goes where the wind takes her, a step at a time."""
    import math

    from ..world.routes import bearing

    season = season_of(world_rules(state), state.day)
    for _ in range(steps):
        node = state.node
        toward = float(world.wind_toward[season][node])

        def off_wind(n: int, node: int = node, toward: float = toward) -> tuple[float, int]:
            heading = float(bearing(world.lon[node], world.lat[node], world.lon[n], world.lat[n]))
            gap = abs((heading - toward + 180.0) % 360.0 - 180.0)
            return (gap if not math.isnan(gap) else 180.0, n)

        neighbours = world.step_neighbours[node]
        if not neighbours:
            return
        state.node = min(neighbours, key=off_wind)


# --- what you see ---------------------------------------------------------------------------


def observe(world: World, state: VoyageState) -> dict[str, Any]:
    """What the captain sees: the ship sheet, where she is and is bound, what is in sight, the
    rumors she holds (their markers' strength), politics, and what waits on her."""
    from ..world.rumors import describe, strength
    from .sheet import ship_sheet

    rules = voyage_rules(state)
    wrules = world_rules(state)
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
        "in_sight": [describe_ship(world, state, s) for s in in_sight(world, state)],
        "rumors": [
            {**describe(world, r, day), "marker": round(strength(r, day) / 1000, 3)}
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
        "pending": dict(state.pending),
        "outcome": state.outcome or None,
    }
    if state.port >= 0:
        out["port_sheet"] = harbour.port_sheet(world, state, rules, wrules)
    if state.pending.get("kind") == "dilemma":
        out["options"] = options(state, rules, state.pending["name"])
    return out
