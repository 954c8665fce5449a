"""Where the world's ships went (`chart --turns N`): the living world run N days from a seed,
each ship's wake day by day and where she is at the end, in her flag's colours."""

from __future__ import annotations

import itertools
import math

from privateer.engine.world.game import advance, create_world
from privateer.engine.world.kinds import KINDS
from privateer.engine.world.world import World

from .common import ShipMark, Track


def world_wakes(world: World, days: int, seed: int) -> tuple[list[Track], list[ShipMark]]:
    """Run the world `days` days from `seed`: every ship's wake, day by day, and where each
    ship is at the end (warships marked)."""
    state, _ = create_world(world, seed)
    nodes = state.ships["node"]
    wakes: list[list[int]] = [[node] for node in nodes]
    for _ in range(days):
        advance(world, state)
        for ship, node in enumerate(nodes):
            if wakes[ship][-1] != node:
                wakes[ship].append(node)
    lon, lat = world.lon.tolist(), world.lat.tolist()
    flags, kinds = state.ships["flag"], state.ships["kind"]

    def flag(ship: int) -> str:
        return world.nations[flags[ship]] if flags[ship] >= 0 else ""

    neighbours = world.step_neighbours

    def broken(wake: list[int], of: list[float]) -> list[float]:
        """Her positions, with a gap where she did not sail but was laid up at home."""
        out = [of[wake[0]]]
        for a, b in itertools.pairwise(wake):
            if b not in neighbours[a]:
                out.append(math.nan)
            out.append(of[b])
        return out

    tracks = [
        (flag(ship), broken(wake, lon), broken(wake, lat))
        for ship, wake in enumerate(wakes)
        if len(wake) > 1
    ]
    ships = [
        (flag(ship), lon[node], lat[node], KINDS[kinds[ship]].warship)
        for ship, node in enumerate(nodes)
        if node >= 0
    ]
    return tracks, ships
