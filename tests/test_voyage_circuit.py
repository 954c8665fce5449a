"""Drake's circuit (the drake rules), rule by rule, on the synthetic sea given a route of its
own: his places touched only in his order and only within reach; the win wants every place,
home and the gold; his commission makes Spain fair game; the captain sails for the next place;
the state, the sheet, the play screen, the summary and the chart's marks; and rules without
the circuit as they were."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator

import numpy as np
import pytest

from privateer.cli.voyage import screen as voyage_screen
from privateer.cli.voyage.render import circuit_lines, voyage_line
from privateer.engine.events import Event
from privateer.engine.voyage import circuit, letters
from privateer.engine.voyage.actions import Course, VoyageAction
from privateer.engine.voyage.captain import CAPTAIN
from privateer.engine.voyage.game import VoyageGame, act, create_voyage, observe
from privateer.engine.voyage.rules import DRAKE, find_voyage_rules
from privateer.engine.voyage.sim import RunResult, summarise
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.state import LAID_UP
from privateer.pipeline.chart.runs import voyage_picture
from tests.voyage_fixtures import Unsaved
from tests.world_fixtures import COLS, synthetic_world


def node(c: int, r: int) -> int:
    return r * COLS + c


# His route on the synthetic sea: out of Plymouth (0, 0), east to the cape (11, 3), south-west
# to the isle (6, 7), and home to Plymouth.
PLACES = (("Plymouth", node(0, 0)), ("the Cape", node(11, 3)), ("the Isle", node(6, 7)))
ROUTE = [n for _, n in PLACES] + [node(0, 0)]
WORLD = dataclasses.replace(
    synthetic_world(),
    drake=np.array(ROUTE, dtype=np.int32),
    drake_places=((0, "Plymouth"), (1, "the Cape"), (2, "the Isle"), (3, "Plymouth")),
)


def voyage(seed: int = 1, rules: str = "drake") -> VoyageState:
    """A voyage in Plymouth by `rules` with every ship of the world laid up."""
    state, _ = create_voyage(WORLD, seed, find_voyage_rules(rules))
    ships = state.world.ships
    for ship in range(len(ships["kind"])):
        ships["task"][ship] = LAID_UP
        ships["until"][ship] = 100_000
        ships["leg"][ship] = -1
    return state


def sail_to(state: VoyageState, to: int) -> list[Event]:
    """Course for `to` and sail till she is there (a question answered with its first
    choice); the events."""
    events = act(WORLD, state, VoyageAction.from_str(f"course {to}"))
    while state.node != to and not state.over:
        text = "choose 0" if state.pending is not None else "sail"
        events += act(WORLD, state, VoyageAction.from_str(text))
    return events


def touched(events: list[Event]) -> list[str]:
    return [e.data["place"] for e in events if e.kind == "touched"]


def test_a_drake_run_opens_at_his_first_place_touched() -> None:
    state, events = create_voyage(WORLD, 1, DRAKE)
    assert state.circuit is not None
    assert state.circuit.places == 4 and state.circuit.touched == [0]
    assert touched(events) == ["Plymouth"]
    assert state.ship == "frigate" and state.last_day == 1_100
    assert state.circuit.licence == WORLD.nation("spain")


def test_places_count_only_in_his_order() -> None:
    state = voyage()
    assert touched(sail_to(state, node(6, 7))) == []  # the isle before the cape: nothing
    assert state.circuit is not None and state.circuit.touched == [0]
    assert touched(sail_to(state, node(11, 3))) == ["the Cape"]
    assert touched(sail_to(state, node(6, 7))) == ["the Isle"]
    assert state.circuit.next == 3 and not state.circuit.made


def test_a_place_is_touched_within_reach_and_not_beyond() -> None:
    steps = DRAKE.circuit_touch_steps
    far = voyage()
    sail_to(far, node(11 - steps - 1, 3))  # a step beyond reach of the cape
    assert far.circuit is not None and far.circuit.next == 1
    near = voyage()
    events = sail_to(near, node(11 - steps, 3))  # just within reach: touched, not put in at
    assert touched(events) == ["the Cape"]
    (event,) = [e for e in events if e.kind == "touched"]
    assert event.data == {
        "place": "the Cape",
        "order": 1,
        "of": 4,
        "node": node(11, 3),
        "stop": True,
    }
    assert voyage_line(event) == f"day {event.round}: Drake's place touched: the Cape (2 of 4)"


def test_the_win_wants_every_place_home_and_the_gold() -> None:
    # the gold, home, but the circuit not made: no win
    short = voyage()
    short.gold = DRAKE.goal_gold
    sail_to(short, node(2, 0))
    sail_to(short, node(0, 0))
    assert short.port == 0 and not short.over
    # the circuit made and home, but short of the gold: no win
    poor = voyage()
    for place in (node(11, 3), node(6, 7)):
        sail_to(poor, place)
    poor.gold = DRAKE.goal_gold - 1
    sail_to(poor, node(0, 0))
    assert poor.circuit is not None and poor.circuit.made and not poor.over
    # all of it: won, and the win says the circuit was made
    rich = voyage()
    for place in (node(11, 3), node(6, 7)):
        sail_to(rich, place)
    rich.gold = DRAKE.goal_gold
    events = sail_to(rich, node(0, 0))
    assert touched(events) == ["Plymouth"] and rich.outcome == "won"
    (won,) = [e for e in events if e.kind == "won"]
    assert won.data["circuit"] == 4
    assert voyage_line(won) == (
        f"day {won.round}: home with {rich.gold} gold: the run is won, Drake's circuit made "
        "(4 places)"
    )


def test_his_commission_makes_spain_fair_game() -> None:
    state = voyage()
    assert letters.licensed(state, WORLD.nation("spain"))
    assert not letters.licensed(state, WORLD.nation("france"))
    assert not letters.licensed(voyage(rules="lookout"), WORLD.nation("spain"))


def test_rules_without_the_circuit_keep_no_state_and_win_as_they_did() -> None:
    for name in ("classic", "dilemmas", "late", "lookout", "full"):
        state, events = create_voyage(WORLD, 1, find_voyage_rules(name))
        assert state.circuit is None and "circuit" not in state.to_dict()
        assert "circuit" not in observe(WORLD, state) and touched(events) == []
    classic = voyage(rules="classic")
    classic.gold = 150
    sail_to(classic, node(1, 0))  # London
    assert classic.outcome == "won"
    assert "circuit" not in (classic.to_dict())


def test_the_circuit_saves_and_reads_back_and_an_old_save_reads_as_it_was() -> None:
    state = voyage()
    sail_to(state, node(11, 3))
    saved = state.to_dict()
    assert saved["circuit"] == {"places": 4, "touched": [0, state.circuit.touched[1]], "licence": 7}  # type: ignore[union-attr]
    again = VoyageState.from_dict(saved, WORLD)
    assert again.state_hash() == state.state_hash() and again.circuit == state.circuit
    plain = voyage(rules="lookout")
    data = plain.to_dict()
    assert VoyageState.from_dict(data, WORLD).circuit is None
    assert VoyageState.from_dict(data, WORLD).state_hash() == plain.state_hash()
    for bad in (
        {"places": 1, "touched": [0, 3], "licence": -1},
        {"places": 4, "touched": [5, 3], "licence": -1},
    ):
        with pytest.raises(ValueError, match="touched"):
            VoyageState.from_dict({**saved, "circuit": bad}, WORLD)


def test_observe_and_the_circuit_sheet() -> None:
    state = voyage()
    sheet = observe(WORLD, state)["circuit"]
    assert sheet["done"] == 1 and sheet["of"] == 4
    days = [int(WORLD.hops_from([b])[a]) for a, b in itertools.pairwise(ROUTE)]
    assert sheet["next"] == {"place": "the Cape", "node": node(11, 3), "days": days[0]}
    assert sheet["touched"] == [{"place": "Plymouth", "day": 0}]
    assert sheet["days_to_finish"] == sum(days)  # to the cape, the isle and home
    lines = circuit_lines(observe(WORLD, state))
    assert lines[0] == "  Drake's places touched: 1 of 4"
    assert "next: the Cape" in lines[1]


def test_play_shows_the_circuit(capsys: pytest.CaptureFixture[str]) -> None:
    state = voyage()
    session = Unsaved(VoyageGame(WORLD, DRAKE), state)
    feed: Iterator[str] = iter(["circuit", "help drake", "quit"])
    voyage_screen.run(session, lambda: next(feed) + "\n")  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert "; Drake 1/4 next the Cape] >" in out
    assert "Drake's places touched: 1 of 4" in out
    assert "out of order it does not count" in out


def test_the_captain_sails_for_the_next_place() -> None:
    """With no days to spare for a prize on the way, straight for the next place."""
    captain = dataclasses.replace(CAPTAIN, circuit_reserve=100.0)
    state = voyage()
    game = VoyageGame(WORLD, DRAKE)
    while state.port >= 0:  # what it does in port first (hire, buy a round), then away
        action = captain.choose(game, state)
        if isinstance(action, Course):
            break
        game.act(state, action)
    assert action == Course(node(11, 3))
    sail_to(state, node(11, 3))
    state.course = -1
    assert captain.choose(game, state) == Course(node(6, 7))


def test_the_captain_turns_aside_only_on_the_way_and_with_days_to_spare() -> None:
    state = voyage()
    cape = node(11, 3)
    state.port, state.node = -1, node(5, 3)
    ahead, behind = node(8, 3), node(2, 3)
    assert circuit.heading(WORLD, state, [], ahead, 0.25, 40) == ahead
    assert circuit.heading(WORLD, state, [], behind, 0.25, 40) == cape  # not on the way
    assert circuit.heading(WORLD, state, [behind], -1, 0.25, 40) == behind  # a stop: to mend
    state.last_day = state.day + circuit.days_to_finish(WORLD, state) + 2  # no days to spare
    assert circuit.heading(WORLD, state, [behind], ahead, 0.25, 40) == cape


def test_the_summary_says_how_far_round_the_runs_got() -> None:
    runs = []
    for outcome, cause, done in (("won", "", 4), ("sunk", "armada", 2), ("sunk", "storm", 2)):
        state = voyage()
        state.outcome, state.cause = outcome, cause
        assert state.circuit is not None
        state.circuit.touched = list(range(done))
        runs.append(RunResult.of(state))
    summary = summarise(runs)
    assert summary["circuit_made"] == 1 and summary["circuit_made_won"] == 1
    assert summary["circuit_touched"] == {"2": 2, "4": 1}
    assert summary["circuit_sunk_before"] == {"3": {"armada": 1, "storm": 1}}
    assert "circuit_made" not in summarise([RunResult.of(voyage(rules="lookout"))])


def test_the_chart_of_a_drake_run_marks_his_places_and_draws_his_route() -> None:
    events = [
        (0, "voyage_start", {"node": 0}),
        (0, "touched", {"place": "Plymouth", "order": 0, "of": 4, "node": 0, "stop": True}),
        (3, "sailed", {"node": 3}),
        (3, "touched", {"place": "the Cape", "order": 1, "of": 4, "node": 35, "stop": True}),
    ]
    run = {"run_id": 7, "seed": 1, "options": {"rules": "drake"}, "outcome": "sunk"}
    picture = voyage_picture(run, events, {0: "Plymouth"})
    drake = [m for m in picture.marks if m.kind == "drake"]
    assert [(m.node, m.label) for m in drake] == [
        (0, "day 0: Plymouth (1 of 4)"),
        (35, "day 3: the Cape (2 of 4)"),
    ]
    assert picture.circuit
    plain = voyage_picture({**run, "options": {"rules": "full"}}, events[:1], {})
    assert not plain.circuit
