"""Tribes (its design document), the needs: food points and the eat order, starvation, ale and
clothes, morale drift, births, deaths and emigration, tiers, herds, tech escalation and rites'
expiry, elimination, metrics frames and the end, and the score. Each test isolates a phase by
setting the state's fields by hand; the numbers in the comments are the seed's rules worked out."""

from __future__ import annotations

from fractions import Fraction

import pytest

from privateer.engine.events import Event
from privateer.engine.tribes.constants import FOOD_KINDS, PROFESSION_INDEX, RESOURCES
from privateer.engine.tribes.economy import flows
from privateer.engine.tribes.economy.accum import EXTRACTION_D, flow
from privateer.engine.tribes.economy.consumption import consume
from privateer.engine.tribes.economy.extraction import extract
from privateer.engine.tribes.economy.herds import tend_herds
from privateer.engine.tribes.economy.knowledge import advance_knowledge, research_cost
from privateer.engine.tribes.economy.population import (
    fresh_interval,
    grow_population,
    housing_factor,
    surplus_factor,
)
from privateer.engine.tribes.elimination import eliminate
from privateer.engine.tribes.events import TRIBES_EVENTS
from privateer.engine.tribes.metrics import close_tick
from privateer.engine.tribes.rules import SEED
from privateer.engine.tribes.score import score
from privateer.engine.tribes.setup import new_world
from privateer.engine.tribes.state import Effect, Settlement, TribesState, Wagon
from privateer.engine.tribes.step import step

FARM_RATE, TOOLLESS_YIELD = SEED.farm_rate, SEED.toolless_yield  # the seed's rules

BREAD, FISH, MEAT, GRAIN = (1 << FOOD_KINDS.index(k) for k in ("bread", "fish", "meat", "grain"))


def world(tribes: int = 2, ticks: int = 200) -> TribesState:
    return new_world(5, tribes, 32, ticks)


def bare(state: TribesState, pop: int = 1000) -> Settlement:
    """Tribe 0's settlement with empty stores, not cold, a fresh interval and no accumulators."""
    s = state.settlements[0]
    s.pop = pop
    s.stores = dict.fromkeys(RESOURCES, 0)
    s.cold = False
    s.acc = {}
    s.interval = fresh_interval()
    return s


def only(state: TribesState, s: Settlement) -> None:
    """Keep only `s` in the world (other tribes' settlements out of the way of a phase)."""
    state.settlements = [s]


def check_events(events: list[Event]) -> None:
    for e in events:
        assert set(e.data) == set(TRIBES_EVENTS[e.kind].__annotations__), e


# --- food ---------------------------------------------------------------------------------


def test_eat_order_points_and_credit() -> None:
    state = world()
    s = bare(state, 1000)
    only(state, s)
    s.stores.update(bread=5, fish=3, meat=2, grain=100)
    events: list[Event] = []
    # demand 1000 x 1000 / 50000 = 20 points: 5 bread (15), then fish: 5 points still owed take
    # ceil(5/2) = 3 fish (6 points), 1 point of credit; meat and grain untouched.
    consume(state, events)
    assert (s.stores["bread"], s.stores["fish"], s.stores["meat"], s.stores["grain"]) == (
        0,
        0,
        2,
        100,
    )
    assert s.acc["food_credit"] == 1
    assert s.interval["food_kinds"] == BREAD | FISH
    # next tick: 20 - 1 credit = 19: 2 meat (4), 15 grain; no credit left
    consume(state, events)
    assert (s.stores["meat"], s.stores["grain"], s.acc["food_credit"]) == (0, 85, 0)
    assert s.interval["food_kinds"] == BREAD | FISH | MEAT | GRAIN
    assert events == []
    assert state.tribes[0].flows["consumption"] == {"bread": 5, "fish": 3, "meat": 2, "grain": 15}


def test_a_bread_covers_three_ticks_of_one_point() -> None:
    state = world()
    s = bare(state, 50)  # 50 x 1000 / 50000 = 1 point a tick
    only(state, s)
    s.stores["bread"] = 10
    eaten = []
    for _ in range(30):
        consume(state, [])
        eaten.append(10 - s.stores["bread"])
    # one bread (3 points) on ticks 1, 4, 7, ...: 3 points for every 3 ticks, none lost
    assert eaten[:7] == [1, 1, 1, 2, 2, 2, 3]
    assert s.stores["bread"] == 0 and s.acc["food_credit"] == 0


