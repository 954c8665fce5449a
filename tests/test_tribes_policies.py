"""The built-in policies of part 2 (the Tribes design document: "policies that fight": a militarist,
a trader and a builder, so a run has wars, sieges, trades and threats): they give only orders open
when given and read only their tribe's view; a small four-tribe run with them has battles, trades
and threat camps and replays the same; `tribes run --json` counts them; the scripted format takes
every order, part 2's included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.cli.tribes.run import tribe_counts, world_counts
from privateer.engine.events import Event
from privateer.engine.tribes.orders import VERBS, parse_order
from privateer.engine.tribes.policy.named import POLICIES, POLICY_EVERY, policy_from_json
from privateer.engine.tribes.policy.sight import ring_points
from privateer.engine.tribes.policy.war import WAR_FROM
from privateer.engine.tribes.rulings import apply_order
from privateer.engine.tribes.setup import new_world
from privateer.engine.tribes.state import TribesState, Warband
from privateer.engine.tribes.step import step
from privateer.engine.tribes.view import view_for

NEW = ("militarist", "trader", "builder", "grower")  # tribe t plays NEW[t]
DATA = Path(__file__).resolve().parents[1] / "data" / "tribes"
TICKS = 800  # the militarist makes war from tick 600 (WAR_FROM): 200 ticks of it


class Run:
    """A 4-tribe 32x32 run of the new policies, every consultation's orders checked open."""

    def __init__(self, seed: int) -> None:
        self.state = new_world(seed, 4, 32, TICKS)
        self.events: list[Event] = []
        self.refused: list[tuple[str, int, str]] = []
        self.middle: TribesState | None = None
        state = self.state
        recent: list[Event] = []
        while state.result is None:
            if state.tick % POLICY_EVERY == 0:
                if state.tick == WAR_FROM + 50:
                    self.middle = state.copy()
                self.consult(recent)
                recent = []
            told = step(state)
            recent += told
            self.events += told

    def consult(self, recent: list[Event]) -> None:
        state = self.state
        trial = state.copy()  # phase 1 applies them in order: so does the trial
        for tribe in state.tribes:
            if not tribe.alive:
                continue
            name = NEW[tribe.id]
            for text in POLICIES[name](view_for(state, tribe.id, recent)):
                if not apply_order(trial, tribe.id, parse_order(text), []):
                    self.refused.append((name, state.tick, text))
                state.orders.append((tribe.id, text))


@pytest.fixture(scope="module")
def run() -> Run:
    return Run(7)


def test_the_new_policies_give_only_open_orders(run: Run) -> None:
    assert run.refused == []
    assert run.state.tick == TICKS


def test_a_small_run_has_battles_trades_and_threat_camps(run: Run) -> None:
    counts = world_counts(run.events)
    assert counts["battles"] >= 1, counts
    assert counts["trades"] >= 1, counts
    assert counts["camps"] >= 1, counts
    by_tribe = tribe_counts(run.events, 4)
    assert by_tribe[0]["battles"] >= 1  # the militarist fought
    assert by_tribe[1]["trades"] >= 1  # the trader traded
    mustered = [e for e in run.events if e.kind == "mustered"]
    assert mustered and all(e.data["tribe"] == 0 for e in mustered)  # only the militarist arms
    stances = [e for e in run.events if e.kind == "stance"]
    assert all(e.data["tribe"] == 0 and e.round >= WAR_FROM for e in stances)  # war from 600


def test_the_run_is_deterministic(run: Run) -> None:
    again = Run(7)
    assert again.state.state_hash() == run.state.state_hash()
    assert [tuple(e) for e in again.events] == [tuple(e) for e in run.events]


def test_policies_read_only_their_view(run: Run) -> None:
    """What a tribe cannot see (the PRNG, other tribes' stores, techs, faith and warbands out
    of sight) changes neither its view nor its orders; the state is not touched."""
    assert run.middle is not None
    state = run.middle
    hidden = state.copy()
    hidden.rng ^= 0x5A5A5A5A
    for tribe in hidden.tribes[1:]:
        tribe.techs = []
        tribe.faith = 12345
    for settlement in hidden.settlements:
        if settlement.tribe != 0:
            settlement.stores = dict.fromkeys(settlement.stores, 7)
    hidden.warbands.append(Warband(hidden.new_id(), 3, 1, 1, 3, 50, 0, False, 0))
    before = state.state_hash()
    for name in ("militarist", "trader", "builder"):
        policy = POLICIES[name]
        seen, other = view_for(state, 0), view_for(hidden, 0)
        assert seen == other
        assert policy(seen) == policy(other), name
    assert state.state_hash() == before


def _bare_view(state: TribesState, band_size: int) -> dict[str, Any]:
    """Tribe 0's view at tick 600 with one field band at home and no foreign thing in sight."""
    state.tick = WAR_FROM
    home = state.settlements_of(0)[0]
    state.warbands = [Warband(90, 0, home.x, home.y, home.id, band_size, 0, False, 3 * band_size)]
    view = view_for(state, 0)
    view["others"], view["foreign_warbands"], view["camps"] = [], [], []
    return view


