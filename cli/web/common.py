"""What every page of the web front end shares: the app's settings, the database opened for
one request (read-only for pages that only read), the templates, and the answers for errors
(an HTML page for a browser, JSON for the API, never a traceback)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.templating import Jinja2Templates

if TYPE_CHECKING:
    import sqlalchemy as sa

    from privateer.engine.world.world import World

HERE = Path(__file__).resolve().parent
TEMPLATES = Jinja2Templates(directory=str(HERE / "templates"))
STATIC = HERE / "static"


@dataclass
class Settings:
    """What the app was made with: the database's path, the token every request must carry
    (None: none asked), a folder to keep rendered charts in (None: memory only), and one lock
    that keeps this process's connections to the file one at a time (DuckDB refuses a
    read-only and a writing connection to one file in one process at once)."""

    db_path: Path
    token: str | None = None
    cache_dir: Path | None = None
    db_lock: threading.RLock = field(default_factory=threading.RLock)


def settings(request: Request) -> Settings:
    found: Settings = request.app.state.settings
    return found


@contextmanager
def database(request: Request, *, read_only: bool = True) -> Iterator[sa.Engine]:
    """The database for the length of one request, through db/: read-only unless a page
    writes; closed (and the process's lock released) when the request is done with it."""
    with opened(settings(request), read_only=read_only) as engine:
        yield engine


@contextmanager
def opened(chosen: Settings, *, read_only: bool = True) -> Iterator[sa.Engine]:
    """The app's database, held (with the process's lock on it) until the block ends."""
    from privateer.db import open_database

    with chosen.db_lock:
        engine = open_database(
            chosen.db_path,
            read_only=read_only,
            pooled=False,
            must_exist=read_only,
            upgrade=not read_only,
            notify=lambda _: None,
        )
        try:
            yield engine
        finally:
            engine.dispose()


def world_of(engine: sa.Engine) -> World:
    """The engine's World of the database (db/world_load.py keeps it per content hash)."""
    from privateer.db.world_load import load_world

    return load_world(engine)


def wants_json(request: Request) -> bool:
    return (
        request.url.path.startswith("/api/")
        or "application/json" in request.headers.get("accept", "").split(",")[0]
    )


def page(request: Request, template: str, status_code: int = 200, **context: Any) -> Response:
    """A page from its template, with what every page's frame needs."""
    return TEMPLATES.TemplateResponse(request, template, context, status_code=status_code)


def problem(request: Request, status_code: int, reason: str) -> Response:
    """An error in the form the caller reads: JSON for the API, else a page saying why."""
    if wants_json(request):
        return JSONResponse({"error": reason, "status": status_code}, status_code=status_code)
    try:
        return page(request, "error.html", status_code, status=status_code, reason=reason)
    except Exception:  # the error page itself failed: a line of text, never a traceback
        return HTMLResponse(f"<p>{status_code}: error</p>", status_code=status_code)
