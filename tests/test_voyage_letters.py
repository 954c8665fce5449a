"""Letters of marque, rule by rule, on the synthetic sea (its regions declared for the test:
the real ones are boxes of the real chart): the first letter on day 0; each act's task done
pays and brings the next; a letter's nation fair game while it lasts; a missed deadline gets
more time once at -2 with England, then the letter is revoked and you are a pirate; a pardon
brings a new letter; the plate ship's word is a rumor kept till fresher word; all three and
home to London wins, and nothing less; rules without letters are as they were."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from privateer.cli.chart_frames import seen_picture
from privateer.cli.voyage.render import LETTER_HELP
from privateer.engine.voyage import letters
from privateer.engine.voyage.actions import Attack, Course, Sail
from privateer.engine.voyage.captain import CAPTAIN, _her_track
from privateer.engine.voyage.game import VoyageGame, create_voyage
from privateer.engine.voyage.letters import REGIONS, Region
from privateer.engine.voyage.pending import Meeting
from privateer.engine.voyage.rules import find_voyage_rules
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.kinds import MERCHANT, TREASURE
from privateer.engine.world.rumors import Rumor, alive
from tests.voyage_fixtures import WORLD, act_text, port_index, put_ship, quiet_voyage, screen

FULL = find_voyage_rules("full")
WEST = Region("the western sea", 1, ((0.0, 0.0, 5.0, 7.0),), "barbary")
EAST = Region("the eastern sea", 2, ((6.0, 5.0, 11.0, 7.0),), "spain")  # Sevilla, open


@pytest.fixture(autouse=True)
def regions() -> Iterator[None]:
    with REGIONS.extra(WEST), REGIONS.extra(EAST):
        yield


def lettered(seed: int = 1) -> VoyageState:
    """A quiet voyage by the full rules, its first letter in hand, and a Spanish plate ship on
    the sea (the synthetic sea's ports make no treasure course: a merchant is made one)."""
    state = quiet_voyage(seed, rules="full")
    plate = put_ship(state, MERCHANT, "spain", 95)
    state.world.ships["kind"][plate] = TREASURE
    assert state.late is not None
    state.late.letter = None
    letters.issue(WORLD, state, FULL, 1)
    return state


def test_a_run_with_letters_opens_with_the_first_letter_in_hand() -> None:
    with REGIONS.extra(Region("the whole sea", 1, ((-1.0, -1.0, 12.0, 8.0),), "spain")):
        state, events = create_voyage(WORLD, 3, FULL)
    assert state.late is not None and state.late.letter is not None
    issued = [e for e in events if e.kind == "letter"]
    assert len(issued) == 1 and issued[0].data["act"] == 1 and issued[0].data["stop"]
    letter = state.late.letter
    assert letter.task == "prizes" and letter.target == FULL.letter_prizes
    assert letter.deadline == FULL.letter_days[0] and letter.reward == FULL.letter_reward[0]
    dilemmas, _ = create_voyage(WORLD, 3, find_voyage_rules("dilemmas"))
    assert dilemmas.late is None  # rules without the late game keep none of it


def test_two_prizes_of_the_nation_in_the_region_finish_the_first_act() -> None:
    state = lettered()
    letter = state.late.letter  # type: ignore[union-attr]
    assert letter is not None and letter.region in ("the western sea",)
    barbary = WORLD.nations.index("barbary")
    gold = state.gold
    state.node = 12 * 2 + 2  # in the western sea
    ship = put_ship(state, MERCHANT, "barbary", state.node)
    assert letters.took_ship(WORLD, state, FULL, ship)[0].data == {"act": 1, "done": 1, "of": 2}
    state.world.ships["flag"][ship] = WORLD.nations.index("france")
    assert letters.took_ship(WORLD, state, FULL, ship) == []  # another nation's: no count
    state.world.ships["flag"][ship] = barbary
    events = letters.took_ship(WORLD, state, FULL, ship)
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["letter_progress", "letter_done"] and "letter" in kinds
    assert state.gold == gold + FULL.letter_reward[0] and state.late.acts_done == 1  # type: ignore[union-attr]
    nxt = state.late.letter  # type: ignore[union-attr]
    assert nxt is not None and (nxt.act, nxt.task, nxt.region) == (2, "sack", "the eastern sea")


def test_a_sack_of_the_nations_town_in_the_region_finishes_the_second_act() -> None:
    state = lettered()
    state.late.acts_done = 1  # type: ignore[union-attr]
    state.late.letter = None  # type: ignore[union-attr]
    letters.issue(WORLD, state, FULL, 2)
    assert letters.sacked_town(WORLD, state, FULL, port_index("Cadiz")) == []  # not the region
    events = letters.sacked_town(WORLD, state, FULL, port_index("Sevilla"))
    assert events[0].kind == "letter_done" and state.late.acts_done == 2  # type: ignore[union-attr]
    plate = state.late.letter  # type: ignore[union-attr]
    assert plate is not None and plate.task == "plate_ship"
    assert state.world.ships["kind"][plate.target] == TREASURE
    assert WORLD.nations[state.world.ships["flag"][plate.target]] == "spain"


def test_the_plate_ships_word_is_a_rumor_kept_till_fresher_word() -> None:
    state = lettered()
    state.late.acts_done, state.late.letter = 2, None  # type: ignore[union-attr]
    letters.issue(WORLD, state, FULL, 3)
    words = [Rumor.from_list(r) for r in state.rumors if r[5] == letters.ADMIRALTY]
    assert len(words) == 1 and words[0].ship == state.late.letter.target  # type: ignore[union-attr]
    act_text(WORLD, state, "course 40")
    for _ in range(FULL.admiralty_word_days - 1):
        act_text(WORLD, state, "sail")
    assert [r[3] for r in state.rumors if r[5] == letters.ADMIRALTY] == [0]  # kept, not faded
    events = act_text(WORLD, state, "sail")
    assert any(e.kind == "admiralty_word" for e in events)
    assert [r[3] for r in state.rumors if r[5] == letters.ADMIRALTY] == [FULL.admiralty_word_days]
    ship = state.late.letter.target  # type: ignore[union-attr]
    done = letters.took_ship(WORLD, state, FULL, ship)
    assert done[0].kind == "letter_done" and state.late.acts_done == 3  # type: ignore[union-attr]
    assert not any(r[5] == letters.ADMIRALTY for r in state.rumors)


def test_a_missed_deadline_gets_more_time_once_then_the_letter_is_revoked() -> None:
    state = lettered()
    letter = state.late.letter  # type: ignore[union-attr]
    assert letter is not None
    england = WORLD.nations.index("england")
    state.world.day = letter.deadline + 1
    from privateer.engine.world.rules import SEED_000

    (extended,) = letters.letter_day(WORLD, state, FULL, SEED_000)
    assert extended.kind == "letter_extended" and letter.extended
    assert letter.deadline == state.day + FULL.letter_extension_days
    assert state.world.standing[england] == -FULL.letter_extension_standing
    assert not state.world.pirate
    state.world.day = letter.deadline + 1
    (revoked,) = letters.letter_day(WORLD, state, FULL, SEED_000)
    assert revoked.kind == "letter_revoked" and state.world.pirate
    assert state.late.letter is None and state.late.revoked == 1  # type: ignore[union-attr]
    state.port, state.gold = port_index("Plymouth"), 200
    pardon = act_text(WORLD, state, "pardon")
    assert [e.kind for e in pardon][:2] == ["pardoned", "letter"]
    assert state.late.letter is not None and state.late.letter.act == 1  # type: ignore[union-attr]


def test_a_letters_nation_is_fair_game_no_strain_on_its_peace() -> None:
    state = lettered()
    letter = state.late.letter  # type: ignore[union-attr]
    assert letter is not None
    barbary = letter.nation
    england = WORLD.nations.index("england")
    state.world.wars = [w for w in state.world.wars if sorted(w) != sorted([barbary, england])]
    act_text(WORLD, state, "course 24")
    put_ship(state, MERCHANT, "barbary", 12)
    act_text(WORLD, state, "sail")
    act_text(WORLD, state, "attack")
    assert state.world.standing[barbary] == -1 and state.world.strain[barbary] == 0
    france = WORLD.nations.index("france")
    other = quiet_voyage(1, rules="dilemmas")
    act_text(WORLD, other, "course 24")
    put_ship(other, MERCHANT, "france", 12)
    act_text(WORLD, other, "sail")
    act_text(WORLD, other, "attack")
    assert other.world.strain[france] == 1  # without a letter: the peace is strained


def test_all_three_letters_and_home_to_london_wins_and_nothing_less() -> None:
    state = lettered()
    late = state.late
    assert late is not None
    state.gold = 500  # gold alone is not the win with letters
    london = WORLD.port_by_name["London"].node
    state.port = port_index("Plymouth")
    act_text(WORLD, state, f"course {london}")
    while state.port != port_index("London"):
        assert not state.over
        act_text(WORLD, state, "sail")
        if state.pending is not None:
            pytest.skip("something met her on the way")
    assert not state.over
    late.acts_done, late.letter = 3, None
    state.port = port_index("Plymouth")
    state.node = WORLD.port_by_name["Plymouth"].node
    act_text(WORLD, state, f"course {london}")
    while not state.over:
        act_text(WORLD, state, "sail")
    assert state.outcome == "won"


def test_play_shows_the_letter_in_hand_on_the_prompt_and_asked_and_help_letter_explains(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = lettered()
    out = screen(state, ["letter", "help letter"], capsys)
    held = state.late.letter  # type: ignore[union-attr]
    assert held is not None
    # the prompt keeps the letter in view, and where it sends her (in its region, here)
    assert f"; act 1 0/2 by {held.deadline}, in the western sea] > " in out
    assert (
        f"act 1: take 2 prizes in the western sea, against barbary: 0 of 2 done; "
        f"due day {held.deadline} ({held.deadline - state.day} days); pays {held.reward}"
    ) in out
    assert "acts done 0 of 3, letters revoked 0" in out
    for line in LETTER_HELP:
        assert line in out
    plain = screen(quiet_voyage(rules="dilemmas"), ["letter"], capsys)
    assert "no letters of marque under these rules" in plain and "; act" not in plain


def test_the_letter_sheet_says_what_is_in_hand_and_what_is_done() -> None:
    state = lettered()
    sheet = letters.letter_sheet(WORLD, state)
    assert sheet["letter"]["task"] == "prizes" and sheet["letter"]["of"] == FULL.letter_prizes
    assert (sheet["acts_done"], sheet["revoked"], sheet["word_day"]) == (0, 0, None)
    state.late.acts_done, state.late.letter = 3, None  # type: ignore[union-attr]
    assert letters.letter_sheet(WORLD, state)["letter"] is None


def _on_the_plate_ships_letter() -> VoyageState:
    """At sea off node 40 with the third letter in hand (the plate ship at node 95)."""
    state = lettered()
    state.late.acts_done, state.late.letter = 2, None  # type: ignore[union-attr]
    letters.issue(WORLD, state, FULL, 3)
    state.port, state.node, state.course = -1, 40, -1
    return state


def test_the_captain_makes_for_the_plate_ship_in_sight_and_attacks_her_whatever_her_read() -> None:
    state = _on_the_plate_ships_letter()
    plate = state.late.letter.target  # type: ignore[union-attr]
    game = VoyageGame(WORLD, FULL)
    state.world.ships["node"][plate] = 42  # two steps off: in the lookout's sight
    assert CAPTAIN.choose(game, state) == Course(42)
    state.course = 42
    assert CAPTAIN.choose(game, state) == Sail()  # on for her, no second thought
    state.pending = Meeting(plate)
    assert CAPTAIN.choose(game, state) == Attack()  # she is the work, though the read says no
    assert not CAPTAIN._can_take(WORLD, state, FULL, plate)


def test_the_captain_closes_with_her_track_when_no_point_of_it_is_in_reach() -> None:
    state = _on_the_plate_ships_letter()
    letter = state.late.letter  # type: ignore[union-attr]
    assert letter is not None
    game = VoyageGame(WORLD, FULL)
    word = next(Rumor.from_list(r) for r in state.rumors if r[5] == letters.ADMIRALTY)
    last_day, last_node = _her_track(game, state, word)[-1]
    state.world.day = last_day  # her track's last day: only where she is then is left
    state.node = next(n for n in range(WORLD.n) if WORLD.hops_from([n])[last_node] > 0)
    # it cannot be there in time, so it makes for it, rather than lie idle
    assert CAPTAIN._intercept(game, state, letter) == last_node


def test_the_chart_of_a_day_keeps_the_admiraltys_word_till_fresher_word() -> None:
    state = _on_the_plate_ships_letter()
    word = next(Rumor.from_list(r) for r in state.rumors if r[5] == letters.ADMIRALTY)
    state.world.day = word.day + 1
    while alive(word, state.world.day):  # till a rumor of anyone else would be gone
        state.world.day += 1
    rings = seen_picture(WORLD, state, 1).rumors
    admiralty = [r for r in rings if r.label.startswith("the Admiralty's word of the plate ship")]
    assert len(admiralty) == 1 and admiralty[0].search  # her cloud, widened, still drawn
