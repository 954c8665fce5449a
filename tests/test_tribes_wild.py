"""The Tribes design document's wild things: threat camps (phase 11), organic territory (the claims'
bucket Dijkstra and the census from it) and the ages (advance, the rate bonus, warband power, the
score's multiplier). States are set up by hand on small maps; numbers worked in the comments."""

from __future__ import annotations

import pytest

from privateer.engine.events import Event
from privateer.engine.tribes import territory
from privateer.engine.tribes.constants import PROFESSIONS
from privateer.engine.tribes.economy.ages import age_bonus, age_power, apply, refusal
from privateer.engine.tribes.economy.extraction import extract
from privateer.engine.tribes.economy.flows import reset
from privateer.engine.tribes.economy.labour import capacities
from privateer.engine.tribes.economy.refinement import refine_all
from privateer.engine.tribes.military import threats
from privateer.engine.tribes.orders import Advance, chebyshev
from privateer.engine.tribes.rng import SplitMix32
from privateer.engine.tribes.score import score
from privateer.engine.tribes.setup import new_world
from privateer.engine.tribes.state import (
    Camp,
    Effect,
    Settlement,
    Tribe,
    TribesState,
    Warband,
    empty_stores,
)
from privateer.engine.tribes.step import step
from privateer.engine.tribes.territory import claims, territory_and_census

# --- helpers ---------------------------------------------------------------------------------


def place(sid: int, x: int, y: int, tier: int = 0, pop: int = 0, tribe: int = 0) -> Settlement:
    return Settlement(
        id=sid,
        tribe=tribe,
        name=f"s{sid}",
        x=x,
        y=y,
        founded=0,
        pop=pop,
        tier=tier,
        morale=600,
        herds=0,
        horses=0,
        cold=False,
        buildings={"hall": 1},
        stores=empty_stores(),
    )


def world(rows: list[str], *settlements: Settlement, tribes: int = 1) -> TribesState:
    state = TribesState(seed=0, size=len(rows), rows=tuple(rows), tick_cap=100_000)
    for t in range(tribes):
        tribe = Tribe(id=t, name=f"T{t}")
        reset(tribe)
        state.tribes.append(tribe)
    state.settlements.extend(settlements)
    state.next_id = 100
    return state


def plains(size: int) -> list[str]:
    return ["." * size] * size


def corridor(row: str) -> list[str]:
    """A map of water but for its first row: claims can only walk along it."""
    return [row] + ["w" * len(row)] * (len(row) - 1)


def owned(state: TribesState, sid: int) -> list[int]:
    """The x of the claimed tiles of row 0."""
    return [i for i in claims(state)[sid] if i < state.size]


# --- organic territory -------------------------------------------------------------------------


def test_claim_costs_accumulate_up_to_each_tiers_budget() -> None:
    # row: . t f a h s m .   costs (entering): t 1, f 2, a 2, h 2, s 3, m 5, . 1
    # accumulated from x=0:  0 1 3 5 7 10 15 16
    # budgets 5/8/12/16 claim x <= 3, 4, 5, 7
    for tier, last in ((0, 3), (1, 4), (2, 5), (3, 7)):
        state = world(corridor(".tfahsm."), place(0, 0, 0, tier))
        assert owned(state, 0) == list(range(last + 1)), tier


def test_veins_cost_as_hills_and_water_river_volcano_are_impassable() -> None:
    # O 2, G 2 -> accumulated 2, 4; the budget 5 stops at the plain behind them (5)
    state = world(corridor(".OG..."), place(0, 0, 0, 0))
    assert owned(state, 0) == [0, 1, 2, 3]
    for wall in "wrv":  # a city's budget of 16 does not cross one tile of it
        state = world(corridor(".." + wall + "....."), place(0, 0, 0, 3))
        assert owned(state, 0) == [0, 1], wall


