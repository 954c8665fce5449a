"""What a tribe sees (the Tribes design document's viewFor), as JSON-ready data, fog-filtered
(fog.py): the tick, the map with "?" on every tile the tribe has never seen, its own things in full
(settlements, decrees, research, faith, stances, age, effects, wagons, warbands, caravans, routes,
offers), the other tribes' settlements, warbands, caravans and settler wagons (shown as caravans
carrying their grain, the seed's convention) and the threat camps only while inside its current
vision, the other tribes' offers open to it while it has a market (chosen: those made to it or to
anyone; peddler offers are nobody's to take), the events delivered to it (`events`, the newest 60 of
those given), and the latest metrics frame. Never the PRNG state.

Policies call this every 10 ticks for every tribe, so it builds small fresh lists and dicts
(a policy may keep or change what it is given); the fogged map is remembered by explored mask,
so a tribe that explored nothing new since gets the same rows again (as a fresh list).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..events import Event
from .constants import PROFESSIONS
from .fog import mask_of, sees, visible_events, vision
from .state import Settlement, TribesState

UNEXPLORED = "?"


def _own_settlement(s: Settlement) -> dict[str, Any]:
    return {
        "id": s.id,
        "name": s.name,
        "x": s.x,
        "y": s.y,
        "founded": s.founded,
        "pop": s.pop,
        "tier": s.tier,
        "morale": s.morale,
        "herds": s.herds,
        "horses": s.horses,
        "cold": s.cold,
        "stores": dict(s.stores),
        "buildings": dict(s.buildings),
        "queue": [
            {"building": q.building, "level": q.level, "points": q.points, "needed": q.needed}
            for q in s.queue
        ],
        "override": None if s.override is None else dict(zip(PROFESSIONS, s.override, strict=True)),
        "labour": dict(zip(PROFESSIONS, s.labour, strict=True)),
        "idle": s.idle,
        "census": dict(s.census),
    }


@lru_cache(maxsize=64)
def fogged_rows(rows: tuple[str, ...], mask: int) -> tuple[str, ...]:
    """The terrain rows with "?" on every tile outside `mask` (bit y * size + x)."""
    size = len(rows)
    full = (1 << size) - 1
    return tuple(_fogged_row(row, (mask >> (y * size)) & full) for y, row in enumerate(rows))


@lru_cache(maxsize=4096)
def _fogged_row(row: str, bits: int) -> str:
    """One row with "?" where its bit is clear (a row's explored part rarely changes)."""
    if bits == (1 << len(row)) - 1:
        return row
    if bits == 0:
        return UNEXPLORED * len(row)
    return "".join(c if bits >> x & 1 else UNEXPLORED for x, c in enumerate(row))


def _warband(w: Any) -> dict[str, Any]:
    return {
        "id": w.id,
        "x": w.x,
        "y": w.y,
        "home": w.home,
        "size": w.size,
        "armor": w.armor,
        "cavalry": w.cavalry,
        "supply": w.supply,
        "veterancy": w.veterancy,
        "morale": w.morale,
        "ram": w.ram,
        "order": dict(w.order),
        "to_x": w.to_x,
        "to_y": w.to_y,
        "routing": w.routing,
    }


def _caravan(c: Any) -> dict[str, Any]:
    return {
        "id": c.id,
        "x": c.x,
        "y": c.y,
        "source": c.source,
        "dest": c.dest,
        "to_x": c.to_x,
        "to_y": c.to_y,
        "cargo": dict(c.cargo),
        "offer": c.offer,
    }


def _route(r: Any) -> dict[str, Any]:
    return {
        "id": r.id,
        "source": r.source,
        "dest": r.dest,
        "resource": r.resource,
        "permille": r.permille,
    }


def _foreign_warband(w: Any) -> dict[str, Any]:
    """What shows of another tribe's warband: where, how many, mounted, a ram, routing."""
    return {
        "id": w.id,
        "tribe": w.tribe,
        "x": w.x,
        "y": w.y,
        "size": w.size,
        "cavalry": w.cavalry,
        "ram": w.ram,
        "routing": w.routing,
    }


def _offer(o: Any) -> dict[str, Any]:
    return {
        "id": o.id,
        "tribe": o.tribe,
        "give": o.give,
        "give_n": o.give_n,
        "want": o.want,
        "want_n": o.want_n,
        "to": o.to,
        "repeat": o.repeat,
    }


def view_for(
    state: TribesState, tribe_id: int, events: Sequence[Event] | None = None
) -> dict[str, Any]:
    """The world as `tribe_id` sees it now (see the module); `events` are the recent events
    (a policy's: those since it was last asked), of which the delivered newest 60 are shown."""
    tribe = state.tribes[tribe_id]
    mask = vision(state, tribe_id)
    explored = mask_of(tribe.explored) | mask

    def seen(x: int, y: int) -> bool:
        return sees(state, mask, x, y)

    own = [_own_settlement(s) for s in state.settlements if s.tribe == tribe_id]
    others = [
        {
            "id": s.id,
            "tribe": s.tribe,
            "name": s.name,
            "x": s.x,
            "y": s.y,
            "tier": s.tier,
            "pop": s.pop,
        }
        for s in state.settlements
        if s.tribe != tribe_id and seen(s.x, s.y)
    ]
    foreign_caravans: list[dict[str, Any]] = [
        {"id": c.id, "tribe": c.tribe, "x": c.x, "y": c.y, "cargo": dict(c.cargo),
         "wagon": False}
        for c in state.caravans
        if c.tribe != tribe_id and seen(c.x, c.y)
    ] + [
        {"id": w.id, "tribe": w.tribe, "x": w.x, "y": w.y, "cargo": {"grain": w.grain},
         "wagon": True}
        for w in state.wagons
        if w.tribe != tribe_id and seen(w.x, w.y)
    ]  # fmt: skip
    foreign_caravans.sort(key=lambda c: c["id"])
    market = any(s["buildings"].get("market", 0) > 0 for s in own)
    return {
        "tick": state.tick,
        "tick_cap": state.tick_cap,
        "size": state.size,
        "rows": list(fogged_rows(state.rows, explored)),
        "tribe": {
            "id": tribe.id,
            "name": tribe.name,
            "alive": tribe.alive,
            "allocation": dict(zip(PROFESSIONS, tribe.allocation, strict=True)),
            "rations": tribe.rations,
            "ale_ration": tribe.ale_ration,
            "craft": dict(tribe.craft),
            "smithy": dict(tribe.smithy),
            "slaughter": tribe.slaughter,
            "research": tribe.research,
            "techs": list(tribe.techs),
            "knowledge": tribe.knowledge,
            "faith": tribe.faith,
            "tool_coverage": tribe.tool_coverage,
            "buildings_completed": tribe.buildings_completed,
            "stances": list(tribe.stances),
            "age": tribe.age,
            "counters": dict(tribe.counters),
        },
        "settlements": own,
        "effects": [
            {"kind": e.kind, "target": e.target, "expires": e.expires}
            for e in state.effects
            if e.tribe == tribe_id
        ],
        "wagons": [
            {
                "id": w.id,
                "x": w.x,
                "y": w.y,
                "to_x": w.to_x,
                "to_y": w.to_y,
                "settlers": w.settlers,
                "grain": w.grain,
                "timber": w.timber,
            }
            for w in state.wagons
            if w.tribe == tribe_id
        ],
        "warbands": [_warband(w) for w in state.warbands if w.tribe == tribe_id],
        "caravans": [_caravan(c) for c in state.caravans if c.tribe == tribe_id],
        "routes": [_route(r) for r in state.routes if r.tribe == tribe_id],
        "offers": [_offer(o) for o in state.offers if o.tribe == tribe_id],
        "others": others,
        "foreign_warbands": [
            _foreign_warband(w) for w in state.warbands if w.tribe != tribe_id and seen(w.x, w.y)
        ],
        "foreign_caravans": foreign_caravans,
        "camps": [
            {"id": c.id, "kind": c.kind, "x": c.x, "y": c.y, "strength": c.strength}
            for c in state.camps
            if seen(c.x, c.y)
        ],
        "foreign_offers": [
            _offer(o)
            for o in state.offers
            if market and o.tribe != tribe_id and o.to in (-1, tribe_id)
        ],
        "events": [e.to_dict() for e in visible_events(state, tribe_id, events or (), mask)],
        "tribes": [{"id": t.id, "name": t.name, "alive": t.alive} for t in state.tribes],
        "metrics": state.metrics,
    }
