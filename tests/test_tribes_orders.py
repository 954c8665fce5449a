"""Tribes (the Tribes design document) orders, settler wagons, views and policies: every order
round-trips through its text, malformed text is refused with a reason, each order's rules against
the world, the 64-orders-a-tick cap, invalid orders changing nothing, wagons walking round water and
founding or merging, the scripted-policy format, and the built-in policies growing fed tribes."""

from __future__ import annotations

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from privateer.engine.errors import IllegalActionError
from privateer.engine.events import Event
from privateer.engine.tribes.constants import PROFESSIONS
from privateer.engine.tribes.logistics.wagons import move_wagons
from privateer.engine.tribes.orders import Allocate, parse_order
from privateer.engine.tribes.policy.named import POLICIES, POLICY_EVERY, load_policy
from privateer.engine.tribes.rules import SEED
from privateer.engine.tribes.rulings import apply_order, order_is_open, refusal, take_orders
from privateer.engine.tribes.setup import new_settlement, new_world
from privateer.engine.tribes.state import Settlement, Tribe, TribesState, Wagon
from privateer.engine.tribes.step import step
from privateer.engine.tribes.view import view_for

# the seed's rules
ACTIONS_PER_TICK, FOUND_GRAIN_RESERVE = SEED.actions_per_tick, SEED.found_grain_reserve
WAGON_STUCK_TICKS = SEED.wagon_stuck_ticks

CANONICAL = [
    "allocate farmer=400 woodcutter=50 builder=40",
    "allocate @3 farmer=500 scholar=10",
    "allocate",
    "build 0 house",
    "build 0 farm 5",
    "demolish 0 farm",
    "rations 0",
    "rations 2000",
    "ale 150",
    "craft mill 300",
    "craft brew 0",
    "craft fodder 1000",
    "smithy tools=700 weapons=300 armor=0",
    "slaughter 25",
    "research crop_rotation",
    "rite blessing 0",
    "rite harvest 4",
    "rite warding",
    "rite war 7",
    "found 20 31 50",
    "muster 0 40",
    "muster 0 40 cavalry",
    "warband 9 garrison 0",
    "warband 9 patrol 10 11",
    "warband 9 march 3 4",
    "warband 9 raid 2",
    "warband 9 raid caravan 12",
    "warband 9 besiege 2",
    "warband 9 escort 12",
    "warband 9 disband",
    "route 0 4 grain 250",
    "offer 100 grain for 20 ore",
    "offer 100 grain for 20 ore to 2 repeat",
    "offer 50 timber for 10 coin peddler",
    "withdraw 7",
    "stance 2 hostile",
    "advance",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_every_order_round_trips_through_its_text(text: str) -> None:
    order = parse_order(text)
    assert order.to_str() == text
    assert parse_order(order.to_str()) == order
    # case and spacing are free; the canonical text comes back
    assert parse_order("  " + text.upper().replace(" ", "   ") + " ") == order


def test_allocate_pairs_come_back_in_profession_order() -> None:
    assert parse_order("allocate builder=40 farmer=400").to_str() == (
        "allocate farmer=400 builder=40"
    )


@given(st.lists(st.integers(0, 1000), min_size=len(PROFESSIONS), max_size=len(PROFESSIONS)))
def test_any_allocation_vector_round_trips(shares: list[int]) -> None:
    order = Allocate(tuple(shares))
    assert parse_order(order.to_str()) == order


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "plant 0 farm",
        "rations",
        "rations -1",
        "rations 2001",
        "rations 1e3",
        "ale 1001",
        "allocate farmer=1001",
        "allocate farmer=10 farmer=20",
        "allocate soldier=10",
        "allocate farmer",
        "allocate @x farmer=10",
        "build 0",
        "build 0 hall",
        "build 0 castle",
        "build 0 house 6",
        "build 0 house 0",
        "build zero house",
        "demolish 0",
        "craft bake 100",
        "smithy tools=10 tools=20",
        "smithy swords=10",
        "research alchemy",
        "rite dance 0",
        "rite blessing",
        "rite warding 0",
        "found 10 10",
        "found 10 10 49",
        "muster 0 20 infantry",
        "warband 1 march 3",
        "warband 1 fly 2",
        "route 0 1 gems 10",
        "offer 10 grain for 10 grain",
        "offer 10 grain for 5 ore peddler",
        "offer 10 grain 5 ore",
        "stance 1 angry",
        "advance now",
        "rations 99999999999999999999",
    ],
)
def test_malformed_text_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(IllegalActionError) as caught:
        parse_order(text)
    assert str(caught.value)