def test_food_points_conserved_over_a_long_run() -> None:
    # pop 137 at rations 1300 demands 137 x 1300 / 50000 = 3.562 points a tick; over 500 ticks
    # exactly floor(500 x 178100 / 50000) points are owed, and points eaten = owed + credit.
    state = world()
    s = bare(state, 137)
    only(state, s)
    state.tribes[0].rations = 1300
    s.stores.update(bread=150, fish=200, meat=120, grain=1900)
    start = 3 * 150 + 2 * 200 + 2 * 120 + 1900
    for _ in range(500):
        consume(state, [])
    left = 3 * s.stores["bread"] + 2 * (s.stores["fish"] + s.stores["meat"]) + s.stores["grain"]
    owed = int(Fraction(500 * 137 * 1300, 50000))
    assert start - left == owed + s.acc["food_credit"]
    assert s.pop == 137  # never short


def test_starvation_deaths_morale_event_and_flows() -> None:
    state = world()
    s = bare(state, 1000)
    only(state, s)
    s.morale = 600
    s.stores["grain"] = 5
    events: list[Event] = []
    consume(state, events)
    # demand 20, 5 grain eaten, shortfall 15: deaths min(15, max(1, 1000/50 = 20)) = 15
    assert s.pop == 985 and s.morale == 570
    assert s.interval["starved"] == 1
    assert [e.kind for e in events] == ["starvation"]
    assert events[0].data == {"tribe": 0, "settlement": s.id, "deaths": 15, "shortfall": 15}
    check_events(events)
    f = state.tribes[0].flows
    assert f["deaths"] == 15 and f["starvation"] == 15
    # pop 985: demand 19 (acc 35000 -> 19.7 -> 19, acc 35000), nothing to eat: deaths
    # min(19, max(1, 985/50 = 19)) = 19
    consume(state, events)
    assert s.pop == 966 and s.morale == 540


def test_starvation_of_a_big_settlement_is_capped_at_a_fiftieth() -> None:
    state = world()
    s = bare(state, 5000)  # demand 100 a tick
    only(state, s)
    s.morale = 10
    consume(state, [])
    # shortfall 100 but deaths max(1, 5000/50) = 100 -> min(100, 100); and pop 500: demand 10,
    # deaths min(10, max(1, 10)) = 10
    assert s.pop == 4900 and s.morale == 0
    t = bare(state, 20)  # demand 0.4 a tick: the first shortfall (1 point) on the 3rd tick
    only(state, t)
    deaths = []
    for _ in range(3):
        before = t.pop
        consume(state, [])
        deaths.append(before - t.pop)
    assert deaths == [0, 0, 1]  # min(1, max(1, 20/50 = 0))


def test_calibration_480_toolless_farmers_feed_1200() -> None:
    # Seed: 480 x 0.1 x 0.6 = 28.8 grain a tick against 24 points for 1200 at rations 1000.
    # Through phase 4 (extraction, no tools) and phase 8 for 100 ticks: 2880 grain made, 2400
    # eaten, nobody starves and the stock grows by 480.
    state = world()
    s = bare(state, 1200)
    only(state, s)
    s.labour = [0] * len(s.labour)
    s.labour[PROFESSION_INDEX["farmer"]] = 480
    events: list[Event] = []
    for _ in range(100):
        extract(state, events)
        consume(state, events)
    assert s.stores["grain"] == 480 and s.pop == 1200 and events == []
    f = state.tribes[0].flows
    assert f["production"] == {"grain": 2880} and f["consumption"] == {"grain": 2400}
    assert state.tribes[0].tool_coverage == 0
    # the same through the accumulator by hand: 480 x 600 x 100 / 1e6 = 28.8 a tick
    acc, made = 0, 0
    for _ in range(100):
        out, acc = flow(480 * TOOLLESS_YIELD, FARM_RATE, acc, EXTRACTION_D)
        made += out
    assert made == 2880 and acc == 0


