"""`privateer chart OUT`: draw the world as built. The options, their checks and what is
written; what the engine works out for the pictures (the world's ships' wakes, a voyage
replayed to a day) is cli/chart_frames.py's, the pictures themselves (the runs read from the
log, the box fitted to them, the drawing) pipeline/chart's."""

from __future__ import annotations

from pathlib import Path

import typer

from privateer.cli.common import fail, note, open_db, user_errors
from privateer.cli.options import (
    DAYS_MAX,
    float_option,
    int_option,
    parse_box,
    run_option,
    seed_option,
)
from privateer.cli.outputs import check_output, force_option, writing_output
from privateer.pipeline.params import CHART_SCALE_MAX, CHART_SCALE_MIN


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
    drake: bool = typer.Option(
        True,
        "--drake/--no-drake",
        help="Trace Drake's route round the world (on every chart, as the Privateer design "
        "document has it; --no-drake leaves it off).",
    ),
    turns: int = int_option(
        0, "--turns", 0, DAYS_MAX, "Draw where the world's ships went in so many days."
    ),
    seed: int = seed_option("With --turns: the world's seed."),
    run: int | None = run_option(
        "Draw a logged voyage: her track day by day, ports, fights, raids, storms, her end."
    ),
    day: int | None = int_option(
        None,
        "--day",
        0,
        DAYS_MAX,
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
    force: bool = force_option(),
) -> None:
    """Draw the land, the day graph, the ports in their nations' colours (squares fortified,
    circles open), protected waters, the named seas, Drake's route (unless --no-drake), and
    optionally the flow and (--turns N) where the world's ships went in N days, in their
    flags' colours. With --run, a logged voyage over the water she sailed (boxed to her track
    unless --box; a run on Drake's circuit with his route and the places she touched); with
    --where, where captains sink, fight or raid. The output is checked writable before the
    drawing starts; an OUT already there is refused unless --force, a symbolic link always."""
    import dataclasses

    from privateer.cli.chart_frames import region_boxes, replay_seen, world_wakes
    from privateer.cli.progress import stage_progress
    from privateer.cli.worlds import engine_world
    from privateer.pipeline.chart import (
        FORMATS,
        STYLES,
        WHERE,
        WOODCUT_STAGES,
        Flow,
        draw_chart,
        run_pictures,
    )
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
    from privateer.engine.voyage import MODE as VOYAGE

    if mode not in VOYAGE.run_modes:
        fail(f"--mode {mode!r}: only voyages sail the chart (--mode voyage)")
    if style not in STYLES:
        fail(f"--style {style!r}: one of {', '.join(STYLES)}")
    check_output(out, FORMATS, force=force)
    tracks, ships = world_wakes(engine_world(ctx), turns, seed) if turns else (None, None)
    engine = open_db(ctx, create=False)
    with user_errors():
        try:
            runs = run_pictures(
                engine, run=run, day=day, where=where, box=chosen_box, scale=scale,
                regions=region_boxes(),
            )  # fmt: skip
            if run is not None and day is not None:
                seen, sighted = replay_seen(engine, run, day)
                runs = dataclasses.replace(runs, seen=seen, sighted=tuple(sighted))
        except WorldBuildError as error:
            fail(str(error))
    if runs.seen is not None:
        ships = [*(ships or []), *runs.sighted]
    done = iter(range(1, WOODCUT_STAGES + 1))
    try:
        with (
            writing_output(out, force=force) as part,
            stage_progress(WOODCUT_STAGES, enabled=style == "woodcut") as on_stage,
        ):

            def stage(name: str) -> None:
                on_stage(next(done, WOODCUT_STAGES), WOODCUT_STAGES, name)

            drawn = draw_chart(
                engine,
                part,
                box=runs.box,
                scale=runs.scale or 6.0,
                flow=chosen_flow,
                drake=drake or (runs.voyage is not None and runs.voyage.circuit),
                tracks=tracks,
                voyage=runs.voyage,
                where=runs.where,
                ships=ships,
                seen=runs.seen,
                style=style,
                progress=stage,
            )
    except WorldBuildError as error:
        fail(str(error))
    summary = ", ".join(f"{n} {kind}" for kind, n in drawn.items())
    note(f"wrote {out}: {summary}")
