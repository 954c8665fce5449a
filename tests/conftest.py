"""Fixtures shared by the tests."""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest_plugins = ["tests.browser_fixtures"]  # the browser tests' chromium, tab and sizes

LONG_MARKERS = ("reliability", "fidelity")
"""The long tests, run as the README's second test step (`pytest --long -m "reliability or
fidelity"`) so the suite stays a few minutes: reliability trials (a behaviour tried many times
at random moments: Ctrl-C, killed workers and writers, hundreds of requests at once) and
fidelity studies (hundreds of voyages pinning a figure the README prints)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        help="Run the long tests too (marked reliability or fidelity: minutes); skipped otherwise.",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Before the workers start, the package's modules byte-compiled (`compiled_package`), and
    the world's compiled loops (engine/world/daily.py, ways.py) compiled once and cached beside
    their modules, by sailing the synthetic world a month: on a fresh clone every worker and
    every command a test starts would otherwise compile them for itself, at once (some seconds
    each)."""
    if hasattr(config, "workerinput"):  # an xdist worker: the controller has done it
        return
    compiled_package()
    from privateer.engine.world import advance, create_world
    from tests.world_fixtures import synthetic_world

    world = synthetic_world()
    state, _ = create_world(world, 1)
    for _ in range(30):
        advance(world, state)


def compiled_package() -> None:
    """Every module of the package and of the tests written as bytecode beside it, as `pip
    install` does for an installed package. An editable install under PYTHONDONTWRITEBYTECODE
    (which some machines set) has none, and then every process compiles each module it imports
    from source: some 0.3 s more for every command a test starts, 3 s for each worker's
    collection, some 60 s of the suite's two cores in all. Python reads bytecode it finds
    whatever that variable says; only the writing is done here."""
    import compileall

    import privateer

    root = Path(privateer.__file__).parent
    for path in sorted(root.iterdir()):
        if path.suffix == ".py":
            compileall.compile_file(path, quiet=2)
        elif path.is_dir() and (path.name == "tests" or (path / "__init__.py").exists()):
            compileall.compile_dir(path, quiet=2)  # not .venv, build, docs or data


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A long test runs only when asked for (LONG_MARKERS)."""
    found = [m for m in LONG_MARKERS if item.get_closest_marker(m)]
    if found and not item.config.getoption("--long"):
        pytest.skip(f"a {found[0]} test: run with --long")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database path in a fresh directory; the file does not exist yet."""
    return tmp_path / "test.duckdb"


@pytest.fixture(scope="session", autouse=True)
def _matplotlib_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """matplotlib keeps its font cache in one folder for the whole run: left to itself it
    would follow each test's XDG_CACHE_HOME below, rebuild the cache there and leave it in
    folders whose contents a test counts."""
    os.environ.setdefault("MPLCONFIGDIR", str(tmp_path_factory.mktemp("matplotlib")))


@pytest.fixture(scope="session", autouse=True)
def _click_command_built_once() -> Iterator[None]:
    """typer's CliRunner builds the click command from the Typer app at every `invoke` (15 ms
    for privateer's whole tree, some thousand times a run); here it is built once a process
    and kept, as `privateer` itself builds it once a process and as the modules that hold a
    COMMAND do.

    The one thing click keeps on a command from one run to the next is the help option it
    made for the first context it met (Command.get_help_option caches it): `docs cli` meets
    each command in a context of its own, without the root's `-h`, and a later `fight -h`
    was refused. Each run is handed the tree with that forgotten, as a tree built afresh."""
    import click
    import typer.main
    import typer.testing

    built: dict[typer.Typer, Any] = {}  # by the app itself (a Typer hashes as itself)

    def forget_help_options(command: click.Command) -> None:
        command._help_option = None  # click's cache; None: made again when next asked
        for sub in getattr(command, "commands", {}).values():
            forget_help_options(sub)

    def get_command(typer_instance: typer.Typer) -> Any:
        if typer_instance not in built:
            built[typer_instance] = typer.main.get_command(typer_instance)
        forget_help_options(built[typer_instance])
        return built[typer_instance]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer.testing, "_get_command", get_command)
        yield


