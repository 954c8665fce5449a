"""The runs pages: /runs (the list from db/run_list.py, filtered by mode and outcome, a page at
a time) and /runs/{id} (a run; a voyage's track on the woodcut with a day slider, her gold,
hull and morale over the run, the day's events); and their JSON: /api/runs/{id} (the whole
voyage: track and series) and /api/runs/{id}/days/{day} (the day: her node, the ships in
sight, her rumors' rings, the events), read as `privateer chart --run --day` reads them."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from privateer.cli.web.chart_cache import CachedChart, world_chart
from privateer.cli.web.common import database, page, problem, reading, settings, world_of
from privateer.cli.web.routes_chart import BadRequest, int_param

PAGE = 50


class NoSuchRun(LookupError):
    """An unknown run, or a day it has not: a 404 with the reason."""


async def runs_page(request: Request) -> Response:
    """The list: mode, outcome, seed, days, gold (a voyage's score is her gold); filters and
    pages by the query (?mode=&outcome=&page=)."""
    from privateer.db.run_list import list_runs_page, run_kinds

    mode = request.query_params.get("mode") or None
    outcome = request.query_params.get("outcome") or None
    try:
        number = int_param(request, "page", 1, 1, 10_000_000)
    except BadRequest as error:
        return problem(request, 400, str(error))
    path = settings(request).db_path
    try:
        rows, total = await run_in_threadpool(
            reading,
            request,
            list_runs_page,
            path,
            mode=mode,
            outcome=outcome,
            limit=PAGE,
            offset=(number - 1) * PAGE,
        )
        modes, outcomes = await run_in_threadpool(reading, request, run_kinds, path)
    except ValueError as error:
        return problem(request, 400, str(error))
    if request.url.path.startswith("/api/"):
        plain = [
            {k: v if isinstance(v, int | str | None) else str(v) for k, v in r.items()}
            for r in rows
        ]
        return JSONResponse({"runs": plain, "total": total, "page": number, "per_page": PAGE})
    return page(
        request,
        "runs.html",
        runs=rows,
        total=total,
        number=number,
        pages=max(1, -(-total // PAGE)),
        mode=mode or "",
        outcome=outcome or "",
        modes=modes,
        outcomes=outcomes,
    )


def _plain(row: dict[str, Any]) -> dict[str, Any]:
    """A row as JSON holds it: numbers, text, null; the rest (times, options) as text."""
    return {k: v if isinstance(v, int | float | str | None) else str(v) for k, v in row.items()}


def _places(world: Any) -> Any:
    from privateer.cli.places import Places

    found = _PLACES.get(str(world.content_hash))
    if found is None:
        _PLACES.clear()
        found = _PLACES[str(world.content_hash)] = Places(world)
    return found


_PLACES: dict[str, Any] = {}


@dataclass
class Voyage:
    """A logged voyage as its page reads it: her log, the world she sailed, her picture
    (pipeline/chart/runs.py's, as `chart --run` reads it), the woodcut it is drawn on, and
    her events by day. A finished voyage's is kept: its log no longer changes."""

    logged: Any
    world: Any
    picture: Any
    chart: CachedChart
    events: dict[int, list[tuple[str, dict[str, Any]]]]

    def placed(self, node: int) -> dict[str, Any]:
        """A node where it lies on the woodcut."""
        from privateer.pipeline.chart import svg_point
        from privateer.pipeline.params import Box

        lon, lat = float(self.world.lon[node]), float(self.world.lat[node])
        x, y = svg_point(Box(*self.chart.box), self.chart.scale, lon, lat)
        return {
            "node": node,
            "lon": round(lon, 3),
            "x": round(float(x), 2),
            "y": round(float(y), 2),
        }


KEPT_VOYAGES = 8
_VOYAGES: dict[tuple[str, int], tuple[dict[str, Any], Voyage]] = {}
_KEPT_LOCK = threading.Lock()


def _voyage(request: Request, run_id: int) -> tuple[dict[str, Any], Voyage | None]:
    """The run's row, and for a voyage this engine replays on this world her Voyage (None,
    the reason in the row's `not_replayed`, for any other)."""
    key = (str(settings(request).db_path), run_id)
    with _KEPT_LOCK:
        kept = _VOYAGES.get(key)
    if kept is not None:
        return kept
    run, voyage = _read_voyage(request, run_id)
    if voyage is not None and run.get("outcome") is not None:
        with _KEPT_LOCK:
            _VOYAGES[key] = (run, voyage)
            while len(_VOYAGES) > KEPT_VOYAGES:
                del _VOYAGES[next(iter(_VOYAGES))]
    return run, voyage


def _read_voyage(request: Request, run_id: int) -> tuple[dict[str, Any], Voyage | None]:
    from privateer.cli.chart_frames import region_boxes
    from privateer.db.errors import DatabaseError
    from privateer.db.runs import get_run, logged_runs, run_events
    from privateer.db.world_load import world_hash
    from privateer.engine.modes import MODES
    from privateer.engine.replay import check_world
    from privateer.engine.voyage import game_for
    from privateer.pipeline.chart import read_voyage

    with database(request) as engine:
        with engine.connect() as conn:
            try:
                run = get_run(conn, run_id)
            except DatabaseError as error:
                raise NoSuchRun(str(error)) from None
            if run["mode"] != "voyage":
                return run, None
            (logged,) = logged_runs(conn, [run_id])
            content_hash = world_hash(conn)
            events: dict[int, list[tuple[str, dict[str, Any]]]] = {}
            for e in run_events(conn, run_id):
                events.setdefault(int(e["day"]), []).append((str(e["kind"]), e["payload"]))
        if not MODES["voyage"].plays(logged.engine_version):
            run["not_replayed"] = f"played by {logged.engine_version}, which this engine is not"
            return run, None
        if content_hash is None:
            run["not_replayed"] = "the database holds no world"
            return run, None
        world = world_of(engine)
        try:
            check_world(logged, world)
            game_for(world, logged.options, logged.engine_version)  # rules it can play by
            picture = read_voyage(engine, run_id, regions=region_boxes())
        except Exception as error:  # another world, rules past their bounds, no voyage_start
            run["not_replayed"] = str(error)
            return run, None
    chart = world_chart(settings(request), content_hash)  # the database let go: it may draw
    return run, Voyage(logged, world, picture, chart, events)


def voyage_json(request: Request, run_id: int) -> dict[str, Any]:
    """The whole voyage for its page: the run, her track (start and a point a day she
    sailed) placed on the woodcut, what befell her where, and her gold, hull and morale a
    day."""
    from privateer.cli.web.run_days import run_days

    run, voyage = _voyage(request, run_id)
    if voyage is None:
        return {"run": _plain(run), "voyage": None}
    picture = voyage.picture
    days = run_days(voyage.world, voyage.logged)
    track = [{"day": 0, **voyage.placed(picture.start)}]
    track += [
        {"day": picture.day_of(i), **voyage.placed(node)} for i, node in enumerate(picture.track)
    ]
    marks = [
        {"kind": m.kind, "day": m.day, "label": m.label, **voyage.placed(m.node)}
        for m in picture.marks
    ]
    return {
        "run": _plain(run),
        "voyage": {
            "title": picture.title,
            "track": track,
            "marks": marks,
            "series": days.series,
            "last_day": days.last_day,
        },
    }


def day_json(request: Request, run_id: int, day: int) -> dict[str, Any]:
    """The voyage at the end of `day`: her node, gold, hull and morale, the ships in sight,
    her rumors' rings and their search areas (cli/chart_frames.py's `seen_picture`, as `chart
    --run --day` draws it), how much of the sea she has charted, and the day's events in the
    terminal's words."""
    from privateer.cli.chart_frames import seen_picture
    from privateer.cli.voyage.render import voyage_line
    from privateer.cli.web.run_days import run_days
    from privateer.engine.events import Event

    run, voyage = _voyage(request, run_id)
    if voyage is None:
        why = run.get("not_replayed") or f"a {run['mode']} run"
        raise NoSuchRun(f"run {run_id} has no days to show: {why}")
    days = run_days(voyage.world, voyage.logged)
    try:
        state = days.state_on(day)
    except ValueError as error:
        raise NoSuchRun(str(error)) from None
    seen = days.pictures.get(day)
    if seen is None:
        seen = days.pictures[day] = seen_picture(voyage.world, state, run_id)
    places = _places(voyage.world)
    lines = [
        line
        for kind, payload in voyage.events.get(day, [])
        if (line := voyage_line(Event(kind, day, payload), places))
    ]
    placed = voyage.placed
    return {
        "run_id": run_id,
        "day": day,
        "last_day": days.last_day,
        **placed(seen.node),
        "gold": int(state.gold),
        "hull": int(state.hull),
        "morale": int(state.morale),
        "charted": len(seen.seen),
        "in_sight": [
            {"flag": flag, "warship": war, **placed(node)} for flag, node, war in seen.in_sight
        ],
        "rumors": [
            {
                **placed(ring.node),
                "steps": ring.steps,
                "label": ring.label,
                "search": [{**placed(n), "share": round(share, 4)} for n, share in ring.search],
            }
            for ring in seen.rumors
        ],
        "events": lines,
    }


def _run_id(request: Request) -> int:
    text = request.path_params["run_id"]
    try:
        return int(text)
    except ValueError:
        raise NoSuchRun(f"no run {text!r}: runs are numbered") from None


async def run_page(request: Request) -> Response:
    try:
        run_id = _run_id(request)
        found = await run_in_threadpool(voyage_json, request, run_id)
    except NoSuchRun as error:
        return problem(request, 404, str(error))
    chart = None
    if found["voyage"] is not None:
        _, voyage = await run_in_threadpool(_voyage, request, run_id)
        chart = voyage.chart.svg if voyage is not None else None
    return page(request, "run.html", run=found["run"], voyage=found["voyage"], svg=chart)


async def run_json(request: Request) -> Response:
    try:
        return JSONResponse(await run_in_threadpool(voyage_json, request, _run_id(request)))
    except NoSuchRun as error:
        return problem(request, 404, str(error))


async def run_day_json(request: Request) -> Response:
    try:
        run_id = _run_id(request)
        day = int_param_path(request, "day")
        return JSONResponse(await run_in_threadpool(day_json, request, run_id, day))
    except BadRequest as error:
        return problem(request, 400, str(error))
    except NoSuchRun as error:
        return problem(request, 404, str(error))


def int_param_path(request: Request, name: str) -> int:
    text = request.path_params[name]
    try:
        value = int(text)
    except ValueError:
        raise BadRequest(f"{name} {text!r}: a whole number, please") from None
    if value < 0:
        raise BadRequest(f"{name} {value}: from 0")
    return value


def routes() -> list[BaseRoute]:
    return [
        Route("/runs", runs_page),
        Route("/api/runs", runs_page),
        Route("/runs/{run_id}", run_page),
        Route("/api/runs/{run_id}", run_json),
        Route("/api/runs/{run_id}/days/{day}", run_day_json),
    ]