# --- ale and clothes ----------------------------------------------------------------------


def test_ale_ration_served_and_short() -> None:
    state = world()
    s = bare(state, 1000)
    only(state, s)
    s.stores["grain"] = 10_000
    state.tribes[0].ale_ration = 500
    s.stores["ale"] = 500
    # 1000 x 500 / 10000 = 50 ale a tick: 10 ticks need 500
    for _ in range(10):
        consume(state, [])
    assert s.stores["ale"] == 0
    assert s.interval["ale_wanted"] == 1 and s.interval["ale_served"] == 1
    consume(state, [])
    assert s.interval["ale_served"] == 0
    assert state.tribes[0].flows["consumption"]["ale"] == 500


def test_ale_ration_accumulates_fractions() -> None:
    state = world()
    s = bare(state, 30)
    only(state, s)
    state.tribes[0].ale_ration = 1000
    s.stores.update(ale=100, grain=100)
    for _ in range(10):
        consume(state, [])
    # 30 x 1000 / 10000 = 3 a tick; then pop 7: 0.7 a tick -> 7 over 10 ticks
    assert s.stores["ale"] == 70
    s.pop = 7
    for _ in range(10):
        consume(state, [])
    assert s.stores["ale"] == 63


def test_no_ration_no_ale_bonus() -> None:
    state = world()
    s = bare(state, 1000)
    only(state, s)
    s.stores.update(grain=10_000, ale=100)
    for _ in range(10):
        consume(state, [])
    assert s.stores["ale"] == 100 and s.interval["ale_wanted"] == 0
    s.morale = 500
    grow_population(state, [])
    assert s.morale == 500  # one food kind, no ale: target 500


def test_cold_settlements_wear_clothes() -> None:
    state = world()
    s = bare(state, 2500)
    only(state, s)
    s.stores.update(grain=10_000, clothes=2)
    s.cold = True
    # 2500 / 10000 = 0.25 a tick: one worn on ticks 4 and 8, short on tick 12
    for tick in range(1, 13):
        consume(state, [])
        assert s.interval["clothes_short"] == (1 if tick >= 12 else 0), tick
    assert s.stores["clothes"] == 0
    assert state.tribes[0].flows["consumption"]["clothes"] == 2
    warm = bare(state, 2500)
    warm.stores["grain"] = 10_000
    for _ in range(12):
        consume(state, [])
    assert warm.interval["clothes_short"] == 0


# --- morale and population ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("interval", "blessed", "morale", "after"),
    [
        ({"food_kinds": GRAIN}, False, 600, 575),  # target 500: -100/4
        # 2 kinds + ale + blessing: 850, gap 250 -> +62 (truncated)
        ({"food_kinds": GRAIN | MEAT, "ale_wanted": 1}, True, 600, 662),
        # clothes short and starved: 500 - 150 - 300 = 50, gap -550 -> -137 (truncated)
        ({"clothes_short": 1, "starved": 1}, False, 600, 463),
        ({"ale_wanted": 1, "ale_served": 0}, False, 503, 503),  # target 500, gap -3 -> 0
        ({"starved": 1, "clothes_short": 1}, False, 0, 12),  # target 50: +12
    ],
)
def test_morale_drifts_a_quarter_of_the_gap(
    interval: dict[str, int], blessed: bool, morale: int, after: int
) -> None:
    state = world()
    s = bare(state, 100)
    only(state, s)
    s.interval.update(interval)
    s.morale = morale
    if blessed:
        state.effects.append(Effect("blessing", 0, s.id, state.tick + 50))
    grow_population(state, [])
    assert s.morale == after
    assert s.interval == fresh_interval()


def test_an_expired_blessing_is_not_in_force() -> None:
    state = world()
    s = bare(state, 100)
    only(state, s)
    s.morale = 500
    state.tick = 59
    state.effects.append(Effect("blessing", 0, s.id, 59))
    assert not state.has_effect("blessing", s.id)
    grow_population(state, [])
    assert s.morale == 500


