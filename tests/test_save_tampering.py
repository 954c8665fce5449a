"""Saves checked to the last field. Every tampered save the probe of issue 17 found, and for
every declared field a value below and above its bound and one of the wrong type, is refused
through the real CLI (`play --resume`, `fight --resume`, `duel --resume`, `tabletop --resume`):
exit 2, one line on stderr naming the field and the value, and the save and its run left as
they were. So is a save in bounds that no play of its run's game reaches (an outcome the
engine never gave, no hull afloat, a fight away from her or not in her ship, a duel's or a
table's rules not its run's preset, a seat at the goal and playing on). Random JSON mutations
of a valid save either load to a state that round-trips or raise ValueError, never anything
else (tests/test_save_reachable.py holds the reachability check to random play).

The cases are made from the declarations themselves (engine/schema.py), so a field declared
later is tampered with too."""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest
import typer
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from privateer.cli.app import app
from privateer.engine.duel import create_duel
from privateer.engine.duel.state import DuelState, ShipState
from privateer.engine.fight.encounter import SAVED as FIGHT_SAVED
from privateer.engine.fight.encounter import Card, Encounter, create_encounter
from privateer.engine.fight.outfit import Outfit
from privateer.engine.schema import (
    Bool,
    Int,
    Kind,
    Maybe,
    Nested,
    Record,
    Row,
    Seq,
    Spec,
    Text,
    Variant,
    limit,
    record_of,
    show,
)
from privateer.engine.voyage.pending import PendingKind
from privateer.engine.voyage.state import VoyageState
from privateer.engine.world.state import WorldState, world_limits
from tests.voyage_fixtures import WORLD

runner = CliRunner()
COMMAND = typer.main.get_command(app)  # built once: the cases run the same command many times
pytestmark = pytest.mark.xdist_group("save-tampering")  # one worker: its saves made once a run
Path_ = tuple[str | int, ...]
Case = tuple[Path_, Any, str]  # where, the bad value, words the refusal must hold

NESTED: dict[Any, Record] = {
    WorldState.read: record_of(WorldState),
    Encounter.read: FIGHT_SAVED,
    ShipState.read: record_of(ShipState),
}


def name_of(path: Path_) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def bad_values(kind: Kind, value: Any, path: Path_, limits: dict[str, int]) -> Iterator[Case]:
    """For a declared value: one below and one above each bound it has, one of the wrong type,
    and the same for every field inside it."""
    name = name_of(path)
    if isinstance(kind, Int):
        low, high = limit(kind.low, limits), limit(kind.high, limits)
        for bad in (low - 1 if low is not None else None, high + 1 if high is not None else None):
            if bad is not None:
                yield path, bad, f"{name} {show(bad)} is outside"
        yield path, "x", f"{name} must be a whole number, not 'x'"
    elif isinstance(kind, Bool):
        yield path, 2, f"{name} must be true or false, not 2"
    elif isinstance(kind, Text):
        yield path, 5, f"{name} must be text, not 5"
        if kind.choices is not None:
            yield path, "bogus", f"{name} 'bogus' is not"
    elif isinstance(kind, Card):
        yield path, 5, f"{name} must be a card's name"
        yield path, "kraken:you", f"{name}: unknown card 'kraken:you'"
    elif isinstance(kind, Maybe):
        yield from bad_values(kind.kind, value, path, limits)
    elif isinstance(kind, Seq):
        yield path, "x", f"{name} must be a list, not 'x'"
        if value:
            yield from bad_values(kind.item, value[0], (*path, 0), limits)
        elif isinstance(kind.item, Int) and kind.length is None:
            for _, bad, words in bad_values(kind.item, None, (*path, 0), limits):
                yield path, [bad], words
    elif isinstance(kind, Row):
        yield path, "x", f"{name} must be a list of {len(kind.items)}, not 'x'"
        for i, (item, v) in enumerate(zip(kind.items, value, strict=True)):
            yield from bad_values(item, v, (*path, i), limits)
    elif isinstance(kind, Record):
        yield from record_cases(kind, value, path, limits)
    elif isinstance(kind, Variant):
        yield path, "x", f"{name} must be an object, not 'x'"
        yield path, {kind.tag: "bogus"}, f"{name}.{kind.tag} 'bogus' is not one of"
    elif isinstance(kind, PendingKind):
        yield from bad_values(kind.shape, value, path, limits)
    elif isinstance(kind, Nested):
        if kind.reader in NESTED and value is not None:
            yield from record_cases(NESTED[kind.reader], value, path, limits)
        else:
            yield path, "x", name
    else:
        raise AssertionError(f"no cases for {kind!r}")


