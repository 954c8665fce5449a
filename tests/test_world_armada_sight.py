"""An armada attacks on sight (issue 21; the Privateer design document: "a guard ship or armada of a
nation that wants you, or that's at war with England, attacks on sight"): with the world's
`armada_sight_days` a hostile armada that has you within that many days of where she is turns from
her course and bears down on you, and goes back to the nearest port of it once you are out of her
sight (or she is laid up). At 0 (every world but `balanced`) she keeps her course. On the synthetic
sea (tests/world_fixtures.py), with Spain's armada round Cadiz, Lisboa and Sevilla."""

from __future__ import annotations

from privateer.engine.voyage.captain import CAPTAINS, captain_for
from privateer.engine.voyage.rules import LEGACY_RULESETS, RULESETS
from privateer.engine.world import wars
from privateer.engine.world.game import advance, create_world, lay_up
from privateer.engine.world.kinds import ARMADA
from privateer.engine.world.rules import BALANCED, CENTURY, CENTURY_2, SEED_000
from privateer.engine.world.state import HUNTING, LAID_UP, RESTING, SAILING, WorldState
from privateer.engine.world.world import World, nearby
from tests.world_fixtures import synthetic_world

WORLD: World = synthetic_world()
HOME = SEED_000.with_changes(
    name="home-armada", home_armada=True, home_armada_ports=("Cadiz", "Lisboa", "Sevilla")
)
SIGHTED = HOME.with_changes(name="sighted", armada_sight_days=2)
CADIZ = WORLD.port_by_name["Cadiz"].node


def _world(rules: object, at_war: bool = True) -> tuple[WorldState, int]:
    """Day 0 with Spain's armada lying at Cadiz; England and Spain at war (or at peace)."""
    state, _ = create_world(WORLD, 5, rules)  # type: ignore[arg-type]
    spain, england = WORLD.nations.index("spain"), WORLD.nations.index("england")
    if at_war:
        wars.declare_war(WORLD, state, spain, england, "test")
    else:
        state.wars = [p for p in state.wars if sorted(p) != sorted([spain, england])]
    (armada,) = [s for s, kind in enumerate(state.ships["kind"]) if kind == ARMADA]
    return state, armada


def _at(days: int) -> int:
    """A node of the open sea exactly `days` days from Cadiz."""
    ports = {p.node for p in WORLD.ports}
    return min(n for n, d in nearby(WORLD, CADIZ, days).items() if d == days and n not in ports)


def test_armadas_attack_on_sight_in_the_centurys_world_and_the_balanced_one() -> None:
    assert SEED_000.armada_sight_days == 0 and CENTURY_2.armada_sight_days == 0
    assert CENTURY.armada_sight_days == 2  # every ruleset's world since voyage-4
    assert (BALANCED.home_armada, BALANCED.armada_sight_days, BALANCED.treasury) == (True, 2, 20)
    assert {r.world_rules for r in RULESETS.values()} == {"century"}
    # a run or save of voyage-3 plays classic in the balanced world, the rest in seed-000
    assert LEGACY_RULESETS["voyage-3"]["classic"].world_rules == "balanced"
    assert {r.world_rules for n, r in LEGACY_RULESETS["voyage-3"].items() if n != "classic"} <= {
        "seed-000", "century"
    }  # fmt: skip
    # and one of voyage-2 still plays classic in the seed's first world
    assert LEGACY_RULESETS["voyage-2"]["classic"].world_rules == "seed-000"
    assert LEGACY_RULESETS["voyage-2"]["full"] == LEGACY_RULESETS["voyage-3"]["full"]
    assert captain_for("classic") == "raider10" and captain_for("full") == "ours"
    assert CAPTAINS["raider10"].reserve == 10 and CAPTAINS["raider10"].raid_margin == 4


def test_off_she_keeps_her_course_past_you() -> None:
    state, armada = _world(HOME)
    advance(WORLD, state, {"player_node": _at(1)}, rules=HOME)
    assert state.ships["target"][armada] != HUNTING


def test_at_war_she_bears_down_on_you_within_her_sight_and_comes_alongside() -> None:
    state, armada = _world(SIGHTED)
    you = _at(2)
    advance(WORLD, state, {"player_node": you}, rules=SIGHTED)
    assert state.ships["target"][armada] == HUNTING
    assert state.ships["task"][armada] == SAILING and state.ships["dest"][armada] == you
    for _ in range(6):
        if state.ships["node"][armada] == you:
            break
        advance(WORLD, state, {"player_node": you}, rules=SIGHTED)
    assert state.ships["node"][armada] == you


def test_past_her_sight_or_at_peace_she_does_not() -> None:
    state, armada = _world(SIGHTED)
    advance(WORLD, state, {"player_node": _at(3)}, rules=SIGHTED)
    assert state.ships["target"][armada] != HUNTING
    state, armada = _world(SIGHTED, at_war=False)
    advance(WORLD, state, {"player_node": _at(1)}, rules=SIGHTED)
    assert state.ships["target"][armada] != HUNTING


def test_out_of_her_sight_she_goes_back_to_her_course_and_round_it() -> None:
    state, armada = _world(SIGHTED)
    advance(WORLD, state, {"player_node": _at(2)}, rules=SIGHTED)
    advance(WORLD, state, {"player_node": _at(2)}, rules=SIGHTED)
    assert state.ships["target"][armada] == HUNTING
    advance(WORLD, state, {"player_node": -1}, rules=SIGHTED)  # you are in port
    course = state.courses[state.ships["course"][armada]]
    place = state.ships["target"][armada]
    assert 0 <= place < len(course)
    assert state.ships["dest"][armada] == WORLD.ports[course[place]].node
    lay = _ports_she_lies_at(state, armada, 150)
    assert {"Lisboa", "Sevilla"} <= set(lay)  # round her course again, not stuck


def test_laid_up_from_a_chase_she_takes_up_her_course_again() -> None:
    state, armada = _world(SIGHTED)
    advance(WORLD, state, {"player_node": _at(2)}, rules=SIGHTED)
    lay_up(WORLD, state, SIGHTED, armada)
    assert state.ships["task"][armada] == LAID_UP
    assert state.ships["target"][armada] == 0  # Cadiz, her home, the first of her course
    lay = _ports_she_lies_at(state, armada, SIGHTED.laid_up_days + 150)
    assert {"Lisboa", "Sevilla"} <= set(lay)


def _ports_she_lies_at(state: WorldState, armada: int, days: int) -> list[str]:
    names = {p.node: p.name for p in WORLD.ports}
    lay: list[str] = []
    for _ in range(days):
        advance(WORLD, state, {"player_node": -1}, rules=SIGHTED)
        if state.ships["task"][armada] == RESTING:
            lay.append(names.get(state.ships["node"][armada], "?"))
    return lay
