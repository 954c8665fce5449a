"""What a chart is worth (the Privateer design document, `npm run rumors`): for a rumor of given
reliability about a random ship, how large the search area is and how often the ship is really
inside it, by the rumor's age and by how much of the sea is charted.

The world runs a while with no player; each sample is a ship (not a monster) and a day; the
rumor is that ship's place that day, told with the reliability (off a step or more when not
right, as the bars tell it); its cloud is sailed forward and held against where the ship
really was each age later. Pure and deterministic: the samples are drawn from the seed.
"""

from __future__ import annotations

import statistics
from typing import Any

import numpy as np

from ..rng import below, seed_state
from .charting import chart_everything, chart_region, charted
from .game import advance, create_world
from .kinds import KINDS
from .routes import weather_of
from .rules import SEED_000, WorldRules
from .rumors import (
    Rumor,
    gather,
    off_by,
    report_spread,
    rig_of,
    sail_day,
    search_area,
    sparse,
    start_clouds,
    voyages,
)
from .state import WorldState
from .world import World

WARM_UP_DAYS = 60  # the world settles into its trade before the rumors begin
CARIBBEAN = (-100.0, 5.0, -55.0, 30.0)  # "the waters of one region": the Antilles and the Main
CHARTS = ("blank", "caribbean", "whole sea")


def _masks(world: World, state: WorldState, which: str) -> list[np.ndarray]:
    """A chart of `which` waters on a copy of the state, as a mask per season."""
    blank = state.copy()
    blank.charted_currents, blank.charted_winds = [], [[], [], [], []]
    if which == "whole sea":
        chart_everything(world, blank)
    elif which == "caribbean":
        chart_region(world, blank, CARIBBEAN)
    return [charted(world, blank, season) for season in range(4)]


def chart_worth(
    world: World,
    seed: int = 0,
    rumors: int = 80,
    reliability: int = 900,
    ages: tuple[int, ...] = (2, 4, 8, 12),
    kinds: tuple[int, ...] | None = None,
    rules: WorldRules = SEED_000,
) -> list[dict[str, Any]]:
    """Rows of {"chart", "age_days", "search_nodes" (median), "hit_rate"}; the rumors are of
    ships of `kinds` (every kind that flies a flag when None: no monsters), in a world run by
    `rules`, their clouds sailed by them."""
    state, _ = create_world(world, seed, rules)
    for _ in range(WARM_UP_DAYS):
        advance(world, state, rules=rules)
    span = max(ages)
    window = rumors  # a rumor a day, for as many days as rumors
    history: list[list[int]] = []
    snapshots: list[WorldState] = []
    for _ in range(window + span + 1):
        history.append(list(state.ships["node"]))
        snapshots.append(state.copy())
        advance(world, state, rules=rules)
    wanted = (
        set(kinds) if kinds is not None else {k for k, row in enumerate(KINDS.rows) if row.flagged}
    )
    sailors = [s for s, kind in enumerate(state.ships["kind"]) if kind in wanted]
    if not sailors:
        raise ValueError("no ship of those kinds sails this world")
    rng = seed_state(seed ^ 0x5EED)
    masks = {which: _masks(world, state, which) for which in CHARTS}
    sizes: dict[tuple[str, int], list[int]] = {(c, a): [] for c in CHARTS for a in ages}
    hits: dict[tuple[str, int], int] = {(c, a): 0 for c in CHARTS for a in ages}
    for sample in range(rumors):
        pick, rng = below(rng, len(sailors))
        ship = sailors[pick]
        told = snapshots[sample]
        truth = history[sample][ship]
        roll, rng = below(rng, 1000)
        node = truth
        if roll >= reliability:
            hops = world.hops_from([truth])
            ring = np.flatnonzero(np.isin(hops, off_by(rules, reliability)))
            if len(ring):
                which, rng = below(rng, len(ring))
                node = int(ring[which])
        day = told.day
        kind, flag = told.ships["kind"][ship], told.ships["flag"][ship]
        rumor = Rumor(kind, flag, node, day, reliability, "sample", ship)
        plan = voyages(world, told, rules, rumor)
        rig = rig_of(rumor.kind)
        for chart in CHARTS:
            clouds = start_clouds(plan, sparse(report_spread(world, rumor, rules)))
            for step in range(1, span + 1):
                season = ((day + step - 1) // rules.season_days) % 4
                weather = weather_of(world, season)
                clouds = sail_day(world, plan, clouds, weather, rig, masks[chart][season])
                if step in ages:
                    area = search_area(gather(world, plan, clouds), rules.search_share)
                    sizes[chart, step].append(len(area))
                    hits[chart, step] += int(history[sample + step][ship] in set(area.tolist()))
    return [
        {
            "chart": chart,
            "age_days": age,
            "search_nodes": statistics.median(sizes[chart, age]),
            "hit_rate": round(hits[chart, age] / rumors, 3),
        }
        for chart in CHARTS
        for age in ages
    ]