def record_cases(record: Record, data: Any, path: Path_, limits: dict[str, int]) -> Iterator[Case]:
    if path:
        yield path, "x", f"{name_of(path)} must be an object, not 'x'"
    known = dict(limits)
    for key, declared in record.keys.items():
        spec = declared if isinstance(declared, Spec) else Spec(declared)
        if key not in data:
            continue
        yield from bad_values(spec.kind, data[key], (*path, key), known)
        if spec.gives is not None:
            known.update(spec.gives(spec.kind.read(data[key], key, known)))


def tampered(data: Any, path: Path_, value: Any) -> Any:
    out = copy.deepcopy(data)
    where = out
    for part in path[:-1]:
        where = where[part]
    where[path[-1]] = value
    return out


# --- the saves, made through the CLI -----------------------------------------------------------


@pytest.fixture
def on_synthetic_world(monkeypatch: pytest.MonkeyPatch) -> None:
    """`play` sails the synthetic sea (it has Plymouth and London), not a built world."""
    import privateer.cli.voyage.commands as voyage_commands

    monkeypatch.setattr(voyage_commands, "engine_world", lambda ctx: WORLD)


def invoke(db: Path, *args: str) -> Any:
    return runner.invoke(COMMAND, ["--db", str(db), *args], input="quit\nq\ns\n")


def stored(con: duckdb.DuckDBPyConnection) -> tuple[Any, ...]:
    save = con.execute("SELECT run_id, save_version, state, updated_at FROM saves").fetchall()
    return tuple(save), tuple(con.execute("SELECT * FROM runs").fetchall())


def put(db: Path, state: Any = None, options: Any = None) -> tuple[Any, ...]:
    """Store a save's state and its run's options (either left as they are if None); the rows
    as they then stand."""
    with duckdb.connect(str(db)) as con:
        if state is not None:
            con.execute("UPDATE saves SET state = ?", [json.dumps(state)])
        if options is not None:
            con.execute("UPDATE runs SET options = ?", [options])
        return stored(con)


def saved_state(db: Path) -> Any:
    with duckdb.connect(str(db)) as con:
        (text,) = con.execute("SELECT state FROM saves").fetchone() or (None,)
    return json.loads(text)


def refused(db: Path, command: str, state: Any, words: str, options: Any = None) -> None:
    before = put(db, state, options)
    result = invoke(db, command, "--resume")
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2, (words, result.output)
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert words in lines[0], (words, lines[0])
    with duckdb.connect(str(db), read_only=True) as con:
        assert stored(con) == before  # nothing written, nothing dropped