# --- the rules, against a world -------------------------------------------------------------


@pytest.fixture
def world() -> TribesState:
    return new_world(5, 4, 64, 500)


def _home(state: TribesState, tribe: int) -> int:
    return state.settlements_of(tribe)[0].id


def test_build_and_demolish_need_an_own_settlement_and_the_means(world: TribesState) -> None:
    mine, theirs = _home(world, 0), _home(world, 1)
    assert order_is_open(world, 0, parse_order(f"build {mine} house 5"))
    assert "not the tribe's" in str(refusal(world, 0, parse_order(f"build {theirs} house")))
    assert not order_is_open(world, 0, parse_order("build 999 house"))
    # 400 timber at the start: 13 farms of 30 would need 390, but 5 a time; milling not known
    assert not order_is_open(world, 0, parse_order(f"build {mine} mill"))
    world.settlement(mine).stores["timber"] = 19  # a house costs 20 timber
    assert not order_is_open(world, 0, parse_order(f"build {mine} house"))
    assert order_is_open(world, 0, parse_order(f"demolish {mine} farm"))
    assert not order_is_open(world, 0, parse_order(f"demolish {mine} dock"))  # none built
    assert not order_is_open(world, 0, parse_order(f"demolish {theirs} farm"))


def test_build_debits_at_once_and_tells_it(world: TribesState) -> None:
    home = world.settlement(_home(world, 0))
    events: list[Event] = []
    assert apply_order(world, 0, parse_order(f"build {home.id} house 3"), events)
    assert home.stores["timber"] == 400 - 3 * 20  # 20 timber a house (seed)
    assert [site.building for site in home.queue] == ["house"] * 3
    assert [e.kind for e in events] == ["build_ordered"]
    assert events[0].data["count"] == 3


def test_allocate_sets_the_whole_vector_and_the_override(world: TribesState) -> None:
    events: list[Event] = []
    assert apply_order(world, 0, parse_order("allocate farmer=600 builder=10"), events)
    vector = [0] * len(PROFESSIONS)
    vector[PROFESSIONS.index("farmer")], vector[PROFESSIONS.index("builder")] = 600, 10
    assert world.tribes[0].allocation == vector  # professions not named: 0
    home, theirs = _home(world, 0), _home(world, 1)
    assert apply_order(world, 0, parse_order(f"allocate @{home} farmer=600 builder=10"), events)
    assert world.settlement(home).override == vector
    assert not apply_order(world, 0, parse_order(f"allocate @{theirs} farmer=1"), events)
    assert world.settlement(theirs).override is None
    assert events == []  # allocation tells nothing


def test_research_needs_the_prerequisite_and_not_the_tech(world: TribesState) -> None:
    tribe = world.tribes[0]
    assert order_is_open(world, 0, parse_order("research smelting"))
    assert "needs smelting" in str(refusal(world, 0, parse_order("research weaponsmithing")))
    tribe.techs.append("smelting")
    assert not order_is_open(world, 0, parse_order("research smelting"))
    assert apply_order(world, 0, parse_order("research weaponsmithing"), [])
    assert tribe.research == "weaponsmithing"


