"""A logged Tribes run watched at /tribes/RUN in a real headless Chromium, by real input only:
the slider clicked and stepped by the arrow keys to tick 1,000, the fog of war turned to one
tribe's by the keyboard, at a desktop's size and a phone's. The settlements the page shows
then are those `privateer tribes view --tribe 0 --tick 1000` gives (its own and the others in
its sight, with their people and places); the charts draw a line per tribe over the run.
Screenshots go under tests/artifacts/web/tribes/."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.browser import served
from tests.browser_fixtures import SIZES, click, fits_the_screen, on_screen, shot
from tests.test_web_browser import ARTIFACTS

if TYPE_CHECKING:
    from playwright.sync_api import Page

# the browser modules run back to back on one xdist worker, on one chromium (browser_fixtures.py)
pytestmark = pytest.mark.xdist_group("browser")

TICKS, TRIBES, SCRUB_TO = 1200, 4, 1000


@pytest.fixture(scope="module")
def tribes_run(
    browser_ready: None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, Path]]:
    """A logged Tribes run (run 1: 4 tribes, 48 tiles a side, 1,200 ticks) and the app over
    it, served from a thread."""
    from privateer.cli.web.app import create_app

    folder = tmp_path_factory.mktemp("web-tribes")
    db = folder / "tribes.duckdb"
    made = CliRunner().invoke(
        app, ["--db", str(db), "tribes", "run", "--tribes", str(TRIBES), "--size", "48",
              "--ticks", str(TICKS), "--log", "--quiet"],
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    with served(create_app(db, cache_dir=folder / "cache")) as url:
        yield url, db


def _shown(page: Page, tick: int, fog: str) -> None:
    page.wait_for_function(
        "(want) => document.getElementById('tribes').dataset.shown === want", arg=f"{tick}:{fog}"
    )


def _settlements_in_view(db: Path) -> set[tuple[str, int, int, int]]:
    result = CliRunner().invoke(
        app, ["--db", str(db), "tribes", "view", "1", "--tribe", "0", "--tick", str(SCRUB_TO),
              "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    seen = json.loads(result.stdout)
    return {(s["name"], s["pop"], s["x"], s["y"]) for s in seen["settlements"] + seen["others"]}


@pytest.mark.parametrize("size", list(SIZES))
def test_a_run_scrubbed_to_tick_1000_shows_what_tribes_view_shows(
    tribes_run: tuple[str, Path], page: Page, size: str
) -> None:
    url, db = tribes_run
    folder = ARTIFACTS / "tribes"
    folder.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(SIZES[size])
    page.goto(url + "/tribes/1")
    _shown(page, 0, "")
    charts = page.locator("#charts svg")
    assert charts.count() == 4
    for i in range(4):
        assert charts.nth(i).locator("polyline").count() == TRIBES
    slider = page.locator("#tick")
    box = slider.bounding_box()
    assert box is not None
    on_screen(page, slider)
    box = slider.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * SCRUB_TO / TICKS, box["y"] + box["height"] / 2)
    for _ in range(TICKS):  # the arrow keys to the very tick, as a person would finish
        at = int(slider.input_value())
        if at == SCRUB_TO:
            break
        page.keyboard.press("ArrowRight" if at < SCRUB_TO else "ArrowLeft")
    _shown(page, SCRUB_TO, "")
    assert page.locator("#tick-label").inner_text() == f"tick {SCRUB_TO} of {TICKS}"
    shot(page, folder, f"{size}-1-world")
    click(page, page.locator("#fog"))  # the fog of war as tribe 0 saw it: the next choice
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    _shown(page, SCRUB_TO, "0")
    shot(page, folder, f"{size}-2-fog")
    rows = page.locator("#settlements tbody tr")
    shown = set()
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td").all_inner_texts()
        shown.add((cells[0], int(cells[2]), int(cells[3]), int(cells[4])))
    assert shown == _settlements_in_view(db)
    assert page.locator("#reason").inner_text() == ""
    fits_the_screen(page)