@pytest.fixture(scope="module")
def empty_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database at head, made once (migrating from nothing is the slow part) and copied."""
    from tests.head_db import at_head

    return at_head(tmp_path_factory.mktemp("empty") / "empty.duckdb")


def copy_of(empty: Path, name: str) -> Path:
    db = empty.with_name(f"{name}.duckdb")
    shutil.copyfile(empty, db)
    return db


@pytest.fixture(scope="module")
def voyage_db(empty_db: Path) -> tuple[Path, dict[str, Any]]:
    """A voyage begun through `play`, its save given a rumor, a ship let pass and a raided
    harbour (so every list has an item to tamper with) and shown to resume as it is."""
    db = copy_of(empty_db, "voyage")
    with pytest.MonkeyPatch.context() as patch:
        import privateer.cli.voyage.commands as voyage_commands

        patch.setattr(voyage_commands, "engine_world", lambda ctx: WORLD)
        assert invoke(db, "play", "--seed", "3").exit_code == 0
        base = saved_state(db)
        base["rumors"] = [[0, 1, 5, 0, 700, "bar", 2]]
        base["let_pass"] = [[1, 4]]
        base["raided_natives"] = [0]
        put(db, base)
        again = invoke(db, "play", "--resume")
        assert again.exit_code == 0 and "resuming run 1 on day 0" in again.stdout, again.output
    base = saved_state(db)  # as the resumed session saved it again
    assert VoyageState.from_dict(base, WORLD).to_dict() == base
    return db, base


@pytest.fixture(scope="module")
def fight_db(empty_db: Path) -> tuple[Path, dict[str, Any]]:
    db = copy_of(empty_db, "fight")
    first = runner.invoke(COMMAND, ["--db", str(db), "fight", "--seed", "5"], input="12\n")
    assert first.exit_code == 0 and "is saved" in first.stdout, first.output
    return db, saved_state(db)


@pytest.fixture(scope="module")
def duel_db(empty_db: Path) -> tuple[Path, dict[str, Any]]:
    db = copy_of(empty_db, "duel")
    first = runner.invoke(COMMAND, ["--db", str(db), "duel", "--seed", "5"], input="m0 e\nq\n")
    assert first.exit_code == 0 and "run 1 is saved" in first.stdout, first.output
    return db, saved_state(db)


# --- what the probe found -----------------------------------------------------------------------

NODES, PORTS = WORLD.n, len(WORLD.ports)
FOUND: list[tuple[str, Any, str]] = [  # (field, tampered value, words the refusal holds)
    ("gold", 10**30, "gold 1000000000000000000000000000000 is outside 0..1000000000"),
    ("gold", 2**63, f"gold {2**63} is outside"),
    ("node", 999_999, f"node 999999 is outside 0..{NODES - 1}"),
    ("node", -7, "node -7 is outside"),
    ("port", 9999, f"port 9999 is outside -1..{PORTS - 1}"),
    ("course", 99_999_999, "course 99999999 is outside"),
    ("rules", "bogus", "rules 'bogus' is not one of 'full', 'lookout', 'late', 'dilemmas'"),
    ("rumors", [{"x": 1}], "rumors[0] must be a list of 7"),
    ("morale", 99, "morale 99 is outside 0..10"),
    ("seed", -1, "seed -1 is outside 0..4611686018427387904"),
]


@pytest.mark.parametrize(("field", "value", "words"), FOUND, ids=[f[0] for f in FOUND])
def test_the_voyage_saves_the_probe_found_are_refused(
    voyage_db: tuple[Path, dict[str, Any]],
    on_synthetic_world: None,
    field: str,
    value: Any,
    words: str,
) -> None:
    db, base = voyage_db
    refused(db, "play", tampered(base, (field,), value), words)


def test_a_world_day_of_a_billion_is_refused(
    voyage_db: tuple[Path, dict[str, Any]], on_synthetic_world: None
) -> None:
    db, base = voyage_db
    refused(db, "play", tampered(base, ("world", "day"), 10**9), "world.day 1000000000 is outside")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ("[1,2]", "options must be an object, not [1, 2]"),
        ('{"rules": "bogus"}', "options.rules 'bogus' is not one of"),
        ('{"days": 10000000}', "options.days 10000000 is outside 1..20000"),
        ('{"rules": "classic", "days": 730}', "rules 'full' are not its run's ('classic')"),
    ],
)
def test_a_voyage_runs_options_are_read_by_their_declaration(
    voyage_db: tuple[Path, dict[str, Any]], on_synthetic_world: None, options: str, words: str
) -> None:
    db, base = voyage_db
    try:
        refused(db, "play", base, words, options=options)
    finally:
        put(db, options='{"days": 730, "rules": "full"}')


@pytest.mark.parametrize("mode", ["fight", "duel"])
def test_options_that_are_not_an_object_are_refused_for_fights_and_duels(
    mode: str, request: pytest.FixtureRequest
) -> None:
    db, base = request.getfixturevalue(f"{mode}_db")
    with duckdb.connect(str(db)) as con:
        (options,) = con.execute("SELECT options FROM runs").fetchone() or (None,)
    try:
        refused(db, mode, base, "options must be an object, not [1, 2]", options="[1,2]")
    finally:
        put(db, options=options)


def test_an_unknown_card_is_named_once(fight_db: tuple[Path, dict[str, Any]]) -> None:
    db, base = fight_db
    refused(db, "fight", tampered(base, ("deck", 0), "kraken:you"), "deck[0]: unknown card")
    line = invoke(db, "fight", "--resume").stderr
    assert line.count("not an encounter state") == 1, line


# --- in bounds, but no play reaches it -----------------------------------------------------------


def engaged(seed: int) -> dict[str, Any]:
    """The voyage of `play --seed 3` played by the captain bot to its first fight with a ship:
    a state its run reaches, saved mid-fight."""
    from privateer.engine.voyage.captain import CAPTAIN
    from privateer.engine.voyage.game import VoyageGame
    from privateer.engine.voyage.pending import Engagement
    from privateer.engine.voyage.rules import FULL

    game = VoyageGame(WORLD, FULL, days=730)
    state, _ = game.new_initial_state(seed)
    while not (isinstance(state.pending, Engagement) and state.pending.ship >= 0):
        game.act(state, CAPTAIN.choose(game, state))
    return state.to_dict()


@pytest.fixture(scope="module")
def fighting_db(empty_db: Path) -> tuple[Path, dict[str, Any]]:
    """A voyage run whose save is mid-fight with a ship, shown to resume as it is."""
    db = copy_of(empty_db, "fighting")
    with pytest.MonkeyPatch.context() as patch:
        import privateer.cli.voyage.commands as voyage_commands

        patch.setattr(voyage_commands, "engine_world", lambda ctx: WORLD)
        assert invoke(db, "play", "--seed", "3").exit_code == 0
        base = engaged(3)
        put(db, base)
        again = invoke(db, "play", "--resume")
    assert again.exit_code == 0 and "resuming run 1 on day" in again.stdout, again.output
    return db, base


def far_from(node: int) -> int:
    """A node of the synthetic sea more than a day's step from `node`."""
    hops = WORLD.hops_from([node])
    return next(n for n in range(WORLD.n) if hops[n] > 2)


