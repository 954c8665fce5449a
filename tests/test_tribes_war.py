"""Tribes (its design document), the war (phase 10, "Military"): muster, power, battles with the
PRNG's variance and the loss formulas, veterancy and routs, field battles under a hostile stance,
raids and their loot, sieges, supply and desertion, disbanding, the war rite, the score's warband
term and elimination with warbands. Each test sets a 32x32 world's fields by hand; the numbers in
the comments are the seed's rules worked out."""

from __future__ import annotations

import pytest

from privateer.engine.events import Event
from privateer.engine.tribes.constants import RESOURCES
from privateer.engine.tribes.elimination import eliminate
from privateer.engine.tribes.events import TRIBES_EVENTS
from privateer.engine.tribes.military.battle import (
    base_power,
    battle,
    casualties,
    defending_power,
    fight,
    loss_permilles,
    settlement_defense,
    warband_power,
)
from privateer.engine.tribes.military.camps import assault_camps
from privateer.engine.tribes.military.field import field_battles
from privateer.engine.tribes.military.phase import military
from privateer.engine.tribes.military.raids import raids
from privateer.engine.tribes.military.siege import sieges
from privateer.engine.tribes.military.supply import supply
from privateer.engine.tribes.orders import parse_order
from privateer.engine.tribes.rng import SplitMix32
from privateer.engine.tribes.rulings import apply_order, refusal
from privateer.engine.tribes.score import score
from privateer.engine.tribes.setup import new_world
from privateer.engine.tribes.state import Camp, Settlement, TribesState, Warband

# seed 5, 2 tribes, 32x32: tribe 0's home is settlement 0 at (28, 16), tribe 1's is 1 at
# (4, 16), both on plains; (27, 16), (27, 17) and (5, 16) are plains too, (26, 16) forest.


@pytest.fixture
def world() -> TribesState:
    return new_world(5, 2, 32, 200)


def band(
    state: TribesState, tribe: int, x: int, y: int, size: int, armor: int = 0, supply: int = 0
) -> Warband:
    home = state.settlements_of(tribe)[0].id
    w = Warband(state.new_id(), tribe, x, y, home, size, armor, False, supply)
    state.warbands.append(w)
    return w


def set_tile(state: TribesState, x: int, y: int, tile: str) -> None:
    rows = list(state.rows)
    rows[y] = rows[y][:x] + tile + rows[y][x + 1 :]
    state.rows = tuple(rows)


def draws(state: TribesState) -> tuple[int, int]:
    """The two variance draws the next battle takes (attacker's first)."""
    r = SplitMix32(state.rng)
    return r.rng(101), r.rng(101)


def check_events(events: list[Event]) -> None:
    for e in events:
        assert set(e.data) == set(TRIBES_EVENTS[e.kind].__annotations__), e


def order(state: TribesState, tribe: int, text: str, events: list[Event]) -> bool:
    return apply_order(state, tribe, parse_order(text), events)


# --- muster -------------------------------------------------------------------------------


def test_muster_refusals(world: TribesState) -> None:
    home = world.settlements[0]

    def why(text: str) -> str:
        return str(refusal(world, 0, parse_order(text)))

    assert "at least 10" in why("muster 0 9")
    assert "not the tribe's" in why("muster 1 20")
    home.pop = 100
    assert "keep 50" in why("muster 0 51")  # 100 - 51 = 49 civilians
    assert refusal(world, 0, parse_order("muster 0 50")) is None  # exactly 50 remain
    home.pop = 1200
    assert "weapons" in why("muster 0 101")  # 100 weapons at founding: hard
    assert "horsemanship" in why("muster 0 20 cavalry")
    world.tribes[0].techs.append("horsemanship")
    assert "horses" in why("muster 0 20 cavalry")  # 10 horses at founding
    assert refusal(world, 0, parse_order("muster 0 10 cavalry")) is None
    del home.buildings["barracks"]
    assert "barracks" in why("muster 0 20")


