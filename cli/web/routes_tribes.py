"""A logged Tribes run watched in the browser: its map tick by tick under a slider, each tribe's
population, stores, morale and score over the run, the events of the tick in view, and the fog
of war as any one tribe saw it (cli/web/tribes_ticks.py re-runs it once and keeps it).

    GET /tribes/{run_id}                         the page
    GET /api/tribes/{run_id}                     the run: its tribes and colours, ticks, series
    GET /api/tribes/{run_id}/ticks/{tick}?tribe= the map at a tick (the whole world, or a
                                                 tribe's view through its fog)
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from privateer.cli.web.common import database, page, problem, run_mode, settings


def _ticks(request: Request, run_id: int) -> Any:
    """The run's ticks (kept), or None when the database has no Tribes run of that id."""
    import json

    from privateer.cli.web import tribes_ticks
    from privateer.db.errors import DatabaseError
    from privateer.db.runs import get_run

    with database(request) as engine, engine.connect() as conn:
        try:
            row = get_run(conn, run_id)
        except DatabaseError:
            return None
    if row["mode"] != "tribes":
        return None
    path = str(settings(request).db_path.resolve())
    figures = (row["seed"], json.dumps(row["options"], sort_keys=True), row["events"])
    key = (path, run_id, *figures, row["actions"], str(row.get("started_at")))
    return tribes_ticks.tribes_ticks(key, lambda: _logged(request, run_id))


def _logged(request: Request, run_id: int) -> Any:
    """The logged Tribes run of that id, or None."""
    from privateer.db.errors import DatabaseError
    from privateer.db.runs import logged_runs

    with database(request) as engine, engine.connect() as conn:
        try:
            (run,) = logged_runs(conn, [run_id])
        except DatabaseError:
            return None
    return run if run.mode == "tribes" else None


def tribes_page(request: Request) -> Response:
    run_id = int(request.path_params["run_id"])
    found = run_mode(request, run_id)  # the run's row, not its whole log
    if found is None or found[0] != "tribes":
        return problem(request, 404, f"no Tribes run {run_id}")
    return page(request, "tribes.html", run_id=run_id)


async def run_json(request: Request) -> Response:
    return await run_in_threadpool(_run_json, request, int(request.path_params["run_id"]))


def _run_json(request: Request, run_id: int) -> Response:
    from privateer.cli.tribes.terrain import TERRAIN_NAMES
    from privateer.pipeline.chart.tribes_key import TERRAIN_COLOURS, tribe_colour

    ticks = _ticks(request, run_id)
    if ticks is None:
        return problem(request, 404, f"no Tribes run {run_id}")
    state = ticks.state_at(0)
    return JSONResponse(
        {
            "run_id": run_id,
            "seed": ticks.seed,
            "size": state.size,
            "last_tick": ticks.last_tick,
            "tribes": [
                {"id": t.id, "name": t.name, "colour": tribe_colour(t.id)} for t in state.tribes
            ],
            "terrain": {
                c: {"name": name, "colour": TERRAIN_COLOURS[c]} for c, name in TERRAIN_NAMES.items()
            },
            "series": ticks.series,
        }
    )


async def tick_json(request: Request) -> Response:
    run_id = int(request.path_params["run_id"])
    tick = int(request.path_params["tick"])
    text = request.query_params.get("tribe", "")
    if text and not text.isdigit():
        return problem(request, 400, f"tribe {text!r}: a tribe's number, from 0")
    tribe = int(text) if text else None
    return await run_in_threadpool(_tick_json, request, run_id, tick, tribe)


def _tick_json(request: Request, run_id: int, tick: int, tribe: int | None) -> Response:
    from privateer.cli.web import tribes_ticks

    ticks = _ticks(request, run_id)
    if ticks is None:
        return problem(request, 404, f"no Tribes run {run_id}")
    try:
        return JSONResponse(tribes_ticks.tick_view(ticks, tick, tribe))
    except ValueError as error:
        return problem(request, 400, str(error))


def routes() -> list[BaseRoute]:
    return [
        Route("/tribes/{run_id:int}", tribes_page),
        Route("/api/tribes/{run_id:int}", run_json),
        Route("/api/tribes/{run_id:int}/ticks/{tick:int}", tick_json),
    ]