def test_a_voyage_saved_as_won_is_refused(
    voyage_db: tuple[Path, dict[str, Any]], on_synthetic_world: None
) -> None:
    """Only the engine ends a voyage: "won" in Plymouth on day 0 is not a win."""
    db, base = voyage_db
    refused(db, "play", tampered(base, ("outcome",), "won"), "outcome 'won' but she is not in")


def test_a_voyage_with_no_hull_afloat_is_refused(
    voyage_db: tuple[Path, dict[str, Any]], on_synthetic_world: None
) -> None:
    db, base = voyage_db
    refused(db, "play", tampered(base, ("hull",), 0), "hull 0 while she is afloat")


def test_a_fight_with_a_ship_away_from_her_is_refused(
    fighting_db: tuple[Path, dict[str, Any]], on_synthetic_world: None
) -> None:
    """She fights a ship on her node or a day's step off, never one across the sea."""
    db, base = fighting_db
    node = far_from(base["world"]["ships"]["node"][base["pending"]["ship"]])
    refused(db, "play", tampered(base, ("node",), node), f"not by her (node {node})")


def test_a_fight_in_another_ship_than_hers_is_refused(
    fighting_db: tuple[Path, dict[str, Any]], on_synthetic_world: None
) -> None:
    """The fight's cards are her outfit's: a galleon's save with a pinnace's fight is not one
    play makes (the fight's terms change only when it is settled)."""
    db, base = fighting_db
    assert base["ship"] == base["fight"]["setup"]["outfit"]["ship"] == "pinnace"
    refused(db, "play", tampered(base, ("ship",), "galleon"), "is not hers (galleon")
    refused(db, "play", tampered(base, ("hull",), base["hull"] - 1), "is not hers")


def test_a_saved_voyage_of_another_seed_is_refused(
    voyage_db: tuple[Path, dict[str, Any]], on_synthetic_world: None
) -> None:
    """The voyage's seed is its world's (which opened by it) and its run's."""
    db, base = voyage_db
    refused(db, "play", tampered(base, ("seed",), 4), "world.seed 3 is not the voyage's (4)")
    both = tampered(tampered(base, ("seed",), 4), ("world", "seed"), 4)
    refused(db, "play", both, "seed 4 is not its run's (3)")


