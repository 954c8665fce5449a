"""`privateer tabletop`: one seat of the Privateers design document's card game against bots,
through typer's CliRunner on a temporary database: a game played to its end by piped input, the
table as the seat's observe() gives it (never another hand), ?CARD, a bad choice refused without
changing the game, stopped and resumed as if played straight through, logged runs that replay
identically, the offer back of a game in progress, Ctrl-C, and a closed stdin refused."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from typer.testing import CliRunner

from privateer.cli.app import app
from tests.head_db import at_head

runner = CliRunner()
FAST = ["--bots", "raider"]  # decides at once, and raids: these tests time the screen
ALWAYS_FIRST = "1\n" * 4000


@pytest.fixture
def db_path(db_path: Path) -> Path:
    """An empty database at head for the games to begin on (tests/head_db.py: a copy; a new
    path's database, made by the command, is test_cli_db's)."""
    return at_head(db_path)


def tabletop(db: Path, *args: str, input: str = "") -> Result:
    return runner.invoke(app, ["--db", str(db), "tabletop", *args], input=input)


def _json(db: Path, *args: str) -> Any:
    result = runner.invoke(app, ["--db", str(db), *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _saved(db: Path, run_id: int | None = None) -> Any:
    """The session a run's save picks up (its state and game)."""
    from privateer.cli.tabletop.session import TabletopSession
    from privateer.db.run_store import RunStore

    return TabletopSession.pick_up(RunStore(db), run_id)


def _saved_hash(db: Path, run_id: int | None = None) -> str:
    session = _saved(db, run_id)
    return str(session.game.state_hash(session.state))


