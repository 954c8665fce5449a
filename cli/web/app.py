"""The web front end's app: `create_app(db_path, token=None)` gives the Starlette app
`privateer serve` runs under uvicorn (and the tests drive with Starlette's TestClient): the
pages and their JSON, the static files, the guard every request passes (guard.py: this
server's name, its token, changes only from its own pages), and errors as pages (JSON for the
API), never a traceback: a database another process holds is a 503 with Retry-After."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Collection
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from privateer.cli.web import (
    chart_cache,
    routes_chart,
    routes_play,
    routes_runs,
    routes_studies,
    routes_tabletop,
    routes_tribes,
)
from privateer.cli.web.common import STATIC, Settings, problem
from privateer.cli.web.guard import Guard
from privateer.db.errors import DatabaseLockedError

log = logging.getLogger("privateer.web")
RETRY_AFTER_SECONDS = 5  # another process's write is usually a save or a batch's chunk


async def health(request: Request) -> Response:
    """The server is up (and whether its database file is there)."""
    path: Path = request.app.state.settings.db_path
    return JSONResponse({"ok": True, "database": path.exists()})


async def not_found(request: Request, exc: Exception) -> Response:
    detail = getattr(exc, "detail", None)
    return problem(request, 404, str(detail) if detail else "nothing here")


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return problem(request, exc.status_code, str(exc.detail))


async def database_held(request: Request, exc: Exception) -> Response:
    """Another process holds the database past the wait (a batch writing its runs): 503, and
    when to ask again."""
    answer = problem(request, 503, f"{exc}; ask again in a few seconds")
    answer.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return answer


async def server_error(request: Request, exc: Exception) -> Response:
    """A fault of the server: logged here, a page (or JSON) there; never the traceback."""
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return problem(request, 500, "the server failed on this request; its log says why")


def routes() -> list[BaseRoute]:
    return [
        Route("/health", health),
        *routes_chart.routes(),
        *routes_runs.routes(),
        *routes_play.routes(),
        *routes_tabletop.routes(),
        *routes_tribes.routes(),
        *routes_studies.routes(),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]


def create_app(
    db_path: str | Path,
    token: str | None = None,
    *,
    cache_dir: Path | None = None,
    draw_at_start: bool = True,
    allowed_hosts: Collection[str] = (),
) -> Starlette:
    """The app over the database at `db_path`. With `token`, every request must carry it;
    every request must name this server in its Host (an address, a loopback name, or one of
    `allowed_hosts`), and a change must come from its own pages (guard.py). `cache_dir` keeps
    rendered charts across restarts (by the world's content hash). As it starts (its
    lifespan), it begins the world's chart in a thread unless `draw_at_start` is False, so the
    first visit to the chart does not wait for all of the drawing."""
    middleware = [Middleware(Guard, allowed_hosts=allowed_hosts, token=token)]
    chosen = Settings(Path(db_path), token, cache_dir)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if draw_at_start:
            app.state.chart_drawing = chart_cache.draw_at_start(chosen)
        yield

    app = Starlette(
        routes=routes(),
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={
            404: not_found,
            HTTPException: http_error,
            DatabaseLockedError: database_held,
            Exception: server_error,
        },
    )
    app.state.settings = chosen
    app.state.chart_drawing = None
    return app
