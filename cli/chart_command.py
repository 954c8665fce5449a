"""`privateer chart OUT`: draw the world as built."""

from __future__ import annotations

from pathlib import Path

import typer

from .common import err, fail, open_db


def chart(
    ctx: typer.Context,
    out: Path = typer.Argument(..., help="The file to write: .svg, or .png."),
    box: str | None = typer.Option(None, "--box", help="Draw one region: W,S,E,N in degrees."),
    scale: float = typer.Option(6.0, "--scale", help="Pixels per degree (30 zooms well in)."),
    flow: str | None = typer.Option(
        None, "--flow", help="Arrows of the sea: 'current', or 'wind:SEASON' (0-3)."
    ),
    drake: bool = typer.Option(False, "--drake", help="Trace Drake's route round the world."),
) -> None:
    """Draw the land, the day graph, the ports in their nations' colours (squares fortified,
    circles open), protected waters, the named seas, and optionally the flow and Drake."""
    from privateer.pipeline.chart import Flow, draw_chart
    from privateer.pipeline.errors import WorldBuildError
    from privateer.pipeline.params import Box

    engine = open_db(ctx)
    try:
        drawn = draw_chart(
            engine,
            out,
            box=Box.parse(box) if box else None,
            scale=scale,
            flow=Flow.parse(flow) if flow else None,
            drake=drake,
        )
    except WorldBuildError as error:
        fail(str(error))
    finally:
        engine.dispose()
    summary = ", ".join(f"{n} {kind}" for kind, n in drawn.items())
    err.print(f"wrote {out}: {summary}", highlight=False)
