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
