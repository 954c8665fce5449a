"""The engine's shape, held by a test because it is easy to lose: its modules form a DAG (no
import cycle, and no import inside a function to dodge one: the module boundary would be
wrong), and no function is longer than a screen and a half. (tests/test_pipeline_layout.py
holds the pipeline to the same.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LONGEST = 120  # lines


def modules(package: str) -> dict[str, ast.Module]:
    base = ROOT / package
    out = {}
    for path in sorted(base.rglob("*.py")):
        name = ".".join((package, *path.relative_to(base).with_suffix("").parts))
        out[name.removesuffix(".__init__")] = ast.parse(path.read_text(encoding="utf-8"))
    return out


def _type_checking_only(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def imports_of(name: str, tree: ast.Module, known: set[str]) -> set[str]:
    """The modules of `known` this module imports, at its top or inside a function (an import
    put off to run time is still an edge); those only for the type checker are not."""
    package = name if name in known and _is_package(name) else name.rpartition(".")[0]
    found: set[str] = set()
    body = [n for n in tree.body if not (isinstance(n, ast.If) and _type_checking_only(n))]
    for node in (inner for top in body for inner in ast.walk(top)):
        if isinstance(node, ast.ImportFrom):
            base = _resolve(package, node.module, node.level)
            for alias in node.names:
                for candidate in (f"{base}.{alias.name}", base):
                    if candidate in known:
                        found.add(candidate)
                        break
        elif isinstance(node, ast.Import):
            found |= {a.name.removeprefix("privateer.") for a in node.names} & known
    return found - {name}


def _is_package(name: str) -> bool:
    return (ROOT / name.replace(".", "/") / "__init__.py").exists()


def _resolve(package: str, module: str | None, level: int) -> str:
    if level == 0:
        return (module or "").removeprefix("privateer.")
    parts = package.split(".")
    base = ".".join(parts[: len(parts) - level + 1])
    return f"{base}.{module}" if module else base


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, if there is any."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


@pytest.mark.parametrize("package", ["engine"])  # the pipeline's: test_pipeline_layout.py
def test_the_modules_form_a_dag(package: str) -> None:
    trees = modules(package)
    known = set(trees)
    graph = {name: imports_of(name, tree, known) for name, tree in trees.items()}
    assert cycle(graph) is None, " -> ".join(cycle(graph) or [])


def test_no_engine_module_imports_inside_a_function() -> None:
    local = [
        f"{name}.{fn.name}:{node.lineno}"
        for name, tree in modules("engine").items()
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(fn)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert local == []


@pytest.mark.parametrize("package", ["engine"])
def test_no_function_is_longer_than_a_screen_and_a_half(package: str) -> None:
    long = [
        f"{name}.{fn.name}: {fn.end_lineno - fn.lineno + 1} lines"
        for name, tree in modules(package).items()
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
        and (fn.end_lineno or fn.lineno) - fn.lineno + 1 > LONGEST
    ]
    assert long == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def _bound_in_init(tree: ast.Module) -> set[str]:
    """The names a package's __init__ binds at its top level (a function's locals aside) to
    something other than its own submodules."""
    names: set[str] = set()
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            pending.extend(ast.iter_child_nodes(node))
        if isinstance(node, ast.ImportFrom) and not (node.level == 1 and node.module is None):
            names |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            names |= {alias.asname or alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def test_no_package_binds_a_name_one_of_its_modules_has() -> None:
    # pytest's importlib mode, collecting a module's doctests, puts the module on its package
    # under its name: a function the package exports by that name (tribes' `apportion`, from
    # apportion.py) would become the module for every test collected after it.
    clashes = []
    for package in ("engine", "db", "cli", "pipeline"):
        for init in sorted((ROOT / package).rglob("__init__.py")):
            tree = ast.parse(init.read_text(encoding="utf-8"))
            submodules = {p.stem for p in init.parent.glob("*.py")} | {
                p.parent.name for p in init.parent.glob("*/__init__.py")
            }
            clashes += [
                f"{init.parent.relative_to(ROOT)}: {name}"
                for name in sorted(_bound_in_init(tree) & (submodules - {"__init__"}))
            ]
    assert clashes == []
