"""Where the captain sails and where a voyage went: the whole-sea reckoning of cruising grounds
(engine/voyage/grounds.py), the wake of a run and the `where` figures of many
(engine/voyage/wake.py), and the `indies_treasury` dial (engine/world/treasury.py)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from types import SimpleNamespace

import numpy as np
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.events import Event
from privateer.engine.voyage.grounds import RECKONING, best_ground, every_ground
from privateer.engine.voyage.sim import RunResult, summarise
from privateer.engine.voyage.state import VoyageState
from privateer.engine.voyage.wake import Wake, wake_of, where_figures
from privateer.engine.world.game import advance, create_world
from privateer.engine.world.rules import SEED_000
from privateer.engine.world.treasury import full_treasuries
from privateer.engine.world.world import Port
from tests.voyage_fixtures import WORLD, quiet_voyage


def line_sea(ports: list[tuple[int, bool]]) -> SimpleNamespace:
    """A sea of 200 nodes in a line, a day apart; `ports` (node, enemy) along it. Node 0 is
    home and where the captain is."""

    def hops_from(nodes: list[int]) -> np.ndarray:
        at = np.arange(200)
        return np.min([np.abs(at - n) for n in nodes], axis=0)

    return SimpleNamespace(
        ports=[
            Port(i, f"p{i}", 0, node, fortified=False, native=False, roles=frozenset())
            for i, (node, _) in enumerate(ports)
        ],
        hops_from=hops_from,
    )


def ground_of(ports: list[tuple[int, bool]], days_left: int) -> int | None:
    sea = line_sea(ports)
    state = SimpleNamespace(node=0)
    enemy = [e for _, e in ports]
    every = every_ground(
        sea,
        state,
        enemy,
        enemy,
        [25] * len(ports),
        120,
        days_left,
        0,
        RECKONING,  # type: ignore[arg-type]
    )
    found = best_ground(every)
    return None if found is None else sea.ports[found.anchor].node


NEAR = [(0, False), (5, True)]  # one enemy port five days out
FAR_CLUSTER = [(120, True), (123, True), (126, True), (129, True)]  # four, an ocean away


def test_the_captain_crosses_an_ocean_when_the_prize_is_there() -> None:
    assert ground_of(NEAR + FAR_CLUSTER, days_left=700) in {120, 123, 126, 129}


def test_it_stays_when_the_passage_would_not_pay() -> None:
    assert ground_of(NEAR + FAR_CLUSTER, days_left=300) == 5  # too few days to work it
    assert ground_of([*NEAR, (120, True)], days_left=700) == 5  # one port is no better


def grounds(db: Path, *args: str, code: int = 0) -> list[dict[str, object]]:
    done = CliRunner().invoke(app, ["--db", str(db), "grounds", *args, "--json"])
    assert done.exit_code == code, done.output
    return json.loads(done.stdout) if code == 0 else [{"said": done.stderr}]


def test_grounds_shows_why_a_captain_without_letters_keeps_to_europe(full_world_db: Path) -> None:
    """Seed 1 sets out with Spain at war: the Main's towns pay as much a day as Barbary's, but
    the passage there and home takes a tenth of the run, so the best ground is near home."""
    best = grounds(full_world_db, "--rules", "classic", "--seed", "1", "--ship", "brigantine")
    waters = [row["water"] for row in best]
    assert len(set(waters)) == len(waters) and "Caribbean" in waters
    worth = [float(row["worth"]) for row in best]  # type: ignore[arg-type]
    assert worth == sorted(worth, reverse=True)
    europe = best[0]
    assert europe["water"] in ("Atlantic", "Mediterranean")
    (main,) = [row for row in best if row["water"] == "Caribbean"]
    assert main["nation"] == "spain" and main["gold_a_day"] == europe["gold_a_day"]
    assert main["days_out"] > 2 * europe["days_out"]  # type: ignore[operator]
    every = grounds(full_world_db, "--rules", "classic", "--seed", "1", "--all")
    assert len(every) > len(best)
    for row in every:  # worked: the days she has, less out, home and 30 kept in hand
        days = 730 - row["days_out"] - row["days_home"] - 30  # type: ignore[operator]
        assert abs(float(row["worth"]) - float(row["gold_a_day"]) * days) < 0.1 * days  # type: ignore[arg-type]
    said = grounds(full_world_db, "--ship", "dragon", code=2)[0]["said"]
    assert "no ship 'dragon': one of" in str(said)


def test_no_ground_past_the_days_left_or_without_an_enemy() -> None:
    assert ground_of([(0, False), (120, True)], days_left=200) is None
    assert ground_of([(0, False), (5, False)], days_left=700) is None


def test_a_wake_counts_days_by_sea_and_ports_entered() -> None:
    state = quiet_voyage(seed=1, rules="classic", days=60)
    node = int(WORLD.port_by_name["Plymouth"].node)
    sea = int(WORLD.sea_of_node[node])
    events = [Event("sailed", 1, {"node": node}), Event("in_port", 2, {"port": "London"})]
    wake = wake_of(WORLD, node, events)
    assert dict(wake.sea_days)[sea] == 2 and wake.ports == ("London",)
    assert not wake.beyond_europe  # the test sea lies between 0° and 11°E, 0° and 7°N
    assert RunResult.of(state, wake).seas == wake.seas


def test_where_figures_share_days_and_count_far_waters() -> None:
    names = ("Oceanus Britannicus", "Mar de las Antillas", "Oceanus Indicus")
    home = Wake(((0, 30),), ("London",))
    west = Wake(((0, 10), (1, 40), (-1, 20)), ("Havana", "London"), beyond_europe=True)
    brazil = Wake(((0, 50),), ("London", "Salvador"), beyond_europe=True)  # south of 5°S
    figures = where_figures([home, west], names)
    assert figures["beyond_europe"] == 0.5
    assert where_figures([home, west, brazil], names)["beyond_europe"] == 0.667
    assert figures["days_by_sea"] == {
        "Oceanus Britannicus": 0.4, "Mar de las Antillas": 0.4, "open sea": 0.2
    }  # fmt: skip
    assert figures["days_by_ocean"] == {"Atlantic": 0.8, "open sea": 0.2}
    assert figures["reached"]["Caribbean"] == 0.5 and figures["reached"]["Indian Ocean"] == 0.0
    assert figures["reached_any"] == 0.5  # one of two crossed an ocean
    assert (figures["ports_entered"], figures["ports_per_run"]) == (2, 1.5)


def test_the_summary_says_where_only_with_every_wake_and_the_sea_names() -> None:
    state = quiet_voyage(seed=1, rules="classic", days=60)
    wake = Wake(((0, 5),), ())
    assert "where" in summarise([RunResult.of(state, wake)], WORLD.seas)
    assert "where" not in summarise([RunResult.of(state, wake)])
    assert "where" not in summarise([RunResult.of(state)], WORLD.seas)


def test_the_indies_treasury_dial_fills_colonial_towns_and_leaves_europe() -> None:
    ports = [
        Port(0, "Cadiz", 0, 0, fortified=True, native=False, roles=frozenset()),
        Port(1, "Havana", 0, 1, fortified=True, native=False, roles=frozenset()),
    ]
    sea = SimpleNamespace(
        ports=ports, lon=np.array([-6.3, -82.4]), lat=np.array([36.5, 23.1]), content_hash="t"
    )
    rich = dataclasses.replace(SEED_000, indies_treasury=60)
    assert full_treasuries(sea, SEED_000) == [25, 25]  # type: ignore[arg-type]
    assert full_treasuries(sea, rich) == [25, 60]  # type: ignore[arg-type]


def test_with_the_dial_a_colonial_town_starts_full_and_refills_to_it() -> None:
    rich = dataclasses.replace(SEED_000, indies_treasury=60)  # the synthetic sea: no Europe
    state, _ = create_world(WORLD, 1, rich)
    assert set(state.treasury) == {60}
    state.treasury[3] = 58  # a raid turned out left it short: it fills again to the dial's
    for _ in range(4):
        advance(WORLD, state, rules=rich)
    assert state.treasury[3] == 60
    plain, _ = create_world(WORLD, 1, SEED_000)
    assert set(plain.treasury) == {25}


def _at_war_with_spain_off_sevilla() -> tuple[VoyageState, int]:
    """A `classic` voyage in her first pinnace with England at war with Spain, and Sevilla
    (an open Spanish town) by its port index."""
    from privateer.engine.world import wars

    state = quiet_voyage(seed=1, rules="classic")
    england, spain = WORLD.nation("england"), WORLD.nation("spain")
    if not wars.at_war(state.world, england, spain):
        wars.declare_war(WORLD, state.world, england, spain, "test")
    return state, next(i for i, p in enumerate(WORLD.ports) if p.name == "Sevilla")


def test_a_raid_margin_lets_the_captain_raid_walls_past_its_hull() -> None:
    """A pinnace (10) raids no open town (17 with its walls) at our captain's margin of a
    point; with a town margin of 7 it does, as the seed's bot raided from its first pinnace.
    A fortified port's walls go by the raid margin, not the town's."""
    from privateer.engine.voyage.captain import CAPTAIN
    from privateer.engine.voyage.game import VoyageGame
    from privateer.engine.voyage.rules import find_voyage_rules

    state, town = _at_war_with_spain_off_sevilla()
    game = VoyageGame(WORLD, find_voyage_rules("classic"))
    assert state.ship == "pinnace" and not WORLD.ports[town].fortified
    assert not CAPTAIN._raidable(game, state, town)
    assert dataclasses.replace(CAPTAIN, town_margin=7)._raidable(game, state, town)
    assert not dataclasses.replace(CAPTAIN, town_margin=6)._raidable(game, state, town)
    assert not dataclasses.replace(CAPTAIN, raid_margin=7)._raidable(game, state, town)
    fort = next(i for i, p in enumerate(WORLD.ports) if p.name == "Cadiz")
    assert WORLD.ports[fort].fortified
    assert dataclasses.replace(CAPTAIN, raid_margin=12)._raidable(game, state, fort)
    assert not dataclasses.replace(CAPTAIN, town_margin=12)._raidable(game, state, fort)


def test_a_captain_that_does_not_read_the_guard_raids_a_town_on_its_guard() -> None:
    """A town that turned out a raid on its guard has 4 more walls (21): past the raider's
    margin of 7, so it keeps off; with `guard_read` off it raids it as any other, as the
    seed's bot did. Without the raid guard the walls were never raised."""
    from privateer.engine.voyage.captain import RAIDER_10
    from privateer.engine.voyage.game import VoyageGame
    from privateer.engine.voyage.rules import find_voyage_rules

    state, town = _at_war_with_spain_off_sevilla()
    state.world.guard_raids[town] = 1
    state.world.guard_until[town] = state.world.day + 70  # on its guard, past the no-landing days
    guarded = VoyageGame(WORLD, find_voyage_rules("classic[raid_guard=true]"))
    assert not RAIDER_10._raidable(guarded, state, town)
    assert dataclasses.replace(RAIDER_10, guard_read=False)._raidable(guarded, state, town)
    unguarded = VoyageGame(WORLD, find_voyage_rules("classic"))
    assert RAIDER_10._raidable(unguarded, state, town)