def test_a_world_ship_made_another_is_refused(
    voyage_db: tuple[Path, dict[str, Any]], on_synthetic_world: None
) -> None:
    """Who a ship of the world is never changes after the muster: a merchant whose home is a
    node past the ports (in the bounds a monster's home has) took the engine down a day later
    on 7983d3e."""
    db, base = voyage_db
    home = ("world", "ships", "home", 0)
    refused(db, "play", tampered(base, home, PORTS + 5), f"home[0] {PORTS + 5} is not the seed's")


def test_a_duels_rules_are_its_runs_preset(duel_db: tuple[Path, dict[str, Any]]) -> None:
    """A hull of 1000 is within a save's own rules, but the run names seed-001's (6)."""
    db, base = duel_db
    words = "rules are not its run's: hull 1000, not 6"
    refused(db, "duel", tampered(base, ("rules", "hull"), 1000), words)


def test_a_fight_on_other_terms_than_its_runs_is_refused(
    fight_db: tuple[Path, dict[str, Any]],
) -> None:
    """A fight run is against its target in its outfit, on no town's walls; one going on has
    both hulls."""
    db, base = fight_db
    words = "the fight's terms are not its run's: walls 3, not 0"
    refused(db, "fight", tampered(base, ("setup", "walls"), 3), words)
    refused(db, "fight", tampered(base, ("hull", 0), 0), "and the fight goes on")
    refused(db, "fight", tampered(base, ("setup", "seed"), 6), "seed 6 is not its run's (5)")


@pytest.fixture(scope="module")
def tabletop_db(empty_db: Path) -> tuple[Path, dict[str, Any]]:
    db = copy_of(empty_db, "tabletop")
    args = ["--db", str(db), "tabletop", "--seed", "4", "--players", "spain,england,holland"]
    first = runner.invoke(COMMAND, [*args, "--bots", "raider"], input="quit\n")
    assert first.exit_code == 0 and "run 1 is saved" in first.stdout, first.output
    return db, saved_state(db)


def test_a_table_with_a_seat_at_the_goal_playing_on_is_refused(
    tabletop_db: tuple[Path, dict[str, Any]],
) -> None:
    """The goal's gold ends the game the moment it is reached: 1000 of 100 is no game on."""
    db, base = tabletop_db
    words = "gold[2] 1000 is at the goal (100) and the game goes on"
    refused(db, "tabletop", tampered(base, ("gold", 2), 1000), words)


def test_a_tables_rules_are_its_runs_preset(tabletop_db: tuple[Path, dict[str, Any]]) -> None:
    """A goal of 1 gold is not seed-003's (the run's): refused, not played to a win that no
    replay of the run makes."""
    db, base = tabletop_db
    words = "rules are not its run's: goal_gold 1, not 100"
    refused(db, "tabletop", tampered(base, ("rules", "goal_gold"), 1), words)


# --- every declared field: below, above, the wrong type -----------------------------------------


def voyage_sample() -> dict[str, Any]:
    """A voyage as `play --seed 3` saves it, with an item in every list (as the fixture's)."""
    from privateer.engine.voyage.game import create_voyage
    from privateer.engine.voyage.rules import FULL

    sample = create_voyage(WORLD, 3, FULL)[0].to_dict()
    sample["rumors"] = [[0, 1, 5, 0, 700, "bar", 2]]
    sample["let_pass"] = [[1, 4]]
    sample["raided_natives"] = [0]
    return sample


SAMPLES = {
    "play": voyage_sample(),
    "fight": create_encounter("merchant", Outfit(), seed=5)[0].to_dict(),
    "duel": create_duel(5, None)[0].to_dict(),
}
DECLARED = {"play": record_of(VoyageState), "fight": FIGHT_SAVED, "duel": record_of(DuelState)}
LIMITS = {"play": world_limits(WORLD), "fight": {}, "duel": {}}
CASES = {c: list(record_cases(DECLARED[c], SAMPLES[c], (), LIMITS[c])) for c in SAMPLES}
READERS: dict[str, Any] = {
    "play": lambda data: VoyageState.from_dict(data, WORLD),
    "fight": Encounter.from_dict,
    "duel": DuelState.from_dict,
}


