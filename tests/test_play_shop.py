"""Prices before you pay in `play` (the full world): `hire`, `yard` and `buy` list what the
port sells with its price and what it adds; a purchase says what it cost and what changed; a
refusal says exactly why; and the words after a fight with a sea monster are a beast's."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.voyage import screen as voyage_screen
from privateer.cli.voyage.session import VoyageSession
from privateer.cli.voyage.shop import why_not
from privateer.db import open_database
from privateer.db.run_store import RunStore
from privateer.db.world_load import load_world
from privateer.engine.fight.bots import BALANCED
from privateer.engine.fight.cards import THEM
from privateer.engine.voyage.fights import begin_fight
from privateer.engine.voyage.game import create_voyage
from privateer.engine.voyage.pending import Engagement
from privateer.engine.voyage.rules import find_voyage_rules
from privateer.engine.world.world import World

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world")]
runner = CliRunner()


def play(db: Path, lines: str, *args: str) -> str:
    result = runner.invoke(app, ["--db", str(db), "play", "--seed", "7", *args], input=lines)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_hire_with_no_name_lists_the_hands_with_prices(world_db_copy: Path) -> None:
    out = play(world_db_copy, "hire\nquit\n")
    assert "no such hand" not in out
    assert "Plymouth, you have 20 gold:" in out
    assert "    pilot             5 gold: adds bear away (flee); wages 1" in out
    assert "(berths: 0 of 2 taken)" in out


def test_the_yard_and_buy_price_everything_before_you_pay(world_db_copy: Path) -> None:
    out = play(world_db_copy, "yard\nbuy\nquit\n")
    yard, bought = out.split("  strike a card", 1)[0], out.split("  strike a card", 1)[1]
    assert "    chase_guns        8 gold: adds chase guns (hit 1, chase 1)" in yard
    assert "    frigate         100 gold: hull 22 (+12)" in yard
    assert "  repairs (repair N): 1 gold a point; your hull is sound" in yard
    assert "hands for hire" not in yard
    assert "hands for hire" in bought and "the bar (round): 2 gold a round" in bought


def test_a_purchase_says_what_it_cost_and_a_refusal_exactly_why(world_db_copy: Path) -> None:
    out = play(
        world_db_copy,
        "hire pilot\nupgrade sheathed_hull\nship frigate\nhire pilot\nhire cook\nrepair\nquit\n",
    )
    assert (
        "day 0: hired a pilot\n  paid 5 gold: gold 20 -> 15; deck 8 -> 9 cards; adds bear " in out
    )
    assert "  paid 10 gold: gold 15 -> 5; hull 10/10 -> 12/12" in out
    assert "not now: not enough gold: have 5, need 100" in out
    assert "not now: a pilot is aboard already (one of each)" in out
    assert "  no hand called 'cook': hands are master gunner, marksmen, " in out  # not "not now"
    assert "not now: nothing to mend: your hull is sound" in out
    assert "not sold here, or not enough gold" not in out


def test_a_ship_not_sold_here_names_what_the_yard_sells(loaded_full_world: object) -> None:
    world = loaded_full_world
    assert isinstance(world, World)
    rules = find_voyage_rules("full")
    state, _ = create_voyage(world, 7, rules)
    state.ship = "brigantine"
    assert why_not(world, state, rules, "ship", "pinnace") == (
        "not sold here: Plymouth's yard sells frigate, galleon (bigger than your brigantine)"
    )
    state.gold = 12
    assert why_not(world, state, rules, "ship", "frigate") == "not enough gold: have 12, need 100"
    state.gold = 500
    assert why_not(world, state, rules, "hire", "pilot") is None  # nothing stands in the way
    state.world.pirate = 1
    assert why_not(world, state, rules, "hire", "pilot") == (
        "Plymouth will not deal with you: English ports won't deal with a pirate "
        "(a royal pardon: 80 gold)"
    )


def test_after_killing_a_sea_monster_the_words_are_a_beasts(world_db_copy: Path) -> None:
    engine = open_database(world_db_copy, notify=lambda _: None)
    world = load_world(engine)
    engine.dispose()
    session = VoyageSession.begin(RunStore(world_db_copy, notify=lambda _: None), world, 7)
    state = session.state
    begin_fight(world, state, session.game.rules, "sea_monster", fired_first=True, why="a test")
    assert state.fight is not None
    state.fight.hull[THEM] = 1  # the first shot that lands kills it

    said: list[str] = []

    def read_line() -> str:
        fight = session.state.fight
        if isinstance(session.state.pending, Engagement) and fight is not None:
            keep = BALANCED.choose(fight)
            return f"{keep.first + 1}{keep.second + 1}\n"
        said.append("done")
        return "quit\n" if len(said) > 1 else "prize none\n"

    with runner.isolation() as (out, _err, _):  # typer's echo to a captured stdout
        voyage_screen.run(session, read_line)
        text = out.getvalue().decode()
    assert "sea monster: destroyed" in text, text
    assert "the beast's bones and hide, offered: harpoons, lances, following_sea" in text
    assert "her stores" not in text and "prisoner talks" not in text and "sails" not in text
