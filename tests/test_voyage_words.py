"""The words `play` shows for what is no ship: after a sea monster no prisoner talks, no
stores are offered and chain shot tears fins, not sails (the rules are unchanged: the beast's
rumor is still drawn and its prize cards still offered; only the words differ)."""

from __future__ import annotations

from privateer.cli.voyage.render import fight_words, voyage_line
from privateer.engine.events import Event
from privateer.engine.fight.cards import THEM
from privateer.engine.fight.ships import KIND_INDEX

SAILS, WHY_SAILS = 3, 1  # Wound.SAILS; encounter.WHY's "sails shot away"


def test_chain_shot_on_a_monster_tears_its_fins() -> None:
    wound = Event("wounded", 2, (THEM, KIND_INDEX["chain"], SAILS))
    assert voyage_line(wound) == "  a wound against her: sails, on top of the deck"
    assert voyage_line(wound, target="sea_monster") == (
        "  a wound against it: its fins torn, on top of the deck"
    )
    flee = Event("flee", 3, (THEM, KIND_INDEX["dive"], 0, 1, WHY_SAILS))
    assert voyage_line(flee) == "  she tried to run, but sails shot away"
    assert voyage_line(flee, target="sea_monster") == "  it tried to dive, but its fins are torn"
    hand = "    2  yours  chain shot                       hit 1, leaves sails"
    assert "sails" not in fight_words(hand, "sea_monster")
    assert fight_words(hand, "merchant") == hand


def test_no_prisoner_talks_and_no_stores_after_a_monster() -> None:
    heard = Event("rumor_heard", 9, {"source": "prisoner", "node": 17})
    assert voyage_line(heard) == "day 9: a prisoner talks: a ship seen near node 17"
    beast = voyage_line(heard, target="sea_monster")
    assert beast is not None and "prisoner" not in beast and "a sail" in beast
    cards = {"cards": ["harpoons", "lances", "following_sea"], "stop": True}
    offered = voyage_line(Event("prize_offered", 9, {**cards, "from": "sea_monster"}))
    assert offered == "day 9: the beast's bones and hide, offered: harpoons, lances, following_sea"
    ship = voyage_line(Event("prize_offered", 9, {**cards, "from": "merchant"}))
    assert ship is not None and ship.startswith("day 9: her stores, offered: ")
    town = voyage_line(Event("prize_offered", 9, {**cards, "from": "town"}))
    assert town is not None and "the town's stores" in town


def test_a_beast_flies_no_flag_and_a_ship_flies_hers() -> None:
    beast = voyage_line(Event("attacked", 1, {"kind": "sea_monster", "flag": None, "node": 4}))
    assert beast is not None and "a sea monster attacks!" in beast and "nobody" not in beast
    ship = voyage_line(Event("attacked", 1, {"kind": "guard_ship", "flag": "spain", "node": 4}))
    assert ship is not None and "a guard ship of spain attacks!" in ship