def test_housing_and_surplus_factors() -> None:
    # capacity 1000: 80% -> 1000, 90% -> 500, 95% -> 250, 100% and over -> 0
    assert [housing_factor(p, 1000) for p in (0, 800, 900, 950, 1000, 1200)] == [
        1000,
        1000,
        500,
        250,
        0,
        0,
    ]
    # pop 1000 at rations 1000 eats 20 points a tick: 50 ticks = 1000 points
    assert surplus_factor(500, 1000, 1000) == 500
    assert surplus_factor(1000, 1000, 1000) == 1000
    assert surplus_factor(5000, 1000, 1000) == 1000
    assert surplus_factor(0, 1000, 1000) == 0
    assert surplus_factor(300, 1000, 2000) == 150  # double rations: 2000 points to saturate


def test_births_deaths_by_hand() -> None:
    state = world()
    s = bare(state, 1000)
    only(state, s)
    s.tier = 2
    s.buildings = {"hall": 1, "house": 5}  # 300 + 300 x 2 + 5 x 60 = 1200
    s.morale = 500  # one food kind: target 500, no drift
    s.interval["food_kinds"] = GRAIN
    s.stores["grain"] = 500  # surplus 500 / 1000 points = 500 per mille
    events: list[Event] = []
    grow_population(state, events)
    # housing (1200 - 1000) x 5000 / 1200 = 833; births = 1000 x 8 x 833 x 500 x 500 / 1000^4
    # = 1.666 -> 1 (acc 666 x 10^9); deaths 1000 x 2 / 1000 = 2
    assert s.pop == 999
    assert s.acc["births"] == 666 * 10**9
    f = state.tribes[0].flows
    assert (f["births"], f["deaths"], f["emigration"]) == (1, 2, 0)
    assert events == []
    # the next interval: pop 999, housing (201 x 5000) / 1200 = 837, births
    # (999 x 8 x 837 x 500 x 500 + 666e9) / 1e12 = 1.672 + 0.666 -> 2; deaths (1998 + 0) -> 1
    s.interval["food_kinds"] = GRAIN
    grow_population(state, [])
    assert s.pop == 1000


def test_births_stop_at_full_housing_and_with_no_food() -> None:
    state = world()
    s = bare(state, 1200)
    only(state, s)
    s.tier = 2
    s.buildings = {"hall": 1, "house": 5}  # 1200 = pop: housing 0
    s.stores["grain"] = 100_000
    s.morale = 1000
    grow_population(state, [])
    assert state.tribes[0].flows["births"] == 0 and s.pop == 1200 - 2
    t = bare(state, 100)  # room for 1200, but no food stored: surplus 0
    only(state, t)
    t.morale = 1000
    grow_population(state, [])
    assert state.tribes[0].flows["births"] == 0


def test_births_with_housing_and_surplus_saturated() -> None:
    state = world()
    s = bare(state, 1000)
    only(state, s)
    s.buildings = {"hall": 1, "house": 20}  # 1200 + 1200 at tier 3: occupancy 41%
    s.morale = 1000
    s.interval.update(food_kinds=GRAIN | MEAT, ale_wanted=1)
    state.effects.append(Effect("blessing", 0, s.id, 1000))  # target 500 + 100 + 100 + 150
    s.stores["grain"] = 1000  # 1000 points = 50 ticks of 20: surplus 1000
    grow_population(state, [])
    # morale 1000 - 150/4 = 963 (truncated); births 1000 x 8 x 1000 x 963 x 1000 / 1e12 =
    # 7.704 -> 7; deaths 2
    assert s.morale == 963
    assert s.pop == 1005 and s.acc["births"] == 704 * 10**9


def test_emigration_below_300_after_the_drift() -> None:
    state = world()
    s = bare(state, 1000)
    only(state, s)
    s.stores["grain"] = 0
    s.morale = 200  # drifts to 200 + 300/4 = 275 < 300: 10 per mille leave
    events: list[Event] = []
    grow_population(state, events)
    assert s.morale == 275
    assert [e.kind for e in events] == ["emigration"]
    assert events[0].data == {"tribe": 0, "settlement": s.id, "people": 10}
    check_events(events)
    assert s.pop == 1000 - 2 - 10
    assert state.tribes[0].flows["emigration"] == 10
    s.morale = 290  # drifts to 290 + 52 = 342: nobody leaves
    events.clear()
    grow_population(state, events)
    assert events == [] and s.pop == 988 - 1  # deaths (988 x 2 + 0) / 1000 = 1 (acc 976)


