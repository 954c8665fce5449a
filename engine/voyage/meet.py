"""Meeting a ship (seed 000, "Meeting a ship", "Afterwards it is settled"): when you share a
node with one outside a port (or pass her on a step), the one that means you harm comes
first, then the one that matters most by the bar's notability. A hostile ship attacks; anyone
else comes alongside and you choose. Fights go through the card engine with your outfit, and
are settled here: the purse, the hull, prisoners questioned, the ship laid up, the standing
and strain your firing cost.
"""

from __future__ import annotations

from typing import Any

from ..combat.encounter import Termination, create_encounter
from ..combat.prizes import prize_offer
from ..combat.settle import settle
from ..events import Event
from ..rng import below
from ..world import wars
from ..world.bar import question_prisoner
from ..world.game import lay_up
from ..world.kinds import KINDS, SHIP_KINDS
from ..world.rules import WorldRules
from ..world.state import LAID_UP, SAILING
from ..world.world import World
from .rules import VoyageRules
from .state import VoyageState


def target_of(state: VoyageState, ship: int) -> str:
    """What she fights as: her kind's target (a corsair laden with captives: corsair_laden)."""
    ships = state.world.ships
    key = KINDS.rows[ships["kind"][ship]].target
    if key == "corsair" and ships["laden"][ship]:
        return "corsair_laden"
    return key


def hostile(world: World, state: VoyageState, ship: int) -> bool:
    """She attacks on sight, as her kind's hostility says (engine/world/kinds.py): a guard
    ship, armada or privateer of a nation that wants you or is at war with England; a corsair
    whose nation is at war with England; a pirate hunter when England wants you; a monster
    always."""
    ships = state.world.ships
    hostility = KINDS.rows[ships["kind"][ship]].hostility
    return wars.sets_on(world, state.world, hostility, ships["flag"][ship])


def out_of_port(world: World, state: VoyageState, ship: int) -> bool:
    """She is out of port (and not laid up), so she can be met or seen."""
    ships = state.world.ships
    task = ships["task"][ship]
    if task == LAID_UP:
        return False
    return ships["node"][ship] not in world.port_nodes or (
        task == SAILING and ships["leg"][ship] >= 0
    )


def ships_at(state: VoyageState, nodes: dict[int, int] | set[int]) -> list[int]:
    """The ships on any of `nodes`, in index order."""
    return [s for s, node in enumerate(state.world.ships["node"]) if node in nodes]


def meeting(world: World, state: VoyageState, before: list[int], was: int) -> int:
    """The ship that meets you today (-1 none): on your node, or passed on the step between
    (she was where you are, you were where she is). Hostile first, then notability, then the
    lowest index."""
    ws = state.world
    node = state.node
    if state.port >= 0 or node in world.port_nodes or anchored(state):
        return -1
    nodes = ws.ships["node"]
    passing = {s for s, until in state.let_pass if until > ws.day}
    found: list[tuple[int, int, int]] = []
    for ship in ships_at(state, {node, was}):
        here = nodes[ship] == node or (nodes[ship] == was and before[ship] == node)
        if not here or not out_of_port(world, state, ship):
            continue
        if ship in passing:  # let pass, or fought and left: she leaves you be a while
            continue
        harm = hostile(world, state, ship)
        notability = KINDS.rows[ws.ships["kind"][ship]].talk
        found.append((0 if harm else 1, -notability, ship))
    return min(found)[2] if found else -1


def anchored(state: VoyageState) -> bool:
    """At anchor off a charted island: no ship troubles you there."""
    ws = state.world
    return any(c and n == state.node for n, c in zip(ws.islands, ws.charted, strict=True))


def describe_ship(world: World, state: VoyageState, ship: int) -> dict[str, Any]:
    ws = state.world
    flag = ws.ships["flag"][ship]
    return {
        "ship": ship,
        "kind": SHIP_KINDS[ws.ships["kind"][ship]],
        "flag": world.nations[flag] if flag >= 0 else None,
        "node": ws.ships["node"][ship],
        "hostile": hostile(world, state, ship),
    }


# --- fights ---------------------------------------------------------------------------------


def _fight_seed(state: VoyageState) -> int:
    value, state.rng = below(state.rng, 0x7FFFFFFF)
    return value