def test_a_rite_spends_faith_now_and_lasts_its_duration(world: TribesState) -> None:
    home = _home(world, 0)
    blessing = parse_order(f"rite blessing {home}")
    world.tribes[0].faith = 19  # a blessing costs 20 (seed)
    assert "costs 20 faith" in str(refusal(world, 0, blessing))
    world.tribes[0].faith = 45
    world.tick = 30
    events: list[Event] = []
    assert apply_order(world, 0, blessing, events)
    assert world.tribes[0].faith == 25
    effect = world.effects[-1]
    assert (effect.kind, effect.tribe, effect.target, effect.expires) == (
        "blessing", 0, home, 30 + 50,
    )  # fmt: skip
    assert events[0].kind == "rite" and events[0].data["until"] == 80
    assert not apply_order(world, 0, blessing, events)  # already in force: no faith spent
    assert world.tribes[0].faith == 25
    assert not order_is_open(world, 0, parse_order(f"rite harvest {_home(world, 1)}"))
    warding = parse_order("rite warding")
    assert not apply_order(world, 0, warding, events)  # 40 faith, 25 left
    world.tribes[0].faith = 40
    assert apply_order(world, 0, warding, events)
    effect = world.effects[-1]
    assert (effect.kind, effect.target, effect.expires, world.tribes[0].faith) == (
        "warding", 0, 30 + 100, 0,
    )  # fmt: skip


def test_a_dead_tribe_orders_nothing(world: TribesState) -> None:
    world.tribes[2].alive = False
    assert "not in the game" in str(refusal(world, 2, parse_order("rations 500")))
    assert not order_is_open(world, 9, parse_order("rations 500"))


def _open_site(state: TribesState, tribe: int, distance: int) -> tuple[int, int]:
    home = state.settlements_of(tribe)[0]
    for dx, dy in ((distance, 0), (-distance, 0), (0, distance), (0, -distance)):
        x, y = home.x + dx, home.y + dy
        if refusal(state, tribe, parse_order(f"found {x} {y} 100")) is None:
            return x, y
    raise AssertionError("no open site on this map")


def test_found_sends_a_wagon_from_the_largest_settlement(world: TribesState) -> None:
    home = world.settlements_of(0)[0]
    x, y = _open_site(world, 0, 8)
    events: list[Event] = []
    assert apply_order(world, 0, parse_order(f"found {x} {y} 100"), events)
    wagon = world.wagons[-1]
    # 1 grain per settler per 10 ticks of an 8-tick trip and a 100-tick reserve: 100 x 108 / 10
    assert (wagon.settlers, wagon.grain, wagon.timber) == (100, 1080, 200)
    assert FOUND_GRAIN_RESERVE == 100
    assert home.pop == 1100 and home.stores["grain"] == 2000 - 1080
    assert home.stores["timber"] == 400 - 200
    assert (wagon.x, wagon.y, wagon.to_x, wagon.to_y) == (home.x, home.y, x, y)
    assert [e.kind for e in events] == ["wagon_set_out"]


def test_found_rules(world: TribesState) -> None:
    home = world.settlements_of(0)[0]
    x, y = _open_site(world, 0, 8)
    near = next(
        (home.x + dx, home.y + dy)
        for dx in range(-5, 6)
        for dy in (-5, 5)
        if world.at(home.x + dx, home.y + dy) == "."
    )  # a plains tile 5 from home
    assert "within 5 tiles" in str(refusal(world, 0, parse_order(f"found {near[0]} {near[1]} 50")))
    assert "off the map" in str(refusal(world, 0, parse_order("found 64 3 50")))
    assert refusal(world, 0, parse_order("found 0 0 50")) == "(0, 0) is water"  # ocean border
    # 1200 people: 1150 may leave, 50 stay (given the grain and timber for so many)
    home.stores["grain"], home.stores["timber"] = 20_000, 5_000
    assert order_is_open(world, 0, parse_order(f"found {x} {y} 1150"))
    assert "must keep 50" in str(refusal(world, 0, parse_order(f"found {x} {y} 1151")))
    home.stores["grain"] = 100  # 50 settlers need 50 x 108 / 10 = 540
    assert "needs 540 grain" in str(refusal(world, 0, parse_order(f"found {x} {y} 50")))


# --- phase 1 --------------------------------------------------------------------------------


