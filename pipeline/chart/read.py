"""What the chart reads of the world, through db/'s readers: only what its style draws (the
woodcut reads no graph, and node positions only to place a run's marks)."""

from __future__ import annotations

import pandas as pd
import sqlalchemy as sa

from ..errors import WorldBuildError
from ..params import Box
from .common import ChartData, Flow


def read_chart_data(
    engine: sa.Engine, box: Box, *, plain: bool, flow: Flow | None, drake: bool, runs: bool
) -> ChartData:
    """The world's rows inside `box` for a chart: `plain` reads the day graph too, `runs`
    (a run's picture is drawn) the nodes' positions, `flow` its arrows, `drake` his route."""
    from privateer.db import world_read

    bounds = (box.west, box.south, box.east, box.north)
    with engine.connect() as conn:
        source = world_read.world_source(conn)
        if source is None:
            raise WorldBuildError("the database holds no world yet; run `privateer world build`")
        wanted = plain or runs
        nodes = (
            world_read.nodes(conn) if wanted else pd.DataFrame(columns=["node_id", "lon", "lat"])
        )
        steps = world_read.steps(conn) if plain else None
        ports = world_read.ports_in(conn, bounds)
        waters = world_read.protected_waters(conn)
        seas = world_read.seas_in(conn, bounds)
        if flow is None:
            arrows = pd.DataFrame(columns=["lon", "lat", "toward_deg", "knots"])
        elif flow.kind == "current":
            arrows = world_read.currents(conn)
        else:
            arrows = world_read.winds(conn, flow.season)
        route = world_read.drake_route(conn) if drake else None
    return ChartData(source, nodes, ports, waters, seas, arrows, route, steps)


def read_flow(engine: sa.Engine, flow: Flow) -> pd.DataFrame:
    """The arrows of one flow (the current, or a season's wind): lon, lat, toward_deg, knots."""
    from privateer.db import world_read

    with engine.connect() as conn:
        if flow.kind == "current":
            return world_read.currents(conn)
        return world_read.winds(conn, flow.season)
