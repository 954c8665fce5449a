"""Fog and vision (the Tribes design document, "Fog & vision"): vision radii (a settlement its
territory radius + 2, units 6, Chebyshev), the explored mask that persists and its cheap update
against a plain recomputation, views that show no foreign thing outside vision and no unexplored
terrain, sighted events with the 200-tick cooldown, event delivery and the 60 cap, the view's JSON,
the events a policy is given, and `tribes view` through the fog."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import orjson
import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.events import Event
from privateer.engine.tribes import fog
from privateer.engine.tribes.mode import Setup
from privateer.engine.tribes.setup import new_settlement, new_world
from privateer.engine.tribes.sim import Played, run_world
from privateer.engine.tribes.state import (
    Camp,
    Caravan,
    Offer,
    Settlement,
    Tribe,
    TribesState,
    Wagon,
    Warband,
)
from privateer.engine.tribes.step import step
from privateer.engine.tribes.view import view_for

# --- hand-made worlds ----------------------------------------------------------------------


def _flat(tribes: int = 2, size: int = 32) -> TribesState:
    rows = tuple("." * size for _ in range(size))
    state = TribesState(seed=0, size=size, rows=rows, tick_cap=5000)
    state.tribes = [
        Tribe(t, f"T{t}", stances=["self" if o == t else "neutral" for o in range(tribes)])
        for t in range(tribes)
    ]
    return state


def _settle(state: TribesState, tribe: int, x: int, y: int, tier: int = 0) -> Settlement:
    s = new_settlement(state, tribe, x, y, 50, f"s{tribe}-{x}-{y}")
    s.tier = tier
    state.settlements.append(s)
    return s


def _warband(state: TribesState, tribe: int, x: int, y: int) -> Warband:
    w = Warband(state.new_id(), tribe, x, y, home=-1, size=20, armor=0, cavalry=False, supply=0)
    state.warbands.append(w)
    return w


def _caravan(state: TribesState, tribe: int, x: int, y: int) -> Caravan:
    c = Caravan(state.new_id(), tribe, x, y, source=-1, dest=-1, to_x=x, to_y=y,
                cargo={"grain": 30})  # fmt: skip
    state.caravans.append(c)
    return c


def _wagon(state: TribesState, tribe: int, x: int, y: int) -> Wagon:
    w = Wagon(state.new_id(), tribe, x, y, x, y, settlers=60, grain=120, source=-1)
    state.wagons.append(w)
    return w


def _count(mask: int) -> int:
    return bin(mask).count("1")


# --- vision radii ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tier", "radius", "tiles"),
    # territory radius 4/6/9/12, + 2: a square of side 2r + 1 round (16, 16) on a 32 map
    # (tier 3: 16 - 14 = 2 .. 16 + 14 = 30, inside the map): 13^2, 17^2, 23^2, 29^2
    [(0, 6, 169), (1, 8, 289), (2, 11, 529), (3, 14, 841)],
)
def test_a_settlement_sees_its_territory_radius_plus_two(
    tier: int, radius: int, tiles: int
) -> None:
    state = _flat()
    _settle(state, 0, 16, 16, tier)
    mask = fog.vision(state, 0)
    assert fog.settlement_vision(tier) == radius and _count(mask) == tiles
    assert fog.sees(state, mask, 16 + radius, 16 - radius)
    assert not fog.sees(state, mask, 16 + radius + 1, 16)
    assert not fog.sees(state, mask, 16, 16 - radius - 1)
    assert fog.vision(state, 1) == 0


@pytest.mark.parametrize("make", [_warband, _caravan, _wagon])
def test_warbands_caravans_and_wagons_see_six(make: Any) -> None:
    state = _flat()
    make(state, 1, 10, 20)
    mask = fog.vision(state, 1)
    assert _count(mask) == 13 * 13  # Chebyshev 6: x 4..16, y 14..26
    assert fog.sees(state, mask, 4, 26) and fog.sees(state, mask, 16, 14)
    assert not fog.sees(state, mask, 3, 20) and not fog.sees(state, mask, 10, 27)
    make(state, 1, 0, 31)  # in a corner the square is clipped: x 0..6, y 25..31
    assert _count(fog.square(32, 0, 31, 6)) == 7 * 7
    assert _count(fog.vision(state, 1)) == 169 + 49 - 3 * 2  # overlap x 4..6, y 25..26


# --- the explored mask ----------------------------------------------------------------------


def test_the_explored_mask_persists_after_the_eyes_move_on() -> None:
    state = _flat()
    _settle(state, 0, 3, 3)  # sees x, y 0..9
    band = _warband(state, 0, 20, 20)  # sees 14..26
    fog.sightings(state, [])
    explored = fog.mask_of(state.tribes[0].explored)
    assert _count(explored) == 100 + 169
    band.x, band.y = 27, 27  # now sees 21..31: 11 x 11, of which 21..26 squared was seen
    fog.sightings(state, [])
    after = fog.mask_of(state.tribes[0].explored)
    assert after & explored == explored and _count(after) == 100 + 169 + 121 - 36
    view = view_for(state, 0)
    assert view["rows"][14][14] == "." and view["rows"][13][14] == "?"  # seen once, never
    assert view["rows"][31][31] == "." and view["rows"][0][31] == "?"


def _plain_sources(state: TribesState, tribe: int) -> list[tuple[int, int, int]]:
    out = [(s.x, s.y, fog.settlement_vision(s.tier)) for s in state.settlements if s.tribe == tribe]
    for units in (state.warbands, state.caravans, state.wagons):
        out += [(u.x, u.y, 6) for u in units if u.tribe == tribe]
    return out


def _plain_vision(state: TribesState, tribe: int) -> set[tuple[int, int]]:
    """The tiles within Chebyshev range of the tribe's eyes, tile by tile (no bitmasks)."""
    size = state.size
    return {
        (x, y)
        for sx, sy, r in _plain_sources(state, tribe)
        for y in range(max(0, sy - r), min(size, sy + r + 1))
        for x in range(max(0, sx - r), min(size, sx + r + 1))
    }


