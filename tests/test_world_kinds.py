"""The ship kinds' table (engine/world/kinds.py): the Privateer design document's rows as the seed
has them, each column of a row driving what it says (hostility, talk, rig, hunt, station, keeps out,
rest, warship), a toy kind added through the registry alone sailing the whole world, and the World's
caches typed and bounded."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import numpy as np
import pytest

from privateer.cli.chart_frames import seen_picture
from privateer.engine.voyage.sighting import describe_ship, hostile, target_of
from privateer.engine.world import pursuit, wars
from privateer.engine.world.bar import _talk, stand_a_round
from privateer.engine.world.game import _drive_off, advance, create_world, observe, summary
from privateer.engine.world.kinds import (
    GUARD,
    KINDS,
    MERCHANT,
    SHIP_KINDS,
    SQUARE,
    WEATHERLY,
    Arrival,
    Hostility,
    Hunt,
    Muster,
    Rest,
    ShipKind,
    Station,
    Work,
    kind_index,
    register_kind,
    registered,
    unregister_kind,
)
from privateer.engine.world.rules import SEED_000
from privateer.engine.world.rumors import (
    Rumor,
    cloud,
    describe,
    destinations,
    lingering,
    rig_of,
)
from privateer.engine.world.state import SAILING, WorldState
from privateer.engine.world.world import BUDGETS, ENTRY_BYTES, HOPS, World
from tests.voyage_fixtures import put_ship, quiet_voyage
from tests.world_fixtures import synthetic_world

WORLD = synthetic_world()
ROOT = Path(__file__).resolve().parent.parent

# A smuggler trades like a merchant, is rigged to work to windward, talked of three times as
# much, fights as a privateer, and sets on a captain England counts a pirate.
SMUGGLER = ShipKind(
    name="smuggler",
    muster=Muster.TRADING_PORTS,
    work=Work.TRADE,
    arrival=Arrival.REST,
    hostility=Hostility.ENGLAND_WANTS_YOU,
    warship=False,
    rig=WEATHERLY,
    talk=3,
    target="privateer",
    rest=Rest("merchant_rest_min", "merchant_rest_max"),
)


def toy(**changes: object) -> ShipKind:
    return dataclasses.replace(SMUGGLER, **changes)  # type: ignore[arg-type]


def nation(key: str) -> int:
    return WORLD.nations.index(key)


def of_kind(state: WorldState, kind: int) -> list[int]:
    return [s for s, k in enumerate(state.ships["kind"]) if k == kind]


# --- the Privateer design document's rows ---------------------------------------------------------


def test_seed_000s_rows_are_the_seeds_kinds_in_their_saved_order() -> None:
    assert tuple(SHIP_KINDS) == (
        "merchant", "treasure_fleet", "guard_ship", "armada", "privateer", "hunter", "corsair",
        "sea_monster",
    )  # fmt: skip
    assert {k.name for k in KINDS if k.warship} == {"guard_ship", "armada", "hunter"}
    assert {k.name for k in KINDS if k.rig == WEATHERLY} == {
        "guard_ship", "privateer", "hunter", "corsair"
    }  # fmt: skip
    assert [k.talk for k in KINDS] == [1, 5, 1, 1, 1, 1, 1, 1]
    assert {k.name for k in KINDS if k.hunt} == {
        "guard_ship", "armada", "privateer", "hunter", "corsair"
    }  # fmt: skip
    assert [k.name for k in KINDS if k.hunt and k.hunt.word_out_only] == ["corsair"]
    assert [k.name for k in KINDS if k.hunt and k.hunt.on_sight] == ["armada"]
    assert [k.name for k in KINDS if k.keeps_out] == ["guard_ship"]
    assert [k.name for k in KINDS if not k.flagged] == ["sea_monster"]


def test_every_target_is_one_the_card_engine_fights() -> None:
    from privateer.engine.fight.ships import TARGETS

    assert all(k.target in TARGETS for k in KINDS)


def test_the_muster_gives_each_ship_her_rows_rig() -> None:
    state, _ = create_world(WORLD, 3)
    assert state.ships["rig"].tolist() == [KINDS[k].rig for k in state.ships["kind"]]
    assert {KINDS[k].rig for k in state.ships["kind"]} == {SQUARE, WEATHERLY}


# --- the registry ---------------------------------------------------------------------------


def test_a_kind_registered_is_the_last_and_goes_again_even_on_an_error() -> None:
    with pytest.raises(RuntimeError), registered(SMUGGLER) as index:
        assert index == len(KINDS) - 1 == 8 and kind_index("smuggler") == 8
        assert SHIP_KINDS[index] == "smuggler" and "smuggler" in SHIP_KINDS
        raise RuntimeError
    assert len(KINDS) == len(SHIP_KINDS) == 8 and "smuggler" not in SHIP_KINDS
    with pytest.raises(ValueError, match="no ship kind 'smuggler'"):
        kind_index("smuggler")


@pytest.mark.parametrize(
    ("row", "why"),
    [
        (toy(name="merchant"), "there already"),
        (toy(name="two words"), "letters"),
        (toy(rig=2), "rig"),
        (toy(rest=Rest("merchant_rest_days")), "merchant_rest_days"),
        (toy(rest=Rest("search_share")), "search_share"),  # a float: no days
        (toy(rest=None), "give rest"),
        (toy(work=Work.CRUISE), "station"),
        (toy(muster=Muster.STATIONS, station=Station(None, "guard_range_days")), "role"),
        (toy(hunt=Hunt(Hostility.ALWAYS, "hunter_days")), "hunter_days"),
        (toy(work=Work.COURSE), "course"),
    ],
)
def test_a_row_the_world_could_not_sail_is_refused(row: ShipKind, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        register_kind(row)
    assert len(KINDS) == 8


def test_only_the_last_kind_can_go() -> None:
    with pytest.raises(ValueError, match="only the last"):
        unregister_kind("sea_monster")
    with (
        registered(SMUGGLER),
        registered(toy(name="wrecker")),
        pytest.raises(ValueError, match="only the last"),
    ):
        unregister_kind("smuggler")
    assert len(KINDS) == 8


# --- a toy kind through the registry alone ---------------------------------------------------


def test_a_toy_kind_is_mustered_works_is_talked_of_and_saved() -> None:
    plain, _ = create_world(WORLD, 4)
    with registered(SMUGGLER) as smuggler:
        state, _ = create_world(WORLD, 4)
        ours = of_kind(state, smuggler)
        # mustered last, one at every trading port, so no earlier ship moves
        assert ours == list(range(plain.ship_count, state.ship_count))
        homes = [state.ships["home"][s] for s in of_kind(state, MERCHANT)]
        assert [state.ships["home"][s] for s in ours] == homes
        assert all(state.ships[c][: plain.ship_count] == plain.ships[c] for c in plain.ships)
        assert {state.ships["rig"][s] for s in ours} == {WEATHERLY}
        # worked like a merchant: to ports within a merchant's range of home, voyages made
        bound = set()
        for _ in range(90):
            advance(WORLD, state)
            for s in ours:
                if state.ships["task"][s] == SAILING and state.ships["dest"][s] >= 0:
                    bound.add((state.ships["home"][s], state.ships["dest"][s]))
        port_of = {p.node: i for i, p in enumerate(WORLD.ports)}
        assert bound and all(
            0 < WORLD.port_hops[home][port_of[dest]] <= SEED_000.merchant_range_days
            for home, dest in bound
        )
        assert state.voyages[smuggler] > 0
        assert summary(WORLD, state, [])["voyages_completed"]["smuggler"] == state.voyages[-1]
        assert "ships_at_sea" in observe(WORLD, state)
        # talked of three times a merchant, at the same place
        merchant = of_kind(state, MERCHANT)[0]
        for column in state.ships:
            state.ships[column][ours[0]] = state.ships[column][merchant]
        state.ships["kind"][ours[0]] = smuggler
        state.wakes[ours[0]] = list(state.wakes[merchant])
        near = int(state.wakes[merchant][state.day % 13])
        ships, weights, _ = _talk(WORLD, state, near, 30, 12)
        assert weights[ships.index(ours[0])] == 3 * weights[ships.index(merchant)]
        for _ in range(5):
            stand_a_round(WORLD, state, SEED_000, 4)
        # saved and read back while she is in the table, refused once she is not
        saved = state.to_dict()
        assert WorldState.from_dict(saved, WORLD).state_hash() == state.state_hash()
    with pytest.raises(ValueError, match="voyages must have 8 items, not 9"):
        WorldState.from_dict(saved, WORLD)


def test_a_toy_kind_is_rumored_bound_described_hostile_fought_and_drawn() -> None:
    with registered(SMUGGLER) as smuggler:
        state = quiet_voyage(seed=5)
        ws = state.world
        ship = put_ship(state, smuggler, "portugal", 40)
        # rumors: bound where a merchant would be, sailing as she is rigged
        rumor = Rumor(smuggler, nation("portugal"), 40, ws.day, 900, "bar", ship)
        as_merchant = dataclasses.replace(rumor, kind=MERCHANT)
        assert destinations(WORLD, ws, SEED_000, rumor) == destinations(
            WORLD, ws, SEED_000, as_merchant
        )
        assert rig_of(smuggler) == WEATHERLY
        np.testing.assert_array_equal(
            lingering(WORLD, SEED_000, smuggler), lingering(WORLD, SEED_000, MERCHANT)
        )
        masks = [np.ones(WORLD.n, dtype=bool)] * 4
        assert abs(cloud(WORLD, ws, SEED_000, rumor, ws.day + 4, masks).sum() - 1.0) < 1e-9
        assert describe(WORLD, rumor, ws.day)["ship_kind"] == "smuggler"
        # hostile to a pirate only, and fought as her row's target
        assert not hostile(WORLD, state, ship)
        wars.turn_pirate(WORLD, ws, SEED_000)
        assert hostile(WORLD, state, ship)
        assert describe_ship(WORLD, state, ship)["kind"] == "smuggler"
        assert target_of(state, ship) == "privateer"
        # drawn: in sight as her row's warship says, and her rumor's ring named
        state.port, state.node = -1, 40
        state.rumors.append(rumor.to_list())
        picture = seen_picture(WORLD, state, 0)
        assert (WORLD.nations[nation("portugal")], 40, False) in picture.in_sight
        assert any("smuggler" in ring.label for ring in picture.rumors)
    with registered(toy(name="cutter", warship=True)) as cutter:
        state = quiet_voyage(seed=5)
        put_ship(state, cutter, "portugal", 40)
        state.port, state.node = -1, 40
        assert ("portugal", 40, True) in seen_picture(WORLD, state, 0).in_sight


# --- each column drives what it says ---------------------------------------------------------

# Whether she sets on you: at peace with no grudge; her nation at war with England; her nation
# wanting you; England wanting you.
SETS_ON = {
    Hostility.NEVER: (False, False, False, False),
    Hostility.ALWAYS: (True, True, True, True),
    Hostility.ENEMY: (False, True, False, False),
    Hostility.WANTED: (False, False, True, False),
    Hostility.ENEMY_OR_WANTED: (False, True, True, False),
    Hostility.ENGLAND_WANTS_YOU: (False, False, False, True),
}


@pytest.mark.parametrize("hostility", list(Hostility))
def test_a_kinds_hostility_decides_whether_she_attacks_and_her_hunt_whether_she_comes(
    hostility: Hostility,
) -> None:
    row = toy(hostility=hostility, hunt=Hunt(hostility, "hunter_range_days"))
    with registered(row) as kind:
        attacks, comes = [], []
        for case in range(4):
            state = quiet_voyage(seed=6)
            ws = state.world
            portugal, england = nation("portugal"), nation("england")
            ws.wars = [p for p in ws.wars if portugal not in p]
            if case == 1:
                wars.declare_war(WORLD, ws, england, portugal, "test")
            if case == 2:
                ws.standing[portugal] = -1
            if case == 3:
                ws.standing[england] = -3
            ship = put_ship(state, kind, "portugal", 40)
            attacks.append(hostile(WORLD, state, ship))
            comes.append(pursuit.reach(WORLD, ws, SEED_000, ship))
        assert tuple(attacks) == SETS_ON[hostility]
        assert comes == [SEED_000.hunter_range_days if on else -1 for on in SETS_ON[hostility]]


def test_an_alarmed_hunt_comes_the_alarms_times_as_far() -> None:
    with registered(toy(hunt=Hunt(Hostility.ALWAYS, "guard_range_days", alarmed=True))) as kind:
        state, _ = create_world(WORLD, 1)
        ship = of_kind(state, kind)[0]
        assert pursuit.reach(WORLD, state, SEED_000, ship) == SEED_000.guard_range_days
        flag = state.ships["flag"][ship]
        town = next(i for i, p in enumerate(WORLD.ports) if p.nation == flag)
        state.alarm_until[town] = state.day + 30
        far = SEED_000.guard_range_days * SEED_000.alarm_reach_factor
        assert pursuit.reach(WORLD, state, SEED_000, ship) == far
    assert pursuit.reach(WORLD, state, SEED_000, of_kind(state, GUARD)[0]) == -1  # at peace


@pytest.mark.parametrize(("talk", "rig"), [(0, SQUARE), (7, WEATHERLY)])
def test_a_kinds_talk_weighs_her_in_the_bar_and_her_rig_sails_her_cloud(
    talk: int, rig: int
) -> None:
    with registered(toy(talk=talk, rig=rig)) as kind:
        state, _ = create_world(WORLD, 2)
        merchant, ship = of_kind(state, MERCHANT)[0], of_kind(state, kind)[0]
        assert state.ships["rig"][ship] == rig_of(kind) == rig
        for column in state.ships:
            if column != "kind":
                state.ships[column][ship] = state.ships[column][merchant]
        state.wakes[ship] = list(state.wakes[merchant])
        ships, weights, _ = _talk(WORLD, state, WORLD.ports[0].node, 30, 12)
        assert weights[ships.index(ship)] == talk * weights[ships.index(merchant)]


def test_a_kinds_station_says_where_a_rumor_of_her_is_bound() -> None:
    havana = next(p for p in WORLD.ports if p.name == "Havana")
    row = toy(
        work=Work.CRUISE,
        arrival=Arrival.BEAT,
        station=Station("privateer_base", "guard_range_days"),
    )
    with registered(row) as kind:
        state, _ = create_world(WORLD, 1)
        rumor = Rumor(kind, havana.nation, havana.node + 1, 0, 900, "bar", 0)
        assert destinations(WORLD, state, SEED_000, rumor) == [(havana.node, 1.0)]
        state.player_node = havana.node - 2  # within her station's reach: bound for you
        assert destinations(WORLD, state, SEED_000, rumor) == [(havana.node - 2, 1.0)]


def test_a_kind_that_keeps_out_is_driven_off_and_one_that_does_not_is_let_be() -> None:
    for keeps_out in (True, False):
        with registered(toy(keeps_out=keeps_out)) as kind:
            state, _ = create_world(WORLD, 1)
            ship = of_kind(state, kind)[0]
            foreign = next(
                n
                for n in range(WORLD.n)
                if WORLD.water_nation[n] not in (-1, state.ships["flag"][ship])
            )
            state.ships["node"][ship] = foreign
            events = _drive_off(WORLD, state, SEED_000, state.day)
            assert any(e.kind == "driven_off" for e in events) == keeps_out


def test_a_kinds_rest_is_how_long_she_lies_and_how_long_a_rumor_lingers() -> None:
    with registered(toy(rest=Rest("treasure_rest_days"))) as kind:
        linger = lingering(WORLD, SEED_000, kind)
        assert linger[WORLD.ports[0].node] == 1.0 - 1.0 / SEED_000.treasure_rest_days
        assert linger[WORLD.n - 1] == 0.0  # at sea she sails on
        state, _ = create_world(WORLD, 1)
        ship = of_kind(state, kind)[0]
        assert state.ships["until"][ship] == SEED_000.treasure_rest_days  # first days in port
        while state.ships["task"][ship] != SAILING:
            advance(WORLD, state)
        while state.ships["task"][ship] == SAILING:
            advance(WORLD, state)
        assert state.ships["until"][ship] == state.day + SEED_000.treasure_rest_days


# --- the World's caches --------------------------------------------------------------------


def test_no_untyped_cache_is_left_on_the_world() -> None:
    assert "_cache" not in {f.name for f in dataclasses.fields(World)}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        text = path.read_text()
        assert "_cache" not in text.replace("lru_cache", "").replace("base_cache", "").replace(
            "score_cache", ""
        ), path
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Assert) and "isinstance" in ast.unparse(node.test):
                assert "cache" not in ast.unparse(node.test), (path, node.lineno)


def test_hops_are_kept_to_their_budget_and_the_same_when_worked_out_again() -> None:
    world = synthetic_world()
    first = [world.hops_from([n]).copy() for n in range(world.n)]
    assert len(world.memo(HOPS)) == world.n  # the synthetic sea's all fit
    assert BUDGETS["hops"] // (19_202 * 2) >= 1_024  # the real world's, int16: as many as before
    small = dataclasses.replace(world)
    small.memo(HOPS).budget = 5 * (first[0].nbytes + ENTRY_BYTES)
    for n in (0, 1, 2, 3, 4, 5, 6, 0, 7, 1):
        np.testing.assert_array_equal(small.hops_from([n]), first[n])
    assert len(small.memo(HOPS)) == 5
    assert small.memo(HOPS).held <= small.memo(HOPS).budget