def begin_fight(
    world: World,
    state: VoyageState,
    target: str,
    *,
    ship: int = -1,
    port: int = -1,
    fired_first: bool,
    why: str,
    hold: int | None = None,
    walls: int = 0,
    relief_sooner: int = 0,
) -> list[Event]:
    """A fight on: the card engine's encounter with your outfit and hull as they are."""
    encounter, events = create_encounter(
        target,
        state.outfit(state.hull),
        _fight_seed(state),
        hold=hold,
        walls=walls,
        relief_sooner=relief_sooner,
    )
    state.fight = encounter
    state.pending = {
        "kind": "fight",
        "target": target,
        "ship": ship,
        "port": port,
        "fired_first": fired_first,
        "why": why,
    }
    state.tally["fights"] += 1
    day = state.day
    out = [
        Event(
            "fight",
            day,
            {
                "target": target,
                "why": why,
                "node": state.node,
                "ship": ship,
                "port": world.ports[port].name if port >= 0 else None,
                "hull": state.hull,
                "her_hull": encounter.hull[1],
                "stop": True,
            },
        )
    ]
    return out + events  # a card's events keep the fight's round (the log has the day)


def attack(world: World, state: VoyageState, wrules: WorldRules, ship: int) -> list[Event]:
    """You fire first on the ship alongside: her nation remembers it however it goes (a
    monster is nobody's), and an English ship makes you a pirate."""
    ws = state.world
    flag = ws.ships["flag"][ship]
    events: list[Event] = []
    if flag >= 0:
        if flag == world.nation("england") and not ws.pirate:
            wars.turn_pirate(world, ws, wrules)
            events.append(Event("pirate", ws.day, {"why": "you fired on an English ship"}))
        events += [Event(e.kind, ws.day, e.data) for e in wars.fired_on(world, ws, wrules, flag)]
    return events + begin_fight(
        world, state, target_of(state, ship), ship=ship, fired_first=True, why="you attacked"
    )


def settle_fight(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> list[Event]:
    """The fight is over: settle it (seed 000, "Afterwards it is settled")."""
    encounter = state.fight
    assert encounter is not None and encounter.result is not None
    pending = state.pending
    ws = state.world
    day = ws.day
    settlement = settle(encounter)
    events = settlement.events(encounter.round)
    state.fight = None
    state.pending = {}
    state.gold += settlement.payout
    state.hull = settlement.hull
    target = pending["target"]
    ship, port = int(pending["ship"]), int(pending["port"])
    result = settlement.outcome
    events.append(
        Event(
            "fight_over",
            day,
            {
                "target": target,
                "outcome": result.value,
                "node": state.node,
                "payout": settlement.payout,
                "hull": state.hull,
                "gold": state.gold,
            },
        )
    )
    if result is Termination.SUNK:
        state.outcome, state.cause = "sunk", target
        events.append(Event("sunk", day, {"by": target, "node": state.node, "stop": True}))
        return events
    for _ in range(settlement.rumors):  # each prisoner questioned tells of a ship nearby
        rumor = question_prisoner(world, ws, state.node)
        if rumor is not None:
            state.rumors.append(rumor.to_list())
            state.tally["rumors"] += 1
            events.append(Event("rumor_heard", day, {"source": "prisoner", "node": rumor.node}))
    if port >= 0:
        from .port import raid_over

        return events + raid_over(world, state, rules, wrules, port, encounter, settlement)
    if ship >= 0:
        flag = ws.ships["flag"][ship]
        if result is Termination.DESTROYED:
            lay_up(world, ws, wrules, ship)
            if pending["fired_first"] and flag >= 0:
                wars.sank_ship(world, ws, wrules, flag)
                events += [
                    Event(e.kind, day, e.data) for e in wars.took_ship(world, ws, wrules, flag)
                ]
        else:  # parted, fled or got away from: she leaves you be a while
            state.let_pass.append([ship, day + rules.let_pass_days])
    if settlement.payout > 0:
        events += prize_taken(state, rules, settlement.payout, rules.prize_morale)
    if result is Termination.DESTROYED and rules.prize_cards:
        events += offer_prize(state, target)
    return events


def prize_taken(state: VoyageState, rules: VoyageRules, payout: int, morale: int) -> list[Event]:
    """A prize with a payout: the crew's spirits up, the sour clock reset; a large one and
    the crew want their shares."""
    state.morale = min(rules.morale_max, state.morale + morale)
    state.last_prize_day = state.day
    state.tally["prizes"] += 1
    events = [Event("prize", state.day, {"payout": payout, "morale": state.morale})]
    if rules.dilemmas and payout >= rules.shares_payout and not state.over:
        roll, state.rng = below(state.rng, 1000)
        if roll < rules.shares_ask_per_mille:
            from .dilemmas import ask

            events += ask(state, rules, "shares")
    return events


def offer_prize(state: VoyageState, target: str) -> list[Event]:
    """Three cards off her (or the town, or the beast): keep one, for good, or none."""
    cards = list(prize_offer(target))
    if state.pending:  # the crew's question first; the cards wait behind it
        state.pending["then_prize"] = target
        return []
    state.pending = {"kind": "prize", "cards": cards, "from": target}
    return [Event("prize_offered", state.day, {"cards": cards, "from": target, "stop": True})]