def test_phase_1_takes_64_orders_a_tribe_in_order_then_clears() -> None:
    state = new_world(5, 4, 64, 500)
    state.orders = [(1, f"rations {i}") for i in range(ACTIONS_PER_TICK + 10)]
    state.orders += [(0, "rations 700"), (0, "rations 800")]
    take_orders(state, [])
    assert state.tribes[1].rations == ACTIONS_PER_TICK - 1  # the 64th order is the last taken
    assert state.tribes[0].rations == 800
    assert state.orders == []


def test_tribes_are_taken_by_ascending_id() -> None:
    # both tribes' homes could found on the same site; tribe 0, queued last, goes first
    state = new_world(5, 2, 64, 500)
    a, b = state.settlements
    x, y = (a.x + b.x) // 2, (a.y + b.y) // 2
    state.rows = tuple("." * 64 if 2 < i < 61 else r for i, r in enumerate(state.rows))
    state.orders = [(1, f"found {x} {y} 50"), (0, f"found {x} {y} 50")]
    take_orders(state, [])
    assert [w.tribe for w in state.wagons] == [0, 1]  # the site is open to both (no settlement)


JUNK = [
    "nonsense",
    "build 0 hall",
    "rations 5000",
    "build 1 house",  # tribe 1's settlement, ordered by tribe 0
    "build 0 academy",  # no scholarship
    "demolish 0 dock",
    "research weaponsmithing",
    "rite blessing 0",  # no faith
    "rite war 1",
    "found 0 0 50",
    "found 32 32 5000",
    "muster 0 5",  # below the least warband (10)
    "stance 0 hostile",  # toward itself
    "advance",  # 50 hides of the 100 the settled age burns
    "allocate @1 farmer=1000",
]
"""Junk from tribe 0 (whose home is settlement 0; tribe 1's is 1)."""
JUNK_1 = ["build 0 house", "allocate @0 farmer=1", "demolish 0 farm", "rite harvest 0", "ale x"]
"""Junk from tribe 1: orders about tribe 0's settlement."""


def _run(junk: bool, ticks: int = 30) -> TribesState:
    state = new_world(11, 2, 32, 100)
    home = state.settlements_of(0)[0].id
    valid = [f"build {home} house 2", "allocate farmer=400 builder=60 woodcutter=50",
             "research milling", "slaughter 20"]  # fmt: skip
    for tick in range(ticks):
        if tick % 10 == 0:
            orders = []
            for i, text in enumerate(valid):
                orders.append((0, text))
                if junk:
                    orders.append((0, JUNK[(tick + i) % len(JUNK)]))
                    orders.append((1, JUNK_1[(tick + i) % len(JUNK_1)]))
            state.orders = orders
        step(state)
    return state


def test_junk_orders_cause_no_divergence() -> None:
    clean, noisy = _run(junk=False), _run(junk=True)
    assert clean.tribes[0].research == "milling"  # the valid orders did take
    assert clean.state_hash() == noisy.state_hash()


def test_a_refused_order_changes_nothing(world: TribesState) -> None:
    before = world.state_hash()
    for text in JUNK:
        try:
            order = parse_order(text)
        except IllegalActionError:
            continue
        assert not apply_order(world, 0, order, events := [])
        assert events == []
    assert world.state_hash() == before


# --- wagons ---------------------------------------------------------------------------------

Tiles = frozenset[tuple[int, int]] | set[tuple[int, int]]


def _flat(
    size: int = 32, water: Tiles = frozenset(), river: Tiles = frozenset()
) -> tuple[TribesState, Settlement]:
    rows = tuple(
        "".join("w" if (x, y) in water else "r" if (x, y) in river else "." for x in range(size))
        for y in range(size)
    )
    state = TribesState(seed=0, size=size, rows=rows, tick_cap=500)
    state.tribes = [Tribe(0, "A"), Tribe(1, "B")]
    home = new_settlement(state, 0, 3, 16, 500, "home")
    state.settlements.append(home)
    return state, home


