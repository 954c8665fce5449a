"""The layers, held by a test: DESIGN.md's table of who may import whom, read from every import
in the source, wherever it stands (at a module's top, inside a function, or under
`TYPE_CHECKING`: an import put off to run time or kept for the type checker is still an edge).

The table (MAY_IMPORT), by the folder a module lives in:

- `cli -> pipeline, engine (public faces only), db, envs`
- `envs -> engine`
- `pipeline -> db, engine (pure models only: winds, the World's arrays)`
- `db -> engine` (to build engine data types from rows and rows from them), and
  `db -> migrations`: db/migrate.py points alembic at the migrations' folder, which it finds
  by the package's file
- `migrations -> db, engine, pipeline`: a migration rewrites rows (db's tables), saved states
  (the engine's types), and 0002 refills a world built without its shore by the pipeline's
  pure stages (ARCHITECTURE.md says why)
- `engine ->` nothing of ours but itself, and of the libraries only the standard library,
  NumPy, SciPy and orjson (so never geopandas, shapely, SQLAlchemy or DuckDB)
- `data/` is hand-authored files, not code: any layer but the engine may ask its package
  where they lie
- the import root (`privateer/__init__.py`, `__main__.py`) may start the command line
- tests/ may import anything (they test the insides too), so they are not read

Beyond the table:

- a mode's public face: outside the engine (cli, db, envs, migrations), a mode is reached
  only through its package, `privateer.engine.<mode>`, whose `__init__` lists what it shows in
  `__all__`, or through the few modules at the engine's top that every mode shares (SHARED);
  the pipeline reaches only the pure models it draws with (PIPELINE_ENGINE)
- no cycle between files, counting every import (one inside a function to dodge a cycle, or
  one for the type checker, would close one); and none at run time, where importing `a.b.c`
  from outside `a.b` runs `a/b/__init__.py` first: a face that imported its modules as it
  was imported would be an edge from every module importing one of them (the faces import
  nothing when imported, engine/face.py, so they never close one)

A violation too big to mend at once would be listed in KNOWN_VIOLATIONS, each with why; the
test fails on any violation not listed there, and on any listed that is gone, so the list can
only shrink. A planted forbidden import shows that the checker fails."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import privateer

ROOT = Path(privateer.__file__).resolve().parent
READ = ("engine", "db", "cli", "pipeline", "migrations", "envs")
"""The folders read (each a subpackage of `privateer`), and the import root's own files."""

MAY_IMPORT: dict[str, frozenset[str]] = {
    "privateer": frozenset({"privateer", "cli"}),
    "engine": frozenset({"engine"}),
    "envs": frozenset({"envs", "engine"}),
    "db": frozenset({"db", "engine", "migrations"}),
    "pipeline": frozenset({"pipeline", "db", "engine", "data"}),
    "migrations": frozenset({"migrations", "db", "engine", "pipeline", "data"}),
    "cli": frozenset({"cli", "pipeline", "engine", "db", "envs", "data"}),
}
"""The layers of ours each layer may import (its own included)."""

MODES = ("fight", "world", "voyage", "duel", "tabletop", "tribes")
"""The modes (engine/<mode>/), each reached from outside the engine by its package alone."""

SHARED = frozenset(
    f"privateer.engine.{name}"
    for name in (
        "protocol",  # the one protocol (Game, Mode, IllegalActionError)
        "modes",  # the registry of modes
        "errors",  # the engine's exceptions
        "record",  # record and replay for any Game
        "replay",  # a logged run checked against a re-run
        "events",  # the one event record
        "figures",  # what a mode's row in `runs` holds
        "schema",  # what a save may hold (SaveError)
        "bounds",  # a rules field's bound and source (the rules reference reads them)
        "variants",  # rules named by their changes (`full[storm_days=60]`)
        "encoding",  # a mode's view as numbers (the envs' observations)
    )
)
"""The modules at the engine's top every mode shares, which front ends may import."""

PIPELINE_ENGINE = frozenset({"privateer.engine.winds", "privateer.engine.world.world"})
"""What the pipeline may import of the engine: the pure models it builds and draws with."""

