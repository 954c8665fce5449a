"""A captain lying off a port it means to put in to stands off a day and comes back in (engine
voyage-12). A ship enters a port only by arriving; after a raid turned out she is off the
town, in the boats, on its node, and before this the captain bots set no course there and lay
off it for good: over 200 `classic` runs, 16% of all the days at sea (up to 400 days in one
run), off Agadir, Tétouan and Dunkirk."""

from __future__ import annotations

import pytest

from privateer.engine.voyage.actions import Course
from privateer.engine.voyage.captain import RAIDER_10
from privateer.engine.voyage.game import VoyageGame, act
from privateer.engine.voyage.rules import CLASSIC
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.world import World
from tests.voyage_fixtures import WORLD, port_index, quiet_voyage


def off_sevilla() -> tuple[VoyageGame, VoyageState]:
    """The raider on Sevilla's node, out of port (as after a raid turned out), with no course:
    an open Spanish town, full of gold, that it means to raid."""
    state = quiet_voyage(seed=1, rules="classic")
    state.node, state.port, state.course = WORLD.ports[port_index("Sevilla")].node, -1, -1
    return VoyageGame(WORLD, CLASSIC), state


def test_lying_off_the_town_it_means_to_raid_it_stands_off_and_comes_back_in() -> None:
    game, state = off_sevilla()
    town = state.node
    first = RAIDER_10.choose(game, state)
    assert isinstance(first, Course) and first.node in WORLD.step_neighbours[town]
    assert first.node not in WORLD.port_nodes  # open water, a day off
    kinds: list[str] = []
    for _ in range(20):
        kinds += [e.kind for e in act(WORLD, state, RAIDER_10.choose(game, state))]
        if "fight" in kinds:
            break
    assert state.day == 2  # a day off, a day back
    assert kinds.index("in_port") < kinds.index("fight")
    assert state.fight is not None and state.fight.setup.target == "town"


@pytest.mark.slow
@pytest.mark.xdist_group("full-world-b")
def test_off_a_port_with_no_open_water_beside_it_it_stands_off_to_the_port_beside_it(
    loaded_full_world: World,
) -> None:
    world = loaded_full_world
    canton = world.port_by_name["Canton"].node
    beside = world.step_neighbours[canton]
    assert beside and all(n in world.port_nodes for n in beside)  # the real world's one such
    stand_off = RAIDER_10._stand_off(world, canton)
    assert isinstance(stand_off, Course) and stand_off.node in beside
