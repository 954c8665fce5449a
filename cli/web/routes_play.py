"""A voyage played in the browser, and the duel's and the fight's replays.

Play goes through the same session as `privateer play` (cli/voyage/session.py): the same legal
actions, the same save after every action (db/saves.py through the session's RunStore), so a
run started here resumes in `privateer play --resume` and the other way round. The server holds
no voyage between requests: each one picks the run up from its save, as the terminal does.

    POST /api/play/new            {seed, rules, days?} -> the run and its state
    GET  /play                    start a voyage, or pick one in progress up
    GET  /play/{run_id}           the page
    GET  /api/play/{run_id}       the state as the player sees it
    POST /api/play/{run_id}/act   {action, confirm?} -> the action's lines and the new state;
                                  400 with the reason for an action not open

    GET  /runs/{run_id}/duel      a duel replayed on its hex board, action by action
    GET  /runs/{run_id}/fight     a fight replayed round by round
    GET  /api/runs/{run_id}/replay   the frames of either, as JSON

The runs pages link a run of mode duel, fight or sim to its replay by REPLAYS (mode -> path)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from privateer.cli.web.common import (
    TEMPLATES,
    database,
    json_body,
    page,
    problem,
    run_mode,
    run_store,
    settings,
    whole_number,
    world_of,
)

if TYPE_CHECKING:
    from privateer.cli.voyage.session import VoyageSession
    from privateer.engine.world import World

REPLAYS = {"duel": "duel", "fight": "fight", "sim": "fight"}
"""The replay page of a run of each mode: /runs/{run_id}/{REPLAYS[mode]}."""


def replay_path(run_id: int, mode: str) -> str | None:
    """Where a run's replay page is (None: its mode has none here; a voyage's is /runs/{id},
    a Tribes run's /tribes/{id})."""
    if mode == "tribes":
        return f"/tribes/{run_id}"
    kind = REPLAYS.get(mode)
    return f"/runs/{run_id}/{kind}" if kind else None


PLAYED_HERE = {"voyage": "/play", "tabletop": "/tabletop"}
"""The run modes the browser plays, and where (the page's path before the run's id); the others
are played in the terminal."""


def play_path(run_id: int, mode: str, outcome: str | None) -> str | None:
    """Where a run still in progress is played on in the browser (None: not here)."""
    return f"{PLAYED_HERE[mode]}/{run_id}" if mode in PLAYED_HERE and not outcome else None


TEMPLATES.env.globals["replay_path"] = replay_path  # the runs list links a duel or fight there
TEMPLATES.env.globals["play_path"] = play_path


# --- the session, picked up per request ------------------------------------------------------


def play_world(request: Request) -> World:
    """The World the database holds (the one `privateer play` sails)."""
    with database(request) as engine:
        return world_of(engine)


def _resume(request: Request, run_id: int) -> VoyageSession | Response:
    """The voyage of run_id where its save left it; or the answer saying why not (404: no such
    voyage; 409: over, or not to be picked up)."""
    from privateer.cli.voyage.session import VoyageSession
    from privateer.db.errors import DatabaseError, DatabaseLockedError

    kept: dict[int, tuple[VoyageSession, tuple[Any, ...]]] = _kept(request)
    held = kept.get(run_id)
    if held is not None and held[1] == _stamp(request):
        return held[0]  # nothing has written the file since: the session is as its save
    world = play_world(request)
    try:
        session = VoyageSession.pick_up(run_store(request), world, run_id)
    except DatabaseLockedError:
        raise  # held by another process: the app's 503, not this run's fault
    except DatabaseError as error:
        found = run_mode(request, run_id)  # why not: no such voyage, over, or its save's word
        if found is None or found[0] != "voyage":
            return problem(request, 404, f"no voyage run {run_id}")
        if found[1] is not None:
            outcome = str(found[1]).replace("_", " ")
            return problem(request, 409, f"run {run_id}'s voyage is over ({outcome})")
        return problem(request, 409, str(error))
    keep(request, session)
    return session


KEPT_SESSIONS = 8
"""Voyages kept in memory between requests (the newest played), each with the stamp of the
database file as its last save left it."""


def _kept(request: Request) -> dict[int, tuple[VoyageSession, tuple[Any, ...]]]:
    state = request.app.state
    kept = getattr(state, "play_sessions", None)
    if kept is None:
        kept = state.play_sessions = {}
    return kept


