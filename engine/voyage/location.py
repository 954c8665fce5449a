"""The location panel (the Privateer design document, "Location is whatever is where you are: ... at
sea the water you're in: whose waters, a strait, a bank, a river mouth, a fort's guns, an island
anchorage"): what the chart says of the water she is in, read from the world's features, its
protected waters and seas, and the islands she has charted. Observation only: it changes no rule and
draws nothing.
"""

from __future__ import annotations

from typing import Any

from ..world.world import World
from .rules import VoyageRules
from .shore import deep_keel, hostile_fort
from .state import VoyageState

PLACES = ("strait", "bank", "river_mouth")  # the features named one to a node in the panel


def location(world: World, state: VoyageState, rules: VoyageRules) -> dict[str, Any]:
    """Where she is: the port (if she is in one), the named sea, whose protected waters and
    how many days from the fort that guards them, the strait, bank or river mouth, the forts
    whose guns reach her (whose, and whether they would fire on her), and whether she lies at
    an anchorage off an island she has charted. By rules with banks, whether her keel is too
    deep for them."""
    node = state.node
    ws = state.world
    features = world.features_at.get(node, ())
    water = int(world.water_nation[node])
    sea = int(world.sea_of_node[node])
    out: dict[str, Any] = {
        "port": world.ports[state.port].name if state.port >= 0 else None,
        "sea": world.seas[sea] if sea >= 0 else None,
        "waters": world.nations[water] if water >= 0 else None,
        "waters_days": int(world.water_days[node]) if water >= 0 else None,
    }
    for place in PLACES:
        out[place] = next((name for kind, name in features if kind == place), None)
    by_name = world.port_by_name
    out["fort_guns"] = [
        {
            "port": name,
            "nation": world.nations[by_name[name].nation],
            "hostile": hostile_fort(world, ws, world.ports.index(by_name[name])),
        }
        for kind, name in features
        if kind == "fort_guns" and name in by_name
    ]
    out["anchorage"] = any(c and n == node for n, c in zip(ws.islands, ws.charted, strict=True))
    if rules.banks:
        out["deep_keel"] = deep_keel(state, rules)
    return out
