"""`privateer chart OUT`: draw the world as built."""

from __future__ import annotations

from pathlib import Path

import typer

from .common import check_writable, fail, note, open_db, writing


def chart(
    ctx: typer.Context,
    out: Path = typer.Argument(..., help="The file to write: .svg or .png.", metavar="OUT"),
    box: str | None = typer.Option(None, "--box", help="Draw one region: W,S,E,N in degrees."),
    scale: float = typer.Option(6.0, "--scale", help="Pixels per degree (30 zooms well in)."),
    flow: str | None = typer.Option(
        None, "--flow", help="Arrows of the sea: 'current', or 'wind:SEASON' (0-3)."
    ),
    drake: bool = typer.Option(False, "--drake", help="Trace Drake's route round the world."),
    turns: int = typer.Option(
        0, "--turns", min=0, max=20_000, help="Draw where the world's ships went in so many days."
    ),
    seed: int = typer.Option(0, "--seed", min=0, max=2**62, help="With --turns: the world's seed."),
) -> None:
    """Draw the land, the day graph, the ports in their nations' colours (squares fortified,
    circles open), protected waters, the named seas, and optionally the flow, Drake's route,
    and (--turns N) where the world's ships went in N days, in their flags' colours. The
    output is checked writable before the drawing starts."""
    from privateer.pipeline.chart import FORMATS, Flow, draw_chart
    from privateer.pipeline.errors import WorldBuildError
    from privateer.pipeline.params import Box

    try:
        chosen_box = Box.parse(box) if box else None
        chosen_flow = Flow.parse(flow) if flow else None
    except WorldBuildError as error:
        fail(str(error))
    check_writable(out, FORMATS)
    tracks = _tracks(ctx, turns, seed) if turns else None
    engine = open_db(ctx)
    try:
        with writing(out):
            drawn = draw_chart(
                engine,
                out,
                box=chosen_box,
                scale=scale,
                flow=chosen_flow,
                drake=drake,
                tracks=tracks,
            )
    except WorldBuildError as error:
        fail(str(error))
    summary = ", ".join(f"{n} {kind}" for kind, n in drawn.items())
    note(f"wrote {out}: {summary}")


def _tracks(ctx: typer.Context, days: int, seed: int) -> list[tuple[str, list[float], list[float]]]:
    """Run the world `days` days from `seed` and keep every ship's wake, day by day."""
    from privateer.engine.world.game import advance, create_world

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
    flags = state.ships["flag"]
    return [
        (
            world.nations[flags[ship]] if flags[ship] >= 0 else "",
            [lon[n] for n in wake],
            [lat[n] for n in wake],
        )
        for ship, wake in enumerate(wakes)
        if len(wake) > 1
    ]