ENGINE_LIBRARIES = frozenset({"numpy", "scipy", "orjson", "numba"})
"""The libraries the engine may import beyond the standard library (numba: the world's daily
loop, compiled)."""

TYPE_CHECKING = frozenset({"TYPE_CHECKING", "typing.TYPE_CHECKING"})
"""An `if` on these guards imports only for the type checker."""

KNOWN_VIOLATIONS: frozenset[str] = frozenset()
"""Violations not mended yet, each with why (empty: none)."""


@dataclass(frozen=True, slots=True)
class Import:
    """One module imported by another: `target` as written (resolved to a module of ours
    where it names one), `line` where; `checking` for an import only for the type checker
    (under `if TYPE_CHECKING:`), `implicit` for a package's `__init__` that importing a module
    in it runs first."""

    source: str
    target: str
    line: int
    checking: bool = False
    implicit: bool = False


def module_name(relative: Path) -> str:
    """`cli/web/app.py` -> privateer.cli.web.app; `engine/__init__.py` -> privateer.engine."""
    parts = relative.with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(("privateer", *parts))


def sources(root: Path = ROOT) -> dict[str, tuple[str, bool]]:
    """Every module read, by name: its source, and whether it is a package's `__init__`."""
    found: dict[str, tuple[str, bool]] = {}
    paths = [root / "__init__.py", root / "__main__.py"]
    for folder in READ:
        paths += sorted((root / folder).rglob("*.py")) if (root / folder).is_dir() else []
    for path in paths:
        found[module_name(path.relative_to(root))] = (
            path.read_text(encoding="utf-8"),
            path.name == "__init__.py",
        )
    return found


def imports_in(name: str, source: str, package: bool, known: set[str]) -> Iterator[Import]:
    """Every import in one module's source, wherever it stands; `from a import b` is an import
    of the module `a.b` when there is one, else of `a`."""
    base = name if package else name.rpartition(".")[0]
    checking: set[ast.AST] = set()
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.If) and ast.unparse(node.test) in TYPE_CHECKING:
            checking |= {inner for top in node.body for inner in ast.walk(top)}
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(name, alias.name, node.lineno, node in checking)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parent = base
                for _ in range(node.level - 1):
                    parent = parent.rpartition(".")[0]
                target = f"{parent}.{node.module}" if node.module else parent
            else:
                target = node.module or ""
            for alias in node.names:
                inner = f"{target}.{alias.name}"
                yield Import(
                    name, inner if inner in known else target, node.lineno, node in checking
                )


@lru_cache(maxsize=4096)
def _imports_of(name: str, source: str, package: bool, known: frozenset[str]) -> tuple[Import, ...]:
    """`imports_in`, kept: the planted-import test reads the same sources again and again."""
    return tuple(imports_in(name, source, package, set(known)))


def all_imports(modules: Mapping[str, tuple[str, bool]]) -> list[Import]:
    """Every import of every module, and the packages' `__init__`s they run first: importing
    `a.b.c` runs `a/__init__` and `a/b/__init__` before it (those the importer lives in
    are running already, and are left out; an import for the type checker runs nothing)."""
    known = frozenset(modules)
    found: list[Import] = []
    for name, (source, package) in modules.items():
        for imp in _imports_of(name, source, package, known):
            found.append(imp)
            if imp.checking:
                continue
            parts = imp.target.split(".")
            for i in range(2, len(parts)):
                parent = ".".join(parts[:i])
                inside = name == parent or name.startswith(parent + ".")
                if parent in known and not inside:
                    found.append(Import(name, parent, imp.line, implicit=True))
    return found


