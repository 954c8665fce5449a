"""Every number of every rules object is held to the bound its field declares (engine/bounds.py),
whichever way it is set: a study's dial (`sweep run`), a world rule (`route --set`), a
tabletop rule (`tabletop sim --set`), a captain's number (`voyage --captain NAME[FIELD=V]`), a
variant made in code (a duel's, a ruleset turned). A value past its bound is refused in one line
naming the field and the bound, before any work; the route's shortest way never runs over a
weight below nothing (the old code hung at full CPU on the full world)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from privateer.cli.app import app
from privateer.engine.bounds import Float, Instance, Name, Table, Tup, declared, widest
from privateer.engine.dials import CAPTAIN, DIALS, OWNERS, parse_dial, turned
from privateer.engine.duel.rules import DuelRules
from privateer.engine.errors import NegativeWeightError
from privateer.engine.schema import Bool, Int, Kind, Text
from privateer.engine.tabletop.rules import TabletopRules, parse_setting
from privateer.engine.voyage.captain import CAPTAINS, Captain
from privateer.engine.voyage.captain_spec import CAPTAIN_FIELDS, find_captain
from privateer.engine.voyage.rules import RULESETS
from privateer.engine.world.routes import HighSeas, route, toward
from privateer.engine.world.rules import SEED_000
from tests.world_fixtures import synthetic_world

runner = CliRunner()
RULES_OBJECTS: tuple[Any, ...] = (
    RULESETS["full"],
    SEED_000,
    DuelRules(),
    TabletopRules(),
    Captain(),
)


def _ends(kind: Kind, rules: Any) -> tuple[Any, Any]:
    """An Int's or Float's bounds, a named one read off `rules`."""
    assert isinstance(kind, Int | Float)
    low, high = kind.low, kind.high
    return (
        getattr(rules, low) if isinstance(low, str) else low,
        getattr(rules, high) if isinstance(high, str) else high,
    )


def outside(kind: Kind, rules: Any) -> list[tuple[Any, str]]:
    """Values past a bound (any named bound read off `rules`), each with what its refusal
    says of the bound (a value past the named field's own bound too: that bound)."""
    if isinstance(kind, Int):
        low, high = _ends(kind, rules)
        wide = widest(type(rules), kind) if rules is not None else kind
        assert isinstance(wide, Int)
        out = []
        for bad in (low - 1, high + 1):  # past the field it names: that field's own bound said
            inside = wide.low <= bad <= wide.high
            shown = f"{low}..{high}" if inside else f"{wide.low}..{wide.high}"
            out.append((bad, f"is outside {shown}"))
        return out
    if isinstance(kind, Float):
        low, high = _ends(kind, rules)
        shown = f"is outside {low:g}..{high:g}"
        return [(low - 1.0, shown), (high + 1.0, shown), (float("nan"), "a finite number")]
    if isinstance(kind, Bool):
        return [(2, "must be true or false")]
    if isinstance(kind, Text):
        return [("nonesuch", "is not one")]
    if isinstance(kind, Name):
        return [("x" * (kind.max_len + 1), f"a name of {kind.max_len} characters at most")]
    if isinstance(kind, Tup):
        return [((), "items") if kind.least else (("x",) * (kind.most + 1), "items")]
    if isinstance(kind, Table):
        return [({"x": -1}, "x")]
    assert isinstance(kind, Instance)
    return [(object(), f"must be a {kind.kind.__name__}")]


def written(kind: Kind) -> list[tuple[str, str]]:
    """Values past a bound at its widest, as a user writes them, with what a refusal says."""
    if isinstance(kind, Bool):
        return [("maybe", "true or false")]
    return [
        (repr(bad) if isinstance(bad, float) else str(bad), says)
        for bad, says in outside(kind, None)
        if not isinstance(bad, float) or bad == bad  # nan is written wrong in another test
    ]


def _one_line(result: Any, *words: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert all(word in result.stderr for word in words), (words, result.stderr)


@pytest.mark.parametrize("rules", RULES_OBJECTS, ids=lambda r: type(r).__name__)
def test_every_field_of_every_rules_object_refuses_a_value_past_its_bound(rules: Any) -> None:
    """Each field declares a bound (`declared` refuses a class with one that does not), and a
    rules object made with a value past it is refused in one line naming the field and bound."""
    kinds = declared(type(rules))
    assert len(kinds) >= 19
    for name, kind in kinds.items():
        for bad, says in outside(kind, rules):
            with pytest.raises(ValueError) as refused:
                replace(rules, **{name: bad})
            message = str(refused.value)
            assert name in message and says in message and "\n" not in message, (name, message)


def test_every_dial_written_past_its_bound_is_refused_in_one_line() -> None:
    """Every dial of the voyage's, the world's and the captain's numbers, read as a study, a
    `--set` and a captain's spec read it (`parse_dial`, one reader for them all), refused in
    one line naming the dial and the bound."""
    tried = 0
    for dial in DIALS.values():
        if dial.name == CAPTAIN:
            continue
        for text, says in written(_dial_kind(dial)):
            with pytest.raises(ValueError) as refused:
                parse_dial(f"{dial.name}={text}")
            message = str(refused.value)
            assert message.startswith(dial.name) and says in message and "\n" not in message
            tried += 1
    assert tried >= 2 * 150


def _dial_kind(dial: Any) -> Kind:
    kind = widest(OWNERS[dial.owner], declared(OWNERS[dial.owner])[dial.field])
    if dial.key is not None:  # an entry of a table or a place of a tuple
        assert isinstance(kind, Table | Tup)
        return kind.item
    return kind


def _one_of_each(owner: str) -> list[Any]:
    """A dial of each kind (a whole number, a number, a switch, a name, a table's entry)."""
    found: dict[Any, Any] = {}
    for dial in DIALS.values():
        if dial.owner == owner and dial.name != CAPTAIN:
            found.setdefault((type(_dial_kind(dial)), dial.key is None), dial)
    return list(found.values())


@pytest.mark.parametrize("owner", ["voyage", "world", "captain"])
def test_a_study_or_a_set_past_a_bound_is_one_line_before_any_work(
    tmp_path: Path, owner: str
) -> None:
    """`sweep run NAME=VALUE` (and `route --set` for the world's rules) past the bound, a dial
    of each kind: one line naming the bound, exit 2, no database made (the value is read
    before anything is opened). `sweep run storm_days=-5` was taken."""
    db = tmp_path / "none.duckdb"
    _one_line(
        runner.invoke(app, ["--db", str(db), "sweep", "run", "storm_days=-5"]),
        "storm_days -5 is outside 1..1000000",
    )
    dials = _one_of_each(owner)
    assert len(dials) >= 3
    for dial in dials:
        for text, says in written(_dial_kind(dial)):
            swept = runner.invoke(app, ["--db", str(db), "sweep", "run", f"{dial.name}={text}"])
            _one_line(swept, dial.name, says)
            if owner == "world":
                routed = runner.invoke(
                    app, ["--db", str(db), "route", "A", "B", "--set", f"{dial.name}={text}"]
                )
                _one_line(routed, dial.name, says)
    assert not db.exists()


def test_a_ranges_values_are_held_to_the_bound_and_its_step_is_not() -> None:
    assert parse_dial("standing_floor=-20:-10:5")[1] == (-20, -15, -10)
    assert parse_dial("storm_high_latitude=80:90:5")[1] == (80.0, 85.0, 90.0)
    for text, says in (
        ("storm_days=-10:10:5", "storm_days -10 is outside 1..1000000"),
        ("storm_high_latitude=85:95:5", "storm_high_latitude 95.0 is outside 0..90"),
        ("storm_high_latitude=0:90:1e-320", "too many"),
        ("route_storm_days=nan", "takes a finite number"),
    ):
        with pytest.raises(ValueError, match=says.replace(".", r"\.")):
            parse_dial(text)


def test_a_setting_whose_rules_are_out_of_bounds_together_is_refused() -> None:
    """Each dial within its own bound, the rules they make not: morale to start past the most
    there is, a floor of standing above England's grudge."""
    with pytest.raises(ValueError, match=r"morale_start 12 is outside 0\.\.10"):
        turned(RULESETS["full"], SEED_000, {"morale_start": 12})
    with pytest.raises(ValueError, match=r"pirate_standing -3 is outside -2\.\.20"):
        turned(RULESETS["full"], SEED_000, {"standing_floor": -2})
    assert turned(RULESETS["full"], SEED_000, {"morale_start": 12, "morale_max": 12})


def test_every_tabletop_rule_set_past_its_bound_is_refused_in_one_line() -> None:
    """`tabletop sim --set FIELD=VALUE`: the goal of 10^21 gold that overflowed the log's
    64-bit column is one line; every field past its bound is refused by the one reader of a
    setting (`parse_setting`, which `--set` and a variant's name read by), a field of each kind
    through the command too."""
    result = runner.invoke(app, ["tabletop", "sim", "--set", "goal_gold=999999999999999999999"])
    _one_line(result, "goal_gold 999999999999999999999 is outside 1..1000000")
    kinds: dict[type, str] = {}
    for name, kind in declared(TabletopRules).items():
        if name == "name":
            continue
        for text, says in written(widest(TabletopRules, kind)):
            with pytest.raises(ValueError) as refused:
                parse_setting(f"{name}={text}")
            assert str(refused.value).startswith(name) and says in str(refused.value)
            kinds.setdefault(type(kind), f"{name}={text}")
    assert set(kinds) == {Int, Bool, Text, Name}
    for setting in kinds.values():
        result = runner.invoke(app, ["tabletop", "sim", "--games", "1", "--set", setting])
        _one_line(result, setting.split("=")[0])
    result = runner.invoke(app, ["tabletop", "sim", "--rules", "seed-003+raid_dice=9"])
    _one_line(result, "raid_dice 9 is outside 1..4")


def test_every_captains_number_past_its_bound_is_refused_in_one_line(tmp_path: Path) -> None:
    """`voyage --captain NAME[FIELD=VALUE]`: a reserve below nothing or past any purse is one
    line, as is every other number of the captain past its bound."""
    db = tmp_path / "none.duckdb"
    for spec, says in (
        ("raider10[reserve=-5]", "captain.reserve -5 is outside 0..1000000000"),
        ("raider10[reserve=999999999999]", "captain.reserve 999999999999 is outside"),
    ):
        _one_line(runner.invoke(app, ["--db", str(db), "voyage", "--captain", spec]), says)
    for field in CAPTAIN_FIELDS:
        for text, says in written(declared(Captain)[field]):
            with pytest.raises(ValueError, match=f"^captain.{field}"):
                find_captain(f"ours[{field}={text}]")
            if field in ("reserve", "sound", "reads"):  # a number, a share, a switch
                result = runner.invoke(
                    app, ["--db", str(db), "voyage", "--captain", f"raider10[{field}={text}]"]
                )
                _one_line(result, f"captain.{field}", says)
    assert find_captain("raider10[reserve=8]") == replace(CAPTAINS["raider10"], reserve=8)


def test_a_route_never_weighs_a_step_below_nothing() -> None:
    """The engine's guard, whatever its caller: high seas below nothing are refused as they are
    made, and a graph with a weight below nothing (or not a number) is refused before Dijkstra
    runs on it (scipy's runs on, and its way back may go round for ever)."""
    with pytest.raises(NegativeWeightError, match=r"storm_days -1\.0 is below nothing"):
        HighSeas(storm_days=-1.0)
    with pytest.raises(NegativeWeightError, match="ice_days_per_degree"):
        HighSeas(ice_days_per_degree=float("nan"))
    world = synthetic_world()
    bad = HighSeas(storm_latitude=2.5, storm_days=3.0)
    object.__setattr__(bad, "storm_days", -50.0)  # past the guard, as a bug might
    with pytest.raises(NegativeWeightError, match="below nothing"):
        route(world, 0, 95, 0, 0, seas=bad)
    with pytest.raises(NegativeWeightError, match="below nothing"):
        toward(world, 95, 0, 0, seas=bad)


@pytest.fixture(scope="module")
def channel(channel_world_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    import shutil

    path = tmp_path_factory.mktemp("bounds") / "world.duckdb"
    shutil.copyfile(channel_world_db, path)
    return path


@pytest.mark.parametrize(
    "setting", ["route_storm_days=-1", "route_ice_days_per_degree=-1", "route_storm_days=-0.01"]
)
def test_route_with_a_weight_below_nothing_is_one_line_not_a_hang(
    channel: Path, setting: str
) -> None:
    """`privateer route London Havana --set route_storm_days=-1` ran at full CPU until killed;
    `-0.01` was taken with scipy's warning. In a process of its own, so that a hang fails."""
    command = [sys.executable, "-m", "privateer", "--db", str(channel), "route", "Plymouth",
               "London", "--set", setting]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    name, value = setting.split("=")
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"error: {name} {float(value)} is outside 0..100\n"
    assert done.stdout == ""
