"""What a tribe sees (seed 002's viewFor), as JSON-ready data: the tick, the map, its own
settlements, decrees, research, faith, effects and wagons in full, every other tribe's
settlements in brief, and the latest metrics frame. Never the PRNG state.

Part 1 has no fog: the whole map and every settlement are in view. Part 2 adds fog here (the
explored mask, vision radii, foreign units inside vision, events filtered and capped at 60).

Policies call this every 10 ticks for every tribe, so it builds small fresh lists and dicts
(a policy may keep or change what it is given) and shares the map's rows, which are strings.
"""

from __future__ import annotations

from typing import Any

from .constants import PROFESSIONS
from .state import Settlement, TribesState


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


def view_for(state: TribesState, tribe_id: int) -> dict[str, Any]:
    """The world as `tribe_id` sees it now (see the module)."""
    tribe = state.tribes[tribe_id]
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
        if s.tribe != tribe_id
    ]
    return {
        "tick": state.tick,
        "tick_cap": state.tick_cap,
        "size": state.size,
        "rows": list(state.rows),
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
        "others": others,
        "tribes": [{"id": t.id, "name": t.name, "alive": t.alive} for t in state.tribes],
        "metrics": state.metrics,
    }
