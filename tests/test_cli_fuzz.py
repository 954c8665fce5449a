"""No input makes a command print a traceback.

Hypothesis walks every command of the click tree. Each case is a command and one thing to
change: one of its options or arguments, its output flags, or its --db. Each run starts from a
command line that works (small counts, a port that exists) and gives the changed one a drawn
value: integers far out of range, negative and huge, text that is no number, floats nan, inf,
-0 and 1e308, empty and unicode text, line breaks, bytes that are not UTF-8, paths that do not
exist or are directories, mistyped names. Each run gets a database of its own: a database at
head with no world, one with a tiny world (three ports round the Strait of Gibraltar), a path
with no file, a directory, a file that is not a database. Whatever the input, the command ends
with exit 0, 1 or 2 and no traceback, and a refusal (exit 2) is one line on stderr starting
"error:".

Nothing long runs: a count a command would simulate by is drawn out of its range or among its
smallest values; `world build` and `bench world` always get a --box (a tiny one, or one that
is refused); `bench startup` is only given --runs that are refused (each run starts three
processes); the chart is never drawn (its database holds no world: a drawing takes seconds);
`fight`, `duel` and `play` read no input and must end cleanly at its end.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
import typer
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from privateer.cli.app import app
from privateer.cli.options import Bounded, Finite

# typer's CliRunner builds the click command from `app` at every run (some milliseconds); this
# is the same runner on the same command, built once.
ROOT = typer.main.get_command(app)
runner = CliRunner()
pytestmark = pytest.mark.xdist_group("cli-fuzz")  # one worker: its databases made once a run

TINY_BOX = "-6,35.5,-5,36.5"  # a corner of the strait: read, then refused (no sea to sail)
WORLD_BOX = "-7,35,-4,37.5"  # the Strait of Gibraltar: Tangier, Cádiz and Tétouan
# Integer options whose every value is cheap (a seed, an id, a page of a listing): drawn from
# their whole range, or left out. Every other integer option counts work, and is always given:
# out of its range, or one of its three smallest values.
CHEAP = {"seed", "run", "run_id", "limit", "offset", "hull"}
# Options never drawn, each for a reason outside this test's part of the work.
LEFT_OUT = {
    "install_completion",  # writes to the shell's start-up files
    "show_completion",
    "version",  # prints the version, nothing else
    "help",
    # issue 17, item 6: the scheduler address is parsed and reported by the dask batch
    # (cli/voyage/batch.py), which another change owns; a bad address still gives a traceback
    "scheduler",
}
WORDS = [
    # names a command knows, a letter off, or of another command
    "merchant",
    "Merchant",
    "pinnace",
    "galleon ",
    "master_gunner",
    "more_guns",
    "full",
    "classic",
    "seed-001",
    "cautious",
    "current",
    "wind:0",
    "wind:4",
    "sunk",
    "woodcut",
    "plain",
    "voyage",
    "geojson",
    "nodes,steps",
    "nodes,,",
    "Plymouth",
    "London",
    "Gibraltar",
    "base",
    "0001",
    "head",
    "square",
    "-10,35,5,45",
    "0,0,0,0",
    "nan,nan,nan,nan",
    "1,2,3",
    "-200,0,200,10",
    "SELECT 1",
    "SELECT * FROM runs",
    "",
    " ",
    "-",
    "--",
    "ß",
    "水手",
    "🏴‍☠️",
    "\u200b",
    "\udcff",  # a byte that is not UTF-8, as Python hands it over (a lone surrogate)
]
NOT_INTEGERS = [
    "",
    " ",
    "1e3",
    "1.5",
    "0x10",
    "nan",
    "inf",
    "one",
    "--1",
    "1_0000000000000000000000",
]
FLOATS = ["nan", "NaN", "inf", "-inf", "-0", "0", "1e308", "1e309", "1e-300", "", "x", "0x1p3"]
PATHS = [
    "missing.zip",
    "nowhere/x.svg",
    "",
    ".",
    "/",
    "a-dir",
    "notes.txt",
    "out.svg",
    "out.png",
    "out.jpg",
    "out.geojson",
    "out.parquet",
    "out.gpkg",
    "ünïcødé 水.svg",
    "/proc/x.svg",
    "caf\udce9.svg",
]
BOXES = ["", " ", "0,0,0,0", "1,2,3", "nan,nan,nan,nan", "-200,0,200,10", "5,5,1,1", "x", TINY_BOX]


def _walk(group: click.Group, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    for name, command in sorted(group.commands.items()):
        path = (*prefix, name)
        if isinstance(command, click.Group):
            if command.invoke_without_command:  # `duel` plays a duel itself
                yield path
            yield from _walk(command, path)
        else:
            yield path


COMMANDS = list(_walk(ROOT))
# What a command is given when its value is not the one drawn: enough for it to work.
GIVEN: dict[tuple[tuple[str, ...], str], str] = {
    (("runs", "show"), "run_id"): "1",
    (("saves", "drop"), "run_id"): "1",
    (("sql",), "query"): "SELECT 1",
    (("db", "downgrade"), "revision"): "head",
    (("route",), "start"): "Tangier",
    (("route",), "end"): "Cádiz",
    (("bar",), "port"): "Tangier",
    (("chart",), "out"): "out.svg",
    (("world", "export"), "path"): "out.geojson",
    (("runs", "export"), "folder"): "out",
    (("world", "build"), "box"): TINY_BOX,
    (("bench", "world"), "box"): TINY_BOX,
    (("bench", "startup"), "runs"): "0",  # refused: a run of it starts three processes
    # one process: 0, the least, means a dask worker a core, a cluster started each example
    (("voyage",), "workers"): "1",
    (("sweep", "run"), "workers"): "1",
}
# The databases a command is run on; the tiny world only where reading it takes no time.
WITH_WORLD = {
    ("route",),
    ("bar",),
    ("rumors",),
    ("world", "info"),
    ("world", "export"),
    ("world", "sim"),
    ("bench", "load"),
    ("bench", "world-sim"),
    ("bench", "memory"),
    ("voyage",),
    ("play",),
    ("runs", "replay"),
}
OUTPUT_FLAGS = ("as_json", "as_nl", "as_csv", "as_table")
# Runs for each command and each thing changed (fewer where there are fewer): one in the suite,
# which walks every command in some 18 test-seconds, and four more in the long step (`--long -m
# reliability`). Each is drawn anew at every run (Hypothesis is not derandomized here), so the
# inputs tried grow run by run.
EXAMPLES = 1
MORE_EXAMPLES = 4
# Commands whose every run opens a fresh database or reads the land (a few tenths of a second):
# neither their output flags nor --quiet changed.
HEAVY = {("world", "build"), ("bench", "world"), ("bench", "log"), ("db", "upgrade")}


def _command(path: tuple[str, ...]) -> click.Command:
    node: click.Command = ROOT
    for name in path:
        assert isinstance(node, click.Group)
        node = node.commands[name]
    return node


def _params(path: tuple[str, ...]) -> list[click.Parameter]:
    return [p for p in _command(path).params if p.name not in LEFT_OUT]


TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12
)


def _integers(path: tuple[str, ...], param: click.Parameter) -> st.SearchStrategy[str]:
    kind = param.type
    assert isinstance(kind, Bounded), (path, param.name)  # every integer has both bounds
    low, high = int(kind.min), int(kind.max)  # type: ignore[arg-type]
    refused = st.one_of(
        st.sampled_from([low - 1, high + 1, -1, -(2**63), 2**63, 2**64 + 1, 10**30]).map(str),
        st.integers(max_value=low - 1).map(str),
        st.integers(min_value=high + 1).map(str),
        st.sampled_from(NOT_INTEGERS),
    )
    if path == ("bench", "startup"):  # every run starts three processes: only refusals
        return refused
    if param.name in CHEAP:
        return st.one_of(st.none(), refused, st.integers(low, high).map(str))
    return st.one_of(refused, st.integers(low, min(high, low + 2)).map(str))


def _drawn(path: tuple[str, ...], param: click.Parameter) -> st.SearchStrategy[Any]:
    """A value for one option or argument: None leaves it out, a flag is True or False."""
    kind = param.type
    if isinstance(param, click.Option) and param.is_flag:
        return st.booleans()
    if param.name == "box" and (path, "box") in GIVEN:
        return st.sampled_from(BOXES)  # never the whole world: 10 s a build
    if param.name == "box":
        return st.one_of(st.none(), st.sampled_from(BOXES))
    if isinstance(kind, Bounded):
        return _integers(path, param)
    if isinstance(kind, click.types.IntParamType):
        extremes = st.sampled_from([0, -1, 2**63, 2**64 + 1, -(2**63) - 1, 10**30]).map(str)
        values = st.one_of(extremes, st.integers().map(str), st.sampled_from(NOT_INTEGERS))
    elif isinstance(kind, Finite):
        valid = st.floats(kind.min, kind.max).map(repr)  # type: ignore[arg-type]
        values = st.one_of(st.sampled_from(FLOATS), valid, st.floats().map(repr))
    elif isinstance(kind, click.Path):
        values = st.one_of(st.sampled_from(PATHS), TEXT)
    else:
        assert isinstance(kind, click.types.StringParamType), (path, param.name, kind)
        values = st.one_of(st.sampled_from(WORDS), TEXT)
    if param.multiple:
        return st.lists(values, max_size=3)
    return st.one_of(st.none(), values)


def _given(path: tuple[str, ...], param: click.Parameter) -> Any:
    """The value that works: the command's default, or a small count, or GIVEN's."""
    if (path, param.name) in GIVEN:
        return GIVEN[(path, param.name)]
    if isinstance(param.type, Bounded) and param.name not in CHEAP:
        return str(param.type.min)  # never its default: that may be thousands of fights
    return None


def _command_line(path: tuple[str, ...], values: dict[str, Any]) -> list[str]:
    options: list[str] = []
    arguments: list[str] = []
    for param in _params(path):
        value = values.get(param.name or "")
        if isinstance(param, click.Argument):
            if value is not None:
                arguments.append(value)
            continue
        flag = param.opts[0]
        if value is True:
            options.append(flag)
        elif isinstance(value, list):
            options.extend(f"{flag}={item}" for item in value)
        elif isinstance(value, str):
            options.append(f"{flag}={value}")
    return [*path, *options, *(["--", *arguments] if arguments else [])]


@pytest.fixture(scope="module")
def databases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A database at head with no world, and one with a tiny world; each run gets a copy."""
    from tests.head_db import at_head

    folder = tmp_path_factory.mktemp("fuzz")
    head, world = at_head(folder / "head.duckdb"), folder / "world.duckdb"
    built = runner.invoke(ROOT, ["--db", str(world), "world", "build", "--box", WORLD_BOX, "-q"])
    assert built.exit_code == 0, built.output
    return {"head": head, "world": world}


