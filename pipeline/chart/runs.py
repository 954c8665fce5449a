"""Pictures of logged runs, as the chart draws them: one voyage's track day by day and what
befell her where (`chart --run`), the chart as she saw it at the end of a day (`--day`: a
SeenPicture, worked out by the caller from the voyage replayed to then, cli/chart_frames.py),
and where captains fight, sink or raid over every logged voyage (`chart --where`). Built from
the run log's rows (read through db/), the world's node positions and what the caller hands
(the letters' regions as boxes); nothing here replays a run. The drawing is
`run_layers.py`'s."""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import sqlalchemy as sa

from privateer.db import run_places

from ..errors import ChartError

WHERE = tuple(run_places.WHERE)
"""What `chart --where` can count."""
PLAYER_FLAG = "england"  # the player's ship, drawn in her flag's colours

RAID_TARGETS = ("town", "fortified_port")

MARK_STYLES: dict[str, tuple[str, str, float, str]] = {
    # kind: (matplotlib marker, colour, size, what the key says)
    "start": ("^", "#2e7d32", 46.0, "sailed from"),
    "port": ("o", "#ffffff", 22.0, "put in at"),
    "letter_town": ("o", "none", 260.0, "a town of the letter in hand, its region dashed"),
    "taken": ("X", "#b02a2a", 34.0, "prize taken"),
    "escaped": ("X", "#e59a2f", 30.0, "fight, no prize (fled, got away or parted)"),
    "lost": ("X", "#111111", 40.0, "fight lost"),
    "sacked": ("*", "#b02a2a", 90.0, "town sacked"),
    "repulsed": ("*", "#777777", 70.0, "raid beaten off"),
    "storm": ("d", "#2a4f8a", 30.0, "storm"),
    "drake": ("P", "#8b1e1e", 60.0, "one of Drake's places touched"),
    "sunk": ("X", "#000000", 140.0, "sunk here"),
    "won": ("*", "#d4a017", 220.0, "home with the score"),
    "out_of_time": ("s", "#777777", 60.0, "still at sea when time ran out"),
}
"""How each kind of mark is drawn, in the order the key lists them; a colour "none" is a
ring in REGION_INK round what it marks (a letter's town, its own port glyph left clear)."""
REGION_INK = "#5a3a1a"  # a letter's region, dashed, and the rings round its towns

RegionBoxes = Mapping[str, Sequence[tuple[float, float, float, float]]]
"""Each letter of marque's region by name, as its boxes of the chart (W, S, E, N)."""


@dataclass(frozen=True, slots=True)
class Mark:
    kind: str  # a key of MARK_STYLES
    day: int
    node: int
    label: str  # what happened, for the SVG's title of the mark


@dataclass(frozen=True, slots=True)
class VoyagePicture:
    """A logged voyage: `track` is the node she reached each day she sailed, in order (one per
    day sailed), `start` the node she began at, `marks` what happened where."""

    run_id: int
    title: str
    start: int
    track: tuple[int, ...]
    marks: tuple[Mark, ...]
    # each letter of marque's region she was sent to work (name, its nodes), drawn dashed
    regions: tuple[tuple[str, tuple[int, ...]], ...] = ()
    circuit: bool = False  # a run on Drake's circuit: his route is drawn under her track
    days: tuple[int, ...] = ()

    def day_of(self, i: int) -> int:
        """The day she reached `track[i]`."""
        return self.days[i] if self.days else i + 1


@dataclass(frozen=True, slots=True)
class WherePicture:
    """How often `what` happened at each node and in each named sea, over every logged voyage."""

    what: str  # sunk | fights | raids
    by_node: tuple[tuple[int, int], ...]  # (node, times)
    by_sea: tuple[tuple[str, float, float, int], ...]  # (sea, label lon, label lat, times)

    @property
    def total(self) -> int:
        return sum(times for _, times in self.by_node)

    @property
    def most(self) -> int:
        return max((times for _, times in self.by_node), default=0)

    @property
    def title(self) -> str:
        did = {"sunk": "sank", "fights": "fought", "raids": "raided"}[self.what]
        return (
            f"Where captains {did}: {self.total} times over every logged voyage; a ring's area "
            f"is how often (the largest: {self.most})"
        )


