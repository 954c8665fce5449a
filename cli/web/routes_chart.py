"""The chart page (/): the world's woodcut inline, to pan and zoom (static/chart.js), its
layers toggled, a port's card on hover or tap, the flows by season; and its JSON: the ports
where they lie on the SVG, a port's card (what the bar says on a world seed and day, read as
`privateer bar` reads it), and a flow's arrows."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from privateer.cli.web.chart_cache import CachedChart, world_chart
from privateer.cli.web.common import database, page, problem, settings, world_of

LAYERS = ("water-lines", "hatching", "rhumbs", "seas", "ports", "waters", "flows", "drake")
"""The layers a page toggles, by their SVG groups (pipeline/chart gives them the ids)."""
FLOW_NAMES = {
    "current": "current",
    "spring": "wind:0",
    "summer": "wind:1",
    "autumn": "wind:2",
    "winter": "wind:3",
}
DAY_MOST = 1460  # a card's world is run at most four years: each day is the world's work
ROUNDS = 5  # rounds stood at the bar, as `privateer bar` stands by default


class BadRequest(ValueError):
    """A request's value out of range: a 400 with the reason."""


def int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    text = request.query_params.get(name)
    if text is None or text == "":
        return default
    try:
        value = int(text)
    except ValueError:
        raise BadRequest(f"{name}={text!r}: a whole number, please") from None
    if not low <= value <= high:
        raise BadRequest(f"{name}={value}: from {low} to {high}")
    return value


def chart_and_ports(request: Request) -> tuple[CachedChart, list[dict[str, Any]]] | None:
    """The world's woodcut and its ports where they lie on it; None if no world is built."""
    from privateer.db import world_read
    from privateer.db.world_load import world_hash
    from privateer.pipeline.chart import svg_point
    from privateer.pipeline.params import Box

    with database(request) as engine, engine.connect() as conn:
        content_hash = world_hash(conn)
        if content_hash is None:
            return None
        ports = world_read.ports_in(conn, (-180.0, -90.0, 180.0, 90.0))
    chart = world_chart(settings(request), content_hash)  # the database let go: it may draw
    box = Box(*chart.box)
    xs, ys = svg_point(box, chart.scale, ports.lon.to_numpy(float), ports.lat.to_numpy(float))
    placed = [
        {
            "name": str(p.name),
            "nation": str(p.nation),
            "fortified": bool(p.fortified),
            "x": round(float(x), 2),
            "y": round(float(y), 2),
        }
        for p, x, y in zip(ports.itertuples(), xs, ys, strict=True)
    ]
    return chart, placed


async def chart_page(request: Request) -> Response:
    from starlette.concurrency import run_in_threadpool

    found = await run_in_threadpool(chart_and_ports, request)
    if found is None:
        return problem(request, 404, "the database holds no world yet: `privateer world build`")
    chart, ports = found
    return page(
        request,
        "chart.html",
        svg=chart.svg,
        ports=ports,
        layers=LAYERS,
        seasons=list(FLOW_NAMES),
        world=chart.content_hash[:12],
    )


async def ports_json(request: Request) -> Response:
    from starlette.concurrency import run_in_threadpool

    found = await run_in_threadpool(chart_and_ports, request)
    if found is None:
        return problem(request, 404, "the database holds no world yet")
    return JSONResponse(found[1])


def flows_group(request: Request, name: str) -> str | None:
    from privateer.db.world_load import world_hash

    with database(request) as engine, engine.connect() as conn:
        content_hash = world_hash(conn)
    if content_hash is None:
        return None
    return world_chart(settings(request), content_hash).flows[name]


async def flows_json(request: Request) -> Response:
    """A flow's arrows, the group `flows` to put in the chart: the current or a season's wind
    (spring, summer, autumn, winter)."""
    from starlette.concurrency import run_in_threadpool

    season = request.path_params["season"]
    if season not in FLOW_NAMES:
        return problem(request, 400, f"flow {season!r}: one of {', '.join(FLOW_NAMES)}")
    group = await run_in_threadpool(flows_group, request, FLOW_NAMES[season])
    if group is None:
        return problem(request, 404, "the database holds no world yet")
    return JSONResponse({"flow": season, "group": group})


def port_card(request: Request, name: str, seed: int, day: int) -> dict[str, Any]:
    """What a port's card says: nation, fortified, its waters, and a night in its bar on
    `day` of the world from `seed` (ROUNDS rounds, as `privateer bar` stands them)."""
    from privateer.cli.places import Places, UnknownPlace, find_port
    from privateer.cli.rumor_commands import ROUND_GOLD
    from privateer.cli.web.bar_days import world_on_day
    from privateer.db import world_read
    from privateer.engine.world import CENTURY, describe_rumor, stand_a_round

    with database(request) as engine:
        world = world_of(engine)
        try:
            index = find_port(world, name)
        except UnknownPlace as error:
            raise LookupError(str(error)) from None
        port = world.ports[index]
        with engine.connect() as conn:
            guarded, reach = world_read.port_waters(conn, port.name)
    water = int(world.water_nation[port.node])
    card: dict[str, Any] = {
        "name": port.name,
        "nation": world.nations[port.nation],
        "nation_name": world.nation_names[port.nation],
        "fortified": bool(port.fortified),
        "native": bool(port.native),
        "roles": sorted(port.roles),
        "waters": {
            "lies_in": world.nation_names[water] if water >= 0 else None,
            "guards_nodes": guarded,
            "guards_days": reach,
        },
        "seed": seed,
        "day": day,
        "round_gold": ROUND_GOLD,
        "bar": None,
    }
    if port.native:
        card["no_bar"] = "an islanders' harbour: no bar"
        return card
    state = world_on_day(world, seed, day)
    places = Places(world)
    rounds = []
    for number in range(1, ROUNDS + 1):
        rumor = stand_a_round(world, state, CENTURY, index)
        if rumor is None:
            rounds.append({"round": number, "heard": False, "text": "nothing worth the drink"})
            continue
        told = describe_rumor(world, rumor, state.day)
        flag = told["flag"]
        flag_name = world.nation_names[world.nations.index(str(flag))] if flag else "nobody"
        kind = str(told["ship_kind"]).replace("_", " ")
        ago = int(str(told["days_old"]))
        when = "today" if ago == 0 else "a day ago" if ago == 1 else f"{ago} days ago"
        text = f"a {kind} of {flag_name} {places.near(int(str(told['node'])))}, {when}"
        rounds.append({"round": number, "heard": True, "text": text, **told})
    card["bar"] = rounds
    return card


async def port_json(request: Request) -> Response:
    from starlette.concurrency import run_in_threadpool

    try:
        seed = int_param(request, "seed", 0, 0, 2**31 - 1)
        day = int_param(request, "day", 100, 0, DAY_MOST)
    except BadRequest as error:
        return problem(request, 400, str(error))
    try:
        card = await run_in_threadpool(port_card, request, request.path_params["name"], seed, day)
    except LookupError as error:
        return problem(request, 404, str(error))
    return JSONResponse(card)


def routes() -> list[BaseRoute]:
    return [
        Route("/", chart_page),
        Route("/api/ports", ports_json),
        Route("/api/ports/{name}", port_json),
        Route("/api/chart/flows/{season}", flows_json),
    ]
