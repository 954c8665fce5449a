"""The web front end's app: `create_app(db_path, token=None)` gives the Starlette app
`privateer serve` runs under uvicorn (and the tests drive with Starlette's TestClient): the
pages and their JSON, the static files, the token rule, and errors as pages (JSON for the
API), never a traceback."""

from __future__ import annotations

import hmac
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from . import chart_cache, routes_chart, routes_play, routes_runs, routes_studies
from .common import STATIC, Settings, problem

TOKEN_COOKIE = "privateer_token"
TOKEN_HEADER = "x-privateer-token"
log = logging.getLogger("privateer.web")


class TokenGate(BaseHTTPMiddleware):
    """With a token set, every request carries it: the header `X-Privateer-Token` (or
    `Authorization: Bearer T`), `?token=T`, or the cookie set after the first request that
    carried it. Without it: 401, and nothing of the database is read."""

    def __init__(self, app: object, token: str) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.token = token

    def _carried(self, request: Request) -> tuple[bool, bool]:
        """(whether the request carries the token, whether by the query: set the cookie)."""
        bearer = request.headers.get("authorization", "")
        offered = [
            request.headers.get(TOKEN_HEADER),
            bearer[7:] if bearer.lower().startswith("bearer ") else None,
            request.cookies.get(TOKEN_COOKIE),
        ]
        if any(o is not None and hmac.compare_digest(o, self.token) for o in offered):
            return True, False
        query = request.query_params.get("token")
        ok = query is not None and hmac.compare_digest(query, self.token)
        return ok, ok

    async def dispatch(
        self, request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        ok, by_query = self._carried(request)
        if not ok:
            return problem(request, 401, "this server asks for its token (?token=...)")
        response = await call_next(request)
        if by_query:
            response.set_cookie(TOKEN_COOKIE, self.token, httponly=True, samesite="strict")
        return response


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
        *routes_studies.routes(),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]


def create_app(
    db_path: str | Path,
    token: str | None = None,
    *,
    cache_dir: Path | None = None,
    draw_at_start: bool = True,
) -> Starlette:
    """The app over the database at `db_path`. With `token`, every request must carry it;
    `cache_dir` keeps rendered charts across restarts (by the world's content hash). As it
    starts (its lifespan), it begins the world's chart in a thread unless `draw_at_start` is
    False, so the first visit to the chart does not wait for all of the drawing."""
    middleware = [Middleware(TokenGate, token=token)] if token else []
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
            Exception: server_error,
        },
    )
    app.state.settings = chosen
    app.state.chart_drawing = None
    return app
