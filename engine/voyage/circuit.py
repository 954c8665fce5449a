"""Drake's circuit, the ultimate win (the Privateer design document: "The ultimate win is
re-enacting Drake's raid round the world, so the sea is the whole world"). His places
(data/drake.csv, traced through the graph into `World.drake_places`) are touched in his order: a
place counts when the ship comes within `circuit_touch_steps` days' sail of its node, and only once
every place before it is touched (out of order, it does not count). With the circuit made (his last
place is Plymouth, where he came home) and the goal's gold aboard, the home port wins the run.

The captain bot sails the circuit by `heading`: the next place, or a prize or town on the way
while the days in hand allow it.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from ..events import Event
from ..world.world import World
from .circuit_state import CircuitState
from .rules import VoyageRules
from .state import VoyageState

_REACH: dict[tuple[str, tuple[tuple[int, str], ...], int], tuple[frozenset[int], ...]] = {}
_LEGS: dict[tuple[str, tuple[tuple[int, str], ...]], tuple[int, ...]] = {}


def places(world: World) -> list[tuple[str, int]]:
    """Drake's places in his order: (name, node)."""
    return [(name, int(world.drake[i])) for i, name in world.drake_places]


def begin(world: World, state: VoyageState, rules: VoyageRules) -> list[Event]:
    """Day 0 of a voyage by rules with the circuit: its state (with the nation his commission
    makes fair game), and the places touched where she lies (Plymouth, where Drake sailed
    from)."""
    if not world.drake_places:
        raise ValueError("this world has no Drake's route: build the whole world")
    licence = world.nation(rules.circuit_licence) if rules.circuit_licence else -1
    state.circuit = CircuitState(len(world.drake_places), [], licence)
    return touch(world, state, rules)


def _reach(world: World, steps: int) -> tuple[frozenset[int], ...]:
    """Per place, the nodes within `steps` days' sail of it (kept per world and reach)."""
    key = (world.content_hash, world.drake_places, steps)
    found = _REACH.get(key)
    if found is None:
        hops = [world.hops_from([node]) for _, node in places(world)]
        found = tuple(frozenset(np.flatnonzero((h >= 0) & (h <= steps)).tolist()) for h in hops)
        _REACH[key] = found
    return found


def touch(world: World, state: VoyageState, rules: VoyageRules) -> list[Event]:
    """The places touched where she is now: the next of the circuit if she is within reach of
    it, then the one after it, and so on (two of his places may lie within one reach)."""
    circuit = state.circuit
    if circuit is None or circuit.made:
        return []
    reach = _reach(world, rules.circuit_touch_steps)
    named = places(world)
    events: list[Event] = []
    while not circuit.made and state.node in reach[circuit.next]:
        order = circuit.next
        name, node = named[order]
        circuit.touched.append(state.day)
        events.append(
            Event(
                "touched",
                state.day,
                {
                    "place": name,
                    "order": order,
                    "of": circuit.places,
                    "node": node,
                    "stop": True,
                },
            )
        )
    return events


def made(state: VoyageState) -> bool:
    """Drake's circuit is made (False for a voyage without it)."""
    return state.circuit is not None and state.circuit.made


def circuit_sheet(world: World, state: VoyageState) -> dict[str, Any]:
    """The circuit as a captain reads it: how many places are done of how many, the next (its
    name, node and days' sail from here by the shortest way), and each place touched with its
    day."""
    circuit = state.circuit
    assert circuit is not None
    named = places(world)
    upcoming = None
    if not circuit.made:
        name, node = named[circuit.next]
        upcoming = {
            "place": name,
            "node": node,
            "days": int(world.hops_from([node])[state.node]),
        }
    return {
        "done": len(circuit.touched),
        "of": circuit.places,
        "next": upcoming,
        "touched": [{"place": named[i][0], "day": day} for i, day in enumerate(circuit.touched)],
        "days_to_finish": days_to_finish(world, state),
    }


def _legs(world: World) -> tuple[int, ...]:
    """Days' sail from each place to the next by the shortest way (kept per world)."""
    key = (world.content_hash, world.drake_places)
    found = _LEGS.get(key)
    if found is None:
        nodes = [node for _, node in places(world)]
        found = tuple(int(world.hops_from([a])[b]) for a, b in itertools.pairwise(nodes))
        _LEGS[key] = found
    return found


def days_to_finish(world: World, state: VoyageState) -> int:
    """Days' sail to make the rest of the circuit from here by the shortest ways: to the next
    place, then place to place to his last (0 once it is made)."""
    circuit = state.circuit
    if circuit is None or circuit.made:
        return 0
    node = places(world)[circuit.next][1]
    to_next = int(world.hops_from([node])[state.node])
    return max(to_next, 0) + sum(_legs(world)[circuit.next :])


def heading(
    world: World,
    state: VoyageState,
    stops: list[int],
    hunt: int,
    reserve_share: float,
    most_detour: int,
) -> int:
    """Where the captain sails on the circuit: the next place, or first a port to put in at
    (`stops`, in its order: to mend, for a bigger ship), or a prize or a town (`hunt`, a node,
    or -10 - port: a town to berth at across the harbour; -1 none), when it can spare the days.
    A detour (there, then on to the next place, against straight there) is spared when it is at
    most `most_detour` days and leaves the days in hand at least what the rest of the circuit
    needs and `reserve_share` of that again (for the fights, the repairs and the ports on the
    way); a hunt, only on the way too (nearer the next place than she is, so a leg's detours
    come to an end). -1 once the circuit is made."""
    circuit = state.circuit
    if circuit is None or circuit.made:
        return -1
    node = places(world)[circuit.next][1]
    to_next = world.hops_from([node])
    needed = days_to_finish(world, state)
    in_hand = state.last_day - state.day

    def spared(aside: int) -> bool:
        there = int(world.hops_from([aside])[state.node])
        detour = there + int(to_next[aside]) - int(to_next[state.node])
        return (
            there >= 0
            and detour <= most_detour
            and in_hand - needed - detour >= reserve_share * needed
        )

    for stop in stops:
        if stop != state.node and spared(stop):
            return stop
    if hunt <= -10:
        return hunt  # a town across the harbour: berth there, no detour
    on_the_way = hunt >= 0 and hunt not in (node, state.node)
    if on_the_way and 0 <= to_next[hunt] < to_next[state.node] and spared(hunt):
        return hunt
    return node
