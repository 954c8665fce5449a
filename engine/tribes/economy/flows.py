"""The interval flows the metrics frames read (the Tribes design document, "Metrics"): production
and consumption by resource, births, deaths and starvation deaths, by tribe, reset when a frame is
taken. Consumption counts food eaten, refinement's inputs, tool wear and build materials (part 2
adds muster gear and warband supply); moving stores (loot, trade, founding) counts as neither."""

from __future__ import annotations

from ..state import Tribe

COUNTERS = ("births", "deaths", "starvation", "emigration")


def reset(tribe: Tribe) -> None:
    tribe.flows = {"production": {}, "consumption": {}, **dict.fromkeys(COUNTERS, 0)}


def produced(tribe: Tribe, resource: str, amount: int) -> None:
    if amount:
        production = tribe.flows["production"]
        production[resource] = production.get(resource, 0) + amount


def consumed(tribe: Tribe, resource: str, amount: int) -> None:
    if amount:
        consumption = tribe.flows["consumption"]
        consumption[resource] = consumption.get(resource, 0) + amount


def count(tribe: Tribe, counter: str, amount: int) -> None:
    tribe.flows[counter] += amount