def test_muster_takes_people_gear_and_supply_in_order(world: TribesState) -> None:
    home = world.settlements[0]
    home.stores.update(grain=50, fish=40, meat=100, bread=10, armor=20, planks=30, metal=10)
    events: list[Event] = []
    assert order(world, 0, "muster 0 40", events)
    w = world.warbands[0]
    # 40 soldiers: 40 weapons (hard), armour min(20, 40) = 20 (optional), supply up to 3 x 40
    # = 120 food: all 50 grain, all 40 fish, then 30 of the meat; bread untouched. No
    # siegecraft: no ram, planks and metal untouched.
    assert (w.size, w.armor, w.supply, w.ram, w.home, (w.x, w.y)) == (
        40,
        20,
        120,
        False,
        0,
        (28, 16),
    )
    assert home.pop == 1160
    assert (home.stores["weapons"], home.stores["armor"]) == (60, 0)
    assert [home.stores[f] for f in ("grain", "fish", "meat", "bread")] == [0, 0, 70, 10]
    assert (home.stores["planks"], home.stores["metal"]) == (30, 10)
    consumption = world.tribes[0].flows["consumption"]
    assert consumption == {"weapons": 40, "armor": 20, "grain": 50, "fish": 40, "meat": 30}
    check_events(events)
    assert events[-1].kind == "mustered" and events[-1].data["warband"] == w.id


def test_muster_ram_and_cavalry(world: TribesState) -> None:
    home = world.settlements[0]
    world.tribes[0].techs += ["smelting", "weaponsmithing", "siegecraft", "horsemanship"]
    home.stores.update(planks=20, metal=5)
    events: list[Event] = []
    assert order(world, 0, "muster 0 10 cavalry", events)
    w = world.warbands[0]
    # siegecraft with >= 20 planks and >= 5 metal: a ram, the materials debited (consumed)
    assert (w.ram, w.cavalry, home.horses) == (True, True, 0)
    assert (home.stores["planks"], home.stores["metal"]) == (0, 0)
    assert world.tribes[0].flows["consumption"]["planks"] == 20
    assert order(world, 0, "muster 0 10", events)
    assert not world.warbands[1].ram  # the planks are gone


# --- power and battles --------------------------------------------------------------------


def test_power_by_hand(world: TribesState) -> None:
    w = band(world, 0, 26, 16, 40, armor=20)
    w.veterancy = 150
    set_tile(world, 26, 16, ".")
    # 40 x (10 + 10 + 500/100 + 150/100) = 40 x 26.5 = 1060 (hundredths summed, one division)
    assert warband_power(world, w) == 1060
    assert defending_power(world, w) == 1060  # plains: no terrain term
    set_tile(world, 26, 16, "f")
    assert defending_power(world, w) == 40 * 2850 // 100  # forest +2: 1140
    set_tile(world, 26, 16, "m")
    assert defending_power(world, w) == 1220  # mountain +4
    set_tile(world, 26, 16, "s")
    assert defending_power(world, w) == 980  # swamp -2
    set_tile(world, 26, 16, "h")
    assert defending_power(world, w) == 1180  # hills +3
    set_tile(world, 26, 16, ".")
    # a garrison at its settlement with walls 2: +10 a soldier = 40 x 36.5 = 1460
    world.settlements[0].buildings["walls"] = 2
    w.order = {"kind": "garrison", "settlement": 0}
    assert defending_power(world, w) == 1060  # 2 tiles off: not yet at its post
    w.x = 27
    assert defending_power(world, w) == 1460
    assert warband_power(world, w) == 1060  # attacking: no situational term
    world.tribes[0].age = 2
    assert warband_power(world, w) == 1060 + 3 * 40 * 2  # the ages: +3 a soldier an age
    assert base_power(Warband(99, 0, 0, 0, 0, 0, 0, False, 0)) == 0


def test_settlement_defense(world: TribesState) -> None:
    s = world.settlements[0]
    s.buildings.update(walls=2, tower=3)
    # pop 1200 / 10 = 120 militia + 2 x 100 + 3 x 50 = 470
    assert settlement_defense(world, s) == 470
    g = band(world, 0, 27, 16, 10)
    g.order = {"kind": "garrison", "settlement": 0}
    # + a garrison within 1 tile: 10 x (20 + 2 x 5) = 300
    assert settlement_defense(world, s) == 770
    g.routing = True
    assert settlement_defense(world, s) == 470  # a routing warband defends nothing


def test_battle_variance_draws_attacker_first(world: TribesState) -> None:
    world.rng = 12345
    a, d = draws(world)
    after = SplitMix32(12345)
    after.rng(101), after.rng(101)
    outcome = fight(world, 1000, 1000)
    assert (outcome.attacker_power, outcome.defender_power) == (950 + a, 950 + d)
    assert world.rng == after.state
    assert outcome.winner == ("attacker" if a > d else "defender")  # a tie to the defender
    assert battle(world, 0, 0)[0] == "defender"  # 0 = 0: the defender


