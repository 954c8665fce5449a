"""The shore in play (the Privateer design document, "the world"), each rule behind its switch in
VoyageRules:

- `fort_fire`: "Forts put the water a step out under their guns." A fort whose nation is
  hostile to her (at war with England, or wanting her: whom a guard ship sets on) fires on her
  each day she ends at sea in the water under its guns (the world's `fort_guns` features), and
  `fort_hit_per_mille` of those days the shot finds her: 1 to `fort_hull_max` hull; sunk by it,
  the run's cause is "fort".
- `banks`: "Banks keep deep keels off." A ship of deep draught (engine/fight/ships.py) never
  sails onto a bank node (the world's `bank` features); her course goes round them, and a
  course onto one, or with no way round them, is refused with the reason. A port is never
  closed to her (she anchors off it), though the bank round it may leave no way in.

Off, neither draws from the RNG nor changes a step: the voyage plays as it always did.
"""

from __future__ import annotations

from ..events import Event
from ..fight.ships import SHIPS
from ..rng import below
from ..world import wars
from ..world.kinds import Hostility
from ..world.routes import banks_closed as banks_closed  # the voyage's face shows it
from ..world.rules import WorldRules
from ..world.state import WorldState
from ..world.world import World
from .rules import VoyageRules
from .state import VoyageState
from .weather import sunk_event

FORT_CAUSE = "fort"  # what sank her, when a fort's shot did


# --- a fort's guns ----------------------------------------------------------------------------


def forts_over(world: World, node: int) -> list[int]:
    """The ports (indexes) whose guns reach `node`, in the features' order."""
    by_name = world.port_by_name
    return [
        world.ports.index(by_name[name])
        for kind, name in world.features_at.get(node, ())
        if kind == "fort_guns" and name in by_name
    ]


def hostile_fort(world: World, ws: WorldState, port: int) -> bool:
    """The fort fires on you: its nation is at war with England or wants you."""
    return wars.sets_on(world, ws, Hostility.ENEMY_OR_WANTED, world.ports[port].nation)


def hostile_guns(world: World, ws: WorldState, node: int) -> int:
    """The first fort hostile to you whose guns reach `node` (-1: none)."""
    if node not in world.feature_nodes.get("fort_guns", ()):
        return -1
    return next((p for p in forts_over(world, node) if hostile_fort(world, ws, p)), -1)


def fort_fire(
    world: World, state: VoyageState, rules: VoyageRules, wrules: WorldRules
) -> list[Event]:
    """By rules with fort fire: a hostile fort's shot at her, in the water under its guns."""
    if not rules.fort_fire:
        return []
    port = hostile_guns(world, state.world, state.node)
    if port < 0:
        return []
    roll, state.rng = below(state.rng, 1000)
    if roll >= rules.fort_hit_per_mille:
        return []
    loss, state.rng = below(state.rng, rules.fort_hull_max)
    lost = min(state.hull, loss + 1)
    state.hull -= lost
    p = world.ports[port]
    events = [
        Event(
            "fort_fire",
            state.day,
            {
                "port": p.name,
                "nation": world.nations[p.nation],
                "node": state.node,
                "hull_lost": lost,
                "hull": state.hull,
                "stop": True,
            },
        )
    ]
    if state.hull == 0:
        state.outcome, state.cause = "sunk", FORT_CAUSE
        events.append(sunk_event(state))
    return events


# --- banks and a deep keel --------------------------------------------------------------------


def deep_keel(state: VoyageState, rules: VoyageRules) -> bool:
    """By rules with banks, her ship draws too much water for a bank."""
    return rules.banks and SHIPS[state.ship].draught == "deep"


def keel_closed(world: World, state: VoyageState, rules: VoyageRules) -> frozenset[int]:
    """The nodes her keel keeps her off (none but for a deep keel by rules with banks)."""
    return banks_closed(world) if deep_keel(state, rules) else frozenset()


def days_to(world: World, state: VoyageState, closed: frozenset[int], node: int) -> int:
    """Days from her to `node` keeping off `closed` (-1: no way). On a closed node herself
    (a storm drove her there), she may step off it."""
    hops = world.hops_avoiding([node], closed)
    here = state.node
    if here not in closed or here == node:
        return int(hops[here])
    off = [int(hops[n]) for n in world.step_neighbours[here] if hops[n] >= 0]
    return min(off) + 1 if off else -1


def bank_at(world: World, node: int) -> str | None:
    """The bank at `node`, by name (None: no bank)."""
    return next((name for kind, name in world.features_at.get(node, ()) if kind == "bank"), None)


def keel_refusal(world: World, state: VoyageState, rules: VoyageRules, node: int) -> str | None:
    """Why her keel will not take her to `node` (None: it will)."""
    closed = keel_closed(world, state, rules)
    if not closed or node == state.node:
        return None
    if node in closed:
        return f"a deep keel keeps off the banks: node {node} is on the {bank_at(world, node)}"
    if days_to(world, state, closed, node) < 0:
        return f"a deep keel keeps off the banks: no way round them to node {node}"
    return None