def _wagon(state: TribesState, home: Settlement, to: tuple[int, int]) -> Wagon:
    wagon = Wagon(state.new_id(), 0, home.x, home.y, *to,
                  settlers=80, grain=300, source=home.id, timber=160)  # fmt: skip
    state.wagons.append(wagon)
    return wagon


def _drive(state: TribesState, ticks: int) -> tuple[list[Event], list[tuple[int, int]]]:
    """Phase 7 alone for up to `ticks` ticks: the events, and where the wagons stood before
    each move."""
    events: list[Event] = []
    path: list[tuple[int, int]] = []
    for _ in range(ticks):
        for w in state.wagons:
            path.append((w.x, w.y))
        move_wagons(state, events)
        state.tick += 1
        if not state.wagons:
            break
    return events, path


def test_a_wagon_walks_the_diagonal_and_founds() -> None:
    state, home = _flat()
    _wagon(state, home, (13, 22))  # dx 10, dy 6: Chebyshev 10, so 10 ticks
    events, path = _drive(state, 10)
    assert not state.wagons
    assert [e.kind for e in events] == ["founded"]
    # the greedy step takes the diagonal while dy is left (6 ticks), then goes straight east
    assert path[6] == (9, 22) and path[:2] == [(3, 16), (4, 17)]
    new = state.settlements[-1]
    assert (new.x, new.y, new.pop, new.tribe) == (13, 22, 80, 0)
    assert new.stores["grain"] == 300 and new.stores["timber"] == 160
    assert [s.id for s in state.settlements] == sorted(s.id for s in state.settlements)
    assert events[0].data["settlement"] == new.id == 2  # ids: home 0, wagon 1, new 2


def test_a_wagon_fords_a_river_but_goes_round_a_lake() -> None:
    river = {(8, y) for y in range(32)}
    state, home = _flat(river=river)
    _wagon(state, home, (13, 16))
    events, path = _drive(state, 10)
    assert [e.kind for e in events] == ["founded"] and len(path) == 10  # straight across

    wall = {(8, y) for y in range(10, 23)}  # a lake across the way, rows 10..22
    state, home = _flat(water=wall)
    _wagon(state, home, (13, 16))
    events, path = _drive(state, 40)
    assert [e.kind for e in events] == ["founded"]
    assert not set(path) & wall
    assert len(path) > 10  # it took the long way round


def test_a_blocked_site_merges_the_wagon_into_the_nearest_own_settlement() -> None:
    state, home = _flat()
    other = new_settlement(state, 0, 20, 16, 300, "east")
    state.settlements.append(other)
    wagon = _wagon(state, home, (12, 16))
    state.settlements.append(new_settlement(state, 1, 14, 16, 200, "squatter"))  # 2 from site
    events, _ = _drive(state, 9)
    assert [e.kind for e in events] == ["wagon_merged"]
    # at (12, 16): home is 9 away, east 8: east takes them
    assert events[0].data == {"tribe": 0, "wagon": wagon.id, "settlement": other.id,
                              "settlers": 80}  # fmt: skip
    assert other.pop == 380 and other.stores["grain"] == 300 and other.stores["timber"] == 160


def test_a_wagon_that_cannot_get_nearer_gives_up_and_goes_home() -> None:
    moat = {(x, y) for x in range(18, 25) for y in range(13, 20)} - {(21, 16)}
    state, home = _flat(water=moat)  # the site (21, 16) is an island
    _wagon(state, home, (21, 16))
    events, path = _drive(state, 200)
    assert [e.kind for e in events] == ["wagon_merged"]
    assert events[0].data["settlement"] == home.id and home.pop == 580
    # it reaches the moat's edge (Chebyshev 4) in 14 ticks, then slides for 30
    assert len(path) == 14 + WAGON_STUCK_TICKS


# --- views and policies ----------------------------------------------------------------------


