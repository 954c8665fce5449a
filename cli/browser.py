"""The web front end in a real browser, for the browser tests and `privateer bench web`: the app
served in-process on a free localhost port (uvicorn in a thread), and Debian's chromium
(/usr/bin/chromium) driven by Playwright for Python with a fresh profile. Neither is needed to
serve or play: Playwright comes with the [test] extra, chromium from apt-get (`.ci/chromium`)."""

from __future__ import annotations

import importlib.util
import os
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
REQUIRE_BROWSER = "PRIVATEER_REQUIRE_BROWSER"  # set to 1: a missing browser fails, never skips
VIEWPORT = {"width": 1280, "height": 800}
SERVER_START_SECONDS = 20.0


def chromium_path() -> Path:
    """Debian's chromium, or the one $PRIVATEER_CHROMIUM names."""
    return Path(os.environ.get("PRIVATEER_CHROMIUM", CHROMIUM))


def browser_missing() -> str | None:
    """Why no browser can be driven here (a sentence), or None when one can."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright for Python is not installed (pip install -e '.[test]')"
    path = chromium_path()
    if not (path.is_file() and os.access(path, os.X_OK)):
        return f"no chromium at {path} (as root: apt-get install -y chromium, or run .ci/chromium)"
    return None


def browser_required() -> bool:
    """Whether a missing browser is a failure ($PRIVATEER_REQUIRE_BROWSER=1, as in .ci/run)."""
    return os.environ.get(REQUIRE_BROWSER, "") == "1"


@contextmanager
def served(app: Any) -> Iterator[str]:
    """Serve an ASGI app on a free port of 127.0.0.1 from a thread of this process; yields the
    base URL and stops the server on the way out."""
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = int(sock.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, name="privateer-serve", daemon=True
    )
    thread.start()
    deadline = time.monotonic() + SERVER_START_SECONDS
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            sock.close()
            raise RuntimeError("the app did not start serving")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(SERVER_START_SECONDS)
        sock.close()


@contextmanager
def chromium(user_data_dir: Path | None = None) -> Iterator[BrowserContext]:
    """Debian's chromium, headless, with a fresh profile (a temporary folder unless one is
    given), as a Playwright browser context; closed on the way out."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="privateer-chromium-") as scratch:
        profile = user_data_dir if user_data_dir is not None else Path(scratch)
        with sync_playwright() as driver:
            context = driver.chromium.launch_persistent_context(
                str(profile),
                executable_path=str(chromium_path()),
                headless=True,
                args=list(CHROMIUM_ARGS),
                viewport={"width": VIEWPORT["width"], "height": VIEWPORT["height"]},
            )
            try:
                yield context
            finally:
                context.close()
