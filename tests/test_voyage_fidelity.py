"""The captain bot's figures on the real world, pinned: the README compares 200 runs of each
ruleset with the seed's `npm run voyage`; this plays the first twelve classic runs (seeds
0-11) and holds their summary to the figure, so a change that moves the comparison is seen
here first and the README re-measured.

The world is the one read once a run (conftest.py) and played on by every test, as one
process plays a sweep's points on the World it keeps (cli/voyage_batch.py); the classic runs
with our captain, pinned by two tests, are played once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from privateer.cli.voyage_batch import Batch, play_batch
from privateer.engine.dials import turned
from privateer.engine.voyage.rules import CLASSIC, find_voyage_rules
from privateer.engine.voyage.sim import summarise
from privateer.engine.world.rules import SEED_000, find_world_rules
from privateer.engine.world.world import World

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("full-world-b")]

FIRST_TWELVE_CLASSIC = {
    "runs": 12, "won": 4, "sunk": 5,
    "sunk_by": {"merchant": 2, "fortified_port": 1, "privateer": 1, "treasure_fleet": 1},
    "alive_at_end": 3, "mean_day_home": 497.8, "mean_day_sunk": 254.8, "raids_per_run": 5.08,
    "prizes_per_run": 23.42,
    "storms_per_run": 2.17, "omens_per_run": 5.33, "mutinies_per_run": 0.0, "mean_gold": 98.6,
}  # fmt: skip


@pytest.fixture(scope="module")
def world(loaded_full_world: object) -> World:
    assert isinstance(loaded_full_world, World)
    return loaded_full_world


@pytest.fixture(scope="module")
def first_twelve(world: World) -> Callable[[str, str], list[Any]]:
    """first_twelve(rules, captain): seeds 0-11 of 730 days with the ruleset's own world
    rules, played once a module whichever tests ask."""
    played: dict[tuple[str, str], list[Any]] = {}

    def play(rules: str, captain: str) -> list[Any]:
        if (rules, captain) not in played:
            stage = find_voyage_rules(rules)
            wrules = find_world_rules(stage.world_rules)
            batch = Batch(tuple(range(12)), stage, wrules, 730, keep_records=False, captain=captain)
            played[(rules, captain)] = play_batch(world, batch)
        return played[(rules, captain)]

    return play


def test_the_first_twelve_classic_voyages_give_their_figures(
    first_twelve: Callable[[str, str], list[Any]],
) -> None:
    # the batch of CLASSIC on SEED_000 with our captain, as `where` plays it for classic/ours
    assert find_voyage_rules("classic") == CLASSIC
    assert find_world_rules(CLASSIC.world_rules) == SEED_000
    played = first_twelve("classic", "ours")
    summary = summarise([result for result, _ in played])
    assert summary == FIRST_TWELVE_CLASSIC


def test_the_treasury_dial_on_the_first_twelve_classic_voyages(world: World) -> None:
    """The seed's dial ("cutting a town's treasury from 25 to 20 took wins from 39% to 9%"),
    as `privateer sweep treasury=20,25` turns it on the same twelve seeds: the README's study
    plays 200 a point; these twelve pin what it turns."""
    rules, wrules = turned(CLASSIC, SEED_000, {"treasury": 20})
    played = play_batch(world, Batch(tuple(range(12)), rules, wrules, 730, keep_records=False))
    summary = summarise([result for result, _ in played])
    # 4 won at 25 (above); at 20: 2 won, the same 5 sunk, more raids, home later
    assert (summary["won"], summary["sunk"], summary["raids_per_run"]) == (2, 5, 6.75)
    assert summary["mean_day_home"] == 535.5


# The seed's late-game stages on the same twelve seeds (the README's figures play 200 each):
# what each stage adds moves these, and a change that moves them shows here first.
LATE_STAGES = {
    "late": {"won": 5, "sunk": 3, "renown_steps": {"0": 2, "1": 1, "2": 0, "3": 9},
             "home_stretch_reached": 6, "home_stretch_won": 5},
    "lookout": {"won": 5, "sunk": 2, "mean_day_sunk": 48.0,
                "renown_steps": {"0": 2, "1": 0, "2": 0, "3": 10}, "home_stretch_reached": 6},
    "full": {"won": 4, "sunk": 2, "mean_day_home": 538.2, "revoked": 4,
             "letters_completed": {"1": 9, "2": 8, "3": 5}, "home_stretch_reached": 5},
}  # fmt: skip


@pytest.mark.parametrize("rules", list(LATE_STAGES))
def test_the_late_stages_on_the_first_twelve_voyages(world: World, rules: str) -> None:
    stage = find_voyage_rules(rules)
    played = play_batch(world, Batch(tuple(range(12)), stage, SEED_000, 730, keep_records=False))
    summary = summarise([result for result, _ in played])
    assert {key: summary[key] for key in LATE_STAGES[rules]} == LATE_STAGES[rules]


# Where the first twelve went, by rules and captain: the classic captain keeps to Europe (the
# ground worth most is off Gibraltar and Barbary), the century's letters take it across oceans.
NOWHERE_FAR = {"Caribbean": 0.0, "Indian Ocean": 0.0, "China seas": 0.0, "Pacific": 0.0}
WHERE = {
    ("classic", "ours"): {
        "won": 4,
        "sunk_by": {"merchant": 2, "fortified_port": 1, "privateer": 1, "treasure_fleet": 1},
        "reached": NOWHERE_FAR, "days_by_ocean": {"Mediterranean": 0.506, "Atlantic": 0.494},
        "ports_entered": 25,
    },
    ("classic", "world"): {
        "won": 7, "sunk_by": {"merchant": 2}, "reached": NOWHERE_FAR,
        "days_by_ocean": {"Mediterranean": 0.524, "Atlantic": 0.476}, "ports_entered": 26,
    },
    ("century", "ours"): {
        "won": 3, "sunk_by": {"merchant": 1, "privateer": 1, "sea_monster": 1},
        "reached": {"Caribbean": 0.5, "Indian Ocean": 0.25, "China seas": 0.25, "Pacific": 0.083},
        "days_by_ocean": {"Atlantic": 0.809, "Indian": 0.1, "Mediterranean": 0.046,
                          "Pacific": 0.046},
        "ports_entered": 36,
    },
}  # fmt: skip


@pytest.mark.parametrize(("rules", "captain"), list(WHERE))
def test_where_the_first_twelve_voyages_went(
    world: World, first_twelve: Callable[[str, str], list[Any]], rules: str, captain: str
) -> None:
    summary = summarise([result for result, _ in first_twelve(rules, captain)], world.seas)
    where = summary["where"]
    got = {
        "won": summary["won"], "sunk_by": summary["sunk_by"], "reached": where["reached"],
        "days_by_ocean": where["days_by_ocean"], "ports_entered": where["ports_entered"],
    }  # fmt: skip
    assert got == WHERE[(rules, captain)]
