"""The duel's terminal renderer (cli/duel/render.py): the board, the status, the events, the
keys, and what a person types."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from privateer.cli.duel import render as duel_render
from privateer.cli.duel.render import (
    KEYS_HELP,
    board_lines,
    debug_lines,
    event_line,
    parse_command,
    status_lines,
)
from privateer.engine.duel import (
    ALL_ACTIONS,
    BLUE,
    RED,
    DuelAction,
    Event,
    act,
    create_duel,
    debug_view,
    observe,
    play_duel,
    redact_event,
)


def test_the_board_has_every_hex_both_ships_and_the_wind() -> None:
    state, _ = create_duel(7, "bold")
    view = observe(state, RED)
    lines = board_lines(view)
    assert len(lines) == 1 + state.rules.rows + 1
    assert lines[0].split() == [chr(ord("A") + c) for c in range(state.rules.cols)]
    rows = lines[1:-1]
    assert all(row.count("·") + row.count("R") + row.count("B") == 24 for row in rows)
    # Red at F8 (row 7, odd: half a hex right), Blue at S9 (row 8, even)
    assert rows[7].startswith("  8 ") and rows[7][4:].index("R→") == 1 + 2 * 5
    assert rows[8].startswith("  9 ") and rows[8][4:].index("B←") == 2 * 18
    assert lines[-1].startswith("Wind: ")


@pytest.mark.parametrize(
    ("facing", "arrow"), [(0, "→"), (1, "↘"), (2, "↙"), (3, "←"), (4, "↖"), (5, "↗")]
)
def test_a_ship_shows_her_facing(facing: int, arrow: str) -> None:
    state, _ = create_duel(7, "bold")
    state.ships[RED].facing = facing
    assert any("R" + arrow in line for line in board_lines(observe(state, RED)))


def test_the_wind_line_says_where_it_blows_or_that_it_is_calm() -> None:
    state, _ = create_duel(7, "bold")
    state.wind, state.calm = 0, False
    assert board_lines(observe(state, RED))[-1] == "Wind: → blowing to E, from W"
    state.calm = True
    assert board_lines(observe(state, RED))[-1] == "Wind: calm (last from W)"


def test_status_shows_your_gun_but_not_hers() -> None:
    state, _ = create_duel(7, "bold")
    state.ships[BLUE].loaded = "grape"
    state.ships[RED].loaded = "chain"
    text = "\n".join(status_lines(observe(state, RED)))
    assert "gun chain" in text and "gun ?" in text and "grape" not in text
    assert "hull ###### 6/6" in text and "Range 13" in text
    assert "You may: " + "  ".join(observe(state, RED)["legal"]) in text


def test_the_debug_panel_spoils_the_game() -> None:
    state, _ = create_duel(7, "bold")
    state.ships[BLUE].loaded = "grape"
    lines = debug_lines(debug_view(state, RED))
    assert "seed 7" in lines and "Blue: bold, offensive" in lines and "Blue gun: grape" in lines
    assert "Red: a person" in lines
    assert debug_lines(observe(state, RED)) == ["(no debug view)"]


def test_every_event_of_a_game_has_a_line_or_none() -> None:
    record = play_duel(3, "bold", "steady")
    kinds = set()
    for event in record.events:
        line = event_line(event)
        assert isinstance(line, str) and line and "\n" not in line, event
        kinds.add(event.kind)
    assert {"duel_start", "wind", "activation", "move", "fire", "reload", "duel_end"} <= kinds
    assert event_line(Event("unknown", 1, {})) is None


def test_event_lines_say_what_happened() -> None:
    fire = Event(
        "fire",
        3,
        {
            "side": "red",
            "shot": "ball",
            "range": 2,
            "through": "port",
            "damage": 2,
            "stat": "hull",
            "left": 4,
        },
    )
    assert event_line(fire) == (
        "Red fires ball at range 2 into Blue's port broadside: 2 hull (Blue hull 4)"
    )
    reload = Event("reload", 3, {"side": "blue", "shot": "grape"})
    assert event_line(reload) == "Blue reloads with grape"
    assert event_line(redact_event(reload, RED)) == "Blue reloads"
    calm = Event("wind", 4, {"roll": 2, "change": "still", "to": 1, "calm": True})
    assert event_line(calm) == "It stays calm (d6: 2)"
    end = Event("duel_end", 9, {"outcome": "struck", "winner": "blue", "fled": None})
    assert event_line(end) == "Red strikes her colours: Blue wins"
    fled = Event("duel_end", 9, {"outcome": "fled", "winner": None, "fled": "red"})
    assert event_line(fled) == "Red escapes: nobody sank, nobody struck"


def test_typed_commands_become_action_codes() -> None:
    assert parse_command("m0 ml MR tl, tr; f") == ["m0", "ml", "mr", "tl", "tr", "f"]
    assert parse_command("3m0 ahead left right port starboard") == [
        "m0",
        "m0",
        "m0",
        "m0",
        "ml",
        "mr",
        "tl",
        "tr",
    ]
    assert parse_command("ball chain grape hull sails flee end") == [
        "rb",
        "rc",
        "rg",
        "ph",
        "ps",
        "x",
        "e",
    ]
    for action in ALL_ACTIONS:
        assert parse_command(action.to_str()) == [action.to_str()]


@pytest.mark.parametrize("text", ["", "   ", "jump", "m0 jump", "0m0", "m9"])
def test_bad_input_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_command(text)
    message = str(caught.value)
    assert message and "\n" not in message


def test_the_keys_help_names_every_action() -> None:
    for action in ALL_ACTIONS:
        assert f"  {action.to_str()} " in KEYS_HELP or f"/ {action.to_str()} " in KEYS_HELP


def test_typed_commands_drive_the_engine() -> None:
    state, _ = create_duel(7, "bold")
    for code in parse_command("2m0 tr e"):
        act(state, DuelAction(code))
    assert state.side == BLUE


def test_the_renderer_imports_only_the_duel_engine() -> None:
    tree = ast.parse(Path(duel_render.__file__).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    privateer = {name for name in imported if name.startswith("privateer")}
    assert privateer == {"privateer.engine.duel"}
