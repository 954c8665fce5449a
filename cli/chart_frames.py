"""What the chart is handed to draw, worked out here by the engine so that the pictures
(pipeline/chart) replay nothing: a voyage replayed from its log to a day and what she saw
then (`seen_picture`, `replay_seen`: `chart --run --day`, a run's page a day at a time), the
world run some days from a seed and where its ships went (`world_wakes`: `chart --turns`),
and the letters' regions as their boxes (`region_boxes`: the dashed regions of a voyage)."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

from privateer.engine.voyage import (
    ADMIRALTY,
    ENGINE_VERSION,
    REGIONS,
    VoyageState,
    in_sight,
    rumor_kept,
    state_on_day,
    voyage_rules,
    world_rules,
)
from privateer.engine.world import (
    KINDS,
    Rumor,
    World,
    advance,
    charted,
    cloud,
    create_world,
    off_by,
    search_area,
)
from privateer.pipeline.chart import PLAYER_FLAG, RumorRing, SeenPicture, ShipMark, Track
from privateer.pipeline.errors import ChartError

if TYPE_CHECKING:
    import sqlalchemy as sa

Boxes = dict[str, tuple[tuple[float, float, float, float], ...]]


def region_boxes() -> Boxes:
    """Each letter of marque's region by name: its boxes of the chart (W, S, E, N), as
    engine/voyage/letters.py's REGIONS declares them, for the chart to dash."""
    return {region.name: tuple(region.boxes) for region in REGIONS}


def seen_picture(world: World, state: VoyageState, run_id: int) -> SeenPicture:
    """The picture of a voyage's state (`state_on_day`): what she had charted, who was in
    sight, and for every live rumor its ring and its cloud's search area."""
    ws = state.world
    day = int(state.day)
    wrules = world_rules(state)

    def flag(nation: int) -> str:
        return str(world.nations[nation]) if nation >= 0 else ""

    sight = tuple(
        (
            flag(ws.ships["flag"][s]),
            int(ws.ships["node"][s]),
            KINDS[ws.ships["kind"][s]].warship,
        )
        for s in in_sight(world, state, voyage_rules(state))
    )
    masks = [charted(world, ws, season) for season in range(4)]
    rings = []
    for raw in state.rumors:
        rumor = Rumor.from_list(raw)
        if not rumor_kept(rumor, day, wrules):  # the Admiralty's word till fresher
            continue
        mass = cloud(world, ws, wrules, rumor, day, masks)
        area = search_area(mass, wrules.search_share)
        kind = KINDS[rumor.kind].label
        rings.append(
            RumorRing(
                int(rumor.node),
                max(off_by(wrules, rumor.reliability)),  # 1 or 3 steps
                (
                    f"the Admiralty's word of the plate ship, day {rumor.day}"
                    if rumor.source == ADMIRALTY
                    else f"{flag(rumor.flag)} {kind}, day {rumor.day}"
                ),
                tuple((int(n), float(mass[n])) for n in area),
            )
        )
    title = (
        f"Run {run_id} · day {day} · {state.gold} gold · hull {state.hull} · "
        f"{len(sight)} in sight · {len(rings)} rumors"
    )
    return SeenPicture(
        day, title, int(state.node), tuple(int(n) for n in ws.charted_currents), sight, tuple(rings)
    )


def replay_seen(engine: sa.Engine, run_id: int, day: int) -> tuple[SeenPicture, list[ShipMark]]:
    """The voyage replayed from its log to the end of `day`, and what she saw then; her ship
    and the ships in sight, to draw. A run this engine cannot replay, or a day past her end,
    is refused (ChartError)."""
    from privateer.db.runs import logged_runs
    from privateer.db.world_load import load_world
    from privateer.engine.modes import MODES
    from privateer.engine.replay import check_world

    with engine.connect() as conn:
        (run,) = logged_runs(conn, [run_id])
    if not MODES["voyage"].plays(run.engine_version):
        raise ChartError(
            f"run {run_id} was played by {run.engine_version}; this is {ENGINE_VERSION}"
        )
    world = load_world(engine)
    try:
        check_world(run, world)
        state = state_on_day(world, run, day)
    except ValueError as error:  # a ReplayRefusedError too
        raise ChartError(str(error)) from None
    picture = seen_picture(world, state, run_id)
    lon, lat = world.lon, world.lat
    ships = [(PLAYER_FLAG, float(lon[picture.node]), float(lat[picture.node]), False)]
    ships += [(flag, float(lon[n]), float(lat[n]), war) for flag, n, war in picture.in_sight]
    return picture, ships


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
