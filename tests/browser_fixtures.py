"""What the browser tests share: Debian's chromium driven by Playwright for Python, skipped (or,
under $PRIVATEER_REQUIRE_BROWSER=1, failed) when it cannot be; a tab that fails its test on
any console error; real input only (`click`: the mouse pressed at a point of the screen); and
the two window sizes every page is tried at. Its fixtures reach every test module as a plugin
(conftest.py's `pytest_plugins`)."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from privateer.cli.browser import browser_missing, browser_required, chromium

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Locator, Page


@pytest.fixture(scope="module")
def browser_ready() -> None:
    """Skip (or, under $PRIVATEER_REQUIRE_BROWSER=1, fail) when no browser can be driven."""
    reason = browser_missing()
    if reason is None:
        return
    if browser_required():
        pytest.fail(f"PRIVATEER_REQUIRE_BROWSER=1 and {reason}")
    pytest.skip(reason)


class _Chromium:
    """The worker's chromium, kept open while the tests that use it run one after another (a
    module's, or the next module's: the browser modules share an xdist group, so one worker
    runs them back to back) and closed as soon as the next test needs none. Launching it takes
    a second or more; and while Playwright's sync API is open, its event loop counts as the
    thread's running one, so a later test's asyncio.run (the full screen's) would be refused:
    it is never left open under another test."""

    def __init__(self) -> None:
        self._open: ExitStack | None = None
        self.context: Any = None

    def opened(self, tmp_path_factory: pytest.TempPathFactory) -> Any:
        if self._open is None:
            with ExitStack() as stack:
                self.context = stack.enter_context(
                    chromium(tmp_path_factory.mktemp("chromium-profile"))
                )
                self._open = stack.pop_all()
        return self.context

    def close(self) -> None:
        if self._open is not None:
            stack, self._open, self.context = self._open, None, None
            stack.close()


_CHROMIUM = _Chromium()


@pytest.fixture
def browser(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Debian's chromium with a fresh profile: the one the previous test used, when it used
    one (`_Chromium`); each test gets tabs of its own (`page`)."""
    return _CHROMIUM.opened(tmp_path_factory)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(
    item: pytest.Item, nextitem: pytest.Item | None
) -> Generator[None, None, None]:
    """After a test's own teardown (its tabs closed): the chromium closed, unless the next
    test uses it too."""
    try:
        return (yield)
    finally:
        if nextitem is None or "browser" not in getattr(nextitem, "fixturenames", ()):
            _CHROMIUM.close()


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


DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


def on_screen(page: Page, target: Locator) -> tuple[float, float]:
    """The middle of `target` as the screen shows it, scrolled into view as a person would
    scroll to it; fails if it is not within the window."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None, f"{target} is not shown"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    size = page.viewport_size or DESKTOP
    assert 0 <= x <= size["width"] and 0 <= y <= size["height"], (target, box, size)
    return x, y


def click(page: Page, target: Locator) -> None:
    """A real click (the mouse pressed and let go at a point of the screen) on the middle of
    `target`: what lies over it there gets the click, as it would a person's."""
    x, y = on_screen(page, target)
    page.mouse.click(x, y)


def fits_the_screen(page: Page) -> None:
    """Nothing wider than the window: no page scrolled sideways."""
    wide = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"{page.url} is {wide[0]} px wide in a {wide[1]} px window"
