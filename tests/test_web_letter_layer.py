"""The letter in hand on the browser's chart (issue 35, finding 5), in a real headless Chromium
over the small Channel world's woodcut: the Narrow Seas dashed and lettered, the towns of the
letter's nation there ringed with the days' sail to each (the numbers `letter` prints in the
terminal), at both a desktop's and a phone's size, and the layer never in the way: a real
mouse click on a ringed town still sets the course there. A screenshot of each is kept under
tests/artifacts/web-letters/ (or $PRIVATEER_WEB_ARTIFACTS/letters).

Without a browser these tests skip, saying why ($PRIVATEER_REQUIRE_BROWSER=1: they fail)."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from privateer.cli.browser import served
from tests.play_saves import play

if TYPE_CHECKING:
    from playwright.sync_api import Page

# the browser modules run back to back on one xdist worker, on one chromium (browser_fixtures.py)
pytestmark = pytest.mark.xdist_group("browser")

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = (
    Path(os.environ["PRIVATEER_WEB_ARTIFACTS"]) / "letters"
    if os.environ.get("PRIVATEER_WEB_ARTIFACTS")
    else ROOT / "tests" / "artifacts" / "web-letters"
)
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
TOWN = re.compile(r"^    (\S+)\s+(fortified|open town)\s+(\d+) days' sail", re.M)


@pytest.fixture(scope="module", autouse=True)
def artifacts(browser_ready: None) -> Path:
    """The folder of this module's screenshots, emptied first (when a browser can be had:
    tests/browser_fixtures.py's chromium and tabs)."""
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def voyage(
    channel_world_db: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, dict[str, int]]:
    """A voyage begun in the terminal on the Channel (run 2), its first letter in the Narrow
    Seas; the towns `letter` lists, with their days."""
    db = tmp_path_factory.mktemp("web-letters") / "channel.duckdb"
    shutil.copyfile(channel_world_db, db)
    result = play(db, "--seed", "1", "--rules", "full", input="letter\nquit\n")
    assert result.exit_code == 0, result.output
    towns = {name: int(days) for name, _, days in TOWN.findall(result.stdout)}
    assert towns, result.stdout
    return db, towns


@pytest.fixture(scope="module")
def base_url(
    voyage: tuple[Path, dict[str, int]], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    from privateer.cli.web.app import create_app

    app = create_app(voyage[0], cache_dir=tmp_path_factory.mktemp("web-letters-cache"))
    with served(app) as url:
        yield url


@pytest.mark.parametrize("size", SIZES)
def test_the_letters_region_and_towns_are_on_the_play_pages_chart(
    page: Page, base_url: str, voyage: tuple[Path, dict[str, int]], size: str
) -> None:
    towns = voyage[1]
    page.set_viewport_size(SIZES[size])
    page.goto(f"{base_url}/play/2")
    page.locator("#play-letter circle.letter-town").first.wait_for(timeout=60_000)
    layer = page.locator("#play-letter")
    assert layer.get_attribute("pointer-events") == "none"
    region = layer.locator("rect.letter-region")
    assert region.count() == 1 and region.get_attribute("stroke-dasharray") == "6 4"
    name = layer.locator("text.letter-region-name").text_content() or ""
    assert name.startswith("the Narrow Seas: prizes, against ") and name.endswith("by day 150")
    rings = layer.locator("circle.letter-town")
    drawn = {
        rings.nth(i).get_attribute("data-port"): int(rings.nth(i).get_attribute("data-days") or -1)
        for i in range(rings.count())
    }
    assert drawn == towns  # the terminal's towns and days
    words = layer.locator("text.letter-town-days").all_text_contents()
    assert sorted(words) == sorted(f"{town} {days} days" for town, days in towns.items())
    for i in range(rings.count()):  # a ring a size on screen, at any zoom
        box = rings.nth(i).bounding_box()
        assert box is not None and 20 <= box["width"] <= 32, box
    page.screenshot(path=str(ARTIFACTS / f"letter-layer-{size}.png"))


def test_a_real_click_on_a_ringed_town_still_sets_the_course(
    page: Page, base_url: str, voyage: tuple[Path, dict[str, int]]
) -> None:
    page.set_viewport_size(SIZES["desktop"])
    page.goto(f"{base_url}/play/2")
    page.locator("#play-letter circle.letter-town").first.wait_for(timeout=60_000)
    town = next(iter(voyage[1]))
    port = page.locator(f'#play-marks circle[data-port="{town}"]')
    box = port.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(
        "name => document.getElementById('log').textContent.includes('course set for ' + name)",
        arg=town,
        timeout=20_000,
    )
    page.screenshot(path=str(ARTIFACTS / "letter-town-clicked.png"))