def test_the_militarist_scouts_then_raids_or_besieges_what_it_sees() -> None:
    state = new_world(7, 4, 32, 1000)
    view = _bare_view(state, 80)
    orders = POLICIES["militarist"](view)
    marches = [o for o in orders if o.startswith("warband 90 march")]
    assert len(marches) == 1  # nothing in sight: it scouts a ring point (the spawns' circle)
    x, y = (int(w) for w in marches[0].split()[3:])
    assert (x, y) in ring_points(view)
    # a town of 500 (under BESIEGE_POP) of tribe 2 in sight: hostile, then besieged by 80
    view = _bare_view(state, 80)
    town = {"id": 2, "tribe": 2, "name": "Crane", "x": 16, "y": 20, "tier": 2, "pop": 500}
    view["others"] = [town]
    orders = POLICIES["militarist"](view)
    assert "stance 2 hostile" in orders and "warband 90 besiege 2" in orders
    # a city of 1500: raided, not besieged (the seed's militia pop/10 would not hold it)
    view = _bare_view(state, 80)
    view["others"] = [{**town, "pop": 1500, "tier": 3}]
    orders = POLICIES["militarist"](view)
    assert "warband 90 raid 2" in orders and "warband 90 besiege 2" not in orders
    # a threat camp within 18 of home comes first: the band marches onto it
    view = _bare_view(state, 80)
    home = view["settlements"][0]
    view["others"] = [town]
    view["camps"] = [{"id": 50, "kind": "goblin_camp", "x": home["x"], "y": home["y"] - 10,
                      "strength": 30}]  # fmt: skip
    orders = POLICIES["militarist"](view)
    assert f"warband 90 march {home['x']} {home['y'] - 10}" in orders


def test_the_trader_answers_an_offer_in_view_and_keeps_stances_neutral() -> None:
    state = new_world(7, 4, 32, 1000)
    state.tribes[1].stances[3] = "hostile"
    state.settlements_of(1)[0].stores["grain"] = 5000
    view = view_for(state, 1)
    # tribe 3 offers 40 timber for 20 grain: the trader, with 5000 grain over its keep of
    # 2 x 1200 (100 ticks of food), offers back exactly
    offer = {"id": 77, "tribe": 3, "give": "timber", "give_n": 40, "want": "grain"}
    view["foreign_offers"] = [{**offer, "want_n": 20, "to": -1, "repeat": False}]
    orders = POLICIES["trader"](view)
    assert "stance 3 neutral" in orders
    assert "offer 20 grain for 40 timber to 3" in orders  # 20 x 40 >= 40 x 20: they cross


def test_the_builder_walls_its_town_and_advances_when_it_can() -> None:
    state = new_world(7, 4, 32, 1000)
    home = state.settlements_of(2)[0]
    home.stores.update(grain=2000, timber=1200, hides=150)
    orders = POLICIES["builder"](view_for(state, 2))
    assert f"build {home.id} walls" in orders  # walls L1: 80 timber, 120 kept in reserve
    assert "advance" in orders  # the settled age's burn: 800 grain, 400 timber, 100 hides
    home.stores.update(hides=99)
    assert "advance" not in POLICIES["builder"](view_for(state, 2))


def test_the_scripted_format_takes_every_order() -> None:
    texts = ["allocate farmer=400", "allocate @0 farmer=500", "build 0 house 2",
             "demolish 0 house", "rations 1000", "ale 200", "craft mill 300",
             "smithy tools=500 weapons=500", "slaughter 25", "research milling",
             "rite blessing 0", "rite warding", "rite war 4", "found 20 20 100",
             "muster 0 40", "muster 0 40 cavalry", "warband 4 garrison 0",
             "warband 4 patrol 10 10", "warband 4 march 10 10", "warband 4 raid 1",
             "warband 4 raid caravan 9", "warband 4 besiege 1", "warband 4 escort 9",
             "warband 4 disband", "route 0 5 grain 200", "offer 100 grain for 10 tools",
             "offer 100 stone for 25 coin peddler repeat", "offer 10 tools for 90 grain to 2",
             "withdraw 3", "stance 1 hostile", "advance"]  # fmt: skip
    assert {parse_order(t).verb for t in texts} == set(VERBS)
    policy = policy_from_json(json.dumps({"policy": "scripted", "orders": {"10": texts}}))
    assert policy({"tick": 10}) == texts
    war = json.loads((DATA / "war_policy.json").read_text(encoding="utf-8"))
    policy_from_json(json.dumps(war))  # parses, part 2's orders and all
    verbs = {parse_order(t).verb for texts in war["orders"].values() for t in texts}
    assert {"muster", "warband", "stance", "offer", "withdraw", "advance"} <= verbs


def test_tribes_run_json_counts_the_war_and_the_trade() -> None:
    runner = CliRunner()
    args = ["tribes", "run", "--tribes", "4", "--size", "32", "--ticks", "60", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    for row in out["tribes"]:
        for key in ("battles", "sieges", "captures", "raids", "trades", "warbands", "age"):
            assert isinstance(row[key], int), key
        assert isinstance(row["counters"], dict)
    world = out["world"]
    for key in ("battles", "sieges", "captures", "raids", "threat_raids", "trades", "camps"):
        assert isinstance(world[key], int), key
    assert sum(r["trades"] for r in out["tribes"]) >= world["trades"]  # each trade's sides
    text = runner.invoke(app, ["tribes", "run", "--help"]).stdout
    assert "militarist" in text and "trader" in text and "builder" in text
