"""Event kinds are declared once and read from the declaration: the renderers give every
declared kind of their mode a line (or, for the kinds a captain need not read, none) from its
declared fields alone; the SQL helpers name only declared fields; a payload that strays from its
declaration is caught."""

from __future__ import annotations

import types
import typing
from typing import Any

import pytest

from privateer.cli.duel.render import event_line as duel_line
from privateer.cli.voyage.render import voyage_line
from privateer.db.event_fields import field
from privateer.engine.events import Event, EventKind, check_payload, field_names
from privateer.engine.modes import MODES

SAMPLES: dict[str, Any] = {
    "side": "red", "outcome": "sunk", "winner": "red", "fled": "blue", "flag": "france",
    "nations": ["spain", "france"], "change": "veer", "through": "port", "shot": "ball",
    "stat": "hull", "kind": "merchant", "ship_kind": "merchant", "target": "merchant",
    "hand": "pilot", "ship": 3, "red": [1, 2, 0], "blue": [5, 6, 3], "hull": 7,
}  # fmt: skip
"""Field values a renderer can read as it would a real event's (the rest by type)."""


def sample(declared: type) -> dict[str, Any]:
    """A payload with every declared field, each a plausible value of its declared type."""
    out: dict[str, Any] = {}
    for name, hint in typing.get_type_hints(declared).items():
        union = typing.get_origin(hint) in (typing.Union, types.UnionType)
        base = next(a for a in typing.get_args(hint) if a is not type(None)) if union else hint
        if typing.is_typeddict(base):  # a record within the payload (a ship's read)
            value: Any = sample(base)
        elif typing.get_origin(base) is list:
            (item,) = typing.get_args(base)
            value = [sample(item)] if typing.is_typeddict(item) else ["x"] if item is str else [1]
            if isinstance(SAMPLES.get(name), list):
                value = SAMPLES[name]
        else:
            value = {int: 1, str: "x", bool: True, float: 0.5}[base]
            if type(SAMPLES.get(name)) is base:
                value = SAMPLES[name]
        out[name] = value
    return out


def dict_kinds(mode: str) -> dict[str, type]:
    return {k: d for k, d in MODES[mode].events.items() if not isinstance(d, EventKind)}


VOYAGE_QUIET = {"sailed", "world_start", "corsair_home", "fleet_arrived", "driven_off",
                "monster_attack", "illegal_action"}  # fmt: skip
"""What a captain at the terminal need not read a line for (a day's sailing, the world's
doings far off)."""


def test_a_corsair_raid_is_read_only_when_it_stops_the_ship() -> None:
    """A raid far off is the world's doing (no line); an English town's stops the ship, with
    a line to say why (the late game's captives rule)."""
    raid = {"corsair": "Algiers", "town": "Baltimore", "nation": "england"}
    assert voyage_line(Event("corsair_raid", 3, raid)) is None
    line = voyage_line(Event("corsair_raid", 3, {**raid, "stop": True}))
    assert line == "day 3: corsairs of Algiers strip Baltimore (england) for captives"


@pytest.mark.parametrize("kind", sorted(dict_kinds("voyage")))
def test_the_voyage_renderer_reads_each_declared_kind_by_its_declared_fields(kind: str) -> None:
    declared = dict_kinds("voyage")[kind]
    event = Event(kind, 3, sample(declared))
    check_payload(declared, event)
    line = voyage_line(event)
    if kind in VOYAGE_QUIET:
        assert line is None
    else:
        assert isinstance(line, str) and line.startswith("day 3: ") and len(line) > 8


@pytest.mark.parametrize("kind", sorted(dict_kinds("duel")))
def test_the_duel_renderer_reads_each_declared_kind_by_its_declared_fields(kind: str) -> None:
    declared = dict_kinds("duel")[kind]
    line = duel_line(Event(kind, 2, sample(declared)))
    assert isinstance(line, str) and line


def test_a_payload_that_strays_from_its_declaration_is_caught() -> None:
    declared = MODES["voyage"].events["sunk"]
    check_payload(declared, Event("sunk", 1, {"by": "storm", "node": 4, "stop": True}))
    for bad, words in (
        ({"by": "storm", "node": 4}, "missing"),
        ({"by": "storm", "node": "4", "stop": True}, "node"),
        ({"by": "storm", "node": 4, "stop": True, "depth": 3}, "not declared"),
    ):
        with pytest.raises(ValueError, match=words):
            check_payload(declared, Event("sunk", 1, bad))
    with pytest.raises(ValueError, match="values"):
        check_payload(MODES["fight"].events["hit"], Event("hit", 1, (1, 2)))


def test_a_record_within_a_payload_is_held_to_its_declaration_and_may_be_left_out() -> None:
    """A ship's read rides in an alongside event (the lookout rule's); a voyage without the
    rule leaves it out, and one with it must give it whole."""
    declared = MODES["voyage"].events["alongside"]
    seen = {"ship": 1, "kind": "merchant", "flag": "spain", "node": 4, "hostile": False}
    check_payload(declared, Event("alongside", 1, {**seen, "stop": True}))
    read = sample(typing.get_type_hints(declared)["read"])
    check_payload(declared, Event("alongside", 1, {**seen, "read": read, "stop": True}))
    for bad in (
        {key: value for key, value in read.items() if key != "hull"},
        {**read, "hull": "12"},
        {**read, "guns": [{"card": "swivel"}]},
        {**read, "depth": 3},
    ):
        with pytest.raises(ValueError, match="read"):
            check_payload(declared, Event("alongside", 1, {**seen, "read": bad, "stop": True}))


def test_the_sql_helpers_name_only_declared_fields() -> None:
    assert field("voyage", "sunk", "node") == "(e.payload->>'$.node')"
    assert "node" in field_names(MODES["voyage"].events["sailed"])
    with pytest.raises(KeyError, match="no field 'depth'"):
        field("voyage", "sunk", "depth")
    with pytest.raises(KeyError, match="no event kind"):
        field("voyage", "shipwreck", "node")


def test_a_field_declared_not_required_may_be_absent() -> None:
    """A voyage won off Drake's circuit tells no `circuit` (declared NotRequired: under
    postponed annotations Python 3.11 counts it among the required keys all the same)."""
    won = MODES["voyage"].events["won"]
    check_payload(won, Event("won", 9, {"gold": 150, "stop": True}))
    check_payload(won, Event("won", 9, {"gold": 150, "stop": True, "circuit": 12}))
    with pytest.raises(ValueError, match="'stop' is missing"):
        check_payload(won, Event("won", 9, {"gold": 150}))
