"""`privateer play` on a full screen, driven headless by Textual's Pilot with the keys a person
presses: the README's first voyage (seed 7, classic) played by keys and the command line: a
refit, a course set by name, a French privateer attacked (the y/N guard a dialog, answered
`y`), the fight kept card by card on the digit keys to her end, home to Plymouth past an
English merchant let pass; saved and quit by `q`, then picked up by the line mode and by the
browser. The screen at 80x24 and 160x48 against its snapshots."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from privateer.cli.app import app as cli_app
from privateer.cli.tui.voyage_app import VoyageApp
from privateer.cli.voyage.session import VoyageSession
from privateer.db.run_store import RunStore
from tests.tui_fixtures import (
    asked,
    completed,
    keys,
    log_text,
    matches_snapshot,
    screen_text,
    settle,
    typed,
)

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("tui-voyage")]  # the land read once
runner = CliRunner()


def begin(db: Path, world: Any) -> VoyageSession:
    return VoyageSession.begin(RunStore(db, notify=lambda _: None), world, 7, "classic", 730)


def test_the_first_voyage_by_keys_then_on_in_the_line_mode_and_the_browser(
    world_db_copy: Path, loaded_full_world: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import privateer.cli.voyage.commands as voyage_commands
    from privateer.cli.web import routes_play

    # the line mode and the browser sail the world this process has read already (both read
    # it from the same database otherwise: a few seconds each)
    monkeypatch.setattr(voyage_commands, "engine_world", lambda ctx: loaded_full_world)
    monkeypatch.setattr(routes_play, "play_world", lambda request: loaded_full_world)
    session = begin(world_db_copy, loaded_full_world)
    app = VoyageApp(session, ["seed 7: a privateer out of Plymouth"])

    async def play() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(app, pilot)
            await typed(app, pilot, "upgrade more_guns")
            await completed(app, pilot, "course Lis", "course Lisbon")
            await keys(app, pilot, "g")
            assert "a privateer of france comes alongside" in log_text(app)
            await pilot.press("a")
            assert "fire on her all the same?" in await asked(app, pilot)
            await pilot.press("y")
            await settle(app, pilot)
            assert "fight: privateer (you attacked)" in log_text(app)
            for _ in range(7):
                await keys(app, pilot, "1", "2")
            assert "the fight is over: destroyed" in log_text(app)
            await completed(app, pilot, "course Ply", "course Plymouth")
            await keys(app, pilot, "g", "p", "g")
            assert "day 8: in Plymouth (england)" in log_text(app)
            assert "day 8/730 in port" in screen_text(app)
            await pilot.press("q")
            await pilot.pause(0.2)

    asyncio.run(play())
    assert app.return_value == (
        f"run {session.run_id} is saved on day 8; `privateer play --resume` picks it up"
    )
    base = ["--db", str(world_db_copy)]
    resumed = runner.invoke(cli_app, [*base, "play", "--resume"], input="round\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert f"resuming run {session.run_id} on day 8" in resumed.stdout
    assert "day 8: a round" in resumed.stdout
    from privateer.cli.web.app import create_app

    played_on = create_app(world_db_copy, draw_at_start=False)
    with TestClient(played_on, base_url="http://localhost") as client:
        state = client.get(f"/api/play/{session.run_id}").json()
        assert state["figures"]["day"] == 8 and state["context"] == "in port"
        sailed = client.post(
            f"/api/play/{session.run_id}/act", json={"action": "sail", "confirm": False}
        ).json()
        assert sailed["state"]["figures"]["day"] == 9
    saves = json.loads(runner.invoke(cli_app, [*base, "saves", "list", "--json"]).stdout)
    assert [(s["run_id"], s["day"]) for s in saves] == [(session.run_id, 9)]


def test_a_fight_kept_by_the_digit_keys_then_a_prize_taken_by_one(
    world_db_copy: Path, loaded_full_world: Any
) -> None:
    """Seed 0 by the full rules: the captain bot sails her until a French privateer is
    engaged (day 2); from there the person fights on the screen, pressing each keep's two
    digits (the ones the bot would choose), and when the privateer is taken and her prize cards
    are offered, takes the first by its key."""
    from privateer.engine.voyage import Engagement, KeepCards, PrizeOffer, find_captain

    store = RunStore(world_db_copy, notify=lambda _: None)
    session = VoyageSession.begin(store, loaded_full_world, 0, "full", 730)
    captain = find_captain("ours")
    while not isinstance(session.state.pending, Engagement):
        session.play(captain.choose(session.game, session.state))
    app = VoyageApp(session)
    offered: list[str] = []

    async def play() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(app, pilot)
            rounds = 0
            while isinstance(session.state.pending, Engagement):
                assert "fight" in screen_text(app)
                keep = captain.choose(session.game, session.state)
                assert isinstance(keep, KeepCards)
                await keys(app, pilot, str(keep.first + 1), str(keep.second + 1))
                rounds += 1
            assert rounds >= 2
            pending = session.state.pending
            assert isinstance(pending, PrizeOffer)
            offered.extend(pending.cards)
            assert "prize" in screen_text(app)
            await keys(app, pilot, "1")
            await pilot.press("q")
            await pilot.pause(0.2)

    asyncio.run(play())
    assert session.state.pending is None and session.state.prizes == [offered[0]]


def test_the_voyage_screen_against_its_snapshots(
    world_db_copy: Path, loaded_full_world: Any
) -> None:
    """Two days out of Plymouth for Lisbon, the chart drawn on the land read: at 80x24 and,
    the terminal made larger, at 160x48 the screen is its snapshot (tests/snapshots/;
    rewritten with PRIVATEER_UPDATE_SNAPSHOTS=1)."""
    app = VoyageApp(begin(world_db_copy, loaded_full_world), ["seed 7: out of Plymouth"])
    shown: list[str] = []

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await completed(app, pilot, "upgrade b", "upgrade boarding_nets")
            await typed(app, pilot, "course Lisbon")
            await keys(app, pilot, "s", "s")
            shown.append(screen_text(app))
            await pilot.resize_terminal(160, 48)
            await settle(app, pilot)
            shown.append(screen_text(app))
            await pilot.press("q")
            await pilot.pause(0.2)

    asyncio.run(play())
    for text, size in zip(shown, ("80x24", "160x48"), strict=True):
        assert "@" in text and "day 2/730" in text
        assert matches_snapshot(f"voyage-{size}", text)