def test_claims_on_open_plains_are_the_square_of_the_budget() -> None:
    # 8 neighbours at cost 1: budget B claims the Chebyshev square of radius B
    for tier, side in ((0, 11), (1, 17), (2, 25), (3, 33)):
        state = world(plains(36), place(0, 18, 18, tier))
        tiles = claims(state)[0]
        assert len(tiles) == side * side
        assert all(chebyshev(i % 36, i // 36, 18, 18) <= side // 2 for i in tiles)


def test_ties_go_to_the_lower_id_and_a_claim_blocks_the_other() -> None:
    # seats at x=0 and x=6 of a corridor: x=3 is 3 from both, so the lower id takes it
    state = world(corridor("........"), place(0, 0, 0, 3), place(1, 6, 0, 3))
    assert owned(state, 0) == [0, 1, 2, 3]
    assert owned(state, 1) == [4, 5, 6, 7]
    state = world(corridor("........"), place(1, 0, 0, 3), place(0, 6, 0, 3))
    assert owned(state, 1) == [0, 1, 2]
    assert owned(state, 0) == [3, 4, 5, 6, 7]
    # a village (budget 8) at x=0 and a camp (budget 5) at x=7 on "...m...." (m costs 5):
    # x=3 costs 7 from the village, 4 + 5 = 9 from the camp: the village's. The camp then
    # cannot go through x=3 to reach x=2 (4 from the camp by that way, but x=2 is 2 from the
    # village anyway) and keeps 4..7.
    state = world(corridor("...m...."), place(0, 0, 0, 1), place(1, 7, 0, 0))
    assert owned(state, 0) == [0, 1, 2, 3]
    assert owned(state, 1) == [4, 5, 6, 7]


def test_the_census_comes_from_the_claim_and_water_from_its_shore() -> None:
    # 8x8: row 0 ". f h O G . . ." on water; a camp (budget 5) at x=0 claims x=0..3
    # (accumulated 0, 2, 4, 6 > 5: x=0..2 only). Claimed: plains 1, forest 1, hills 1.
    # Shore: the water tiles next to x=0..2 are row 1's x=0..3: 4 tiles.
    state = world(corridor(".fhOG..."), place(0, 0, 0, 0, pop=100))
    territory_and_census(state)
    census = state.settlements[0].census
    assert census == {"plains": 1, "forest": 1, "hills": 1, "water": 4, "ore": 0, "gold": 0}
    # a city (16): every land tile of the row; hills-class counts the veins too
    state.settlements[0].tier = 3
    territory_and_census(state)
    census = state.settlements[0].census
    assert census == {"plains": 4, "forest": 1, "hills": 3, "water": 8, "ore": 1, "gold": 1}
    # and extraction capacity follows it: farmers <= plains x 8 = 32 (10 farms hold 400)
    state.settlements[0].buildings["farm"] = 10
    assert capacities(state.settlements[0])[PROFESSIONS.index("farmer")] == 32


def test_claims_are_the_same_with_or_without_the_cache() -> None:
    state = new_world(3, 8, 64, 100)
    cached = {s.id: dict(s.census) for s in state.settlements}
    territory._owners.cache_clear()
    territory._censuses.cache_clear()
    territory_and_census(state)
    assert {s.id: s.census for s in state.settlements} == cached
    tiles = claims(state)
    owners = territory.claim_owners(state)
    assert all(owners[i] == sid for sid, mine in tiles.items() for i in mine)
    assert sum(len(t) for t in tiles.values()) == sum(1 for o in owners if o >= 0)


# --- threats: spawning -------------------------------------------------------------------------


def test_camp_cap_and_kind_by_terrain_and_tick() -> None:
    assert [threats.camp_cap(t) for t in (0, 1499, 1500, 7499, 7500, 20000)] == [1, 1, 2, 5, 6, 6]
    kind = threats.camp_kind
    assert kind("s", 0) == "skeleton_barrow"
    assert kind("m", 0) == "ogre_den"
    assert kind("v", 6000) == "goblin_camp"  # "after tick 6000"
    assert kind("v", 6001) == "demon_gate"
    assert kind(".", 9000) == kind("h", 0) == kind("f", 0) == "goblin_camp"


def _spawn_world(rng: int, tick: int = 9, tier: int = 0) -> TribesState:
    # 40x40: the west 8 columns ocean; a settlement at (20, 20) claiming the square of radius
    # 5 (a camp) or 16 (a city); swamp at (32, 20), mountain at (20, 32), volcano at (8, 20)
    rows = [list("w" * 8 + "." * 32) for _ in range(40)]
    rows[20][32], rows[32][20], rows[20][8] = "s", "m", "v"
    state = world(["".join(r) for r in rows], place(0, 20, 20, tier, pop=50))
    state.rng = rng
    state.tick = tick
    return state


def _expected_spawn(state: TribesState, least: int) -> tuple[tuple[int, int] | None, int]:
    """The seed's placement replayed by hand: up to 8 (x, y) draws, the first that is land,
    unclaimed (beyond the claim's square) and `least`..25 from the settlement."""
    r = SplitMix32(state.rng)
    for _ in range(8):
        x, y = r.rng(state.size), r.rng(state.size)
        if state.rows[y][x] != "w" and least <= chebyshev(x, y, 20, 20) <= 25:
            return (x, y), r.state
    return None, r.state


@pytest.mark.parametrize(("tier", "least"), [(0, 10), (3, 17)])
def test_camps_spawn_in_the_wild_by_at_most_8_draws_of_x_then_y(tier: int, least: int) -> None:
    # a camp's claim (radius 5) is inside the 10 tiles; a city's (16) pushes camps to 17+
    spawned = 0
    for rng in range(60):
        state = _spawn_world(rng * 7919, tier=tier)
        where, after = _expected_spawn(state, least)
        events: list[Event] = []
        camp = threats.spawn(state, events)
        assert state.rng == after
        if where is None:
            assert camp is None and not events
            continue
        spawned += 1
        assert camp is not None and (camp.x, camp.y) == where
        assert state.rows[camp.y][camp.x] != "w"
        assert least <= chebyshev(camp.x, camp.y, 20, 20) <= 25
        assert territory.claim_owners(state)[camp.y * 40 + camp.x] == -1
        expected_kind = threats.camp_kind(state.rows[camp.y][camp.x], 9)
        assert (camp.kind, camp.base, camp.spawned) == (
            expected_kind,
            {"goblin_camp": 20, "skeleton_barrow": 30, "ogre_den": 50}[expected_kind],
            9,
        )
        assert events[0].kind == "camp_spawned" and events[0].data["camp"] == camp.id
    assert spawned > 20  # most attempts find a tile


@pytest.mark.parametrize(
    ("terrain", "tick", "kind", "base"),
    [("s", 9, "skeleton_barrow", 30), ("m", 9, "ogre_den", 50), ("v", 6009, "demon_gate", 90),
     ("v", 5999, "goblin_camp", 20), ("f", 9, "goblin_camp", 20)],
)  # fmt: skip
def test_the_camp_takes_its_kind_and_base_from_its_tile(
    terrain: str, tick: int, kind: str, base: int
) -> None:
    # a land of `terrain` round one plain seat: every camp stands on `terrain`
    rows = [terrain * 40] * 40
    rows[20] = terrain * 20 + "." + terrain * 19
    state = world(rows, place(0, 20, 20, 0))
    state.tick = tick
    for attempt in range(20):
        state.rng = attempt
        camp = threats.spawn(state, [])
        if camp is not None:
            break
    assert camp is not None and (camp.kind, camp.base) == (kind, base)
    # strength: base + tick / 250 (no wealth near)
    assert camp.strength == base + tick // 250


def test_no_spawn_at_the_cap_and_no_draw() -> None:
    state = _spawn_world(12345, tick=1499)  # cap 1
    state.camps.append(Camp(50, "goblin_camp", 35, 35, 20, 20, 0))
    assert threats.spawn(state, []) is None
    assert state.rng == 12345 and len(state.camps) == 1
    state.tick = 1500  # cap 2: now it draws
    threats.spawn(state, [])
    assert state.rng != 12345


def test_only_slow_ticks_draw() -> None:
    state = new_world(7, 2, 32, 100)
    rng = state.rng
    for _ in range(9):  # ticks 0..8: no slow tick, no warband: no draw
        step(state)
    assert state.rng == rng and not state.camps
    events = step(state)  # tick 9, slow: the spawn attempt draws
    assert state.rng != rng
    assert [e.kind for e in events if e.kind == "camp_spawned"] == ["camp_spawned"] * len(
        state.camps
    )


def test_spawn_strength_from_tick_and_nearby_wealth_capped_at_4x() -> None:
    state = _spawn_world(0, tick=1000)
    near = state.settlements[0]
    near.stores.update({"grain": 2000, "tools": 250, "weapons": 100, "coin": 1000})
    # worth 2000 x 1 + 250 x 8 + 100 x 10 + 1000 x 1 = 6000
    far = place(1, 0, 39, 0)
    far.stores["coin"] = 100_000
    state.settlements.append(far)
    assert threats.worth(near) == 6000
    # at (20, 35): near is 15 away, far is 20 away: 6000 + 100000 = 106000 -> 21
    assert threats.spawn_strength(state, "goblin_camp", 20, 35) == min(20 + 4 + 21, 80)
    # at (39, 5): near 19 away, far 39 away: 6000 -> 1; goblin 20 + 1000/250 4 + 1 = 25
    assert threats.spawn_strength(state, "goblin_camp", 39, 5) == 25
    assert threats.spawn_strength(state, "ogre_den", 39, 5) == 55
    state.tick = 100_000  # 20 + 400 + 1 -> capped at 80
    assert threats.spawn_strength(state, "goblin_camp", 39, 5) == 80


def test_camps_grow_one_a_slow_tick_to_4x_base() -> None:
    state = _spawn_world(0)
    state.camps = [
        Camp(1, "goblin_camp", 35, 35, 78, 20, 0),
        Camp(2, "ogre_den", 36, 36, 50, 50, 0),
    ]
    for _ in range(3):
        threats.grow(state)
    assert [c.strength for c in state.camps] == [80, 53]


# --- threats: raids ----------------------------------------------------------------------------


def _raid_world(pop: int, strength: int, spawned: int = 9) -> TribesState:
    state = world(plains(40), place(0, 10, 10, 3, pop=pop))
    state.camps.append(Camp(1, "goblin_camp", 30, 10, strength, 20, spawned))
    state.tick = spawned + 100
    return state


def _battle(events: list[Event]) -> dict[str, object]:
    return next(e.data for e in events if e.kind == "battle")


def test_camps_raid_every_100_ticks_from_their_spawn() -> None:
    state = _raid_world(1500, 20, spawned=9)
    fired = []
    for tick in (9, 59, 99, 109, 119, 209, 309):
        state.tick = tick
        events: list[Event] = []
        threats.raids(state, events)
        if events:
            fired.append(tick)
    assert fired == [109, 209, 309]
    # a camp with nothing within 25 does not raid: (30, 10) is 20 from (10, 10); move it to 36
    state.camps[0].x = 36
    state.tick = 409
    events = []
    threats.raids(state, events)
    assert events == []


def test_a_repelled_raid_costs_the_camp_a_quarter() -> None:
    # defense 5000/10 = 500, varied 475..525; power 40 x 8 = 320, varied 304..336: repelled
    state = _raid_world(5000, 40)
    events: list[Event] = []
    threats.raids(state, events)
    fought = _battle(events)
    assert fought["winner"] == "defender" and fought["attacker"] == -1
    assert fought["defender"] == 0 and fought["attacker_losses"] == 10
    assert state.camps[0].strength == 30  # 40 - 40 // 4
    assert not [e for e in events if e.kind == "raid"]
    assert state.tribes[0].counters == {"threat_raids_repelled": 1}


def test_a_won_raid_loots_in_order_and_the_loot_vanishes() -> None:
    # defense 1500/10 = 150 (142..157); power 30 x 8 = 240 (228..252): won, short of 2x
    state = _raid_world(1500, 30)
    stores = state.settlements[0].stores
    stores.update({"coin": 20, "grain": 10, "meat": 5, "tools": 100, "stone": 50})
    events: list[Event] = []
    threats.raids(state, events)
    # 2 x 30 = 60 units: coin 20, grain 10, (fish 0), meat 5, (bread 0), tools 25
    raid = next(e.data for e in events if e.kind == "raid")
    assert raid == {
        "tribe": 0,
        "by": -1,
        "settlement": 0,
        "loot": {"coin": 20, "grain": 10, "meat": 5, "tools": 25},
        "deaths": 0,
    }
    assert (stores["coin"], stores["grain"], stores["meat"], stores["tools"]) == (0, 0, 0, 75)
    assert stores["stone"] == 50
    assert not [e for e in events if e.kind == "building_destroyed"]
    assert state.camps[0].strength == 30
    assert state.tribes[0].flows["consumption"] == {}  # loot is no consumption
    assert state.tribes[0].counters == {"threat_raids": 1, "threat_loot": 60}


def test_at_twice_the_defense_a_building_is_destroyed() -> None:
    # defense 100/10 = 10 (9..10); power 20 x 8 = 160 (152..168) >= 2 x 10
    state = _raid_world(100, 20)
    state.settlements[0].buildings.update({"house": 3, "farm": 2})
    events: list[Event] = []
    threats.raids(state, events)
    destroyed = next(e.data for e in events if e.kind == "building_destroyed")
    assert destroyed == {"tribe": 0, "settlement": 0, "building": "house", "by": None}
    assert state.settlements[0].buildings == {"hall": 1, "house": 2, "farm": 2}


def test_warding_halves_the_raid_power() -> None:
    # power 20 x 8 = 160, halved 80: varied 76..84 (without: 152..168)
    state = _raid_world(100_000, 20)
    state.effects.append(Effect("warding", 0, 0, 1000))
    events: list[Event] = []
    threats.raids(state, events)
    assert 76 <= int(str(_battle(events)["attacker_power"])) <= 84
    state = _raid_world(100_000, 20)
    state.effects.append(Effect("warding", 0, 0, state.tick))  # expired: no halving
    events = []
    threats.raids(state, events)
    assert 152 <= int(str(_battle(events)["attacker_power"])) <= 168


def test_clear_camp_pays_home_and_removes_it() -> None:
    state = world(plains(40), place(0, 10, 10, 3, pop=500), place(1, 30, 30, 3, pop=500))
    camp = Camp(7, "ogre_den", 20, 20, 37, 50, 0)
    state.camps.append(camp)
    band = Warband(9, 0, 20, 20, home=0, size=20, armor=0, cavalry=False, supply=0)
    assert threats.camp_power(camp) == 296  # 37 x 8
    assert threats.camp_at(state, 20, 20) is camp and threats.camp_at(state, 20, 21) is None
    events: list[Event] = []
    assert threats.clear_camp(state, camp, band, events) == 74  # 2 x 37
    assert state.settlements[0].stores["coin"] == 74 and band.veterancy == 50
    assert state.camps == []
    assert events[0] == Event(
        "threat_cleared",
        0,
        {"tribe": 0, "warband": 9, "camp": 7, "kind": "ogre_den", "coin": 74},
    )
    assert state.tribes[0].counters == {"camps_cleared": 1, "camp_bounty": 74}
    # a home lost: the nearest own settlement takes the coin
    state.settlements[0].tribe = 1
    state.tribes.append(Tribe(id=1, name="T1"))
    state.settlements[1].tribe = 0
    camp = Camp(8, "goblin_camp", 20, 20, 10, 20, 0)
    state.camps.append(camp)
    threats.clear_camp(state, camp, band, [], veterancy=False)
    assert state.settlements[1].stores["coin"] == 20 and band.veterancy == 50


# --- the ages ---------------------------------------------------------------------------------


def _two_settlements() -> TribesState:
    a, b = place(0, 2, 2, pop=100), place(3, 20, 20, pop=100)
    other = place(5, 30, 30, pop=100, tribe=1)
    a.stores.update({"grain": 500, "hides": 60})
    b.stores.update({"grain": 500, "timber": 400, "hides": 40})
    other.stores.update({"grain": 5000, "timber": 5000, "hides": 5000})
    return world(plains(40), a, b, other, tribes=2)


def test_advance_burns_across_the_settlements_in_ascending_id() -> None:
    state = _two_settlements()
    assert refusal(state, 0, Advance()) is None
    events: list[Event] = []
    apply(state, 0, Advance(), events)
    a, b, other = state.settlements
    # 800 grain: 500 from s0, 300 from s3; 400 timber from s3; 100 hides: 60 + 40
    assert (a.stores["grain"], b.stores["grain"]) == (0, 200)
    assert (b.stores["timber"], a.stores["hides"], b.stores["hides"]) == (0, 0, 0)
    assert other.stores["grain"] == 5000
    assert state.tribes[0].age == 1
    assert state.tribes[0].flows["consumption"] == {"grain": 800, "timber": 400, "hides": 100}
    assert events == [Event("advanced", 0, {"tribe": 0, "age": 1, "name": "settled"})]


def test_advance_refusals() -> None:
    state = _two_settlements()
    state.settlements[1].stores["hides"] = 39  # 99 of 100; the other tribe's do not count
    reason = refusal(state, 0, Advance())
    assert reason is not None and "short of 100 hides" in reason
    state.tribes[0].age = 1  # settled -> crafting wants bread, planks, metal, cloth, coin
    reason = refusal(state, 0, Advance())
    assert reason is not None and "400 bread" in reason and "short of 400 bread" in reason
    state.tribes[0].age = 3
    assert "last" in str(refusal(state, 0, Advance()))


def test_the_age_bonus_on_extraction_and_refinement_by_hand() -> None:
    state = world(plains(4), place(0, 0, 0, pop=1000))
    s = state.settlements[0]
    s.census = {"plains": 100, "forest": 0, "hills": 0, "water": 0, "ore": 0, "gold": 0}
    s.stores.update({"tools": 1000, "timber": 1000, "metal": 1000})
    labour = dict.fromkeys(PROFESSIONS, 0)
    labour.update({"farmer": 100, "carpenter": 5, "smith": 10})
    s.labour = [labour[p] for p in PROFESSIONS]
    state.tribes[0].age = 1
    extract(state, [])
    # 100 tooled farmers: base 100 x 1000 = 100000, x 1100/1000 = 110000; x 100 = 11,000,000
    # -> 11 grain (10 at age 0)
    assert s.stores["grain"] == 11 and s.acc["extract:grain"] == 0
    state.tribes[0].age = 2
    refine_all(state, [])
    # carpenter 200 x 1200/1000 = 240: 5 x 240 = 1200 -> 1 plank, acc 200;
    # smith 100 x 1.2 = 120: 10 x 120 = 1200 -> 1 tool, acc 200
    assert s.stores["planks"] == 1 and s.acc["refine:carpenter"] == 200
    assert s.acc["refine:smith"] == 200 and s.stores["tools"] == 1001  # wear: 100 / 200, none yet
    assert [age_bonus(Tribe(0, "x", age=a)) for a in range(4)] == [0, 100, 200, 300]
    assert [age_power(Tribe(0, "x", age=a)) for a in range(4)] == [0, 3, 6, 9]


@pytest.mark.parametrize(("age", "expected"), [(0, 145), (1, 256), (2, 397), (3, 568)])
def test_the_score_gains_60_an_age_and_its_multiplier(age: int, expected: int) -> None:
    # pop 1000 -> 100, 1 settlement -> 40, coin 100 -> 5: 145
    # age 1: (145 + 60) x 1250 / 1000 = 256; age 2: 265 x 1.5 = 397; age 3: 325 x 1.75 = 568
    state = world(plains(4), place(0, 0, 0, pop=1000))
    state.settlements[0].stores["coin"] = 100
    state.tribes[0].age = age
    assert score(state, state.tribes[0]) == expected
