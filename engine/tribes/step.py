"""One step of the Tribes world (the Tribes design document's phase order), a pure function of the
state and the orders queued for it. Each phase lives in its own module; part 2 adds military,
threats, trade, fog, claims and ages in place, in this order.

 1. orders        the queued orders, tribes by ascending id, the first 64 each (orders.py)
 2. territory     census and grain gates (slow)                       (territory.py)
 3. labour        apportionment by policy and capacity                 (labour.py)
 4. extraction    farmers, fishers, woodcutters, miners; tool wear     (extraction.py)
 5. refinement    workshop chains, then the builders     (refinement.py, construction.py)
 6. herds         growth, fodder, wool, slaughter, horses (slow)       (herds.py)
 7. logistics     settler wagons, caravans; routes, food equalization (logistics.py)
 8. consumption   food, ale, clothes; starvation                       (consumption.py)
 9. population    morale, births, deaths, emigration, tiers (slow)     (population.py)
10. military      warbands, battles, raids; sieges, supply (slow)      (military.py)
11. threats       camps grow, spawn and raid (slow)                    (threats.py)
12. knowledge     tech, faith, rite expiry; peddler, offers (slow)     (knowledge.py, trade.py)
13. elimination                                                        (elimination.py)
14. metrics       sightings; tick + 1; a frame every 10th tick, the last (fog.py, metrics.py)
"""

from __future__ import annotations

from ..events import Event
from .economy.construction import construct
from .economy.consumption import consume
from .economy.extraction import extract
from .economy.herds import tend_herds
from .economy.knowledge import advance_knowledge
from .economy.labour import apportion_labour
from .economy.population import grow_population
from .economy.refinement import refine_all
from .elimination import eliminate
from .fog import sightings
from .logistics.phase import logistics
from .metrics import close_tick
from .military.phase import military
from .military.threats import threats
from .rulings import take_orders
from .state import TribesState
from .territory import territory_and_census
from .trade.phase import trade


def step(state: TribesState) -> list[Event]:
    """Run one tick; the events it tells. A finished world does not step."""
    if state.result is not None:
        raise ValueError("the world has ended; it does not step")
    events: list[Event] = []
    slow = state.is_slow()
    take_orders(state, events)
    if slow:
        territory_and_census(state)
    apportion_labour(state)
    extract(state, events)
    refine_all(state, events)
    construct(state, events)
    if slow:
        tend_herds(state, events)
    logistics(state, events)
    consume(state, events)
    if slow:
        grow_population(state, events)
    military(state, events)
    if slow:
        threats(state, events)
        advance_knowledge(state, events)
        trade(state, events)
    eliminate(state, events)
    sightings(state, events)
    close_tick(state, events)
    return events
