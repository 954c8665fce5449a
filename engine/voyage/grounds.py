"""The captain's cruising grounds: where on the whole sea a privateer earns most, for the days
it has left, against the passage there and home again.

A ground is the water within `radius` days of an enemy port (its anchor). What it is worth a
day is what a player can reckon from the chart and the news: each enemy trading port in it
sends out a merchant (her hold and bounty, met about once in `merchant_days`), and each town
in it the captain's ship could carry pays its treasury when full (the world's rules: the same
everywhere, or richer in the Indies) once in the days a sack leaves it empty. Over the run, a
ground is worth its rate times the days the captain would spend there: the days left, less
the passage out and the way home. That is the whole-sea choice: an ocean crossing is worth
making when the ground beyond it earns enough more a day to pay for the passage, and not
otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..fight.ships import TARGETS
from ..world.world import World
from .state import VoyageState


@dataclass(frozen=True, slots=True)
class Ground:
    anchor: int  # the enemy port the ground lies round (World.ports index)
    node: int  # its node
    days: int  # the passage there from where the captain is
    worth: float  # gold over the run: its rate times the days it would be worked
    home_days: int = 0  # the way home from it
    rate: float = 0.0  # gold a day while it is worked


@dataclass(frozen=True, slots=True)
class Reckoning:
    """How the captain weighs grounds (chosen; measured by `privateer voyage`)."""

    radius: int = 10  # days: the water round an anchor that is one ground
    merchant_days: int = 20  # an enemy trading port's merchant is met about once in this many
    spare_days: int = 30  # days kept in hand over the passage out and home


RECKONING = Reckoning()


def best_ground(found: list[Ground]) -> Ground | None:
    """The ground worth most of `every_ground`'s (None: none in reach of the days left); of
    two worth the same, the nearer, then the first port."""
    return max(found, key=lambda g: (g.worth, -g.days, -g.anchor), default=None)


def every_ground(
    world: World,
    state: VoyageState,
    enemy: list[bool],
    carries: list[bool],
    treasuries: list[int],
    sack_days: int,
    days_left: int,
    home: int,
    reckoning: Reckoning,
) -> list[Ground]:
    """Every ground that could be worked in the days left (its passage out and home, and the
    days kept in hand, within them), in port order: what `best_ground` chooses from, and what
    `privateer grounds` shows.

    `enemy[i]`: port i's nation is fair game; `carries[i]`: the captain's ship could carry a
    raid on port i (a town it may raid, its walls no more than the ship can take);
    `treasuries[i]`: what the town holds when full, paid once in `sack_days`."""
    here = world.hops_from([state.node])
    home_days = world.hops_from([home])
    merchant = TARGETS["merchant"]
    prey = (merchant.hold + merchant.bounty) / reckoning.merchant_days
    sacks = [full / sack_days for full in treasuries]
    anchors = [i for i, p in enumerate(world.ports) if enemy[i] and not p.native]
    found: list[Ground] = []
    for i in anchors:
        node = world.ports[i].node
        out, back = int(here[node]), int(home_days[node])
        if out < 0 or back < 0:
            continue
        worked = days_left - out - back - reckoning.spare_days
        if worked <= 0:
            continue
        near = world.hops_from([node])
        rate = 0.0
        for j in anchors:
            d = int(near[world.ports[j].node])
            if 0 <= d <= reckoning.radius:
                rate += prey + (sacks[j] if carries[j] else 0.0)
        found.append(Ground(i, node, out, rate * worked, back, rate))
    return found