def test_tiers_rise_and_never_fall() -> None:
    state = world()
    s = bare(state, 399)
    only(state, s)
    s.tier = 1
    s.morale = 500
    s.stores["grain"] = 10_000
    s.buildings = {"hall": 1, "house": 10}
    events: list[Event] = []
    # housing 600 + 600 for 399: 1000; morale 500; surplus saturated: births 399 x 8 x 1000 x
    # 500 x 1000 / 1e12 = 1.596 -> 1, deaths 0.798 -> 0: pop 400, a town
    grow_population(state, events)
    assert s.pop == 400 and s.tier == 2
    assert [e.kind for e in events] == ["tier"]
    assert events[0].data["name"] == "town"
    check_events(events)
    s.pop = 50
    events.clear()
    grow_population(state, events)
    assert s.tier == 2 and events == []


# --- herds --------------------------------------------------------------------------------

HERDER = PROFESSION_INDEX["herder"]


def herding(herders: int, covered: int, herds: int, pastures: int) -> TribesState:
    state = world()
    s = bare(state, 1000)
    only(state, s)
    s.labour = [0] * len(s.labour)
    s.labour[HERDER] = herders
    s.interval["herders_covered"] = covered
    s.herds = herds
    s.horses = 0
    s.buildings = {"hall": 1, "pasture": pastures}
    state.tribes[0].craft = {"mill": 0, "brew": 0, "fodder": 0}
    state.tribes[0].slaughter = 0
    return state


def test_herds_grow_30_per_mille_of_tended_with_wool() -> None:
    state = herding(herders=10, covered=10, herds=30, pastures=2)
    s = state.settlements[0]
    tend_herds(state, [])
    # 10 tooled herders tend 50: all 30 tended; growth 30 x 30 = 900 / 1000 -> 0 (acc 900);
    # wool 30 x 100 / 1000 = 3
    assert (s.herds, s.acc["herds"], s.stores["wool"]) == (30, 900, 3)
    s.interval["herders_covered"] = 10
    tend_herds(state, [])
    assert (s.herds, s.acc["herds"]) == (31, 800)  # 900 + 900 = 1800
    assert state.tribes[0].flows["production"] == {"wool": 6}


def test_toolless_herders_tend_at_600_per_mille() -> None:
    state = herding(herders=10, covered=0, herds=40, pastures=3)
    s = state.settlements[0]
    tend_herds(state, [])
    # 10 x 600 x 5 / 1000 = 30 tended of 40: wool 3, growth 900 -> 0
    assert (s.stores["wool"], s.acc["herds"]) == (3, 900)
    state = herding(herders=10, covered=4, herds=40, pastures=3)
    tend_herds(state, [])
    # (4 x 1000 + 6 x 600) x 5 / 1000 = 38 tended: wool 3 (acc 800), growth 1140 -> 1
    s = state.settlements[0]
    assert (s.stores["wool"], s.acc["wool"], s.herds) == (3, 800, 41)


def test_fodder_doubles_growth_of_the_fed_from_the_gate() -> None:
    state = herding(herders=10, covered=10, herds=40, pastures=3)
    s = state.settlements[0]
    state.tribes[0].craft["fodder"] = 500
    s.stores["grain"] = 100
    s.grain_gates = {"mill": 0, "brew": 0, "fodder": 100}
    tend_herds(state, [])
    # fed 40 x 500 / 1000 = 20 (1 grain each); growth 20 x 60 + 20 x 30 = 1800 -> 1
    assert (s.stores["grain"], s.grain_gates["fodder"], s.herds, s.acc["herds"]) == (
        80,
        80,
        41,
        800,
    )
    assert state.tribes[0].flows["consumption"] == {"grain": 20}
    s.grain_gates["fodder"] = 3  # the gate binds: 3 fed, 37 not: 180 + 1110 + 800 = 2090 -> 2
    s.interval["herders_covered"] = 10
    tend_herds(state, [])
    assert (s.stores["grain"], s.grain_gates["fodder"], s.herds) == (77, 0, 43)