def test_a_game_plays_to_its_end_by_piped_input_and_replays(db_path: Path) -> None:
    result = tabletop(db_path, "--seed", "1", *FAST, input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    out = result.stdout
    last = out.strip().splitlines()[-1]
    assert re.search(r" wins with \d+ gold on turn \d+ \(gold\); .* \(run 1\)$", last), last
    assert "England (you): " in out and "Your hand (" in out and "Your plays:" in out
    assert re.search(r"^(Spain|France|Holland): ", out, re.M)  # the bots' moves, a line each
    assert "rolled " in out  # a raid's roll in words
    (run,) = _json(db_path, "runs", "list")
    assert run["mode"] == "tabletop" and run["outcome"] == "gold"
    replayed = _json(db_path, "runs", "replay", "--all")
    assert replayed["identical"] == replayed["replayed"] == 1
    assert _json(db_path, "saves", "list") == []  # a finished game's save is dropped


def test_stopped_and_resumed_it_is_the_game_played_straight_through(
    db_path: Path, tmp_path: Path
) -> None:
    straight = tmp_path / "straight.duckdb"
    done = tabletop(straight, "--seed", "4", *FAST, input="2\n1\n" * 15 + "quit\n")
    assert done.exit_code == 0 and "run 1 is saved" in done.stdout, done.output
    first = tabletop(db_path, "--seed", "4", *FAST, input="2\n1\n" * 6)  # the input ends
    assert first.exit_code == 0, first.output
    ended = r"input ended: run 1 is saved on turn \d+; `privateer tabletop --resume --run 1`"
    assert re.search(ended, first.stdout), first.stdout[-500:]
    again = tabletop(db_path, "--resume", input="2\n1\n" * 9 + "quit\n")
    assert again.exit_code == 0 and "resuming run 1 on turn" in again.stdout, again.output
    assert _saved_hash(db_path) == _saved_hash(straight)
    assert _json(db_path, "runs", "replay", "1")["identical"] == 1


def test_the_screen_shows_the_seats_view_and_never_another_hand(db_path: Path) -> None:
    """Every table drawn matches observe() for the person's seat: gold, hand sizes, the hand
    by name; no card in another seat's hand is ever named on the screen at that moment."""
    from privateer.cli.tabletop import screen as tabletop_screen
    from privateer.cli.tabletop.session import TabletopSession
    from privateer.db.run_store import RunStore

    result = tabletop(db_path, "--seed", "2", *FAST, input="quit\n")
    assert result.exit_code == 0, result.output
    session = TabletopSession.pick_up(RunStore(db_path))
    checked = 0
    for _ in range(40):
        if session.over:
            break
        list(session.bots())  # the bots' moves are told as they come; the table is drawn
        if session.over:
            break
        view = session.view()
        shown = "\n".join(tabletop_screen.screen_lines(session, view))
        for nation in view["players"]:
            assert f"{view['gold'][nation]} gold, {view['hand_sizes'][nation]} in hand" in shown
        for card in view["hand"]:
            assert f"#{card['id']} {card['name']}" in shown
        mine = session.seat
        for seat, hand in enumerate(session.state.hands):
            if seat != mine:
                for card_id in hand:
                    assert not re.search(rf"#{card_id}\b", shown), (card_id, shown)
        assert all(k in view for k in ("hand", "hand_sizes", "table", "deck_size", "raid"))
        session.take(session.legal()[-1])
        checked += 1
    assert checked >= 10


def test_card_help_and_bad_choices(db_path: Path) -> None:
    result = tabletop(
        db_path,
        "--seed",
        "3",
        *FAST,
        input="?Galleon\n?22\n?captain\n?zzz\n99\njump\nplay 180\nhelp\nquit\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Galleon: privateer ship, strength 7" in out and "2 in the deck (ids 0-1)" in out
    assert "Havana: base, strength 9, gold level 5" in out
    assert "'captain' could be Captain Blake" in out
    assert "no card named 'zzz'" in out
    assert re.search(r"> +no play 99: choose 1-\d+, \?CARD, help or quit$", out, re.M)
    assert re.search(r"> +'jump' is not a play \(", out, re.M)
    assert re.search(r"> +play 180: not a play open now; choose 1-\d+$", out, re.M)
    assert "?CARD   what a card does" in out
    # nothing was played: the save is the game as dealt
    fresh = tmp_db = db_path.parent / "fresh.duckdb"
    assert tabletop(tmp_db, "--seed", "3", *FAST, input="quit\n").exit_code == 0
    assert _saved_hash(db_path) == _saved_hash(fresh)


def test_a_game_in_progress_of_the_seed_is_offered_back(db_path: Path) -> None:
    assert tabletop(db_path, "--seed", "5", *FAST, input="1\nquit\n").exit_code == 0
    unanswered = tabletop(db_path, "--seed", "5", *FAST)
    assert unanswered.exit_code == 2
    assert "error: no answer: pass --resume to pick run 1 up, or --new" in unanswered.stderr
    picked = tabletop(db_path, "--seed", "5", *FAST, input="x\nr\nquit\n")
    assert picked.exit_code == 0 and "resuming run 1" in picked.stdout
    assert "r picks it up where it was" in picked.stdout
    abandoned = tabletop(db_path, "--seed", "5", *FAST, input="a\nquit\n")
    assert "abandoned run 1" in abandoned.stdout and "(run 2)" in abandoned.stdout
    fresh = tabletop(db_path, "--seed", "5", *FAST, "--new", input="quit\n")
    assert "abandoned run 2" in fresh.stdout and "(run 3)" in fresh.stdout
    runs = {r["run_id"]: r["outcome"] for r in _json(db_path, "runs", "list")}
    assert runs == {1: "abandoned", 2: "abandoned", 3: None}


def test_the_seats_and_bots_by_default_and_as_asked(db_path: Path) -> None:
    two = tabletop(db_path, "--seed", "9", "--players", "Holland,England", input="quit\n")
    assert two.exit_code == 0, two.output
    assert "you play England against Holland (mc) (run 1)" in two.stdout
    asked = ["--players", "spain,france", "--seat", "France", "--bots", "spain=trader"]
    mixed = tabletop(db_path, "--seed", "9", "--new", *asked, input="quit\n")
    assert "you play France against Spain (trader) (run 2)" in mixed.stdout, mixed.output
    (run,) = [r for r in _json(db_path, "runs", "list") if r["run_id"] == 2]
    assert run["target"] == "france" and run["bot"] == "spain=trader"


def test_bad_options_are_one_line(db_path: Path) -> None:
    for args, words in (
        (["--players", "spain,portugal"], "no nation 'portugal'"),
        (["--players", "spain"], "2 to 4 nations"),
        (["--players", "spain,spain"], "names a nation twice"),
        (["--seat", "france", "--players", "spain,england"], "is not at the table"),
        (["--bots", "spain=nobody"], "no bot 'nobody'"),
        (["--bots", "england=raider"], "england is your seat"),
        (["--rules", "nonsense"], "no tabletop rules named"),
        (["--resume", "--seed", "4"], "give no --seed"),
        (["--resume", "--new"], "one or the other"),
        (["--resume"], "no tabletop in progress"),
    ):
        result = tabletop(db_path, *args, input="quit\n")
        assert result.exit_code == 2, (args, result.output)
        errors = [n for n in result.stderr.splitlines() if n.startswith("error: ")]
        assert len(errors) == 1 and words in errors[0], (args, result.stderr)


def test_ctrl_c_says_the_turn_saved_and_exits_130(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from privateer.cli.tabletop import screen as tabletop_screen

    real = tabletop_screen.run

    def ctrl_c() -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(tabletop_screen, "run", lambda session: real(session, ctrl_c))
    result = tabletop(db_path, "--seed", "6", *FAST)
    assert result.exit_code == 130, result.output
    assert re.search(
        r"interrupted: run 1 saved on turn \d+; `privateer tabletop --resume --run 1`",
        result.stdout,
    )
    assert _json(db_path, "saves", "list")[0]["run_id"] == 1


def test_a_closed_stdin_is_refused_before_a_run_is_made(tmp_path: Path) -> None:
    db_path = tmp_path / "new.duckdb"  # no database there: none is made
    done = subprocess.run(
        ["sh", "-c", 'exec "$@" <&-', "sh", sys.executable, "-m", "privateer", "--db",
         str(db_path), "tabletop", "--seed", "7"],
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == (
        "error: tabletop needs input: stdin is closed; run it at a terminal or pipe its moves "
        "in (`privateer tabletop < moves.txt`)"
    )
    assert not db_path.exists()


def test_a_raid_under_way_is_drawn_with_its_strengths_and_modifier() -> None:
    from privateer.cli.tabletop.render import raid_lines
    from privateer.engine.tabletop.bots import BOTS
    from privateer.engine.tabletop.mode import TabletopGame
    from privateer.engine.tabletop.rules import raid_modifier

    game = TabletopGame(players=["spain", "england", "france"])
    state, _ = game.new_initial_state(11)
    for step in range(3000):
        if state.raid is not None or game.outcome(state) is not None:
            break
        side = game.current_side(state)
        game.act(state, BOTS["raider"].choose(game, state, side, step))
    assert state.raid is not None
    view = game.observe(state, 1)
    raid = view["raid"]
    modifier = raid_modifier(state.rules, raid["attack"], raid["defence"])
    lines = raid_lines(view, modifier)
    assert lines[0].startswith("Raid under way: ")
    assert f"#{raid['target']['id']} {raid['target']['name']}" in lines[0]
    assert (
        f"strength {raid['attack']} against {raid['defence']}, roll modifier {modifier:+d}"
        in (lines[1])
    )
    assert lines[-1].endswith("to answer (an event, or pass)")
    assert raid_lines({**view, "raid": None}) == []