@pytest.fixture(autouse=True)
def _no_env_db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Keep a developer's $PRIVATEER_DB out of the tests, and any command run without --db
    away from the working directory; and the charts `world build` and `serve` keep out of the
    user's cache folder."""
    monkeypatch.setenv("PRIVATEER_DB", str(tmp_path / "default.duckdb"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture(autouse=True)
def _short_lock_waits(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process a held database is waited for one second, not five, so the tests of
    what happens then stay quick; `@pytest.mark.real_lock_wait` keeps the real wait."""
    if request.node.get_closest_marker("real_lock_wait") is None:
        import privateer.db.connection as connection

        monkeypatch.setattr(connection, "LOCK_WAIT_SECONDS", 1.0)


@pytest.fixture
def locked_db(db_path: Path) -> Iterator[Path]:
    """A database at head, held open for writing by another process while the test runs."""
    import subprocess
    import sys

    from tests.head_db import at_head

    at_head(db_path)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('held', flush=True);"
            " time.sleep(60)",
            str(db_path),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield db_path
    finally:
        holder.kill()
        holder.wait()


def _run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run's own folder: the xdist workers' folders share it (their parent), so what is
    kept there is seen by every worker of the run, and by no other run."""
    run_folder = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_folder = run_folder.parent
    return run_folder


def made_once_a_run(
    tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]
) -> Path:
    """The file `make` writes at the path it is given, made once a test run: by whichever
    xdist worker asks first, under a lock, and kept in the run's own folder, where the others
    find it (waiting while it is made). Nobody writes to the kept file: a worker copies it
    into its own folder before it uses it (`worker_copy`)."""
    import fcntl
    import shutil

    run_folder = _run_folder(tmp_path_factory)
    kept = run_folder / name
    with open(run_folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not kept.exists():
            made = tmp_path_factory.mktemp(f"making-{kept.stem}") / name
            make(made)
            aside = run_folder / f"{name}.part"
            shutil.copyfile(made, aside)
            os.replace(aside, kept)  # whole or not there
    return kept


def worker_copy(tmp_path_factory: pytest.TempPathFactory, kept: Path, name: str) -> Path:
    """A copy of a file made once a run, in this worker's own folder `name`."""
    import shutil

    path = tmp_path_factory.mktemp(name) / kept.name
    shutil.copyfile(kept, path)
    return path


@pytest.fixture(scope="session")
def full_world(tmp_path_factory: pytest.TempPathFactory) -> object:
    """The whole world from the default Natural Earth 1:10m source, built once per test run
    (a few seconds) and shared by every test that needs it: on any xdist worker, since the
    first to ask builds it under a lock and keeps it pickled (6 MB) in the run's own folder,
    where the other reads it in a millisecond."""
    import pickle

    from privateer.pipeline.build import build_world

    def build(path: Path) -> None:
        path.write_bytes(pickle.dumps(build_world(), protocol=pickle.HIGHEST_PROTOCOL))

    return pickle.loads(made_once_a_run(tmp_path_factory, "full-world.pickle", build).read_bytes())


@pytest.fixture(scope="session")
def full_world_db(full_world: object, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding the full world, written once a run (and copied into each worker's
    folder); tests that change their database copy it first (`world_db_copy`). It keeps the
    route trees of the world's ships' first two years (db/route_trees.py), as a person's
    database does once anything has sailed on it: the commands the tests start read them
    rather than work them out (about a second a process), and the goldens are played on them."""
    from privateer.db import open_database, world_load
    from privateer.db.route_trees import keep_trees
    from privateer.engine.world import advance, create_world
    from privateer.pipeline.build import write_world

    def write(path: Path) -> None:
        engine = open_database(path, spatial=True, notify=lambda _: None)
        write_world(engine, full_world)  # type: ignore[arg-type]
        world = world_load.load_world(engine)
        engine.dispose()
        world_load._LOADED.clear()  # read again, with its trees, where a test asks for it
        state, _ = create_world(world, 0)
        for _ in range(730):
            advance(world, state)
        assert keep_trees(path, world) > 0

    kept = made_once_a_run(tmp_path_factory, "full-world.duckdb", write)
    return worker_copy(tmp_path_factory, kept, "full-world")


@pytest.fixture(scope="session")
def loaded_full_world(full_world_db: Path) -> object:
    """The full world as the engine plays it (db/world_load.py), read once per test run."""
    from privateer.db import open_database
    from privateer.db.world_load import load_world

    engine = open_database(full_world_db, read_only=True, notify=lambda _: None)
    loaded = load_world(engine)
    engine.dispose()
    return loaded


CHANNEL_BOX = "-10,43,5,52"  # the Channel and Biscay: Plymouth and London in it, so voyages sail


@pytest.fixture(scope="session")
def channel_built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding the small world `world build --box CHANNEL_BOX` builds from Natural
    Earth, and nothing else: built once a run (`made_once_a_run`). Read it, or copy it first:
    the modules that begin with a world of the Channel copy it rather than build it again."""
    from typer.testing import CliRunner

    from privateer.cli.app import app

    def build(path: Path) -> None:
        built = CliRunner().invoke(
            app, ["--db", str(path), "world", "build", f"--box={CHANNEL_BOX}", "-q"]
        )
        assert built.exit_code == 0, built.output

    return made_once_a_run(tmp_path_factory, "channel-built.duckdb", build)


@pytest.fixture(scope="session")
def channel_world_db(channel_built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small world built from Natural Earth (the Channel and Biscay: Plymouth and London in
    it, so voyages sail) with one logged captain-bot voyage of 30 days (seed 4), made once a
    run and copied into each worker's folder; tests that change it copy it first."""
    import shutil

    from typer.testing import CliRunner

    from privateer.cli.app import app

    def sail(path: Path) -> None:
        shutil.copyfile(channel_built, path)
        sailed = CliRunner().invoke(
            app, ["--db", str(path), "voyage", "--runs", "1", "--days", "30", "--workers", "1",
                  "--seed", "4", "--log", "--json"],
        )  # fmt: skip
        assert sailed.exit_code == 0, sailed.output

    kept = made_once_a_run(tmp_path_factory, "channel-voyage.duckdb", sail)
    return worker_copy(tmp_path_factory, kept, "channel")


@pytest.fixture
def world_db_copy(full_world_db: Path, tmp_path: Path) -> Path:
    """A database of one's own with the full world in it."""
    import shutil

    path = tmp_path / "world.duckdb"
    shutil.copyfile(full_world_db, path)
    return path


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> Generator[None, None, None]:
    """Keep `--dist loadgroup` grouping on pytest 9.2 and later.

    pytest-xdist (3.8) marks a test of an `xdist_group` by renaming it `<nodeid>@<group>`
    through `item._nodeid`, which pytest 9.2's structured node ids no longer read: every test
    was then scheduled on its own, the groups split over both workers (the full world built
    by each, the cluster tests side by side). Here, after xdist's hook, a grouped test whose
    id has no `@` yet is given the name xdist means it to have (pytest-dev/pytest-xdist#1386);
    once xdist names it itself, this does nothing."""
    yield  # xdist's hook first
    if not getattr(config.option, "loadgroup", False):  # set in xdist's workers only
        return
    import dataclasses

    for item in items:
        groups = {
            str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
            for mark in item.iter_markers("xdist_group")
        }
        node_id = getattr(item, "_id", None)
        if not groups or node_id is None or "@" in item.nodeid:
            continue
        renamed = dataclasses.replace(node_id)
        object.__setattr__(renamed, "_str_cache", f"{item.nodeid}@{'_'.join(sorted(groups))}")
        item._id = renamed