def voyage_picture(
    run: dict[str, Any],
    events: list[tuple[int, str, dict[str, Any]]],
    port_names: dict[int, str],
) -> VoyagePicture:
    """The picture of one voyage from its run row and its placed events (day, kind, payload);
    `port_names` names the node each port lies at."""
    start = -1
    days: list[int] = []
    track: list[int] = []
    for day, kind, payload in events:
        if kind == "voyage_start":
            start = int(payload["node"])
        elif kind == "sailed":
            days.append(day)
            track.append(int(payload["node"]))
    if start < 0:
        raise ValueError(f"run {run['run_id']} has no voyage_start event: not a whole voyage")

    def where_on(day: int) -> int:
        """Her node at the end of `day`'s sailing (or where she began)."""
        at = bisect.bisect_right(days, day)
        return track[at - 1] if at else start

    marks: list[Mark] = [Mark("start", 0, start, f"sailed from {port_names.get(start, '')}")]
    visited: set[int] = set()
    for day, kind, payload in events:
        if kind == "arrived":
            node = int(payload["node"])
            if node not in visited and node != start:
                visited.add(node)
                marks.append(Mark("port", day, node, port_names.get(node, "")))
        elif kind == "fight_over":
            node = int(payload.get("node", where_on(day)))
            target, outcome = str(payload.get("target", "")), str(payload.get("outcome", ""))
            if target in RAID_TARGETS:
                which = "sacked" if outcome == "destroyed" else "repulsed"
            else:
                which = {"destroyed": "taken", "sunk": "lost"}.get(outcome, "escaped")
            marks.append(Mark(which, day, node, f"day {day}: {target}, {outcome}"))
        elif kind == "touched":  # one of Drake's places, marked where it lies
            label = (
                f"day {day}: {payload['place']} ({int(payload['order']) + 1} of {payload['of']})"
            )
            marks.append(Mark("drake", day, int(payload["node"]), label))
        elif kind == "storm" or (kind == "answered" and payload.get("name") == "storm"):
            marks.append(Mark("storm", day, where_on(day), f"day {day}: storm"))
        elif kind == "sunk":
            node = int(payload.get("node", where_on(day)))
            marks.append(Mark("sunk", day, node, f"day {day}: sunk by {payload.get('by', '?')}"))
        elif kind == "won":
            marks.append(Mark("won", day, where_on(day), f"day {day}: home, {payload['gold']}"))
        elif kind == "out_of_time":
            marks.append(Mark("out_of_time", day, where_on(day), f"day {day}: out of time"))
    options = run.get("options") or {}
    ending = {"won": "won", "sunk": "sunk", "out_of_time": "afloat at the end"}.get(
        str(run.get("outcome")), "in progress"
    )
    title = (
        f"Run {run['run_id']} · seed {run['seed']} · {options.get('rules', '?')} rules · "
        f"{ending} · {len(track)} days sailed"
    )
    circuit = options.get("rules") == "drake" or any(kind == "touched" for _, kind, _ in events)
    return VoyagePicture(
        int(run["run_id"]),
        title,
        start,
        tuple(track),
        tuple(marks),
        circuit=circuit,
        days=tuple(days),
    )


@dataclass(frozen=True, slots=True)
class RumorRing:
    node: int  # where the ship was told of
    steps: int  # how far off the report may be: a step for a good source, three for a bad one
    label: str
    search: tuple[tuple[int, float], ...]  # her cloud today: the search area, node and share


@dataclass(frozen=True, slots=True)
class SeenPicture:
    """The chart as the player saw it at the end of a day: where she is, the water on her
    chart, the ships in sight, and the rumors she holds with their clouds."""

    day: int
    title: str
    node: int
    seen: tuple[int, ...]
    in_sight: tuple[tuple[str, int, bool], ...]  # (flag, node, warship)
    rumors: tuple[RumorRing, ...]


def read_voyage(
    engine: sa.Engine, run_id: int, day: int | None = None, *, regions: RegionBoxes
) -> VoyagePicture:
    """The picture of logged voyage `run_id` (as far as `day`, if given), its ports named,
    and the regions of the letters she was sent to work (`regions`: every letter's, by
    name) dashed."""
    from privateer.db import world_read

    with engine.connect() as conn:
        run = run_places.voyage_run(conn, run_id)
        events = run_places.voyage_events(conn, run_id)
        ports = world_read.ports_in(conn, (-180.0, -90.0, 180.0, 90.0))
        nodes = world_read.nodes(conn)
    names: dict[int, str] = {}
    for port in ports.itertuples():
        names[int(port.node_id)] = "/".join(filter(None, [names.get(int(port.node_id)), port.name]))
    if day is not None:  # as far as that day
        events = [event for event in events if event[0] <= day]
    try:
        picture = voyage_picture(run, events, names)
    except ValueError as error:
        raise ChartError(str(error)) from None
    worked = dict.fromkeys(str(p["region"]) for _, kind, p in events if kind == "letter")
    dashed = tuple(
        (name, _region_nodes(nodes, regions[name])) for name in worked if name in regions
    )
    return dataclasses.replace(picture, regions=dashed)


def _region_nodes(
    nodes: Any, boxes: Sequence[tuple[float, float, float, float]]
) -> tuple[int, ...]:
    """The world's nodes inside a letter's region (its boxes)."""
    lon, lat = nodes["lon"].to_numpy(), nodes["lat"].to_numpy()
    inside = np.zeros(len(lon), dtype=bool)
    for w, s, e, n in boxes:
        inside |= (lon >= w) & (lon <= e) & (lat >= s) & (lat <= n)
    return tuple(int(i) for i in nodes["node_id"].to_numpy()[inside])


def read_where(engine: sa.Engine, what: str) -> WherePicture:
    """How often `what` (one of WHERE) happened where, over every logged voyage; refused
    (ChartError) when no logged voyage has any."""
    with engine.connect() as conn:
        by_node = run_places.where_by_node(conn, what)
        by_sea = run_places.where_by_sea(conn, what)
    if not by_node:
        raise ChartError(
            f"no logged voyage has {what} to draw yet: `privateer voyage --log` logs some"
        )
    return WherePicture(what, tuple(by_node), tuple(by_sea))
