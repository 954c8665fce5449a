"""The rules of the open-water duel (engine/duel): hexes and arcs, the wind, movement and
drift, the guns, repair, fleeing, sinking and striking, the round limit, the state's
canonical form, and invariants over random play."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from privateer.engine.duel import (
    ALL_ACTIONS,
    BLUE,
    RED,
    DuelAction,
    DuelRules,
    DuelState,
    IllegalDuelAction,
    Sector,
    Termination,
    act,
    choose,
    create_duel,
    current_side,
    legal_actions,
    observe,
    outcome,
    redact_event,
    why_illegal,
)
from privateer.engine.duel.hexes import (
    board,
    broadside_mask,
    distance,
    hex_name,
    neighbour,
    relative_sector,
    sector,
    to_axial,
    to_offset,
    turned,
)
from privateer.engine.duel.rules import (
    move_points,
    shot_damage,
    wind_modifier,
    wind_step,
)
from privateer.engine.rng import below

RULES = DuelRules()
E, SE, SW, W, NW, NE = range(6)
CENTRE = (10, 8)


def codes(state: DuelState) -> list[str]:
    return [a.to_str() for a in legal_actions(state)]


def play(state: DuelState, *texts: str) -> list[Any]:
    events = []
    for text in texts:
        events.extend(act(state, DuelAction(text)))
    return events


def line(cell: tuple[int, int], facing: int, steps: int) -> tuple[int, int]:
    for _ in range(steps):
        cell = neighbour(cell, facing)
    return cell


def rig(
    red: dict[str, Any] | None = None,
    blue: dict[str, Any] | None = None,
    wind: int = E,
    calm: bool = False,
    rules: DuelRules = RULES,
    mp: int | None = None,
    seed: int = 1,
) -> DuelState:
    """A duel in Red's first activation, with the ships and the wind set as given; Red's Move
    is worked out again from what was set, unless given."""
    state, _ = create_duel(seed, "steady", rules)
    for side, changes in ((RED, red), (BLUE, blue)):
        for key, value in (changes or {}).items():
            if key == "cell":
                state.ships[side].col, state.ships[side].row = value
            else:
                setattr(state.ships[side], key, value)
    state.wind, state.calm = wind, calm
    ship = state.ships[RED]
    state.mp = move_points(rules, ship.sails, ship.facing, wind, calm) if mp is None else mp
    return state


# --- hexes -------------------------------------------------------------------------------------


def test_offset_and_axial_round_trip_over_the_whole_board() -> None:
    grid = board(RULES.cols, RULES.rows)
    for row in range(RULES.rows):
        for col in range(RULES.cols):
            assert to_offset(*to_axial((col, row))) == (col, row)
            for facing in range(6):
                step = grid.step[grid.index((col, row)) * 6 + facing]
                there = neighbour((col, row), facing)
                assert step == (grid.index(there) if grid.on_board(there) else -1)
                assert distance((col, row), there) == 1


def test_the_six_neighbours_go_clockwise_from_east() -> None:
    assert [neighbour((10, 8), f) for f in range(6)] == [
        (11, 8),
        (10, 9),
        (9, 9),
        (9, 8),
        (9, 7),
        (10, 7),
    ]
    assert [neighbour((10, 7), f) for f in range(6)] == [
        (11, 7),
        (11, 8),
        (10, 8),
        (9, 7),
        (10, 6),
        (11, 6),
    ]
    assert hex_name((0, 0)) == "A1" and hex_name((23, 15)) == "X16"


def test_distance_is_the_number_of_steps() -> None:
    assert distance(CENTRE, line(CENTRE, NE, 5)) == 5
    assert distance(CENTRE, line(line(CENTRE, E, 3), SE, 2)) == 5
    assert distance(CENTRE, line(line(CENTRE, E, 3), SW, 2)) == 3


@pytest.mark.parametrize("facing", range(6))
def test_arcs_of_the_six_neighbours(facing: int) -> None:
    """Ahead is the bow, astern the stern; the four others are broadsides, starboard on the
    clockwise side."""
    bearing = {
        step: sector(CENTRE, facing, neighbour(CENTRE, turned(facing, step)))
        for step in range(-2, 4)
    }
    assert bearing == {
        0: Sector.BOW,
        1: Sector.STARBOARD,
        2: Sector.STARBOARD,
        3: Sector.STERN,
        -1: Sector.PORT,
        -2: Sector.PORT,
    }


def test_bow_and_stern_are_60_degree_wedges_and_their_edges_are_broadside() -> None:
    ahead = line(CENTRE, E, 3)
    assert sector(CENTRE, E, ahead) is Sector.BOW
    assert sector(CENTRE, E, neighbour(ahead, SE)) is Sector.BOW  # 3 ahead, 1 off the keel
    assert sector(CENTRE, E, neighbour(ahead, NE)) is Sector.BOW
    diagonal = neighbour(neighbour(CENTRE, E), SE)  # exactly 30 degrees off the bow
    assert sector(CENTRE, E, diagonal) is Sector.STARBOARD
    astern_diagonal = neighbour(neighbour(CENTRE, W), NW)
    assert sector(CENTRE, E, astern_diagonal) is Sector.PORT
    assert sector(CENTRE, E, line(CENTRE, W, 4)) is Sector.STERN


def test_the_vectorised_broadside_test_agrees_with_the_sectors() -> None:
    import numpy as np

    vectors = [(dq, dr) for dq in range(-7, 8) for dr in range(-7, 8) if (dq, dr) != (0, 0)]
    dq = np.asarray([v[0] for v in vectors] * 6, dtype=np.int64)
    dr = np.asarray([v[1] for v in vectors] * 6, dtype=np.int64)
    facing = np.repeat(np.arange(6, dtype=np.int64), len(vectors))
    mask = broadside_mask(dq, dr, facing)
    expected = [
        relative_sector(int(a), int(b), int(f)) in (Sector.PORT, Sector.STARBOARD)
        for a, b, f in zip(dq, dr, facing, strict=True)
    ]
    assert mask.tolist() == expected


def test_the_board_lets_ships_get_16_apart_and_the_starts_mirror_each_other() -> None:
    grid = board(RULES.cols, RULES.rows)
    assert grid.widest() >= RULES.flee_distance
    red, blue = RULES.red_start, RULES.blue_start
    assert (blue[0], blue[1]) == (RULES.cols - 1 - red[0], RULES.rows - 1 - red[1])
    assert blue[2] == turned(red[2], 3)
    assert distance(red[:2], blue[:2]) == 13
    with pytest.raises(ValueError, match="flee_distance 40 is out of reach"):
        DuelRules(flee_distance=40)


# --- the wind ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "expected"),
    [
        (1, (2, False, "hold")),
        (2, (2, False, "hold")),
        (3, (2, False, "hold")),
        (4, (3, False, "veer")),
        (5, (1, False, "back")),
        (6, (2, True, "calm")),
    ],
)
def test_wind_table_from_wind(roll: int, expected: tuple[int, bool, str]) -> None:
    assert wind_step(RULES, 2, False, roll) == expected


@pytest.mark.parametrize(
    ("roll", "expected"),
    [
        (1, (2, True, "still")),
        (2, (2, True, "still")),
        (3, (2, True, "still")),
        (4, (2, True, "still")),
        (5, (2, False, "return")),
        (6, (2, False, "return")),
    ],
)
def test_wind_table_from_calm_remembers_the_last_direction(
    roll: int, expected: tuple[int, bool, str]
) -> None:
    assert wind_step(RULES, 2, True, roll) == expected


def test_the_wind_wraps_round_the_compass() -> None:
    assert wind_step(RULES, NE, False, 4)[0] == E
    assert wind_step(RULES, E, False, 5)[0] == NE
    with pytest.raises(ValueError):
        wind_step(RULES, E, False, 7)


def test_each_round_rolls_the_wind_from_the_state_rng_and_says_so() -> None:
    state, events = create_duel(11, "bold")
    rng = state.rng
    assert [e.kind for e in events].count("wind") == 2  # the first wind, and round 1's roll
    later = play(state, "e", "e")  # Red, then Blue: round 2 begins
    rolls = [e for e in later if e.kind == "wind"]
    assert len(rolls) == 1 and rolls[0].round == 2
    face, _ = below(rng, 6)
    assert rolls[0].data["roll"] == face + 1


# --- movement ----------------------------------------------------------------------------------


@pytest.mark.parametrize("facing", range(6))
@pytest.mark.parametrize("wind", range(6))
def test_move_points_with_against_and_across_the_wind(facing: int, wind: int) -> None:
    expected = 4 + (1 if facing == wind else -1 if facing == (wind + 3) % 6 else 0)
    assert move_points(RULES, 4, facing, wind, False) == expected
    assert move_points(RULES, 4, facing, wind, True) == 4  # calm: no modifier
    assert wind_modifier(RULES, facing, wind, True) == 0


def test_move_points_never_below_zero_and_none_at_zero_sails() -> None:
    assert move_points(RULES, 1, W, E, False) == 0
    assert move_points(RULES, 0, E, E, False) == 0  # with the wind, but no sails


def test_an_activation_counts_sails_plus_the_wind_from_its_facing() -> None:
    for facing, expected in ((E, 5), (W, 3), (SE, 4)):
        state = rig(blue={"facing": facing}, wind=E)
        play(state, "e")  # Red's turn ends; Blue's begins (no new wind roll inside a round)
        assert current_side(state) == BLUE
        assert state.mp == expected


def test_moves_enter_ahead_or_forward_hexes_and_face_them() -> None:
    state = rig(red={"cell": CENTRE, "facing": E}, calm=True)
    assert state.mp == 4
    play(state, "ml")
    assert (state.ships[RED].cell, state.ships[RED].facing, state.mp) == ((10, 7), NE, 3)
    play(state, "mr")
    assert (state.ships[RED].cell, state.ships[RED].facing, state.mp) == ((11, 7), E, 2)
    play(state, "m0", "tr")
    assert (state.ships[RED].cell, state.ships[RED].facing, state.mp) == ((12, 7), SE, 0)


def test_turning_in_place_costs_a_move_and_there_is_no_reverse_or_sideslip() -> None:
    state = rig(red={"cell": CENTRE, "facing": E}, calm=True)
    play(state, "tl")
    assert (state.ships[RED].cell, state.ships[RED].facing, state.mp) == (CENTRE, NE, 3)
    moves = {a.to_str() for a in ALL_ACTIONS if a.kind in ("move", "turn")}
    assert moves == {"m0", "ml", "mr", "tl", "tr"}


def test_without_move_left_nothing_moves() -> None:
    state = rig(red={"cell": CENTRE}, calm=True, mp=0)
    assert not {"m0", "ml", "mr", "tl", "tr"} & set(codes(state))
    assert "it costs 1 Move and 0 is left" in (why_illegal(state, DuelAction("m0")) or "")


def test_the_edge_and_the_enemy_block_moves() -> None:
    state = rig(red={"cell": (23, 4), "facing": E}, calm=True)
    assert why_illegal(state, DuelAction("m0")) == "the edge of the board is there"
    assert "tl" in codes(state)
    state = rig(red={"cell": CENTRE, "facing": E}, blue={"cell": (11, 8)}, calm=True)
    assert why_illegal(state, DuelAction("m0")) == "the enemy is in that hex"


def test_at_zero_sails_a_ship_drifts_downwind_at_the_start_of_her_activation() -> None:
    state = rig(blue={"cell": (15, 8), "facing": NE, "sails": 0}, wind=SW)
    events = play(state, "e")
    blue = state.ships[BLUE]
    assert blue.cell == neighbour((15, 8), SW) and blue.facing == NE
    assert [e.data for e in events if e.kind == "drift"] == [
        {"side": "blue", "col": 14, "row": 9, "blocked": False}
    ]
    assert state.mp == 0
    assert not {"m0", "ml", "mr", "tl", "tr"} & set(codes(state))


def test_no_drift_in_a_calm_and_the_edge_or_the_enemy_stops_a_drift() -> None:
    state = rig(blue={"cell": (15, 8), "sails": 0}, wind=SW, calm=True)
    play(state, "e")
    assert state.ships[BLUE].cell == (15, 8)
    state = rig(blue={"cell": (15, 15), "sails": 0}, wind=SW)
    events = play(state, "e")
    assert state.ships[BLUE].cell == (15, 15)
    assert [e.data["blocked"] for e in events if e.kind == "drift"] == [True]
    state = rig(red={"cell": (14, 9)}, blue={"cell": (15, 8), "sails": 0}, wind=SW)
    play(state, "e")
    assert state.ships[BLUE].cell == (15, 8)


# --- guns --------------------------------------------------------------------------------------


def test_both_ships_start_loaded_with_ball() -> None:
    state, _ = create_duel(5, "bold")
    assert [s.loaded for s in state.ships] == ["ball", "ball"]


def gunnery(shot: str, steps: int, target_facing: int = E) -> DuelState:
    """Red at the centre facing east, Blue `steps` hexes to the south-east (on Red's starboard
    broadside), Red loaded with `shot`. Blue facing east takes the shot on her port side;
    facing north-west, through her bow; facing south-east, through her stern."""
    return rig(
        red={"cell": CENTRE, "facing": E, "loaded": shot},
        blue={"cell": line(CENTRE, SE, steps), "facing": target_facing},
        calm=True,
    )


SHOT_TABLE = {
    ("ball", 1): None,
    ("ball", 2): 2,
    ("ball", 3): 1,
    ("ball", 4): 1,
    ("ball", 5): None,
    ("chain", 1): 2,
    ("chain", 2): 1,
    ("chain", 3): None,
    ("grape", 1): 2,
    ("grape", 2): None,
}
HITS = {"ball": "hull", "chain": "sails", "grape": "crew"}


@pytest.mark.parametrize(("shot", "steps"), sorted(SHOT_TABLE))
def test_each_shot_has_its_range_and_damage(shot: str, steps: int) -> None:
    state = gunnery(shot, steps)
    expected = SHOT_TABLE[(shot, steps)]
    if expected is None:
        assert "f" not in codes(state)
        assert "reaches" in (why_illegal(state, DuelAction("f")) or "")
        assert shot_damage(RULES, shot, steps) == 0
        return
    stat = HITS[shot]
    before = getattr(state.ships[BLUE], stat)
    events = play(state, "f")
    fire = next(e for e in events if e.kind == "fire")
    assert fire.data["through"] == "port" and fire.data["damage"] == expected
    assert getattr(state.ships[BLUE], stat) == before - expected
    assert state.ships[RED].loaded == ""


@pytest.mark.parametrize("target_facing", [NW, SE])
@pytest.mark.parametrize(
    ("shot", "steps", "halved"),
    [
        ("ball", 2, 1),
        ("ball", 3, 1),
        ("ball", 4, 1),
        ("chain", 1, 1),
        ("chain", 2, 1),
        ("grape", 1, 1),
    ],
)
def test_through_the_bow_or_stern_damage_is_halved_down_but_at_least_one(
    shot: str, steps: int, halved: int, target_facing: int
) -> None:
    state = gunnery(shot, steps, target_facing)
    events = play(state, "f")
    fire = next(e for e in events if e.kind == "fire")
    assert fire.data["through"] == ("bow" if target_facing == NW else "stern")
    assert fire.data["damage"] == halved


def test_only_a_broadside_bears_not_the_bow_or_stern() -> None:
    ahead = rig(red={"cell": CENTRE, "facing": E}, blue={"cell": line(CENTRE, E, 2)})
    astern = rig(red={"cell": CENTRE, "facing": E}, blue={"cell": line(CENTRE, W, 2)})
    assert why_illegal(ahead, DuelAction("f")) == "the enemy bears on the bow, not a broadside"
    assert why_illegal(astern, DuelAction("f")) == "the enemy bears on the stern, not a broadside"


def test_firing_needs_a_crew_and_a_loaded_gun() -> None:
    state = gunnery("ball", 2)
    state.ships[RED].crew = 0
    assert why_illegal(state, DuelAction("f")) == "firing needs 1 Crew"
    state = gunnery("", 2)
    assert why_illegal(state, DuelAction("f")) == "the gun is not loaded"


def test_fire_or_reload_in_an_activation_not_both_and_reload_replaces_the_load() -> None:
    state = gunnery("ball", 2)
    play(state, "f")
    assert "rb" not in codes(state) and "rg" not in codes(state)
    state = gunnery("ball", 1)
    assert "rb" not in codes(state)  # ball is loaded already
    play(state, "rg")
    assert state.ships[RED].loaded == "grape"
    assert "f" not in codes(state)
    assert why_illegal(state, DuelAction("f")) == "the action of this activation is taken"


def test_moving_after_firing_is_allowed() -> None:
    state = gunnery("ball", 2)
    play(state, "f", "m0")
    assert state.ships[RED].cell == (11, 8)


# --- repair ------------------------------------------------------------------------------------


def test_a_repair_costs_two_move_and_lands_at_the_start_of_the_next_activation() -> None:
    state = rig(red={"hull": 4}, calm=True)
    play(state, "ph")
    assert state.mp == 2 and state.ships[RED].hull == 4 and state.ships[RED].pending == "hull"
    assert "f" not in codes(state) and "rc" not in codes(state)  # the repair is the action
    events = play(state, "e", "e")  # Blue's turn passes; round 2 begins with Red
    assert state.ships[RED].hull == 5 and state.ships[RED].pending == ""
    assert [e.data for e in events if e.kind == "repaired"] == [
        {"side": "red", "stat": "hull", "value": 5}
    ]


def test_a_repair_is_declared_before_moving_and_needs_two_crew() -> None:
    state = rig(red={"hull": 4}, calm=True)
    play(state, "m0")
    assert why_illegal(state, DuelAction("ph")) == "a repair is declared before moving"
    state = rig(red={"hull": 4, "crew": 1}, calm=True)
    assert why_illegal(state, DuelAction("ph")) == "a repair needs 2 Crew"


def test_repairs_never_exceed_the_start_and_one_is_pending_at_a_time() -> None:
    state = rig(calm=True)
    assert why_illegal(state, DuelAction("ph")) == "hull is at its start value"
    assert why_illegal(state, DuelAction("ps")) == "sails is at its start value"
    state = rig(red={"hull": 3, "sails": 2, "pending": "sails"}, calm=True)
    assert why_illegal(state, DuelAction("ph")) == "a repair of sails is already pending"


def test_a_repair_with_less_than_two_move_takes_what_is_left() -> None:
    state = rig(red={"sails": 0}, wind=E)
    assert state.mp == 0 and "ps" in codes(state)
    play(state, "ps", "e", "e")
    assert state.ships[RED].sails == 1


def test_the_repair_lands_before_the_drift() -> None:
    state = rig(red={"sails": 0, "pending": "sails", "cell": CENTRE, "facing": E}, wind=E)
    play(state, "e", "e")
    assert state.ships[RED].cell == CENTRE and state.ships[RED].sails == 1
    assert state.mp == 2  # one sail, with the wind


# --- fleeing, sinking, striking, the round limit -----------------------------------------------


def far_apart(gap: int) -> DuelState:
    red = (2, 8)
    return rig(red={"cell": red, "facing": W}, blue={"cell": line(red, E, gap), "facing": E})


def test_fleeing_needs_sixteen_hexes() -> None:
    state = far_apart(15)
    assert why_illegal(state, DuelAction("x")) == "the enemy is 15 hexes off; fleeing needs 16"
    state = far_apart(16)
    events = play(state, "x")
    done = outcome(state)
    assert done is not None and done.termination is Termination.FLED
    assert (done.winner, done.fled) == (None, RED)
    assert events[-1].kind == "duel_end" and events[-1].data["outcome"] == "fled"
    assert legal_actions(state) == []


def test_move_then_flee_in_the_same_activation() -> None:
    state = far_apart(15)
    assert "x" not in codes(state)
    play(state, "m0")  # west, away from her
    assert distance(state.ships[RED].cell, state.ships[BLUE].cell) == 16
    play(state, "x")
    done = outcome(state)
    assert done is not None and done.fled == RED


def test_no_fleeing_after_taking_damage_this_round_until_the_next() -> None:
    state = gunnery("grape", 1)
    play(state, "f")
    blue = state.ships[BLUE]
    assert blue.hurt
    blue.col, blue.row = 23, 15  # she is somehow far away, but was hit this round
    play(state, "e")
    assert current_side(state) == BLUE and distance(state.ships[RED].cell, blue.cell) >= 16
    assert why_illegal(state, DuelAction("x")) == "she took damage this round"
    play(state, "e", "e")  # round 2: Red, then Blue again
    assert current_side(state) == BLUE and not blue.hurt
    assert "x" in codes(state)


def test_a_hull_at_zero_sinks_her_and_the_shooter_wins() -> None:
    state = gunnery("ball", 2)
    state.ships[BLUE].hull = 2
    play(state, "f")
    done = outcome(state)
    assert done is not None and done.termination is Termination.SUNK and done.winner == RED
    with pytest.raises(IllegalDuelAction, match="the duel is over"):
        act(state, DuelAction("e"))


def test_a_crew_at_zero_strikes_her_colours_and_the_shooter_wins() -> None:
    state = gunnery("grape", 1)
    state.ships[BLUE].crew = 2
    play(state, "f")
    done = outcome(state)
    assert done is not None and done.termination is Termination.STRUCK and done.winner == RED


def test_sails_at_zero_neither_sink_nor_strike() -> None:
    state = gunnery("chain", 1)
    state.ships[BLUE].sails = 2
    play(state, "f")
    assert outcome(state) is None and state.ships[BLUE].sails == 0


def test_the_ships_part_after_the_round_limit() -> None:
    state, _ = create_duel(3, "bold", DuelRules(max_rounds=2))
    play(state, "e", "e", "e")
    assert outcome(state) is None
    play(state, "e")
    done = outcome(state)
    assert done is not None and done.termination is Termination.ROUND_LIMIT
    assert (done.winner, done.fled, done.rounds) == (None, None, 2)


def test_red_activates_first_every_round_unless_the_rules_alternate() -> None:
    state, _ = create_duel(3, "bold")
    order = []
    for _ in range(6):
        order.append((state.round, current_side(state)))
        play(state, "e")
    assert order == [(1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)]
    state, _ = create_duel(3, "bold", DuelRules(initiative="alternate"))
    order = []
    for _ in range(6):
        order.append((state.round, current_side(state)))
        play(state, "e")
    assert order == [(1, 0), (1, 1), (2, 1), (2, 0), (3, 0), (3, 1)]


def test_the_activation_ends_by_itself_when_nothing_but_ending_is_left() -> None:
    state = gunnery("ball", 2)
    state.mp = 1
    events = play(state, "f", "m0")
    assert events[-3].kind == "move"
    assert [e.kind for e in events[-2:]] == ["pass", "activation"]
    assert events[-2].data == {"side": "red", "auto": True}
    assert current_side(state) == BLUE


# --- actions, observation, the state's canonical form ------------------------------------------


def test_actions_round_trip_as_text_and_unknown_text_is_refused() -> None:
    for action in ALL_ACTIONS:
        assert DuelAction.from_str(action.to_str()) == action
    assert [a.to_str() for a in ALL_ACTIONS] == sorted(a.to_str() for a in ALL_ACTIONS)
    with pytest.raises(IllegalDuelAction, match="'zz' is not a duel action"):
        DuelAction.from_str("zz")


def test_act_names_the_action_and_why_it_is_refused() -> None:
    state, _ = create_duel(7, "bold")
    with pytest.raises(IllegalDuelAction, match=r"^f: the enemy bears on the bow"):
        act(state, DuelAction("f"))


def test_observe_hides_the_enemy_load_personality_seed_and_rng() -> None:
    state, events = create_duel(7, "bold")
    state.ships[BLUE].loaded = "grape"
    view = observe(state, RED)
    text = repr(view)
    assert "grape" not in text and "bold" not in text and str(state.rng) not in text
    assert view["you"]["loaded"] == "ball" and "loaded" not in view["enemy"]
    debug = observe(state, RED, debug=True)["debug"]
    assert debug["loaded"]["blue"] == "grape" and debug["captains"]["blue"] == "bold"
    assert debug["seed"] == 7 and debug["rng"] == state.rng
    start = redact_event(events[0], RED)
    assert start.data["captains"] == ["", "?"]


def test_redacted_events_hide_the_enemy_reload_only() -> None:
    state = gunnery("ball", 1)
    events = play(state, "rg")
    reload = next(e for e in events if e.kind == "reload")
    assert redact_event(reload, BLUE).data["shot"] is None
    assert redact_event(reload, RED).data["shot"] == "grape"


def test_state_round_trips_and_from_dict_names_the_problem() -> None:
    state, _ = create_duel(9, "steady")
    data = state.to_dict()
    again = DuelState.from_dict(data)
    assert again.to_dict() == data and again.state_hash() == state.state_hash()
    assert state.copy().state_hash() == state.state_hash()

    def broken(change: Any) -> str:
        bad = state.to_dict()
        change(bad)
        with pytest.raises(ValueError) as caught:
            DuelState.from_dict(bad)
        return str(caught.value)

    assert "ships[1].col 30 is outside 0..23" in broken(lambda d: d["ships"][1].update(col=30))
    assert "ships[0].hull 7 is outside 0..6" in broken(lambda d: d["ships"][0].update(hull=7))
    assert "both ships on one hex" in broken(
        lambda d: d["ships"][1].update(col=d["ships"][0]["col"], row=d["ships"][0]["row"])
    )
    assert "ships[0].loaded 'rocks'" in broken(lambda d: d["ships"][0].update(loaded="rocks"))
    assert "round must be a whole number, not '3'" in broken(lambda d: d.update(round="3"))
    assert "calm must be true or false, not 1" in broken(lambda d: d.update(calm=1))
    assert "rng is missing" in broken(lambda d: d.pop("rng"))
    assert "unknown field 'extra'" in broken(lambda d: d.update(extra=1))
    assert "ships must have 2 items, not 1" in broken(lambda d: d["ships"].pop())
    assert "captains[0] 'x' is not one of" in broken(lambda d: d.update(captains=["x", "y"]))
    assert "rules: missing field 'hull'" in broken(lambda d: d["rules"].pop("hull"))
    assert "side 1 cannot hold activation 0" in broken(lambda d: d.update(side=1))
    assert "a ship is sunk or struck" in broken(lambda d: d["ships"][0].update(hull=0))


def test_rules_refuse_bad_numbers_and_variants_are_named() -> None:
    with pytest.raises(ValueError, match="wind_table must give one of"):
        DuelRules(wind_table=("hold",) * 5)
    with pytest.raises(ValueError, match=r"move_cost 0 is outside 1\.\.100"):
        DuelRules(move_cost=0)
    with pytest.raises(ValueError, match="no rule named 'speed'"):
        RULES.variant(speed=3)
    varied = RULES.variant(flee_distance=12, ball=(0, 0, 3, 1, 1))
    assert varied.name == "seed-001+ball=0/0/3/1/1+flee_distance=12"
    assert DuelRules.from_dict(varied.to_dict()) == varied


# --- invariants over random play ---------------------------------------------------------------


def random_play(
    seed: int, steps: int, rules: DuelRules = RULES, bold_red: bool = False
) -> tuple[DuelState, int]:
    """Random legal play, each choice drawn by the engine's own RNG from `seed` (with
    `bold_red`, a bold CPU captain sails Red, so that the ships meet and fight); returns the
    state and the actions played. Checks the invariants after every action."""
    state, _ = create_duel(seed, None, rules, red="bold" if bold_red else None)
    pick = seed * 7919 + 1
    grid = board(rules.cols, rules.rows)
    played = 0
    while outcome(state) is None and played < steps:
        legal = legal_actions(state)
        assert legal and all(why_illegal(state, a) is None for a in legal)
        if bold_red and current_side(state) == RED:
            action = choose(state, RED)
        else:
            index, pick = below(pick, len(legal))
            action = legal[index]
        act(state, action)
        played += 1
        for ship in state.ships:
            assert grid.on_board(ship.cell) and 0 <= ship.facing < 6
            assert 0 <= ship.hull <= rules.hull and 0 <= ship.sails <= rules.sails
            assert 0 <= ship.crew <= rules.crew
        assert state.ships[0].cell != state.ships[1].cell
        assert 0 <= state.mp <= rules.sails + rules.with_wind
        assert 1 <= state.round <= rules.max_rounds
    return state, played


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_stays_in_bounds_and_ends_within_the_limit(seed: int) -> None:
    rules = DuelRules(max_rounds=25)
    # every action spends Move, the action, or the activation: an activation takes at most
    # Move + 2 actions, so a duel ends within this many
    limit = rules.max_rounds * 2 * (rules.sails + rules.with_wind + 2)
    state, played = random_play(seed, limit + 1, rules)
    assert outcome(state) is not None and played <= limit


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_against_a_captain_stays_in_bounds(seed: int) -> None:
    state, _ = random_play(seed, 10_000, bold_red=True)
    assert outcome(state) is not None


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.integers(min_value=0, max_value=300),
    st.booleans(),
)
def test_any_state_round_trips_and_act_refuses_what_is_not_legal(
    seed: int, steps: int, bold_red: bool
) -> None:
    state, _ = random_play(seed, steps, bold_red=bold_red)
    data = state.to_dict()
    again = DuelState.from_dict(data)
    assert again.state_hash() == state.state_hash() and again.to_dict() == data
    before = state.state_hash()
    legal = legal_actions(state)
    for action in ALL_ACTIONS:
        if action not in legal:
            with pytest.raises(IllegalDuelAction, match=f"^{action.to_str()}: "):
                act(state, action)
            assert state.state_hash() == before
