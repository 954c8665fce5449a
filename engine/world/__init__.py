"""The living world of the Privateer design document: the sea graph as immutable arrays (World), the
routes a ship that knows the sea would take, and the world's own state as it moves a day at a time.

The mode's public face: what front ends may use of it (engine/face.py), each name imported
from its module when first asked for, so importing one costs only what its module needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..face import shown

if TYPE_CHECKING:
    from .bar import stand_a_round, survey
    from .chart_worth import chart_worth as chart_worth_of
    from .charting import charted
    from .game import ENGINE_VERSION, advance, create_world, summary
    from .kinds import KINDS, kind_index
    from .mode import DAY, MODE, WorldGame
    from .routes import (
        RIGS,
        HighSeas,
        KeptTree,
        high_seas,
        mark_kept,
        route,
        take_trees,
        trees_to_keep,
        trees_unkept,
    )
    from .rules import CENTURY, SEED_000, WorldRules, find_world_rules
    from .rumors import Rumor, cloud, off_by, search_area
    from .rumors import describe as describe_rumor
    from .stored_trees import StoredTrees
    from .wars import at_war
    from .world import CACHES_BYTES, MB, NODE_KINDS, Port, World, narrowest

__all__ = [
    "CACHES_BYTES",
    "CENTURY",
    "DAY",
    "ENGINE_VERSION",
    "KINDS",
    "MB",
    "MODE",
    "NODE_KINDS",
    "RIGS",
    "SEED_000",
    "HighSeas",
    "KeptTree",
    "Port",
    "Rumor",
    "StoredTrees",
    "World",
    "WorldGame",
    "WorldRules",
    "advance",
    "at_war",
    "chart_worth_of",
    "charted",
    "cloud",
    "create_world",
    "describe_rumor",
    "find_world_rules",
    "high_seas",
    "kind_index",
    "mark_kept",
    "narrowest",
    "off_by",
    "route",
    "search_area",
    "stand_a_round",
    "summary",
    "survey",
    "take_trees",
    "trees_to_keep",
    "trees_unkept",
]

if not TYPE_CHECKING:
    __getattr__ = shown(__name__)