def test_loss_formulas_by_hand() -> None:
    # r = 2000: loser min(500, 150 + 400) = 500; winner min(300, max(50, 175)) = 175
    assert loss_permilles(2000, 1000) == (175, 500)
    # r = 1100: loser 150 + 220 = 370; winner 350000/1100 = 318 -> 300
    assert loss_permilles(1100, 1000) == (300, 370)
    # r = 100000: loser 500; winner max(50, 3) = 50
    assert loss_permilles(10000, 100) == (50, 500)
    # r = 1500: loser 150 + 300 = 450; winner 350000/1500 = 233
    assert loss_permilles(1500, 1000) == (233, 450)
    assert casualties(10, 20, lost=True) == 1  # 10 x 20 per mille = 0: the loser loses 1
    assert casualties(10, 20, lost=False) == 0
    assert casualties(40, 450, lost=True) == 18


# --- field battles ------------------------------------------------------------------------


def test_field_battle_needs_a_hostile_stance_and_routs_the_loser(world: TribesState) -> None:
    a = band(world, 0, 26, 16, 40)
    b = band(world, 1, 27, 17, 20)
    events: list[Event] = []
    field_battles(world, events)
    assert events == []  # neutral both ways: no battle
    world.tribes[1].stances[0] = "hostile"  # either side's stance will do
    da, dd = draws(world)
    field_battles(world, events)
    # a (lower id) attacks: 40 x 20 = 800 against b's 20 x 20 = 400 on plains
    pa, pd = 800 * (950 + da) // 1000, 400 * (950 + dd) // 1000
    assert pa > pd
    r = pa * 1000 // pd
    win_pm, lose_pm = loss_permilles(pa, pd)
    assert lose_pm == min(500, 150 + r // 5) and win_pm == min(300, max(50, 350000 // r))
    assert a.size == 40 - 40 * win_pm // 1000
    assert b.size == 20 - max(1, 20 * lose_pm // 1000)
    assert (a.veterancy, b.veterancy) == (50, 20)
    assert (a.routing, b.routing, b.morale) == (False, True, 500)
    assert [e.kind for e in events] == ["battle", "routed"]
    assert events[0].data["defender_power"] == pd and events[0].data["attacker"] == 0
    check_events(events)
    assert world.tribes[0].counters["battles"] == world.tribes[1].counters["battles"] == 1
    field_battles(world, events)
    assert len(events) == 2  # both fought this tick: at most once a tick


def test_field_battle_each_warband_once_a_tick_lowest_id_first(world: TribesState) -> None:
    world.tribes[0].stances[1] = "hostile"
    a = band(world, 0, 26, 16, 40)
    b = band(world, 1, 27, 16, 20)
    c = band(world, 1, 25, 16, 20)
    events: list[Event] = []
    field_battles(world, events)
    # a meets its lowest-id enemy b; c, next to a only, finds no one left to fight
    assert [e.kind for e in events if e.kind == "battle"] == ["battle"]
    assert (a.fought, b.fought, c.fought) == (world.tick, world.tick, -1)


# --- raids --------------------------------------------------------------------------------


def target_village(world: TribesState) -> Settlement:
    t = world.settlements[1]
    t.pop = 100  # 10 militia
    t.stores = dict.fromkeys(RESOURCES, 0)
    t.stores.update(coin=10, grain=5, meat=3, tools=100, stone=50)
    t.buildings = {"hall": 1, "house": 2, "farm": 3}
    world.settlements[0].stores = dict.fromkeys(RESOURCES, 0)
    return t


def test_raid_loot_order_and_crushing_raid(world: TribesState) -> None:
    t = target_village(world)
    w = band(world, 0, 5, 16, 30)
    w.order = {"kind": "raid", "settlement": 1}
    morale = w.morale
    events: list[Event] = []
    raids(world, events)
    # 600 against 10 militia: at least 570 vs at most 10, a win and >= 2x. The winner loses
    # 50 per mille (r huge): 30 - 1 = 29 soldiers carry 58 units: coin 10, grain 5, meat 3,
    # then 40 of the tools; stone is never reached.
    assert w.size == 29
    home = world.settlements[0]
    loot = {"coin": 10, "grain": 5, "meat": 3, "tools": 40}
    assert {r: n for r, n in home.stores.items() if n} == loot
    assert (t.stores["tools"], t.stores["stone"]) == (60, 50)
    kinds = [e.kind for e in events]
    assert kinds == ["battle", "raid", "building_destroyed"]
    raid = events[1].data
    # the militia's 10 lose 500 per mille: 5 people die
    assert (raid["loot"], raid["deaths"], t.pop) == (loot, 5, 95)
    # the most numerous building (farm, 3) is destroyed
    assert events[2].data["building"] == "farm" and t.buildings["farm"] == 2
    check_events(events)
    assert world.tribes[0].counters["raids"] == 1
    # then home: "the warband routs home" read as going home (docs/tribes.md's readings): a
    # winner walks home unrouted, its morale whole; only a beaten raider routs (below)
    assert w.order == {"kind": "garrison", "settlement": 0}
    assert not w.routing and w.morale == morale
    assert world.tribes[0].flows["production"] == {}  # loot is neither production ...
    assert world.tribes[0].flows["consumption"] == {}  # ... nor consumption


def test_raid_below_twice_the_defense_destroys_nothing(world: TribesState) -> None:
    t = target_village(world)
    t.buildings.update(walls=3, tower=1)  # 10 + 300 + 50 = 360: 342..378 against 570..630
    w = band(world, 0, 5, 16, 30)
    w.order = {"kind": "raid", "settlement": 1}
    events: list[Event] = []
    raids(world, events)
    assert [e.kind for e in events] == ["battle", "raid"]


def test_a_failed_raid_routs(world: TribesState) -> None:
    t = target_village(world)
    t.pop = 20000  # 2000 militia
    w = band(world, 0, 5, 16, 30)
    w.order = {"kind": "raid", "settlement": 1}
    events: list[Event] = []
    raids(world, events)
    assert [e.kind for e in events] == ["battle", "routed"]
    assert w.routing and w.order == {} and w.size == 15  # r >= 3000: the loser loses 500


def test_no_raid_on_allies_or_own(world: TribesState) -> None:
    world.warbands.append(Warband(world.new_id(), 0, 27, 16, 0, 10, 0, False, 0))
    w = world.warbands[0]
    world.tribes[1].stances[0] = "allied"
    assert "ally" in str(refusal(world, 0, parse_order(f"warband {w.id} raid 1")))
    assert "ally" in str(refusal(world, 0, parse_order(f"warband {w.id} raid 0")))
    world.tribes[1].stances[0] = "neutral"
    assert refusal(world, 0, parse_order(f"warband {w.id} raid 1")) is None


# --- sieges -------------------------------------------------------------------------------


def besieger(world: TribesState, size: int = 30, ram: bool = False) -> Warband:
    w = band(world, 0, 5, 16, size)
    w.ram = ram
    w.order = {"kind": "besiege", "settlement": 1}
    world.tick = 9  # a slow tick
    return w


def test_siege_walls_ram_and_quartering(world: TribesState) -> None:
    t = world.settlements[1]
    t.buildings["walls"] = 2
    w = besieger(world, 30)  # power 600
    events: list[Event] = []
    sieges(world, events)
    # no ram against walls 2: 600 / 4 = 150 damage
    assert (t.acc["siege"], t.count("walls")) == (150, 2)
    w.ram = True
    t.acc["siege"] = 3900
    w.fought = -1
    sieges(world, events)
    # 3900 + 600 = 4500 >= 2000 x 2: walls 1, 500 carried
    assert (t.acc["siege"], t.count("walls")) == (500, 1)
    w.ram = False
    w.fought = -1
    sieges(world, events)
    assert t.acc["siege"] == 1100  # walls 1: no quartering even without a ram
    t.acc["siege"] = 1900
    w.fought = -1
    sieges(world, events)
    assert t.count("walls") == 0 and "siege" not in t.acc
    assert [e.data["walls"] for e in events] == [2, 1, 1, 0]
    check_events(events)


def test_siege_beats_garrisons_first_then_storms_and_captures(world: TribesState) -> None:
    t = world.settlements[1]
    t.pop = 100  # 10 militia
    t.override = [0] * 18
    g = band(world, 1, 4, 17, 10)
    g.order = {"kind": "garrison", "settlement": 1}
    w = besieger(world, 60)  # 1200 against the garrison's 200 (plains, no walls)
    events: list[Event] = []
    sieges(world, events)
    assert events[0].kind == "battle" and events[0].data["kind"] == "siege"
    assert g.routing and t.tribe == 1  # garrison beaten, no storm on the same slow tick
    g.size = 0
    world.warbands.remove(g)
    w.fought = -1
    events = []
    sieges(world, events)
    # walls 0 and no garrison: the storm against 10 militia, won: captured
    assert [e.kind for e in events] == ["battle", "settlement_captured"]
    assert events[0].data["kind"] == "storm"
    assert (t.tribe, t.morale, t.override) == (0, 300, None)
    assert w.order == {"kind": "garrison", "settlement": 1}
    assert world.tribes[0].counters["captures"] == 1
    check_events(events)


# --- supply, desertion, disband ------------------------------------------------------------


def test_supply_refills_inside_territory(world: TribesState) -> None:
    home = world.settlements[0]
    home.stores.update(grain=10, fish=100)
    w = band(world, 0, 26, 16, 20, supply=5)
    events: list[Event] = []
    supply(world, events)
    # eats 5 of 20 (short, but inside own territory: no desertion), then refills to 3 x 20 =
    # 60: 10 grain, then 50 fish
    assert (w.supply, home.stores["grain"], home.stores["fish"]) == (60, 0, 50)
    assert events == [] and w.morale == 600
    supply(world, events)
    assert w.supply == 60  # ate 20, refilled 20 (fish)


def test_desertion_outside_territory(world: TribesState) -> None:
    w = band(world, 0, 10, 16, 500, armor=100)  # 18 tiles from home (radius 12)
    events: list[Event] = []
    supply(world, events)
    # empty supply outside: 500 x 1 per mille = 0 deserters, 500 carried; -20 morale
    assert (w.size, w.acc["desertion"], w.morale, events) == (500, 500, 580, [])
    supply(world, events)
    assert (w.size, w.acc["desertion"], w.morale) == (499, 0, 560)  # 500 + 500: 1 deserts
    assert w.armor == 100  # 100 x 1 / 500 = 0 armour lost with him
    assert [e.kind for e in events] == ["deserted"] and events[0].data["soldiers"] == 1
    check_events(events)


def test_disband_returns_people_gear_and_grain(world: TribesState) -> None:
    home = world.settlements[0]
    home.stores.update(weapons=0, armor=0, grain=0)
    w = band(world, 0, 27, 16, 30, armor=12, supply=40)
    w.cavalry = True
    events: list[Event] = []
    assert order(world, 0, f"warband {w.id} disband", events)
    military(world, events)
    assert world.warbands == []
    assert (home.pop, home.horses) == (1230, 40)
    assert (home.stores["weapons"], home.stores["armor"], home.stores["grain"]) == (30, 12, 40)
    assert events[-1].kind == "disbanded" and events[-1].data["soldiers"] == 30
    check_events(events)


def test_warbands_march_a_tile_a_tick(world: TribesState) -> None:
    w = band(world, 0, 28, 16, 20)
    events: list[Event] = []
    assert order(world, 0, f"warband {w.id} march 22 16", events)
    military(world, events)
    assert (w.x, w.y) == (27, 16)
    for _ in range(10):
        military(world, events)
    assert (w.x, w.y, w.to_x) == (22, 16, -1)


# --- the war rite, the score, elimination -------------------------------------------------


def test_war_rite_adds_100_permille_once(world: TribesState) -> None:
    a = band(world, 0, 26, 16, 40)
    band(world, 1, 27, 16, 20)
    world.tribes[0].faith = 30
    world.tribes[0].stances[1] = "hostile"
    events: list[Event] = []
    assert order(world, 0, f"rite war {a.id}", events)
    assert world.tribes[0].faith == 0 and world.effects[-1].target == a.id
    assert world.effects[-1].expires == world.tick + 200
    da, _ = draws(world)
    field_battles(world, events)
    # 800 x 1.1 = 880, then the variance
    assert events[-2].data["attacker_power"] == 880 * (950 + da) // 1000
    assert not any(e.kind == "war" for e in world.effects)  # consumed


def test_score_and_elimination_count_warbands(world: TribesState) -> None:
    before = score(world, world.tribes[1])
    band(world, 1, 10, 16, 40)  # power 800: +40 score
    assert score(world, world.tribes[1]) == before + 800 // 20
    world.settlements = [world.settlements[0]]
    events: list[Event] = []
    eliminate(world, events)
    assert world.tribes[1].alive  # no settlements, but a warband
    world.warbands = []
    eliminate(world, events)
    assert not world.tribes[1].alive


def test_no_warbands_no_change(world: TribesState) -> None:
    world.tick = 9
    before = world.state_hash()
    events: list[Event] = []
    military(world, events)
    assert events == [] and world.state_hash() == before


def test_camp_assault_clears_the_camp_once(world: TribesState) -> None:
    w = band(world, 0, 20, 20, 30)  # power 600 against a camp of strength 10: 10 x 8 = 80
    world.camps.append(Camp(world.new_id(), "goblin_camp", 20, 20, 10, 20, 0))
    world.settlements[0].stores["coin"] = 0
    events: list[Event] = []
    assault_camps(world, events)
    assert [e.kind for e in events] == ["battle", "threat_cleared"]
    assert events[0].data["defender"] is None  # the seed's threat convention
    assert world.camps == [] and w.veterancy == 50  # the win's +50, once
    assert world.settlements[0].stores["coin"] == 20  # 2 x strength, home
    check_events(events)
