"""`privateer chart OUT`: draw the world as built."""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from privateer.pipeline.params import CHART_SCALE_MAX, CHART_SCALE_MIN

from .common import check_writable, fail, note, open_db, user_errors, writing
from .options import (
    LONGEST_VOYAGE_DAYS,
    float_option,
    int_option,
    parse_box,
    run_option,
    seed_option,
)

if TYPE_CHECKING:
    import sqlalchemy as sa

    from privateer.pipeline.chart import ShipMark, Track
    from privateer.pipeline.params import Box
    from privateer.pipeline.run_pictures import SeenPicture, VoyagePicture, WherePicture

WHERE = ("sunk", "fights", "raids")
WOODCUT_STAGES = 9  # what the woodcut's progress counts (its progress() calls)
RUN_CHART_PX = 1600.0  # a run's chart, boxed to her track, is drawn this many pixels wide


def chart(
    ctx: typer.Context,
    out: Path = typer.Argument(..., help="The file to write: .svg or .png.", metavar="OUT"),
    box: str | None = typer.Option(None, "--box", help="Draw one region: W,S,E,N in degrees."),
    scale: float | None = float_option(
        None,
        "--scale",
        CHART_SCALE_MIN,
        CHART_SCALE_MAX,
        "Pixels per degree: 6 unless given (30 zooms well in); a --run chart boxed to her "
        "track, or a boxed --where, is drawn 1,600 pixels wide.",
    ),
    flow: str | None = typer.Option(
        None, "--flow", help="Arrows of the sea: 'current', or 'wind:SEASON' (0-3)."
    ),
    drake: bool = typer.Option(False, "--drake", help="Trace Drake's route round the world."),
    turns: int = int_option(
        0, "--turns", 0, 20_000, "Draw where the world's ships went in so many days."
    ),
    seed: int = seed_option("With --turns: the world's seed."),
    run: int | None = run_option(
        "Draw a logged voyage: her track day by day, ports, fights, raids, storms, her end."
    ),
    day: int | None = int_option(
        None,
        "--day",
        0,
        LONGEST_VOYAGE_DAYS,
        "With --run: the chart as she saw it at the end of that day: the water on her "
        "chart, ships in sight, her rumors' rings and clouds.",
    ),
    where: str | None = typer.Option(
        None,
        "--where",
        help="Where captains sunk, fights or raids over every logged voyage, ringed by how often.",
    ),
    mode: str = typer.Option(
        "voyage", "--mode", help="With --where: the runs counted (voyage: the runs that sail)."
    ),
    style: str = typer.Option(
        "woodcut",
        "--style",
        help="woodcut: the engraved chart of the century; plain: a map to check the build by.",
    ),
) -> None:
    """Draw the land, the day graph, the ports in their nations' colours (squares fortified,
    circles open), protected waters, the named seas, and optionally the flow, Drake's route,
    and (--turns N) where the world's ships went in N days, in their flags' colours. With
    --run, a logged voyage over the water she sailed (boxed to her track unless --box); with
    --where, where captains sink, fight or raid. The output is checked writable before the
    drawing starts."""
    from privateer.pipeline.chart import FORMATS, STYLES, Flow, draw_chart
    from privateer.pipeline.errors import WorldBuildError

    chosen_box = parse_box(box)
    try:
        chosen_flow = Flow.parse(flow) if flow is not None else None
    except WorldBuildError as error:
        fail(str(error))
    if day is not None and run is None:
        fail("--day is a day of a voyage: give its --run too")
    if run is not None and where is not None:
        fail("--run and --where draw different pictures: choose one")
    if where is not None and where not in WHERE:
        fail(f"--where {where!r}: one of {', '.join(WHERE)}")
    if mode != "voyage":
        fail(f"--mode {mode!r}: only voyages sail the chart (--mode voyage)")
    if style not in STYLES:
        fail(f"--style {style!r}: one of {', '.join(STYLES)}")
    check_writable(out, FORMATS)
    tracks, ships = _tracks(ctx, turns, seed) if turns else (None, None)
    engine = open_db(ctx, create=False)
    voyage = picture = seen = None
    with user_errors():
        if run is not None:
            voyage = _voyage(engine, run, day)
            if day is not None:
                seen, sighted = _seen(engine, run, day)
                ships = [*(ships or []), *sighted]
            if chosen_box is None:
                chosen_box, fitted = _box_round(engine, voyage)
                scale = scale or fitted
        if where is not None:
            picture = _where(engine, where)
            if chosen_box is not None and scale is None:
                scale = _fitted_scale(chosen_box)
    from .progress import stage_progress

    done = iter(range(1, WOODCUT_STAGES + 1))
    try:
        with writing(out), stage_progress(WOODCUT_STAGES, enabled=style == "woodcut") as on_stage:

            def stage(name: str) -> None:
                on_stage(next(done, WOODCUT_STAGES), WOODCUT_STAGES, name)

            drawn = draw_chart(
                engine,
                out,
                box=chosen_box,
                scale=scale or 6.0,
                flow=chosen_flow,
                drake=drake,
                tracks=tracks,
                voyage=voyage,
                where=picture,
                ships=ships,
                seen=seen,
                style=style,
                progress=stage,
            )
    except WorldBuildError as error:
        fail(str(error))
    summary = ", ".join(f"{n} {kind}" for kind, n in drawn.items())
    note(f"wrote {out}: {summary}")


