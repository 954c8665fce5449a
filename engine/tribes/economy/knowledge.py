"""Tech and faith (the Tribes design document, phase 12's part 1, slow): scholars make knowledge and
priests faith, research completes when the pool covers its escalated cost, and rites' timed effects
expire. (Part 2 adds the peddler and offer matching to phase 12, after this.)

- Accrual: a tribe's scholars (summed over its settlements' labour, ascending id) make 150 per
  mille knowledge each per 10 ticks, its priests 100 per mille faith (accumulators
  "knowledge" and "faith" in `tribe.acc`).
- Research: on a slow tick the tribe's current research completes when its knowledge covers
  base x (4 + techs owned) div 4 (integer division, the escalation taken at completion:
  the 3rd tech costs base x 6 div 4); the cost is paid from knowledge, the tech appended to
  `techs`, a "researched" event told and the research cleared. Switching research is free
  (nothing is paid until completion). Research of a tech already owned is cleared; one whose
  prerequisite is missing waits (orders.py refuses such an order; this only guards a state
  set by hand).
- Rites: starting one is an order (orders.py); an effect is in force while
  `state.tick < effect.expires` (`TribesState.has_effect`, the one rule every phase uses),
  and on a slow tick the effects with `expires <= tick` are removed with a "rite_ended"
  event each, in the order they were started.
"""

from __future__ import annotations

from ...events import Event
from ..constants import PERMILLE, PROFESSION_INDEX, TECH_PREREQS
from ..rules import SEED, TribesRules
from ..state import Tribe, TribesState

SCHOLAR = PROFESSION_INDEX["scholar"]
PRIEST = PROFESSION_INDEX["priest"]


def research_cost(tech: str, owned: int, rules: TribesRules = SEED) -> int:
    """The seed's escalated cost of `tech` for a tribe owning `owned` techs."""
    escalation = rules.tech_escalation
    return rules.tech_cost[tech] * (escalation + owned) // escalation


def accrue(state: TribesState) -> None:
    """Knowledge and faith from every tribe's scholars and priests."""
    rules = state.rules
    scholars = [0] * len(state.tribes)
    priests = [0] * len(state.tribes)
    for settlement in state.settlements:
        scholars[settlement.tribe] += settlement.labour[SCHOLAR]
        priests[settlement.tribe] += settlement.labour[PRIEST]
    for tribe in state.tribes:
        if not tribe.alive:
            continue
        acc = tribe.acc
        made, acc["knowledge"] = divmod(
            scholars[tribe.id] * rules.knowledge_rate + acc.get("knowledge", 0), PERMILLE
        )
        tribe.knowledge += made
        made, acc["faith"] = divmod(
            priests[tribe.id] * rules.faith_rate + acc.get("faith", 0), PERMILLE
        )
        tribe.faith += made


def complete_research(state: TribesState, tribe: Tribe, events: list[Event]) -> None:
    tech = tribe.research
    if tech is None or tech not in TECH_PREREQS:
        return
    if tech in tribe.techs:
        tribe.research = None
        return
    prereq = TECH_PREREQS[tech]
    if prereq is not None and prereq not in tribe.techs:
        return
    cost = research_cost(tech, len(tribe.techs), state.rules)
    if tribe.knowledge < cost:
        return
    tribe.knowledge -= cost
    tribe.techs.append(tech)
    tribe.research = None
    events.append(Event("researched", state.tick, {"tribe": tribe.id, "tech": tech, "cost": cost}))


def expire_rites(state: TribesState, events: list[Event]) -> None:
    tick = state.tick
    if not any(e.expires <= tick for e in state.effects):
        return
    kept = []
    for effect in state.effects:
        if effect.expires <= tick:
            events.append(
                Event(
                    "rite_ended",
                    tick,
                    {"tribe": effect.tribe, "rite": effect.kind, "target": effect.target},
                )
            )
        else:
            kept.append(effect)
    state.effects = kept


def advance_knowledge(state: TribesState, events: list[Event]) -> None:
    """Phase 12 (slow): accrual, research completion (tribes by id), rite expiry."""
    accrue(state)
    for tribe in state.tribes:
        if tribe.alive:
            complete_research(state, tribe, events)
    expire_rites(state, events)
