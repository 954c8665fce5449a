"""A rumor's cloud as the captain works it out (engine/world/rumors.py `cloud`), kept for the
run and sailed on from where it was left, rather than sailed again from the rumor's day at
every look.

A cloud sailed to day D is the report's cloud stepped a day at a time by the rumor's plan
(`voyages`: where she may be bound, which the world's state can change) and the chart (what
the captain had charted, by season). A day's step reads the chart only at the nodes the cloud
is on and the places she is bound for; so the clouds worked out on an earlier look still hold,
to the last bit, for every day whose step read the chart as it reads now, with the same plan.
Each look checks that, day by day from the rumor's day, and sails on from the last day that
holds: the same operations on the same values as sailing from the rumor's day (a property test
holds the two equal).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ..world.routes import weather_of
from ..world.rules import WorldRules
from ..world.rumors import (
    Mass,
    Rumor,
    Sparse,
    Voyages,
    gather,
    report_spread,
    rig_of,
    sail_day,
    sparse,
    start_clouds,
    voyages,
)
from ..world.state import WorldState
from ..world.world import World

Chart = list[npt.NDArray[np.bool_]]  # per season: charted (rumors.cloud's charted_by_season)


@dataclass(slots=True)
class Sailed:
    """A rumor's clouds day by day: `clouds[k]` on the rumor's day + k; `read[k]`, what the
    step from day k to k + 1 read of the chart: its season, the nodes (a superset of those it
    reads) and the chart's values there."""

    plan: Voyages
    clouds: list[list[Sparse]]
    read: list[tuple[int, npt.NDArray[np.int64], npt.NDArray[np.bool_]]] = field(
        default_factory=list
    )


def same_plan(a: Voyages, b: Voyages) -> bool:
    """The two plans sail a cloud alike (every value the same)."""
    return (
        a.bound == b.bound
        and a.onward == b.onward
        and a.leave == b.leave
        and a.seas == b.seas
        and (a.linger is b.linger or a.linger.tobytes() == b.linger.tobytes())
    )


class SailedClouds:
    """The clouds one run has worked out, by rumor (a run's captain holds one: `run` names
    the run, and a new run starts afresh)."""

    def __init__(self) -> None:
        self.run: tuple[object, ...] = ()
        self.by_rumor: dict[tuple[int | str, ...], Sailed] = {}

    def for_run(self, run: tuple[object, ...]) -> SailedClouds:
        if run != self.run:
            self.run = run
            self.by_rumor = {}
        return self

    def cloud(
        self,
        world: World,
        state: WorldState,
        rules: WorldRules,
        rumor: Rumor,
        today: int,
        chart: Chart,
    ) -> Mass:
        """`rumors.cloud(world, state, rules, rumor, today, chart)`, to the last bit."""
        plan = voyages(world, state, rules, rumor)
        key = tuple(rumor.to_list())
        kept = self.by_rumor.get(key)
        if kept is None or not same_plan(kept.plan, plan):
            start = sparse(report_spread(world, rumor, rules))
            kept = self.by_rumor[key] = Sailed(plan, [start_clouds(plan, start)])
        wanted = max(0, today - rumor.day)
        bound = np.array([n for n, _ in plan.bound], dtype=np.int64)
        for k in range(min(wanted, len(kept.read))):
            season, nodes, values = kept.read[k]
            if not np.array_equal(chart[season][nodes], values):
                del kept.read[k:]
                del kept.clouds[k + 1 :]
                break
        rig = rig_of(rumor.kind)
        while len(kept.read) < wanted:
            day = rumor.day + len(kept.read)
            season = (day // rules.season_days) % 4
            clouds = kept.clouds[-1]
            nodes = np.concatenate([*(c[0] for c in clouds), bound])
            weather = weather_of(world, season)
            kept.clouds.append(sail_day(world, plan, clouds, weather, rig, chart[season]))
            kept.read.append((season, nodes, chart[season][nodes]))
        return gather(world, plan, kept.clouds[wanted])


class Track:
    """A rumored ship's likeliest place out at sea, (day, node) day by day from her rumor's
    day for `days` days (the days her cloud holds nothing at sea left out), by the plan and
    the chart as they stood when it was begun (`rumors.clouds_ahead` on those days, to the
    last bit), worked out only as far as it is read: a reader that stops at the first place
    it can reach in time leaves the rest unsailed until it is asked for."""

    def __init__(
        self,
        world: World,
        state: WorldState,
        rules: WorldRules,
        rumor: Rumor,
        days: int,
        chart: Chart,
        at_sea: npt.NDArray[np.bool_],
    ) -> None:
        self.world, self.rules, self.rumor, self.chart, self.at_sea = (
            world,
            rules,
            rumor,
            chart,
            at_sea,
        )
        self.plan = voyages(world, state, rules, rumor)
        self.clouds = start_clouds(self.plan, sparse(report_spread(world, rumor, rules)))
        self.sailed = rumor.day  # the day `clouds` stand on
        self.next = rumor.day  # the next day to read off
        self.last = rumor.day + days
        self.found: list[tuple[int, int]] = []

    def _read_next(self) -> None:
        world, rules, plan = self.world, self.rules, self.plan
        wanted = self.next
        rig = rig_of(self.rumor.kind)
        while self.sailed < wanted:
            season = (self.sailed // rules.season_days) % 4
            weather = weather_of(world, season)
            self.clouds = sail_day(world, plan, self.clouds, weather, rig, self.chart[season])
            self.sailed += 1
        mass = gather(world, plan, self.clouds)
        if np.any(mass[self.at_sea] > 0):
            self.found.append((wanted, int(np.argmax(np.where(self.at_sea, mass, 0.0)))))
        self.next += 1

    def __iter__(self) -> Iterator[tuple[int, int]]:
        i = 0
        while True:
            while i >= len(self.found) and self.next < self.last:
                self._read_next()
            if i >= len(self.found):
                return
            yield self.found[i]
            i += 1

    def whole(self) -> list[tuple[int, int]]:
        return list(self)
