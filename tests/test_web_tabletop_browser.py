"""The tabletop game at /tabletop in a real headless Chromium, by real input only (the mouse and
the keyboard): two people seated on the start form, a game dealt on one shared page and played
through six handovers at a desktop's size and two at a phone's (to its end at a desktop's in the
long step). Between the two people's turns the page shows only the table and "Pass to
NATION"; a hand is drawn only after its owner takes the seat, and it is the hand the server holds
for that seat. The game is a run that replays. Screenshots go under
tests/artifacts/web/tabletop/."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from privateer.cli.browser import served
from tests.browser_fixtures import SIZES, click, fits_the_screen, shot
from tests.test_web_browser import ARTIFACTS

if TYPE_CHECKING:
    from playwright.sync_api import Page

# the browser modules run back to back on one xdist worker, on one chromium (browser_fixtures.py)
pytestmark = pytest.mark.xdist_group("browser")

PLAYS_MOST = 600  # a game of two people clicking the last play ends in 41 plays (seed 39)
SEED = 39
# The game is played this far at each size (to its end at a desktop's in the long step): at a
# phone's, one handover each way shows each hand to its owner alone, on the narrow layout.
HANDOVERS = {"desktop": 6, "phone": 2}


@pytest.fixture(scope="module")
def tabletop_url(
    browser_ready: None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, Path]]:
    """The app over an empty database (the tabletop needs no world), served from a thread."""
    from typer.testing import CliRunner

    from privateer.cli.app import app
    from privateer.cli.web.app import create_app

    folder = tmp_path_factory.mktemp("web-tabletop")
    db = folder / "tabletop.duckdb"
    assert CliRunner().invoke(app, ["--db", str(db), "db", "upgrade"]).exit_code == 0
    with served(create_app(db, cache_dir=folder / "cache")) as url:
        yield url, db


def _finished(page: Page) -> None:
    page.wait_for_function("() => !document.getElementById('tabletop').classList.contains('busy')")


def _hand_ids(page: Page) -> list[int]:
    texts = page.locator("#hand li").all_inner_texts()
    return [int(re.match(r"#(\d+) ", t).group(1)) for t in texts]  # type: ignore[union-attr]


def _server_hand(page: Page, url: str, run_id: str, nation: str) -> list[int]:
    answer = page.request.get(f"{url}/api/tabletop/{run_id}?seat={nation}")
    assert answer.ok, answer.text()
    return [card["id"] for card in answer.json()["state"]["hand"] or []]


@pytest.mark.parametrize("size", list(SIZES))
def test_two_people_play_through_handovers_neither_seeing_the_other_s_hand(
    tabletop_url: tuple[str, Path], page: Page, size: str
) -> None:
    _two_people(tabletop_url, page, size, to_the_end=False)


@pytest.mark.reliability
def test_two_people_play_a_whole_game_at_a_desktop_s_size(
    tabletop_url: tuple[str, Path], page: Page
) -> None:
    """The same game played on to its end (41 plays, some 15 s: the long step's)."""
    _two_people(tabletop_url, page, "desktop", to_the_end=True)


def _two_people(tabletop_url: tuple[str, Path], page: Page, size: str, *, to_the_end: bool) -> None:
    url, db = tabletop_url
    folder = ARTIFACTS / "tabletop"
    folder.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(SIZES[size])
    page.goto(url + "/tabletop")
    fits_the_screen(page)
    click(page, page.get_by_label("Spain"))  # two people alone at the table (the API's test
    page.keyboard.type("not at")  # has a bot answering)
    page.keyboard.press("Enter")
    click(page, page.locator("input[name=seed]"))
    page.keyboard.press("Control+A")
    page.keyboard.type(str(SEED))
    with page.expect_navigation(url=re.compile(r"/tabletop/\d+$")):
        click(page, page.get_by_role("button", name="deal"))
    run_id = page.url.rsplit("/", 1)[-1]
    dealt = page.request.get(f"{url}/api/tabletop/{run_id}").json()["state"]
    assert dealt["players"] == ["england", "france"] and dealt["bots"] == {}
    page.locator("#pass-words").wait_for()
    shot(page, folder, f"{size}-1-pass")
    assert "the roll for first" in page.locator("#log").inner_text()  # the deal, told
    shown_to: set[str] = set()
    handovers = 0
    for _ in range(PLAYS_MOST):
        _finished(page)
        if page.locator("#outcome").inner_text():
            break
        if page.locator("#cover").is_visible():
            assert page.locator("#mine").is_hidden() and page.locator("#hand li").count() == 0
            nation = page.locator("#take-seat").get_attribute("data-nation") or ""
            assert page.locator("#pass-words").inner_text() == f"Pass to {nation.capitalize()}."
            with page.expect_response(re.compile(r"/api/tabletop/\d+\?seat=")):
                click(page, page.locator("#take-seat"))
            _finished(page)
            title = page.locator("#hand-title").inner_text()
            assert title.startswith(f"{nation.capitalize()}'s hand")
            assert _hand_ids(page) == _server_hand(page, url, run_id, nation)
            if nation not in shown_to:
                shot(page, folder, f"{size}-2-{nation}")
            shown_to.add(nation)
            handovers += 1
            if not to_the_end and handovers == HANDOVERS[size]:
                break
            continue
        plays = page.locator("#plays button")
        with page.expect_response(re.compile(r"/api/tabletop/\d+/act$")):
            click(page, plays.nth(plays.count() - 1))
    else:
        pytest.fail(f"no end within {PLAYS_MOST} plays")
    assert shown_to == {"england", "france"}
    if not to_the_end:
        assert handovers == HANDOVERS[size]
        fits_the_screen(page)
        return
    outcome = page.locator("#outcome").inner_text()
    assert re.search(r" wins with \d+ gold on turn \d+ \(gold\)", outcome), outcome
    assert page.locator("#cover").is_hidden() and page.locator("#mine").is_hidden()
    shot(page, folder, f"{size}-3-end")
    fits_the_screen(page)
    _replays(db, int(run_id))


def _replays(db: Path, run_id: int) -> None:
    from typer.testing import CliRunner

    from privateer.cli.app import app

    result = CliRunner().invoke(app, ["--db", str(db), "runs", "replay", str(run_id), "--json"])
    assert result.exit_code == 0, result.output
    replayed: dict[str, Any] = json.loads(result.stdout)
    assert replayed["identical"] == 1


def test_a_play_out_of_turn_or_for_another_seat_is_refused(
    tabletop_url: tuple[str, Path], page: Page
) -> None:
    url, _ = tabletop_url
    made = page.request.post(
        url + "/api/tabletop/new", data={"seed": 4, "seats": "england=you,france=you"}
    )
    assert made.status == 201, made.text()
    body = made.json()
    state = body["state"]
    assert state["hand"] is None and state["plays"] == []  # nobody has taken a seat yet
    waiting = "france" if state["to_act"] == "england" else "england"
    act = f"{url}/api/tabletop/{body['run_id']}/act"
    answer = page.request.post(act, data={"seat": waiting, "action": "end"})
    assert answer.status == 400 and "turn to play" in answer.json()["error"]
    answer = page.request.post(act, data={"seat": "spain", "action": "end"})
    assert answer.status == 400 and "a person's seat at this table" in answer.json()["error"]
    bad = page.request.post(url + "/api/tabletop/new", data={"seed": 1, "seats": "england=mc"})
    assert bad.status == 400 and "2 to 4 nations" in bad.json()["error"]
