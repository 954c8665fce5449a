"""The raid table's roll in words says what the seed's table says for the target at hand: a
merchant escapes, a privateer is driven off a base; never a merchant escaping a village."""

from __future__ import annotations

import pytest

from privateer.cli.tabletop.render import event_line
from privateer.engine.events import Event
from privateer.engine.tabletop.cards import DECK


def _roll(target: str, result: str) -> str:
    card = next(i for i, c in enumerate(DECK) if c.name == target)
    values = {"nation": "spain", "target": card, "attack": 3, "defence": 1, "dice": [4, 3],
              "modifier": 1, "result": result}  # fmt: skip
    line = event_line(Event("raid_roll", 4, values), "england")
    assert line is not None
    return line


@pytest.mark.parametrize(
    ("target", "result", "said"),
    [
        ("Village", "no effect", "no effect: the privateer is driven off"),
        ("Merchantman", "no effect", "no effect: the merchant escapes"),
        ("Village", "success", "success: the base is captured"),
        ("Merchantman", "success", "success: the merchant is captured"),
        ("Village", "disaster", "disaster: the privateer and all attached are discarded"),
    ],
)
def test_the_raid_tables_words_fit_the_target(target: str, result: str, said: str) -> None:
    line = _roll(target, result)
    assert line.startswith("Spain's raid on #") and f"{target}: str 3 against 1" in line
    assert line.endswith(f"rolled 4+3 = 7 +1 = 8: {said}")
    assert ("merchant" in line) == (target == "Merchantman" and result != "disaster")


def test_a_raid_names_each_ship_and_its_target_at_the_strength_that_rolls() -> None:
    """The raid's header gives each privateer and the target her strength with captain, crew,
    escorts or defences, so its figures add up to the strengths the roll compares (the
    events' bonus aside), never a bare card's beside the total."""
    import random

    from privateer.cli.tabletop.render import raid_lines
    from privateer.engine.tabletop.mode import TabletopGame

    game = TabletopGame(players=["spain", "england"])
    dressed = 0
    for seed in range(6):
        state, _ = game.new_initial_state(seed)
        rnd = random.Random(seed)
        for _ in range(3000):
            if game.outcome(state) is not None:
                break
            raid = game.observe(state, 0)["raid"]
            if raid is not None:
                ships = sum(p["str"] for p in raid["privateers"])
                assert raid["target"]["str"] == raid["defence"]
                assert ships == raid["attack"] or (raid["events"] and ships < raid["attack"])
                header = raid_lines({**game.observe(state, 0), "seat": "spain"})[0]
                for p in raid["privateers"]:
                    assert f"#{p['id']} {p['name']} (str {p['str']})" in header
                    dressed += p["str"] > DECK[p["id"]].strength
            legal = game.legal_actions(state)
            raids = [a for a in legal if a.to_str().startswith("raid")]
            game.act(state, rnd.choice(raids or legal))
    assert dressed > 0  # some raiders carried a captain or a crew
