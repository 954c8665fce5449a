"""The web front end in a real headless Chromium (Debian's /usr/bin/chromium driven by Playwright
for Python), over the app served in-process on a free localhost port and the full world with a
logged voyage, by real input only: the mouse (`page.mouse`: clicks at a point of the screen,
the wheel) and the keyboard (`page.keyboard`), never an event dispatched to an element, so
whatever lies over a target or takes the pointer (a map that captures it) stands in the way
as it would for a person. The chart zoomed into the Caribbean, a logged run scrubbed to a day,
a voyage played ten actions (a purchase, a course set by clicking a port on the chart, a
fight) and resumed, the same voyage begun at a desktop's size and a phone's (1280x800,
390x844: no page wider than the screen, the chart on it, its marks a size a finger can take
at any zoom), and every page at both sizes, with no console error on any. Each step's
screenshot is kept under tests/artifacts/web/ (or $PRIVATEER_WEB_ARTIFACTS).

Without a browser these tests skip, saying why; under .ci/run ($PRIVATEER_REQUIRE_BROWSER=1) a
missing browser fails them instead."""

from __future__ import annotations

import os
import shutil
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from privateer.cli.browser import served
from tests.browser_fixtures import SIZES, click, fits_the_screen, on_screen, shot

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world")]

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(os.environ.get("PRIVATEER_WEB_ARTIFACTS", ROOT / "tests" / "artifacts" / "web"))
VOYAGE_DAYS = 120
WARM_SECONDS = 300  # the first woodcut on a busy machine


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
    for command, typed in (DUEL, FIGHT):  # runs 2 and 3, for their replays
        played = CliRunner().invoke(app, ["--db", str(path), *command], input=typed)
        assert played.exit_code == 0, played.output
    return path


DUEL = (["duel", "--seed", "1", "--captain", "bold"], "e\n" * 200)  # a person's ends: run 2
FIGHT = (["fight", "--seed", "3"], "12\n" * 40)  # run 3


