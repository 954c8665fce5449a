"""`privateer serve`: the web front end (cli/web/) under uvicorn, on this machine unless a
token is given; it prints the URL and stops cleanly on Ctrl-C."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import typer

from privateer.cli.common import db_path, fail, note, user_errors
from privateer.cli.options import int_option

LOOPBACK_NAMES = ("localhost", "ip6-localhost")


def is_loopback(host: str) -> bool:
    """Whether `host` is reachable only from this machine (127.0.0.0/8, ::1, localhost)."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a name: it may resolve anywhere
        return False


def serve_url(host: str, port: int, token: str | None = None) -> str:
    from urllib.parse import quote

    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}/" + (f"?token={quote(token, safe='')}" if token else "")


def serve(
    ctx: typer.Context,
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to listen on; any but this machine's needs --token."
    ),
    port: int = int_option(8000, "--port", 1, 65535, "Port to listen on."),
    db: Path | None = typer.Option(
        None, "--db", help="Database file (as the global --db; this one wins).", dir_okay=False
    ),
    open_browser: bool = typer.Option(False, "--open", help="Open the URL in a browser."),
    token: str | None = typer.Option(
        None,
        "--token",
        help="A secret every request must carry (header X-Privateer-Token, ?token=, then a "
        "cookie). Needed to listen on any address but this machine's.",
    ),
    allowed_hosts: list[str] = typer.Option(
        [],
        "--allowed-host",
        help="Another name this server answers to in a request's Host (repeat for more). "
        "Addresses, localhost and the --host name are always answered; any other name is "
        "refused, so a site that points its own name at this machine cannot read it.",
    ),
) -> None:
    """The browser front end: the woodcut chart to pan and zoom, the runs and a run replayed
    day by day, over the database as the terminal sees it. Listens on 127.0.0.1:8000 unless
    told; prints the URL; Ctrl-C stops it."""
    from privateer.db.connection import resolve_db_path

    with user_errors():  # a name the system cannot look up (too long, say): one line
        path = resolve_db_path(db) if db is not None else db_path(ctx)
    if not path.exists():
        fail(f"no database at {path}; `privateer world build` makes one with a world in it")
    if token is not None and not token.strip():
        fail("--token is empty: give a secret, or no --token on this machine's address")
    for name in allowed_hosts:
        if not name.strip() or any(c in name for c in " /\\@?#"):
            fail(f"--allowed-host {name!r}: a host name, as a browser's address bar has it")
    if not is_loopback(host) and not token:
        fail(f"--host {host} listens beyond this machine: give a --token every request must carry")
    from privateer.db import open_database

    with user_errors():  # an older database is brought up to date first, as every reader does
        open_database(path, notify=note, pooled=False).dispose()
    import uvicorn

    from privateer.cli.web.app import create_app

    app = create_app(path, token, cache_dir=chart_cache_dir(), allowed_hosts=[host, *allowed_hosts])
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    url = serve_url(host, port, token)
    note(f"privateer: serving {path} at {url} (Ctrl-C stops)")
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    try:
        server.run()
    except KeyboardInterrupt:  # a second Ctrl-C during the shutdown
        pass
    except SystemExit:  # uvicorn could not listen there (its line says why)
        fail(f"could not listen on {host}:{port}")
    note("privateer: stopped")


def chart_cache_dir() -> Path:
    """Where rendered charts are kept between runs of the server: the user's cache folder."""
    import os

    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "privateer" / "charts"