def test_herds_capped_at_20_a_pasture() -> None:
    state = herding(herders=20, covered=20, herds=59, pastures=3)
    s = state.settlements[0]
    state.tribes[0].craft["fodder"] = 1000
    s.stores["grain"] = 1000
    s.grain_gates = {"fodder": 1000}
    tend_herds(state, [])
    # 59 fed: 59 x 60 = 3540 -> 3, but the cap is 3 x 20 = 60
    assert s.herds == 60
    over = herding(herders=20, covered=20, herds=70, pastures=3)  # a pasture demolished
    tend_herds(over, [])
    assert over.settlements[0].herds == 70


def test_slaughter_gives_3_meat_and_a_hide() -> None:
    state = herding(herders=0, covered=0, herds=40, pastures=2)
    s = state.settlements[0]
    state.tribes[0].slaughter = 125
    tend_herds(state, [])
    # 40 x 125 / 1000 = 5 slaughtered: 15 meat, 5 hides; untended herds do not grow
    assert (s.herds, s.stores["meat"], s.stores["hides"]) == (35, 15, 5)
    tend_herds(state, [])
    # 35 x 125 = 4375 -> 4 (acc 375)
    assert (s.herds, s.stores["meat"], s.acc["slaughter"]) == (31, 27, 375)


def test_horses_grow_20_per_mille_capped_at_10_a_pasture() -> None:
    state = herding(herders=0, covered=0, herds=0, pastures=2)
    s = state.settlements[0]
    s.horses = 10
    for _ in range(5):  # 10 x 20 = 200 a slow tick: a foal on the 5th
        tend_herds(state, [])
    assert s.horses == 11
    s.horses = 19
    s.acc["horses"] = 990
    tend_herds(state, [])  # 19 x 20 + 990 = 1370 -> 1: 20 = the cap
    assert s.horses == 20
    tend_herds(state, [])
    tend_herds(state, [])
    assert s.horses == 20


def test_store_cap_loses_overflow() -> None:
    state = herding(herders=20, covered=20, herds=40, pastures=2)
    s = state.settlements[0]
    s.buildings["granary"] = 1  # cap 4000
    s.stores["wool"] = 3998
    tend_herds(state, [])  # 4 wool made, 2 fit
    assert s.stores["wool"] == 4000
    assert state.tribes[0].flows["production"] == {"wool": 2}


# --- tech and faith -----------------------------------------------------------------------

SCHOLAR = PROFESSION_INDEX["scholar"]
PRIEST = PROFESSION_INDEX["priest"]


def test_knowledge_and_faith_accrue_from_scholars_and_priests() -> None:
    state = world()
    a, b = state.settlements
    b.tribe = 0  # both tribe 0's: labour summed over its settlements
    for s, scholars, priests in ((a, 7, 3), (b, 3, 2)):
        s.labour = [0] * len(s.labour)
        s.labour[SCHOLAR] = scholars
        s.labour[PRIEST] = priests
    tribe = state.tribes[0]
    advance_knowledge(state, [])
    # 10 scholars x 150 = 1500 -> 1 (acc 500); 5 priests x 100 = 500 -> 0 (acc 500)
    assert (tribe.knowledge, tribe.acc["knowledge"], tribe.faith, tribe.acc["faith"]) == (
        1,
        500,
        0,
        500,
    )
    advance_knowledge(state, [])
    assert (tribe.knowledge, tribe.faith) == (3, 1)
    assert state.tribes[1].knowledge == 0