def _database(kind: str, databases: dict[str, Path]) -> str:
    """The --db for one run, in the run's own folder (the working directory)."""
    if kind in databases:
        shutil.copyfile(databases[kind], f"{kind}.duckdb")
        return f"{kind}.duckdb"
    return {"fresh": "fresh.duckdb", "missing folder": "nowhere/x.duckdb"}.get(kind, kind)


OTHER_DATABASES = ["fresh", "a-dir", "notes.txt", "missing folder"]


def _check(args: list[str], result: Any) -> None:
    said = f"privateer {' '.join(args)}\n--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(said) from result.exception
    assert result.exit_code in (0, 1, 2), said
    assert "Traceback" not in result.output, said
    if result.exit_code == 2:
        lines = result.stderr.strip().split("\n")  # a terminal breaks lines at \\n only
        errors = [line for line in lines if line.startswith("error: ")]
        assert len(errors) == 1 and lines[-1] == errors[0], said  # notes may come before it
        assert "╭" not in result.stderr, said


# Commands not walked: `serve` runs a web server until Ctrl-C, so any input it takes serves
# for good (its refusals, a foreign host without --token and a bad port, are tested with the
# app: tests/test_web_routes.py).
SERVERS = {("serve",)}


def _cases() -> Iterator[tuple[tuple[str, ...], str]]:
    """Each command with each thing to change: one of its options or arguments, its output
    flags (as one), or its --db."""
    for path in COMMANDS:
        if path in SERVERS:
            continue
        names = [p.name or "" for p in _params(path)]
        if path in HEAVY:
            names = [name for name in names if name not in (*OUTPUT_FLAGS, "quiet")]
        yield from ((path, name) for name in names if name not in OUTPUT_FLAGS)
        if "as_json" in names:
            yield path, "output"
        yield path, "--db"


