"""What the Tribes world tells (the Tribes design document's SimEvents): each event kind and its
payload's fields, declared once. Events are narration: they are logged and replayed, but they are
not part of the state hash. `tribe` is the tribe an event is about, `settlement` a settlement's
id."""

from __future__ import annotations

from typing import Any, TypedDict


class WorldMade(TypedDict):
    seed: int
    size: int
    tribes: list[str]
    ticks: int


class Founded(TypedDict):
    tribe: int
    settlement: int
    name: str
    x: int
    y: int
    pop: int


class BuildOrdered(TypedDict):
    tribe: int
    settlement: int
    building: str
    count: int


class Built(TypedDict):
    tribe: int
    settlement: int
    building: str
    level: int  # the building's count (walls: the wall level) once complete


class Demolished(TypedDict):
    tribe: int
    settlement: int
    building: str
    level: int  # what is left


class Researched(TypedDict):
    tribe: int
    tech: str
    cost: int


class Rite(TypedDict):
    tribe: int
    rite: str
    target: int  # a settlement's id, or the tribe's for a tribe-wide rite
    until: int  # the tick the effect ends on


class RiteEnded(TypedDict):
    tribe: int
    rite: str
    target: int


class Starvation(TypedDict):
    tribe: int
    settlement: int
    deaths: int
    shortfall: int  # food points short this tick


class TierReached(TypedDict):
    tribe: int
    settlement: int
    tier: int
    name: str  # camp, village, town, city


class Emigration(TypedDict):
    tribe: int
    settlement: int
    people: int


class WagonSetOut(TypedDict):
    tribe: int
    wagon: int
    settlement: int  # where it left from
    settlers: int
    grain: int
    x: int  # the site it makes for
    y: int


class WagonMerged(TypedDict):
    tribe: int
    wagon: int
    settlement: int  # the settlement it joined, its site being blocked
    settlers: int


class Abandoned(TypedDict):
    tribe: int
    settlement: int  # its people all gone, it is removed (elimination.py)
    name: str


class Eliminated(TypedDict):
    tribe: int


class Metrics(TypedDict):
    frame: dict[str, Any]  # metrics.py's frame: the tick and a row by tribe


class WorldEnded(TypedDict):
    result: str  # tick_cap, last_standing, all_gone
    winner: int | None
    scores: list[int]


# --- part 2 (issue 25): each kind's owner may refine its fields -----------------------------


class Mustered(TypedDict):
    tribe: int
    warband: int
    settlement: int
    size: int
    armor: int
    cavalry: bool
    ram: bool


class Battle(TypedDict):
    kind: str  # field, raid, siege, storm, camp, caravan, threat_raid
    x: int
    y: int
    attacker: int  # tribe (-1: a threat)
    defender: int | None  # tribe; None for a threat camp (seed convention)
    attacker_power: int
    defender_power: int
    winner: str  # attacker, defender
    attacker_losses: int
    defender_losses: int


class Routed(TypedDict):
    tribe: int
    warband: int


class Raided(TypedDict):
    tribe: int  # the raided tribe
    by: int  # the raiding tribe; -1 a threat camp (seed convention)
    settlement: int
    loot: dict[str, int]
    deaths: int


class BuildingDestroyed(TypedDict):
    tribe: int
    settlement: int
    building: str
    by: int | None  # the tribe; None for a threat (seed convention)


class Siege(TypedDict):
    tribe: int  # the besieger
    defender: int
    settlement: int
    walls: int  # the wall level after this slow tick
    damage: int


class Captured(TypedDict):
    tribe: int  # the captor
    previous: int  # the tribe that held it
    settlement: int
    name: str


class Deserted(TypedDict):
    tribe: int
    warband: int
    soldiers: int


class Disbanded(TypedDict):
    tribe: int
    warband: int
    settlement: int
    soldiers: int


class CampSpawned(TypedDict):
    camp: int
    kind: str
    x: int
    y: int
    strength: int


class ThreatCleared(TypedDict):
    tribe: int
    warband: int
    camp: int
    kind: str
    coin: int


class CaravanSetOut(TypedDict):
    tribe: int  # the owner: the receiving tribe
    caravan: int
    source: int
    dest: int
    cargo: dict[str, int]


class CaravanArrived(TypedDict):
    tribe: int  # the owner
    caravan: int
    settlement: int  # where it unloaded (-1: lost)
    receiver: int  # that settlement's holder now (a captor receives the goods; -1: lost)
    cargo: dict[str, int]


class CaravanRaided(TypedDict):
    tribe: int  # the owner
    by: int
    caravan: int
    loot: dict[str, int]


class Trade(TypedDict):
    offer: int
    other_offer: int  # the matching offer (-1: the peddler)
    tribe: int
    counterparty: int  # a tribe; -2 the peddler
    give: str
    give_n: int
    want: str
    want_n: int
    payment: int


class Advanced(TypedDict):
    tribe: int
    age: int
    name: str


class Sighted(TypedDict):
    tribe: int  # the observer
    enemy: int
    what: str  # settlement, warband, caravan
    id: int
    x: int
    y: int


class StanceSet(TypedDict):
    tribe: int
    toward: int
    stance: str


TRIBES_EVENTS: dict[str, type] = {
    "world": WorldMade,
    "founded": Founded,
    "build_ordered": BuildOrdered,
    "built": Built,
    "demolished": Demolished,
    "researched": Researched,
    "rite": Rite,
    "rite_ended": RiteEnded,
    "starvation": Starvation,
    "tier": TierReached,
    "emigration": Emigration,
    "wagon_set_out": WagonSetOut,
    "wagon_merged": WagonMerged,
    "abandoned": Abandoned,
    "eliminated": Eliminated,
    "metrics": Metrics,
    "world_end": WorldEnded,
    "mustered": Mustered,
    "battle": Battle,
    "routed": Routed,
    "raid": Raided,
    "building_destroyed": BuildingDestroyed,
    "siege": Siege,
    "settlement_captured": Captured,
    "deserted": Deserted,
    "disbanded": Disbanded,
    "camp_spawned": CampSpawned,
    "threat_cleared": ThreatCleared,
    "caravan_set_out": CaravanSetOut,
    "caravan_arrived": CaravanArrived,
    "caravan_raided": CaravanRaided,
    "trade": Trade,
    "advanced": Advanced,
    "sighted": Sighted,
    "stance": StanceSet,
}
"""Every event kind of Tribes, by name: its payload's declared fields."""