def test_research_escalates_the_third_tech_costs_six_quarters() -> None:
    state = world()
    for s in state.settlements:
        s.labour = [0] * len(s.labour)
    tribe = state.tribes[0]
    assert research_cost("milling", 0) == 60
    tribe.techs = ["milling", "brewing"]
    tribe.research = "masonry"  # base 80: 80 x (4 + 2) / 4 = 120
    tribe.knowledge = 119
    events: list[Event] = []
    advance_knowledge(state, events)
    assert tribe.techs == ["milling", "brewing"] and events == []
    tribe.knowledge = 125
    advance_knowledge(state, events)
    assert tribe.techs == ["milling", "brewing", "masonry"]
    assert tribe.knowledge == 5 and tribe.research is None
    assert [e.data for e in events] == [{"tribe": 0, "tech": "masonry", "cost": 120}]
    check_events(events)
    # the 4th: castellany 200 x 7 / 4 = 350; siegecraft needs weaponsmithing: it waits
    assert research_cost("castellany", 3) == 350
    assert research_cost("coinage", 5) == 225  # 100 x 9 / 4, integer
    tribe.research = "siegecraft"
    tribe.knowledge = 10_000
    advance_knowledge(state, events)
    assert "siegecraft" not in tribe.techs and tribe.research == "siegecraft"


def test_rites_expire_on_the_slow_tick_after_their_end() -> None:
    state = world()
    keep = Effect("harvest", 1, state.settlements[1].id, 80)
    state.effects = [Effect("blessing", 0, state.settlements[0].id, 55), keep]
    state.tick = 49
    events: list[Event] = []
    advance_knowledge(state, events)
    assert len(state.effects) == 2 and state.has_effect("blessing", state.settlements[0].id)
    state.tick = 55
    assert not state.has_effect("blessing", state.settlements[0].id)
    state.tick = 59
    advance_knowledge(state, events)
    assert state.effects == [keep]
    assert [e.data for e in events] == [
        {"tribe": 0, "rite": "blessing", "target": state.settlements[0].id}
    ]
    check_events(events)


# --- elimination --------------------------------------------------------------------------


def test_a_tribe_without_settlements_is_eliminated() -> None:
    state = world(3)
    state.tick = 42
    gone = state.settlements[1]
    state.settlements.remove(gone)
    state.wagons = [
        Wagon(90, 1, 3, 3, 9, 9, 60, 100, gone.id),
        Wagon(91, 2, 3, 3, 9, 9, 60, 100, state.settlements[1].id),
    ]
    state.effects = [Effect("warding", 1, 1, 100), Effect("warding", 2, 2, 100)]
    events: list[Event] = []
    eliminate(state, events)
    t = state.tribes[1]
    assert (t.alive, t.eliminated_on) == (False, 42)
    assert [w.id for w in state.wagons] == [91]
    assert [e.tribe for e in state.effects] == [2]
    assert [e.data for e in events] == [{"tribe": 1}]
    eliminate(state, events)  # once only
    assert len(events) == 1


def test_an_empty_settlement_is_abandoned() -> None:
    state = world(2)
    state.settlements[0].pop = 0
    events: list[Event] = []
    eliminate(state, events)
    assert [e.kind for e in events] == ["abandoned", "eliminated"]
    check_events(events)
    assert [s.tribe for s in state.settlements] == [1]
    assert not state.tribes[0].alive and state.tribes[1].alive


# --- metrics, the end, the score ----------------------------------------------------------


def test_score_by_hand() -> None:
    state = world()
    a, b = state.settlements
    b.tribe = 0
    a.pop, b.pop = 1234, 99  # 1333 / 10 = 133
    a.stores["coin"], b.stores["coin"] = 50, 29  # 79 / 20 = 3
    tribe = state.tribes[0]
    tribe.techs = ["milling", "masonry", "liturgy"]  # 75
    tribe.buildings_completed = 7  # 14
    assert score(state, tribe) == 133 + 80 + 75 + 3 + 14
    assert score(state, state.tribes[1]) == 0


def test_frames_every_10_ticks_and_on_the_last() -> None:
    state = world(2, ticks=25)
    frames = []
    ends = []
    while state.result is None:
        for e in step(state):
            if e.kind == "metrics":
                frames.append(e.data["frame"]["tick"])
            if e.kind == "world_end":
                ends.append(e.data)
    assert frames == [10, 20, 25]
    assert state.tick == 25 and state.result == "tick_cap"
    assert state.metrics is not None and state.metrics["tick"] == 25
    s0, s1 = (score(state, t) for t in state.tribes)
    assert ends == [{"result": "tick_cap", "winner": None if s0 == s1 else 0, "scores": [s0, s1]}]
    with pytest.raises(ValueError):
        step(state)