def _output(names: list[str]) -> st.SearchStrategy[list[str]]:
    """The output flags: none, one, or two at once (refused)."""
    return st.lists(st.sampled_from(OUTPUT_FLAGS), max_size=2, unique=True).filter(
        lambda chosen: all(name in names for name in chosen)
    )


CASES = list(_cases())


def _case_id(value: Any) -> str:
    return " ".join(value) if isinstance(value, tuple) else str(value)


@pytest.mark.parametrize(("path", "changed"), CASES, ids=_case_id)
def test_no_input_prints_a_traceback(
    path: tuple[str, ...], changed: str, databases: dict[str, Path], tmp_path: Path
) -> None:
    _fuzzed(path, changed, databases, tmp_path, EXAMPLES)


@pytest.mark.reliability
@pytest.mark.parametrize(("path", "changed"), CASES, ids=_case_id)
def test_no_input_prints_a_traceback_over_more_inputs(
    path: tuple[str, ...], changed: str, databases: dict[str, Path], tmp_path: Path
) -> None:
    _fuzzed(path, changed, databases, tmp_path, MORE_EXAMPLES)


def _fuzzed(
    path: tuple[str, ...], changed: str, databases: dict[str, Path], tmp_path: Path, examples: int
) -> None:
    """`examples` runs of `path` with `changed` drawn, each checked (`_check`)."""
    params = _params(path)
    home = "world" if path in WITH_WORLD else "head"

    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        database = home
        if changed == "--db":
            database = data.draw(st.sampled_from([home, *OTHER_DATABASES]), label="--db")
        values = {p.name: _given(path, p) for p in params}
        if changed == "output":
            for name in data.draw(_output([p.name or "" for p in params]), label="output"):
                values[name] = True
        elif changed != "--db":
            param = next(p for p in params if p.name == changed)
            values[changed] = data.draw(_drawn(path, param), label=changed)
        with runner.isolated_filesystem(temp_dir=tmp_path) as folder:
            Path("a-dir").mkdir()
            Path("notes.txt").write_text("not a database\n")
            args = ["--db", _database(database, databases), *_command_line(path, values)]
            result = runner.invoke(ROOT, args, input="")
        _check(args, result)
        # a run that passed leaves nothing behind: its copy of a database (8 MB) is not kept on
        # the disk for the hundreds of runs (a failing run's folder is kept, to look into)
        shutil.rmtree(folder, ignore_errors=True)

    run()


def test_every_number_a_command_takes_is_bounded() -> None:
    """Each integer option or argument has both bounds (a Bounded), each float is finite and
    bounded (a Finite); the one exception is the hull, which the ship bounds (1 to her most)."""
    loose = []
    for path in [(), *COMMANDS]:
        for param in _command(path).params:
            kind = param.type
            if isinstance(kind, click.types.IntParamType) and not isinstance(kind, Bounded):
                loose.append((path, param.name))
            if isinstance(kind, click.types.FloatParamType) and not isinstance(kind, Finite):
                loose.append((path, param.name))
    assert loose == [(("fight",), "hull"), (("sim",), "hull")]
