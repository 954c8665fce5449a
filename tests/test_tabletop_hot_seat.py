"""`privateer tabletop --seats`: several people at one table (hot-seat) with bots at the other
seats, through typer's CliRunner with piped input: a game played to its end, each hand shown only
behind a "Pass to NATION" screen to its owner, the table never naming a card in another hand, a
game stopped at a handover and resumed as if played straight through, and --seats checked."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from tests.test_tabletop_terminal import _json, tabletop

SEATS = "england=you,france=you,spain=raider"  # raider decides at once: these tests time the screen
ALWAYS_FIRST = "1\n" * 6000


def _segments(out: str) -> list[tuple[str, str]]:
    """The output cut at each "Pass to NATION." screen: (the nation, what follows it)."""
    parts = re.split(r"^Pass to (\w+)\. ", out, flags=re.M)
    return list(zip(parts[1::2], parts[2::2], strict=True))


def test_two_people_play_to_the_end_each_hand_shown_only_to_its_owner(db_path: Path) -> None:
    result = tabletop(db_path, "--seats", SEATS, "--seed", "5", input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("seed 5: England and France (people) against Spain (raider)")
    last = out.strip().splitlines()[-1]
    assert re.search(r" wins with \d+ gold on turn \d+ \(gold\); .* \(run 1\)$", last), last
    before_first = out.split("Pass to ", 1)[0]
    assert "Your hand" not in before_first  # nobody's hand before the first handover
    segments = _segments(out)
    assert {nation for nation, _ in segments} == {"England", "France"}
    handovers = [nation for nation, _ in segments]
    assert all(a != b for a, b in itertools.pairwise(handovers))
    for nation, shown in segments:
        other = "France" if nation == "England" else "England"
        assert f"{other} (you)" not in shown and f"{other}, your play" not in shown
        if "Your hand (" in shown:
            assert f"{nation} (you): " in shown and f"{nation}, your play" in shown
    (run,) = _json(db_path, "runs", "list")
    assert run["mode"] == "tabletop" and run["outcome"] == "gold"
    assert _json(db_path, "runs", "replay", "--all")["identical"] == 1


def test_the_table_never_names_a_card_in_another_hand(db_path: Path) -> None:
    """Played by the session as the screen plays it (the bots, then a handover to the person
    to act): every screen drawn is its seat's observe() and names no card of another hand,
    raids and their answers included."""
    from privateer.cli.tabletop import screen as tabletop_screen
    from privateer.cli.tabletop.session import TabletopSession
    from privateer.db.run_store import RunStore

    assert tabletop(db_path, "--seats", SEATS, "--seed", "2", input="quit\n").exit_code == 0
    session = TabletopSession.pick_up(RunStore(db_path))
    assert [session.players[seat] for seat in session.people] == ["england", "france"]
    seen: set[int] = set()
    for _ in range(400):
        list(session.bots())
        if session.over:
            break
        session.hand_to(session.to_act())
        seen.add(session.seat)
        view = session.view()
        shown = "\n".join(tabletop_screen.screen_lines(session, view))
        assert view["seat"] == session.players[session.seat]
        for seat, hand in enumerate(session.state.hands):
            if seat != session.seat:
                for card_id in hand:
                    assert not re.search(rf"#{card_id}\b", shown), (card_id, shown)
        session.take(session.legal()[-1])  # the last play: raids and events when open
    assert seen == set(session.people)


def test_stopped_at_a_handover_and_resumed_it_plays_on_as_straight_through(
    db_path: Path, tmp_path: Path
) -> None:
    straight = tmp_path / "straight.duckdb"
    plays = "x\n" + "2\n1\n" * 30
    whole = tabletop(straight, "--seats", SEATS, "--seed", "4", input=plays + "quit\n")
    assert whole.exit_code == 0, whole.output
    cut = plays.count("\n") // 2
    lines = plays.splitlines(keepends=True)
    first = tabletop(db_path, "--seats", SEATS, "--seed", "4", input="".join(lines[:cut]))
    assert first.exit_code == 0 and "input ended: run 1 is saved" in first.stdout, first.output
    # a resumed table opens on a handover (whoever sat there before): one Enter more, unless
    # the input ended at a handover, which the resumed one answers in its place
    at_handover = first.stdout.rsplit("> ", 1)[0].rstrip().endswith("(or quit)")
    rest = "".join(lines[cut:]) if at_handover else "\n" + "".join(lines[cut:])
    again = tabletop(db_path, "--resume", input=rest + "quit\n")
    assert again.exit_code == 0, again.output
    shown = [line for line in again.stdout.splitlines() if line.strip()]
    assert shown[0].startswith("resuming run 1 on turn")
    assert "England and France (people) against Spain (raider)" in shown[0]
    assert shown[1].startswith("Pass to ")  # no hand before the handover

    def saved_hash(db: Path) -> str:
        from privateer.cli.tabletop.session import TabletopSession
        from privateer.db.run_store import RunStore

        session = TabletopSession.pick_up(RunStore(db))
        return str(session.game.state_hash(session.state))

    assert saved_hash(db_path) == saved_hash(straight)
    assert _json(db_path, "runs", "replay", "1")["identical"] == 1


def test_quit_at_the_pass_screen_keeps_the_game(db_path: Path) -> None:
    result = tabletop(db_path, "--seats", SEATS, "--seed", "6", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "run 1 is saved, `privateer tabletop --resume --run 1` picks it up" in result.stdout
    assert "Your hand" not in result.stdout
    (save,) = _json(db_path, "saves", "list")
    assert save["run_id"] == 1


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--seats", "england=you"], "2 to 4 nations, not 1"),
        (["--seats", "england=you,england=you"], "england is named twice"),
        (["--seats", "england=you,prussia=you"], "no nation 'prussia'"),
        (["--seats", "england=you,france=ace"], "france=ace: a seat is you or a bot"),
        (["--seats", "england,france=you"], "'england' is not NATION=you or NATION=BOT"),
        (["--seats", "england=mc,france=raider"], "no seat is you's"),
        (["--seats", SEATS, "--bots", "mc"], "give no --bots with it"),
        (["--seats", SEATS, "--resume"], "give no --seats"),
    ],
)
def test_bad_seats_are_refused_in_one_line(db_path: Path, args: list[str], words: str) -> None:
    result = tabletop(db_path, *args, input="quit\n")
    assert result.exit_code == 2, result.output
    assert words in result.output and len(result.output.strip().splitlines()) == 1
