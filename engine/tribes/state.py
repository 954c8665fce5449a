"""The Tribes world as plain integer data (the Tribes design document): the map, the tick, the
tribes with their policies' standing orders, the settlements with their people, stores, buildings,
build queue and accumulators, the settler wagons on the road, the timed rite effects, the orders
waiting for the next tick, and the interval flows the metrics read.

Everything here is hashed: `to_dict` is the canonical form (dict keys sorted when dumped), and
`state_hash()` is the SHA-256 of its canonical JSON. `from_dict` rebuilds a state and refuses
(SaveError, naming the field) one of the wrong shape. No floats anywhere. `copy()` is a deep
copy through the canonical form (cheap enough: states are small and copied rarely).

The state carries its rules (`rules`, rules.py's TribesRules): the canonical form names them
(`"rules"`) only when they are not the seed's, so a state of the seed's rules hashes as it
always has, and one of other rules never hashes as one of the seed's. `from_dict` finds them
by that name (a preset, or a variant named for its changes).

Ids: settlements and wagons draw from one counter (`next_id`), so a lower id is always the
earlier-made thing, which is how the seed breaks ties ("earlier-founded settlement wins").
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields
from typing import Any

import orjson

from ..errors import SaveError
from ..schema import show
from .constants import PROFESSIONS, RESOURCES, RITE_TARGETS
from .rules import SEED, SEED_NAME, TribesRules, find_tribes_rules

RESULTS = ("tick_cap", "last_standing", "all_gone")


def empty_stores() -> dict[str, int]:
    return dict.fromkeys(RESOURCES, 0)


@dataclass(slots=True)
class BuildSite:
    """One building in a settlement's queue: what, the wall level it raises to (walls only,
    else 0), points so far and points needed."""

    building: str
    level: int
    points: int
    needed: int


@dataclass(slots=True)
class Settlement:
    id: int
    tribe: int
    name: str
    x: int
    y: int
    founded: int  # the tick it was founded on
    pop: int
    tier: int  # never downgrades
    morale: int  # 0..1000
    herds: int
    horses: int
    cold: bool  # on or next to steppe, arctic or mountain: clothes wear
    buildings: dict[str, int]  # completed counts by building (walls: the wall level)
    stores: dict[str, int]  # every resource, 0 included
    queue: list[BuildSite] = field(default_factory=list)
    override: list[int] | None = None  # per-profession per-mille override (persistent)
    labour: list[int] = field(default_factory=lambda: [0] * len(PROFESSIONS))  # last tick's
    idle: int = 0
    census: dict[str, int] = field(default_factory=dict)  # plains, forest, hills, water, ore, gold
    grain_gates: dict[str, int] = field(default_factory=dict)  # mill, brew, fodder budgets
    acc: dict[str, int] = field(default_factory=dict)  # fixed-point accumulators by flow name
    interval: dict[str, int] = field(default_factory=dict)  # this interval's needs, for morale

    def count(self, building: str) -> int:
        return self.buildings.get(building, 0)


@dataclass(slots=True)
class Tribe:
    id: int
    name: str
    alive: bool = True
    allocation: list[int] = field(default_factory=lambda: [0] * len(PROFESSIONS))  # per mille
    rations: int = 1000  # decree, 0..2000
    ale_ration: int = 0  # decree, per mille
    craft: dict[str, int] = field(default_factory=dict)  # mill, brew, fodder: grain shares
    smithy: dict[str, int] = field(default_factory=dict)  # tools, weapons, armor weights
    slaughter: int = 0  # decree, per mille of herds per 10 ticks
    research: str | None = None
    techs: list[str] = field(default_factory=list)  # in the order completed
    knowledge: int = 0
    faith: int = 0
    acc: dict[str, int] = field(default_factory=dict)
    buildings_completed: int = 0  # cumulative, for the score
    eliminated_on: int | None = None
    flows: dict[str, Any] = field(default_factory=dict)  # this interval's, for the metrics
    tool_coverage: int = 0  # per mille of extractive workers covered on the last tick
    # part 2
    stances: list[str] = field(default_factory=list)  # toward each tribe by id: "hostile",
    #   "neutral" or "allied" (its own entry is "self"); filled by setup
    age: int = 0  # 0 wandering, 1 settled, 2 crafting, 3 high (the prestige ladder)
    explored: str = ""  # the explored mask: hex of a bitmask over tiles (y * size + x)
    counters: dict[str, int] = field(default_factory=dict)  # cumulative: battles, raids,
    #   captures, trades, caravans, camps_cleared ... (the metrics' cumulative counters)


@dataclass(slots=True)
class Wagon:
    """Settlers on the road to found a settlement (seed: they show in views as caravans
    carrying their grain)."""

    id: int
    tribe: int
    x: int
    y: int
    to_x: int
    to_y: int
    settlers: int
    grain: int
    source: int  # the settlement they left
    timber: int = 0  # building timber for the new camp (rules: found_timber_per_settler)
    stuck: int = 0  # ticks in a row without beating `best` (wagons.py)
    best: int = -1  # the nearest (Chebyshev) it has been to the site; -1 before it moves
    prev_x: int = -1  # the tile it stepped from, which a slide does not step back onto
    prev_y: int = -1


@dataclass(slots=True)
class Warband:
    """Soldiers in the field (the Tribes design document, "Military"): raised from a settlement's
    people with their gear; `order` is what it was last told ({"kind":
    garrison|patrol|march|raid|besiege|escort|disband, and its target's fields}); `fought` the last
    tick it fought (once a tick)."""

    id: int
    tribe: int
    x: int
    y: int
    home: int  # the settlement it was mustered at (it routs and disbands toward it)
    size: int
    armor: int  # soldiers with armour (armorRatio = armor * 1000 / size)
    cavalry: bool
    supply: int  # food units carried
    veterancy: int = 0
    morale: int = 600
    ram: bool = False
    order: dict[str, Any] = field(default_factory=dict)
    to_x: int = -1  # where it is marching (movement.py), -1: standing
    to_y: int = -1
    prev_x: int = -1
    prev_y: int = -1
    fought: int = -1
    routing: bool = False
    acc: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Caravan:
    """Goods on the road (the Tribes design document, "Logistics & trade"): owned by the receiving
    tribe, moving a tile a tick from one settlement to another; raidable, escortable."""

    id: int
    tribe: int
    x: int
    y: int
    source: int  # settlement id
    dest: int  # settlement id
    to_x: int
    to_y: int
    cargo: dict[str, int] = field(default_factory=dict)
    offer: int = -1  # the trade offer it delivers (-1: none)
    stuck: int = 0
    best: int = -1
    prev_x: int = -1
    prev_y: int = -1


@dataclass(slots=True)
class Camp:
    """A threat camp (the Tribes design document, "Threats"): goblin_camp, skeleton_barrow, ogre_den
    or demon_gate, its strength growing, raiding every 100 ticks."""

    id: int
    kind: str
    x: int
    y: int
    strength: int
    base: int  # the kind's base strength (the cap is 4x)
    spawned: int  # tick


@dataclass(slots=True)
class Route:
    """A standing haul (the Tribes design document: at most 24 a tribe): permille of the surplus
    above the keep-level moved from one own settlement to another each slow tick."""

    id: int
    tribe: int
    source: int
    dest: int
    resource: str
    permille: int


@dataclass(slots=True)
class Offer:
    """A trade offer (the Tribes design document: at most 16 a tribe): give `give_n` of `give` for
    `want_n` of `want`, to one tribe, any (-1), or the peddler (-2); kept after a match when
    `repeat`."""

    id: int
    tribe: int
    give: str
    give_n: int
    want: str
    want_n: int
    to: int = -1
    repeat: bool = False


@dataclass(slots=True)
class Effect:
    """A rite's timed effect: `kind` (a rite) on `target` (a settlement's id, or the tribe's
    for a tribe-wide rite) until tick `expires` (exclusive)."""

    kind: str
    tribe: int
    target: int
    expires: int


@dataclass(slots=True)
class TribesState:
    seed: int
    size: int
    rows: tuple[str, ...]
    tick_cap: int
    tick: int = 0
    rng: int = 0  # splitmix32's state after mapgen (part 2 draws from it)
    next_id: int = 0
    tribes: list[Tribe] = field(default_factory=list)
    settlements: list[Settlement] = field(default_factory=list)  # ascending id
    wagons: list[Wagon] = field(default_factory=list)  # ascending id
    warbands: list[Warband] = field(default_factory=list)  # ascending id (part 2)
    caravans: list[Caravan] = field(default_factory=list)  # ascending id (part 2)
    camps: list[Camp] = field(default_factory=list)  # ascending id (part 2)
    routes: list[Route] = field(default_factory=list)  # ascending id (part 2)
    offers: list[Offer] = field(default_factory=list)  # ascending id (part 2)
    sightings: dict[str, int] = field(default_factory=dict)  # "observer,enemy" -> last tick
    effects: list[Effect] = field(default_factory=list)
    orders: list[tuple[int, str]] = field(default_factory=list)  # (tribe, text) for next tick
    metrics: dict[str, Any] | None = None  # the latest frame
    result: str | None = None
    winner: int | None = None
    rules: TribesRules = SEED  # named in the canonical form unless the seed's (see the module)

    # --- reading ---------------------------------------------------------------------------

    def is_slow(self) -> bool:
        """Whether this step runs the slow systems: (tick + 1) % 10 == 0 (the rules'
        `slow_tick_interval`)."""
        return (self.tick + 1) % self.rules.slow_tick_interval == 0

    def settlements_of(self, tribe: int) -> list[Settlement]:
        return [s for s in self.settlements if s.tribe == tribe]

    def settlement(self, settlement_id: int) -> Settlement | None:
        for s in self.settlements:
            if s.id == settlement_id:
                return s
        return None

    def at(self, x: int, y: int) -> str:
        return self.rows[y][x]

    def has_effect(self, kind: str, target: int) -> bool:
        """Whether a rite's effect of `kind` holds on `target` (a settlement's id for blessing
        and harvest, a tribe's for warding) on this tick: in force while tick < expires (phase
        12 removes it on the next slow tick; until then it is there but spent)."""
        tick = self.tick
        return any(e.kind == kind and e.target == target and e.expires > tick for e in self.effects)

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    # --- the canonical form ----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out = {
            "seed": self.seed,
            "size": self.size,
            "rows": list(self.rows),
            "tick_cap": self.tick_cap,
            "tick": self.tick,
            "rng": self.rng,
            "next_id": self.next_id,
            "tribes": [_plain(t) for t in self.tribes],
            "settlements": [_plain(s) for s in self.settlements],
            "wagons": [_plain(w) for w in self.wagons],
            "warbands": [_plain(w) for w in self.warbands],
            "caravans": [_plain(c) for c in self.caravans],
            "camps": [_plain(c) for c in self.camps],
            "routes": [_plain(r) for r in self.routes],
            "offers": [_plain(o) for o in self.offers],
            "sightings": dict(self.sightings),
            "effects": [_plain(e) for e in self.effects],
            "orders": [[tribe, text] for tribe, text in self.orders],
            "metrics": self.metrics,
            "result": self.result,
            "winner": self.winner,
        }
        if self.rules.name != SEED_NAME:
            out["rules"] = self.rules.name
        return out

    def canonical(self) -> bytes:
        return orjson.dumps(self.to_dict(), option=orjson.OPT_SORT_KEYS)

    def state_hash(self) -> str:
        return hashlib.sha256(self.canonical()).hexdigest()

    def copy(self) -> TribesState:
        copied = TribesState.from_dict(orjson.loads(self.canonical()))
        copied.rules = self.rules  # the very object (found again by name, it would be equal)
        return copied

    @classmethod
    def from_dict(cls, data: Any) -> TribesState:
        d = _object(data, "state")
        rows = _list(d, "rows", "state")
        if not rows or not all(isinstance(r, str) and len(r) == len(rows) for r in rows):
            raise SaveError("state.rows must be a square of terrain rows")
        rules_name = d.get("rules", SEED_NAME)
        try:
            rules = find_tribes_rules(str(rules_name)) if isinstance(rules_name, str) else None
        except ValueError as error:
            raise SaveError(f"state.rules: {error}") from None
        if rules is None:
            raise SaveError(f"state.rules must be a rules name, not {show(rules_name)}")
        result = d.get("result")
        if result is not None and result not in RESULTS:
            raise SaveError(f"state.result {show(result)} is not one of {', '.join(RESULTS)}")
        try:
            state = cls(
                seed=_int(d, "seed", "state"),
                size=_int(d, "size", "state"),
                rows=tuple(rows),
                tick_cap=_int(d, "tick_cap", "state"),
                tick=_int(d, "tick", "state"),
                rng=_int(d, "rng", "state"),
                next_id=_int(d, "next_id", "state"),
                tribes=[_tribe(t, f"state.tribes[{i}]") for i, t in enumerate(d["tribes"])],
                settlements=[
                    _settlement(s, f"state.settlements[{i}]")
                    for i, s in enumerate(d["settlements"])
                ],
                wagons=[_build(Wagon, w, f"state.wagons[{i}]") for i, w in enumerate(d["wagons"])],
                warbands=_parts(Warband, d, "warbands"),
                caravans=_parts(Caravan, d, "caravans"),
                camps=_parts(Camp, d, "camps"),
                routes=_parts(Route, d, "routes"),
                offers=_parts(Offer, d, "offers"),
                sightings=dict(d["sightings"]),
                effects=[
                    _build(Effect, e, f"state.effects[{i}]") for i, e in enumerate(d["effects"])
                ],
                orders=[(int(o[0]), str(o[1])) for o in d["orders"]],
                metrics=d.get("metrics"),
                result=result,
                winner=d.get("winner"),
                rules=rules,
            )
        except (KeyError, TypeError, IndexError, ValueError) as error:
            if isinstance(error, SaveError):
                raise
            raise SaveError(f"state is missing or mangles a field ({error})") from None
        if state.size != len(rows):
            raise SaveError(f"state.size {state.size} does not match {len(rows)} rows")
        return state


# --- (de)serialising the parts -------------------------------------------------------------


def _plain(obj: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(obj):
        value = getattr(obj, f.name)
        if isinstance(value, list):
            value = [_plain(v) if hasattr(v, "__dataclass_fields__") else v for v in value]
        elif isinstance(value, dict):
            value = dict(value)
        out[f.name] = value
    return out


def _object(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise SaveError(f"{path} must be an object, not {show(value)}")
    return value


def _list(d: dict[str, Any], key: str, path: str) -> list[Any]:
    value = d.get(key)
    if not isinstance(value, list):
        raise SaveError(f"{path}.{key} must be a list, not {show(value)}")
    return value


def _int(d: dict[str, Any], key: str, path: str) -> int:
    value = d.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise SaveError(f"{path}.{key} must be a whole number, not {show(value)}")
    return value


def _build(cls: Any, data: Any, path: str) -> Any:
    d = _object(data, path)
    names = [f.name for f in fields(cls)]
    missing = [n for n in names if n not in d]
    if missing:
        raise SaveError(f"{path} lacks {', '.join(missing)}")
    return cls(**{n: d[n] for n in names})


def _parts(cls: Any, d: dict[str, Any], key: str) -> list[Any]:
    return [_build(cls, item, f"state.{key}[{i}]") for i, item in enumerate(_list(d, key, "state"))]


def _tribe(data: Any, path: str) -> Tribe:
    tribe: Tribe = _build(Tribe, data, path)
    if len(tribe.allocation) != len(PROFESSIONS):
        raise SaveError(f"{path}.allocation must have {len(PROFESSIONS)} shares")
    if tribe.research is not None and not isinstance(tribe.research, str):
        raise SaveError(f"{path}.research must be a tech or null")
    return tribe


def _settlement(data: Any, path: str) -> Settlement:
    settlement: Settlement = _build(Settlement, data, path)
    settlement.queue = [
        _build(BuildSite, site, f"{path}.queue[{i}]") for i, site in enumerate(settlement.queue)
    ]
    if set(settlement.stores) != set(RESOURCES):
        raise SaveError(f"{path}.stores must hold every resource")
    for name, value in settlement.stores.items():
        if not isinstance(value, int) or value < 0:
            raise SaveError(f"{path}.stores.{name} must be a whole number >= 0")
    return settlement


RITE_KINDS = tuple(RITE_TARGETS)
