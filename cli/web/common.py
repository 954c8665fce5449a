"""What every page of the web front end shares: the app's settings, the database opened for
one request (read-only for pages that only read), the templates, and the answers for errors
(an HTML page for a browser, JSON for the API, never a traceback)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.templating import Jinja2Templates

from privateer.cli.web.file_gate import FileGate

if TYPE_CHECKING:
    import sqlalchemy as sa

    from privateer.db.run_store import RunStore
    from privateer.engine.world import World

P = ParamSpec("P")
T = TypeVar("T")

HERE = Path(__file__).resolve().parent
TEMPLATES = Jinja2Templates(directory=str(HERE / "templates"))
STATIC = HERE / "static"


@dataclass
class Settings:
    """What the app was made with: the database's path, the token every request must carry
    (None: none asked), a folder to keep rendered charts in (None: memory only), and the gate
    every thread of this process passes to open the file: readers together, a writer alone
    (DuckDB refuses a read-only and a writing connection to one file in one process at once;
    file_gate.py)."""

    db_path: Path
    token: str | None = None
    cache_dir: Path | None = None
    gate: FileGate = field(default_factory=FileGate)


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
    """The app's database, held (through the process's gate) until the block ends."""
    from privateer.db import open_database

    with chosen.gate.reading() if read_only else chosen.gate.writing():
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


def reading(request: Request, read: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """`read(...)`, a db/ reader that opens the file itself, through the app's gate as a
    reader (run it in a worker thread: it may wait)."""
    with settings(request).gate.reading():
        return read(*args, **kwargs)


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
    except Exception:  # no page to frame it (refused before routing): the reason, escaped
        return HTMLResponse(f"<p>{status_code}: {escape(reason)}</p>", status_code=status_code)


NESTING_MOST = 8  # an action is a flat object; a little room for what a page may add


async def json_body(request: Request) -> dict[str, Any]:
    """The request's body as a JSON object (guard.py has bounded its size and checked its
    type), or ValueError with the reason: not JSON, not an object, or nested too deep."""
    import orjson

    try:
        body = orjson.loads(await request.body())  # refuses, not recurses, past 1,024 deep
    except orjson.JSONDecodeError:
        raise ValueError("send JSON") from None
    if not isinstance(body, dict):
        raise ValueError("send a JSON object")
    if _depth(body) > NESTING_MOST:
        raise ValueError(f"a JSON body nested at most {NESTING_MOST} deep, please")
    return body


def _depth(value: Any) -> int:
    """How deep lists and objects nest in a value (a number or text: 0)."""
    most, level = 0, [(value, 1)]
    while level:
        item, depth = level.pop()
        if isinstance(item, dict | list):
            most = max(most, depth)
            level.extend(
                (v, depth + 1) for v in (item.values() if isinstance(item, dict) else item)
            )
    return most


def run_store(request: Request) -> RunStore:
    """The app's save path onto its database (db/run_store.py, as `privateer play` saves):
    made once (opening the file to check it is at head), then a short transaction a save."""
    from privateer.db.run_store import RunStore

    state = request.app.state
    path = Path(settings(request).db_path)
    store: RunStore | None = getattr(state, "run_store", None)
    if store is None or store.path != path:
        store = RunStore(path, notify=lambda _: None)
        state.run_store = store
    return store


def run_mode(request: Request, run_id: int) -> tuple[str, str | None] | None:
    """A run's mode and outcome (None: no such run)."""
    from privateer.db.errors import DatabaseError
    from privateer.db.runs import get_run

    with database(request) as engine, engine.connect() as conn:
        try:
            run = get_run(conn, run_id)
        except DatabaseError:
            return None
    return str(run["mode"]), run["outcome"]


def whole_number(value: Any, name: str, low: int, high: int) -> int:
    """`value` as a whole number from low to high, or ValueError naming `name`."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"{name}: a whole number, {low} to {high}")
    text = str(value).strip()
    if not text.lstrip("-").isdigit() or not low <= int(text) <= high:
        raise ValueError(f"{name}: a whole number, {low} to {high}")
    return int(text)