def _tracks(ctx: typer.Context, days: int, seed: int) -> tuple[list[Track], list[ShipMark]]:
    """Run the world `days` days from `seed`: every ship's wake, day by day, and where each
    ship is at the end (warships marked)."""
    from privateer.engine.world.game import advance, create_world
    from privateer.engine.world.kinds import KINDS

    from .worlds import engine_world

    world = engine_world(ctx)
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


def _seen(engine: sa.Engine, run_id: int, day: int) -> tuple[SeenPicture, list[ShipMark]]:
    """The voyage replayed from its log to the end of `day`, and what she saw then; her ship
    and the ships in sight, to draw."""
    from privateer.db.runs import logged_runs
    from privateer.db.world_load import load_world
    from privateer.engine.replay import ReplayRefusedError, check_world
    from privateer.engine.voyage.game import ENGINE_VERSION
    from privateer.engine.voyage.record import state_on_day
    from privateer.pipeline.run_pictures import seen_picture

    with engine.connect() as conn:
        (run,) = logged_runs(conn, [run_id])
    if run.engine_version not in (None, ENGINE_VERSION):
        fail(f"run {run_id} was played by {run.engine_version}; this is {ENGINE_VERSION}")
    world = load_world(engine)
    try:
        check_world(run, world)
    except ReplayRefusedError as error:
        fail(str(error))
    try:
        state = state_on_day(world, run, day)
    except ValueError as error:
        fail(str(error))
    picture = seen_picture(world, state, run_id)
    lon, lat = world.lon, world.lat
    ships = [("england", float(lon[picture.node]), float(lat[picture.node]), False)]
    ships += [(flag, float(lon[n]), float(lat[n]), war) for flag, n, war in picture.in_sight]
    return picture, ships


def _voyage(engine: sa.Engine, run_id: int, day: int | None = None) -> VoyagePicture:
    from privateer.db import world_read
    from privateer.db.run_places import voyage_events, voyage_run
    from privateer.pipeline.run_pictures import voyage_picture

    with engine.connect() as conn:
        run = voyage_run(conn, run_id)
        events = voyage_events(conn, run_id)
        ports = world_read.ports_in(conn, (-180.0, -90.0, 180.0, 90.0))
    names: dict[int, str] = {}
    for port in ports.itertuples():
        names[int(port.node_id)] = "/".join(filter(None, [names.get(int(port.node_id)), port.name]))
    if day is not None:  # as far as that day
        events = [event for event in events if event[0] <= day]
    try:
        return voyage_picture(run, events, names)
    except ValueError as error:
        fail(str(error))


def _box_round(engine: sa.Engine, voyage: VoyagePicture) -> tuple[Box, float]:
    """The box round her track (at least 24 by 16 degrees, 3 degrees to spare), and the scale
    that draws it RUN_CHART_PX wide."""
    from privateer.db import world_read
    from privateer.pipeline.params import Box

    with engine.connect() as conn:
        nodes = world_read.nodes(conn).set_index("node_id")
    placed = nodes.loc[[voyage.start, *voyage.track, *(m.node for m in voyage.marks)]]
    west, east = float(placed.lon.min()), float(placed.lon.max())
    south, north = float(placed.lat.min()), float(placed.lat.max())
    if east - west > 180.0:  # round the world, or across the antimeridian: the whole width
        west, east = -180.0, 180.0
    grow_x, grow_y = (
        max(0.0, 24.0 - (east - west)) / 2 + 3,
        max(0.0, 16.0 - (north - south)) / 2 + 3,
    )
    box = Box(
        max(-180.0, west - grow_x),
        max(-85.0, south - grow_y),
        min(180.0, east + grow_x),
        min(85.0, north + grow_y),
    )
    return box, _fitted_scale(box)


def _fitted_scale(box: Box) -> float:
    return min(60.0, max(6.0, RUN_CHART_PX / (box.east - box.west)))


def _where(engine: sa.Engine, what: str) -> WherePicture:
    from privateer.db.run_places import where_by_node, where_by_sea
    from privateer.pipeline.run_pictures import WherePicture

    with engine.connect() as conn:
        by_node = where_by_node(conn, what)
        by_sea = where_by_sea(conn, what)
    if not by_node:
        fail(f"no logged voyage has {what} to draw yet: `privateer voyage --log` logs some")
    return WherePicture(what, tuple(by_node), tuple(by_sea))