def _tiles(mask: int, size: int) -> set[tuple[int, int]]:
    return {(i % size, i // size) for i in range(size * size) if mask >> i & 1}


def _random_run(seed: int, ticks: int, check: Any) -> None:
    """A small world stepped tick by tick with warbands, caravans and a camp set down and
    walked at random between the steps (the fog must follow whatever moves them), `check`
    called after each step."""
    state = new_world(seed, 3, 32, ticks + 10)
    dice = random.Random(seed)
    state.camps.append(Camp(state.new_id(), "goblin_camp", 16, 16, 20, 20, 0))
    for _ in range(ticks):
        if dice.random() < 0.3:
            make = dice.choice([_warband, _caravan])
            make(state, dice.randrange(3), dice.randrange(32), dice.randrange(32))
        for unit in [*state.warbands, *state.caravans]:
            unit.x = min(31, max(0, unit.x + dice.randrange(-2, 3)))
            unit.y = min(31, max(0, unit.y + dice.randrange(-2, 3)))
            unit.to_x, unit.to_y = unit.x, unit.y
        if state.warbands and dice.random() < 0.1:
            state.warbands.pop(0)
        for t in state.tribes:
            t.stances = ["self" if o == t.id else dice.choice(["neutral", "hostile"]) for o in
                         range(3)]  # fmt: skip
        step(state)
        check(state)


def test_the_cheap_explored_update_equals_a_plain_recomputation() -> None:
    explored: list[set[tuple[int, int]]] = [set(), set(), set()]
    state0 = new_world(4, 3, 32, 10)
    for t in state0.tribes:  # the world's making already explored what the founders see
        assert _tiles(fog.mask_of(t.explored), 32) == _plain_vision(state0, t.id)
        explored[t.id] |= _plain_vision(state0, t.id)

    def check(state: TribesState) -> None:
        for t in state.tribes:
            explored[t.id] |= _plain_vision(state, t.id)
            assert _tiles(fog.mask_of(t.explored), 32) == explored[t.id]
            assert _tiles(fog.vision(state, t.id), 32) == _plain_vision(state, t.id)

    _random_run(4, 60, check)
    # and cold caches give the same masks as warm ones
    state = new_world(4, 3, 32, 10)
    warm = fog.visions(state)
    fog.forget()
    assert fog.visions(state) == warm


def test_a_view_shows_nothing_foreign_outside_vision_nor_unexplored_terrain() -> None:
    explored: list[set[tuple[int, int]]] = [set(), set(), set()]
    shown = [0]

    def check(state: TribesState) -> None:
        for t in state.tribes:
            sight = _plain_vision(state, t.id)
            explored[t.id] |= sight
            view = view_for(state, t.id)
            for y, row in enumerate(view["rows"]):
                for x, c in enumerate(row):
                    assert c == ("?" if (x, y) not in explored[t.id] else state.rows[y][x])
            # exactly the foreign things inside vision are shown, each kind by ascending id
            others = [(s.id, s.x, s.y) for s in state.settlements if s.tribe != t.id]
            bands = [(w.id, w.x, w.y) for w in state.warbands if w.tribe != t.id]
            trains = [(c.id, c.x, c.y) for c in state.caravans if c.tribe != t.id]
            trains += [(w.id, w.x, w.y) for w in state.wagons if w.tribe != t.id]
            camps = [(c.id, c.x, c.y) for c in state.camps]
            kinds = {"others": others, "foreign_warbands": bands,
                     "foreign_caravans": sorted(trains), "camps": camps}  # fmt: skip
            for key, things in kinds.items():
                seen = [(o["id"], o["x"], o["y"]) for o in view[key]]
                assert seen == [o for o in things if (o[1], o[2]) in sight], key
                shown[0] += len(seen)
            assert [w["id"] for w in view["warbands"]] == [
                w.id for w in state.warbands if w.tribe == t.id
            ]

    _random_run(9, 40, check)
    assert shown[0] > 0  # the run did put foreign things in sight


# --- sighted events -------------------------------------------------------------------------


def test_a_hostile_tribe_is_sighted_at_most_every_200_ticks() -> None:
    state = _flat()
    _settle(state, 0, 5, 5)  # tier 0: sees 6, x and y 0..11
    _settle(state, 1, 26, 26)  # sees 20..31: neither settlement sees the other
    band = _warband(state, 1, 11, 5)  # 6 east of tribe 0's settlement: inside its vision
    events: list[Event] = []
    fog.sightings(state, events)
    assert events == []  # neutral both ways: no enemy
    state.tribes[1].stances[0] = "hostile"  # one side hostile makes the pair enemies
    state.tick = 100
    fog.sightings(state, events)
    # tribe 0 sees the warband; tribe 1's warband sees tribe 0's settlement (6 west)
    assert [e.data for e in events] == [
        {"tribe": 0, "enemy": 1, "what": "warband", "id": band.id, "x": 11, "y": 5},
        {"tribe": 1, "enemy": 0, "what": "settlement", "id": 0, "x": 5, "y": 5},
    ]
    assert state.sightings == {"0,1": 100, "1,0": 100}
    for tick in (101, 299):  # within 200 ticks of the last: nothing
        state.tick = tick
        fog.sightings(state, events)
    assert len(events) == 2
    band.x = 12  # 7 from the settlement: neither sees the other
    state.tick = 300  # 200 after 100: both pairs are due, but nothing is in sight
    fog.sightings(state, events)
    assert len(events) == 2 and state.sightings == {"0,1": 100, "1,0": 100}
    band.x = 11
    for tick in (301, 500, 501):  # told at 301; 500 is 199 after it; 501 is 200 after
        state.tick = tick
        fog.sightings(state, events)
    assert [(e.round, e.data["tribe"]) for e in events[2:]] == [(301, 0), (301, 1), (501, 0),
                                                                 (501, 1)]  # fmt: skip


# --- event delivery -------------------------------------------------------------------------


def _three() -> TribesState:
    state = _flat(3)
    _settle(state, 0, 5, 5)  # sees 0..11
    _settle(state, 1, 10, 10)  # inside tribe 0's vision
    _settle(state, 2, 26, 26)  # sees 20..31
    return state


def test_an_event_reaches_a_tribe_involved_told_or_in_sight() -> None:
    state = _three()
    far = {"x": 30, "y": 30}
    events = [
        Event("raid", 1, {"tribe": 1, "by": 2, "settlement": 99, "loot": {}, "deaths": 0}),
        Event("battle", 2, {"kind": "field", **far, "attacker": 2, "defender": None}),
        Event("battle", 3, {"kind": "field", "x": 11, "y": 0, "attacker": -1, "defender": None}),
        Event("built", 4, {"tribe": 1, "settlement": 1, "building": "farm", "level": 1}),
        Event("built", 5, {"tribe": 2, "settlement": 2, "building": "farm", "level": 1}),
        Event("sighted", 6, {"tribe": 2, "enemy": 0, "what": "settlement", "id": 0, **far}),
        Event("world_end", 7, {"result": "tick_cap", "winner": None, "scores": [0, 0, 0]}),
        Event("metrics", 8, {"frame": {"tick": 10, "tribes": []}}),
        Event("camp_spawned", 9, {"camp": 7, "kind": "goblin_camp", "x": 12, "y": 12}),
        Event("settlement_captured", 10, {"tribe": 2, "previous": 0, "settlement": 2}),
    ]
    rounds = {t: [e.round for e in fog.visible_events(state, t, events)] for t in range(3)}
    # 0: in sight (11,0 and tribe 1's settlement at 10,10), the sighting names it as enemy,
    #    the world's end, its lost settlement (previous); not the camp at 12,12 (7 from 5,5)
    # 1: the raid on it, its building, the end, the camp (2 from 10,10); never the far battle
    # 2: its raid, its battle (30,30 in its sight too), its building and sighting, the end and
    #    its capture; not the battle at 11,0 nor the camp
    assert rounds == {0: [3, 4, 6, 7, 10], 1: [1, 4, 7, 9], 2: [1, 2, 5, 6, 7, 10]}


def test_a_view_holds_the_60_newest_events_it_is_told() -> None:
    state = _three()
    told = [Event("built", r, {"tribe": 0, "settlement": 0, "building": "farm", "level": r})
            for r in range(100)]  # fmt: skip
    hidden = [Event("built", 100 + r, {"tribe": 2, "settlement": 2, "building": "farm",
                                       "level": r}) for r in range(10)]  # fmt: skip
    view = view_for(state, 0, told + hidden)
    assert [e["round"] for e in view["events"]] == list(range(40, 100))  # the newest 60
    assert view["events"][0] == {"kind": "built", "round": 40, "tribe": 0, "settlement": 0,
                                 "building": "farm", "level": 40}  # fmt: skip
    assert view_for(state, 0)["events"] == []


# --- the view -------------------------------------------------------------------------------


def test_foreign_offers_show_through_an_own_market() -> None:
    state = _three()
    state.offers = [
        Offer(20, 1, "grain", 10, "ore", 5),  # to anyone
        Offer(21, 2, "grain", 10, "ore", 5, to=0),  # to tribe 0
        Offer(22, 2, "grain", 10, "ore", 5, to=1),  # to tribe 1 only
        Offer(23, 1, "grain", 10, "coin", 2, to=-2),  # the peddler's
        Offer(24, 0, "ore", 5, "grain", 10, repeat=True),  # tribe 0's own
    ]
    home = state.settlements[0]
    assert [o["id"] for o in view_for(state, 0)["foreign_offers"]] == []  # no market
    home.buildings["market"] = 1
    view = view_for(state, 0)
    assert [o["id"] for o in view["foreign_offers"]] == [20, 21]
    assert view["offers"] == [{"id": 24, "tribe": 0, "give": "ore", "give_n": 5, "want": "grain",
                               "want_n": 10, "to": -1, "repeat": True}]  # fmt: skip


def test_the_view_round_trips_json_and_shows_no_rng() -> None:
    state = _three()
    state.rng = 123456789
    band = _warband(state, 0, 6, 6)
    band.order = {"kind": "patrol", "x": 6, "y": 6}
    _caravan(state, 0, 7, 7)
    _warband(state, 1, 9, 9)  # in sight
    _warband(state, 2, 20, 20)  # out of sight
    _wagon(state, 1, 8, 8)
    state.tribes[0].stances[2] = "hostile"
    state.tribes[0].age = 1
    view = view_for(state, 0, [Event("world", 0, {"seed": 0, "size": 32, "tribes": [],
                                                  "ticks": 5})])  # fmt: skip
    text = orjson.dumps(view)
    assert orjson.loads(text) == view and json.loads(json.dumps(view)) == view
    assert b"rng" not in text and b"123456789" not in text
    assert view["tribe"]["stances"] == ["self", "neutral", "hostile"] and view["tribe"]["age"] == 1
    assert view["warbands"][0]["order"] == {"kind": "patrol", "x": 6, "y": 6}
    assert [c["id"] for c in view["caravans"]] == [state.caravans[0].id]
    assert [(w["tribe"], w["x"]) for w in view["foreign_warbands"]] == [(1, 9)]
    assert view["foreign_caravans"] == [{"id": state.wagons[0].id, "tribe": 1, "x": 8, "y": 8,
                                         "cargo": {"grain": 120}, "wagon": True}]  # fmt: skip
    assert set(view["others"][0]) == {"id", "tribe", "name", "x", "y", "tier", "pop"}
    assert [e["kind"] for e in view["events"]] == ["world"]


# --- policies and the command ---------------------------------------------------------------


def test_a_policy_is_given_the_events_since_it_was_last_asked() -> None:
    asked: list[tuple[int, list[int], list[str]]] = []

    def spy(view: dict[str, Any]) -> list[str]:
        if view["tribe"]["id"] == 0:
            events = view["events"]
            asked.append((view["tick"], [e["round"] for e in events], [e["kind"] for e in events]))
        return ["build 0 house"] if view["tick"] == 0 else []

    run_world(3, Setup(2, 32, 30), [Played("spy", spy)])
    assert [tick for tick, _, _ in asked] == [0, 10, 20]
    assert asked[0][2][0] == "world" and "founded" in asked[0][2]
    assert "build_ordered" in asked[1][2]  # the order it gave at tick 0, told on step 0
    for tick, rounds, kinds in asked[1:]:
        assert all(tick - 10 <= r < tick for r in rounds) and "metrics" not in kinds


def test_tribes_view_prints_the_fogged_world(tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "runs.duckdb")
    small = ["--tribes", "2", "--size", "32", "--ticks", "30", "--seed", "5"]
    result = runner.invoke(app, ["--db", db, "tribes", "run", *small, "--log"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["--db", db, "tribes", "view", "1", "--tick", "25", "--json"])
    assert result.exit_code == 0, result.output
    seen = json.loads(result.stdout)
    assert seen["tick"] == 25 and any("?" in row for row in seen["rows"])
    assert seen["events"] and all(20 <= e["round"] < 25 for e in seen["events"])
    result = runner.invoke(app, ["--db", db, "tribes", "view", "1", "--tribe", "1"])
    assert result.exit_code == 0, result.output
    assert "explored:" in result.stdout and "in sight:" in result.stdout
    result = runner.invoke(app, ["--db", db, "tribes", "view", "1", "--tribe", "2"])
    assert result.exit_code == 2 and "error: --tribe 2" in result.output
