"""Closing a tick (the Tribes design document, phase 14): the tick advances; a metrics frame is
taken when the new tick is a multiple of 10 and on the final tick; the world ends at the tick cap or
when at most one tribe is left alive.

A frame is {"tick", "tribes": [a row per tribe, by id, eliminated ones included]}, each row:
id, pop, settlements, production and consumption (this interval's flows by resource, in
resource order), births, deaths, starvation, emigration (this interval's), tool_coverage (per
mille, the last tick's), knowledge, faith, techs (how many), score, morale (the mean
weighted by pop, integer division; 0 with no people), and the tribe's cumulative counters
(battles won and lost, raids, sieges, trades, caravans, threat raids: `tribe.counters`, by
name; engine tribes-2's frames lacked them). It is kept in `state.metrics` (the
seed's latestMetrics), told as a "metrics" event, and then the tribes' flows are reset.

The end: with no tribe alive the result is "all_gone"; with one alive out of several at the
start, "last_standing" (that tribe wins); else at the tick cap, "tick_cap", the alive tribe
with the highest score winning (a tie: no winner). Chosen: the tick the world ends on is its
final tick and takes a frame even when the end comes before the cap. A "world_end" event
carries the result, the winner and every tribe's score (by id). Events carry the step's tick
(the one before the increment), like every other event of the step.
"""

from __future__ import annotations

from typing import Any

from ..events import Event
from .constants import METRICS_EVERY, RESOURCES
from .economy import flows
from .score import score
from .state import Tribe, TribesState


def _by_resource(amounts: dict[str, int]) -> dict[str, int]:
    return {r: amounts[r] for r in RESOURCES if amounts.get(r)}


def frame(state: TribesState) -> dict[str, Any]:
    """The metrics frame of the state as it is now."""
    n = len(state.tribes)
    pop = [0] * n
    count = [0] * n
    morale = [0] * n
    for settlement in state.settlements:
        pop[settlement.tribe] += settlement.pop
        count[settlement.tribe] += 1
        morale[settlement.tribe] += settlement.morale * settlement.pop
    rows = []
    for tribe in state.tribes:
        i = tribe.id
        f = tribe.flows
        rows.append(
            {
                "id": i,
                "pop": pop[i],
                "settlements": count[i],
                "production": _by_resource(f.get("production", {})),
                "consumption": _by_resource(f.get("consumption", {})),
                "births": f.get("births", 0),
                "deaths": f.get("deaths", 0),
                "starvation": f.get("starvation", 0),
                "emigration": f.get("emigration", 0),
                "tool_coverage": tribe.tool_coverage,
                "knowledge": tribe.knowledge,
                "faith": tribe.faith,
                "techs": len(tribe.techs),
                "score": score(state, tribe),
                "morale": morale[i] // pop[i] if pop[i] else 0,
            }
        )
        if state.rules.metrics_counters:  # the seed's cumulative battle, trade, caravan counts
            rows[-1]["counters"] = dict(sorted(tribe.counters.items()))
    return {"tick": state.tick, "tribes": rows}


def outcome(state: TribesState) -> str | None:
    """The result if the world ends on this (new) tick, else None."""
    alive = sum(1 for t in state.tribes if t.alive)
    if alive == 0:
        return "all_gone"
    if alive == 1 and len(state.tribes) > 1:
        return "last_standing"
    if state.tick >= state.tick_cap:
        return "tick_cap"
    return None


def winner(state: TribesState, result: str, scores: list[int]) -> int | None:
    alive: list[Tribe] = [t for t in state.tribes if t.alive]
    if not alive:
        return None
    if result == "last_standing":
        return alive[0].id
    best = max(scores[t.id] for t in alive)
    leaders = [t.id for t in alive if scores[t.id] == best]
    return leaders[0] if len(leaders) == 1 else None


def close_tick(state: TribesState, events: list[Event]) -> None:
    """Phase 14: tick + 1, the frame, the end. Its events carry the step's tick, like every
    other event of the step (the frame names the new tick)."""
    step_tick = state.tick
    state.tick += 1
    result = outcome(state)
    if state.tick % METRICS_EVERY == 0 or result is not None:
        taken = frame(state)
        state.metrics = taken
        events.append(Event("metrics", step_tick, {"frame": taken}))
        for tribe in state.tribes:
            flows.reset(tribe)
    if result is not None:
        scores = [score(state, t) for t in state.tribes]
        state.result = result
        state.winner = winner(state, result, scores)
        events.append(
            Event(
                "world_end",
                step_tick,
                {"result": result, "winner": state.winner, "scores": scores},
            )
        )