def layer(name: str) -> str:
    """privateer.cli.web.app -> cli; the import root's own files -> privateer."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] != "__main__" else "privateer"


def forbidden_edges(imports: Iterable[Import]) -> list[str]:
    """Each import across an edge the table does not allow."""
    out = []
    for imp in imports:
        if imp.implicit or not imp.target.startswith("privateer."):
            continue
        if layer(imp.target) not in MAY_IMPORT[layer(imp.source)]:
            out.append(f"edge: {imp.source}:{imp.line} imports {imp.target}")
    return out


def past_the_faces(imports: Iterable[Import]) -> list[str]:
    """Each import of the engine from outside it that goes past a mode's face (or, from the
    pipeline, past the pure models it may read)."""
    faces = {f"privateer.engine.{mode}" for mode in MODES}
    out = []
    for imp in imports:
        source = layer(imp.source)
        if imp.implicit or source == "engine" or layer(imp.target) != "engine":
            continue
        allowed = PIPELINE_ENGINE if source == "pipeline" else faces | SHARED
        if imp.target not in allowed:
            out.append(f"face: {imp.source}:{imp.line} imports {imp.target}")
    return out


def engine_libraries(imports: Iterable[Import]) -> list[str]:
    """Each library the engine imports beyond the standard library and ENGINE_LIBRARIES."""
    allowed = set(sys.stdlib_module_names) | ENGINE_LIBRARIES | {"privateer", "__future__"}
    return [
        f"library: {imp.source}:{imp.line} imports {imp.target}"
        for imp in imports
        if layer(imp.source) == "engine" and imp.target.split(".")[0] not in allowed
    ]


def cycles(imports: Iterable[Import]) -> list[str]:
    """Each cycle between files, over every import written (at a module's top, inside a
    function, for the type checker), and at run time (the imports that run, and the
    packages' `__init__`s they run first)."""
    imports = list(imports)
    written = strongly_connected([i for i in imports if not i.implicit])
    running = strongly_connected([i for i in imports if not i.checking])
    return [
        *(f"cycle: {' <-> '.join(c)}" for c in written),
        *(f"cycle at run time: {' <-> '.join(c)}" for c in running if c not in written),
    ]


def strongly_connected(imports: Iterable[Import]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, iterative), and
    any module importing itself, each sorted."""
    graph: dict[str, set[str]] = {}
    looped = set()
    for imp in imports:
        if imp.target.startswith("privateer."):
            graph.setdefault(imp.source, set()).add(imp.target)
            graph.setdefault(imp.target, set())
            looped |= {imp.source} if imp.source == imp.target else set()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, nexts = work[-1]
            for nxt in nexts:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in looped:
                        found.append(sorted(component))
    return sorted(found)


def violations(modules: Mapping[str, tuple[str, bool]]) -> list[str]:
    """Everything the layers forbid in these modules."""
    imports = all_imports(modules)
    return [
        *forbidden_edges(imports),
        *past_the_faces(imports),
        *engine_libraries(imports),
        *cycles(imports),
    ]


def without_lines(found: Iterable[str]) -> set[str]:
    """Violations as KNOWN_VIOLATIONS names them: without line numbers, which move."""
    out = set()
    for v in found:
        kind, _, rest = v.partition(": ")
        where, sep, what = rest.partition(" imports ")
        out.add(f"{kind}: {where.rpartition(':')[0]} imports {what}" if sep else v)
    return out


# --- the tests ------------------------------------------------------------------------------


def test_the_layers_hold() -> None:
    found = violations(sources())
    unknown = sorted(v for v in found if without_lines([v]) - KNOWN_VIOLATIONS)
    assert unknown == [], "\n".join(unknown)


def test_every_known_violation_is_still_there() -> None:
    """KNOWN_VIOLATIONS only shrinks: one mended is taken off the list."""
    assert KNOWN_VIOLATIONS.issubset(without_lines(violations(sources())))


def test_the_reader_finds_every_kind_of_import() -> None:
    source = """
from __future__ import annotations
from typing import TYPE_CHECKING
import privateer.engine.rng
from . import world as w
from .world import World
from ..errors import Boom
if TYPE_CHECKING:
    from privateer.engine.voyage.state import VoyageState
def f() -> None:
    from privateer.engine import voyage
"""
    known = {
        "privateer.engine.rng",
        "privateer.engine.world",
        "privateer.engine.world.world",
        "privateer.engine.world.game",
        "privateer.engine.voyage",
        "privateer.engine.voyage.state",
    }
    found = {
        i.target
        for i in imports_in("privateer.engine.world.game", source, False, known)
        if i.target.startswith("privateer")
    }
    assert found == {
        "privateer.engine.rng",
        "privateer.engine.world.world",
        "privateer.engine.errors",
        "privateer.engine.voyage.state",
        "privateer.engine.voyage",
    }


def test_the_checker_fails_on_a_planted_forbidden_import() -> None:
    """The real source with one line added, each kind in turn: the checker must see it."""
    real = sources()
    assert not without_lines(violations(real)) - KNOWN_VIOLATIONS

    def planted(module: str, line: str) -> set[str]:
        source, package = real[module]
        return without_lines(violations({**real, module: (f"{source}\n{line}\n", package)}))

    # an edge the table forbids, and a library the engine may not touch
    assert "edge: privateer.engine.rng imports privateer.db.tables" in planted(
        "privateer.engine.rng", "from privateer.db import tables"
    )
    assert "library: privateer.engine.rng imports duckdb" in planted(
        "privateer.engine.rng", "import duckdb"
    )
    assert "edge: privateer.db.tables imports privateer.cli.common" in planted(
        "privateer.db.tables", "from privateer.cli.common import fail"
    )
    # past a mode's face, from the command line and from the pictures
    assert "face: privateer.cli.common imports privateer.engine.voyage.game" in planted(
        "privateer.cli.common", "from privateer.engine.voyage.game import VoyageGame"
    )
    assert "face: privateer.pipeline.grain imports privateer.engine.voyage" in planted(
        "privateer.pipeline.grain", "from privateer.engine.voyage import VoyageGame"
    )
    # a cycle, even one put off into a function or kept for the type checker
    cycle = planted(
        "privateer.engine.events",
        "if TYPE_CHECKING:\n    from privateer.engine.protocol import Game",
    )
    assert any(_in_cycle("privateer.engine.events", v) for v in cycle)
    # a face that imports, as it is imported, what imports one of its modules: a cycle at run
    # time through its __init__ (dials imports the voyage's rules, and runs voyage/__init__)
    through = planted("privateer.engine.voyage", "from privateer.engine.dials import turned")
    assert any(_in_cycle("privateer.engine.voyage", v) for v in through)
    assert not any(
        _in_cycle("privateer.engine.voyage", v)
        for v in planted(
            "privateer.engine.voyage",
            "if TYPE_CHECKING:\n    from privateer.engine.dials import turned",
        )
    )


def _in_cycle(module: str, violation: str) -> bool:
    kind, _, members = violation.partition(": ")
    return kind.startswith("cycle") and module in members.split(" <-> ")


def test_the_cycle_finder_finds_cycles_and_no_false_one() -> None:
    def imports(graph: dict[str, set[str]]) -> list[Import]:
        return [Import(a, b, 1) for a, bs in graph.items() for b in bs]

    ring = {"privateer.a": {"privateer.b"}, "privateer.b": {"privateer.c"}}
    ring["privateer.c"] = {"privateer.a"}
    assert cycles(imports({**ring, "privateer.d": {"privateer.a"}})) == [
        "cycle: privateer.a <-> privateer.b <-> privateer.c"
    ]
    dag = {"privateer.a": {"privateer.b", "privateer.c"}, "privateer.b": {"privateer.c"}}
    assert cycles(imports(dag)) == []
    assert cycles(imports({"privateer.a": {"privateer.a"}})) == ["cycle: privateer.a"]


def test_every_mode_has_a_face_that_lists_what_it_shows() -> None:
    """engine/<mode>/__init__.py names in __all__ what it imports for the type checker, and
    shows each of them (engine/face.py), and nothing else."""
    import importlib

    from privateer.engine.face import declared

    for mode in MODES:
        name = f"privateer.engine.{mode}"
        face = importlib.import_module(name)
        shown = getattr(face, "__all__", None)
        assert shown, f"engine/{mode}/__init__.py has no __all__"
        assert len(shown) == len(set(shown)), f"engine/{mode}: a name twice in __all__"
        source = (ROOT / "engine" / mode / "__init__.py").read_text(encoding="utf-8")
        assert set(shown) == set(declared(name, source)), f"engine/{mode}: __all__ lies"
        for shows in shown:
            module, attribute = declared(name, source)[shows]
            found = importlib.import_module(module)
            assert getattr(face, shows) is (
                found if attribute is None else getattr(found, attribute)
            )
        assert not hasattr(face, "not_shown"), f"engine/{mode}: shows what it does not declare"
