"""The seed's measured figures, reproduced by the simulator within five points (the Privateer design
document, "balance" and "what the simulator says so far"). Deterministic: the seeds are 0..1999.

One figure does not hold, by design of the figures: the seed's runner gets away from an armada
66% of the time while a pinnace (any captain) gets away 82%; a captain who runs whenever a
flee card works cannot do worse than one who sometimes stays, so the two come from different
stages of the seed's design. The README shows the measured 95%.
"""

from __future__ import annotations

import pytest

from privateer.engine.fight.bots import BOTS
from privateer.engine.fight.outfit import Outfit
from privateer.engine.fight.sim import simulate

FIGHTS = range(2000)


@pytest.mark.parametrize(
    ("bot", "target", "ship", "field", "seed_figure"),
    [
        ("balanced", "merchant", "pinnace", "destroyed", 0.81),
        ("balanced", "merchant", "pinnace", "sunk", 0.06),
        ("runner", "merchant", "pinnace", "got_away", 0.33),
        ("balanced", "armada", "pinnace", "got_away", 0.82),
        ("balanced", "armada", "brigantine", "got_away", 0.58),
        ("runner", "treasure_fleet", "pinnace", "got_away", 0.77),
    ],
)
def test_the_seeds_figures(
    bot: str, target: str, ship: str, field: str, seed_figure: float
) -> None:
    result = simulate(BOTS[bot], target, Outfit(ship), FIGHTS)
    assert abs(getattr(result, field) - seed_figure) <= 0.05, result


def test_a_bigger_ship_is_sturdier_but_less_nimble() -> None:
    pinnace = simulate(BOTS["balanced"], "armada", Outfit("pinnace"), FIGHTS)
    brigantine = simulate(BOTS["balanced"], "armada", Outfit("brigantine"), FIGHTS)
    piloted = simulate(BOTS["balanced"], "armada", Outfit("brigantine", crew=("pilot",)), FIGHTS)
    assert brigantine.got_away < pinnace.got_away
    assert piloted.got_away > brigantine.got_away  # "Hire a pilot."


def test_the_captains_play_differently() -> None:
    """The reckless captain trades hull for damage (she stands and fights an armada she should
    run from, and sinks more); the careful one will not (she runs sooner and sinks less)."""
    seeds = range(1000)
    table = {
        (bot, target): simulate(BOTS[bot], target, Outfit(), seeds)
        for bot in ("reckless", "balanced", "careful")
        for target in ("armada", "treasure_fleet")
    }
    for target in ("armada", "treasure_fleet"):
        reckless, balanced, careful = (
            table[bot, target] for bot in ("reckless", "balanced", "careful")
        )
        assert reckless.sunk >= balanced.sunk + 0.10, target
        assert careful.sunk < balanced.sunk, target
        assert careful.got_away > balanced.got_away, target