def _stamp(request: Request) -> tuple[Any, ...]:
    """The database file and its write-ahead log as the file system has them (size and time
    of the last change): any write by anyone (`privateer play` in a terminal too) changes it,
    and a session kept from before is then picked up afresh from its save."""
    path = Path(settings(request).db_path)
    out: list[Any] = []
    for part in (path, path.with_name(path.name + ".wal")):
        try:
            found = part.stat()
        except OSError:
            out.append(None)
        else:
            out.append((found.st_mtime_ns, found.st_size, found.st_ino))
    return tuple(out)


TREES_AT_ONCE = 100  # route trees worked out before they are written (a write takes ~0.1 s)


def keep(request: Request, session: VoyageSession) -> None:
    """Keep a session as its save now stands (after a resume, a start or an action saved),
    under the app's writing gate. The route trees its games worked out go into the database
    first, a hundred or more at a time (db/route_trees.py), for the next process on it."""
    from privateer.engine.world import trees_unkept

    if trees_unkept(session.world) >= TREES_AT_ONCE:
        from privateer.db.route_trees import keep_trees

        keep_trees(settings(request).db_path, session.world)
    kept = _kept(request)
    kept.pop(session.run_id, None)
    kept[session.run_id] = (session, _stamp(request))
    while len(kept) > KEPT_SESSIONS:
        del kept[next(iter(kept))]


# --- play ----------------------------------------------------------------------------------


async def new_voyage(request: Request) -> Response:
    from privateer.cli.options import DAYS_MAX, SEED_MAX
    from privateer.engine.voyage import RULESETS

    try:
        body = await json_body(request)
        seed = whole_number(body.get("seed", 1), "seed", 0, SEED_MAX)
        rules = str(body.get("rules", "full"))
        if rules not in RULESETS:
            raise ValueError(f"no rules {rules!r}: one of {', '.join(RULESETS)}")
        days = body.get("days")
        days = (
            RULESETS[rules].days if days in (None, "") else whole_number(days, "days", 1, DAYS_MAX)
        )
    except ValueError as error:
        return problem(request, 400, str(error))
    return await run_in_threadpool(_start, request, seed, rules, days)


def _start(request: Request, seed: int, rules: str, days: int) -> Response:
    from privateer.cli.voyage.session import VoyageSession
    from privateer.cli.web import voyage_web
    from privateer.engine.voyage import RULESETS

    with settings(request).gate.writing():
        world = play_world(request)
        chosen = RULESETS[rules]
        missing = [p for p in (chosen.start_port, chosen.home_port) if p not in world.port_by_name]
        if missing:
            return problem(
                request,
                400,
                f"this world has no {missing[0]}: build the whole world (`world build`)",
            )
        session = VoyageSession.begin(run_store(request), world, seed, rules, days)
        keep(request, session)
        state = voyage_web.view(session)
    return JSONResponse({"run_id": session.run_id, "state": state}, status_code=201)


def voyage_state(request: Request) -> Response:
    from privateer.cli.web import voyage_web

    run_id = int(request.path_params["run_id"])
    with settings(request).gate.writing():
        session = _resume(request, run_id)
        if isinstance(session, Response):
            return session
        return JSONResponse(voyage_web.view(session))


async def voyage_act(request: Request) -> Response:
    run_id = int(request.path_params["run_id"])
    try:
        body = await json_body(request)
        text = body.get("action")
        if not isinstance(text, str) or not text.strip():
            raise ValueError('send {"action": "..."}: the action, as `privateer play` takes it')
    except ValueError as error:
        return problem(request, 400, str(error))
    confirm = bool(body.get("confirm"))
    return await run_in_threadpool(_act, request, run_id, text.strip(), confirm)


def _act(request: Request, run_id: int, text: str, confirm: bool) -> Response:
    from privateer.cli.web import voyage_web
    from privateer.engine.voyage import IllegalVoyageAction

    with settings(request).gate.writing():
        session = _resume(request, run_id)
        if isinstance(session, Response):
            return session
        _kept(request).pop(run_id, None)  # kept again once the action is saved (or refused)
        try:
            done = voyage_web.act(session, text, confirm=confirm)
        except IllegalVoyageAction as error:
            keep(request, session)  # refused: nothing changed, nothing written
            return problem(request, 400, str(error))
        if not session.over:
            keep(request, session)
        return JSONResponse(
            {"lines": done.lines, "ask": done.ask, "state": voyage_web.view(session)}
        )


