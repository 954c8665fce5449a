"""`play`'s screen as a newcomer meets it (issue 22), on the synthetic sea by piped lines: no
run ended or burned by a slip (acts that change the run ask y/N first, end of input is no;
`go` with nothing to do passes no time), no silent command, the goal and the clock on the
prompt, what is missing on coming home short, and `help CMD`."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from privateer.cli.voyage import screen as voyage_screen
from privateer.cli.voyage.help import COMMANDS, help_lines
from privateer.engine.voyage.game import VoyageGame
from privateer.engine.voyage.pending import Meeting, PrizeOffer
from privateer.engine.voyage.rules import find_voyage_rules
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world import wars
from privateer.engine.world.kinds import MERCHANT
from tests.voyage_fixtures import WORLD, Unsaved, act_text, put_ship, quiet_voyage

NATION = WORLD.nations.index


def typed(state: VoyageState, lines: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What the screen prints for `lines` typed, then the end of input (no quit)."""
    session = Unsaved(VoyageGame(WORLD, find_voyage_rules(state.rules)), state)
    feed: Iterator[str] = itertools.chain((f"{line}\n" for line in lines), itertools.repeat(""))
    voyage_screen.run(session, lambda: next(feed))  # type: ignore[arg-type]
    return capsys.readouterr().out


def alongside(flag: str, rules: str = "dilemmas") -> VoyageState:
    """A quiet voyage a day out of Plymouth, a merchant flying `flag` alongside."""
    state = quiet_voyage(rules=rules)
    act_text(WORLD, state, "course 6")  # for Lisboa
    act_text(WORLD, state, "sail")
    assert state.port < 0 and state.pending is None
    state.pending = Meeting(put_ship(state, MERCHANT, flag, state.node))
    return state


# --- go, sail and wait: time passes only when asked for, and each says what it did ---------


def test_go_in_port_with_no_course_says_so_and_passes_no_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = quiet_voyage()
    out = typed(state, ["go", "go"], capsys)
    assert out.count("no course set: you are in Plymouth. `course PORT` sets one") == 2
    assert state.day == 0 and state.port == 0


def test_sail_says_what_the_day_did(capsys: pytest.CaptureFixture[str]) -> None:
    state = quiet_voyage()
    out = typed(state, ["sail", "course 6", "sail"], capsys)
    assert "a day in Plymouth (day 1 of 730)" in out
    assert "sailed a day (day 2 of 730)" in out and state.day == 2