@pytest.fixture(scope="module")
def base_url(web_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app over `web_db`, served from a thread of this process on a free port."""
    from privateer.cli.web.app import create_app

    cache = tmp_path_factory.mktemp("web-cache")
    with served(create_app(web_db, cache_dir=cache)) as url:
        for path in ("/", "/runs/1"):  # the woodcut drawn once (cold: seconds), then cached
            with urllib.request.urlopen(url + path, timeout=WARM_SECONDS) as answer:
                assert answer.status == 200, path
        yield url


CARIBBEAN = (-75.0, 15.0)  # lon, lat: the middle of the Caribbean Sea


def _svg_point(lon: float, lat: float) -> tuple[float, float]:
    """Where (lon, lat) lies on the web's world woodcut, in its viewBox's units."""
    from privateer.pipeline.chart import WORLD_BOX
    from privateer.pipeline.chart.woodcut_draw import svg_point

    x, y = svg_point(WORLD_BOX, 6.0, lon, lat)
    return float(x), float(y)


def _lon_lat(x: float, y: float) -> tuple[float, float]:
    """The inverse of _svg_point (the woodcut's frame is plate carree)."""
    x0, y0 = _svg_point(0.0, 0.0)
    x1, y1 = _svg_point(1.0, 1.0)
    return (x - x0) / (x1 - x0), (y - y0) / (y1 - y0)


LEGIBLE_PX = (8.0, 24.0)  # a label's font on screen, zoomed in: readable, not a headline


def west_east(box: list[float]) -> tuple[float, float]:
    return _lon_lat(box[0], box[1])[0], _lon_lat(box[0] + box[2], box[1])[0]


LABEL_SIZES = """(svg) => {
  const box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll("text")].flatMap((t) => {
    const r = t.getBoundingClientRect();
    const shown = getComputedStyle(t).display !== "none" && r.width > 0
      && r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom;
    if (!shown) return [];
    const size = parseFloat(t.getAttribute("font-size") || getComputedStyle(t).fontSize);
    return [{ text: t.textContent, px: size * t.getScreenCTM().a }];
  });
}"""


def test_the_chart_zooms_into_the_caribbean_with_its_labels_legible(
    base_url: str, page: Page, artifacts: Path
) -> None:
    page.goto(base_url + "/")
    svg = page.locator("#chart-area svg")
    svg.wait_for()
    shot(page, artifacts, "chart-1-world")
    world = [float(v) for v in svg.get_attribute("viewBox").split()]  # type: ignore[union-attr]
    assert west_east(world) == pytest.approx((-180.0, 180.0), abs=10), world
    # the wheel turned over the Caribbean, as a reader would
    x, y = _svg_point(*CARIBBEAN)
    at = svg.evaluate(
        """(svg, p) => { const q = svg.createSVGPoint(); q.x = p[0]; q.y = p[1];
            const s = q.matrixTransform(svg.getScreenCTM()); return [s.x, s.y]; }""",
        [x, y],
    )
    page.mouse.move(at[0], at[1])
    for _ in range(6):
        page.mouse.wheel(0, -300)
        page.wait_for_timeout(50)
    page.wait_for_function(
        "(w) => document.querySelector('#chart-area svg').viewBox.baseVal.width < w / 5",
        arg=world[2],
    )
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")
    shot(page, artifacts, "chart-2-caribbean")
    box = [float(v) for v in svg.get_attribute("viewBox").split()]  # type: ignore[union-attr]
    west, north = _lon_lat(box[0], box[1])
    east, south = _lon_lat(box[0] + box[2], box[1] + box[3])
    assert west < CARIBBEAN[0] < east and south < CARIBBEAN[1] < north, (west, south, east, north)
    assert 10 < east - west < 60 and south > -10 and north < 35, "not a box round the Caribbean"
    names = {s["text"] for s in svg.evaluate(LABEL_SIZES)}
    assert {"Cartagena", "Santo Domingo"} <= names, names
    sizes = [s["px"] for s in svg.evaluate(LABEL_SIZES)]
    assert LEGIBLE_PX[0] <= min(sizes) and max(sizes) <= LEGIBLE_PX[1], sorted(sizes)


SCRUB_DAY = 40
MARK_PX = 2 * 7 + 2  # a mark of her run across on screen, its stroke with it, at most


def _logged_node(db: Path, run_id: int, day: int) -> int:
    """Where the log has her at the end of `day`: the node of her last day's sail (or where
    she began)."""
    import duckdb

    with duckdb.connect(str(db), read_only=True) as conn:
        row = conn.execute(
            "SELECT CAST(payload->>'$.node' AS INTEGER) FROM events WHERE run_id = ? AND day <= ?"
            " AND kind IN ('voyage_start', 'sailed') ORDER BY day DESC, seq DESC LIMIT 1",
            [run_id, day],
        ).fetchone()
        assert row is not None
        node = int(row[0])
        lon, lat = conn.execute("SELECT lon, lat FROM nodes WHERE node_id = ?", [node]).fetchone()
    return node if lon is not None and lat is not None else -1


def _node_point(db: Path, node: int) -> tuple[float, float]:
    import duckdb

    with duckdb.connect(str(db), read_only=True) as conn:
        lon, lat = conn.execute("SELECT lon, lat FROM nodes WHERE node_id = ?", [node]).fetchone()
    return _svg_point(float(lon), float(lat))


def test_a_logged_run_scrubbed_to_a_day_shows_her_ship_at_the_logged_node(
    base_url: str, web_db: Path, page: Page, artifacts: Path
) -> None:
    page.goto(f"{base_url}/runs/1")
    ship = page.locator("#run-ship")
    page.wait_for_function("document.getElementById('run-ship').dataset.day === '0'")
    shot(page, artifacts, "run-1-day-0")
    box_w = page.evaluate("() => window.privateerView.box().w")
    slider = page.locator("input#day")
    # a drag of the slider's thumb to about the day, then the arrow keys to the very day
    box = slider.bounding_box()
    assert box is not None
    last = int(slider.get_attribute("max") or 0)
    assert last >= SCRUB_DAY
    page.mouse.click(box["x"] + box["width"] * SCRUB_DAY / last, box["y"] + box["height"] / 2)
    for _ in range(20):  # the click left the slider focused: the keys step it
        value = int(slider.input_value())
        if value == SCRUB_DAY:
            break
        page.keyboard.press("ArrowRight" if value < SCRUB_DAY else "ArrowLeft")
    assert int(slider.input_value()) == SCRUB_DAY
    page.wait_for_function(f"document.getElementById('run-ship').dataset.day === '{SCRUB_DAY}'")
    shot(page, artifacts, f"run-2-day-{SCRUB_DAY}")
    node = _logged_node(web_db, 1, SCRUB_DAY)
    assert ship.get_attribute("data-node") == str(node)
    x, y = _node_point(web_db, node)
    drawn = ship.evaluate(
        """(g) => { const m = g.transform.baseVal.consolidate().matrix; return [m.e, m.f]; }"""
    )
    assert drawn == pytest.approx([x, y], abs=0.5), "her ship is not drawn at the logged node"
    # and on screen: the marker's middle is where that node is shown
    on_screen = ship.evaluate(
        """(g, p) => { const svg = g.ownerSVGElement; const q = svg.createSVGPoint();
            q.x = p[0]; q.y = p[1]; const s = q.matrixTransform(svg.getScreenCTM());
            const r = g.getBoundingClientRect();
            return [s.x, s.y, r.left + r.width / 2, r.top + r.height / 2]; }""",
        [x, y],
    )
    assert on_screen[2:] == pytest.approx(on_screen[:2], abs=2)
    assert f"day {SCRUB_DAY}" in page.locator("#day-shown").inner_text()
    # the wheel over her: her ship and marks keep their size on screen, never discs over it
    page.mouse.move(on_screen[0], on_screen[1])
    for _ in range(8):
        page.mouse.wheel(0, -300)
        page.wait_for_timeout(40)
    page.wait_for_function("(w) => window.privateerView.box().w < w / 8", arg=box_w)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")
    widths = page.evaluate(
        """() => [...document.querySelectorAll("#run-layer circle[data-r]")]
            .map((c) => c.getBoundingClientRect().width)"""
    )
    assert widths and max(widths) <= MARK_PX, sorted(widths)[-3:]
    shot(page, artifacts, f"run-3-day-{SCRUB_DAY}-zoomed")


PLAY_SEED = 7  # full rules: a French privateer comes alongside on day 4 out of Plymouth
LISBON = 393  # the node of Lisbon, her course


def figures(page: Page) -> dict[str, str]:
    """The play page's figures and prompt as shown."""
    found: dict[str, str] = page.evaluate(
        """() => Object.fromEntries(["day", "gold", "hull", "morale", "prompt", "here"]
            .map((id) => [id, document.getElementById(id).textContent]))"""
    )
    return found


def answered(page: Page, lines: int) -> None:
    """Wait until the action sent is answered (the log grown, a refusal, or a question)."""
    page.wait_for_function(
        """(lines) => !document.getElementById("play").classList.contains("busy")
            && (document.querySelectorAll("#log > *").length > lines
                || document.getElementById("reason").textContent !== ""
                || !document.getElementById("ask").hidden)""",
        arg=lines,
    )


def act(page: Page, selector: str) -> None:
    """Click (a real click, at the middle of the first element `selector` finds) what sends an
    action and wait until its answer is shown; fail on a refusal."""
    lines = page.locator("#log > *").count()
    click(page, page.locator(selector).first)
    answered(page, lines)
    reason = page.locator("#reason").text_content()
    assert not reason, f"{selector}: {reason}"
    buttons = page.locator("#actions button").all_inner_texts()
    assert len(buttons) == len(set(buttons)), f"a choice listed twice: {buttons}"


def typed(page: Page, action: str) -> None:
    """An action typed in the page's box and sent with Enter, by the keyboard."""
    lines = page.locator("#log > *").count()
    click(page, page.locator("#typed-action"))
    page.keyboard.type(action)
    page.keyboard.press("Enter")
    answered(page, lines)
    reason = page.locator("#reason").text_content()
    assert not reason, f"{action}: {reason}"


PORT_RING_PX = 2 * 9 + 4  # a port's ring across on screen, its stroke with it, at most


def ring_sizes(page: Page) -> list[float]:
    """How wide each port's ring on the play chart shows on screen, where the chart shows it."""
    sizes: list[float] = page.evaluate(
        """() => { const area = document.getElementById("chart-area").getBoundingClientRect();
          return [...document.querySelectorAll("#play-marks .play-port")].flatMap((c) => {
            const r = c.getBoundingClientRect(); const x = r.left + r.width / 2;
            const y = r.top + r.height / 2;
            return x > area.left && x < area.right && y > area.top && y < area.bottom
              ? [r.width] : []; }); }"""
    )
    return sizes


def start_voyage(page: Page, base_url: str, seed: int) -> None:
    """A voyage begun on /play as a person begins one: the seed typed, Enter to set sail
    (full rules, as the form has them)."""
    page.goto(f"{base_url}/play")
    click(page, page.locator("input[name=seed]"))
    page.keyboard.press("Control+A")
    page.keyboard.type(str(seed))
    assert page.locator("select[name=rules]").input_value() == "full"
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base_url}/play/*")
    page.wait_for_function("document.getElementById('day').textContent !== ''")


def test_a_voyage_is_played_ten_actions_with_a_purchase_and_a_fight_and_resumed(
    base_url: str, page: Page, artifacts: Path
) -> None:
    start_voyage(page, base_url, PLAY_SEED)
    shot(page, artifacts, "play-1-start")
    start = figures(page)
    assert start["day"].startswith("0/") and start["gold"] == "20", start

    done = 0
    act(page, '#actions button[data-action="hire master_gunner"]')  # a purchase: 10 gold
    done += 1
    assert figures(page)["gold"] == "10"
    assert page.locator("#chart-area svg #play-marks").count() == 1, "no woodcut beside"
    act(page, f'#play-marks .play-port.open[data-node="{LISBON}"]')  # a click on the chart
    done += 1
    assert page.locator(f'#play-marks .play-port.bound[data-node="{LISBON}"]').count() == 1
    assert "Lisbon" in page.locator("#log").inner_text()
    shot(page, artifacts, "play-2-course")
    for _ in range(3):  # sail on until a ship comes alongside
        act(page, '#actions button[data-action="go"]')
        done += 1
        if page.locator('#actions button[data-action="attack"]').count():
            break
    shot(page, artifacts, "play-3-alongside")
    act(page, '#actions button[data-action="attack"]')  # asks first: firing on a flag
    assert page.locator("#ask").is_visible()
    act(page, '#ask button[data-action="attack"]')  # do it all the same
    done += 2
    assert page.locator(".hand button.card").count() == 3, "no fight's hand shown"
    shot(page, artifacts, "play-4-fight")

    def keep() -> None:
        click(page, page.locator('.hand button.card[data-card="0"]'))
        act(page, '.hand button.card[data-card="1"]')

    while done < 8 and page.locator(".hand button.card").count():
        keep()
        done += 1
    before = figures(page)
    hand = page.locator(".hand button.card").all_inner_texts()
    page.reload()
    page.wait_for_function("document.getElementById('day').textContent !== ''")
    assert figures(page) == before, "the reloaded page is not where she was"
    assert page.locator(".hand button.card").all_inner_texts() == hand
    assert "picked up run" in page.locator("#log").inner_text()
    shot(page, artifacts, "play-5-resumed")
    while done < 10 and page.locator(".hand button.card").count():
        keep()
        done += 1
    while done < 10:  # the fight over before ten: sail on, typed
        typed(page, "sail")
        done += 1
    shot(page, artifacts, "play-6-ten-actions")
    assert done == 10 and figures(page)["day"] != start["day"]


@pytest.mark.parametrize("size", list(SIZES))
def test_a_voyage_begun_at_a_desktops_size_and_a_phones_sets_its_course_by_a_click_on_a_port(
    base_url: str, page: Page, artifacts: Path, size: str
) -> None:
    """A person's first minutes, at each size: the voyage begun from the form by the keyboard,
    the page as wide as the screen with the chart on it, the page's words as a page says them
    (a new voyage, not "resumed"; no terminal backticks; "hire marksmen"), the course set by a
    click on Lisbon on the chart, the chart zoomed in by the wheel with its port marks still a
    ring a finger can take (never a disc over the port's mark and name), and "go" typed."""
    page.set_viewport_size(SIZES[size])
    start_voyage(page, base_url, PLAY_SEED)
    fits_the_screen(page)
    log = page.locator("#log").inner_text()
    assert "a new voyage out of Plymouth" in log and "resumed" not in log, log
    goal = page.locator("#goal").inner_text()
    assert "`" not in goal and goal.startswith("to win: carry out three letters"), goal
    hires = page.locator('#actions button[data-action^="hire "]').all_inner_texts()
    assert "hire marksmen (8 gold)" in hires and not any("a marksmen" in h for h in hires)
    chart = page.locator("#chart-area")
    on_screen(page, chart)
    box = chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"]
    shot(page, artifacts, f"{size}-play-1-start")

    lisbon = page.locator(f'#play-marks .play-port.open[data-node="{LISBON}"]')
    lines = page.locator("#log > *").count()
    click(page, lisbon)  # the woodcut opens on her seas: Lisbon is there to be clicked
    answered(page, lines)
    assert not page.locator("#reason").text_content()
    assert "course set for Lisbon" in page.locator("#log").inner_text()
    assert page.locator(f'#play-marks .play-port.bound[data-node="{LISBON}"]').count() == 1
    shot(page, artifacts, f"{size}-play-2-course")

    x, y = on_screen(page, lisbon)
    page.mouse.move(x, y)
    before = page.evaluate("() => window.privateerView.box().w")
    for _ in range(8):
        page.mouse.wheel(0, -300)
        page.wait_for_timeout(40)
    page.wait_for_function("(w) => window.privateerView.box().w < w / 8", arg=before)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")
    sizes = ring_sizes(page)
    assert sizes and max(sizes) <= PORT_RING_PX, sorted(sizes)[-3:]
    unmarked = page.locator("#play-marks circle:not(.play-port):not(.ship)")
    assert unmarked.count() == 0, "a port without its ring (two ports at one node: a black disc)"
    shot(page, artifacts, f"{size}-play-3-zoomed")

    typed(page, "go")
    assert "passed" in page.locator("#log").inner_text()
    fits_the_screen(page)
    shot(page, artifacts, f"{size}-play-4-go")


PAGES = ("/", "/runs", "/runs/1", "/play", "/studies", "/runs/2/duel", "/runs/3/fight")
CHART_SHARE = {"desktop": 0.5, "phone": 0.9}  # of the window's width, a chart's at least


@pytest.mark.parametrize("size", list(SIZES))
def test_every_page_fits_the_screen_at_a_desktops_size_and_a_phones(
    base_url: str, page: Page, artifacts: Path, size: str
) -> None:
    """Each page at each size: no wider than the window (nothing pushed off the screen), its
    chart (where it has one) within it, and a screenshot kept."""
    page.set_viewport_size(SIZES[size])
    for path in PAGES:
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        if page.locator("#chart-area").count():
            box = page.locator("#chart-area").bounding_box()
            assert box is not None and box["width"] >= CHART_SHARE[size] * SIZES[size]["width"]
            assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"], path
        fits_the_screen(page)
        name = path.strip("/").replace("/", "-") or "chart"
        shot(page, artifacts, f"{size}-page-{name}")


def where(page: Page) -> str:
    return str(page.locator("#where").text_content())


@pytest.mark.parametrize("size", list(SIZES))
def test_a_duel_and_a_fight_replay_by_the_buttons_and_the_slider(
    base_url: str, page: Page, artifacts: Path, size: str
) -> None:
    """The duel's hex board (run 2) stepped on by a click on "forward", the slider taken by
    a click and moved by the arrow keys, and its last actions played to the end by "play",
    which stops there; the fight's rounds (run 3) stepped on and back."""
    page.set_viewport_size(SIZES[size])
    page.goto(f"{base_url}/runs/2/duel")
    assert page.locator("#board .hex").count() > 100 and page.locator("#board .ship").count() == 2
    assert where(page).startswith("round 1, action 0 of ")
    last = int(where(page).split(" of ")[1].split()[0])
    click(page, page.locator("#forward"))
    assert ", action 1 of " in where(page)
    click(page, page.locator("#scrub"))
    page.keyboard.press("Home")
    assert ", action 0 of " in where(page)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert ", action 2 of " in where(page)
    shot(page, artifacts, f"{size}-replay-duel")
    page.keyboard.press("End")  # three actions from the end: "play" plays them (400 ms each)
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    assert f", action {last - 3} of " in where(page)
    click(page, page.locator("#play-pause"))
    page.wait_for_function(
        f"() => document.getElementById('where').textContent.includes('action {last} of')",
        timeout=60_000,
    )
    assert page.locator("#play-pause").text_content() == "play"  # stopped at the end

    page.goto(f"{base_url}/runs/3/fight")
    assert where(page).startswith("round 1 (1 of ")
    assert page.locator("#hand span").count() == 3
    click(page, page.locator("#forward"))
    assert where(page).startswith("round 2 (2 of ")
    assert page.locator("#hulls .hull-her").count() == 1
    click(page, page.locator("#back"))
    assert where(page).startswith("round 1 (1 of ")
    shot(page, artifacts, f"{size}-replay-fight")