def test_the_view_is_json_and_holds_no_rng(world: TribesState) -> None:
    view = view_for(world, 1)
    text = orjson.dumps(view)
    assert b'"rng"' not in text
    assert [s["id"] for s in view["settlements"]] == [_home(world, 1)]
    # fogged (the Tribes design document): the founders stand far apart on the spawn ring (each city
    # sees 12 + 2)
    assert view["others"] == []
    home = world.settlement(_home(world, 1))
    assert home is not None and view["rows"][home.y] != world.rows[home.y]
    assert view["rows"][home.y][home.x] == world.rows[home.y][home.x]


def test_policies_are_pure_functions_of_the_view(world: TribesState) -> None:
    before = world.state_hash()
    for name, policy in POLICIES.items():
        first = policy(view_for(world, 0))
        assert first == policy(view_for(world, 0)), name
        for text in first:
            parse_order(text)
    assert world.state_hash() == before


def test_the_built_in_policies_keep_four_tribes_fed_and_growing() -> None:
    state = new_world(3, 4, 64, 600)
    names = list(POLICIES)
    starved = [0] * 4
    while state.result is None:
        if state.tick % POLICY_EVERY == 0:
            for tribe in state.tribes:
                for text in POLICIES[names[tribe.id % len(names)]](view_for(state, tribe.id)):
                    state.orders.append((tribe.id, text))
        for event in step(state):
            if event.kind == "starvation":
                starved[event.data["tribe"]] += event.data["deaths"]
    for tribe in state.tribes:
        pop = sum(s.pop for s in state.settlements_of(tribe.id))
        assert pop > 1200 + 100, (tribe.id, pop)  # grown by more than a tenth of a wagon
        assert starved[tribe.id] == 0
        assert tribe.techs  # researched something


# --- the scripted format ---------------------------------------------------------------------


def test_the_example_scripted_policy_loads_and_plays() -> None:
    with open("data/tribes/example_policy.json", "rb") as file:
        policy = load_policy(file.read())
    assert policy({"tick": 100}) == ["build 0 lumber_camp 2", "build 0 farm 2"]
    state = new_world(3, 4, 64, 50)
    later = policy(view_for(state, 0) | {"tick": 20})  # no orders at 20: the grower's
    assert later == POLICIES["grower"](view_for(state, 0) | {"tick": 20})


def test_a_script_without_then_is_silent_between_its_ticks() -> None:
    policy = load_policy('{"policy": "scripted", "orders": {"10": ["rations 900"]}}')
    assert policy({"tick": 10}) == ["rations 900"] and policy({"tick": 20}) == []


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "not JSON"),
        ("[]", '"policy": "scripted"'),
        ('{"policy": "grower", "orders": {}}', '"policy": "scripted"'),
        ('{"policy": "scripted"}', '"orders" must be an object'),
        ('{"policy": "scripted", "orders": []}', '"orders" must be an object'),
        ('{"policy": "scripted", "orders": {"x": []}}', "not a whole number"),
        ('{"policy": "scripted", "orders": {"-10": []}}', "not a whole number"),
        ('{"policy": "scripted", "orders": {"15": []}}', "not a multiple of 10"),
        ('{"policy": "scripted", "orders": {"10": "rations 9"}}', "a list of texts"),
        ('{"policy": "scripted", "orders": {"10": [7]}}', "a list of texts"),
        ('{"policy": "scripted", "orders": {"10": ["rations 9000"]}}', "tick 10: 'rations 9000'"),
        ('{"policy": "scripted", "orders": {}, "then": "pacifist"}', '"then" must be one of'),
        ('{"policy": "scripted", "orders": {}, "extra": 1}', "no field 'extra'"),
    ],
)
def test_bad_scripted_files_fail_with_one_clear_line(text: str, reason: str) -> None:
    with pytest.raises(ValueError) as caught:
        load_policy(text)
    assert reason in str(caught.value)
    assert "\n" not in str(caught.value)


def test_rites_table_is_what_the_orders_use() -> None:
    # blessing 20 faith for 50 ticks, warding 40 for 100 (seed)
    cost, duration = SEED.rite_cost, SEED.rite_duration
    assert (cost["blessing"], duration["blessing"]) == (20, 50)
    assert (cost["warding"], duration["warding"]) == (40, 100)