def test_go_with_no_course_at_sea_says_how_to_set_one_and_moves_no_day(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Arriving where no port is (a course to LON,LAT), or after a sack, she lies at sea with
    no course: the screen says so once, and `go` then passes no day."""
    state = quiet_voyage()
    out = typed(state, ["course 40", "go", "go", "go"], capsys)
    arrived = state.day
    assert state.course < 0 and state.port < 0 and arrived > 0
    before, _, after = out.partition("arrived")
    assert "no course set" not in before
    assert "no course set: `course PORT` (or LON,LAT) sets one, then `go` sails there" in after
    assert after.count("no course set") == 3  # once on arriving, once for each `go` after
    assert f"{arrived} days sailed (day {arrived}/730)" in after


def test_go_or_sail_with_a_ship_alongside_says_what_waits_and_what_to_type(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = alongside("spain")
    day = state.day
    out = typed(state, ["go", "sail"], capsys)
    assert out.count("a ship is alongside: `attack` or `pass` first") == 2
    assert state.day == day and isinstance(state.pending, Meeting)


def test_wait_idles_in_port_and_asks_past_a_few_days(capsys: pytest.CaptureFixture[str]) -> None:
    state = quiet_voyage()
    out = typed(state, ["wait 3", "wait 10", "n", "wait 10", "y", "wait 10"], capsys)
    assert "3 days in Plymouth (day 3/730)" in out
    assert out.count("10 days idle in Plymouth") == 3
    assert "13 days in Plymouth" not in out and "10 days in Plymouth (day 13/730)" in out
    assert "no answer (input ended): not done" in out
    assert state.day == 13


# --- asking first --------------------------------------------------------------------------


def test_raiding_the_home_port_asks_first_and_says_it_makes_you_a_pirate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for answer, raided in (("n", False), ("", False), ("y", True)):
        state = quiet_voyage()
        out = typed(state, ["raid", answer] if answer else ["raid"], capsys)
        assert "raiding Plymouth (England) changes the run:" in out
        assert "England names you a pirate (you raided Plymouth)" in out
        assert "England will hear of it: standing -6 (0 -> -6)" in out  # -3 pirate, -3 raid
        assert "raid all the same? [y/N]" in out
        assert bool(state.world.pirate) is raided and (state.fight is not None) is raided
        assert ("no answer (input ended)" in out) is (answer == "")


def test_raiding_a_town_of_an_enemy_of_england_at_fair_odds_does_not_ask(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Sized up, and begun (long odds ask: tests/test_voyage_raid_sized.py)."""
    state = quiet_voyage()
    state.world.wars = [[NATION("england"), NATION("spain")]]
    state.node, state.port = WORLD.ports[5].node, 5  # Sevilla, an open town
    # a match for its walls (17): a brigantine (16) with a master gunner
    state.ship, state.hull, state.crew = "brigantine", 16, ["master_gunner"]
    assert wars.at_war(state.world, NATION("spain"), NATION("england"))
    out = typed(state, ["raid"], capsys)
    assert "Sevilla (Spain) sized up:" in out and "[y/N]" not in out
    assert "changes the run" not in out and state.fight is not None


def test_attacking_a_neutral_asks_and_says_what_it_costs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    portugal = NATION("portugal")
    for answer in ("n", "", "y"):
        state = alongside("portugal")
        lines = ["attack", answer] if answer else ["attack"]
        out = typed(state, lines, capsys)
        assert "firing on a ship of Portugal changes the run:" in out
        assert "Portugal will hear of it: standing -1 (0 -> -1)" in out
        assert "the peace between England and Portugal strains: 1 (war at 6)" in out
        assert "and if you take her: standing -1 more with Portugal, strain 1 more" in out
        if answer == "y":
            assert state.fight is not None and state.world.standing[portugal] == -1
        else:
            assert isinstance(state.pending, Meeting) and state.world.standing[portugal] == 0
            assert "she is still alongside: `attack` or `pass`" in out


def test_attacking_an_english_ship_asks_and_an_enemy_does_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = alongside("england")
    out = typed(state, ["attack", "n"], capsys)
    assert "England names you a pirate (you fired on an English ship)" in out
    assert not state.world.pirate
    state = alongside("spain")
    state.world.wars = [[NATION("england"), NATION("spain")]]
    out = typed(state, ["attack"], capsys)
    assert "changes the run" not in out and state.fight is not None


def test_the_last_day_asks_before_the_clock_ends_the_voyage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for answer in ("n", "", "y"):
        state = quiet_voyage(days=3)
        lines = ["course 6", "go"] + ([answer] if answer else [])
        out = typed(state, lines, capsys)
        assert (
            "day 2 of 3: a day more ends the voyage (out of time), not won: 20 of 150 gold" in out
        )
        assert "not home in London" in out and "sail on? [y/N]" in out
        assert state.over is (answer == "y") and state.day == (3 if answer == "y" else 2)


# --- the goal and the clock in view ---------------------------------------------------------


def test_the_prompt_shows_the_clock_the_goal_and_the_fights_own_hull(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = typed(quiet_voyage(), [], capsys)
    assert "[day 0/730 in port; hull 10/10 gold 20/150 morale 7/10] > " in out
    full = typed(quiet_voyage(rules="full"), [], capsys)
    assert "[day 0/730 in port; hull 10/10 gold 20 morale 7/10" in full  # gold is the score
    state = alongside("spain")
    state.world.wars = [[NATION("england"), NATION("spain")]]
    act_text(WORLD, state, "attack")
    assert state.fight is not None
    state.fight.hull[0] = 8  # as a card of hers would leave it
    out = typed(state, [], capsys)
    assert f"[day {state.day}/730 fight; hull 8/10 " in out


def test_coming_home_short_says_what_is_missing(capsys: pytest.CaptureFixture[str]) -> None:
    state = quiet_voyage(rules="classic")
    out = typed(state, ["course London", "go"], capsys)
    assert state.port == 1 and not state.over
    left = 730 - state.day
    assert f"  London: 20 of 150 gold; 130 more to win; {left} days left" in out


# --- help ----------------------------------------------------------------------------------


def test_help_lists_every_command_a_line_each_and_help_cmd_explains_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    listed = "\n".join(help_lines(""))
    for command in COMMANDS.values():
        assert f"{command.usage:<26} {command.line}" in listed
    out = typed(quiet_voyage(), ["help hire", "help go", "help look"], capsys)
    assert "hire [HAND]: take on a hand of note" in out and "for example: hire pilot" in out
    assert "for example: course Lisbon, then go" in out
    assert "with no course set it does nothing" in out
    assert "where: always; for example: where" in out
    assert "round " not in out  # one command, not the whole list


def test_every_verb_the_screen_handles_has_its_help() -> None:
    for verb in voyage_screen.TURNS:
        assert verb in COMMANDS, verb


def test_after_a_sack_her_stores_wait_then_the_screen_says_there_is_no_course(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A sack leaves her off the town, out of port with no course, her stores offered: `go`
    says what waits and what to type; once answered, the screen says there is no course and
    how to set one, and `go` passes no day."""
    state = quiet_voyage()
    act_text(WORLD, state, "course 6")
    act_text(WORLD, state, "sail")
    state.course = -1  # as a raid leaves her: in the boats off the town
    state.pending = PrizeOffer(("broadside", "chain", "boarding"), "town")
    day = state.day
    out = typed(state, ["go", "prize none", "go"], capsys)
    assert "her stores wait: prize 1 | prize 2 | prize 3 | prize none first" in out
    waiting, _, answered = out.partition("prize none first")
    assert "no course set" not in waiting
    assert answered.count("no course set: `course PORT` (or LON,LAT) sets one") == 2
    assert state.day == day and state.pending is None