def one_per_field(cases: list[Case]) -> list[Case]:
    """Through the CLI, one case for each field at the top of a save (each case costs a
    command), taking below, above and the wrong type in turn; every case runs through the
    same reader in-process (test_every_case_is_refused_by_the_reader_resume_calls)."""
    by_field: dict[Any, list[Case]] = {}
    for case in cases:
        by_field.setdefault(case[0][0], []).append(case)
    return [found[i % len(found)] for i, found in enumerate(by_field.values())]


CLI_CASES = [(command, case) for command, cases in CASES.items() for case in one_per_field(cases)]


@pytest.mark.parametrize(
    ("command", "case"), CLI_CASES, ids=[f"{c}:{name_of(k[0])}={show(k[1])}" for c, k in CLI_CASES]
)
def test_each_field_out_of_bounds_is_refused_by_resume(
    command: str, case: Case, on_synthetic_world: None, request: pytest.FixtureRequest
) -> None:
    db, base = request.getfixturevalue(f"{'voyage' if command == 'play' else command}_db")
    path, value, words = case
    refused(db, command, tampered(base, path, value), words)


@pytest.mark.parametrize("command", list(CASES))
def test_every_case_is_refused_by_the_reader_resume_calls(command: str) -> None:
    """Every field, nested ones too (the world's, each ship column's, a fight's terms, a
    duel's ships): below and above its bounds and of the wrong type, each refused by name, in
    the one line resume prints."""
    read, sample = READERS[command], SAMPLES[command]
    assert read(sample).to_dict() == sample
    assert len(CASES[command]) > 50
    for path, value, words in CASES[command]:
        with pytest.raises(ValueError) as caught:
            read(tampered(sample, path, value))
        assert words in str(caught.value), (path, value, str(caught.value))
        assert "\n" not in str(caught.value)


# --- random mutations: a state that round-trips, or ValueError --------------------------------

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 3_000)
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=6)
    | st.sampled_from(["full", "bar", "fight", "meeting", "broadside:you", "merchant", ""])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)


def places(data: Any, path: Path_ = ()) -> Iterator[Path_]:
    """Every key and index inside a JSON value, as paths."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        yield (*path, key)
        if isinstance(value, dict | list):
            yield from places(value, (*path, key))


@st.composite
def mutated(draw: st.DrawFn, sample: dict[str, Any]) -> dict[str, Any]:
    """The sample with one to three changes: a value replaced by any JSON, a number nudged past
    a likely bound, a key or item dropped, or one added."""
    data = copy.deepcopy(sample)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(places(data))))
        parent: Any = data
        for part in path[:-1]:
            parent = parent[part]
        key = path[-1]
        how = draw(st.sampled_from(["replace", "nudge", "nudge", "drop", "add"]))
        if how == "nudge" and type(parent[key]) is int:
            parent[key] += draw(st.sampled_from([-1, 1, -1, 1, -100, 100, 10**6, 2**63]))
        elif how == "drop":
            del parent[key]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(JSON)
        elif how == "add":
            parent.insert(key, draw(JSON))
        else:
            parent[key] = draw(JSON)
    return data


def loads_exactly_or_is_refused(command: str, data: dict[str, Any]) -> None:
    try:
        state = READERS[command](data)
    except ValueError:
        return
    assert state.to_dict() == data


@pytest.mark.parametrize("command", list(SAMPLES))
def test_a_mutated_save_round_trips_or_is_refused(command: str) -> None:
    @settings(
        max_examples=150,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(mutated(SAMPLES[command]))
    def check(data: dict[str, Any]) -> None:
        loads_exactly_or_is_refused(command, data)

    check()


@pytest.mark.parametrize("field", ["late", "circuit"])
def test_a_null_where_a_save_keeps_a_later_systems_state_is_refused(field: str) -> None:
    """The mutated saves' find: a null `late` was read as no late game and written back
    without the key, so the save did not round-trip. No save writes a null there (a state
    without one leaves the key out): refused."""
    with pytest.raises(ValueError, match=field):
        READERS["play"]({**SAMPLES["play"], field: None})
