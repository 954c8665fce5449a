"""The tabletop game played in the browser: people at one table (one shared page that hides every
hand between turns) and bots at the other seats, through the terminal's session
(cli/web/tabletop_web.py), so a game started here is picked up by `privateer tabletop --resume`
and the other way round. The server holds no game between requests: each picks the run up from
its save.

    GET  /tabletop                     start a game, or pick one in progress up
    GET  /tabletop/{run_id}            the table
    POST /api/tabletop/new             {seed, seats: "england=you,france=you,spain=mc"}
    GET  /api/tabletop/{run_id}?seat=  the game as that person's seat sees it (none: no hand)
    POST /api/tabletop/{run_id}/act    {seat, action} -> the lines told and the new state;
                                       400 with the reason for a play not open to that seat
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from privateer.cli.web.common import (
    database,
    json_body,
    page,
    problem,
    run_mode,
    run_store,
    settings,
    whole_number,
)

if TYPE_CHECKING:
    from privateer.cli.tabletop.session import TabletopSession

BOT_CHOICES = ("mc", "raider", "trader", "builder", "balanced")  # the start form's, best first


def _pick_up(request: Request, run_id: int) -> TabletopSession | Response:
    """The game of run_id where its save left it, or the answer saying why not (404: no such
    game; 409: over, or not to be picked up)."""
    from privateer.cli.tabletop.session import TabletopSession
    from privateer.db.errors import DatabaseError, DatabaseLockedError

    try:
        return TabletopSession.pick_up(run_store(request), run_id)
    except DatabaseLockedError:
        raise  # held by another process: the app's 503
    except DatabaseError as error:
        found = run_mode(request, run_id)
        if found is None or found[0] != "tabletop":
            return problem(request, 404, f"no tabletop game {run_id}")
        if found[1] is not None:
            return problem(request, 409, f"run {run_id}'s game is over")
        return problem(request, 409, str(error))


async def new_game(request: Request) -> Response:
    from privateer.cli.options import SEED_MAX
    from privateer.cli.tabletop.play import read_seats

    try:
        body = await json_body(request)
        seed = whole_number(body.get("seed", 1), "seed", 0, SEED_MAX)
        seats = body.get("seats")
        if not isinstance(seats, str):
            raise ValueError('seats: "england=you,france=you,spain=mc", in seat order')
        options = read_seats(seats, str(body.get("rules") or "seed-003"))
    except ValueError as error:
        return problem(request, 400, str(error))
    return await run_in_threadpool(_start, request, seed, options)


def _start(request: Request, seed: int, options: dict[str, Any]) -> Response:
    from privateer.cli.tabletop.session import TabletopSession
    from privateer.cli.web import tabletop_web

    with settings(request).gate.writing():
        session, events = TabletopSession.begin(run_store(request), seed, options)
        lines = tabletop_web.opening(events) + tabletop_web.settle(session)
        state = tabletop_web.state(session, tabletop_web.Seat(None))
    return JSONResponse({"run_id": session.run_id, "lines": lines, "state": state}, 201)


def game_state(request: Request) -> Response:
    from privateer.cli.web import tabletop_web

    run_id = int(request.path_params["run_id"])
    with settings(request).gate.writing():
        session = _pick_up(request, run_id)
        if isinstance(session, Response):
            return session
        lines = tabletop_web.settle(session)  # a game left with bots to answer (none saved so)
        try:
            seat = tabletop_web.Seat.named(session, request.query_params.get("seat"))
        except ValueError as error:
            return problem(request, 400, str(error))
        return JSONResponse({"lines": lines, "state": tabletop_web.state(session, seat)})


async def game_act(request: Request) -> Response:
    run_id = int(request.path_params["run_id"])
    try:
        body = await json_body(request)
        text, seat = body.get("action"), body.get("seat")
        if not isinstance(text, str) or not text.strip() or not isinstance(seat, str):
            raise ValueError('send {"seat": "england", "action": "play 12"}')
    except ValueError as error:
        return problem(request, 400, str(error))
    return await run_in_threadpool(_act, request, run_id, seat, text.strip())


def _act(request: Request, run_id: int, seat_name: str, text: str) -> Response:
    from privateer.cli.web import tabletop_web
    from privateer.engine.tabletop import IllegalTabletopAction

    with settings(request).gate.writing():
        session = _pick_up(request, run_id)
        if isinstance(session, Response):
            return session
        try:
            seat = tabletop_web.Seat.named(session, seat_name)
            lines = tabletop_web.act(session, seat, text)
        except (ValueError, IllegalTabletopAction) as error:
            return problem(request, 400, str(error))
        to_act = None if session.over else session.players[session.to_act()]
        shown = seat if to_act == seat.nation else tabletop_web.Seat(None)
        return JSONResponse({"lines": lines, "state": tabletop_web.state(session, shown)})


def start_page(request: Request) -> Response:
    """Start a game (the seats: a person or a bot at each nation's), or pick one up."""
    from privateer.db.saves import list_saves
    from privateer.engine.tabletop import MODE, NATIONS

    saves: list[dict[str, Any]] = []
    if settings(request).db_path.exists():
        with database(request) as engine, engine.connect() as conn:
            saves = list_saves(conn, MODE.run_modes[0], [MODE])
    return page(request, "tabletop_start.html", saves=saves, nations=NATIONS, bots=BOT_CHOICES)


def table_page(request: Request) -> Response:

    run_id = int(request.path_params["run_id"])
    found = run_mode(request, run_id)
    if found is None or found[0] != "tabletop":
        return problem(request, 404, f"no tabletop game {run_id}")
    return page(request, "tabletop.html", run_id=run_id, over=found[1] is not None)


def routes() -> list[BaseRoute]:
    return [
        Route("/tabletop", start_page),
        Route("/tabletop/{run_id:int}", table_page),
        Route("/api/tabletop/new", new_game, methods=["POST"]),
        Route("/api/tabletop/{run_id:int}", game_state),
        Route("/api/tabletop/{run_id:int}/act", game_act, methods=["POST"]),
    ]