def test_frame_rows_and_flow_reset() -> None:
    state = world(2, ticks=100)
    state.tick = 9
    a, b = state.settlements
    b.tribe = 0
    a.pop, a.morale = 300, 900
    b.pop, b.morale = 100, 100  # weighted (270000 + 10000) / 400 = 700
    state.tribes[1].alive = False  # keep the world from ending: tribe 0 alone would win
    state.tribes = state.tribes[:1]
    tribe = state.tribes[0]
    flows.produced(tribe, "grain", 7)
    flows.consumed(tribe, "timber", 3)
    flows.count(tribe, "births", 2)
    tribe.tool_coverage = 812
    tribe.knowledge, tribe.faith, tribe.techs = 11, 4, ["milling"]
    tribe.counters.update({"trades": 2, "battles_won": 1, "caravans": 3})
    events: list[Event] = []
    close_tick(state, events)
    assert state.tick == 10
    assert [e.kind for e in events] == ["metrics"]
    assert events[0].round == 9
    check_events(events)
    row = state.metrics["tribes"][0] if state.metrics else {}
    assert row == {
        "id": 0,
        "pop": 400,
        "settlements": 2,
        "production": {"grain": 7},
        "consumption": {"timber": 3},
        "births": 2,
        "deaths": 0,
        "starvation": 0,
        "emigration": 0,
        "tool_coverage": 812,
        "knowledge": 11,
        "faith": 4,
        "techs": 1,
        "score": score(state, tribe),
        "morale": 700,
        "counters": {"battles_won": 1, "caravans": 3, "trades": 2},  # cumulative: not reset
    }
    assert tribe.flows["production"] == {} and tribe.flows["births"] == 0
    assert tribe.counters == {"trades": 2, "battles_won": 1, "caravans": 3}
    close_tick(state, events)
    assert state.tick == 11 and len(events) == 1  # no frame off the 10s


def test_last_standing_wins_and_all_gone() -> None:
    state = world(3, ticks=500)
    state.tick = 3
    state.settlements = [s for s in state.settlements if s.tribe == 2]
    events: list[Event] = []
    eliminate(state, events)
    close_tick(state, events)
    assert (state.result, state.winner) == ("last_standing", 2)
    assert [e.kind for e in events] == ["eliminated", "eliminated", "metrics", "world_end"]
    assert state.metrics is not None and state.metrics["tick"] == 4
    solo = world(1, ticks=500)
    close_tick(solo, [])
    assert solo.result is None  # one tribe from the start plays on
    solo.settlements = []
    eliminate(solo, [])
    close_tick(solo, [])
    assert (solo.result, solo.winner) == ("all_gone", None)


def test_highest_score_wins_at_the_cap_and_a_tie_has_no_winner() -> None:
    state = world(2, ticks=1)
    state.settlements[1].stores["coin"] += 20
    close_tick(state, [])
    assert (state.result, state.winner) == ("tick_cap", 1)
    tie = world(2, ticks=1)
    for s in tie.settlements:
        s.pop, s.stores["coin"] = 1000, 0
    close_tick(tie, [])
    assert (tie.result, tie.winner) == ("tick_cap", None)


def test_dead_tribes_do_not_win_at_the_cap() -> None:
    state = world(3, ticks=1)
    state.tribes[0].alive = False
    state.tribes[0].techs = ["milling"] * 40  # a huge score, but eliminated
    close_tick(state, [])
    assert state.result == "tick_cap" and state.winner is None  # 1 and 2 tie


def test_the_needs_state_round_trips_json() -> None:
    # accumulators, interval records, frames and the end are all plain integers and dicts
    state = world(2, ticks=35)
    state.tribes[0].ale_ration = 300
    state.settlements[0].cold = True
    while state.result is None:
        step(state)
    again = TribesState.from_dict(state.to_dict())
    assert again.state_hash() == state.state_hash()
    assert state.settlements[0].interval["ale_wanted"] == 1  # a ration on ticks 30..34
    assert state.settlements[1].interval["ale_wanted"] == 0
