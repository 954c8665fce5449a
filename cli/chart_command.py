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
) -> None:
    """Draw the land, the day graph, the ports in their nations' colours (squares fortified,
    circles open), protected waters, the named seas, and optionally the flow and Drake. The
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
    engine = open_db(ctx)
    try:
        with writing(out):
            drawn = draw_chart(
                engine, out, box=chosen_box, scale=scale, flow=chosen_flow, drake=drake
            )
    except WorldBuildError as error:
        fail(str(error))
    summary = ", ".join(f"{n} {kind}" for kind, n in drawn.items())
    note(f"wrote {out}: {summary}")
