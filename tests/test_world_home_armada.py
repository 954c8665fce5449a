"""Spain's armada in home waters (issue 21; the Privateer design document: "The armadas are exempt,
keeping their patrols round their own empire's ports"): with the world's `home_armada` an armada
patrols `home_armada_ports` in order (the Armada del Mar Océano: Cádiz, Lisbon, the Azores), flying
her first port's flag; off, as in every ruleset so far, no such armada is mustered and the world is
unchanged. On the synthetic sea (tests/world_fixtures.py)."""

from __future__ import annotations

from privateer.engine.voyage.captain import CAPTAINS, Captain
from privateer.engine.world.game import advance, create_world
from privateer.engine.world.kinds import ARMADA
from privateer.engine.world.rules import CENTURY, CENTURY_2, SEED_000
from privateer.engine.world.state import RESTING
from privateer.engine.world.world import World
from tests.world_fixtures import synthetic_world

WORLD: World = synthetic_world()
HOME = SEED_000.with_changes(
    name="home-armada", home_armada=True, home_armada_ports=("Cadiz", "Lisboa", "Sevilla")
)


def _armadas(state: object) -> list[int]:
    kinds = state.ships["kind"]  # type: ignore[attr-defined]
    return [s for s, kind in enumerate(kinds) if kind == ARMADA]


def test_the_home_armada_sails_in_the_centurys_world_since_world_3() -> None:
    assert not SEED_000.home_armada and not CENTURY_2.home_armada and CENTURY.home_armada
    assert SEED_000.home_armada_ports == ("Cádiz", "Lisbon", "Angra")
    plain, _ = create_world(WORLD, 5)
    assert _armadas(plain) == []  # the synthetic sea lies in none of the armadas' boxes


def test_she_patrols_her_ports_in_order_under_her_first_ports_flag() -> None:
    state, _ = create_world(WORLD, 5, HOME)
    (armada,) = _armadas(state)
    ports = [WORLD.ports[i].name for i in state.courses[state.ships["course"][armada]]]
    assert ports == ["Cadiz", "Lisboa", "Sevilla"]
    assert state.ships["flag"][armada] == WORLD.nations.index("spain")  # Lisboa is Portugal's
    assert state.ships["node"][armada] == WORLD.port_by_name["Cadiz"].node
    # round and round: in 200 days she lies at each of her ports in turn, and only at those
    # (passing others on the way)
    names = {p.node: p.name for p in WORLD.ports}
    visited: list[str] = []
    for _ in range(200):
        advance(WORLD, state, rules=HOME)
        node = state.ships["node"][armada]
        lying = state.ships["task"][armada] == RESTING
        if lying and (not visited or visited[-1] != names.get(node, "?")):
            visited.append(names.get(node, "?"))
    assert set(visited) == {"Cadiz", "Lisboa", "Sevilla"}
    assert visited[:4] == ["Lisboa", "Sevilla", "Cadiz", "Lisboa"]


def test_a_home_armada_of_fewer_than_two_ports_the_world_has_is_not_mustered() -> None:
    one = HOME.with_changes(home_armada_ports=("Cadiz", "Nowhere"))
    state, _ = create_world(WORLD, 5, one)
    assert _armadas(state) == []


def test_the_raider12_captain_is_the_raider_keeping_12_back() -> None:
    assert CAPTAINS["raider12"] == Captain(
        world_grounds=True, hold_past_guards=True, raid_margin=4, town_margin=7, reserve=12
    )