def play_start(request: Request) -> Response:
    """Start a voyage, or pick one in progress up."""
    from privateer.db.saves import list_saves
    from privateer.engine.voyage import MODE, RULESETS

    saves: list[dict[str, Any]] = []
    if settings(request).db_path.exists():
        with database(request) as engine, engine.connect() as conn:
            saves = list_saves(conn, MODE.run_modes[0], [MODE])
    return page(request, "play_start.html", saves=saves, rulesets=list(RULESETS))


def play_page(request: Request) -> Response:
    run_id = int(request.path_params["run_id"])
    found = run_mode(request, run_id)
    if found is None or found[0] != "voyage":
        return problem(request, 404, f"no voyage run {run_id}")
    if found[1] is not None:
        return RedirectResponse(f"/runs/{run_id}", status_code=303)
    woodcut = _woodcut(request)
    return page(
        request,
        "play.html",
        run_id=run_id,
        svg=woodcut[0] if woodcut else None,
        projection=woodcut[1] if woodcut else None,
    )


def _woodcut(request: Request) -> tuple[str, dict[str, float]] | None:
    """The world's woodcut for the chart beside (the chart page's, cached by the world's
    content hash), and how a lon, lat falls on it: x = x0 + (lon - west) * k, y = y0 + (north -
    lat) * k (None: the database holds no world tables to draw)."""
    from privateer.cli.web.routes_chart import chart_and_ports
    from privateer.pipeline.chart import svg_point
    from privateer.pipeline.params import Box

    found = chart_and_ports(request)
    if found is None:
        return None
    chart = found[0]
    box = Box(*chart.box)
    x0, y0 = svg_point(box, chart.scale, box.west, box.north)
    x1, _ = svg_point(box, chart.scale, box.west + 1.0, box.north)
    k = float(x1 - x0)
    return chart.svg, {
        "x0": float(x0),
        "y0": float(y0),
        "west": box.west,
        "north": box.north,
        "k": k,
    }


# --- replays -------------------------------------------------------------------------------


def _logged(request: Request, run_id: int, modes: tuple[str, ...]) -> Any:
    from privateer.db.errors import DatabaseError
    from privateer.db.runs import logged_runs

    with database(request) as engine, engine.connect() as conn:
        try:
            (run,) = logged_runs(conn, [run_id])
        except DatabaseError:
            return None
    return run if run.mode in modes else None


def _frames(request: Request, run_id: int, kind: str) -> dict[str, Any] | None:
    from privateer.cli.web import replays

    modes = tuple(m for m, k in REPLAYS.items() if k == kind)
    run = _logged(request, run_id, modes)
    if run is None:
        return None
    frames = replays.FRAMES[kind](run)
    return {"run_id": run_id, "mode": run.mode, "seed": run.seed, "kind": kind, **frames}


def replay_page(request: Request) -> Response:
    run_id = int(request.path_params["run_id"])
    kind = request.url.path.rstrip("/").rsplit("/", 1)[-1]
    frames = _frames(request, run_id, kind)
    if frames is None:
        return problem(request, 404, f"no {kind} run {run_id}")
    return page(
        request,
        f"{kind}.html",
        run_id=run_id,
        replay=frames,
        replay_json=json.dumps(frames).replace("</", "<\\/"),
    )


def replay_json(request: Request) -> Response:
    run_id = int(request.path_params["run_id"])
    found = run_mode(request, run_id)
    kind = REPLAYS.get(found[0]) if found is not None else None
    frames = _frames(request, run_id, kind) if kind else None
    if frames is None:
        return problem(request, 404, f"no duel or fight run {run_id}")
    return JSONResponse(frames)


def routes() -> list[BaseRoute]:
    return [
        Route("/play", play_start),
        Route("/play/{run_id:int}", play_page),
        Route("/api/play/new", new_voyage, methods=["POST"]),
        Route("/api/play/{run_id:int}", voyage_state),
        Route("/api/play/{run_id:int}/act", voyage_act, methods=["POST"]),
        Route("/runs/{run_id:int}/duel", replay_page, name="duel_replay"),
        Route("/runs/{run_id:int}/fight", replay_page, name="fight_replay"),
        Route("/api/runs/{run_id:int}/replay", replay_json),
    ]
